//! The async form of a conversion: a napi-rs [`ScopedTask`] whose core call runs on a libuv
//! worker thread.
//!
//! Everything that touches JS happens on the JS thread: the arguments are read into owned core
//! values before the task is queued ([`crate::convert_lowered_async`]), and the result is lifted
//! (or the `ConvertError` built) in [`ScopedTask::resolve`]. The worker only sees owned Rust
//! values, so no JS handle crosses threads; host strings are copied rather than shared, since a
//! `napi_value` is valid only in the call that received it.

use std::panic::{self, AssertUnwindSafe};

use mcp_tool_result::{json, Code, ConvertError, Options, Target, Value};
use napi::bindgen_prelude::{Env, Result, Unknown};
use napi::ScopedTask;

use crate::error;
use crate::lift::Lifter;

/// The input of an async conversion, read on the JS thread.
pub(crate) enum Input {
    /// The caller's own JSON text, parsed on the worker.
    Json(String),
    /// A lowered value (`api.js` text completed with its leaves), already detached from JS.
    Value(Value<'static>),
}

/// One queued conversion, its target and options already checked. `input` is taken by
/// [`ScopedTask::compute`].
pub struct Conversion {
    input: Option<Input>,
    target: Target,
    options: Options,
    output_only: bool,
}

impl Conversion {
    pub(crate) fn new(input: Input, target: Target, options: Options, output_only: bool) -> Self {
        Conversion {
            input: Some(input),
            target,
            options,
            output_only,
        }
    }

    fn run(&self, input: Input) -> std::result::Result<Value<'static>, ConvertError> {
        match input {
            Input::Json(text) => Ok(self.convert(json::parse(&text)?)?.into_owned()),
            Input::Value(value) => self.convert(value),
        }
    }

    fn convert<'v>(&self, input: Value<'v>) -> std::result::Result<Value<'v>, ConvertError> {
        let conversion = mcp_tool_result::convert(input, self.target, &self.options)?;
        Ok(if self.output_only {
            conversion.output
        } else {
            conversion.into_value()
        })
    }
}

impl<'task> ScopedTask<'task> for Conversion {
    type Output = std::result::Result<Value<'static>, ConvertError>;
    type JsValue = Unknown<'task>;

    fn compute(&mut self) -> Result<Self::Output> {
        let Some(input) = self.input.take() else {
            return Ok(Err(internal("the task ran twice")));
        };
        // The core does not panic (core/tests/no_panic.rs); should it ever, the promise rejects
        // with `internal_error` instead of a panic unwinding out of a libuv callback.
        Ok(panic::catch_unwind(AssertUnwindSafe(|| self.run(input)))
            .unwrap_or_else(|_| Err(internal("the core panicked"))))
    }

    fn resolve(&mut self, env: &'task Env, output: Self::Output) -> Result<Unknown<'task>> {
        let lifted = output
            .map_err(error::Failure::from)
            .and_then(|value| Lifter::new(env.raw(), &[], "").lift(&value));
        match lifted {
            // SAFETY: the value was created in this env during the current callback.
            Ok(v) => Ok(unsafe { Unknown::from_raw_unchecked(env.raw(), v) }),
            Err(failure) => Err(error::rejection(env, failure)),
        }
    }
}

fn internal(message: &str) -> ConvertError {
    ConvertError::new(Code::InternalError, "", message)
}
