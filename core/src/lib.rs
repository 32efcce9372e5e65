//! Convert MCP `CallToolResult` values into what each model provider accepts.
//!
//! One set of rules for every language: the Python, Node and Go bindings are thin layers over
//! the core. Three doors, as in `serde_json`:
//! - [`convert`] takes the crate's own [`Value`] model (what the bindings build);
//! - [`convert_str`] takes JSON text and borrows its strings (payloads are never copied);
//! - [`convert_json`] is all text: JSON in, target name, options as JSON text, JSON out.
//!
//! The result is a [`Conversion`] holding the target's native value, attachments for a
//! following user message, and the diagnostics of every repair or loss. [`extract_images`],
//! [`extract_images_str`] and [`extract_images_json`] are the same three for image extraction.
//!
//! ```
//! use mcp_tool_result::convert_json;
//! let out = convert_json(r#"{"content":[{"type":"text","text":"hi"}]}"#, "copilot", "{}").unwrap();
//! assert_eq!(out, r#"{"output":{"textResultForLlm":"hi","resultType":"success"}}"#);
//! ```

mod base64;
mod canonical;
pub mod catalog;
mod conversion;
mod depth;
mod error;
mod extract;
mod fields;
pub mod fit;
mod format;
mod host;
mod imagecheck;
mod imagesize;
pub mod json;
mod marker;
mod mime;
mod model;
pub mod models;
mod normalize;
mod omitted;
mod options;
mod parsed;
mod pointer;
mod svg;
mod targets;
pub mod tokens;

#[doc(hidden)]
#[path = "private/mod.rs"]
pub mod __private;

pub use conversion::Conversion;
pub use error::{Code, CodeKind, ConvertError, Diagnostic, ErrorFamily};
pub use extract::{extract_images, extract_images_json, extract_images_str, ExtractedImage, Extraction};
pub use model::{Bytes, Map, Number, Str, Value};
pub use omitted::Omitted;
pub use options::{Binary, Door, FitImages, Host, Options, PayloadForm, Structured, ValidateImages};
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
    let depth::Checked { value: input, lossy } = depth::check(input)?;
    __private::convert_checked(input, lossy, target, options)
}

/// Parses `input` (JSON text) and converts it: [`convert`] of [`json::parse`], without
/// [`convert`]'s walk over the input (the parser checks the nesting and notes lossy strings as
/// it reads). The Conversion borrows its strings from `input`.
pub fn convert_str<'a>(input: &'a str, target: Target, options: &Options) -> Result<Conversion<'a>, ConvertError> {
    let depth::Checked { value, lossy } = json::parse_checked(input)?;
    __private::convert_checked(value, lossy, target, options)
}

/// Converts JSON text for the target named `target`, with options given as JSON text (`""`
/// means none), and returns the Conversion as compact JSON text.
pub fn convert_json(input: &str, target: &str, options: &str) -> Result<String, ConvertError> {
    let target: Target = target.parse()?;
    let options = Options::from_json(options)?;
    Ok(json::to_string(&convert_str(input, target, &options)?.into_value()))
}

/// The names of every target, in documentation order.
pub fn target_names() -> Vec<&'static str> {
    Target::ALL.iter().map(|t| t.name()).collect()
}

/// Runs the README's Rust snippets as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

/// Runs the Rust snippets of docs/rust.md as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/rust.md")]
pub struct RustDocDoctests;
