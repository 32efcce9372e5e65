//! `mcp_tool_result._native`: the private native module under the `mcp_tool_result` package.
//!
//! Each function lowers its arguments (see `lower`), makes one core call and lifts the result
//! (see `lift`); errors map to the package's exceptions (see `error`).

mod error;
mod lift;
mod lower;

use mcp_tool_result::{json, Code};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

use crate::lower::{Hosts, Input};

/// Inputs borrowing at least this many bytes are converted with the GIL released.
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
    let target = target_name(target)?;
    let hosts = Hosts::new();
    let input = lower::input(&hosts, result).map_err(|e| error::from_lower(py, e))?;
    let options = lower::options(&hosts, options).map_err(|e| error::from_lower(py, e))?;
    let run = || {
        let input = match input {
            Input::Value(value) => value,
            Input::Json(text) => json::parse(text)?,
        };
        mcp_tool_result::convert_value(input, target, &options)
    };
    let conversion = if hosts.borrowed_bytes() >= DETACH_BYTES {
        py.detach(run)
    } else {
        run()
    };
    let conversion = conversion.map_err(|e| error::from_core(py, &e))?;
    lift::value(py, &hosts, conversion.into_value())
}

/// The JSON-text door: JSON text (`str` or UTF-8 `bytes`) in, the Conversion as compact JSON
/// text out. `options_json` is a JSON object; `""` means the defaults.
#[pyfunction]
#[pyo3(signature = (text, target, options_json = ""))]
fn convert_json(
    py: Python<'_>,
    text: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    options_json: &str,
) -> PyResult<String> {
    let target = target_name(target)?;
    let text: &str = if let Ok(s) = text.cast::<PyString>() {
        s.to_str().map_err(|_| {
            error::usage_as(
                py,
                Code::InvalidJson,
                "JSON text holds a lone surrogate (not valid Unicode)".to_owned(),
            )
        })?
    } else if let Ok(b) = text.cast::<PyBytes>() {
        std::str::from_utf8(b.as_bytes()).map_err(|e| {
            error::usage_as(
                py,
                Code::InvalidJson,
                format!("JSON bytes are not UTF-8: {e}"),
            )
        })?
    } else {
        return Err(error::usage_as(
            py,
            Code::InvalidJson,
            format!(
                "JSON text must be str or bytes, not {}",
                text.get_type().name()?
            ),
        ));
    };
    let run = || json::convert_json(text, target, options_json);
    let out = if text.len() >= DETACH_BYTES {
        py.detach(run)
    } else {
        run()
    };
    out.map_err(|e| error::from_core(py, &e))
}

/// The names of every target, in documentation order.
#[pyfunction]
fn target_names() -> Vec<&'static str> {
    mcp_tool_result::target_names()
}

fn target_name<'a>(target: &'a Bound<'_, PyAny>) -> PyResult<&'a str> {
    match target.cast::<PyString>() {
        Ok(name) => name.to_str().map_err(|_| {
            error::usage_as(
                target.py(),
                Code::UnsupportedTarget,
                "target name is not valid Unicode".to_owned(),
            )
        }),
        Err(_) => Err(error::usage_as(
            target.py(),
            Code::UnsupportedTarget,
            format!("target must be a str, not {}", target.get_type().name()?),
        )),
    }
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(convert_json, m)?)?;
    m.add_function(wrap_pyfunction!(target_names, m)?)?;
    Ok(())
}
