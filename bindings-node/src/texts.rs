//! Where the host strings of one call live: strings copied whole, and JS strings the core
//! reads on demand ([`HostText`]), which are copied only if the core asks for them.

use std::cell::OnceCell;
use std::ptr;
use std::sync::OnceLock;
use std::thread::{self, ThreadId};

use mcp_tool_result::__private::{HostId, HostSource, HostText};
use mcp_tool_result::{Code, ConvertError};
use napi::sys;
use typed_arena::Arena;

use crate::error::{check, failure, Failure};

/// The host strings of one call (each arena made on first use). A failed on-demand read is
/// kept and fails the call ([`Texts::check`]).
pub(crate) struct Texts<'t> {
    copies: OnceCell<Arena<String>>,
    sources: OnceCell<Arena<JsString<'t>>>,
    lazy: OnceCell<Arena<HostText<'t>>>,
    failed: OnceLock<Failure>,
}

impl<'t> Texts<'t> {
    /// No strings yet.
    pub(crate) fn new() -> Self {
        Texts {
            copies: OnceCell::new(),
            sources: OnceCell::new(),
            lazy: OnceCell::new(),
            failed: OnceLock::new(),
        }
    }

    /// Keeps `text` until the call ends.
    pub(crate) fn keep(&'t self, text: String) -> &'t str {
        self.copies.get_or_init(|| Arena::with_capacity(4)).alloc(text)
    }

    /// JS string `value` of `units` code units up to U+00FF, registered as host string `id`,
    /// whose first code units are `head`: read whole only if the core asks.
    pub(crate) fn on_demand(
        &'t self,
        env: sys::napi_env,
        value: sys::napi_value,
        id: HostId,
        units: usize,
        head: &[u8],
    ) -> &'t HostText<'t> {
        let source = JsString {
            env,
            value,
            units,
            thread: thread::current().id(),
            failed: &self.failed,
        };
        let source = self.sources.get_or_init(|| Arena::with_capacity(1)).alloc(source);
        let text = HostText::new(id, units, head, source);
        self.lazy.get_or_init(|| Arena::with_capacity(1)).alloc(text)
    }

    /// Fails when a string the core asked for could not be read (the core then saw it empty,
    /// so its result is not to be used).
    pub(crate) fn check(&self) -> Result<(), Failure> {
        self.failed.get().cloned().map_or(Ok(()), Err)
    }
}

/// A JS string of the current call, read for the core on demand.
struct JsString<'t> {
    env: sys::napi_env,
    value: sys::napi_value,
    units: usize,
    /// The JS thread of the call: the only one that may read `value`.
    thread: ThreadId,
    failed: &'t OnceLock<Failure>,
}

// SAFETY: `env` and `value` are only ever copied; Node-API is called with them only on
// `thread`, the JS thread they belong to (`latin1` checks), during the call that received
// `value` (the core's values borrow the `Texts` of that call).
unsafe impl Sync for JsString<'_> {}

impl HostSource for JsString<'_> {
    fn latin1(&self) -> Vec<u8> {
        let read = if thread::current().id() == self.thread {
            read_latin1(self.env, self.value, self.units, Code::UnsupportedValue)
        } else {
            let message = "a host string was read off the JS thread";
            Err(ConvertError::new(Code::InternalError, "", message).into())
        };
        read.unwrap_or_else(|failure| {
            let _ = self.failed.set(failure);
            Vec::new()
        })
    }
}

/// Reads the `units` code units of `v`, a string of code units up to U+00FF (the caller
/// knows), as Latin-1: V8 copies a one-byte string as it is.
pub(crate) fn read_latin1(
    env: sys::napi_env,
    v: sys::napi_value,
    units: usize,
    code: Code,
) -> Result<Vec<u8>, Failure> {
    let mut bytes: Vec<u8> = Vec::new();
    if bytes.try_reserve_exact(units + 1).is_err() {
        return Err(out_of_memory(code, units));
    }
    let mut len = 0;
    // SAFETY: `bytes` has `units + 1` writable bytes; Node-API writes at most that many.
    let status = unsafe { sys::napi_get_value_string_latin1(env, v, bytes.as_mut_ptr().cast(), units + 1, &mut len) };
    check(status).map_err(|status| failure(env, status, "reading a string"))?;
    // SAFETY: Node-API initialised the first `len` bytes.
    unsafe { bytes.set_len(len) };
    Ok(bytes)
}

/// The first code units of `v` (a string of code units up to U+00FF) into `buffer`, as Latin-1.
pub(crate) fn read_head(env: sys::napi_env, v: sys::napi_value, buffer: &mut [u8]) -> Result<&[u8], Failure> {
    let mut len = 0;
    // SAFETY: `buffer` is writable for its length; Node-API writes at most that many bytes,
    // NUL included.
    let status =
        unsafe { sys::napi_get_value_string_latin1(env, v, buffer.as_mut_ptr().cast(), buffer.len(), &mut len) };
    check(status).map_err(|status| failure(env, status, "reading a string"))?;
    Ok(&buffer[..len])
}

/// The length of string `v` in UTF-16 code units.
pub(crate) fn utf16_len(env: sys::napi_env, v: sys::napi_value) -> Result<usize, Failure> {
    let mut units = 0;
    // SAFETY: with a null buffer Node-API only reports the length.
    let status = unsafe { sys::napi_get_value_string_utf16(env, v, ptr::null_mut(), 0, &mut units) };
    check(status).map_err(|status| failure(env, status, "measuring a string"))?;
    Ok(units)
}

pub(crate) fn out_of_memory(code: Code, units: usize) -> Failure {
    ConvertError::new(
        code,
        "",
        format!("not enough memory to read a string of {units} characters"),
    )
    .into()
}
