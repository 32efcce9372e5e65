//! The core's `Value` → host values.
//!
//! A string the core passed through unchanged carries its host id and becomes the original
//! `str` object again (no copy); short strings the core made come from a table of Python
//! strings; every other string is new. A bytes value becomes `bytes`: the input's own `bytes`
//! object when the payload came from one unchanged, else a new one. Non-finite floats become
//! `None`, as they become `null` in JSON text.

use std::sync::{Mutex, MutexGuard};

use mcp_tool_result::{Bytes, Code, Number, Str, Value};
use pyo3::ffi;
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
/// hash them again (a kept string's hash is cached in the object, which also speeds up the
/// dict insert).
const SHORT_LEN: usize = 32;
/// How many short strings are kept: a direct-mapped table, where a string evicts the one in its
/// slot (so distinct values cannot grow it, and the constant keys come back at once).
const SHORT_SLOTS: usize = 256;

/// A kept string: its [`Words`] and text (compared on lookup) and the Python string.
struct Kept {
    words: Words,
    text: Box<str>,
    object: Py<PyString>,
}

type ShortStrings = Box<[Option<Kept>]>;
static SHORT: Mutex<Option<ShortStrings>> = Mutex::new(None);

/// A short text's length and its first and last eight bytes (zero-padded), read as words:
/// for a text of at most 16 bytes, equal words mean equal texts.
#[derive(PartialEq)]
struct Words {
    len: usize,
    head: u64,
    tail: u64,
}

impl Words {
    fn of(text: &str) -> Self {
        let bytes = text.as_bytes();
        let word = |part: &[u8]| match <[u8; 8]>::try_from(part) {
            Ok(all) => u64::from_le_bytes(all),
            Err(_) => part.iter().rev().fold(0, |word, &b| word << 8 | u64::from(b)),
        };
        let (head, tail) = if bytes.len() >= 8 {
            (word(&bytes[..8]), word(&bytes[bytes.len() - 8..]))
        } else {
            (word(bytes), 0)
        };
        Words {
            len: bytes.len(),
            head,
            tail,
        }
    }

    /// The slot of the text: a multiplicative hash of the words. A collision only costs a miss.
    fn slot(&self) -> usize {
        let hash = (self.head ^ self.tail.rotate_left(29) ^ self.len as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        // The top bits of the product mix every input bit; SHORT_SLOTS is 2^8.
        (hash >> 56) as usize
    }

    /// Whether `kept` is `text`, whose words these are.
    fn matches(&self, kept: &Kept, text: &str) -> bool {
        kept.words == *self && (self.len <= 16 || *kept.text == *text)
    }
}

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
                    let (key, item) = (self.string(&key), self.value(item)?);
                    // SAFETY: `dict` is a new dict, `key` a `str` and `item` a value, all live.
                    if unsafe { ffi::PyDict_SetItem(dict.as_ptr(), key.as_ptr(), item.as_ptr()) } != 0 {
                        return Err(PyErr::fetch(py));
                    }
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
        let slots = short.get_or_insert_with(|| (0..SHORT_SLOTS).map(|_| None).collect());
        let words = Words::of(text);
        let slot = &mut slots[words.slot()];
        if let Some(kept) = slot.as_ref().filter(|kept| words.matches(kept, text)) {
            return kept.object.bind(self.py).clone().into_any();
        }
        let new = PyString::new(self.py, text);
        *slot = Some(Kept {
            words,
            text: text.into(),
            object: new.clone().unbind(),
        });
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
                // Python refuses integers of more digits than sys.get_int_max_str_digits().
                py.get_type::<PyInt>().call1((text.as_ref(),)).map_err(|cause| {
                    let message = format!("an integer of {} digits is more than Python's int accepts", text.len());
                    error::caused(py, Code::UnsupportedValue, message, cause)
                })?
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
