//! The core's [`Value`] model → JS values.
//!
//! A string the core passed through unchanged from a registered host string becomes that same
//! JS string again (no copy). A bytes value becomes a `Buffer` (a `Uint8Array`) whose memory
//! the core decodes the base64 text into directly. Objects are built by a function compiled
//! from the output's shape when the env has one (see [`crate::state`]), else through Node-API
//! with define semantics (like `JSON.parse`: own data properties, so `__proto__` stays an
//! ordinary key). Short strings the core wrote itself (`"success"`, `"text"`) are literals of
//! the compiled builder rather than values created on each call.

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
        let mut source = String::with_capacity(128);
        let mut leaves = 0;
        if self.shape(value, &mut source, &mut leaves) {
            let builder = state::builder(self.env, &source, leaves)
                .map_err(|status| failure(self.env, status, "compiling an output builder"))?;
            if let Builder::Compiled(f) = builder {
                let mut args = Vec::with_capacity(leaves);
                self.leaves(value, &mut args)?;
                let mut out = ptr::null_mut();
                // SAFETY: `f` is a compiled builder taking `leaves` arguments; all values are live.
                let status = unsafe { sys::napi_call_function(self.env, f, f, args.len(), args.as_ptr(), &mut out) };
                self.call(status, "building the output")?;
                return Ok(out);
            }
        }
        self.generic(value)
    }

    /// The leaves of `value` (strings, bytes and numbers) in the order [`shape`] numbered them.
    fn leaves(&self, value: &Value<'_>, out: &mut Vec<sys::napi_value>) -> Result<(), Failure> {
        match value {
            Value::Null | Value::Bool(_) => {}
            Value::Number(n) => out.push(self.number(n)?),
            Value::String(s) if self.literal(s).is_some() => {}
            Value::String(s) => out.push(self.string(s)?),
            Value::Bytes(b) => out.push(self.bytes(b)?),
            Value::Array(items) => items.iter().try_for_each(|item| self.leaves(item, out))?,
            Value::Object(map) => map.iter().try_for_each(|(_, item)| self.leaves(item, out))?,
        }
        Ok(())
    }

    /// Builds `value` through Node-API, one call per value and one per object's properties.
    fn generic(&self, value: &Value<'_>) -> Result<sys::napi_value, Failure> {
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
            Value::Number(n) => out = self.number(n)?,
            Value::String(s) => out = self.string(s)?,
            Value::Bytes(b) => out = self.bytes(b)?,
            Value::Array(items) => {
                self.call(
                    unsafe { sys::napi_create_array_with_length(env, items.len(), &mut out) },
                    "creating an array",
                )?;
                for (i, item) in items.iter().enumerate() {
                    let item = self.generic(item)?;
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
                        value: self.generic(item)?,
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

    fn text(&self, text: &str) -> Result<sys::napi_value, Failure> {
        let mut out = ptr::null_mut();
        // SAFETY: `text` is valid UTF-8 of the given length.
        let status =
            unsafe { sys::napi_create_string_utf8(self.env, text.as_ptr().cast(), text.len() as isize, &mut out) };
        self.call(
            status,
            "creating a string (JS strings hold at most 2^29 - 24 characters)",
        )?;
        Ok(out)
    }

    /// Writes the JS expression that builds `value` from leaves `a0, a1, …` (strings, bytes and
    /// numbers are leaves, but for [`Lifter::literal`] strings; `null` and booleans are written
    /// inline). `false` when the output is too big.
    fn shape(&self, value: &Value<'_>, source: &mut String, leaves: &mut usize) -> bool {
        match value {
            Value::Null => source.push_str("null"),
            Value::Bool(b) => source.push_str(if *b { "true" } else { "false" }),
            Value::String(s) => match self.literal(s) {
                Some(text) => push_string(source, text),
                None => push_leaf(source, leaves),
            },
            Value::Number(_) | Value::Bytes(_) => push_leaf(source, leaves),
            Value::Array(items) => {
                source.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        source.push(',');
                    }
                    if !self.shape(item, source, leaves) {
                        return false;
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
                    if !self.shape(item, source, leaves) {
                        return false;
                    }
                }
                source.push('}');
            }
        }
        *leaves <= MAX_LEAVES && source.len() <= MAX_SOURCE
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
    } else if key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$') {
        source.push('"');
        source.push_str(key);
        source.push('"');
    } else {
        push_string(source, key);
    }
}

/// A JSON string literal (valid JS).
fn push_string(source: &mut String, text: &str) {
    if text
        .bytes()
        .all(|b| (b' '..=b'~').contains(&b) && b != b'"' && b != b'\\')
    {
        source.push('"');
        source.push_str(text);
        source.push('"');
    } else {
        source.push_str(&json::to_string(&Value::String(Str::borrowed(text))));
    }
}

/// The next leaf parameter, `a<n>`.
fn push_leaf(source: &mut String, leaves: &mut usize) {
    source.push('a');
    push_decimal(source, *leaves);
    *leaves += 1;
}

/// `n` in decimal.
fn push_decimal(source: &mut String, n: usize) {
    if n >= 10 {
        push_decimal(source, n / 10);
    }
    source.push(char::from(b'0' + (n % 10) as u8));
}
