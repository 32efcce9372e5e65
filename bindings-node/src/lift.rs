//! The core's [`Value`] model → JS values.
//!
//! A string the core passed through unchanged from a registered host string becomes that same
//! JS string again (no copy). A bytes value becomes a `Buffer` (a `Uint8Array`) whose memory
//! the core decodes the base64 text into directly. Objects are built by a function compiled
//! from the output's shape when the env has one (see [`crate::state`]), else through Node-API
//! with define semantics (like `JSON.parse`: own data properties, so `__proto__` stays an
//! ordinary key). Short strings the core wrote itself (`"success"`, `"text"`) are literals of
//! the compiled builder rather than values created on each call.

use std::cell::Cell;
use std::ptr;

use mcp_tool_result::{json, Bytes, Number, Str, Value};
use napi::sys;

use crate::error::{check, failure, Failure};
use crate::state::{self, Builder};

/// Outputs with more leaves than this are built through Node-API.
const MAX_LEAVES: usize = 128;
/// Outputs whose shape source is longer than this are built through Node-API.
const MAX_SOURCE: usize = 8192;
/// Strings of the core up to this many bytes are literals of a shape.
const MAX_LITERAL: usize = 32;

/// The buffers of a lift, reused by the next one on the thread (taken for the call: a nested
/// one starts with empty ones).
#[derive(Default)]
struct Scratch {
    /// The shape's source.
    source: String,
    /// The leaves.
    args: Vec<sys::napi_value>,
}

thread_local! {
    static SCRATCH: Cell<Scratch> = const {
        Cell::new(Scratch {
            source: String::new(),
            args: Vec::new(),
        })
    };
}

/// What [`Lifter::lift_or_defer`] gives.
pub(crate) enum Lifted {
    /// The JS value.
    Value(sys::napi_value),
    /// The only leaf (or `undefined`) of an output whose builder JS is to call: builder
    /// `builder` of the registered array.
    Deferred { builder: u32, leaf: sys::napi_value },
}

/// Builds JS values for one call.
pub(crate) struct Lifter<'a> {
    env: sys::napi_env,
    hosts: &'a [sys::napi_value],
    /// The input text the output may borrow from: its strings are never shape literals.
    input: &'a str,
}

impl<'a> Lifter<'a> {
    /// A lifter for an output that may borrow from `input` and hold the host strings `hosts`.
    pub(crate) fn new(env: sys::napi_env, hosts: &'a [sys::napi_value], input: &'a str) -> Self {
        Lifter { env, hosts, input }
    }

    /// The JS value of `value`.
    pub(crate) fn lift(&self, value: &Value<'_>) -> Result<sys::napi_value, Failure> {
        self.with_builder(value, |builder, args| match builder {
            Some((function, _)) => self.call_builder(function, args),
            None => self.generic(value, &mut args.iter()),
        })
    }

    /// The JS value of `value`, or, when its compiled builder takes at most one leaf and is in
    /// the array `index.js` registered, that leaf for JS to pass to the builder.
    pub(crate) fn lift_or_defer(&self, value: &Value<'_>) -> Result<Lifted, Failure> {
        self.with_builder(value, |builder, args| match builder {
            Some((_, Some(builder))) if args.len() <= 1 => {
                let leaf = match args.first() {
                    Some(&leaf) => leaf,
                    None => self.undefined()?,
                };
                Ok(Lifted::Deferred { builder, leaf })
            }
            Some((function, _)) => self.call_builder(function, args).map(Lifted::Value),
            None => self.generic(value, &mut args.iter()).map(Lifted::Value),
        })
    }

    /// Runs `then` with the compiled builder of `value`'s shape and its index in the registered
    /// array, or `None` when the output is to be built through Node-API, and the leaves made
    /// while reading the shape (all of them for a builder; the first ones, in the order
    /// [`Lifter::generic`] meets them, for an output too big for one).
    fn with_builder<R>(
        &self,
        value: &Value<'_>,
        then: impl FnOnce(Option<(sys::napi_value, Option<u32>)>, &[sys::napi_value]) -> Result<R, Failure>,
    ) -> Result<R, Failure> {
        let mut scratch = SCRATCH.take();
        let outcome = (|| {
            let (source, args) = (&mut scratch.source, &mut scratch.args);
            if !self.shape(value, source, args)? {
                return then(None, args);
            }
            let builder = state::builder(self.env, source, args.len())
                .map_err(|status| failure(self.env, status, "compiling an output builder"))?;
            let Builder::Compiled { function, index } = builder else {
                return then(None, args);
            };
            then(Some((function, index)), args)
        })();
        scratch.source.clear();
        scratch.args.clear();
        if scratch.source.capacity() <= MAX_SOURCE {
            SCRATCH.set(scratch);
        }
        outcome
    }

    fn call_builder(&self, function: sys::napi_value, args: &[sys::napi_value]) -> Result<sys::napi_value, Failure> {
        let mut out = ptr::null_mut();
        // SAFETY: `function` is a compiled builder taking `args.len()` arguments; all values are
        // live.
        let status =
            unsafe { sys::napi_call_function(self.env, function, function, args.len(), args.as_ptr(), &mut out) };
        self.call(status, "building the output")?;
        Ok(out)
    }

    fn undefined(&self) -> Result<sys::napi_value, Failure> {
        let mut out = ptr::null_mut();
        // SAFETY: reads `undefined` in the live env.
        self.call(
            unsafe { sys::napi_get_undefined(self.env, &mut out) },
            "reading undefined",
        )?;
        Ok(out)
    }

    /// Builds `value` through Node-API, one call per value and one per object's properties;
    /// its first leaves are taken from `made` (see [`Lifter::with_builder`]).
    fn generic(
        &self,
        value: &Value<'_>,
        made: &mut std::slice::Iter<'_, sys::napi_value>,
    ) -> Result<sys::napi_value, Failure> {
        let env = self.env;
        let mut out = ptr::null_mut();
        // SAFETY (each block): `env` is the live env of the current call and every pointer
        // passed is valid for the duration of the call.
        match value {
            Value::Null => self.call(unsafe { sys::napi_get_null(env, &mut out) }, "creating null")?,
            Value::Bool(b) => self.call(
                unsafe { sys::napi_get_boolean(env, *b, &mut out) },
                "creating a boolean",
            )?,
            Value::Number(n) => out = made.next().map_or_else(|| self.number(n), |&v| Ok(v))?,
            Value::String(s) if self.literal(s).is_some() => out = self.string(s)?,
            Value::String(s) => out = made.next().map_or_else(|| self.string(s), |&v| Ok(v))?,
            Value::Bytes(b) => out = made.next().map_or_else(|| self.bytes(b), |&v| Ok(v))?,
            Value::Array(items) => {
                self.call(
                    unsafe { sys::napi_create_array_with_length(env, items.len(), &mut out) },
                    "creating an array",
                )?;
                for (i, item) in items.iter().enumerate() {
                    let item = self.generic(item, made)?;
                    self.call(
                        unsafe { sys::napi_set_element(env, out, i as u32, item) },
                        "filling an array",
                    )?;
                }
            }
            Value::Object(map) => {
                let mut properties = Vec::with_capacity(map.len());
                for (key, item) in map.iter() {
                    properties.push(sys::napi_property_descriptor {
                        utf8name: ptr::null(),
                        name: self.text(key.as_str())?,
                        method: None,
                        getter: None,
                        setter: None,
                        value: self.generic(item, made)?,
                        attributes: sys::PropertyAttributes::writable
                            | sys::PropertyAttributes::enumerable
                            | sys::PropertyAttributes::configurable,
                        data: ptr::null_mut(),
                    });
                }
                self.call(unsafe { sys::napi_create_object(env, &mut out) }, "creating an object")?;
                let status = unsafe { sys::napi_define_properties(env, out, properties.len(), properties.as_ptr()) };
                self.call(status, "defining properties")?;
            }
        }
        Ok(out)
    }

    fn number(&self, n: &Number<'_>) -> Result<sys::napi_value, Failure> {
        let x = match n {
            Number::Int(i) => *i as f64,
            Number::UInt(u) => *u as f64,
            Number::Float(f) => *f,
            Number::Raw(text) => text.parse().unwrap_or(f64::NAN),
        };
        let mut out = ptr::null_mut();
        // SAFETY: creates a number in the live env.
        self.call(
            unsafe { sys::napi_create_double(self.env, x, &mut out) },
            "creating a number",
        )?;
        Ok(out)
    }

    fn string(&self, s: &Str<'_>) -> Result<sys::napi_value, Failure> {
        match s.host_id().and_then(|id| self.hosts.get(id.0 as usize)) {
            Some(&host) => Ok(host),
            None => self.text(s.as_str()),
        }
    }

    /// A new `Buffer` holding the decoded bytes (decoded once, into the buffer's own memory).
    fn bytes(&self, bytes: &Bytes<'_>) -> Result<sys::napi_value, Failure> {
        let len = bytes.decoded_len();
        let (mut data, mut out) = (ptr::null_mut(), ptr::null_mut());
        // SAFETY: creates a buffer of `len` bytes in the live env.
        let status = unsafe { sys::napi_create_buffer(self.env, len, &mut data, &mut out) };
        self.call(status, "creating a Buffer")?;
        if len > 0 {
            // SAFETY: Node-API allocated `len` writable (uninitialised) bytes at `data`, owned by
            // the new buffer, which no JS can reach before this function returns; they are
            // zeroed before a slice is made of them.
            let memory = unsafe {
                ptr::write_bytes(data.cast::<u8>(), 0, len);
                std::slice::from_raw_parts_mut(data.cast::<u8>(), len)
            };
            bytes.decode_into(memory)?;
        }
        Ok(out)
    }

    /// A new JS string; ASCII text is given as Latin-1, which V8 copies as it is (UTF-8 is
    /// decoded).
    fn text(&self, text: &str) -> Result<sys::napi_value, Failure> {
        let (env, bytes, len) = (self.env, text.as_ptr().cast(), text.len() as isize);
        let mut out = ptr::null_mut();
        // SAFETY: `text` is valid UTF-8 of the given length; ASCII is also Latin-1.
        let status = unsafe {
            if text.is_ascii() {
                sys::napi_create_string_latin1(env, bytes, len, &mut out)
            } else {
                sys::napi_create_string_utf8(env, bytes, len, &mut out)
            }
        };
        self.call(
            status,
            "creating a string (JS strings hold at most 2^29 - 24 characters)",
        )?;
        Ok(out)
    }

    /// Writes the JS expression that builds `value` from leaves `a0, a1, …` (strings, bytes and
    /// numbers are leaves, but for [`Lifter::literal`] strings; `null` and booleans are written
    /// inline), and makes the leaves into `args`. `false` when the output is too big.
    fn shape(&self, value: &Value<'_>, source: &mut String, args: &mut Vec<sys::napi_value>) -> Result<bool, Failure> {
        match value {
            Value::Null => source.push_str("null"),
            Value::Bool(b) => source.push_str(if *b { "true" } else { "false" }),
            Value::String(s) => match self.literal(s) {
                Some(text) => push_string(source, text),
                None => push_leaf(source, args, self.string(s)?),
            },
            Value::Number(n) => push_leaf(source, args, self.number(n)?),
            Value::Bytes(b) => push_leaf(source, args, self.bytes(b)?),
            Value::Array(items) => {
                source.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        source.push(',');
                    }
                    if !self.shape(item, source, args)? {
                        return Ok(false);
                    }
                }
                source.push(']');
            }
            Value::Object(map) => {
                source.push('{');
                for (i, (key, item)) in map.iter().enumerate() {
                    if i > 0 {
                        source.push(',');
                    }
                    push_key(source, key.as_str());
                    source.push(':');
                    if !self.shape(item, source, args)? {
                        return Ok(false);
                    }
                }
                source.push('}');
            }
        }
        Ok(args.len() <= MAX_LEAVES && source.len() <= MAX_SOURCE)
    }

    /// The text of `s` when it is written into the shape as a literal: a short string borrowed
    /// from the core itself (not from the input text, not a host string).
    fn literal<'s>(&self, s: &'s Str<'_>) -> Option<&'s str> {
        let text = s.borrowed_text().filter(|_| s.host_id().is_none())?;
        let start = text.as_ptr() as usize;
        let input = self.input.as_ptr() as usize..self.input.as_ptr() as usize + self.input.len();
        let borrows_input = input.contains(&start) || start == input.end;
        (text.len() <= MAX_LITERAL && !borrows_input).then_some(s.as_str())
    }

    fn call(&self, status: sys::napi_status, doing: &'static str) -> Result<(), Failure> {
        check(status).map_err(|status| failure(self.env, status, doing))
    }
}

/// A property name in an object literal: a JSON string literal (valid JS), computed for
/// `__proto__` so that it stays an own property.
fn push_key(source: &mut String, key: &str) {
    if key == "__proto__" {
        source.push_str("[\"__proto__\"]");
    } else {
        push_string(source, key);
    }
}

/// A JSON string literal (valid JS).
fn push_string(source: &mut String, text: &str) {
    if plain(text.as_bytes()) {
        source.push('"');
        source.push_str(text);
        source.push('"');
    } else {
        source.push_str(&json::to_string(&Value::String(Str::borrowed(text))));
    }
}

/// Whether `bytes` are all printable ASCII but `"` and `\` (written into a literal as they
/// are): tested eight at a time, each 8-byte word with bit 7 of a byte set where it is not.
fn plain(bytes: &[u8]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    // Bit 7 of each byte of `w` that is 0 (exact for "any": a false flag only follows a true one).
    let zero = |w: u64| w.wrapping_sub(ONES) & !w;
    let special = |w: u64| {
        let control = w.wrapping_sub(ONES * 0x20) & !w;
        let other = [0x7f, b'"', b'\\'].map(|c| zero(w ^ (ONES * u64::from(c))));
        control | w | other[0] | other[1] | other[2]
    };
    let word = |chunk: &[u8]| u64::from_ne_bytes(chunk.try_into().unwrap_or([b' '; 8]));
    let mut flags = 0;
    if bytes.len() < 8 {
        let mut padded = [b' '; 8];
        padded[..bytes.len()].copy_from_slice(bytes);
        flags = special(u64::from_ne_bytes(padded));
    } else {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            flags |= special(word(chunk));
        }
        if !chunks.remainder().is_empty() {
            flags |= special(word(&bytes[bytes.len() - 8..]));
        }
    }
    flags & (ONES << 7) == 0
}

/// The next leaf parameter, `a<n>`, standing for `leaf`.
fn push_leaf(source: &mut String, args: &mut Vec<sys::napi_value>, leaf: sys::napi_value) {
    source.push('a');
    push_decimal(source, args.len());
    args.push(leaf);
}

/// `n` in decimal.
fn push_decimal(source: &mut String, n: usize) {
    if n >= 10 {
        push_decimal(source, n / 10);
    }
    source.push(char::from(b'0' + (n % 10) as u8));
}
