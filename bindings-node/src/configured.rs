//! `convertConfigured(config, text, outputOnly, call?, leaves?, narrow?)`: the synchronous
//! conversion.
//!
//! `config` is an id from `configure` (the target and options, read once); `call` is JSON
//! text of the options that differ from call to call (`api.js`'s `CALL_OPTIONS`, such as
//! `toolCallId`), applied over the config's for this call only (left out, or `null` before
//! leaves, when there are none); `text` and `leaves` are what `api.js` lowered (`leaves` left
//! out when there are none, and for the caller's own JSON text); bit `i` of `narrow` says that
//! string leaf `i` holds no character above U+00FF, so it is read as Latin-1 (a plain copy for
//! V8's one-byte strings) instead of being transcoded. Returns the
//! Conversion, or only its `output`; or, when the output's compiled builder takes at most one
//! leaf, that leaf, with the builder's index in the pending `Int32Array` (see [`state`]) for
//! `index.js` to call it.
//!
//! It is a plain Node-API callback rather than a `#[napi]` function: the per-call argument and
//! borrow bookkeeping of napi-rs costs more than the rest of the binding's work on a small
//! input. A panic is caught here and thrown as `internal_error`.

use std::panic::{self, AssertUnwindSafe};
use std::ptr;

use mcp_tool_result::{json, Code, ConvertError, Options};
use napi::{sys, Env};

use crate::error::{self, check, failure, Failure};
use crate::lift::{Lifted, Lifter};
use crate::lower::{Lowerer, TextBuffer, STACK};
use crate::state;
use crate::texts::Texts;

/// The number of arguments, `leaves` included.
const ARGS: usize = 6;

/// Sets `exports.convertConfigured`.
pub(crate) fn register(env: sys::napi_env, exports: sys::napi_value) -> Result<(), sys::napi_status> {
    let name = c"convertConfigured";
    let mut function = ptr::null_mut();
    // SAFETY: `name` is NUL-terminated; `convert_configured` has the callback signature.
    unsafe {
        check(sys::napi_create_function(
            env,
            name.as_ptr(),
            name.count_bytes() as isize,
            Some(convert_configured),
            ptr::null_mut(),
            &mut function,
        ))?;
        check(sys::napi_set_named_property(env, exports, name.as_ptr(), function))
    }
}

unsafe extern "C" fn convert_configured(env: sys::napi_env, info: sys::napi_callback_info) -> sys::napi_value {
    let failure = match panic::catch_unwind(AssertUnwindSafe(|| run(env, info))) {
        Ok(Ok(value)) => return value,
        Ok(Err(failure)) => failure,
        Err(_) => ConvertError::new(Code::InternalError, "", "the Node binding panicked").into(),
    };
    let env = Env::from_raw(env);
    let error = error::throw(&env, failure);
    if error.status != napi::Status::PendingException {
        let message = std::ffi::CString::new(error.reason.replace('\0', " ")).unwrap_or_default();
        // SAFETY: no exception is pending (none could be built); `message` is NUL-terminated.
        unsafe { sys::napi_throw_error(env.raw(), ptr::null(), message.as_ptr()) };
    }
    ptr::null_mut()
}

fn run(env: sys::napi_env, info: sys::napi_callback_info) -> Result<sys::napi_value, Failure> {
    let call = |status, doing| check(status).map_err(|status| failure(env, status, doing));
    let mut argv = [ptr::null_mut(); ARGS];
    let mut argc = ARGS;
    let (mut id, mut output_only) = (0, false);
    // SAFETY: `argv` has room for `argc` values; the callback's own arguments are read.
    unsafe {
        let status = sys::napi_get_cb_info(
            env,
            info,
            &mut argc,
            argv.as_mut_ptr(),
            ptr::null_mut(),
            ptr::null_mut(),
        );
        call(status, "reading the arguments")?;
        call(
            sys::napi_get_value_uint32(env, argv[0], &mut id),
            "reading the config id",
        )?;
        call(
            sys::napi_get_value_bool(env, argv[2], &mut output_only),
            "reading outputOnly",
        )?;
    }
    let has_leaves = argc == ARGS;
    let mut narrow = 0;
    if has_leaves {
        // SAFETY: a value of the callback's arguments is read.
        call(
            unsafe { sys::napi_get_value_uint32(env, argv[5], &mut narrow) },
            "reading the leaf kinds",
        )?;
    }
    let config = state::config(env, id)
        .map_err(|status| failure(env, status, "reading the config"))?
        .ok_or_else(|| ConvertError::new(Code::InternalError, "", format!("no config {id}")))?;
    let (texts, mut buffer): (_, TextBuffer) = (Texts::new(), [0; STACK]);
    let mut lower = Lowerer::new(env, &texts).narrow(narrow);
    let call = match argc {
        4 => Some(lower.text(argv[3], Code::InvalidOption, "the call options")?),
        ARGS => lower.optional_text(argv[3], Code::InvalidOption, "the call options")?,
        _ => None,
    };
    let text = lower.json_text(argv[1], &mut buffer)?;
    let applied;
    let options = match call {
        None => &config.options,
        Some(call) => {
            applied = with_call(&config.options, &call);
            &applied
        }
    };
    let conversion = match (&config.target, options, has_leaves) {
        // The parser bounds the nesting, so `convert_str` skips the core's depth walk.
        (Ok(target), Ok(options), false) => mcp_tool_result::convert_str(&text, *target, options)?,
        (target, options, has_leaves) => {
            // The target and the options are checked before the input.
            let target = target.clone()?;
            let options = options.as_ref().map_err(Clone::clone)?;
            let mut input = json::parse(&text)?;
            if has_leaves {
                input = lower.resolve(input, argv[4])?;
            }
            let converted = mcp_tool_result::convert(input, target, options);
            // A host string the core could not read was seen empty: its result is not used.
            texts.check()?;
            converted?
        }
    };
    let output = if output_only {
        conversion.output
    } else {
        conversion.into_value()
    };
    let (value, builder) = match Lifter::new(env, lower.hosts(), &text).lift_or_defer(&output)? {
        Lifted::Value(value) => (value, None),
        Lifted::Deferred { builder, leaf } => (leaf, Some(builder)),
    };
    state::set_pending(env, builder).map_err(|status| failure(env, status, "naming the output builder"))?;
    Ok(value)
}

/// The config's options with the call's applied over them (the config's error first).
fn with_call(options: &Result<Options, ConvertError>, call: &str) -> Result<Options, ConvertError> {
    let mut options = options.clone()?;
    options.apply_json(call)?;
    Ok(options)
}
