//! Node binding of `mcp-tool-result`: JS values in, one core call, JS values out.
//!
//! Every rule lives in the core. `api.js` turns a JS value into JSON text plus side "leaves"
//! (large strings, byte arrays); this crate parses and completes it ([`lower`]), calls the
//! core, lifts the result back to JS values ([`lift`]) and turns failures into `ConvertError`
//! exceptions ([`error`]). The async form runs the core call on a libuv worker ([`task`]).

mod configured;
mod error;
mod lift;
mod lower;
mod state;
mod task;
mod texts;

use mcp_tool_result::__private::PointerToken;
use mcp_tool_result::{json, Code, ConvertError, Door, Options, Value};
use napi::bindgen_prelude::{AsyncTask, Env, Object, Result, Unknown};
use napi::JsValue;
use napi_derive::napi;

use crate::lift::Lifter;
use crate::lower::{Lowerer, TextBuffer, STACK};
use crate::task::Input;
use crate::texts::Texts;

/// The deepest nesting of arrays and objects accepted (the `maxDepth` of `api.js`).
#[napi(skip_typescript)]
pub const MAX_DEPTH: u32 = mcp_tool_result::MAX_DEPTH as u32;

/// Reads `target` (a string) and `options` (JSON text) once and returns the id that
/// `convertConfigured` takes (see [`configured`]). A target that is not a string throws; an
/// unknown target or invalid options are kept and raised by each call that uses the id.
#[napi(skip_typescript)]
pub fn configure(env: &Env, target: Unknown<'_>, options: Unknown<'_>) -> Result<u32> {
    let texts = Texts::new();
    let mut lower = Lowerer::new(env.raw(), &texts);
    let config = (|| {
        let target = lower.text(target.raw(), Code::UnsupportedTarget, "the target")?;
        let options = lower.text(options.raw(), Code::InvalidOption, "the options")?;
        let options = Options::from_json(&options);
        Ok(state::Config {
            target: target.parse(),
            options,
        })
    })()
    .map_err(|failure| error::throw(env, failure))?;
    state::add_config(env.raw(), config)
        .map_err(|status| napi::Error::new(napi::Status::from(status), "cannot keep a config"))
}

/// Forgets the ids [`configure`] returned that are in `ids` (`index.js` calls it with every id
/// it cached before its cache grows past its bound).
#[napi(skip_typescript)]
pub fn forget_configs(env: &Env, ids: Vec<u32>) -> Result<()> {
    state::forget_configs(env.raw(), &ids)
        .map_err(|status| napi::Error::new(napi::Status::from(status), "cannot reach the env's state"))
}

/// Adds `convertConfigured`, a plain Node-API function (see [`configured`]), to the exports.
#[napi(module_exports)]
pub fn init(exports: Object<'_>, env: Env) -> Result<()> {
    configured::register(env.raw(), exports.raw())
        .map_err(|status| napi::Error::new(napi::Status::from(status), "cannot register convertConfigured"))
}

/// `convertConfigured` off the JS thread, with the target and options given as such: returns a
/// Promise of the same value, rejected with a `ConvertError`. The arguments are read now, on the
/// JS thread, into owned core values, and the target and options are checked there, before the
/// input (JSON text of the caller's own is parsed on the worker); the core call runs on a libuv
/// worker; the result is lifted on the JS thread when the promise settles. Arguments that cannot
/// be read throw here (`api.js` turns that into a rejection).
#[napi(skip_typescript)]
pub fn convert_lowered_async(
    env: &Env,
    text: Unknown<'_>,
    leaves: Unknown<'_>,
    target: Unknown<'_>,
    options: Unknown<'_>,
    output_only: bool,
) -> Result<AsyncTask<task::Conversion>> {
    let (texts, mut buffer): (_, TextBuffer) = (Texts::new(), [0; STACK]);
    let mut lower = Lowerer::detached(env.raw(), &texts);
    let conversion = (|| {
        let target = lower.text(target.raw(), Code::UnsupportedTarget, "the target")?;
        let options = lower.text(options.raw(), Code::InvalidOption, "the options")?;
        let text = lower.json_text(text.raw(), &mut buffer)?.into_owned();
        let (target, options) = (target.parse()?, Options::from_json(&options)?);
        let input = if has_leaves(&leaves) {
            Input::Value(lower.resolve(json::parse(&text)?, leaves.raw())?.into_owned())
        } else {
            Input::Json(text)
        };
        Ok(task::Conversion::new(input, target, options, output_only))
    })();
    conversion
        .map(AsyncTask::new)
        .map_err(|failure| error::throw(env, failure))
}

/// Extracts the images of `text` (JSON, with `leaves` as for `convertConfigured`): returns
/// `{images, text, diagnostics?}`.
#[napi(skip_typescript)]
pub fn extract_lowered<'e>(
    env: &'e Env,
    text: Unknown<'e>,
    leaves: Unknown<'e>,
    options: Unknown<'e>,
) -> Result<Unknown<'e>> {
    lowered(env, text, leaves, options, Door::ExtractImages, |input, options| {
        Ok(mcp_tool_result::extract_images(input, options)?.into_value())
    })
}

/// The names of every target, in documentation order.
#[napi(ts_return_type = "Target[]")]
pub fn target_names() -> Vec<&'static str> {
    mcp_tool_result::target_names()
}

/// The JSON Pointer of `tokens` (object keys, array indices as decimal strings), outermost
/// first: the path `api.js` gives a value it cannot lower.
#[napi(skip_typescript)]
pub fn json_pointer(tokens: Vec<String>) -> String {
    mcp_tool_result::__private::json_pointer(tokens.iter().map(|t| PointerToken::Key(t)))
}

/// Called by `index.js`: `[builders, pending]`, the array where it finds compiled output
/// builders and the `Int32Array` of one element where `convertConfigured` names the one to call
/// (the same two for every copy of `index.js` in the env), or `null` when the env refuses
/// external array buffers (see [`state`]).
#[napi(skip_typescript)]
pub fn register_builders<'e>(env: &'e Env) -> Result<Option<Vec<Unknown<'e>>>> {
    let registry = state::register_builders(env.raw())
        .map_err(|status| napi::Error::new(napi::Status::from(status), "cannot make the builders array"))?;
    // SAFETY: both values were created or read in this env during the current call.
    Ok(registry.map(|(builders, pending)| unsafe {
        vec![
            Unknown::from_raw_unchecked(env.raw(), builders),
            Unknown::from_raw_unchecked(env.raw(), pending),
        ]
    }))
}

/// Called by `index.js` with the `ConvertError` class of its `api.js`: returns the class that
/// every error of the env is made with, the one the first copy of `index.js` registered.
#[napi(skip_typescript)]
pub fn register_convert_error<'e>(env: &'e Env, class: Unknown<'e>) -> Result<Unknown<'e>> {
    let kept = state::register_error_class(env.raw(), class.raw())
        .map_err(|status| napi::Error::new(napi::Status::from(status), "cannot keep the ConvertError class"))?;
    // SAFETY: the class was given or read in this env during the current call.
    Ok(unsafe { Unknown::from_raw_unchecked(env.raw(), kept) })
}

/// Reads the options of `door` (JSON text) and the input (JSON text plus leaves), runs `core` and
/// lifts its result. The options are checked before the input.
fn lowered<'e>(
    env: &'e Env,
    text: Unknown<'e>,
    leaves: Unknown<'e>,
    options: Unknown<'e>,
    door: Door,
    core: impl for<'v> FnOnce(Value<'v>, &Options) -> std::result::Result<Value<'v>, ConvertError>,
) -> Result<Unknown<'e>> {
    let (texts, mut buffer): (_, TextBuffer) = (Texts::new(), [0; STACK]);
    let mut lower = Lowerer::new(env.raw(), &texts);
    let outcome = (|| {
        let options = lower.text(options.raw(), Code::InvalidOption, "the options")?;
        let text = lower.json_text(text.raw(), &mut buffer)?;
        let options = Options::from_json_for(door, &options)?;
        let mut input = json::parse(&text)?;
        if has_leaves(&leaves) {
            input = lower.resolve(input, leaves.raw())?;
        }
        let output = core(input, &options)?;
        Lifter::new(env.raw(), lower.hosts(), &text).lift(&output)
    })();
    match outcome {
        // SAFETY: the value was created in this env during the current call.
        Ok(v) => Ok(unsafe { Unknown::from_raw_unchecked(env.raw(), v) }),
        Err(failure) => Err(error::throw(env, failure)),
    }
}

/// Whether `leaves` is the array `api.js` built (not `null`: the text is the caller's JSON).
fn has_leaves(leaves: &Unknown<'_>) -> bool {
    !matches!(
        leaves.get_type(),
        Ok(napi::ValueType::Null | napi::ValueType::Undefined)
    )
}
