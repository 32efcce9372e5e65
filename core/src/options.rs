//! Conversion options and their parsing from a value.

use crate::error::{Code, ConvertError};
use crate::model::Value;

/// Declares an option's enum with its values listed once: each variant with the string that
/// names it. The first variant (`#[default]` where the type derives `Default`) comes first in
/// [`OptionType::Enum`]'s list, as the catalog lists it.
macro_rules! option_enum {
    (
        $(#[$meta:meta])*
        pub enum $enum:ident {
            $( $(#[$variant_meta:meta])* $variant:ident = $value:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $enum {
            $( $(#[$variant_meta])* $variant, )+
        }

        impl OptionEnum for $enum {
            const VALUES: &'static [&'static str] = &[$($value),+];
            const JSON: &'static [&'static str] = &[$(concat!("\"", $value, "\"")),+];
            const ALL: &'static [Self] = &[$($enum::$variant),+];
        }
    };
}

/// An enum option's values (see `option_enum!`).
trait OptionEnum: Copy + 'static {
    /// The names, in catalog order (the order of the variants).
    const VALUES: &'static [&'static str];
    /// The names as JSON text (`"inline"`, with the quotes).
    const JSON: &'static [&'static str];
    /// The variants, in the order of [`OptionEnum::VALUES`].
    const ALL: &'static [Self];
}

option_enum! {
    /// What the `mcp` target does with payloads.
    #[derive(Default)]
    pub enum Binary {
        /// Keep payloads inline.
        #[default]
        Inline = "inline",
        /// Replace every payload by a text marker.
        Marker = "marker",
    }
}

option_enum! {
    /// How `structuredContent` reaches the model.
    #[derive(Default)]
    pub enum Structured {
        /// Only when no text part says anything.
        #[default]
        Fallback = "fallback",
        /// Instead of the text blocks (markers stay).
        Prefer = "prefer",
        /// After everything else.
        Append = "append",
        /// Never.
        Ignore = "ignore",
    }
}

option_enum! {
    /// How image bytes are checked before they are sent (see `imagecheck`).
    #[derive(Default)]
    pub enum ValidateImages {
        /// Check the file structure (signature, chunk or segment lengths, checksums, end marker).
        #[default]
        Structure = "structure",
        /// Check the structure, then decode the image fully.
        Decode = "decode",
        /// Check nothing beyond base64 and magic bytes.
        Off = "off",
    }
}

option_enum! {
    /// The form of payloads the target's SDK types as binary.
    #[derive(Default)]
    pub enum PayloadForm {
        /// Base64 text everywhere: the providers' HTTP JSON form.
        #[default]
        Wire = "wire",
        /// A [`crate::Bytes`] wherever the official SDK of [`Options::host`] types the field as binary.
        Sdk = "sdk",
    }
}

option_enum! {
    /// Whether images over a limit are downscaled and re-encoded (see [`crate::fit`]).
    #[derive(Default)]
    pub enum FitImages {
        /// Fit the images the provider would reject; a marker only when fitting is impossible.
        #[default]
        Limits = "limits",
        /// Also downscale to the target's recommended size.
        Recommended = "recommended",
        /// Never fit: an image over a limit becomes a marker.
        Off = "off",
    }
}

option_enum! {
    /// The language whose official provider SDKs `payload: "sdk"` targets.
    pub enum Host {
        /// Python (`boto3`, `google-genai`).
        Python = "python",
        /// Node (`@aws-sdk/client-bedrock-runtime`, `@google/genai`).
        Node = "node",
        /// Go (`aws-sdk-go-v2`, `google.golang.org/genai`).
        Go = "go",
    }
}

/// Declares every option from one row each: `name: RustType = default { kind, nullable, extract,
/// per_call, doc, label, hint }`. `kind` is `bool`, `string`, `count` or `enum(Type)` (a type
/// declared with `option_enum!`); the default is `null` (`None`), a literal, or an enum variant.
/// From the rows come the [`Options`] fields (`doc` is their doc comment), `Default`, [`OPTIONS`]
/// and the per-option parsing of [`Options::apply`]; `null` is accepted where `nullable` and sets
/// the default.
macro_rules! options {
    ($(
        $field:ident: $ty:ty = $default:tt {
            kind: $kind:ident $(($enum:ident))?,
            nullable: $nullable:literal,
            extract: $extract:literal,
            per_call: $per_call:literal,
            doc: $doc:literal,
            label: $label:literal,
            hint: $hint:literal $(,)?
        }
    )*) => {
        /// Options of a conversion. `Default` gives the documented defaults.
        #[derive(Debug, Clone, PartialEq, Eq)]
        #[non_exhaustive]
        pub struct Options {
            $( #[doc = $doc] pub $field: $ty, )*
        }

        impl Default for Options {
            fn default() -> Self {
                Options { $( $field: options!(@rust $kind $(($enum))?, $default), )* }
            }
        }

        /// Every option [`Options::from_value`] reads, in documentation order.
        pub const OPTIONS: &[OptionSpec] = &[$(
            OptionSpec {
                name: stringify!($field),
                ty: options!(@type $kind $(($enum))?),
                nullable: $nullable,
                default: options!(@json $kind $(($enum))?, $default),
                extract: $extract,
                per_call: $per_call,
                doc: $doc,
                label: $label,
                hint: $hint,
            },
        )*];

        impl Options {
            /// Sets the option named `name` (a name of [`OPTIONS`]) from `value`; `false` for an
            /// unknown name. An error names the option by `key`, as the caller spelled it.
            fn set(
                &mut self,
                name: &str,
                key: &str,
                value: &Value<'_>,
                path: impl Fn() -> String,
            ) -> Result<bool, ConvertError> {
                match name {
                    $( stringify!($field) => {
                        self.$field = match value {
                            Value::Null if $nullable => options!(@rust $kind $(($enum))?, $default),
                            value => options!(@read $kind $(($enum))?, value, path, key).into(),
                        };
                    } )*
                    _ => return Ok(false),
                }
                Ok(true)
            }
        }
    };
    (@rust enum($enum:ident), null) => { None };
    (@rust enum($enum:ident), $variant:ident) => { $enum::$variant };
    (@rust $kind:ident, null) => { None };
    (@rust $kind:ident, $default:literal) => { $default };
    (@json enum($enum:ident), null) => { "null" };
    (@json enum($enum:ident), $variant:ident) => { <$enum as OptionEnum>::JSON[$enum::$variant as usize] };
    (@json $kind:ident, $default:tt) => { stringify!($default) };
    (@type bool) => { OptionType::Bool };
    (@type string) => { OptionType::String };
    (@type count) => { OptionType::Count };
    (@type enum($enum:ident)) => { OptionType::Enum(<$enum as OptionEnum>::VALUES) };
    (@read bool, $value:ident, $path:ident, $name:ident) => { expect_bool($value, $path, $name)? };
    (@read string, $value:ident, $path:ident, $name:ident) => { expect_string($value, $path, $name)? };
    (@read count, $value:ident, $path:ident, $name:ident) => { expect_count($value, $path, $name)? };
    (@read enum($enum:ident), $value:ident, $path:ident, $name:ident) => {
        expect_enum::<$enum>($value, $path, $name)?
    };
}

options! {
    strict: bool = false {
        kind: bool, nullable: false, extract: true, per_call: false,
        doc: "Raise on the first repair instead of repairing.",
        label: "Strict", hint: "raise on the first repair instead of repairing",
    }
    validate_base64: bool = true {
        kind: bool, nullable: false, extract: true, per_call: false,
        doc: "Check that every payload is canonical base64 (repair or replace it if not).",
        label: "Validate base64", hint: "check every payload is base64",
    }
    sniff_mime: bool = true {
        kind: bool, nullable: false, extract: true, per_call: false,
        doc: "Trust the payload's magic bytes over a contradicting `mimeType`.",
        label: "Sniff MIME", hint: "trust the bytes over a contradicting mimeType",
    }
    validate_images: ValidateImages = Structure {
        kind: enum(ValidateImages), nullable: false, extract: true, per_call: false,
        doc: "Check image bytes before sending: `structure` (signature, chunk and segment lengths, PNG CRCs, end marker), `decode` also decodes them fully, `off` checks only base64 and magic bytes. Bytes after the end marker are trimmed and wrong PNG CRCs recomputed (`image_repaired`); an image that is not valid, and a PDF not starting with `%PDF-`, become markers (`invalid_image`, `invalid_document`).",
        label: "Validate images", hint: "check image structure, decode fully, or not",
    }
    respect_audience: bool = true {
        kind: bool, nullable: false, extract: false, per_call: false,
        doc: "Keep blocks whose audience excludes the assistant away from the model.",
        label: "Respect audience", hint: "keep user-only blocks from the model",
    }
    binary: Binary = Inline {
        kind: enum(Binary), nullable: false, extract: false, per_call: false,
        doc: "`mcp` target: keep payloads inline or replace them by text markers.",
        label: "Binary (mcp)", hint: "mcp target: payloads inline or as markers",
    }
    structured_content: Structured = Fallback {
        kind: enum(Structured), nullable: false, extract: false, per_call: false,
        doc: "How `structuredContent` reaches the model (`fallback`: only when no text says anything).",
        label: "structuredContent", hint: "how structuredContent reaches the model",
    }
    tool_call_id: Option<String> = null {
        kind: string, nullable: true, extract: false, per_call: true,
        doc: "Id of the tool call, for targets whose item carries one.",
        label: "Tool call id", hint: "the item’s id and the attachments caption",
    }
    tool_name: Option<String> = null {
        kind: string, nullable: true, extract: false, per_call: true,
        doc: "Name of the tool, for targets whose item carries one.",
        label: "Tool name", hint: "the item’s name, where the target has one",
    }
    payload: PayloadForm = Wire {
        kind: enum(PayloadForm), nullable: false, extract: false, per_call: false,
        doc: "Payloads as base64 text (`wire`, the HTTP JSON form) or as bytes where the official SDK of `host` types the field as binary (`sdk`).",
        label: "Payload form", hint: "sdk: bytes where the host’s SDK types them so",
    }
    host: Option<Host> = null {
        kind: enum(Host), nullable: true, extract: false, per_call: false,
        doc: "The language whose SDK `payload: \"sdk\"` is for (required by it).",
        label: "Host", hint: "the language of payload sdk",
    }
    max_images: Option<u64> = null {
        kind: count, nullable: true, extract: true, per_call: false,
        doc: "Most images one result may carry.",
        label: "Max images", hint: "images one result may carry",
    }
    max_image_bytes: Option<u64> = null {
        kind: count, nullable: true, extract: true, per_call: false,
        doc: "Most decoded bytes of one media item.",
        label: "Max bytes per item", hint: "decoded bytes of one media item",
    }
    max_total_bytes: Option<u64> = null {
        kind: count, nullable: true, extract: true, per_call: false,
        doc: "Most decoded bytes of all media of one result.",
        label: "Max total bytes", hint: "decoded bytes of all media",
    }
    max_image_dimension: Option<u64> = null {
        kind: count, nullable: true, extract: true, per_call: false,
        doc: "Longest image side in pixels.",
        label: "Max image side (px)", hint: "longest image side",
    }
    fit_images: FitImages = Limits {
        kind: enum(FitImages), nullable: false, extract: true, per_call: false,
        doc: "Images over a limit: `limits` downscales and re-encodes them to fit, `recommended` also to the provider's recommended size, `off` gives markers (`image_resized` reports each fit). BMP and TIFF that a target cannot carry are converted to PNG or JPEG unless `off` (`image_converted`).",
        label: "Fit images", hint: "downscale to the target’s limits, to its recommended size, or not",
    }
    images_in_request: u64 = 0 {
        kind: count, nullable: true, extract: false, per_call: false,
        doc: "Images the request already holds besides this result: past 20 in all, Anthropic's limit drops to 2000 px.",
        label: "Images already in request", hint: "other images of the request (Anthropic: over 20 → 2000 px)",
    }
    max_text_chars: Option<u64> = null {
        kind: count, nullable: true, extract: false, per_call: false,
        doc: "Most characters of text one result gives the model (`null`: no limit); the middle is cut, keeping head and tail (`text_truncated`).",
        label: "Max text chars", hint: "head and tail kept; empty: no limit",
    }
    model: Option<String> = null {
        kind: string, nullable: true, extract: false, per_call: false,
        doc: "The provider's model id (`claude-opus-4-7`, `gpt-4.1-mini`, `gemini-2.5-flash`, …), matched by the longest prefix the catalog's `models` list: it picks the native image size (`fit_images: \"recommended\"`) and the token rules of `estimate_tokens`. Without it the target's default model applies; an id of no listed family, or of another provider than the target's, gives `unknown_model` and the default.",
        label: "Model", hint: "model id: native image size and token rules",
    }
    estimate_tokens: bool = false {
        kind: bool, nullable: false, extract: false, per_call: false,
        doc: "Add `tokens` to the Conversion: an estimate of what the provider bills for it (`total`, `text`, `media` and one item per part, keyed by the block's JSON Pointer), with the model's rules.",
        label: "Estimate tokens", hint: "add the estimated billed tokens",
    }
    max_tokens: Option<u64> = null {
        kind: count, nullable: true, extract: false, per_call: false,
        doc: "Most tokens one result may cost by the estimate of `estimate_tokens` (`null`: no limit). Over it, in this order: images shrink a quarter at a time down to 1024 px (`image_resized`; not with `fit_images: \"off\"`), media become markers, the costliest first, while cutting all text would not be enough (`block_as_marker`), then text is cut in the middle (`text_truncated`); `over_token_budget` when markers alone exceed it. Targets with a model only (not `mcp`).",
        label: "Max tokens", hint: "token budget of the result; empty: no limit",
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
    /// A short label for a form field (the playground's).
    pub label: &'static str,
    /// A few words on the field, under its label.
    pub hint: &'static str,
}

/// A function of the API that takes options; each reads its own set of them and refuses the
/// others (`invalid_option` at the option's key).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Door {
    /// [`crate::convert`] and its forms (`convert_json`, `to_copilot`, …): every option.
    Convert,
    /// [`crate::extract_images`] and its forms: the options whose [`OptionSpec::extract`] is set.
    ExtractImages,
}

impl Door {
    /// Whether the door reads the option `spec`.
    pub fn reads(self, spec: &OptionSpec) -> bool {
        match self {
            Door::Convert => true,
            Door::ExtractImages => spec.extract,
        }
    }

    /// The door's names in the bindings, for messages.
    fn names(self) -> &'static str {
        match self {
            Door::Convert => "convert",
            Door::ExtractImages => "extract_images (extractImages, ExtractImages)",
        }
    }
}

impl OptionSpec {
    /// The option `key` names: its snake_case name or the camelCase spelling of it.
    pub fn named(key: &str) -> Option<&'static OptionSpec> {
        OPTIONS.iter().find(|spec| is_option_name(key, spec.name))
    }
}

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
        Options::from_json_for(Door::Convert, text)
    }

    /// [`Options::from_json`] for `door`: an option the door does not read is `invalid_option`
    /// at its key.
    pub fn from_json_for(door: Door, text: &str) -> Result<Options, ConvertError> {
        let mut options = Options::default();
        options.apply_json_for(door, text)?;
        Ok(options)
    }

    /// Parses options from an object (snake_case or camelCase keys) or `null`.
    pub fn from_value(value: &Value<'_>) -> Result<Options, ConvertError> {
        Options::from_value_for(Door::Convert, value)
    }

    /// [`Options::from_value`] for `door`: an option the door does not read is `invalid_option`
    /// at its key.
    pub fn from_value_for(door: Door, value: &Value<'_>) -> Result<Options, ConvertError> {
        let mut options = Options::default();
        options.apply_for(door, value)?;
        Ok(options)
    }

    /// Sets options given as JSON text over these, as [`Options::apply`] does (`""` sets none).
    /// Text that is not JSON is `invalid_option` at `""`.
    pub fn apply_json(&mut self, text: &str) -> Result<(), ConvertError> {
        self.apply_json_for(Door::Convert, text)
    }

    fn apply_json_for(&mut self, door: Door, text: &str) -> Result<(), ConvertError> {
        if text.trim().is_empty() {
            return Ok(());
        }
        let value = crate::json::parse(text).map_err(|e| ConvertError::new(Code::InvalidOption, "", e.message()))?;
        self.apply_for(door, &value)
    }

    /// Sets the options of `value` (an object as [`Options::from_value`] reads, or `null`) over
    /// these; on an error some of them may be set.
    pub fn apply(&mut self, value: &Value<'_>) -> Result<(), ConvertError> {
        self.apply_for(Door::Convert, value)
    }

    fn apply_for(&mut self, door: Door, value: &Value<'_>) -> Result<(), ConvertError> {
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
            let spec = OptionSpec::named(key);
            if spec.is_some_and(|spec| !door.reads(spec)) {
                let message = format!("option {key:?} is not used by {}; only convert reads it", door.names());
                return Err(ConvertError::new(Code::InvalidOption, path(), message));
            }
            let name = spec.map_or("", |spec| spec.name);
            if !self.set(name, key, value, path)? {
                return Err(ConvertError::new(
                    Code::InvalidOption,
                    path(),
                    format!("unknown option {key:?}"),
                ));
            }
            if name == "payload" {
                payload_key = key;
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

fn expect_string(value: &Value<'_>, path: impl Fn() -> String, name: &str) -> Result<String, ConvertError> {
    match value {
        Value::String(s) => Ok(s.as_str().to_owned()),
        other => Err(ConvertError::new(
            Code::InvalidOption,
            path(),
            format!("option {name} must be a string, not {}", other.type_name()),
        )),
    }
}

fn expect_count(value: &Value<'_>, path: impl Fn() -> String, name: &str) -> Result<u64, ConvertError> {
    let message = || format!("option {name} must be a non-negative integer");
    value
        .as_count()
        .ok_or_else(|| ConvertError::new(Code::InvalidOption, path(), message()))
}

/// One of the values of `E`; the message lists them (`"a" or "b"`, or `one of a, b, c`).
fn expect_enum<E: OptionEnum>(value: &Value<'_>, path: impl Fn() -> String, name: &str) -> Result<E, ConvertError> {
    let found = value.as_str().and_then(|s| E::VALUES.iter().position(|v| *v == s));
    found.map(|i| E::ALL[i]).ok_or_else(|| {
        let expected = match E::VALUES {
            [a, b] => format!("\"{a}\" or \"{b}\""),
            values => format!("one of {}", values.join(", ")),
        };
        ConvertError::new(Code::InvalidOption, path(), format!("option {name} must be {expected}"))
    })
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
    fn a_bad_enum_value_is_refused_with_the_values_listed() {
        let message = |text: &str| Options::from_json(text).unwrap_err().message().to_owned();
        assert_eq!(
            message(r#"{"binary":"x"}"#),
            r#"option binary must be "inline" or "marker""#
        );
        assert_eq!(
            message(r#"{"payload":null}"#),
            r#"option payload must be "wire" or "sdk""#
        );
        assert_eq!(
            message(r#"{"structuredContent":1}"#),
            "option structuredContent must be one of fallback, prefer, append, ignore"
        );
        assert_eq!(
            message(r#"{"host":"rust"}"#),
            "option host must be one of python, node, go"
        );
        assert_eq!(
            message(r#"{"fit_images":"on"}"#),
            "option fit_images must be one of limits, recommended, off"
        );
        let options = Options::from_json(r#"{"host":null,"images_in_request":null,"fitImages":"off"}"#).unwrap();
        assert_eq!(
            (options.host, options.images_in_request, options.fit_images),
            (None, 0, FitImages::Off)
        );
    }

    #[test]
    fn a_bad_value_names_the_option_as_the_caller_spelled_it() {
        let message = |text: &str| Options::from_json(text).unwrap_err().message().to_owned();
        assert_eq!(
            message(r#"{"fitImages":"on"}"#),
            "option fitImages must be one of limits, recommended, off"
        );
        assert_eq!(
            message(r#"{"fit_images":"on"}"#),
            "option fit_images must be one of limits, recommended, off"
        );
        assert_eq!(
            message(r#"{"validateBase64":1}"#),
            "option validateBase64 must be a boolean, not number"
        );
        assert_eq!(
            message(r#"{"toolCallId":3}"#),
            "option toolCallId must be a string, not number"
        );
        assert_eq!(
            message(r#"{"maxImages":-1}"#),
            "option maxImages must be a non-negative integer"
        );
        assert_eq!(
            message(r#"{"tool_callId":true}"#),
            "option tool_callId must be a string, not boolean"
        );
    }

    #[test]
    fn each_enum_default_is_its_rows_default() {
        let options = Options::default();
        assert_eq!(options.binary, Binary::default());
        assert_eq!(options.structured_content, Structured::default());
        assert_eq!(options.payload, PayloadForm::default());
        assert_eq!(options.fit_images, FitImages::default());
    }

    #[test]
    fn extract_images_refuses_the_options_it_does_not_read() {
        let extract = |text: &str| Options::from_json_for(Door::ExtractImages, text);
        let error = extract(r#"{"maxImages":2,"toolCallId":"c"}"#).unwrap_err();
        assert_eq!((error.code(), error.path()), (Code::InvalidOption, "/toolCallId"));
        assert!(error.message().contains("extract_images"), "{}", error.message());
        for spec in OPTIONS {
            let text = format!(r#"{{"{}":null}}"#, spec.name);
            let refused = extract(&text).is_err_and(|e| e.message().contains("not used by"));
            assert_eq!(refused, !spec.extract, "{}", spec.name);
            assert!(Options::from_json(&text).is_ok() || !spec.nullable, "{}", spec.name);
        }
        assert_eq!(extract(r#"{"max_images":2}"#).unwrap().max_images, Some(2));
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
