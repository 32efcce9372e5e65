//! The Go-facing interface of `mcp-tool-result`, declared with UniFFI proc-macros.
//!
//! Go hands the core one JSON document per call (borrowed, not copied) and gets the result back
//! as JSON text plus typed diagnostics. Every rule, options parsing included, is the core's: the
//! functions here only call its JSON entry points ([`json::convert`], [`json::extract_images`],
//! [`json::convert_json`]) and move the results into records. The cgo package in
//! `mcptoolresult/internal/ffi` is generated from this crate's metadata by `generator/` (the
//! in-repo `uniffi-go-gen`).
//!
//! JSON text crosses as `String`, not `Vec<u8>`: UniFFI 0.32 writes a `Vec<u8>` field into the
//! return buffer one byte at a time, a `String` with one copy.

mod error;

use mcp_tool_result::{json, CodeKind, Value};

pub use error::ConvertError;

uniffi::setup_scaffolding!();

/// A conversion with the target's value and the attachments as compact JSON text.
#[derive(uniffi::Record)]
pub struct JsonConversion {
    /// The target's native value.
    pub output_json: String,
    /// A JSON array of items for a following user message; absent when there are none.
    pub attachments_json: Option<String>,
    /// Every repair, loss or notice, in input order.
    pub diagnostics: Vec<Diagnostic>,
}

/// What `extract_images` found in a value.
#[derive(uniffi::Record)]
pub struct Extraction {
    /// The accepted images, in document order.
    pub images: Vec<Image>,
    /// The value with each image replaced by its marker: the string itself when the value is a
    /// string, else its canonical JSON.
    pub text: String,
    /// Every repair and every image kept out by a cap.
    pub diagnostics: Vec<Diagnostic>,
}

/// One image found by `extract_images`.
#[derive(uniffi::Record)]
pub struct Image {
    /// Canonical base64.
    pub data: String,
    /// The MIME type (sniffed from the bytes when the declared one disagreed).
    pub mime_type: String,
    /// JSON Pointer of the image object in the value.
    pub path: String,
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
/// options given as JSON text (an object with snake_case or camelCase keys; `""` for the
/// defaults), through the core's `json::convert`. The input is borrowed for the duration of
/// the call and never copied as a whole.
#[uniffi::export]
pub fn convert_json(input_json: &[u8], target: String, options_json: String) -> Result<JsonConversion, ConvertError> {
    let conversion = json::convert(error::utf8(input_json)?, &target, &options_json)?;
    let attachments_json = match conversion.attachments.is_empty() {
        true => None,
        false => Some(json::to_string(&Value::Array(conversion.attachments))),
    };
    Ok(JsonConversion {
        output_json: json::to_string(&conversion.output),
        attachments_json,
        diagnostics: conversion.diagnostics.into_iter().map(Diagnostic::from).collect(),
    })
}

/// The whole Conversion (`{"output", "attachments"?, "diagnostics"?}`) as the compact JSON text
/// the core's `json::convert_json` writes; arguments as for `convert_json`.
#[uniffi::export]
pub fn convert_json_text(input_json: &[u8], target: String, options_json: String) -> Result<String, ConvertError> {
    Ok(json::convert_json(error::utf8(input_json)?, &target, &options_json)?)
}

/// Finds the image blocks of any JSON value given as UTF-8 JSON text (the core's
/// `extract_images`), with options given as JSON text (`""` for the defaults).
#[uniffi::export]
pub fn extract_images_json(input_json: &[u8], options_json: String) -> Result<Extraction, ConvertError> {
    let extraction = json::extract_images(error::utf8(input_json)?, &options_json)?;
    Ok(Extraction {
        images: extraction
            .images
            .into_iter()
            .map(|image| Image {
                data: image.data.as_str().to_owned(),
                mime_type: image.mime_type.as_str().to_owned(),
                path: image.path,
            })
            .collect(),
        text: extraction.text,
        diagnostics: extraction.diagnostics.into_iter().map(Diagnostic::from).collect(),
    })
}

/// The names of every target, in documentation order.
#[uniffi::export]
pub fn target_names() -> Vec<String> {
    mcp_tool_result::target_names().into_iter().map(String::from).collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The record door gives what the core's JSON door gives, errors included.
    #[test]
    fn extraction_matches_the_core_json_door() {
        let cases = [
            (
                r#"{"content":[{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/jpg"}]}"#,
                "",
            ),
            (r#"[{"type":"image","data":"iVBORw0KGgo"}]"#, r#"{"strict":true}"#),
            (r#"[{"type":"image","data":"iVBORw0KGgo="}]"#, r#"{"max_images":0}"#),
            (r#"{"content":["#, r#"{"max_imgs":1}"#),
            (r#"{"content":[]}"#, r#"{"max_imgs":1}"#),
            (r#"{"content":[]}"#, "{"),
        ];
        for (input, options) in cases {
            let ours = extract_images_json(input.as_bytes(), options.to_owned());
            let core = json::extract_images_json(input, options);
            match (ours, core) {
                (Ok(ours), Ok(core)) => {
                    let Value::Object(core) = json::parse(&core).unwrap() else {
                        panic!("object expected")
                    };
                    assert_eq!(Some(&Value::string(ours.text)), core.get("text"), "{input}");
                    let len = |key| match core.get(key) {
                        Some(Value::Array(items)) => items.len(),
                        _ => 0,
                    };
                    assert_eq!(ours.images.len(), len("images"), "{input}");
                    assert_eq!(ours.diagnostics.len(), len("diagnostics"), "{input}");
                }
                (Err(ours), Err(core)) => assert_eq!(ours.to_string(), ConvertError::from(core).to_string()),
                (ours, core) => panic!("{input} {options}: ours {:?}, core {core:?}", ours.is_ok()),
            }
        }
    }
}
