//! The core's `Value` → host values.
//!
//! A string the core passed through unchanged carries its host id and becomes the original
//! `str` object again (no copy); every other string is new. Non-finite floats become `None`,
//! as they become `null` in JSON text.

use mcp_tool_result::{Number, Str, Value};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PyInt, PyList, PyString};

use crate::lower::Hosts;

/// Builds the Python value of `value`.
pub fn value<'py>(
    py: Python<'py>,
    hosts: &Hosts<'py>,
    value: Value<'_>,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => number(py, n)?,
        Value::String(s) => string(py, hosts, &s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(self::value(py, hosts, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map.into_entries() {
                dict.set_item(string(py, hosts, &key), self::value(py, hosts, item)?)?;
            }
            dict.into_any()
        }
    })
}

fn string<'py>(py: Python<'py>, hosts: &Hosts<'py>, s: &Str<'_>) -> Bound<'py, PyAny> {
    match s.host_id().and_then(|id| hosts.get(id)) {
        Some(original) => original,
        None => PyString::new(py, s.as_str()).into_any(),
    }
}

fn number<'py>(py: Python<'py>, n: Number<'_>) -> PyResult<Bound<'py, PyAny>> {
    Ok(match n {
        Number::Int(i) => i.into_pyobject(py)?.into_any(),
        Number::UInt(u) => u.into_pyobject(py)?.into_any(),
        Number::Float(f) if f.is_finite() => PyFloat::new(py, f).into_any(),
        Number::Float(_) => py.None().into_bound(py),
        Number::Raw(text) => {
            if let Ok(i) = text.parse::<i64>() {
                i.into_pyobject(py)?.into_any()
            } else if is_integer_literal(&text) {
                py.get_type::<PyInt>().call1((text.as_ref(),))?
            } else {
                // A valid JSON number literal always parses (overflow gives ±inf, as json.loads).
                let f: f64 = text.parse().unwrap_or(f64::NAN);
                PyFloat::new(py, f).into_any()
            }
        }
    })
}

fn is_integer_literal(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}
