//! The parsed options of recent calls, found again by the identity of their keyword arguments.
//!
//! Keyword options usually repeat from call to call (`validate_base64=False` at one call
//! site), and lowering and parsing them costs about as much as converting a small result. A
//! call whose option names are `str` and whose values are immutable scalars (`bool`, `int`,
//! `float`, `str`, `None`) is kept here with strong references to those objects: the same
//! objects in the same order mean the same options, so the next such call skips both steps.

use std::ptr;
use std::sync::{Arc, Mutex};

use mcp_tool_result::Options;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyString};
use smallvec::SmallVec;

/// How many distinct option sets are kept (the oldest is dropped first).
const KEPT: usize = 8;

/// The keyword arguments of one call: each name and value, in order.
type Arguments = SmallVec<[(Py<PyAny>, Py<PyAny>); 4]>;

static RECENT: Mutex<Vec<(Arguments, Arc<Options>)>> = Mutex::new(Vec::new());

/// The options parsed for keyword arguments that are the very objects of `kwargs`, in order.
pub fn recent(kwargs: &Bound<'_, PyDict>) -> Option<Arc<Options>> {
    // `try_lock`: a finalizer run by the garbage collector during this call may convert too.
    let recent = RECENT.try_lock().ok()?;
    let len = kwargs.len();
    recent
        .iter()
        .find(|(arguments, _)| arguments.len() == len && same_objects(kwargs, arguments))
        .map(|(_, options)| Arc::clone(options))
}

/// `options`, parsed for `kwargs`, kept for the next call with the same objects when they are
/// all immutable scalars.
pub fn keep(kwargs: &Bound<'_, PyDict>, options: Options) -> Arc<Options> {
    let options = Arc::new(options);
    let arguments: Arguments = kwargs
        .iter()
        .map(|(name, value)| (name.unbind(), value.unbind()))
        .collect();
    let py = kwargs.py();
    let immutable = arguments.iter().all(|(name, value)| {
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
        next != 0 && ptr::eq(name, kept_name.as_ptr()) && ptr::eq(value, kept_value.as_ptr())
    })
}
