//! The input rules: turn any accepted `CallToolResult` shape into a [`ToolResult`], repairing
//! (lenient) or raising (strict) as `conformance/README.md` specifies.
//!
//! Locations are [`Loc`] chains on the stack; a path string is only built when a diagnostic
//! is reported, so a well-formed input converts without building any.

use std::borrow::Cow;

use crate::base64;
use crate::canonical;
use crate::error::{Code, CodeKind, ConvertError, Diagnostic};
use crate::fields::Fields;
use crate::mime;
use crate::model::{Map, Number, Str, Value};
use crate::options::Options;
use crate::parsed::{AudienceAt, Block, BlockAt, BlockKind, MediaKind, Payload, ToolResult};
use crate::pointer::Loc;

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
    pub fn repair(&mut self, code: Code, at: &Loc<'_>, message: impl Into<String>) -> Result<(), ConvertError> {
        debug_assert_eq!(code.kind(), CodeKind::Repair);
        if self.options.strict {
            return Err(ConvertError::new(code, at.render(), message));
        }
        self.diagnostics.push(Diagnostic {
            code,
            path: at.render(),
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
pub(crate) const BLOCK_ALIASES: &[(&str, &str)] = &[("mime_type", "mimeType"), ("meta", "_meta")];
const ANNOTATION_ALIASES: &[(&str, &str)] = &[("last_modified", "lastModified")];

fn invalid_result(path: &str, message: impl Into<String>) -> ConvertError {
    ConvertError::new(Code::InvalidToolResult, path, message)
}

/// Applies the input rules.
pub fn normalize<'a>(input: Value<'a>, ctx: &mut Context<'_>) -> Result<ToolResult<'a>, ConvertError> {
    if has_lossy(&input) {
        report_lossy(&input, &Loc::at(""), ctx)?;
    }
    let Value::Object(map) = input else {
        return Err(invalid_result(
            "",
            format!("a tool result is an object, not {}", input.type_name()),
        ));
    };
    let mut entries = Fields::pick(map);
    let mut base = String::new();

    if entries.has("jsonrpc") && (entries.has("result") || entries.has("error")) {
        if let Some(error) = entries.take("error").filter(|e| !matches!(e, Value::Null)) {
            let detail = error
                .as_object()
                .and_then(|e| e.get("message"))
                .and_then(Value::as_str)
                .unwrap_or("");
            let message = format!("the JSON-RPC response is an error: {detail}");
            return Err(ConvertError::new(Code::JsonrpcError, "/error", message));
        }
        let result = entries.take("result").unwrap_or(Value::Null);
        ctx.notice(
            Code::JsonrpcEnvelope,
            "/result".into(),
            "unwrapped the JSON-RPC response envelope",
        );
        base.push_str("/result");
        let Value::Object(inner) = result else {
            return Err(invalid_result("/result", "the JSON-RPC result is not an object"));
        };
        entries = Fields::pick(inner);
    }

    if entries.has("task") && !entries.has("content") {
        let message = "a task handle is not a final tool result; poll the task for its result";
        return Err(ConvertError::new(
            Code::NotFinalResult,
            Loc::at(&base).key("task").render(),
            message,
        ));
    }

    let mut legacy_blocks = None;
    let legacy_key = ["toolResult", "tool_result"].into_iter().find(|k| entries.has(k));
    if let (Some(key), false) = (legacy_key, entries.has("content")) {
        let base_loc = Loc::at(&base);
        let key_loc = base_loc.key(key);
        ctx.repair(
            Code::LegacyToolResult,
            &key_loc,
            "unwrapped a 2024-10-07 {toolResult} result",
        )?;
        if key == "tool_result" {
            ctx.repair(Code::SnakeCaseKey, &key_loc, "tool_result read as toolResult")?;
        }
        let key_path = key_loc.render();
        match entries.take(key).unwrap_or(Value::Null) {
            Value::Object(inner) if matches!(inner.get("content"), Some(Value::Array(_))) => {
                entries = Fields::pick(inner);
                base = key_path;
            }
            Value::String(text) => legacy_blocks = Some(vec![plain_block(text, BlockAt::Legacy(key))]),
            other => {
                let text = Str::owned(canonical::to_text(&other));
                legacy_blocks = Some(vec![plain_block(text, BlockAt::Legacy(key))]);
            }
        }
    }

    let base_loc = Loc::at(&base);
    let keys = rename_aliases(&mut entries, TOP_ALIASES, &base_loc, ctx)?;

    let result_type = match entries.take("resultType") {
        None => None,
        Some(Value::String(s)) if s.as_str() == "complete" => Some(s),
        Some(Value::String(s)) if is_non_final(s.as_str(), &entries) => {
            let message = format!("resultType {:?} is not a final result", s.as_str());
            return Err(ConvertError::new(
                Code::NotFinalResult,
                keys.loc("resultType").render(),
                message,
            ));
        }
        Some(Value::String(_)) => None,
        Some(other) => {
            let message = format!(
                "resultType must be a string, not {}; treated as absent",
                other.type_name()
            );
            ctx.repair(Code::InvalidFieldType, &keys.loc("resultType"), message)?;
            None
        }
    };

    if legacy_blocks.is_none()
        && !["content", "structuredContent", "isError"]
            .iter()
            .any(|k| entries.has(k))
    {
        return Err(invalid_result(
            "",
            "not a tool result: none of content, structuredContent, isError",
        ));
    }

    let content_loc = base_loc.key("content");
    let raw_content = match (entries.take("content"), legacy_blocks.is_some()) {
        (_, true) => RawContent::None,
        (None | Some(Value::Null), false) => {
            ctx.repair(Code::MissingField, &content_loc, "content is missing; treated as []")?;
            RawContent::None
        }
        (Some(Value::Array(items)), false) => RawContent::Items(items),
        (Some(Value::String(text)), false) => {
            ctx.repair(
                Code::ContentNotArray,
                &content_loc,
                "content is a string; treated as one text block",
            )?;
            RawContent::Text(text)
        }
        (Some(Value::Object(block)), false) => {
            ctx.repair(
                Code::ContentNotArray,
                &content_loc,
                "content is a single block; wrapped in an array",
            )?;
            RawContent::Single(block)
        }
        (Some(other), false) => {
            let message = format!("content is {}; treated as []", other.type_name());
            ctx.repair(Code::ContentNotArray, &content_loc, message)?;
            RawContent::None
        }
    };

    let is_error = match entries.take("isError") {
        None => false,
        Some(Value::Bool(b)) => b,
        Some(other) => {
            let coerced = truthy(&other);
            let message = format!(
                "isError must be a boolean, not {}; read as {coerced}",
                other.type_name()
            );
            ctx.repair(Code::InvalidFieldType, &keys.loc("isError"), message)?;
            coerced
        }
    };

    let mut blocks = legacy_blocks.unwrap_or_default();
    match raw_content {
        RawContent::None => {}
        RawContent::Text(text) => blocks.push(plain_block(text, BlockAt::Content(None))),
        RawContent::Single(map) => blocks.extend(object_block(map, BlockAt::Content(None), &content_loc, ctx)?),
        RawContent::Items(items) => {
            blocks.reserve(items.len());
            for (i, item) in items.into_iter().enumerate() {
                blocks.extend(block(item, BlockAt::Content(Some(i)), &content_loc.index(i), ctx)?);
            }
        }
    }

    let structured_key = keys.key_of("structuredContent");
    Ok(ToolResult {
        blocks,
        is_error,
        structured: entries.take("structuredContent"),
        meta: entries.take("_meta").filter(|m| !matches!(m, Value::Null)),
        result_type,
        base,
        structured_key,
    })
}

/// The keys that make an object a tool result rather than a replayed content item.
const RESULT_KEYS: &[&str] = &[
    "content",
    "structuredContent",
    "structured_content",
    "isError",
    "is_error",
    "toolResult",
    "tool_result",
    "jsonrpc",
    "task",
    "resultType",
    "result_type",
];

/// Like [`normalize`], but also accepts what a replayed history holds in place of a result:
/// `null` (no content), a string, one content block, another mapping (given as JSON text) or a
/// list of content items. Blocks are located from the input's root.
pub fn normalize_replay<'a>(input: Value<'a>, ctx: &mut Context<'_>) -> Result<ToolResult<'a>, ConvertError> {
    if let Value::Object(map) = &input {
        if RESULT_KEYS.iter().any(|k| map.contains_key(k)) {
            return normalize(input, ctx);
        }
    }
    let root = Loc::at("");
    if has_lossy(&input) {
        report_lossy(&input, &root, ctx)?;
    }
    let at = BlockAt::Root(None);
    let blocks = match input {
        Value::Null => Vec::new(),
        Value::String(text) => vec![plain_block(text, at)],
        Value::Array(items) => {
            let mut blocks = Vec::with_capacity(items.len());
            for (i, item) in items.into_iter().enumerate() {
                blocks.extend(block(item, BlockAt::Root(Some(i)), &root.index(i), ctx)?);
            }
            blocks
        }
        Value::Object(map) if map.contains_key("type") => object_block(map, at, &root, ctx)?.into_iter().collect(),
        Value::Object(map) => vec![plain_block(Str::owned(canonical::to_text(&Value::Object(map))), at)],
        other => {
            return Err(invalid_result(
                "",
                format!("a replayed tool result cannot be {}", other.type_name()),
            ))
        }
    };
    Ok(ToolResult {
        blocks,
        is_error: false,
        structured: None,
        meta: None,
        result_type: None,
        base: String::new(),
        structured_key: "structuredContent",
    })
}

enum RawContent<'a> {
    None,
    Items(Vec<Value<'a>>),
    Text(Str<'a>),
    Single(Map<'a>),
}

fn plain_block(text: Str<'_>, at: BlockAt) -> Block<'_> {
    Block {
        at,
        kind: BlockKind::Text(text),
        annotations: None,
        excluded_by_audience: None,
        meta: None,
    }
}

/// One element of `content`.
fn block<'a>(
    value: Value<'a>,
    at: BlockAt,
    loc: &Loc<'_>,
    ctx: &mut Context<'_>,
) -> Result<Option<Block<'a>>, ConvertError> {
    match value {
        Value::Object(map) => object_block(map, at, loc, ctx),
        Value::String(text) => {
            ctx.repair(
                Code::InvalidBlock,
                loc,
                "a content element is a string; treated as a text block",
            )?;
            Ok(Some(plain_block(text, at)))
        }
        other => {
            ctx.repair(
                Code::InvalidBlock,
                loc,
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
    at: BlockAt,
    loc: &Loc<'_>,
    ctx: &mut Context<'_>,
) -> Result<Option<Block<'a>>, ConvertError> {
    let kind = match map.get("type") {
        Some(Value::String(t)) => match t.as_str() {
            "text" => Kind::Text,
            "image" => Kind::Media(MediaKind::Image),
            "audio" => Kind::Media(MediaKind::Audio),
            "resource" => Kind::Resource,
            "resource_link" => Kind::Link,
            other => {
                let message = format!("block type {other:?} is not an MCP tool-result type; given as JSON text");
                ctx.repair(Code::UnknownBlockType, &loc.key("type"), message)?;
                let text = match (other, map.get("json")) {
                    ("json", Some(json)) => canonical::to_text(json),
                    _ => canonical::to_text(&Value::Object(map)),
                };
                return Ok(Some(plain_block(Str::owned(text), at)));
            }
        },
        _ => match infer_kind(&map) {
            Some(kind) => {
                ctx.repair(
                    Code::MissingField,
                    &loc.key("type"),
                    "block has no string type; inferred from its keys",
                )?;
                kind
            }
            None => {
                let message = "block has no string type and its keys name none; skipped";
                ctx.repair(Code::MissingField, &loc.key("type"), message)?;
                return Ok(None);
            }
        },
    };
    let mut entries = Fields::pick(map);
    entries.take("type");
    let keys = rename_aliases(&mut entries, BLOCK_ALIASES, loc, ctx)?;
    let (kind, inner_annotations) = match kind {
        Kind::Text => match text_block(&mut entries, loc, ctx)? {
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
            at,
            kind,
            annotations: None,
            excluded_by_audience: None,
            meta: None,
        }));
    }
    let (annotations, excluded_by_audience) = match entries.take("annotations") {
        Some(value) => {
            let (annotations, excluded) = clean_annotations(value, &loc.key("annotations"), ctx)?;
            (annotations, excluded.then_some(AudienceAt::Block))
        }
        None => match inner_annotations {
            Some(value) => {
                let inner = loc.key("resource");
                let (annotations, excluded) = clean_annotations(value, &inner.key("annotations"), ctx)?;
                (annotations, excluded.then_some(AudienceAt::Resource))
            }
            None => (None, None),
        },
    };
    let meta = entries.take("_meta").filter(|m| !matches!(m, Value::Null));
    Ok(Some(Block {
        at,
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
        Some(Kind::Media(if audio { MediaKind::Audio } else { MediaKind::Image }))
    } else if map.contains_key("resource") {
        Some(Kind::Resource)
    } else if map.contains_key("uri") {
        Some(Kind::Link)
    } else {
        None
    }
}

fn text_block<'a>(
    entries: &mut Fields<'a>,
    loc: &Loc<'_>,
    ctx: &mut Context<'_>,
) -> Result<Option<BlockKind<'a>>, ConvertError> {
    match entries.take("text") {
        Some(Value::String(text)) => Ok(Some(BlockKind::Text(text))),
        None | Some(Value::Null) => {
            ctx.repair(Code::MissingField, &loc.key("text"), "text block without text; dropped")?;
            Ok(None)
        }
        Some(other) => {
            let message = format!("text is {}; given as its JSON text", other.type_name());
            ctx.repair(Code::InvalidFieldType, &loc.key("text"), message)?;
            Ok(Some(BlockKind::Text(Str::owned(canonical::to_text(&other)))))
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
    loc: &Loc<'_>,
    allow_url: bool,
    ctx: &mut Context<'_>,
) -> Result<PayloadOutcome<'a>, ConvertError> {
    let raw = text.as_str();
    if raw.is_empty() {
        ctx.repair(Code::EmptyPayload, loc, "the payload is empty")?;
        return Ok(PayloadOutcome::Omitted("empty data"));
    }
    if allow_url
        && ["http://", "https://", "file://"]
            .iter()
            .any(|scheme| starts_with_ignore_case(raw, scheme))
    {
        ctx.repair(
            Code::UrlInData,
            loc,
            "the payload is a URL, not base64; given as a resource link",
        )?;
        return Ok(PayloadOutcome::Url(text));
    }
    let mut hint = None;
    let mut data = text;
    if starts_with_ignore_case(data.as_str(), "data:") {
        if let Some(comma) = data.as_str().find(',') {
            let declared = data.as_str()[5..comma].split(';').next().unwrap_or("").trim();
            hint = (!declared.is_empty()).then(|| mime::normalize(declared).into_owned());
            ctx.repair(Code::DataUrl, loc, "the payload is a data: URL; prefix stripped")?;
            data = data.slice_from(comma + 1);
            if data.as_str().is_empty() {
                ctx.repair(Code::EmptyPayload, loc, "the data: URL holds no data")?;
                return Ok(PayloadOutcome::Omitted("empty data"));
            }
        }
    }
    if ctx.options.validate_base64 {
        if base64::is_canonical(data.as_str()) {
            data = data.mark_json_safe();
        } else if let Some(fixed) = base64::repair(data.as_str()) {
            let message = "base64 re-encoded canonically (whitespace, alphabet or padding)";
            ctx.repair(Code::Base64NotCanonical, loc, message)?;
            data = Str::owned(fixed).mark_json_safe();
        } else {
            let message = match base64::raw_bytes_hint(data.as_str()) {
                Some(format) => format!("the payload is not base64: it looks like raw {format} bytes written as text"),
                None => "the payload is not base64".to_owned(),
            };
            ctx.repair(Code::InvalidBase64, loc, message)?;
            return Ok(PayloadOutcome::Omitted("invalid base64"));
        }
    }
    let size = base64::decoded_len(data.as_str());
    Ok(PayloadOutcome::Ok(Payload { data, size }, hint))
}

/// The normalized, non-empty declared MIME type of a field, for omitted markers.
fn declared_label(value: Option<&Value<'_>>) -> Option<String> {
    value
        .and_then(Value::as_str)
        .map(mime::normalize)
        .filter(|m| !m.is_empty())
        .map(Cow::into_owned)
}

pub(crate) fn media_block<'a>(
    kind: MediaKind,
    entries: &mut Fields<'a>,
    keys: &Keys<'_, '_>,
    ctx: &mut Context<'_>,
) -> Result<BlockKind<'a>, ConvertError> {
    let loc = keys.base;
    let declared = entries.take("mimeType");
    let omitted = |reason| BlockKind::Omitted {
        kind: kind.name(),
        label: declared_label(declared.as_ref()),
        uri: None,
        reason,
    };
    let data_loc = loc.key("data");
    let (payload, hint) = match entries.take("data") {
        Some(Value::String(text)) => match payload(text, &data_loc, true, ctx)? {
            PayloadOutcome::Ok(payload, hint) => (payload, hint),
            PayloadOutcome::Omitted(reason) => return Ok(omitted(reason)),
            PayloadOutcome::Url(url) => {
                let mime = declared_label(declared.as_ref()).map(Str::owned);
                return Ok(link(url, mime));
            }
        },
        None | Some(Value::Null) => {
            ctx.repair(
                Code::MissingField,
                &data_loc,
                format!("{} block without data", kind.name()),
            )?;
            return Ok(omitted("missing data"));
        }
        Some(other) => {
            let message = format!("data must be a string, not {}", other.type_name());
            ctx.repair(Code::InvalidFieldType, &data_loc, message)?;
            return Ok(omitted("invalid data"));
        }
    };
    let sniffed = sniff(&payload, ctx);
    let mime = match declared {
        Some(Value::String(declared)) => checked_mime(declared, sniffed, &keys.loc("mimeType"), ctx)?,
        missing => match hint {
            Some(hint) => checked_mime(Str::owned(hint), sniffed, &data_loc, ctx)?,
            None => {
                let fallback = sniffed.unwrap_or("application/octet-stream");
                let (code, message) = match &missing {
                    None | Some(Value::Null) => (Code::MissingField, format!("mimeType is missing; using {fallback}")),
                    Some(other) => (
                        Code::InvalidFieldType,
                        format!("mimeType must be a string, not {}; using {fallback}", other.type_name()),
                    ),
                };
                ctx.repair(code, &keys.loc("mimeType"), message)?;
                Str::borrowed(fallback)
            }
        },
    };
    Ok(BlockKind::Media { kind, payload, mime })
}

fn link<'a>(uri: Str<'a>, mime: Option<Str<'a>>) -> BlockKind<'a> {
    BlockKind::Link {
        name: uri.clone(),
        uri,
        title: None,
        description: None,
        mime,
        size: None,
        icons: None,
    }
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
    loc: &Loc<'_>,
    ctx: &mut Context<'_>,
) -> Result<Str<'a>, ConvertError> {
    let mime = match mime::normalize(declared.as_str()) {
        Cow::Borrowed(_) => declared,
        Cow::Owned(normalized) => {
            let message = format!("mimeType {:?} read as {normalized:?}", declared.as_str());
            ctx.notice(Code::MimeTypeNormalized, loc.render(), message);
            Str::owned(normalized)
        }
    };
    match sniffed {
        Some(actual) if !mime::same_format(mime::essence(mime.as_str()), actual) => {
            let message = format!(
                "mimeType says {} but the bytes are {actual}; using {actual}",
                mime.as_str()
            );
            ctx.repair(Code::MimeTypeMismatch, loc, message)?;
            Ok(Str::borrowed(actual))
        }
        _ => Ok(mime),
    }
}

type ResourceParts<'a> = (BlockKind<'a>, Option<Value<'a>>);

fn resource_block<'a>(
    entries: &mut Fields<'a>,
    block_keys: &Keys<'_, '_>,
    ctx: &mut Context<'_>,
) -> Result<Option<ResourceParts<'a>>, ConvertError> {
    let loc = block_keys.base;
    let nested_loc = loc.key("resource");
    let (mut fields, res_keys) = match entries.take("resource") {
        Some(Value::Object(map)) => {
            let mut fields = Fields::pick(map);
            let keys = rename_aliases(&mut fields, BLOCK_ALIASES, &nested_loc, ctx)?;
            (fields, keys)
        }
        _ if entries.has("text") || entries.has("blob") => {
            ctx.repair(
                Code::FlattenedResource,
                loc,
                "resource fields given on the block itself",
            )?;
            let mut fields = Fields::empty();
            for key in ["uri", "mimeType", "text", "blob"] {
                if let Some(value) = entries.take(key) {
                    fields.set(key, value);
                }
            }
            (
                fields,
                Keys {
                    base: loc,
                    renamed: block_keys.renamed.clone(),
                },
            )
        }
        _ => match entries.take("uri") {
            Some(Value::String(uri)) => {
                ctx.repair(
                    Code::FlattenedResource,
                    loc,
                    "resource without contents; given as a link",
                )?;
                let mime = declared_label(entries.take("mimeType").as_ref()).map(Str::owned);
                return Ok(Some((link(uri, mime), None)));
            }
            _ => {
                ctx.repair(
                    Code::MissingField,
                    &nested_loc,
                    "resource block without a resource; dropped",
                )?;
                return Ok(None);
            }
        },
    };

    let res_loc = res_keys.base;
    let declared = fields.take("mimeType");
    let label = declared_label(declared.as_ref());
    let uri_text = fields.get("uri").and_then(Value::as_str);
    let uri_text = uri_text.filter(|u| !u.is_empty()).map(str::to_owned);
    let blob_loc = res_loc.key("blob");
    let (blob, blob_failure, hint) = match fields.take("blob") {
        None | Some(Value::Null) => (None, None, None),
        Some(Value::String(text)) => match payload(text, &blob_loc, false, ctx)? {
            PayloadOutcome::Ok(payload, hint) => (Some(payload), None, hint),
            PayloadOutcome::Omitted(reason) => (None, Some(reason), None),
            PayloadOutcome::Url(_) => (None, Some("invalid blob"), None),
        },
        Some(other) => {
            let message = format!("blob must be a string, not {}; ignored", other.type_name());
            ctx.repair(Code::InvalidFieldType, &blob_loc, message)?;
            (None, Some("invalid blob"), None)
        }
    };
    let sniffed = blob.as_ref().and_then(|b| sniff(b, ctx));
    let mime = match declared {
        Some(Value::String(declared)) => Some(checked_mime(declared, sniffed, &res_keys.loc("mimeType"), ctx)?),
        None | Some(Value::Null) => match hint {
            Some(hint) => Some(checked_mime(Str::owned(hint), sniffed, &blob_loc, ctx)?),
            None => None,
        },
        Some(other) => {
            let message = format!("mimeType must be a string, not {}; ignored", other.type_name());
            ctx.repair(Code::InvalidFieldType, &res_keys.loc("mimeType"), message)?;
            None
        }
    };
    let uri = match fields.take("uri") {
        Some(Value::String(uri)) => uri,
        None | Some(Value::Null) => {
            ctx.repair(
                Code::MissingField,
                &res_loc.key("uri"),
                "resource without uri; using \"\"",
            )?;
            Str::borrowed("")
        }
        Some(other) => {
            let message = format!("uri must be a string, not {}; using \"\"", other.type_name());
            ctx.repair(Code::InvalidFieldType, &res_loc.key("uri"), message)?;
            Str::borrowed("")
        }
    };
    let text = match fields.take("text") {
        Some(Value::String(text)) => Some(text),
        None | Some(Value::Null) => None,
        Some(other) => {
            let message = format!("text is {}; given as its JSON text", other.type_name());
            ctx.repair(Code::InvalidFieldType, &res_loc.key("text"), message)?;
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
        let message = "resource has neither text nor blob; given as a link";
        ctx.repair(Code::MissingField, &nested_loc, message)?;
        return Ok(Some((link(uri, mime), fields.take("annotations"))));
    }
    let meta = fields.take("_meta").filter(|m| !matches!(m, Value::Null));
    let inner_annotations = fields.take("annotations");
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
    entries: &mut Fields<'a>,
    keys: &Keys<'_, '_>,
    ctx: &mut Context<'_>,
) -> Result<BlockKind<'a>, ConvertError> {
    let loc = keys.base;
    let uri = match entries.take("uri") {
        Some(Value::String(uri)) => uri,
        missing => {
            let label = declared_label(entries.get("mimeType"));
            let (code, message) = match missing {
                None | Some(Value::Null) => (Code::MissingField, "resource_link without uri".to_owned()),
                Some(other) => (
                    Code::InvalidFieldType,
                    format!("uri must be a string, not {}", other.type_name()),
                ),
            };
            ctx.repair(code, &loc.key("uri"), message)?;
            return Ok(BlockKind::Omitted {
                kind: "resource_link",
                label,
                uri: None,
                reason: "missing uri",
            });
        }
    };
    let mime = match entries.take("mimeType") {
        Some(Value::String(declared)) => Some(checked_mime(declared, None, &keys.loc("mimeType"), ctx)?),
        None | Some(Value::Null) => None,
        Some(other) => {
            let message = format!("mimeType must be a string, not {}; ignored", other.type_name());
            ctx.repair(Code::InvalidFieldType, &keys.loc("mimeType"), message)?;
            None
        }
    };
    let name = match entries.take("name") {
        Some(Value::String(name)) => name,
        missing => {
            let (code, message) = match missing {
                None | Some(Value::Null) => (
                    Code::MissingField,
                    "resource_link without name; using the uri".to_owned(),
                ),
                Some(other) => (
                    Code::InvalidFieldType,
                    format!("name must be a string, not {}; using the uri", other.type_name()),
                ),
            };
            ctx.repair(code, &loc.key("name"), message)?;
            uri.clone()
        }
    };
    let title = optional_string(entries, "title", loc, ctx)?;
    let description = optional_string(entries, "description", loc, ctx)?;
    let size = match entries.take("size") {
        None | Some(Value::Null) => None,
        Some(Value::Number(n)) if n.as_u64().is_some() => n.as_u64(),
        Some(other) => {
            let message = format!(
                "size must be a non-negative integer; ignored (got {})",
                other.type_name()
            );
            ctx.repair(Code::InvalidFieldType, &loc.key("size"), message)?;
            None
        }
    };
    let icons = entries.take("icons").filter(|v| !matches!(v, Value::Null));
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
    entries: &mut Fields<'a>,
    key: &str,
    loc: &Loc<'_>,
    ctx: &mut Context<'_>,
) -> Result<Option<Str<'a>>, ConvertError> {
    match entries.take(key) {
        Some(Value::String(s)) => Ok(Some(s)),
        None | Some(Value::Null) => Ok(None),
        Some(other) => {
            let message = format!("{key} must be a string, not {}; ignored", other.type_name());
            ctx.repair(Code::InvalidFieldType, &loc.key(key), message)?;
            Ok(None)
        }
    }
}

/// Cleans annotations; returns them and whether their audience excludes the assistant.
fn clean_annotations<'a>(
    value: Value<'a>,
    loc: &Loc<'_>,
    ctx: &mut Context<'_>,
) -> Result<(Option<Value<'a>>, bool), ConvertError> {
    let map = match value {
        Value::Object(map) => map,
        Value::Null => return Ok((None, false)),
        other => {
            let message = format!("annotations must be an object, not {}; ignored", other.type_name());
            ctx.notice(Code::InvalidAnnotations, loc.render(), message);
            return Ok((None, false));
        }
    };
    let mut entries = Fields::pick(map);
    let keys = rename_aliases(&mut entries, ANNOTATION_ALIASES, loc, ctx)?;
    let mut out = Map::new();
    let mut excluded = false;
    match entries.take("audience") {
        None | Some(Value::Null) => {}
        Some(Value::Array(roles)) => {
            let total = roles.len();
            let kept: Vec<Value<'a>> = roles
                .into_iter()
                .filter(|r| matches!(r.as_str(), Some("user" | "assistant")))
                .collect();
            if kept.len() < total {
                let message = format!("{} unknown audience role(s) ignored", total - kept.len());
                ctx.notice(Code::InvalidAnnotations, loc.key("audience").render(), message);
            }
            if !kept.is_empty() {
                excluded = !kept.iter().any(|r| r.as_str() == Some("assistant"));
                out.push("audience", Value::Array(kept));
            }
        }
        Some(other) => {
            let message = format!("audience must be an array, not {}; ignored", other.type_name());
            ctx.notice(Code::InvalidAnnotations, loc.key("audience").render(), message);
        }
    }
    match entries.take("priority") {
        None | Some(Value::Null) => {}
        Some(Value::Number(n)) => {
            let p = n.as_f64();
            if (0.0..=1.0).contains(&p) {
                out.push("priority", Value::Number(n));
            } else {
                let clamped = if p.is_nan() || p < 0.0 { 0.0 } else { 1.0 };
                let message = format!("priority outside [0, 1]; clamped to {clamped}");
                ctx.notice(Code::InvalidAnnotations, loc.key("priority").render(), message);
                out.push("priority", Value::Number(Number::Float(clamped)));
            }
        }
        Some(other) => {
            let message = format!("priority must be a number, not {}; ignored", other.type_name());
            ctx.notice(Code::InvalidAnnotations, loc.key("priority").render(), message);
        }
    }
    match entries.take("lastModified") {
        None | Some(Value::Null) => {}
        Some(Value::String(s)) => out.push("lastModified", Value::String(s)),
        Some(other) => {
            let message = format!("lastModified must be a string, not {}; ignored", other.type_name());
            ctx.notice(Code::InvalidAnnotations, keys.loc("lastModified").render(), message);
        }
    }
    Ok(((!out.is_empty()).then_some(Value::Object(out)), excluded))
}

/// Where each field of one object stands in the input, after aliases were renamed.
pub(crate) struct Keys<'l, 'p> {
    base: &'l Loc<'p>,
    renamed: Vec<(&'static str, &'static str)>,
}

impl<'l> Keys<'l, '_> {
    /// The key the field now named `camel` was given under.
    fn key_of(&self, camel: &'static str) -> &'static str {
        self.renamed
            .iter()
            .find(|(c, _)| *c == camel)
            .map_or(camel, |(_, snake)| snake)
    }

    /// The input location of the field now named `camel`.
    fn loc(&self, camel: &'static str) -> Loc<'l> {
        self.base.key(self.key_of(camel))
    }
}

/// Renames the snake_case aliases of this object's fields to their camelCase keys, in input
/// order, reporting each; when both spellings are present the camelCase one wins.
pub(crate) fn rename_aliases<'l, 'p>(
    fields: &mut Fields<'_>,
    aliases: &[(&'static str, &'static str)],
    base: &'l Loc<'p>,
    ctx: &mut Context<'_>,
) -> Result<Keys<'l, 'p>, ConvertError> {
    let mut keys = Keys {
        base,
        renamed: Vec::new(),
    };
    if fields.aliases_seen().is_empty() {
        return Ok(keys);
    }
    for snake in fields.aliases_seen().to_vec() {
        let Some(&(snake, camel)) = aliases.iter().find(|(s, _)| *s == snake) else {
            continue;
        };
        let both = fields.has(camel);
        let message = if both {
            format!("{snake} ignored: {camel} is also present")
        } else {
            format!("{snake} read as {camel}")
        };
        ctx.repair(Code::SnakeCaseKey, &base.key(snake), message)?;
        if both {
            fields.take(snake);
        } else {
            fields.rename(snake, camel);
            keys.renamed.push((camel, snake));
        }
    }
    Ok(keys)
}

/// Whether a `resultType` other than `complete` marks a non-final result: always for the
/// known non-final values, and for any other value when the object looks like a tool result.
fn is_non_final(result_type: &str, entries: &Fields<'_>) -> bool {
    matches!(result_type, "input_required" | "task")
        || ["content", "structuredContent", "isError"]
            .iter()
            .any(|k| entries.has(k))
}

fn starts_with_ignore_case(text: &str, prefix: &str) -> bool {
    text.len() >= prefix.len() && text.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
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

pub(crate) fn has_lossy(value: &Value<'_>) -> bool {
    match value {
        Value::String(s) => s.is_lossy(),
        Value::Array(items) => {
            for item in items {
                if matches!(item, Value::String(s) if s.is_lossy())
                    || (matches!(item, Value::Array(_) | Value::Object(_)) && has_lossy(item))
                {
                    return true;
                }
            }
            false
        }
        Value::Object(map) => {
            for (key, item) in map.iter() {
                if key.is_lossy()
                    || matches!(item, Value::String(s) if s.is_lossy())
                    || (matches!(item, Value::Array(_) | Value::Object(_)) && has_lossy(item))
                {
                    return true;
                }
            }
            false
        }
        _ => false,
    }
}

pub(crate) fn report_lossy(value: &Value<'_>, loc: &Loc<'_>, ctx: &mut Context<'_>) -> Result<(), ConvertError> {
    let message = "lone UTF-16 surrogate replaced by U+FFFD";
    match value {
        Value::String(s) if s.is_lossy() => ctx.repair(Code::LoneSurrogate, loc, message)?,
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                if has_lossy(item) {
                    report_lossy(item, &loc.index(i), ctx)?;
                }
            }
        }
        Value::Object(map) => {
            for (key, item) in map.iter() {
                let item_loc = loc.key(key.as_str());
                if key.is_lossy() {
                    ctx.repair(Code::LoneSurrogate, &item_loc, message)?;
                }
                if has_lossy(item) {
                    report_lossy(item, &item_loc, ctx)?;
                }
            }
        }
        _ => {}
    }
    Ok(())
}
