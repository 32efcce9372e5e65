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

/// How `structuredContent` reaches the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Structured {
    /// Only when no text part says anything.
    #[default]
    Fallback,
    /// Instead of the text blocks (markers stay).
    Prefer,
    /// After everything else.
    Append,
    /// Never.
    Ignore,
}

/// The form of payloads the target's SDK types as binary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PayloadForm {
    /// Base64 text everywhere: the providers' HTTP JSON form.
    #[default]
    Wire,
    /// A [`crate::Bytes`] wherever the official SDK of [`Options::host`] types the field as binary.
    Sdk,
}

/// Whether images over a limit are downscaled and re-encoded (see [`crate::fit`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FitImages {
    /// Fit the images the provider would reject; a marker only when fitting is impossible.
    #[default]
    Limits,
    /// Also downscale to the target's recommended size.
    Recommended,
    /// Never fit: an image over a limit becomes a marker.
    Off,
}

/// The language whose official provider SDKs `payload: "sdk"` targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Host {
    /// Python (`boto3`, `google-genai`).
    Python,
    /// Node (`@aws-sdk/client-bedrock-runtime`, `@google/genai`).
    Node,
    /// Go (`aws-sdk-go-v2`, `google.golang.org/genai`).
    Go,
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
    /// How `structuredContent` reaches the model.
    pub structured_content: Structured,
    /// Id of the tool call, for targets whose item carries one.
    pub tool_call_id: Option<String>,
    /// Name of the tool, for targets whose item carries one.
    pub tool_name: Option<String>,
    /// Payloads as base64 text or as bytes where the host's SDK types them as binary.
    pub payload: PayloadForm,
    /// The host language `payload: "sdk"` is for (required by it).
    pub host: Option<Host>,
    /// Most images one result may carry (`None`: the target's default).
    pub max_images: Option<u64>,
    /// Most decoded bytes of one media item (`None`: the target's default).
    pub max_image_bytes: Option<u64>,
    /// Most decoded bytes of all media of one result (`None`: the target's default).
    pub max_total_bytes: Option<u64>,
    /// Longest image side in pixels (`None`: the target's default).
    pub max_image_dimension: Option<u64>,
    /// Fit images to the limits, also to the recommended size, or not at all.
    pub fit_images: FitImages,
    /// Images the request already holds besides this result (Anthropic's many-image rule).
    pub images_in_request: u64,
    /// Most characters of text one result gives the model (`None`: no limit).
    pub max_text_chars: Option<u64>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            strict: false,
            validate_base64: true,
            sniff_mime: true,
            respect_audience: true,
            binary: Binary::Inline,
            structured_content: Structured::Fallback,
            tool_call_id: None,
            tool_name: None,
            payload: PayloadForm::Wire,
            host: None,
            max_images: None,
            max_image_bytes: None,
            max_total_bytes: None,
            max_image_dimension: None,
            fit_images: FitImages::Limits,
            images_in_request: 0,
            max_text_chars: None,
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
        let mut payload_key = "";
        for (key, value) in map.iter() {
            let key = key.as_str();
            let path = || option_path(key);
            let Some(name) = OPTION_NAMES.iter().copied().find(|name| is_option_name(key, name)) else {
                return Err(ConvertError::new(
                    Code::InvalidOption,
                    path(),
                    format!("unknown option {key:?}"),
                ));
            };
            match name {
                "strict" => options.strict = expect_bool(value, path, name)?,
                "validate_base64" => options.validate_base64 = expect_bool(value, path, name)?,
                "sniff_mime" => options.sniff_mime = expect_bool(value, path, name)?,
                "respect_audience" => options.respect_audience = expect_bool(value, path, name)?,
                "binary" => {
                    options.binary = match value.as_str() {
                        Some("inline") => Binary::Inline,
                        Some("marker") => Binary::Marker,
                        _ => {
                            return Err(ConvertError::new(
                                Code::InvalidOption,
                                path(),
                                "option binary must be \"inline\" or \"marker\"",
                            ))
                        }
                    }
                }
                "structured_content" => {
                    options.structured_content = match value.as_str() {
                        Some("fallback") => Structured::Fallback,
                        Some("prefer") => Structured::Prefer,
                        Some("append") => Structured::Append,
                        Some("ignore") => Structured::Ignore,
                        _ => {
                            let message = "option structured_content must be one of fallback, prefer, append, ignore";
                            return Err(ConvertError::new(Code::InvalidOption, path(), message));
                        }
                    }
                }
                "payload" => {
                    options.payload = match value.as_str() {
                        Some("wire") => PayloadForm::Wire,
                        Some("sdk") => PayloadForm::Sdk,
                        _ => {
                            return Err(ConvertError::new(
                                Code::InvalidOption,
                                path(),
                                "option payload must be \"wire\" or \"sdk\"",
                            ))
                        }
                    };
                    payload_key = key;
                }
                "host" => {
                    options.host = match value {
                        Value::Null => None,
                        Value::String(s) if s.as_str() == "python" => Some(Host::Python),
                        Value::String(s) if s.as_str() == "node" => Some(Host::Node),
                        Value::String(s) if s.as_str() == "go" => Some(Host::Go),
                        _ => {
                            let message = "option host must be one of python, node, go";
                            return Err(ConvertError::new(Code::InvalidOption, path(), message));
                        }
                    }
                }
                "tool_call_id" => options.tool_call_id = expect_string(value, path, name)?,
                "tool_name" => options.tool_name = expect_string(value, path, name)?,
                "max_images" => options.max_images = expect_count(value, path, name)?,
                "max_image_bytes" => options.max_image_bytes = expect_count(value, path, name)?,
                "max_total_bytes" => options.max_total_bytes = expect_count(value, path, name)?,
                "max_image_dimension" => options.max_image_dimension = expect_count(value, path, name)?,
                "fit_images" => {
                    options.fit_images = match value.as_str() {
                        Some("limits") => FitImages::Limits,
                        Some("recommended") => FitImages::Recommended,
                        Some("off") => FitImages::Off,
                        _ => {
                            let message = "option fit_images must be one of limits, recommended, off";
                            return Err(ConvertError::new(Code::InvalidOption, path(), message));
                        }
                    }
                }
                "images_in_request" => options.images_in_request = expect_count(value, path, name)?.unwrap_or(0),
                // "max_text_chars", the last of `OPTION_NAMES`.
                _ => options.max_text_chars = expect_count(value, path, name)?,
            }
        }
        if options.payload == PayloadForm::Sdk && options.host.is_none() {
            let message = "option payload \"sdk\" needs option host (python, node or go)";
            return Err(ConvertError::new(
                Code::InvalidOption,
                option_path(payload_key),
                message,
            ));
        }
        Ok(options)
    }

    /// The host whose SDK form applies: `Some` only with `payload: "sdk"`.
    pub(crate) fn sdk_host(&self) -> Option<Host> {
        match self.payload {
            PayloadForm::Sdk => self.host,
            PayloadForm::Wire => None,
        }
    }
}

fn expect_bool(value: &Value<'_>, path: impl Fn() -> String, name: &str) -> Result<bool, ConvertError> {
    match value {
        Value::Bool(b) => Ok(*b),
        other => Err(ConvertError::new(
            Code::InvalidOption,
            path(),
            format!("option {name} must be a boolean, not {}", other.type_name()),
        )),
    }
}

fn expect_string(value: &Value<'_>, path: impl Fn() -> String, name: &str) -> Result<Option<String>, ConvertError> {
    match value {
        Value::Null => Ok(None),
        Value::String(s) => Ok(Some(s.as_str().to_owned())),
        other => Err(ConvertError::new(
            Code::InvalidOption,
            path(),
            format!("option {name} must be a string, not {}", other.type_name()),
        )),
    }
}

fn expect_count(value: &Value<'_>, path: impl Fn() -> String, name: &str) -> Result<Option<u64>, ConvertError> {
    if matches!(value, Value::Null) {
        return Ok(None);
    }
    let count = value.as_count();
    let message = || format!("option {name} must be a non-negative integer");
    count
        .map(Some)
        .ok_or_else(|| ConvertError::new(Code::InvalidOption, path(), message()))
}

/// Every option, by its snake_case name (the last one is matched by the catch-all arm).
const OPTION_NAMES: [&str; 17] = [
    "strict",
    "validate_base64",
    "sniff_mime",
    "respect_audience",
    "binary",
    "structured_content",
    "payload",
    "host",
    "tool_call_id",
    "tool_name",
    "max_images",
    "max_image_bytes",
    "max_total_bytes",
    "max_image_dimension",
    "fit_images",
    "images_in_request",
    "max_text_chars",
];

/// Whether `key` names the option `snake`: as given, or in camelCase (`validateBase64` is
/// `validate_base64`: each ASCII capital reads as `_` and its lower case). No allocation.
fn is_option_name(key: &str, snake: &str) -> bool {
    let mut expected = snake.bytes();
    for b in key.bytes() {
        if b.is_ascii_uppercase() {
            if expected.next() != Some(b'_') {
                return false;
            }
            if expected.next() != Some(b.to_ascii_lowercase()) {
                return false;
            }
        } else if expected.next() != Some(b) {
            return false;
        }
    }
    expected.next().is_none()
}

/// The JSON Pointer of the option `key` (built only for an error).
fn option_path(key: &str) -> String {
    format!("/{}", crate::pointer::escape(key))
}
