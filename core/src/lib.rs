//! Convert MCP `CallToolResult` values into what each model provider accepts.
//!
//! One set of rules for every language: the Python, Node and Go bindings are thin layers over
//! [`convert`]. Input is the crate's own [`Value`] model (or JSON text through [`json`]); the
//! result is a [`Conversion`] holding the target's native value, attachments for a following
//! user message, and the diagnostics of every repair or loss.
//!
//! ```
//! use mcp_tool_result::{convert_json};
//! let out = convert_json(r#"{"content":[{"type":"text","text":"hi"}]}"#, "copilot", "{}").unwrap();
//! assert_eq!(out, r#"{"output":{"textResultForLlm":"hi","resultType":"success"}}"#);
//! ```

mod base64;
mod canonical;
mod conversion;
mod depth;
mod error;
mod extract;
mod fields;
pub mod fit;
mod imagesize;
pub mod json;
mod marker;
mod mime;
mod model;
mod normalize;
mod options;
mod parsed;
mod pointer;
mod targets;

pub use conversion::Conversion;
pub use error::{Code, CodeKind, ConvertError, Diagnostic, ErrorFamily};
pub use extract::{extract_images, extract_images_value, ExtractedImage, Extraction};
pub use json::convert_json;
pub use model::{Bytes, HostId, Map, Number, Str, Value};
pub use options::{Binary, FitImages, Host, Options, PayloadForm, Structured};
pub use targets::Target;

/// The deepest nesting of arrays and objects accepted anywhere in an input.
pub const MAX_DEPTH: usize = 512;

/// Converts `input` for `target`.
///
/// Takes the input by value so that payload strings move into the output without copies.
///
/// With `payload: "sdk"`, payloads are validated (as with `validate_base64: true`) for targets
/// where some become [`Bytes`]: bytes are decoded from canonical base64 only.
pub fn convert<'a>(input: Value<'a>, target: Target, options: &Options) -> Result<Conversion<'a>, ConvertError> {
    let validated;
    let options = match options.sdk_host() {
        Some(host) if !options.validate_base64 && targets::payload::target_has_bytes(target, host) => {
            validated = Options {
                validate_base64: true,
                ..options.clone()
            };
            &validated
        }
        _ => options,
    };
    let input = depth::check(input)?;
    let mut ctx = normalize::Context::new(options);
    let result = if target == Target::AnthropicMcp {
        normalize::normalize_replay(input, &mut ctx)?
    } else {
        normalize::normalize(input, &mut ctx)?
    };
    targets::check_tool_call_id(target, &result, &mut ctx)?;
    Ok(targets::render(target, result, &mut ctx))
}

/// Converts with the target given by name and the options given as a value (an object with
/// snake_case or camelCase keys, or `null`). This is the entry point the bindings use.
pub fn convert_value<'a>(input: Value<'a>, target: &str, options: &Value<'_>) -> Result<Conversion<'a>, ConvertError> {
    let target: Target = target.parse()?;
    let options = Options::from_value(options)?;
    convert(input, target, &options)
}

/// The names of every target, in documentation order.
pub fn target_names() -> Vec<&'static str> {
    Target::ALL.iter().map(|t| t.name()).collect()
}

/// Runs the README's Rust snippets as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
