//! Conversion options and their parsing from a value.

use crate::error::{Code, ConvertError};
use crate::model::Value;

/// What the `mcp` target does with payloads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Binary {
    /// Keep payloads inline.
    #[default]
    Inline,
    /// Replace every payload by a text marker.
    Marker,
}

/// Options of a conversion. `Default` gives the documented defaults.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Raise on the first repair instead of repairing.
    pub strict: bool,
    /// Check that every payload is base64.
    pub validate_base64: bool,
    /// Trust the payload's magic bytes over a contradicting `mimeType`.
    pub sniff_mime: bool,
    /// Keep blocks addressed to another audience away from the model.
    pub respect_audience: bool,
    /// `mcp` target: keep payloads or replace them by markers.
    pub binary: Binary,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            strict: false,
            validate_base64: true,
            sniff_mime: true,
            respect_audience: true,
            binary: Binary::Inline,
        }
    }
}

impl Options {
    /// Parses options from an object (snake_case or camelCase keys) or `null`.
    pub fn from_value(value: &Value<'_>) -> Result<Options, ConvertError> {
        let mut options = Options::default();
        let map = match value {
            Value::Null => return Ok(options),
            Value::Object(map) => map,
            other => {
                return Err(ConvertError::new(
                    Code::InvalidOption,
                    "",
                    format!("options must be an object, not {}", other.type_name()),
                ))
            }
        };
        for (key, value) in map.iter() {
            let name = canonical_option_name(key.as_str());
            let path = format!("/{}", crate::pointer::escape(key.as_str()));
            match name.as_str() {
                "strict" => options.strict = expect_bool(value, &path, &name)?,
                "validate_base64" => options.validate_base64 = expect_bool(value, &path, &name)?,
                "sniff_mime" => options.sniff_mime = expect_bool(value, &path, &name)?,
                "respect_audience" => options.respect_audience = expect_bool(value, &path, &name)?,
                "binary" => {
                    options.binary = match value.as_str() {
                        Some("inline") => Binary::Inline,
                        Some("marker") => Binary::Marker,
                        _ => {
                            return Err(ConvertError::new(
                                Code::InvalidOption,
                                path,
                                "option binary must be \"inline\" or \"marker\"",
                            ))
                        }
                    }
                }
                _ => {
                    return Err(ConvertError::new(
                        Code::InvalidOption,
                        path,
                        format!("unknown option {:?}", key.as_str()),
                    ))
                }
            }
        }
        Ok(options)
    }
}

fn expect_bool(value: &Value<'_>, path: &str, name: &str) -> Result<bool, ConvertError> {
    match value {
        Value::Bool(b) => Ok(*b),
        other => Err(ConvertError::new(
            Code::InvalidOption,
            path,
            format!("option {name} must be a boolean, not {}", other.type_name()),
        )),
    }
}

/// `validateBase64` → `validate_base64`; snake_case names pass unchanged.
fn canonical_option_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}
