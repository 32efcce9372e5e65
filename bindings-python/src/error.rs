//! Core errors → the Python exceptions of `mcp_tool_result._errors`.
//!
//! `ConvertError(ValueError)` carries `.code` (stable snake_case) and `.path` (JSON Pointer);
//! each error family has its own subclass, picked here once for every function.

use mcp_tool_result::{Code, ConvertError, ErrorFamily};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

use crate::lower::{pointer, LowerError, LowerFailure};

/// A core error as the Python exception of its family.
pub fn from_core(py: Python<'_>, error: &ConvertError) -> PyErr {
    raise(py, error.code(), &error.to_string(), error.path(), None)
}

/// A lowering error as a Python exception (or the Python exception itself, unchanged).
pub fn from_lower(py: Python<'_>, error: LowerError) -> PyErr {
    match *error.0 {
        LowerFailure::Raise(err) => err,
        LowerFailure::Convert {
            code,
            message,
            reversed_path,
            cause,
        } => {
            let path = pointer(&reversed_path);
            let error = ConvertError::new(code, path, message);
            raise(py, code, &error.to_string(), error.path(), cause)
        }
    }
}

/// An error the binding raises itself (an argument of the wrong type), with no path.
pub fn usage_as(py: Python<'_>, code: Code, message: String) -> PyErr {
    let error = ConvertError::new(code, "", message);
    raise(py, code, &error.to_string(), "", None)
}

/// An error the binding meets itself while it builds the output (no path), caused by `cause`.
pub fn caused(py: Python<'_>, code: Code, message: String, cause: PyErr) -> PyErr {
    let error = ConvertError::new(code, "", message);
    raise(py, code, &error.to_string(), "", Some(cause))
}

fn raise(py: Python<'_>, code: Code, message: &str, path: &str, cause: Option<PyErr>) -> PyErr {
    let class = match class(py, code.family()) {
        Ok(class) => class,
        Err(err) => return err,
    };
    let err = match class.call1((message, code.as_str(), path)) {
        Ok(instance) => PyErr::from_value(instance),
        Err(err) => err,
    };
    if let Some(cause) = cause {
        err.set_cause(py, Some(cause));
    }
    err
}

fn class(py: Python<'_>, family: ErrorFamily) -> PyResult<&Bound<'_, PyType>> {
    static INVALID_INPUT: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static NOT_FINAL: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static USAGE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static INTERNAL: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    const MODULE: &str = "mcp_tool_result._errors";
    match family {
        ErrorFamily::InvalidInput => INVALID_INPUT.import(py, MODULE, "InvalidInputError"),
        ErrorFamily::NotFinal => NOT_FINAL.import(py, MODULE, "NotFinalError"),
        ErrorFamily::Usage => USAGE.import(py, MODULE, "UsageError"),
        ErrorFamily::Internal => INTERNAL.import(py, MODULE, "InternalError"),
    }
}
