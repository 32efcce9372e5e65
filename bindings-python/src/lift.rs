//! The core's `Value` → host values.
//!
//! A string the core passed through unchanged carries its host id and becomes the original
//! `str` object again (no copy); short strings the core made come from a table of Python
//! strings; every other string is new. A bytes value becomes `bytes`: the input's own `bytes`
//! object when the payload came from one unchanged, else a new one. Non-finite floats become
//! `None`, as they become `null` in JSON text.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Mutex, MutexGuard};

use mcp_tool_result::{Bytes, Number, Str, Value};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyFloat, PyInt, PyList, PyString};

use crate::lower::Hosts;
use crate::{error, DETACH_BYTES};

/// Builds the Python value of `value`.
pub fn value<'py>(py: Python<'py>, hosts: &Hosts<'py>, value: Value<'_>) -> PyResult<Bound<'py, PyAny>> {
    // `try_lock`: a finalizer run by the garbage collector during this call may convert too.
    let mut lifter = Lifter {
        py,
        hosts,
        short: SHORT.try_lock().ok(),
    };
    lifter.value(value)
}

/// Strings of at most this many bytes that the core made (keys such as `textResultForLlm`,
/// values such as `success`) are kept as Python strings, so each call does not allocate and
/// hash them again.
const SHORT_LEN: usize = 24;
/// How many short strings are kept (distinct short values beyond it are simply not kept).
const SHORT_MAX: usize = 512;

type ShortStrings = HashMap<Box<str>, Py<PyString>, BuildHasherDefault<Fnv1a>>;
static SHORT: Mutex<Option<ShortStrings>> = Mutex::new(None);

struct Lifter<'a, 'py> {
    py: Python<'py>,
    hosts: &'a Hosts<'py>,
    short: Option<MutexGuard<'static, Option<ShortStrings>>>,
}

impl<'py> Lifter<'_, 'py> {
    fn value(&mut self, value: Value<'_>) -> PyResult<Bound<'py, PyAny>> {
        let py = self.py;
        Ok(match value {
            Value::Null => py.None().into_bound(py),
            Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
            Value::Number(n) => number(py, n)?,
            Value::String(s) => self.string(&s),
            Value::Bytes(b) => match b.as_base64_str().host_id().and_then(|id| self.hosts.get(id)) {
                // The payload passed through unchanged: the input's own `bytes` object.
                Some(original) if original.is_exact_instance_of::<PyBytes>() => original,
                _ => bytes(py, &b)?,
            },
            Value::Array(items) => {
                let items = items
                    .into_iter()
                    .map(|item| self.value(item))
                    .collect::<PyResult<Vec<_>>>()?;
                PyList::new(py, items)?.into_any()
            }
            Value::Object(map) => {
                let dict = PyDict::new(py);
                for (key, item) in map.into_entries() {
                    dict.set_item(self.string(&key), self.value(item)?)?;
                }
                dict.into_any()
            }
        })
    }

    fn string(&mut self, s: &Str<'_>) -> Bound<'py, PyAny> {
        if let Some(original) = s.host_id().and_then(|id| self.hosts.get(id)) {
            if original.is_exact_instance_of::<PyString>() {
                return original;
            }
        }
        let text = s.as_str();
        let Some(short) = self.short.as_mut().filter(|_| text.len() <= SHORT_LEN) else {
            return PyString::new(self.py, text).into_any();
        };
        let short = short.get_or_insert_with(ShortStrings::default);
        if let Some(kept) = short.get(text) {
            return kept.bind(self.py).clone().into_any();
        }
        let new = PyString::new(self.py, text);
        if short.len() < SHORT_MAX {
            short.insert(text.into(), new.clone().unbind());
        }
        new.into_any()
    }
}

/// A bytes value as a new `bytes` object, decoded from its base64 straight into the object's
/// buffer (with the GIL released for large payloads: the object is not shared yet).
fn bytes<'py>(py: Python<'py>, b: &Bytes<'_>) -> PyResult<Bound<'py, PyAny>> {
    let len = b.decoded_len();
    let object = PyBytes::new_with(py, len, |out| {
        let result = if len >= DETACH_BYTES {
            py.detach(|| b.decode_into(out))
        } else {
            b.decode_into(out)
        };
        result.map_err(|e| error::from_core(py, &e))
    })?;
    Ok(object.into_any())
}

/// FNV-1a: a fast hash for the short-string table (keys are short and not adversarial:
/// a collision only costs a comparison).
#[derive(Default)]
struct Fnv1a(u64);

impl Hasher for Fnv1a {
    fn write(&mut self, bytes: &[u8]) {
        let mut hash = if self.0 == 0 { 0xcbf2_9ce4_8422_2325 } else { self.0 };
        for &b in bytes {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.0 = hash;
    }

    fn finish(&self) -> u64 {
        self.0
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
