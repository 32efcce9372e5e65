//! The input rules: turn any accepted `CallToolResult` shape into a [`ToolResult`], repairing
//! (lenient) or raising (strict) as `conformance/README.md` specifies.

use crate::base64;
use crate::canonical;
use crate::error::{Code, CodeKind, ConvertError, Diagnostic};
use crate::mime;
use crate::model::{Map, Number, Str, Value};
use crate::options::Options;
use crate::parsed::{Block, BlockKind, MediaKind, Payload, ToolResult};
use crate::pointer::{index, join};

type Entries<'a> = Vec<(Str<'a>, Value<'a>)>;

/// Options and the diagnostics collected so far.
pub struct Context<'o> {
    /// The conversion options.
    pub options: &'o Options,
    /// Diagnostics in the order they were met.
    pub diagnostics: Vec<Diagnostic>,
}

impl<'o> Context<'o> {
    /// A context with no diagnostics yet.
    pub fn new(options: &'o Options) -> Self {
        Context {
            options,
            diagnostics: Vec::new(),
        }
    }

    /// Records a repair, or raises it in strict mode.
    pub fn repair(
        &mut self,
        code: Code,
        path: String,
        message: impl Into<String>,
    ) -> Result<(), ConvertError> {
        debug_assert_eq!(code.kind(), CodeKind::Repair);
        if self.options.strict {
            return Err(ConvertError::new(code, path, message));
        }
        self.diagnostics.push(Diagnostic {
            code,
            path,
            message: message.into(),
        });
        Ok(())
    }

    /// Records a notice (never raised).
    pub fn notice(&mut self, code: Code, path: String, message: impl Into<String>) {
        debug_assert_eq!(code.kind(), CodeKind::Notice);
        self.diagnostics.push(Diagnostic {
            code,
            path,
            message: message.into(),
        });
    }
}

const TOP_ALIASES: &[(&str, &str)] = &[
    ("is_error", "isError"),
    ("structured_content", "structuredContent"),
    ("meta", "_meta"),
    ("result_type", "resultType"),
];
const BLOCK_ALIASES: &[(&str, &str)] = &[("mime_type", "mimeType"), ("meta", "_meta")];
const ANNOTATION_ALIASES: &[(&str, &str)] = &[("last_modified", "lastModified")];

/// Applies the input rules.
pub fn normalize<'a>(
    input: Value<'a>,
    ctx: &mut Context<'_>,
) -> Result<ToolResult<'a>, ConvertError> {
    if has_lossy(&input) {
        report_lossy(&input, "", ctx)?;
    }
    let Value::Object(map) = input else {
        return Err(ConvertError::new(
            Code::InvalidToolResult,
            "",
            format!("a tool result is an object, not {}", input.type_name()),
        ));
    };
    let mut entries = map.into_entries();
    let mut base = String::new();

    if has(&entries, "jsonrpc") && (has(&entries, "result") || has(&entries, "error")) {
        match take(&mut entries, "error") {
            Some(error) if !matches!(error, Value::Null) => {
                let detail = error
                    .as_object()
                    .and_then(|e| e.get("message"))
                    .and_then(Value::as_str)
                    .unwrap_or("");
                return Err(ConvertError::new(
                    Code::JsonrpcError,
                    "/error",
                    format!("the JSON-RPC response is an error: {detail}"),
                ));
            }
            _ => {}
        }
        let result = take(&mut entries, "result").unwrap_or(Value::Null);
        ctx.notice(
            Code::JsonrpcEnvelope,
            "/result".into(),
            "unwrapped the JSON-RPC response envelope",
        );
        base = "/result".into();
        let Value::Object(inner) = result else {
            return Err(ConvertError::new(
                Code::InvalidToolResult,
                "/result",
                "the JSON-RPC result is not an object",
            ));
        };
        entries = inner.into_entries();
    }

    if has(&entries, "task") && !has(&entries, "content") {
        return Err(ConvertError::new(
            Code::NotFinalResult,
            join(&base, "task"),
            "a task handle is not a final tool result; poll the task for its result",
        ));
    }

    let mut legacy_blocks = None;
    let legacy_key = ["toolResult", "tool_result"]
        .into_iter()
        .find(|k| has(&entries, k));
    if let (Some(key), false) = (legacy_key, has(&entries, "content")) {
        let key_path = join(&base, key);
        ctx.repair(
            Code::LegacyToolResult,
            key_path.clone(),
            "unwrapped a 2024-10-07 {toolResult} result",
        )?;
        if key == "tool_result" {
            ctx.repair(
                Code::SnakeCaseKey,
                key_path.clone(),
                "tool_result read as toolResult",
            )?;
        }
        match take(&mut entries, key).unwrap_or(Value::Null) {
            Value::Object(inner) if matches!(inner.get("content"), Some(Value::Array(_))) => {
                entries = inner.into_entries();
                base = key_path;
            }
            Value::String(text) => legacy_blocks = Some(vec![plain_block(text, key_path)]),
            other => {
                legacy_blocks = Some(vec![plain_block(
                    Str::owned(canonical::to_text(&other)),
                    key_path,
                )])
            }
        }
    }

    let keys = rename_aliases(&mut entries, TOP_ALIASES, &base, ctx)?;

    let result_type = match take(&mut entries, "resultType") {
        None => None,
        Some(Value::String(s)) if s.as_str() == "complete" => Some(s),
        Some(Value::String(s)) if is_non_final(s.as_str(), &entries) => {
            return Err(ConvertError::new(
                Code::NotFinalResult,
                keys.path("resultType"),
                format!("resultType {:?} is not a final result", s.as_str()),
            ))
        }
        Some(Value::String(_)) => None,
        Some(other) => {
            ctx.repair(
                Code::InvalidFieldType,
                keys.path("resultType"),
                format!(
                    "resultType must be a string, not {}; treated as absent",
                    other.type_name()
                ),
            )?;
            None
        }
    };

    if legacy_blocks.is_none()
        && !["content", "structuredContent", "isError"]
            .iter()
            .any(|k| has(&entries, k))
    {
        return Err(ConvertError::new(
            Code::InvalidToolResult,
            "",
            "not a tool result: none of content, structuredContent, isError",
        ));
    }

    let content_path = join(&base, "content");
    let raw_content = match (take(&mut entries, "content"), legacy_blocks.is_some()) {
        (_, true) => RawContent::None,
        (None | Some(Value::Null), false) => {
            ctx.repair(
                Code::MissingField,
                content_path.clone(),
                "content is missing; treated as []",
            )?;
            RawContent::None
        }
        (Some(Value::Array(items)), false) => RawContent::Items(items),
        (Some(Value::String(text)), false) => {
            ctx.repair(
                Code::ContentNotArray,
                content_path.clone(),
                "content is a string; treated as one text block",
            )?;
            RawContent::Text(text)
        }
        (Some(Value::Object(block)), false) => {
            ctx.repair(
                Code::ContentNotArray,
                content_path.clone(),
                "content is a single block; wrapped in an array",
            )?;
            RawContent::Single(block)
        }
        (Some(other), false) => {
            ctx.repair(
                Code::ContentNotArray,
                content_path.clone(),
                format!("content is {}; treated as []", other.type_name()),
            )?;
            RawContent::None
        }
    };

    let is_error = match take(&mut entries, "isError") {
        None => false,
        Some(Value::Bool(b)) => b,
        Some(other) => {
            let coerced = truthy(&other);
            ctx.repair(
                Code::InvalidFieldType,
                keys.path("isError"),
                format!(
                    "isError must be a boolean, not {}; read as {coerced}",
                    other.type_name()
                ),
            )?;
            coerced
        }
    };

    let mut blocks = legacy_blocks.unwrap_or_default();
    match raw_content {
        RawContent::None => {}
        RawContent::Text(text) => blocks.push(plain_block(text, content_path)),
        RawContent::Single(map) => blocks.extend(object_block(map, content_path, ctx)?),
        RawContent::Items(items) => {
            blocks.reserve(items.len());
            for (i, item) in items.into_iter().enumerate() {
                blocks.extend(block(item, index(&content_path, i), ctx)?);
            }
        }
    }

    Ok(ToolResult {
        blocks,
        is_error,
        structured: take(&mut entries, "structuredContent"),
        meta: take(&mut entries, "_meta").filter(|m| !matches!(m, Value::Null)),
        result_type,
        structured_path: keys.path("structuredContent"),
    })
}

enum RawContent<'a> {
    None,
    Items(Vec<Value<'a>>),
    Text(Str<'a>),
    Single(Map<'a>),
}

fn plain_block<'a>(text: Str<'a>, path: String) -> Block<'a> {
    Block {
        path,
        kind: BlockKind::Text(text),
        annotations: None,
        excluded_by_audience: None,
        meta: None,
    }
}

/// One element of `content`.
fn block<'a>(
    value: Value<'a>,
    path: String,
    ctx: &mut Context<'_>,
) -> Result<Option<Block<'a>>, ConvertError> {
    match value {
        Value::Object(map) => object_block(map, path, ctx),
        Value::String(text) => {
            ctx.repair(
                Code::InvalidBlock,
                path.clone(),
                "a content element is a string; treated as a text block",
            )?;
            Ok(Some(plain_block(text, path)))
        }
        other => {
            ctx.repair(
                Code::InvalidBlock,
                path,
                format!("a content element is {}; skipped", other.type_name()),
            )?;
            Ok(None)
        }
    }
}

#[derive(Clone, Copy)]
enum Kind {
    Text,
    Media(MediaKind),
    Resource,
    Link,
}

fn object_block<'a>(
    map: Map<'a>,
    path: String,
    ctx: &mut Context<'_>,
) -> Result<Option<Block<'a>>, ConvertError> {
    let type_path = join(&path, "type");
    let kind = match map.get("type") {
        Some(Value::String(t)) => match t.as_str() {
            "text" => Kind::Text,
            "image" => Kind::Media(MediaKind::Image),
            "audio" => Kind::Media(MediaKind::Audio),
            "resource" => Kind::Resource,
            "resource_link" => Kind::Link,
            other => {
                let message = format!(
                    "block type {other:?} is not an MCP tool-result type; given as JSON text"
                );
                ctx.repair(Code::UnknownBlockType, type_path, message)?;
                let text = match (other, map.get("json")) {
                    ("json", Some(json)) => canonical::to_text(json),
                    _ => canonical::to_text(&Value::Object(map)),
                };
                return Ok(Some(plain_block(Str::owned(text), path)));
            }
        },
        _ => match infer_kind(&map) {
            Some(kind) => {
                ctx.repair(
                    Code::MissingField,
                    type_path,
                    "block has no string type; inferred from its keys",
                )?;
                kind
            }
            None => {
                ctx.repair(
                    Code::MissingField,
                    type_path,
                    "block has no string type and its keys name none; skipped",
                )?;
                return Ok(None);
            }
        },
    };
    let mut entries = map.into_entries();
    take(&mut entries, "type");
    let keys = rename_aliases(&mut entries, BLOCK_ALIASES, &path, ctx)?;
    let (kind, inner_annotations) = match kind {
        Kind::Text => match text_block(&mut entries, &path, ctx)? {
            Some(kind) => (kind, None),
            None => return Ok(None),
        },
        Kind::Media(media) => (media_block(media, &mut entries, &keys, ctx)?, None),
        Kind::Resource => match resource_block(&mut entries, &keys, ctx)? {
            Some(found) => found,
            None => return Ok(None),
        },
        Kind::Link => (link_block(&mut entries, &keys, ctx)?, None),
    };
    if matches!(kind, BlockKind::Omitted { .. }) {
        return Ok(Some(Block {
            path,
            kind,
            annotations: None,
            excluded_by_audience: None,
            meta: None,
        }));
    }
    let (annotations, excluded_by_audience) = match take(&mut entries, "annotations") {
        Some(value) => annotations(value, join(&path, "annotations"), ctx)?,
        None => match inner_annotations {
            Some(value) => annotations(value, join(&join(&path, "resource"), "annotations"), ctx)?,
            None => (None, None),
        },
    };
    let meta = take(&mut entries, "_meta").filter(|m| !matches!(m, Value::Null));
    Ok(Some(Block {
        path,
        kind,
        annotations,
        excluded_by_audience,
        meta,
    }))
}

fn infer_kind(map: &Map<'_>) -> Option<Kind> {
    if map.contains_key("text") {
        Some(Kind::Text)
    } else if map.contains_key("data") {
        let mime = map
            .get("mimeType")
            .or_else(|| map.get("mime_type"))
            .and_then(Value::as_str)
            .unwrap_or("");
        let audio = mime.trim().to_ascii_lowercase().starts_with("audio/");
        Some(Kind::Media(if audio {
            MediaKind::Audio
        } else {
            MediaKind::Image
        }))
    } else if map.contains_key("resource") {
        Some(Kind::Resource)
    } else if map.contains_key("uri") {
        Some(Kind::Link)
    } else {
        None
    }
}

fn text_block<'a>(
    entries: &mut Entries<'a>,
    path: &str,
    ctx: &mut Context<'_>,
) -> Result<Option<BlockKind<'a>>, ConvertError> {
    let text_path = join(path, "text");
    match take(entries, "text") {
        Some(Value::String(text)) => Ok(Some(BlockKind::Text(text))),
        None | Some(Value::Null) => {
            ctx.repair(
                Code::MissingField,
                text_path,
                "text block without text; dropped",
            )?;
            Ok(None)
        }
        Some(other) => {
            let message = format!("text is {}; given as its JSON text", other.type_name());
            ctx.repair(Code::InvalidFieldType, text_path, message)?;
            Ok(Some(BlockKind::Text(Str::owned(canonical::to_text(
                &other,
            )))))
        }
    }
}

/// What became of a payload string.
enum PayloadOutcome<'a> {
    /// A usable payload, with the MIME type named by a `data:` URL prefix.
    Ok(Payload<'a>, Option<String>),
    /// The payload is a URL to the content.
    Url(Str<'a>),
    /// The block must be replaced by an omitted marker with this reason.
    Omitted(&'static str),
}

fn payload<'a>(
    text: Str<'a>,
    path: String,
    allow_url: bool,
    ctx: &mut Context<'_>,
) -> Result<PayloadOutcome<'a>, ConvertError> {
    let raw = text.as_str();
    if raw.is_empty() {
        ctx.repair(Code::EmptyPayload, path, "the payload is empty")?;
        return Ok(PayloadOutcome::Omitted("empty data"));
    }
    if allow_url
        && ["http://", "https://", "file://"]
            .iter()
            .any(|scheme| starts_with_ignore_case(raw, scheme))
    {
        ctx.repair(
            Code::UrlInData,
            path,
            "the payload is a URL, not base64; given as a resource link",
        )?;
        return Ok(PayloadOutcome::Url(text));
    }
    let mut hint = None;
    let mut data = text;
    if starts_with_ignore_case(data.as_str(), "data:") {
        if let Some(comma) = data.as_str().find(',') {
            let declared = data.as_str()[5..comma]
                .split(';')
                .next()
                .unwrap_or("")
                .trim();
            hint = (!declared.is_empty()).then(|| mime::normalize(declared));
            ctx.repair(
                Code::DataUrl,
                path.clone(),
                "the payload is a data: URL; prefix stripped",
            )?;
            data = data.slice_from(comma + 1);
            if data.as_str().is_empty() {
                ctx.repair(Code::EmptyPayload, path, "the data: URL holds no data")?;
                return Ok(PayloadOutcome::Omitted("empty data"));
            }
        }
    }
    if ctx.options.validate_base64 {
        if base64::is_canonical(data.as_str()) {
            data = data.mark_json_safe();
        } else if let Some(fixed) = base64::repair(data.as_str()) {
            ctx.repair(
                Code::Base64NotCanonical,
                path,
                "base64 re-encoded canonically (whitespace, alphabet or padding)",
            )?;
            data = Str::owned(fixed).mark_json_safe();
        } else {
            let message = match base64::raw_bytes_hint(data.as_str()) {
                Some(format) => format!(
                    "the payload is not base64: it looks like raw {format} bytes written as text"
                ),
                None => "the payload is not base64".to_owned(),
            };
            ctx.repair(Code::InvalidBase64, path, message)?;
            return Ok(PayloadOutcome::Omitted("invalid base64"));
        }
    }
    let size = base64::decoded_len(data.as_str());
    Ok(PayloadOutcome::Ok(Payload { data, size }, hint))
}

fn media_block<'a>(
    kind: MediaKind,
    entries: &mut Entries<'a>,
    keys: &Keys<'_>,
    ctx: &mut Context<'_>,
) -> Result<BlockKind<'a>, ConvertError> {
    let path = keys.base;
    let declared = take(entries, "mimeType");
    let label = declared
        .as_ref()
        .and_then(Value::as_str)
        .map(mime::normalize)
        .filter(|m| !m.is_empty());
    let omitted = |reason| BlockKind::Omitted {
        kind: kind.name(),
        label: label.clone(),
        uri: None,
        reason,
    };
    let data_path = join(path, "data");
    let (payload, hint) = match take(entries, "data") {
        Some(Value::String(text)) => match payload(text, data_path, true, ctx)? {
            PayloadOutcome::Ok(payload, hint) => (payload, hint),
            PayloadOutcome::Omitted(reason) => return Ok(omitted(reason)),
            PayloadOutcome::Url(url) => {
                return Ok(BlockKind::Link {
                    name: url.clone(),
                    uri: url,
                    title: None,
                    description: None,
                    mime: label.map(Str::owned),
                    size: None,
                    icons: None,
                })
            }
        },
        None | Some(Value::Null) => {
            ctx.repair(
                Code::MissingField,
                data_path,
                format!("{} block without data", kind.name()),
            )?;
            return Ok(omitted("missing data"));
        }
        Some(other) => {
            ctx.repair(
                Code::InvalidFieldType,
                data_path,
                format!("data must be a string, not {}", other.type_name()),
            )?;
            return Ok(omitted("invalid data"));
        }
    };
    let mime_path = keys.path("mimeType");
    let sniffed = sniff(&payload, ctx);
    let mime = match declared {
        Some(Value::String(declared)) => checked_mime(declared, sniffed, mime_path, ctx)?,
        missing => {
            if let Some(hint) = hint {
                checked_mime(Str::owned(hint), sniffed, join(path, "data"), ctx)?
            } else {
                let fallback = sniffed.unwrap_or("application/octet-stream");
                let message = match &missing {
                    None | Some(Value::Null) => format!("mimeType is missing; using {fallback}"),
                    Some(other) => format!(
                        "mimeType must be a string, not {}; using {fallback}",
                        other.type_name()
                    ),
                };
                let code = if matches!(missing, None | Some(Value::Null)) {
                    Code::MissingField
                } else {
                    Code::InvalidFieldType
                };
                ctx.repair(code, mime_path, message)?;
                Str::borrowed(fallback)
            }
        }
    };
    Ok(BlockKind::Media {
        kind,
        payload,
        mime,
    })
}

fn sniff(payload: &Payload<'_>, ctx: &Context<'_>) -> Option<&'static str> {
    if ctx.options.sniff_mime {
        mime::sniff(&base64::prefix_bytes(payload.data.as_str()))
    } else {
        None
    }
}

/// Normalizes a declared MIME type and checks it against the sniffed one.
fn checked_mime<'a>(
    declared: Str<'a>,
    sniffed: Option<&'static str>,
    path: String,
    ctx: &mut Context<'_>,
) -> Result<Str<'a>, ConvertError> {
    let normalized = mime::normalize(declared.as_str());
    let mime = if normalized == declared.as_str() {
        declared
    } else {
        ctx.notice(
            Code::MimeTypeNormalized,
            path.clone(),
            format!("mimeType {:?} read as {normalized:?}", declared.as_str()),
        );
        Str::owned(normalized)
    };
    match sniffed {
        Some(actual) if !mime::same_format(mime::essence(mime.as_str()), actual) => {
            let message = format!(
                "mimeType says {} but the bytes are {actual}; using {actual}",
                mime.as_str()
            );
            ctx.repair(Code::MimeTypeMismatch, path, message)?;
            Ok(Str::borrowed(actual))
        }
        _ => Ok(mime),
    }
}

type ResourceParts<'a> = (BlockKind<'a>, Option<Value<'a>>);

fn resource_block<'a>(
    entries: &mut Entries<'a>,
    block_keys: &Keys<'_>,
    ctx: &mut Context<'_>,
) -> Result<Option<ResourceParts<'a>>, ConvertError> {
    let path = block_keys.base;
    let nested_path = join(path, "resource");
    let (mut fields, res_keys) = match take(entries, "resource") {
        Some(Value::Object(map)) => {
            let mut fields = map.into_entries();
            let keys = rename_aliases(&mut fields, BLOCK_ALIASES, &nested_path, ctx)?;
            (fields, keys)
        }
        _ if has(entries, "text") || has(entries, "blob") => {
            ctx.repair(
                Code::FlattenedResource,
                path.to_owned(),
                "resource fields given on the block itself",
            )?;
            let fields = ["uri", "mimeType", "text", "blob"]
                .iter()
                .filter_map(|key| take(entries, key).map(|v| (Str::borrowed(key), v)))
                .collect();
            (
                fields,
                Keys {
                    base: path,
                    renamed: block_keys.renamed.clone(),
                },
            )
        }
        _ => match take(entries, "uri") {
            Some(Value::String(uri)) => {
                ctx.repair(
                    Code::FlattenedResource,
                    path.to_owned(),
                    "resource without contents; given as a link",
                )?;
                let mime = take(entries, "mimeType")
                    .and_then(|m| m.as_str().map(mime::normalize))
                    .map(Str::owned);
                let link = BlockKind::Link {
                    name: uri.clone(),
                    uri,
                    title: None,
                    description: None,
                    mime,
                    size: None,
                    icons: None,
                };
                return Ok(Some((link, None)));
            }
            _ => {
                ctx.repair(
                    Code::MissingField,
                    nested_path.clone(),
                    "resource block without a resource; dropped",
                )?;
                return Ok(None);
            }
        },
    };

    let declared = take(&mut fields, "mimeType");
    let label = declared
        .as_ref()
        .and_then(Value::as_str)
        .map(mime::normalize)
        .filter(|m| !m.is_empty());
    let uri_text = fields
        .iter()
        .rev()
        .find(|(k, _)| k.as_str() == "uri")
        .and_then(|(_, v)| v.as_str())
        .map(str::to_owned);
    let res_path = res_keys.base;
    let (blob, blob_failure, hint) = match take(&mut fields, "blob") {
        None | Some(Value::Null) => (None, None, None),
        Some(Value::String(text)) => match payload(text, join(res_path, "blob"), false, ctx)? {
            PayloadOutcome::Ok(payload, hint) => (Some(payload), None, hint),
            PayloadOutcome::Omitted(reason) => (None, Some(reason), None),
            PayloadOutcome::Url(_) => (None, Some("invalid blob"), None),
        },
        Some(other) => {
            let message = format!("blob must be a string, not {}; ignored", other.type_name());
            ctx.repair(Code::InvalidFieldType, join(res_path, "blob"), message)?;
            (None, Some("invalid blob"), None)
        }
    };
    let mime_path = res_keys.path("mimeType");
    let sniffed = blob.as_ref().and_then(|b| sniff(b, ctx));
    let mime = match declared {
        Some(Value::String(declared)) => Some(checked_mime(declared, sniffed, mime_path, ctx)?),
        None | Some(Value::Null) => match hint {
            Some(hint) => Some(checked_mime(
                Str::owned(hint),
                sniffed,
                join(res_path, "blob"),
                ctx,
            )?),
            None => None,
        },
        Some(other) => {
            let message = format!(
                "mimeType must be a string, not {}; ignored",
                other.type_name()
            );
            ctx.repair(Code::InvalidFieldType, mime_path, message)?;
            None
        }
    };
    let uri = match take(&mut fields, "uri") {
        Some(Value::String(uri)) => uri,
        None | Some(Value::Null) => {
            ctx.repair(
                Code::MissingField,
                join(res_path, "uri"),
                "resource without uri; using \"\"",
            )?;
            Str::borrowed("")
        }
        Some(other) => {
            let message = format!(
                "uri must be a string, not {}; using \"\"",
                other.type_name()
            );
            ctx.repair(Code::InvalidFieldType, join(res_path, "uri"), message)?;
            Str::borrowed("")
        }
    };
    let text = match take(&mut fields, "text") {
        Some(Value::String(text)) => Some(text),
        None | Some(Value::Null) => None,
        Some(other) => {
            let message = format!("text is {}; given as its JSON text", other.type_name());
            ctx.repair(Code::InvalidFieldType, join(res_path, "text"), message)?;
            Some(Str::owned(canonical::to_text(&other)))
        }
    };
    if text.is_none() && blob.is_none() {
        if let Some(reason) = blob_failure {
            let omitted = BlockKind::Omitted {
                kind: "resource",
                label,
                uri: uri_text,
                reason,
            };
            return Ok(Some((omitted, None)));
        }
        ctx.repair(
            Code::MissingField,
            nested_path,
            "resource has neither text nor blob; given as a link",
        )?;
        let link = BlockKind::Link {
            name: uri.clone(),
            uri,
            title: None,
            description: None,
            mime,
            size: None,
            icons: None,
        };
        return Ok(Some((link, take(&mut fields, "annotations"))));
    }
    let meta = take(&mut fields, "_meta").filter(|m| !matches!(m, Value::Null));
    let inner_annotations = take(&mut fields, "annotations");
    Ok(Some((
        BlockKind::Resource {
            uri,
            mime,
            text,
            blob,
            meta,
        },
        inner_annotations,
    )))
}

fn link_block<'a>(
    entries: &mut Entries<'a>,
    keys: &Keys<'_>,
    ctx: &mut Context<'_>,
) -> Result<BlockKind<'a>, ConvertError> {
    let path = keys.base;
    let uri = match take(entries, "uri") {
        Some(Value::String(uri)) => uri,
        missing => {
            let declared = entries
                .iter()
                .rev()
                .find(|(k, _)| k.as_str() == "mimeType")
                .and_then(|(_, v)| v.as_str());
            let label = declared.map(mime::normalize).filter(|m| !m.is_empty());
            let (code, message) = match missing {
                None | Some(Value::Null) => {
                    (Code::MissingField, "resource_link without uri".to_owned())
                }
                Some(other) => (
                    Code::InvalidFieldType,
                    format!("uri must be a string, not {}", other.type_name()),
                ),
            };
            ctx.repair(code, join(path, "uri"), message)?;
            return Ok(BlockKind::Omitted {
                kind: "resource_link",
                label,
                uri: None,
                reason: "missing uri",
            });
        }
    };
    let mime = match take(entries, "mimeType") {
        Some(Value::String(declared)) => {
            Some(checked_mime(declared, None, keys.path("mimeType"), ctx)?)
        }
        None | Some(Value::Null) => None,
        Some(other) => {
            let message = format!(
                "mimeType must be a string, not {}; ignored",
                other.type_name()
            );
            ctx.repair(Code::InvalidFieldType, keys.path("mimeType"), message)?;
            None
        }
    };
    let name = match take(entries, "name") {
        Some(Value::String(name)) => name,
        missing => {
            let (code, message) = match missing {
                None | Some(Value::Null) => (
                    Code::MissingField,
                    "resource_link without name; using the uri".to_owned(),
                ),
                Some(other) => (
                    Code::InvalidFieldType,
                    format!(
                        "name must be a string, not {}; using the uri",
                        other.type_name()
                    ),
                ),
            };
            ctx.repair(code, join(path, "name"), message)?;
            uri.clone()
        }
    };
    let title = optional_string(entries, "title", path, ctx)?;
    let description = optional_string(entries, "description", path, ctx)?;
    let size = match take(entries, "size") {
        None | Some(Value::Null) => None,
        Some(Value::Number(n)) if n.as_u64().is_some() => n.as_u64(),
        Some(other) => {
            let message = "size must be a non-negative integer; ignored";
            ctx.repair(
                Code::InvalidFieldType,
                join(path, "size"),
                format!("{message} (got {})", other.type_name()),
            )?;
            None
        }
    };
    let icons = take(entries, "icons").filter(|v| !matches!(v, Value::Null));
    Ok(BlockKind::Link {
        uri,
        name,
        title,
        description,
        mime,
        size,
        icons,
    })
}

fn optional_string<'a>(
    entries: &mut Entries<'a>,
    key: &str,
    path: &str,
    ctx: &mut Context<'_>,
) -> Result<Option<Str<'a>>, ConvertError> {
    match take(entries, key) {
        Some(Value::String(s)) => Ok(Some(s)),
        None | Some(Value::Null) => Ok(None),
        Some(other) => {
            let message = format!("{key} must be a string, not {}; ignored", other.type_name());
            ctx.repair(Code::InvalidFieldType, join(path, key), message)?;
            Ok(None)
        }
    }
}

/// Cleans annotations; returns them and the audience path when it excludes the assistant.
fn annotations<'a>(
    value: Value<'a>,
    path: String,
    ctx: &mut Context<'_>,
) -> Result<(Option<Value<'a>>, Option<String>), ConvertError> {
    let map = match value {
        Value::Object(map) => map,
        Value::Null => return Ok((None, None)),
        other => {
            ctx.notice(
                Code::InvalidAnnotations,
                path,
                format!(
                    "annotations must be an object, not {}; ignored",
                    other.type_name()
                ),
            );
            return Ok((None, None));
        }
    };
    let mut entries = map.into_entries();
    let keys = rename_aliases(&mut entries, ANNOTATION_ALIASES, &path, ctx)?;
    let mut out = Map::new();
    let mut excluded = None;
    let audience_path = join(&path, "audience");
    match take(&mut entries, "audience") {
        None | Some(Value::Null) => {}
        Some(Value::Array(roles)) => {
            let total = roles.len();
            let kept: Vec<Value<'a>> = roles
                .into_iter()
                .filter(|r| matches!(r.as_str(), Some("user" | "assistant")))
                .collect();
            if kept.len() < total {
                let message = format!("{} unknown audience role(s) ignored", total - kept.len());
                ctx.notice(Code::InvalidAnnotations, audience_path.clone(), message);
            }
            if !kept.is_empty() {
                if !kept.iter().any(|r| r.as_str() == Some("assistant")) {
                    excluded = Some(audience_path.clone());
                }
                out.push("audience", Value::Array(kept));
            }
        }
        Some(other) => {
            let message = format!(
                "audience must be an array, not {}; ignored",
                other.type_name()
            );
            ctx.notice(Code::InvalidAnnotations, audience_path, message);
        }
    }
    match take(&mut entries, "priority") {
        None | Some(Value::Null) => {}
        Some(Value::Number(n)) => {
            let p = n.as_f64();
            if (0.0..=1.0).contains(&p) {
                out.push("priority", Value::Number(n));
            } else {
                let clamped = if p.is_nan() || p < 0.0 { 0.0 } else { 1.0 };
                ctx.notice(
                    Code::InvalidAnnotations,
                    join(&path, "priority"),
                    format!("priority outside [0, 1]; clamped to {clamped}"),
                );
                out.push("priority", Value::Number(Number::Float(clamped)));
            }
        }
        Some(other) => {
            let message = format!(
                "priority must be a number, not {}; ignored",
                other.type_name()
            );
            ctx.notice(Code::InvalidAnnotations, join(&path, "priority"), message);
        }
    }
    match take(&mut entries, "lastModified") {
        None | Some(Value::Null) => {}
        Some(Value::String(s)) => out.push("lastModified", Value::String(s)),
        Some(other) => {
            let message = format!(
                "lastModified must be a string, not {}; ignored",
                other.type_name()
            );
            ctx.notice(Code::InvalidAnnotations, keys.path("lastModified"), message);
        }
    }
    Ok(((!out.is_empty()).then_some(Value::Object(out)), excluded))
}

/// Where each field of one object stands in the input, after aliases were renamed.
struct Keys<'b> {
    base: &'b str,
    renamed: Vec<(&'static str, &'static str)>,
}

impl Keys<'_> {
    /// The input path of the field now named `camel` (its snake_case key when it came from one).
    fn path(&self, camel: &str) -> String {
        let key = self
            .renamed
            .iter()
            .find(|(c, _)| *c == camel)
            .map_or(camel, |(_, snake)| snake);
        join(self.base, key)
    }
}

/// Renames snake_case aliases to their camelCase keys (input order), reporting each; when
/// both spellings are present the camelCase one wins and the alias is dropped.
fn rename_aliases<'b>(
    entries: &mut Entries<'_>,
    aliases: &[(&'static str, &'static str)],
    base: &'b str,
    ctx: &mut Context<'_>,
) -> Result<Keys<'b>, ConvertError> {
    let mut keys = Keys {
        base,
        renamed: Vec::new(),
    };
    let mut i = 0;
    while i < entries.len() {
        let key = entries[i].0.as_str();
        if let Some(&(snake, camel)) = aliases.iter().find(|(snake, _)| *snake == key) {
            let both = has(entries, camel);
            let message = if both {
                format!("{snake} ignored: {camel} is also present")
            } else {
                format!("{snake} read as {camel}")
            };
            ctx.repair(Code::SnakeCaseKey, join(base, snake), message)?;
            if both {
                entries.remove(i);
                continue;
            }
            entries[i].0 = Str::borrowed(camel);
            keys.renamed.push((camel, snake));
        }
        i += 1;
    }
    Ok(keys)
}

fn has(entries: &Entries<'_>, key: &str) -> bool {
    entries.iter().any(|(k, _)| k.as_str() == key)
}

/// Removes every entry named `key` and returns the last one's value.
fn take<'a>(entries: &mut Entries<'a>, key: &str) -> Option<Value<'a>> {
    let mut found = None;
    let mut i = 0;
    while i < entries.len() {
        if entries[i].0.as_str() == key {
            found = Some(entries.remove(i).1);
        } else {
            i += 1;
        }
    }
    found
}

/// Whether a `resultType` other than `complete` marks a non-final result: always for the
/// known non-final values, and for any other value when the object looks like a tool result.
fn is_non_final(result_type: &str, entries: &Entries<'_>) -> bool {
    matches!(result_type, "input_required" | "task")
        || ["content", "structuredContent", "isError"]
            .iter()
            .any(|k| has(entries, k))
}

fn starts_with_ignore_case(text: &str, prefix: &str) -> bool {
    text.len() >= prefix.len()
        && text.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
}

/// The documented reading of a non-boolean `isError`.
fn truthy(value: &Value<'_>) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64() != 0.0,
        Value::String(s) => !matches!(
            s.as_str().trim().to_ascii_lowercase().as_str(),
            "" | "false" | "0" | "no"
        ),
        Value::Array(items) => !items.is_empty(),
        Value::Object(map) => !map.is_empty(),
    }
}

fn has_lossy(value: &Value<'_>) -> bool {
    match value {
        Value::String(s) => s.is_lossy(),
        Value::Array(items) => items.iter().any(has_lossy),
        Value::Object(map) => map.iter().any(|(k, v)| k.is_lossy() || has_lossy(v)),
        _ => false,
    }
}

fn report_lossy(value: &Value<'_>, path: &str, ctx: &mut Context<'_>) -> Result<(), ConvertError> {
    let message = "lone UTF-16 surrogate replaced by U+FFFD";
    match value {
        Value::String(s) if s.is_lossy() => {
            ctx.repair(Code::LoneSurrogate, path.to_owned(), message)?
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                if has_lossy(item) {
                    report_lossy(item, &index(path, i), ctx)?;
                }
            }
        }
        Value::Object(map) => {
            for (key, item) in map.iter() {
                let item_path = join(path, key.as_str());
                if key.is_lossy() {
                    ctx.repair(Code::LoneSurrogate, item_path.clone(), message)?;
                }
                if has_lossy(item) {
                    report_lossy(item, &item_path, ctx)?;
                }
            }
        }
        _ => {}
    }
    Ok(())
}
