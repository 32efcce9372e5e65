//! The Go-facing interface of `mcp-tool-result`, declared with UniFFI proc-macros.
//!
//! Go hands the core one JSON document per call (borrowed, not copied) and gets the core's JSON
//! text back with the JSON Pointers of the values that are bytes: the same seam as the wasm
//! module's, so the Go package lifts both backends' answers with one code path. Every rule,
//! options parsing included, is the core's: the functions here only call its JSON-text entry
//! points ([`mcp_tool_result::convert_str`], `bytes_pointers`,
//! [`mcp_tool_result::extract_images_str`]). The cgo package in
//! `mcptoolresult/internal/ffi` is generated from this crate's metadata by `generator/` (the
//! in-repo `uniffi-go-gen`).
//!
//! JSON text crosses as one `String` returned as the call's buffer (UniFFI 0.32 writes a
//! `Vec<u8>` one byte at a time, and a record field costs a copy), with the long strings the
//! answer shares with the input written as leaves (see [`leaves`]), so Go copies a payload
//! once, from its input into its output.

mod error;
mod leaves;

use mcp_tool_result::__private::{bytes_pointers, PointerToken};
use mcp_tool_result::{json, Door, Options, Target, Value};

pub use error::ConvertError;

uniffi::setup_scaffolding!();

/// Converts a `CallToolResult` given as UTF-8 JSON text for the target named `target`, with
/// options given as JSON text (an object with snake_case or camelCase keys; `""` for the
/// defaults). The input is borrowed for the duration of the call and never copied as a whole.
///
/// Returns the Conversion as compact JSON text (which has no raw newline) with every long
/// string it shares with the input written as a leaf (see [`leaves`]), a newline, the JSON
/// array of the pointers into the Conversion where the value is bytes (base64 text, or its
/// leaf, there), a newline and the leaf table. One `String` crosses as the return buffer
/// itself, without the copy a record field would cost; the lists go last so that appending
/// them does not move the text.
#[uniffi::export]
pub fn convert(input_json: &[u8], target: String, options_json: String) -> Result<String, ConvertError> {
    let input = error::utf8(input_json)?;
    let target: Target = target.parse()?;
    let options = Options::from_json(&options_json)?;
    let conversion = mcp_tool_result::convert_str(input, target, &options)?.into_value();
    let pointers = bytes_pointers(&conversion).into_iter().map(Value::string).collect();
    Ok(answer(conversion, input, Value::Array(pointers)))
}

/// Finds the image blocks of any JSON value given as UTF-8 JSON text (the core's
/// `extract_images`), with options given as JSON text (`""` for the defaults); returns the
/// answer as [`convert`] does: the Extraction as compact JSON text, long strings it shares with
/// the input (the images' data) as leaves, a newline, `[]` (an Extraction holds no bytes), a
/// newline and the leaf table.
#[uniffi::export]
pub fn extract_images(input_json: &[u8], options_json: String) -> Result<String, ConvertError> {
    let input = error::utf8(input_json)?;
    let options = Options::from_json_for(Door::ExtractImages, &options_json)?;
    let extraction = mcp_tool_result::extract_images_str(input, &options)?.into_value();
    Ok(answer(extraction, input, Value::Array(Vec::new())))
}

/// `value` as JSON text with its leaves (see [`leaves`]), then the bytes pointers and the leaf
/// table, each after a newline.
fn answer(mut value: Value<'_>, input: &str, pointers: Value<'_>) -> String {
    let table = leaves::detach(&mut value, input);
    let mut text = json::to_string(&value);
    for list in [pointers, table] {
        text.push('\n');
        text.push_str(&json::to_string(&list));
    }
    text
}

/// The JSON Pointer of `tokens` (object keys, array indices in decimal), outermost first: the
/// path the Go package gives a value it cannot lower.
#[uniffi::export]
pub fn json_pointer(tokens: Vec<String>) -> String {
    mcp_tool_result::__private::json_pointer(tokens.iter().map(|t| PointerToken::Key(t)))
}

#[cfg(test)]
mod facts;
