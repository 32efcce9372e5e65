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

/// The type of an option's value, as [`OPTIONS`] describes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionType {
    /// `true` or `false`.
    Bool,
    /// Any string.
    String,
    /// One of the listed strings.
    Enum(&'static [&'static str]),
    /// An integer ≥ 0.
    Count,
}

/// One option as the catalog lists it (see [`crate::catalog`]).
#[derive(Debug, Clone, Copy)]
pub struct OptionSpec {
    /// The snake_case name (the camelCase spelling is accepted too).
    pub name: &'static str,
    /// The type of its value.
    pub ty: OptionType,
    /// `null` is accepted (and means the default).
    pub nullable: bool,
    /// The default as JSON text (`null`: none, or the target's limit for the caps).
    pub default: &'static str,
    /// `extract_images` reads it too.
    pub extract: bool,
    /// It usually differs from call to call (an id): a binding that keeps parsed options for
    /// the next call applies it over them ([`Options::apply`]) instead of keying on it.
    pub per_call: bool,
    /// One line on what it does.
    pub doc: &'static str,
}

impl OptionSpec {
    /// The option `key` names: its snake_case name or the camelCase spelling of it.
    pub fn named(key: &str) -> Option<&'static OptionSpec> {
        OPTIONS.iter().find(|spec| is_option_name(key, spec.name))
    }
}

const fn spec(
    name: &'static str,
    ty: OptionType,
    nullable: bool,
    default: &'static str,
    extract: bool,
    doc: &'static str,
) -> OptionSpec {
    OptionSpec {
        name,
        ty,
        nullable,
        default,
        extract,
        per_call: false,
        doc,
    }
}

/// `spec` for an option that differs from call to call (see [`OptionSpec::per_call`]).
const fn per_call(spec: OptionSpec) -> OptionSpec {
    OptionSpec { per_call: true, ..spec }
}

/// Every option [`Options::from_value`] reads, in documentation order.
pub const OPTIONS: &[OptionSpec] = &[
    spec("strict", OptionType::Bool, false, "false", true,
        "Raise on the first repair instead of repairing."),
    spec("validate_base64", OptionType::Bool, false, "true", true,
        "Check that every payload is canonical base64 (repair or replace it if not)."),
    spec("sniff_mime", OptionType::Bool, false, "true", true,
        "Trust the payload's magic bytes over a contradicting `mimeType`."),
    spec("respect_audience", OptionType::Bool, false, "true", false,
        "Keep blocks whose audience excludes the assistant away from the model."),
    spec("binary", OptionType::Enum(&["inline", "marker"]), false, "\"inline\"", false,
        "`mcp` target: keep payloads inline or replace them by text markers."),
    spec("structured_content", OptionType::Enum(&["fallback", "prefer", "append", "ignore"]), false, "\"fallback\"", false,
        "How `structuredContent` reaches the model (`fallback`: only when no text says anything)."),
    per_call(spec("tool_call_id", OptionType::String, true, "null", false,
        "Id of the tool call, for targets whose item carries one.")),
    per_call(spec("tool_name", OptionType::String, true, "null", false,
        "Name of the tool, for targets whose item carries one.")),
    spec("payload", OptionType::Enum(&["wire", "sdk"]), false, "\"wire\"", false,
        "Payloads as base64 text (`wire`, the HTTP JSON form) or as bytes where the official SDK of `host` types the field as binary (`sdk`)."),
    spec("host", OptionType::Enum(&["python", "node", "go"]), true, "null", false,
        "The language whose SDK `payload: \"sdk\"` is for (required by it)."),
    spec("max_images", OptionType::Count, true, "null", true,
        "Most images one result may carry."),
    spec("max_image_bytes", OptionType::Count, true, "null", true,
        "Most decoded bytes of one media item."),
    spec("max_total_bytes", OptionType::Count, true, "null", true,
        "Most decoded bytes of all media of one result."),
    spec("max_image_dimension", OptionType::Count, true, "null", true,
        "Longest image side in pixels."),
    spec("fit_images", OptionType::Enum(&["limits", "recommended", "off"]), false, "\"limits\"", true,
        "Images over a limit: `limits` downscales and re-encodes them to fit, `recommended` also to the provider's recommended size, `off` gives markers (`image_resized` reports each fit)."),
    spec("images_in_request", OptionType::Count, true, "0", false,
        "Images the request already holds besides this result: past 20 in all, Anthropic's limit drops to 2000 px."),
    spec("max_text_chars", OptionType::Count, true, "null", false,
        "Most characters of text one result gives the model (`null`: no limit); the middle is cut, keeping head and tail (`text_truncated`)."),
];

impl Options {
    /// The defaults of a binding for `host`: payloads in the form that host's official provider
    /// SDKs take as-is (`payload: "sdk"`, `host`), the rest as [`Options::default`].
    pub fn for_host(host: Host) -> Options {
        Options {
            payload: PayloadForm::Sdk,
            host: Some(host),
            ..Options::default()
        }
    }

    /// Parses options given as JSON text (what [`Options::from_value`] takes; `""` means none).
    /// Text that is not JSON is `invalid_option` at `""`.
    pub fn from_json(text: &str) -> Result<Options, ConvertError> {
        let mut options = Options::default();
        options.apply_json(text)?;
        Ok(options)
    }

    /// Parses options from an object (snake_case or camelCase keys) or `null`.
    pub fn from_value(value: &Value<'_>) -> Result<Options, ConvertError> {
        let mut options = Options::default();
        options.apply(value)?;
        Ok(options)
    }

    /// Sets options given as JSON text over these, as [`Options::apply`] does (`""` sets none).
    /// Text that is not JSON is `invalid_option` at `""`.
    pub fn apply_json(&mut self, text: &str) -> Result<(), ConvertError> {
        if text.trim().is_empty() {
            return Ok(());
        }
        let value = crate::json::parse(text).map_err(|e| ConvertError::new(Code::InvalidOption, "", e.message()))?;
        self.apply(&value)
    }

    /// Sets the options of `value` (an object as [`Options::from_value`] reads, or `null`) over
    /// these; on an error some of them may be set.
    pub fn apply(&mut self, value: &Value<'_>) -> Result<(), ConvertError> {
        let map = match value {
            Value::Null => return Ok(()),
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
            let name = OptionSpec::named(key).map_or("", |spec| spec.name);
            match name {
                "strict" => self.strict = expect_bool(value, path, name)?,
                "validate_base64" => self.validate_base64 = expect_bool(value, path, name)?,
                "sniff_mime" => self.sniff_mime = expect_bool(value, path, name)?,
                "respect_audience" => self.respect_audience = expect_bool(value, path, name)?,
                "binary" => {
                    self.binary = match value.as_str() {
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
                    self.structured_content = match value.as_str() {
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
                    self.payload = match value.as_str() {
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
                    self.host = match value {
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
                "tool_call_id" => self.tool_call_id = expect_string(value, path, name)?,
                "tool_name" => self.tool_name = expect_string(value, path, name)?,
                "max_images" => self.max_images = expect_count(value, path, name)?,
                "max_image_bytes" => self.max_image_bytes = expect_count(value, path, name)?,
                "max_total_bytes" => self.max_total_bytes = expect_count(value, path, name)?,
                "max_image_dimension" => self.max_image_dimension = expect_count(value, path, name)?,
                "fit_images" => {
                    self.fit_images = match value.as_str() {
                        Some("limits") => FitImages::Limits,
                        Some("recommended") => FitImages::Recommended,
                        Some("off") => FitImages::Off,
                        _ => {
                            let message = "option fit_images must be one of limits, recommended, off";
                            return Err(ConvertError::new(Code::InvalidOption, path(), message));
                        }
                    }
                }
                "images_in_request" => self.images_in_request = expect_count(value, path, name)?.unwrap_or(0),
                "max_text_chars" => self.max_text_chars = expect_count(value, path, name)?,
                _ => {
                    return Err(ConvertError::new(
                        Code::InvalidOption,
                        path(),
                        format!("unknown option {key:?}"),
                    ))
                }
            }
        }
        if self.payload == PayloadForm::Sdk && self.host.is_none() {
            let message = "option payload \"sdk\" needs option host (python, node or go)";
            return Err(ConvertError::new(
                Code::InvalidOption,
                option_path(payload_key),
                message,
            ));
        }
        Ok(())
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
    crate::pointer::Loc::at("").key(key).render()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_reads_both_spellings_and_per_call_marks_the_ids() {
        assert_eq!(OptionSpec::named("toolCallId").map(|s| s.name), Some("tool_call_id"));
        assert_eq!(
            OptionSpec::named("max_text_chars").map(|s| s.name),
            Some("max_text_chars")
        );
        assert!(
            OptionSpec::named("tool_callId").is_some(),
            "each capital reads as `_` and its lower case"
        );
        assert!(OptionSpec::named("toolcallid").is_none());
        let per_call: Vec<_> = OPTIONS.iter().filter(|s| s.per_call).map(|s| s.name).collect();
        assert_eq!(per_call, ["tool_call_id", "tool_name"]);
    }

    #[test]
    fn apply_sets_only_the_options_given_over_the_others() {
        let base = r#"{"validateBase64":false,"host":"node","payload":"sdk","max_images":3}"#;
        let mut options = Options::from_json(base).unwrap();
        options
            .apply_json(r#"{"toolCallId":"call_1","tool_name":"shot"}"#)
            .unwrap();
        let merged = r#"{"validateBase64":false,"host":"node","payload":"sdk","max_images":3,"toolCallId":"call_1","tool_name":"shot"}"#;
        assert_eq!(options, Options::from_json(merged).unwrap());
        let before = options.clone();
        options.apply(&Value::Null).unwrap();
        options.apply_json(" ").unwrap();
        assert_eq!(options, before);
    }

    #[test]
    fn apply_reports_a_bad_value_at_its_key() {
        let mut options = Options::default();
        let error = options
            .apply(&crate::json::parse(r#"{"toolCallId":3}"#).unwrap())
            .unwrap_err();
        assert_eq!((error.code(), error.path()), (Code::InvalidOption, "/toolCallId"));
        let error = options
            .apply(&crate::json::parse(r#"{"payload":"sdk"}"#).unwrap())
            .unwrap_err();
        assert_eq!((error.code(), error.path()), (Code::InvalidOption, "/payload"));
        let error = options.apply_json("{").unwrap_err();
        assert_eq!((error.code(), error.path()), (Code::InvalidOption, ""));
    }
}
