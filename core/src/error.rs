//! Stable codes, diagnostics and the error type.

use std::fmt;

macro_rules! codes {
    ($( #[doc = $doc:literal] $variant:ident = $name:literal, $kind:ident; )*) => {
        /// A stable, snake_case code naming one rule. Diagnostics and errors share the set.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Code {
            $( #[doc = $doc] $variant, )*
        }

        impl Code {
            /// Every code, in documentation order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The stable snake_case name.
            pub fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $name,)* }
            }

            /// How the code behaves in lenient and strict mode.
            pub fn kind(self) -> CodeKind {
                match self { $(Code::$variant => CodeKind::$kind,)* }
            }

            /// One line on when the code applies (the variant's doc comment).
            pub fn doc(self) -> &'static str {
                match self { $(Code::$variant => $doc.trim_start(),)* }
            }
        }
    };
}

codes! {
    /// JSON text that does not parse.
    InvalidJson = "invalid_json", Error;
    /// Nesting deeper than `MAX_DEPTH` (512 levels).
    TooDeep = "too_deep", Error;
    /// A host value that JSON cannot represent (a function, a map object, a class instance).
    UnsupportedValue = "unsupported_value", Error;
    /// Not a tool result at all.
    InvalidToolResult = "invalid_tool_result", Error;
    /// A task handle or a result that is not `complete`.
    NotFinalResult = "not_final_result", Error;
    /// A JSON-RPC envelope carrying an error.
    JsonrpcError = "jsonrpc_error", Error;
    /// An unknown target name.
    UnsupportedTarget = "unsupported_target", Error;
    /// An unknown option or an option value of the wrong type.
    InvalidOption = "invalid_option", Error;
    /// An internal invariant failed.
    InternalError = "internal_error", Error;
    /// A string held lone UTF-16 surrogates.
    LoneSurrogate = "lone_surrogate", Repair;
    /// The 2024-10-07 `{toolResult}` shape.
    LegacyToolResult = "legacy_tool_result", Repair;
    /// A snake_case alias of a camelCase key.
    SnakeCaseKey = "snake_case_key", Repair;
    /// A required field is missing or null.
    MissingField = "missing_field", Repair;
    /// A known field has the wrong JSON type.
    InvalidFieldType = "invalid_field_type", Repair;
    /// `content` is not an array.
    ContentNotArray = "content_not_array", Repair;
    /// A content element that is not an object.
    InvalidBlock = "invalid_block", Repair;
    /// A block type that MCP tool results do not have.
    UnknownBlockType = "unknown_block_type", Repair;
    /// A resource block without a nested `resource` object.
    FlattenedResource = "flattened_resource", Repair;
    /// A payload that is not base64.
    InvalidBase64 = "invalid_base64", Repair;
    /// Base64 that needed whitespace, alphabet or padding repair.
    Base64NotCanonical = "base64_not_canonical", Repair;
    /// A payload given as a `data:` URL.
    DataUrl = "data_url", Repair;
    /// A payload given as an http(s) or file URL.
    UrlInData = "url_in_data", Repair;
    /// An empty payload.
    EmptyPayload = "empty_payload", Repair;
    /// The payload's magic bytes contradict `mimeType`.
    MimeTypeMismatch = "mime_type_mismatch", Repair;
    /// Image bytes repaired: bytes after the end marker trimmed, wrong PNG CRCs recomputed.
    ImageRepaired = "image_repaired", Repair;
    /// Image bytes that are not a well-formed file of their type; the block becomes a marker.
    InvalidImage = "invalid_image", Repair;
    /// A PDF document whose bytes do not start with `%PDF-`; the blob becomes a marker.
    InvalidDocument = "invalid_document", Repair;
    /// The target's item needs a tool-call id and none was given.
    MissingToolCallId = "missing_tool_call_id", Repair;
    /// The input is a string holding the JSON text of a tool result; read as that result.
    JsonTextInput = "json_text_input", Repair;
    /// A JSON-RPC response envelope was unwrapped.
    JsonrpcEnvelope = "jsonrpc_envelope", Notice;
    /// `mimeType` was normalized.
    MimeTypeNormalized = "mime_type_normalized", Notice;
    /// Annotations of the wrong shape were ignored or clamped.
    InvalidAnnotations = "invalid_annotations", Notice;
    /// A block addressed to another audience was kept away from the model.
    AudienceExcluded = "audience_excluded", Notice;
    /// The target cannot carry the block; the model gets a marker.
    BlockAsMarker = "block_as_marker", Notice;
    /// An image over a limit was downscaled and/or re-encoded to fit it.
    ImageResized = "image_resized", Notice;
    /// A BMP or TIFF image the target cannot carry was converted to PNG or JPEG.
    ImageConverted = "image_converted", Notice;
    /// Text over `max_text_chars`, or over what `max_tokens` leaves it, was cut in the middle.
    TextTruncated = "text_truncated", Notice;
    /// `structuredContent` was given to the model as JSON text.
    StructuredContentAsText = "structured_content_as_text", Notice;
    /// `structuredContent` repeats the content blocks, so it was not given as text again.
    StructuredContentRepeatsContent = "structured_content_repeats_content", Notice;
    /// The option `model` names no model family of the catalog, or one of another provider than the target's; the target's default model applies.
    UnknownModel = "unknown_model", Notice;
    /// The result stays over `max_tokens` after every reduction (its markers alone exceed it).
    OverTokenBudget = "over_token_budget", Notice;
}

/// How a code behaves in the two modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeKind {
    /// Always raised.
    Error,
    /// Repaired with a diagnostic in lenient mode, raised in strict mode.
    Repair,
    /// Reported as a diagnostic in both modes, never raised.
    Notice,
}

/// The family an error code belongs to, for callers that branch on kinds rather than codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorFamily {
    /// The input is not a usable tool result (parse errors, strict-mode repairs).
    InvalidInput,
    /// The input is a valid result that is not final (task, input required, JSON-RPC error).
    NotFinal,
    /// The call itself is wrong: unknown target or option.
    Usage,
    /// A bug in this library.
    Internal,
}

impl Code {
    /// The error family of the code.
    pub fn family(self) -> ErrorFamily {
        match self {
            Code::NotFinalResult | Code::JsonrpcError => ErrorFamily::NotFinal,
            Code::UnsupportedTarget | Code::InvalidOption => ErrorFamily::Usage,
            Code::InternalError => ErrorFamily::Internal,
            _ => ErrorFamily::InvalidInput,
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One decision taken while converting: what, where (JSON Pointer into the input) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The rule that applied.
    pub code: Code,
    /// JSON Pointer (RFC 6901) into the input as given.
    pub path: String,
    /// A short human-readable explanation (never pinned by tests).
    pub message: String,
}

/// The error every fallible function returns: a stable code, a JSON Pointer and a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConvertError {
    code: Code,
    path: String,
    message: String,
}

impl ConvertError {
    /// A new error.
    pub fn new(code: Code, path: impl Into<String>, message: impl Into<String>) -> Self {
        ConvertError {
            code,
            path: path.into(),
            message: message.into(),
        }
    }

    /// The stable code.
    pub fn code(&self) -> Code {
        self.code
    }

    /// JSON Pointer into the input (or into the options for `invalid_option`).
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The human-readable message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}: {}", self.code, self.message)
        } else {
            write!(f, "{} at {}: {}", self.code, self.path, self.message)
        }
    }
}

impl std::error::Error for ConvertError {}
