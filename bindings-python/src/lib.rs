//! `mcp_tool_result._native`: the private native module under the `mcp_tool_result` package.
//!
//! Each function lowers its arguments (see `lower`), makes one core call and lifts the result
//! (see `lift`); errors map to the package's exceptions (see `error`).

mod error;
mod lift;
mod lower;

use mcp_tool_result::{json, Code, Conversion, ConvertError, Target};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

use crate::lower::{Hosts, Input};

/// Calls borrowing at least this many bytes of host text run with the GIL released.
const DETACH_BYTES: usize = 64 * 1024;

/// Converts an MCP `CallToolResult` for `target`; returns the Conversion as a dict.
#[pyfunction]
#[pyo3(signature = (result, target, /, **options))]
fn convert<'py>(
    py: Python<'py>,
    result: &Bound<'py, PyAny>,
    target: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let target = text_argument(target, Code::UnsupportedTarget, "target")?;
    let hosts = Hosts::new();
    let conversion = conversion(py, &hosts, result, target, options)?;
    lift::value(py, &hosts, conversion.into_value())
}

/// Converts for the GitHub Copilot SDK; returns the Conversion's `output` alone (the
/// `ToolResultObject` wire dict).
#[pyfunction]
#[pyo3(signature = (result, /, **options))]
fn to_copilot<'py>(
    py: Python<'py>,
    result: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let hosts = Hosts::new();
    let conversion = conversion(py, &hosts, result, Target::Copilot.name(), options)?;
    lift::value(py, &hosts, conversion.output)
}

/// Lowers `result` and `options` into `hosts` and converts for `target`.
fn conversion<'h, 'py>(
    py: Python<'py>,
    hosts: &'h Hosts<'py>,
    result: &Bound<'py, PyAny>,
    target: &str,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Conversion<'h>> {
    let input = lower::input(hosts, result).map_err(|e| error::from_lower(py, e))?;
    let options = lower::options(hosts, options).map_err(|e| error::from_lower(py, e))?;
    core_call(py, hosts.borrowed_bytes(), || {
        let input = match input {
            Input::Value(value) => value,
            Input::Json(text) => json::parse(text)?,
        };
        mcp_tool_result::convert_value(input, target, &options)
    })
}

/// Finds the MCP image blocks anywhere in `value`; returns the Extraction as a dict.
#[pyfunction]
#[pyo3(signature = (value, /, **options))]
fn extract_images<'py>(
    py: Python<'py>,
    value: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let hosts = Hosts::new();
    let value = lower::value(&hosts, value).map_err(|e| error::from_lower(py, e))?;
    let options = lower::options(&hosts, options).map_err(|e| error::from_lower(py, e))?;
    let extraction = core_call(py, hosts.borrowed_bytes(), || {
        mcp_tool_result::extract_images_value(value, &options).map(|x| x.into_value())
    })?;
    lift::value(py, &hosts, extraction)
}

/// The JSON-text door of `convert`: JSON text (`str` or UTF-8 `bytes`) in, the Conversion as
/// compact JSON text out. `options_json` is a JSON object; `""` means the defaults.
#[pyfunction]
#[pyo3(signature = (text, target, options_json = ""))]
fn convert_json(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    options_json: &str,
) -> PyResult<String> {
    let target = text_argument(target, Code::UnsupportedTarget, "target")?;
    let text = json_text(text)?;
    core_call(py, text.len(), || json::convert_json(text, target, options_json))
}

/// The JSON-text door of `extract_images`: the Extraction as compact JSON text.
#[pyfunction]
#[pyo3(signature = (text, options_json = ""))]
fn extract_images_json(py: Python<'_>, text: &Bound<'_, PyAny>, options_json: &str) -> PyResult<String> {
    let text = json_text(text)?;
    core_call(py, text.len(), || json::extract_images_json(text, options_json))
}

/// The names of every target, in documentation order.
#[pyfunction]
fn target_names() -> Vec<&'static str> {
    mcp_tool_result::target_names()
}

/// Runs a core call, with the GIL released when it reads `bytes` or more of host text.
fn core_call<T: Send>(
    py: Python<'_>,
    bytes: usize,
    call: impl FnOnce() -> Result<T, ConvertError> + Send,
) -> PyResult<T> {
    let result = if bytes >= DETACH_BYTES { py.detach(call) } else { call() };
    result.map_err(|e| error::from_core(py, &e))
}

/// The text of a JSON-text argument: a `str` or UTF-8 `bytes`.
fn json_text<'a>(text: &'a Bound<'_, PyAny>) -> PyResult<&'a str> {
    if let Ok(bytes) = text.cast::<PyBytes>() {
        return std::str::from_utf8(bytes.as_bytes())
            .map_err(|e| error::usage_as(text.py(), Code::InvalidJson, format!("JSON bytes are not UTF-8: {e}")));
    }
    text_argument(text, Code::InvalidJson, "JSON text")
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
    m.add_function(wrap_pyfunction!(to_copilot, m)?)?;
    Ok(())
}
