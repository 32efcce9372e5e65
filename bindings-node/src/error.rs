//! The one place where failures become JS exceptions (or promise rejections): instances of the
//! `ConvertError` class that `index.js` registers, with `code` (a core code name) and `path`
//! (a JSON Pointer).

use std::ptr;

use mcp_tool_result::{Code, ConvertError};
use napi::bindgen_prelude::Unknown;
use napi::{sys, Env, Status};

use crate::state;

/// Why a call failed, before it is thrown.
#[derive(Clone)]
pub(crate) enum Failure {
    /// A core error, or an argument the binding cannot read (same shape as core errors).
    Convert(ConvertError),
    /// A Node-API call failed (out of memory, a string longer than V8 allows).
    Napi {
        status: sys::napi_status,
        doing: &'static str,
    },
}

impl From<ConvertError> for Failure {
    fn from(e: ConvertError) -> Self {
        Failure::Convert(e)
    }
}

/// A Node-API status as a `Result`.
pub(crate) fn check(status: sys::napi_status) -> Result<(), sys::napi_status> {
    if status == sys::Status::napi_ok {
        Ok(())
    } else {
        Err(status)
    }
}

/// `status` as a [`Failure`] with what was being done; clears any exception V8 left pending,
/// so that the env is ready for the `ConvertError` thrown instead.
pub(crate) fn failure(env: sys::napi_env, status: sys::napi_status, doing: &'static str) -> Failure {
    let mut pending = false;
    // SAFETY: `env` is the live env of the current call.
    unsafe {
        if sys::napi_is_exception_pending(env, &mut pending) == sys::Status::napi_ok && pending {
            let mut ignored = ptr::null_mut();
            sys::napi_get_and_clear_last_exception(env, &mut ignored);
        }
    }
    Failure::Napi { status, doing }
}

/// Throws `failure` and returns the error that tells napi-rs an exception is pending.
pub(crate) fn throw(env: &Env, failure: Failure) -> napi::Error {
    let raw = env.raw();
    let error = convert_error(failure);
    let message = error.to_string();
    match build(raw, &error, &message, state::error_class(raw)) {
        // SAFETY: `thrown` is a live value of the current call.
        Some(thrown) => unsafe {
            sys::napi_throw(raw, thrown);
        },
        None => return napi::Error::new(Status::GenericFailure, message),
    }
    napi::Error::new(Status::PendingException, message)
}

/// The error an async task rejects its promise with: napi-rs hands the `ConvertError` object
/// it holds to `reject` as is.
pub(crate) fn rejection(env: &Env, failure: Failure) -> napi::Error {
    let raw = env.raw();
    let error = convert_error(failure);
    let message = error.to_string();
    match build(raw, &error, &message, state::error_class(raw)) {
        // SAFETY: `thrown` is a live value of the current callback.
        Some(thrown) => napi::Error::from(unsafe { Unknown::from_raw_unchecked(raw, thrown) }),
        None => napi::Error::new(Status::GenericFailure, message),
    }
}

fn convert_error(failure: Failure) -> ConvertError {
    match failure {
        Failure::Convert(e) => e,
        Failure::Napi { status, doing } => {
            let message = format!("Node-API call failed ({}) while {doing}", Status::from(status));
            ConvertError::new(Code::InternalError, "", message)
        }
    }
}

/// `new ConvertError(message, code, path)`, or a plain `Error` with `code` and `path` when
/// no class was registered.
fn build(
    env: sys::napi_env,
    error: &ConvertError,
    message: &str,
    class: Option<sys::napi_value>,
) -> Option<sys::napi_value> {
    let code = string(env, error.code().as_str())?;
    let path = string(env, error.path())?;
    let message = string(env, message)?;
    let mut thrown = ptr::null_mut();
    // SAFETY: every value passed is live in the current call.
    unsafe {
        match class {
            Some(class) => {
                let args = [message, code, path];
                check(sys::napi_new_instance(
                    env,
                    class,
                    args.len(),
                    args.as_ptr(),
                    &mut thrown,
                ))
                .ok()?;
            }
            None => {
                check(sys::napi_create_error(env, code, message, &mut thrown)).ok()?;
                check(sys::napi_set_named_property(env, thrown, c"path".as_ptr(), path)).ok()?;
            }
        }
    }
    Some(thrown)
}

fn string(env: sys::napi_env, text: &str) -> Option<sys::napi_value> {
    let mut value = ptr::null_mut();
    // SAFETY: `text` is valid UTF-8 of the given length.
    unsafe {
        check(sys::napi_create_string_utf8(
            env,
            text.as_ptr().cast(),
            text.len() as isize,
            &mut value,
        ))
        .ok()?
    };
    Some(value)
}
