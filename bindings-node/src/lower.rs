//! JS arguments → the core's [`Value`] model.
//!
//! `api.js` hands over a JS value as JSON text plus "leaves": large strings and byte
//! arrays kept out of the text, referenced by placeholders (the core's
//! `__private::placeholders`). The text is parsed by the core, which then has each placeholder
//! replaced by its leaf. A string leaf becomes a host string (the output can hand back the same
//! JS string), which the core reads only as far as it needs when it holds no character above
//! U+00FF (see [`crate::texts`]); a `Uint8Array` (or `Buffer`) leaf becomes base64 text.

use std::ops::Deref;
use std::ptr;

use mcp_tool_result::__private::{placeholders, HostId, Loc, HOST_HEAD};
use mcp_tool_result::{Code, ConvertError, Str, Value};
use napi::sys::{self, ValueType};

use crate::error::{check, failure, Failure};
use crate::texts::{self, out_of_memory, Texts};

/// Strings are first read into a stack buffer of this size (one Node-API call for most).
pub(crate) const STACK: usize = 256;

/// A buffer for JSON text short enough to be read without allocating.
pub(crate) type TextBuffer = [u8; STACK];

/// JSON text read from JS: in the caller's [`TextBuffer`] when short.
pub(crate) enum Text<'b> {
    Borrowed(&'b str),
    Owned(String),
}

impl Text<'_> {
    pub(crate) fn into_owned(self) -> String {
        match self {
            Text::Borrowed(text) => text.to_owned(),
            Text::Owned(text) => text,
        }
    }
}

impl Deref for Text<'_> {
    type Target = str;

    fn deref(&self) -> &str {
        match self {
            Text::Borrowed(text) => text,
            Text::Owned(text) => text,
        }
    }
}

/// Reads the arguments of one call. Host strings it copies live in `texts` until the call ends.
pub(crate) struct Lowerer<'h> {
    env: sys::napi_env,
    texts: &'h Texts<'h>,
    hosts: Vec<sys::napi_value>,
    /// Whether string leaves are registered as host strings (see [`Lowerer::detached`]).
    share: bool,
    /// Bit `i` set: string leaf `i` holds no character above U+00FF (see [`Lowerer::narrow`]).
    narrow: u32,
}

impl<'h> Lowerer<'h> {
    /// A lowerer whose string leaves stay tied to their JS strings (for a call that lifts its
    /// result before returning).
    pub(crate) fn new(env: sys::napi_env, texts: &'h Texts<'h>) -> Self {
        Lowerer {
            env,
            texts,
            hosts: Vec::new(),
            share: true,
            narrow: 0,
        }
    }

    /// Reads string leaf `i` as Latin-1 when bit `i` of `mask` is set: V8 copies a one-byte
    /// string as it is, where UTF-8 output would transcode it character by character. A shared
    /// one is read only if the core asks for more than its head (see [`Texts::on_demand`]).
    pub(crate) fn narrow(self, mask: u32) -> Self {
        Lowerer { narrow: mask, ..self }
    }

    /// A lowerer whose string leaves are plain owned strings: for values that outlive the call
    /// (the async form), where no JS handle may be kept.
    pub(crate) fn detached(env: sys::napi_env, texts: &'h Texts<'h>) -> Self {
        Lowerer {
            share: false,
            ..Lowerer::new(env, texts)
        }
    }

    /// The registered host strings; `HostId(i)` is `hosts()[i]`.
    pub(crate) fn hosts(&self) -> &[sys::napi_value] {
        &self.hosts
    }

    /// A string argument (JSON text, a target name); anything else fails with `code`.
    pub(crate) fn text(&mut self, v: sys::napi_value, code: Code, what: &str) -> Result<String, Failure> {
        let kind = self.kind(v)?;
        if kind != ValueType::napi_string {
            let message = format!("{what} must be a string, not {}", type_name(kind));
            return Err(ConvertError::new(code, "", message).into());
        }
        Ok(self.read(v, code)?.0)
    }

    /// [`Lowerer::text`], or `None` for `null`.
    pub(crate) fn optional_text(
        &mut self,
        v: sys::napi_value,
        code: Code,
        what: &str,
    ) -> Result<Option<String>, Failure> {
        if self.kind(v)? == ValueType::napi_null {
            return Ok(None);
        }
        self.text(v, code, what).map(Some)
    }

    /// JSON text: a string (read into `buffer` when it fits), or a `Uint8Array` (or
    /// `Buffer`) of UTF-8.
    pub(crate) fn json_text<'b>(
        &mut self,
        v: sys::napi_value,
        buffer: &'b mut TextBuffer,
    ) -> Result<Text<'b>, Failure> {
        let code = Code::InvalidJson;
        // Read as a string first: a value that is not one is only reported, with no `typeof`.
        match self.read_short(v, buffer) {
            // V8 writes valid UTF-8 (lone surrogates become U+FFFD).
            Ok(Some(bytes)) => {
                return Ok(match std::str::from_utf8(bytes) {
                    Ok(text) => Text::Borrowed(text),
                    Err(_) => Text::Owned(String::from_utf8_lossy(bytes).into_owned()),
                })
            }
            Ok(None) => return Ok(Text::Owned(utf8_string(self.read_long(v, code)?))),
            Err(sys::Status::napi_string_expected) => {}
            Err(status) => return Err(failure(self.env, status, "reading a string")),
        }
        let Some(bytes) = self.uint8_array(v)? else {
            let message = format!(
                "JSON text must be a string or a Uint8Array of UTF-8, not {}",
                type_name(self.kind(v)?)
            );
            return Err(ConvertError::new(code, "", message).into());
        };
        let mut text = Vec::new();
        if text.try_reserve_exact(bytes.len()).is_err() {
            let message = format!("not enough memory to read JSON text of {} bytes", bytes.len());
            return Err(ConvertError::new(code, "", message).into());
        }
        text.extend_from_slice(bytes);
        String::from_utf8(text).map(Text::Owned).map_err(|e| {
            let at = e.utf8_error().valid_up_to();
            ConvertError::new(code, "", format!("the JSON text is not UTF-8 (at byte {at})")).into()
        })
    }

    /// `value` with every placeholder replaced by its leaf from the JS array `leaves`.
    pub(crate) fn resolve<'v>(&mut self, mut value: Value<'v>, leaves: sys::napi_value) -> Result<Value<'v>, Failure>
    where
        'h: 'v,
    {
        placeholders::attach_with(&mut value, &mut |index, at| self.leaf(leaves, index, at))?;
        Ok(value)
    }

    fn leaf(&mut self, leaves: sys::napi_value, index: u32, at: &Loc<'_>) -> Result<Value<'h>, Failure> {
        let code = Code::UnsupportedValue;
        let mut v = ptr::null_mut();
        // SAFETY: `leaves` is the array api.js built for this call.
        self.call(
            unsafe { sys::napi_get_element(self.env, leaves, index, &mut v) },
            "reading a leaf",
        )?;
        if self.kind(v)? == ValueType::napi_string {
            let narrow = index < u32::BITS && self.narrow & (1 << index) != 0;
            if narrow && self.share {
                return self.on_demand(v);
            }
            let (text, lossy) = if narrow {
                (self.read_latin1(v, code)?, false)
            } else {
                self.read(v, code)?
            };
            if lossy {
                return Ok(Value::String(Str::lossy(text)));
            }
            if !self.share {
                return Ok(Value::String(Str::owned(text)));
            }
            let id = self.register(v);
            return Ok(Value::String(Str::host(self.texts.keep(text), id)));
        }
        self.bytes(v, at)
    }

    /// A narrow string leaf as a host string the core reads on demand: its length and head now.
    fn on_demand(&mut self, v: sys::napi_value) -> Result<Value<'h>, Failure> {
        let units = texts::utf16_len(self.env, v)?;
        let mut buffer = [0u8; HOST_HEAD + 1];
        let head = texts::read_head(self.env, v, &mut buffer)?;
        let id = self.register(v);
        let text = self.texts.on_demand(self.env, v, id, units, head);
        Ok(Value::String(Str::host_text(text)))
    }

    /// Registers `v` as the next host string.
    fn register(&mut self, v: sys::napi_value) -> HostId {
        let id = HostId(self.hosts.len() as u32);
        self.hosts.push(v);
        id
    }

    /// The bytes of a `Uint8Array` (or `Buffer`); `None` for any other value. The slice is
    /// valid until JS runs again.
    fn uint8_array(&self, v: sys::napi_value) -> Result<Option<&[u8]>, Failure> {
        let mut is_typed = false;
        // SAFETY: `v` is a live value of the current call.
        self.call(
            unsafe { sys::napi_is_typedarray(self.env, v, &mut is_typed) },
            "reading a type",
        )?;
        if !is_typed {
            return Ok(None);
        }
        let (mut kind, mut len, mut data, mut buffer, mut offset) = (0, 0, ptr::null_mut(), ptr::null_mut(), 0);
        // SAFETY: `v` is a typed array.
        let status = unsafe {
            sys::napi_get_typedarray_info(self.env, v, &mut kind, &mut len, &mut data, &mut buffer, &mut offset)
        };
        self.call(status, "reading a Uint8Array")?;
        if kind != sys::TypedarrayType::uint8_array {
            return Ok(None);
        }
        Ok(Some(if len == 0 || data.is_null() {
            &[]
        } else {
            // SAFETY: Node-API reports `len` readable bytes at `data`; no JS runs while the
            // caller uses the slice.
            unsafe { std::slice::from_raw_parts(data.cast::<u8>(), len) }
        }))
    }

    /// A `Uint8Array` (or `Buffer`) leaf as base64 text.
    fn bytes(&mut self, v: sys::napi_value, at: &Loc<'_>) -> Result<Value<'h>, Failure> {
        let Some(bytes) = self.uint8_array(v)? else {
            return Err(ConvertError::new(
                Code::InternalError,
                at.render(),
                "a leaf is neither a string nor a Uint8Array",
            )
            .into());
        };
        let len = bytes.len();
        let engine = base64_simd::STANDARD;
        let mut out = Vec::new();
        if out.try_reserve_exact(engine.encoded_length(len)).is_err() {
            let message = format!("not enough memory for the base64 text of a Uint8Array of {len} bytes");
            return Err(ConvertError::new(Code::InvalidToolResult, at.render(), message).into());
        }
        let written = engine
            .encode(bytes, base64_simd::Out::from_uninit_slice(out.spare_capacity_mut()))
            .len();
        // SAFETY: `encode` initialised the first `written` bytes of the spare capacity with
        // base64 text, which is ASCII and so valid UTF-8.
        let text = unsafe {
            out.set_len(written);
            String::from_utf8_unchecked(out)
        };
        Ok(Value::String(Str::owned(text)))
    }

    /// Reads a JS string as UTF-8; `true` when it held lone surrogates (replaced by U+FFFD).
    fn read(&mut self, v: sys::napi_value, code: Code) -> Result<(String, bool), Failure> {
        let mut buf = [0u8; STACK];
        let bytes = match self.read_short(v, &mut buf) {
            Ok(Some(bytes)) => bytes.to_vec(),
            Ok(None) => self.read_long(v, code)?,
            Err(status) => return Err(failure(self.env, status, "reading a string")),
        };
        if bytes.is_ascii() {
            // SAFETY: ASCII is valid UTF-8 (and holds no U+FFFD): one fast pass for payloads.
            return Ok((unsafe { String::from_utf8_unchecked(bytes) }, false));
        }
        let text = utf8_string(bytes);
        let lossy = text.contains('\u{FFFD}') && self.has_lone_surrogate(v, code)?;
        Ok((text, lossy))
    }

    /// The UTF-8 of string `v` read into `buffer`: its bytes when all of it fits, `None` when it
    /// is longer ([`Lowerer::read_long`] reads those); the status when the read failed (a value
    /// that is not a string gives `napi_string_expected`).
    fn read_short<'b>(
        &self,
        v: sys::napi_value,
        buffer: &'b mut TextBuffer,
    ) -> Result<Option<&'b [u8]>, sys::napi_status> {
        let mut len = 0;
        // SAFETY: `buffer` is writable for `STACK` bytes; Node-API writes at most `STACK - 1` +
        // NUL.
        check(unsafe { sys::napi_get_value_string_utf8(self.env, v, buffer.as_mut_ptr().cast(), STACK, &mut len) })?;
        // A cut string leaves fewer than 4 bytes unused (the next character did not fit).
        Ok((len + 4 < STACK).then(|| &buffer[..len]))
    }

    /// Reads a string of code units up to U+00FF (the caller knows) as Latin-1, then UTF-8.
    fn read_latin1(&mut self, v: sys::napi_value, code: Code) -> Result<String, Failure> {
        let bytes = texts::read_latin1(self.env, v, texts::utf16_len(self.env, v)?, code)?;
        if bytes.is_ascii() {
            // SAFETY: ASCII is valid UTF-8.
            return Ok(unsafe { String::from_utf8_unchecked(bytes) });
        }
        Ok(bytes.iter().map(|&b| char::from(b)).collect())
    }

    /// One copy straight into a buffer sized from the UTF-16 length (no measuring pass).
    fn read_long(&mut self, v: sys::napi_value, code: Code) -> Result<Vec<u8>, Failure> {
        let units = texts::utf16_len(self.env, v)?;
        let capacity = units * 3 + 1;
        let mut bytes: Vec<u8> = Vec::new();
        if bytes.try_reserve_exact(capacity).is_err() {
            return Err(out_of_memory(code, units));
        }
        let mut len = 0;
        // SAFETY: `bytes` has `capacity` writable bytes; Node-API writes at most `capacity`.
        let status =
            unsafe { sys::napi_get_value_string_utf8(self.env, v, bytes.as_mut_ptr().cast(), capacity, &mut len) };
        self.call(status, "reading a string")?;
        // SAFETY: Node-API initialised the first `len` bytes.
        unsafe { bytes.set_len(len) };
        Ok(bytes)
    }

    /// V8 writes U+FFFD for lone surrogates; tell those apart from a real U+FFFD.
    fn has_lone_surrogate(&mut self, v: sys::napi_value, code: Code) -> Result<bool, Failure> {
        let units = texts::utf16_len(self.env, v)?;
        let mut text: Vec<u16> = Vec::new();
        if text.try_reserve_exact(units + 1).is_err() {
            return Err(out_of_memory(code, units));
        }
        let mut len = 0;
        // SAFETY: `text` has `units + 1` writable code units.
        let status = unsafe { sys::napi_get_value_string_utf16(self.env, v, text.as_mut_ptr(), units + 1, &mut len) };
        self.call(status, "reading a string")?;
        // SAFETY: Node-API initialised the first `len` code units.
        unsafe { text.set_len(len) };
        Ok(char::decode_utf16(text).any(|c| c.is_err()))
    }

    fn kind(&self, v: sys::napi_value) -> Result<sys::napi_valuetype, Failure> {
        let mut kind = 0;
        // SAFETY: `v` is a live value of the current call.
        self.call(unsafe { sys::napi_typeof(self.env, v, &mut kind) }, "reading a type")?;
        Ok(kind)
    }

    fn call(&self, status: sys::napi_status, doing: &'static str) -> Result<(), Failure> {
        check(status).map_err(|status| failure(self.env, status, doing))
    }
}

/// The UTF-8 V8 wrote as a `String`: V8 writes valid UTF-8 (lone surrogates become U+FFFD), and
/// the lossy fallback keeps it so.
fn utf8_string(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

fn type_name(kind: sys::napi_valuetype) -> &'static str {
    match kind {
        ValueType::napi_undefined => "undefined",
        ValueType::napi_null => "null",
        ValueType::napi_boolean => "a boolean",
        ValueType::napi_number => "a number",
        ValueType::napi_string => "a string",
        ValueType::napi_symbol => "a symbol",
        ValueType::napi_object => "an object",
        ValueType::napi_function => "a function",
        ValueType::napi_bigint => "a bigint",
        _ => "an external value",
    }
}
