//! `mcp_tool_result._native`: the private native module under the `mcp_tool_result` package,
//! which exports its conversion functions as they are (their doc comments are the docstrings).
//!
//! Each function lowers its arguments (see `lower`), adds the binding's option defaults (the
//! core's `Options::for_host(Host::Python)`), makes one core call and lifts the result (see
//! `lift`); errors map to the package's exceptions (see `error`).

mod error;
mod fastcall;
mod lift;
mod lower;
mod options;

use std::cell::Cell;
use std::sync::{Arc, OnceLock};

use mcp_tool_result::__private::{binding_defaults, convert_checked};
use mcp_tool_result::{json, Code, Conversion, ConvertError, Door, Host, Map, Options, Target, Value};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::lower::{Hosts, Lowered};
use crate::options::Kept;

/// Calls borrowing at least this many bytes of host text run with the GIL released.
pub(crate) const DETACH_BYTES: usize = 64 * 1024;

thread_local! {
    /// Set by [`detach_always`]: every core call of this thread runs with the GIL released.
    static DETACH_ALWAYS: Cell<bool> = const { Cell::new(false) };
}

/// Converts the value ``result`` for ``target`` (a ``str`` is a string value, not JSON text).
#[pyfunction]
#[pyo3(signature = (result, target, **options))]
fn convert<'py>(
    py: Python<'py>,
    result: &Bound<'py, PyAny>,
    target: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let target = text_argument(target, Code::UnsupportedTarget, "target")?;
    let hosts = Hosts::new();
    let input = lower::value(&hosts, result).map_err(|e| error::from_lower(py, e))?;
    let conversion = conversion(py, &hosts, Input::Value(input), target.parse(), options)?;
    lift::value(py, &hosts, conversion.into_value())
}

/// Converts the JSON text ``text`` (``str`` or UTF-8 bytes) for ``target``: what
/// ``convert(json.loads(text), target, **options)`` returns, without building the value.
#[pyfunction]
#[pyo3(signature = (text, target, **options))]
fn convert_json<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    target: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let target = text_argument(target, Code::UnsupportedTarget, "target")?;
    let hosts = Hosts::new();
    let text = lower::json_text(&hosts, text).map_err(|e| error::from_lower(py, e))?;
    let conversion = conversion(py, &hosts, Input::Json(text), target.parse(), options)?;
    lift::value(py, &hosts, conversion.into_value())
}

/// Converts for the GitHub Copilot SDK: the `ToolResultObject` wire dict alone (the `output`
/// of `convert(result, "copilot", **options)`). Its Python function is made in [`fastcall`].
fn to_copilot<'py>(
    py: Python<'py>,
    result: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let hosts = Hosts::new();
    let input = lower::value(&hosts, result).map_err(|e| error::from_lower(py, e))?;
    let conversion = conversion(py, &hosts, Input::Value(input), Ok(Target::Copilot), options)?;
    lift::value(py, &hosts, conversion.output)
}

/// What a call converts: a lowered host value, or JSON text the core parses.
enum Input<'h> {
    Value(Lowered<'h>),
    Json(&'h str),
}

impl<'h> Input<'h> {
    /// The value (JSON text is parsed here, inside the core call).
    fn into_value(self) -> Result<Value<'h>, ConvertError> {
        match self {
            Input::Value(lowered) => Ok(lowered.value),
            Input::Json(text) => json::parse(text),
        }
    }

    /// The value and, for a lowered one, whether it is lossy: lowering has checked its depth
    /// and strings as the core's walk would (JSON text is parsed here; the core checks it).
    fn into_checked(self) -> Result<(Value<'h>, Option<bool>), ConvertError> {
        match self {
            Input::Value(lowered) => Ok((lowered.value, Some(lowered.lossy))),
            Input::Json(text) => Ok((json::parse(text)?, None)),
        }
    }
}

/// Lowers `options` into `hosts` and converts `input` for `target`. The target's error comes
/// first, then the options', then the input's (its JSON text, then the conversion).
fn conversion<'h, 'py>(
    py: Python<'py>,
    hosts: &'h Hosts<'py>,
    input: Input<'h>,
    target: Result<Target, ConvertError>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Conversion<'h>> {
    // Parsed here, under the GIL (to keep them for the next call); an error in them is
    // reported after the target's.
    let options = match options {
        Some(kwargs) => Some(match options::recent(kwargs) {
            Some(Kept::Same(options)) => Ok(options),
            kept => {
                let (base, call) = match kept {
                    // Only the per-call options are lowered: the others are those of `base`.
                    Some(Kept::Base(base, per_call)) => {
                        let call = lower::call_options(hosts, kwargs, &per_call);
                        (Ok(base), call.map_err(|e| error::from_lower(py, e))?)
                    }
                    _ => {
                        let value = lower::options(hosts, Some(kwargs)).map_err(|e| error::from_lower(py, e))?;
                        let (value, call) = options::split(value);
                        (Options::from_value(&with_binding_defaults(value)).map(Arc::new), call)
                    }
                };
                base.and_then(|base| {
                    let full = options::with_call(&base, call)?;
                    options::keep(kwargs, &base, &full);
                    Ok(full)
                })
            }
        }),
        None => None,
    };
    core_call(py, hosts.borrowed_bytes(), || {
        let target = target?;
        let options = options.transpose()?;
        let (input, lossy) = input.into_checked()?;
        let options = match &options {
            Some(options) => options,
            None => default_options(),
        };
        match lossy {
            Some(lossy) => convert_checked(input, lossy, target, options),
            None => mcp_tool_result::convert(input, target, options),
        }
    })
}

/// The options of a call without keyword options: the binding's defaults, made once.
fn default_options() -> &'static Options {
    static DEFAULTS: OnceLock<Options> = OnceLock::new();
    DEFAULTS.get_or_init(|| Options::for_host(Host::Python))
}

/// The binding's own option defaults (the core's for Python: payloads in the form the official
/// Python SDKs accept as-is), where the caller gave none.
fn with_binding_defaults(options: Value<'_>) -> Value<'_> {
    let mut map = match options {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    for (key, value) in binding_defaults(Host::Python).into_entries() {
        if !map.contains_key(key.as_str()) {
            map.push(key, value);
        }
    }
    Value::Object(map)
}

/// Finds the MCP image blocks anywhere in the value ``value`` (any JSON-like value; a ``str``
/// is a string value) and applies the payload, MIME and cap rules.
#[pyfunction]
#[pyo3(signature = (value, **options))]
fn extract_images<'py>(
    py: Python<'py>,
    value: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let hosts = Hosts::new();
    let value = lower::value(&hosts, value).map_err(|e| error::from_lower(py, e))?;
    extraction(py, &hosts, Input::Value(value), options)
}

/// :func:`extract_images` for the value of the JSON text ``text`` (``str`` or UTF-8 bytes).
#[pyfunction]
#[pyo3(signature = (text, **options))]
fn extract_images_json<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let hosts = Hosts::new();
    let text = lower::json_text(&hosts, text).map_err(|e| error::from_lower(py, e))?;
    extraction(py, &hosts, Input::Json(text), options)
}

/// Lowers `options` into `hosts` and extracts the images of `input` (the options' error comes
/// before the input's).
fn extraction<'h, 'py>(
    py: Python<'py>,
    hosts: &'h Hosts<'py>,
    input: Input<'h>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let options = lower::options(hosts, options).map_err(|e| error::from_lower(py, e))?;
    let extraction = core_call(py, hosts.borrowed_bytes(), || {
        let options = Options::from_value_for(Door::ExtractImages, &options)?;
        mcp_tool_result::extract_images(input.into_value()?, &options).map(|x| x.into_value())
    })?;
    lift::value(py, hosts, extraction)
}

/// The names of every target, in documentation order.
#[pyfunction]
fn target_names() -> Vec<&'static str> {
    mcp_tool_result::target_names()
}

/// Makes every later core call of the calling thread run with the GIL released, whatever its
/// size (the initializer of the worker threads of the package's async functions).
#[pyfunction]
fn detach_always() {
    DETACH_ALWAYS.set(true);
}

/// Runs a core call, with the GIL released when it reads `bytes` or more of host text or the
/// thread asked for it ([`detach_always`]).
fn core_call<T: Send>(
    py: Python<'_>,
    bytes: usize,
    call: impl FnOnce() -> Result<T, ConvertError> + Send,
) -> PyResult<T> {
    let detach = bytes >= DETACH_BYTES || DETACH_ALWAYS.get();
    let result = if detach { py.detach(call) } else { call() };
    result.map_err(|e| error::from_core(py, &e))
}

/// A `str` argument, or the error `code` naming what it should have been.
fn text_argument<'a>(value: &'a Bound<'_, PyAny>, code: Code, what: &str) -> PyResult<&'a str> {
    let py = value.py();
    match value.cast::<PyString>() {
        Ok(s) => s
            .to_str()
            .map_err(|_| error::usage_as(py, code, format!("{what} holds a lone surrogate (not valid Unicode)"))),
        Err(_) => Err(error::usage_as(
            py,
            code,
            format!("{what} must be a str, not {}", value.get_type().name()?),
        )),
    }
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(convert_json, m)?)?;
    m.add_function(wrap_pyfunction!(extract_images, m)?)?;
    m.add_function(wrap_pyfunction!(extract_images_json, m)?)?;
    m.add_function(wrap_pyfunction!(target_names, m)?)?;
    m.add_function(wrap_pyfunction!(detach_always, m)?)?;
    m.add_function(fastcall::to_copilot(m)?)?;
    Ok(())
}
