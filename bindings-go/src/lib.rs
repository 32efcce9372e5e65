//! The Go-facing interface of `mcp-tool-result`, declared with UniFFI proc-macros.
//!
//! Go hands the core one JSON document per call (borrowed, not copied) and gets the conversion
//! back as JSON text plus typed diagnostics. The cgo package in `mcptoolresult/internal/ffi` is
//! generated from this crate's metadata by `generator/` (the in-repo `uniffi-go-gen`).

mod error;

use mcp_tool_result::{json, CodeKind, Options, Target, Value};

pub use error::ConvertError;

uniffi::setup_scaffolding!();

/// A conversion with the target's value and the attachments as compact JSON text.
#[derive(uniffi::Record)]
pub struct JsonConversion {
    /// The target's native value.
    pub output_json: Vec<u8>,
    /// A JSON array of items for a following user message; absent when there are none.
    pub attachments_json: Option<Vec<u8>>,
    /// Every repair, loss or notice, in input order.
    pub diagnostics: Vec<Diagnostic>,
}

/// One decision taken while converting.
#[derive(uniffi::Record)]
pub struct Diagnostic {
    /// Stable snake_case code of the rule that applied.
    pub code: String,
    /// Whether the input was repaired or the conversion only reports something.
    pub kind: DiagnosticKind,
    /// JSON Pointer into the input as given.
    pub path: String,
    /// Human-readable explanation.
    pub message: String,
}

/// How a diagnostic's code behaves in the two modes.
#[derive(uniffi::Enum)]
pub enum DiagnosticKind {
    /// A code that always raises (never seen in a diagnostic).
    Error,
    /// The input was repaired; strict mode raises instead.
    Repair,
    /// Reported in both modes, never raised.
    Notice,
}

/// Converts a `CallToolResult` given as UTF-8 JSON text for the target named `target`, with
/// options given as a JSON object (snake_case or camelCase keys; `None` for the defaults).
/// The input is borrowed for the duration of the call and never copied as a whole.
#[uniffi::export]
pub fn convert_json(
    input_json: &[u8],
    target: String,
    options_json: Option<String>,
) -> Result<JsonConversion, ConvertError> {
    let target: Target = target.parse()?;
    let options = match options_json {
        None => Options::default(),
        Some(text) => Options::from_value(&error::parse_options(&text)?)?,
    };
    let input = json::parse(error::utf8(input_json)?)?;
    let conversion = mcp_tool_result::convert(input, target, &options)?;
    let attachments_json = match conversion.attachments.is_empty() {
        true => None,
        false => Some(json::to_string(&Value::Array(conversion.attachments)).into_bytes()),
    };
    Ok(JsonConversion {
        output_json: json::to_string(&conversion.output).into_bytes(),
        attachments_json,
        diagnostics: conversion
            .diagnostics
            .into_iter()
            .map(Diagnostic::from)
            .collect(),
    })
}

/// The names of every target, in documentation order.
#[uniffi::export]
pub fn target_names() -> Vec<String> {
    mcp_tool_result::target_names()
        .into_iter()
        .map(String::from)
        .collect()
}

/// The deepest nesting of arrays and objects the core accepts; the Go side stops lowering
/// host values there.
#[uniffi::export]
pub fn max_depth() -> u32 {
    mcp_tool_result::MAX_DEPTH as u32
}

impl From<mcp_tool_result::Diagnostic> for Diagnostic {
    fn from(d: mcp_tool_result::Diagnostic) -> Self {
        let kind = match d.code.kind() {
            CodeKind::Error => DiagnosticKind::Error,
            CodeKind::Repair => DiagnosticKind::Repair,
            CodeKind::Notice => DiagnosticKind::Notice,
        };
        Diagnostic {
            code: d.code.as_str().to_owned(),
            kind,
            path: d.path,
            message: d.message,
        }
    }
}
