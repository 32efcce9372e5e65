//! `to_copilot` in the fastcall convention (`METH_FASTCALL | METH_KEYWORDS`).
//!
//! `#[pyfunction]` gives a function with `**kwargs` the tuple-and-dict convention, where every
//! call packs its positional arguments into a new tuple first (about a twentieth of a small
//! `to_copilot` call). Here the arguments are read from the caller's own array, through the
//! same items of `pyo3::impl_` that `#[pyfunction]` expands to (PyO3's argument parser and
//! trampoline), so the signature, the `TypeError`s and the panic handling stay PyO3's.

use pyo3::ffi;
use pyo3::impl_::extract_argument::{DictVarkeywords, FunctionDescription, NoVarargs};
use pyo3::impl_::pyfunction::{PyFunctionDef, PyMethodDef, WrapPyFunctionArg};
use pyo3::prelude::*;
use pyo3::types::PyCFunction;

/// The `to_copilot` function object of the module `m`.
pub fn to_copilot<'py>(m: &Bound<'py, PyModule>) -> PyResult<Bound<'py, PyCFunction>> {
    static DEF: PyFunctionDef = PyFunctionDef::from_method_def(PyMethodDef::fastcall_cfunction_with_keywords(
        c"to_copilot",
        pyo3::impl_::trampoline::get_trampoline_function!(fastcall_cfunction_with_keywords, to_copilot_fastcall),
        // The text signature, then the docstring.
        c"to_copilot(result, **options)\n--\n\n\
Converts for the GitHub Copilot SDK: the ``ToolResultObject`` wire dict alone (the
``output`` of ``convert(result, \"copilot\", **options)``, which also has the diagnostics).",
    ));
    m.wrap_pyfunction(&DEF)
}

/// Parses the arguments of a `to_copilot` call, as `#[pyo3(signature = (result, **options))]`.
///
/// # Safety
/// The fastcall contract: `args` holds `nargs` positional arguments followed by one value per
/// name of the tuple `kwnames` (or NULL), all borrowed for the call.
unsafe fn to_copilot_fastcall(
    py: Python<'_>,
    _module: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> PyResult<*mut ffi::PyObject> {
    const DESCRIPTION: FunctionDescription = FunctionDescription {
        cls_name: None,
        func_name: "to_copilot",
        positional_parameter_names: &["result"],
        positional_only_parameters: 0,
        required_positional_parameters: 1,
        keyword_only_parameters: &[],
    };
    let mut output = [None];
    // SAFETY: the caller's contract is the one `extract_arguments_fastcall` requires.
    let ((), options) = unsafe {
        DESCRIPTION.extract_arguments_fastcall::<NoVarargs, DictVarkeywords>(py, args, nargs, kwnames, &mut output)?
    };
    // A required parameter: the parser has reported its absence already.
    let Some(result) = output[0] else {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "to_copilot() missing 1 required positional argument: 'result'",
        ));
    };
    crate::to_copilot(py, &result, options.as_ref()).map(Bound::into_ptr)
}
