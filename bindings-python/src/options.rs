//! The parsed options of recent calls, found again by the identity of their keyword arguments.
//!
//! Keyword options usually repeat from call to call (`validate_base64=False` at one call
//! site), and lowering and parsing them costs about as much as converting a small result. A
//! call whose option names are `str` and whose values are immutable scalars (`bool`, `int`,
//! `float`, `str`, `None`) is kept here with strong references to those objects: the same
//! objects in the same order mean the same options, so the next such call skips both steps.
//!
//! Options that differ from call to call (`tool_call_id`: see `OptionSpec::per_call`) are kept
//! out of that: the options are kept without them, matched by their name alone, and applied
//! over the kept ones on each call.

use std::ptr;
use std::sync::{Arc, Mutex};

use mcp_tool_result::catalog::OptionSpec;
use mcp_tool_result::{ConvertError, Map, Options, Value};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyString};
use smallvec::SmallVec;

/// How many distinct option sets are kept (the oldest is dropped first).
const KEPT: usize = 8;

/// The keyword arguments of one call: each name and value (`None` for a per-call option), in
/// order.
type Arguments = SmallVec<[(Py<PyAny>, Option<Py<PyAny>>); 4]>;

static RECENT: Mutex<Vec<(Arguments, Arc<Options>)>> = Mutex::new(Vec::new());

/// Options kept for the keyword arguments of a call.
pub struct Kept {
    /// The options without the per-call ones.
    pub options: Arc<Options>,
    /// Whether the call gives per-call options too (to apply with [`with_call`]).
    pub per_call: bool,
}

/// The options parsed for keyword arguments that are the very objects of `kwargs`, in order
/// (per-call options by their name alone).
pub fn recent(kwargs: &Bound<'_, PyDict>) -> Option<Kept> {
    // `try_lock`: a finalizer run by the garbage collector during this call may convert too.
    let recent = RECENT.try_lock().ok()?;
    let len = kwargs.len();
    recent
        .iter()
        .find(|(arguments, _)| arguments.len() == len && same_objects(kwargs, arguments))
        .map(|(arguments, options)| Kept {
            options: Arc::clone(options),
            per_call: arguments.iter().any(|(_, value)| value.is_none()),
        })
}

/// `options`, parsed for `kwargs` without its per-call options, kept for the next call with
/// the same objects when they are all immutable scalars.
pub fn keep(kwargs: &Bound<'_, PyDict>, options: Options) -> Arc<Options> {
    let options = Arc::new(options);
    let arguments: Arguments = kwargs
        .iter()
        .map(|(name, value)| {
            let per_call = name.extract::<&str>().is_ok_and(is_per_call);
            (name.unbind(), (!per_call).then(|| value.unbind()))
        })
        .collect();
    let py = kwargs.py();
    let immutable = arguments.iter().all(|(name, value)| {
        let Some(value) = value else { return true };
        let value = value.bind(py);
        name.bind(py).is_exact_instance_of::<PyString>()
            && (value.is_none()
                || value.is_exact_instance_of::<PyBool>()
                || value.is_exact_instance_of::<PyInt>()
                || value.is_exact_instance_of::<PyFloat>()
                || value.is_exact_instance_of::<PyString>())
    });
    if immutable {
        if let Ok(mut recent) = RECENT.try_lock() {
            if recent.len() == KEPT {
                recent.remove(0);
            }
            recent.push((arguments, Arc::clone(&options)));
        }
    }
    options
}

/// Whether `kwargs` holds exactly the objects of `arguments` (as many entries), in order.
fn same_objects(kwargs: &Bound<'_, PyDict>, arguments: &Arguments) -> bool {
    let (mut pos, mut name, mut value) = (0, ptr::null_mut(), ptr::null_mut());
    arguments.iter().all(|(kept_name, kept_value)| {
        // SAFETY: `kwargs` is a live dict, and no Python code runs while this reads it
        // (`PyDict_Next` calls no `__eq__` or `__hash__`); the pointers are only compared.
        let next = unsafe { ffi::PyDict_Next(kwargs.as_ptr(), &mut pos, &mut name, &mut value) };
        next != 0
            && ptr::eq(name, kept_name.as_ptr())
            && kept_value.as_ref().is_none_or(|kept| ptr::eq(value, kept.as_ptr()))
    })
}

/// Whether the option `name` differs from call to call.
fn is_per_call(name: &str) -> bool {
    OptionSpec::named(name).is_some_and(|spec| spec.per_call)
}

/// The lowered options `value` split into those kept from call to call and the per-call ones.
pub fn split(value: Value<'_>) -> (Value<'_>, Map<'_>) {
    let Value::Object(map) = value else {
        return (value, Map::new());
    };
    let (mut kept, mut call) = (Map::with_capacity(map.len()), Map::new());
    for (key, value) in map.into_entries() {
        if is_per_call(key.as_str()) {
            &mut call
        } else {
            &mut kept
        }
        .push(key, value);
    }
    (Value::Object(kept), call)
}

/// `options` with the per-call options `call` applied over them.
pub fn with_call(options: Arc<Options>, call: Map<'_>) -> Result<Arc<Options>, ConvertError> {
    if call.is_empty() {
        return Ok(options);
    }
    let mut options = Arc::unwrap_or_clone(options);
    options.apply(&Value::Object(call))?;
    Ok(Arc::new(options))
}
