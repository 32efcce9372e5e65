//! Which payload fields the official provider SDK of each host language types as binary, and
//! the value a payload takes there (`payload: "sdk"`): a [`Bytes`] instead of base64 text.

use super::Target;
use crate::model::{Bytes, Str, Value};
use crate::options::{Host, Options};

/// A payload field that some official SDK types as binary.
#[derive(Clone, Copy)]
pub enum BinaryField {
    /// Bedrock Converse `image` / `document` / `video` `source.bytes`: binary in boto3, the
    /// AWS JS v3 typed members and aws-sdk-go-v2.
    BedrockSource,
    /// Gemini `inlineData.data` (`Blob`, `FunctionResponseBlob`): `bytes` in google-genai
    /// (Python), `[]byte` in google.golang.org/genai (Go), a base64 `string` in `@google/genai`.
    GeminiInlineData,
}

/// Whether the official SDK of `host` types `field` as binary.
pub fn sdk_wants_bytes(field: BinaryField, host: Host) -> bool {
    match field {
        BinaryField::BedrockSource => true,
        BinaryField::GeminiInlineData => matches!(host, Host::Python | Host::Go),
    }
}

/// Whether `target` has a field the SDK of `host` types as binary.
pub fn target_has_bytes(target: Target, host: Host) -> bool {
    match target {
        Target::Bedrock => sdk_wants_bytes(BinaryField::BedrockSource, host),
        Target::Gemini | Target::GeminiLegacy => sdk_wants_bytes(BinaryField::GeminiInlineData, host),
        _ => false,
    }
}

/// The value of a canonical base64 payload in `field`: [`Value::Bytes`] where the options ask
/// for the SDK form and the host's SDK types the field as binary, else the base64 string.
pub fn payload_value<'a>(data: Str<'a>, field: BinaryField, options: &Options) -> Value<'a> {
    match options.sdk_host() {
        // Payloads are validated whenever the SDK form applies (see `crate::convert`), so the
        // string is canonical base64; anything else stays text rather than being mis-decoded.
        Some(host) if sdk_wants_bytes(field, host) => Bytes::from_base64(data).map_or_else(Value::String, Value::Bytes),
        _ => Value::String(data),
    }
}
