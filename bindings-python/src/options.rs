//! The parsed options of recent calls, found again by the identity of their keyword arguments.
//!
//! Keyword options usually repeat from call to call (`validate_base64=False` at one call
//! site), and lowering and parsing them costs about as much as converting a small result. A
//! call whose option names are `str` and whose values are immutable scalars (`bool`, `int`,
//! `float`, `str`, `None`) is kept here with strong references to those objects: the same
//! objects in the same order mean the same options, so the next such call skips both steps.
//!
//! Options that differ from call to call (`tool_call_id`: see `OptionSpec::per_call`) are
//! applied over the options kept without them when only they differ, so that a new id per call
//! does not parse the others again.

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

/// One keyword argument of a kept call: its name, its value (`None`: not an immutable
/// scalar, so never the same), and whether it is a per-call option.
struct Argument {
    name: Py<PyAny>,
    value: Option<Py<PyAny>>,
    per_call: bool,
}

/// The options parsed for the keyword arguments of one call.
struct Entry {
    arguments: SmallVec<[Argument; 4]>,
    /// Without the per-call options.
    base: Arc<Options>,
    /// With them (the values in `arguments`).
    full: Arc<Options>,
}

static RECENT: Mutex<Vec<Entry>> = Mutex::new(Vec::new());

/// What was kept for the keyword arguments of a call.
pub enum Kept {
    /// Every argument is the very object of a kept call: its options.
    Same(Arc<Options>),
    /// Only per-call options differ: the options without them, to apply them over, and
    /// which keyword arguments (in order) are per-call options.
    Base(Arc<Options>, SmallVec<[bool; 4]>),
}

/// The options kept for keyword arguments that are the very objects of `kwargs`, in order,
/// or that differ in per-call options alone.
pub fn recent(kwargs: &Bound<'_, PyDict>) -> Option<Kept> {
    // `try_lock`: a finalizer run by the garbage collector during this call may convert too.
    let recent = RECENT.try_lock().ok()?;
    let len = kwargs.len();
    recent.iter().find_map(|entry| {
        if entry.arguments.len() != len {
            return None;
        }
        match compare(kwargs, &entry.arguments)? {
            true => Some(Kept::Same(Arc::clone(&entry.full))),
            false => Some(Kept::Base(
                Arc::clone(&entry.base),
                entry.arguments.iter().map(|a| a.per_call).collect(),
            )),
        }
    })
}

/// Keeps `base` and `full`, parsed for `kwargs` (without and with its per-call options), for
/// the next call with the same objects, when the others are all immutable scalars. The entry of
/// `base` (when it came from [`recent`]) takes the new per-call values.
pub fn keep(kwargs: &Bound<'_, PyDict>, base: &Arc<Options>, full: &Arc<Options>) {
    let Ok(mut recent) = RECENT.try_lock() else { return };
    if let Some(kept) = recent.iter_mut().find(|kept| Arc::ptr_eq(&kept.base, base)) {
        // `recent` matched the names in this order.
        let (mut pos, mut name, mut value) = (0, ptr::null_mut(), ptr::null_mut());
        for argument in kept.arguments.iter_mut() {
            // SAFETY: `kwargs` is a live dict, and no Python code runs while this reads it.
            if unsafe { ffi::PyDict_Next(kwargs.as_ptr(), &mut pos, &mut name, &mut value) } == 0 {
                break;
            }
            if argument.per_call {
                // SAFETY: `PyDict_Next` returned true: a valid borrowed reference, made strong.
                let value = unsafe { Bound::from_borrowed_ptr(kwargs.py(), value) };
                argument.value = is_immutable_scalar(&value).then(|| value.unbind());
            }
        }
        kept.full = Arc::clone(full);
        return;
    }
    let arguments: SmallVec<[Argument; 4]> = kwargs
        .iter()
        .map(|(name, value)| Argument {
            per_call: name.extract::<&str>().is_ok_and(is_per_call),
            value: (name.is_exact_instance_of::<PyString>() && is_immutable_scalar(&value)).then(|| value.unbind()),
            name: name.unbind(),
        })
        .collect();
    if arguments.iter().any(|a| a.value.is_none() && !a.per_call) {
        return;
    }
    if recent.len() == KEPT {
        recent.remove(0);
    }
    recent.push(Entry {
        arguments,
        base: Arc::clone(base),
        full: Arc::clone(full),
    });
}

/// Whether `value` stands for its value by its identity: `None`, or an exact `bool`, `int`, `float`
/// or `str`.
fn is_immutable_scalar(value: &Bound<'_, PyAny>) -> bool {
    value.is_none()
        || value.is_exact_instance_of::<PyBool>()
        || value.is_exact_instance_of::<PyInt>()
        || value.is_exact_instance_of::<PyFloat>()
        || value.is_exact_instance_of::<PyString>()
}

/// Whether `kwargs` holds the names of `arguments` (as many entries) and the very objects of
/// their values, in order: `Some(true)` for every value, `Some(false)` for all but per-call
/// ones, `None` otherwise.
fn compare(kwargs: &Bound<'_, PyDict>, arguments: &[Argument]) -> Option<bool> {
    let (mut pos, mut name, mut value) = (0, ptr::null_mut(), ptr::null_mut());
    let mut same = true;
    for argument in arguments {
        // SAFETY: `kwargs` is a live dict, and no Python code runs while this reads it
        // (`PyDict_Next` calls no `__eq__` or `__hash__`); the pointers are only compared.
        let next = unsafe { ffi::PyDict_Next(kwargs.as_ptr(), &mut pos, &mut name, &mut value) };
        if next == 0 || !ptr::eq(name, argument.name.as_ptr()) {
            return None;
        }
        if !argument
            .value
            .as_ref()
            .is_some_and(|kept| ptr::eq(value, kept.as_ptr()))
        {
            if !argument.per_call {
                return None;
            }
            same = false;
        }
    }
    Some(same)
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
pub fn with_call(options: &Arc<Options>, call: Map<'_>) -> Result<Arc<Options>, ConvertError> {
    if call.is_empty() {
        return Ok(Arc::clone(options));
    }
    let mut options = Options::clone(options);
    options.apply(&Value::Object(call))?;
    Ok(Arc::new(options))
}
