//! Replayed history in other libraries' own shapes (`anthropic-mcp` only): Anthropic's
//! `tool_result` / `mcp_tool_result` blocks and their `image` / `document` content, and
//! Microsoft agent-framework's `Content.to_dict()` forms (`data`, `uri`, `error`,
//! `function_result`, `mcp_server_tool_result`). These are native forms, not defects: their
//! own field names (`tool_use_id`, `is_error`, `media_type`, `call_id`) report nothing.

use super::blocks::block;
use super::media::{checked_bytes, checked_mime, invalid, payload, sniff, starts_with_ignore_case, PayloadOutcome};
use super::{plain_block, truthy, Context};
use crate::canonical;
use crate::error::{Code, ConvertError};
use crate::mime;
use crate::model::{Map, Spare, Str, Value};
use crate::parsed::{Block, BlockAt, BlockKind, MediaBlock, MediaKind, Omitted, Resource, ToolResult};
use crate::pointer::Loc;

/// The result-level replay shapes and where their content and id stand.
const RESULTS: &[(&str, &str, &str)] = &[
    ("tool_result", "content", "tool_use_id"),
    ("mcp_tool_result", "content", "tool_use_id"),
    ("mcp_server_tool_result", "output", "call_id"),
    ("function_result", "items", "call_id"),
];

fn type_of<'m>(map: &'m Map<'_>) -> Option<&'m str> {
    map.get("type").and_then(Value::as_str)
}

/// Where the content and the id of a replayed result block stand (Anthropic or
/// agent-framework), when `map` is one.
pub(super) fn result_shape(map: &Map<'_>) -> Option<ResultShape> {
    let kind = type_of(map)?;
    RESULTS
        .iter()
        .find(|(name, ..)| *name == kind)
        .map(|&(_, content_key, id_key)| ResultShape { content_key, id_key })
}

/// The keys of a replayed result block.
#[derive(Clone, Copy)]
pub(super) struct ResultShape {
    content_key: &'static str,
    id_key: &'static str,
}

/// A replayed result block: its content items, `is_error` (Anthropic) and its own id.
pub(super) fn foreign_result<'a>(
    map: Map<'a>,
    shape: ResultShape,
    ctx: &mut Context<'_>,
) -> Result<ToolResult<'a>, ConvertError> {
    let ResultShape { content_key, id_key } = shape;
    let mut entries = map.into_entries();
    let id = take_str(&mut entries, id_key);
    let is_error = match take(&mut entries, "is_error") {
        None | Some(Value::Bool(false)) => false,
        Some(Value::Bool(true)) => true,
        Some(other) => {
            let coerced = truthy(&other);
            let message = format!(
                "is_error must be a boolean, not {}; read as {coerced}",
                other.type_name()
            );
            ctx.repair(Code::InvalidFieldType, &Loc::at("").key("is_error"), message)?;
            coerced
        }
    };
    // agent-framework's function_result holds its contents in `items`, its bare value in `result`.
    let (key, content) = match take(&mut entries, content_key) {
        None if content_key == "items" => ("result", take(&mut entries, "result")),
        content => (content_key, content),
    };
    let root = Loc::at("");
    let key_loc = root.key(key);
    let string_content = matches!(content, None | Some(Value::Null | Value::String(_)));
    let blocks = match content {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::String(text)) => vec![plain_block(text, BlockAt::Field(key, None))],
        Some(Value::Array(items)) => {
            let mut blocks = Vec::with_capacity(items.len());
            for (i, item) in items.into_iter().enumerate() {
                blocks.extend(replay_item(item, BlockAt::Field(key, Some(i)), &key_loc.index(i), ctx)?);
            }
            blocks
        }
        Some(other) => vec![plain_block(
            Str::owned(canonical::to_text(&other)),
            BlockAt::Field(key, None),
        )],
    };
    Ok(ToolResult {
        blocks,
        is_error,
        structured: None,
        meta: None,
        result_type: None,
        base: String::new(),
        structured_key: "structuredContent",
        structured_repeats_content: false,
        tool_use_id: id,
        string_content,
        spare: Spare::default(),
    })
}

/// One replayed content item: a foreign content shape, a mapping without a string `type` (one
/// text block of its canonical JSON, reporting nothing), or a content element by the usual rules.
pub(super) fn replay_item<'a>(
    value: Value<'a>,
    at: BlockAt,
    loc: &Loc<'_>,
    ctx: &mut Context<'_>,
) -> Result<Option<Block<'a>>, ConvertError> {
    let Value::Object(map) = value else {
        return block(value, at, loc, ctx);
    };
    let kind = match (type_of(&map), map.get("source")) {
        (None, _) => {
            let text = canonical::to_text(&Value::Object(map));
            return Ok(Some(plain_block(Str::owned(text), at)));
        }
        (Some("image" | "document"), Some(Value::Object(_))) => anthropic_media(map, loc, ctx)?,
        (Some("data"), _) if map.get("uri").and_then(Value::as_str).is_some_and(is_data_url) => {
            framework_data(map, loc, ctx)?
        }
        (Some("uri"), _) if map.get("uri").and_then(Value::as_str).is_some() => framework_uri(map),
        (Some("error"), _) => framework_error(map),
        _ => return block(Value::Object(map), at, loc, ctx),
    };
    Ok(kind.map(|kind| Block {
        at,
        kind,
        annotations: None,
        excluded_by_audience: None,
        meta: None,
    }))
}

fn is_data_url(text: &str) -> bool {
    starts_with_ignore_case(text.as_bytes(), "data:") && text.contains(',')
}

fn take<'a>(map: &mut Vec<(Str<'a>, Value<'a>)>, key: &str) -> Option<Value<'a>> {
    let at = map.iter().rposition(|(k, _)| k.as_str() == key)?;
    Some(map.swap_remove(at).1)
}

fn take_str<'a>(map: &mut Vec<(Str<'a>, Value<'a>)>, key: &str) -> Option<Str<'a>> {
    match take(map, key) {
        Some(Value::String(s)) => Some(s),
        _ => None,
    }
}

/// Anthropic `{type: image|document, source: {type: base64|text|url, media_type, data|url}}`.
fn anthropic_media<'a>(
    map: Map<'a>,
    loc: &Loc<'_>,
    ctx: &mut Context<'_>,
) -> Result<Option<BlockKind<'a>>, ConvertError> {
    let document = type_of(&map) == Some("document");
    let mut entries = map.into_entries();
    let Some(Value::Object(source)) = take(&mut entries, "source") else {
        return Ok(None);
    };
    let source_type = type_of(&source).unwrap_or_default().to_owned();
    let mut source = source.into_entries();
    let source_loc = loc.key("source");
    let media_type = take_str(&mut source, "media_type");
    match (
        source_type.as_str(),
        take_str(&mut source, "data"),
        take_str(&mut source, "url"),
    ) {
        ("base64", Some(data), _) => {
            let class = if document { Class::Resource } else { Class::Image };
            media(
                data,
                &source_loc.key("data"),
                media_type,
                &source_loc.key("media_type"),
                class,
                ctx,
            )
        }
        ("text", Some(text), _) => Ok(Some(BlockKind::Text(text))),
        ("url", _, Some(url)) => Ok(Some(super::media::link(url, media_type))),
        _ => {
            let message = format!(
                "{} source of type {source_type:?} is not supported; skipped",
                if document { "document" } else { "image" }
            );
            ctx.repair(Code::InvalidFieldType, &source_loc.key("type"), message)?;
            Ok(None)
        }
    }
}

/// agent-framework `{type: "data", uri: "data:<mime>;base64,<data>", media_type?}`.
fn framework_data<'a>(
    map: Map<'a>,
    loc: &Loc<'_>,
    ctx: &mut Context<'_>,
) -> Result<Option<BlockKind<'a>>, ConvertError> {
    let mut entries = map.into_entries();
    let Some(uri) = take_str(&mut entries, "uri") else {
        return Ok(None);
    };
    let comma = uri.as_str().find(',').unwrap_or(uri.as_str().len());
    let prefix_mime = uri.as_str()[5..comma].split(';').next().unwrap_or("").trim().to_owned();
    let uri_loc = loc.key("uri");
    let media_type_loc = loc.key("media_type");
    let (declared, mime_loc) = match take_str(&mut entries, "media_type").filter(|m| !m.as_str().trim().is_empty()) {
        Some(media_type) => (Some(media_type), &media_type_loc),
        None => ((!prefix_mime.is_empty()).then(|| Str::owned(prefix_mime)), &uri_loc),
    };
    let class = Class::by_mime(declared.as_ref().map_or("", Str::as_str));
    let data = uri.slice_from((comma + 1).min(uri.as_str().len()));
    media(data, &uri_loc, declared, mime_loc, class, ctx)
}

/// agent-framework `{type: "uri", uri, media_type?}`: a link.
fn framework_uri(map: Map<'_>) -> Option<BlockKind<'_>> {
    let mut entries = map.into_entries();
    let uri = take_str(&mut entries, "uri")?;
    Some(super::media::link(uri, take_str(&mut entries, "media_type")))
}

/// agent-framework `{type: "error", message?, error_code?}`: its message as text.
fn framework_error(map: Map<'_>) -> Option<BlockKind<'_>> {
    let mut entries = map.into_entries();
    let message = take_str(&mut entries, "message");
    let code = take_str(&mut entries, "error_code").filter(|c| !c.as_str().is_empty());
    let text = match (message, code) {
        (Some(message), None) => message,
        (Some(message), Some(code)) => Str::owned(format!("{} ({})", message.as_str(), code.as_str())),
        (None, Some(code)) => code,
        (None, None) => Str::borrowed("error"),
    };
    Some(BlockKind::Text(text))
}

/// What a foreign payload becomes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Image,
    Audio,
    Resource,
}

impl Class {
    /// `image/*` → image, `audio/*` → audio, anything else a resource blob.
    fn by_mime(mime: &str) -> Class {
        let mime = mime::normalize(mime);
        if mime.starts_with("image/") {
            Class::Image
        } else if mime.starts_with("audio/") {
            Class::Audio
        } else {
            Class::Resource
        }
    }

    fn name(self) -> &'static str {
        match self {
            Class::Image => "image",
            Class::Audio => "audio",
            Class::Resource => "resource",
        }
    }
}

/// A base64 payload with its declared MIME type, by the payload and MIME rules.
fn media<'a>(
    data: Str<'a>,
    data_loc: &Loc<'_>,
    declared: Option<Str<'a>>,
    mime_loc: &Loc<'_>,
    class: Class,
    ctx: &mut Context<'_>,
) -> Result<Option<BlockKind<'a>>, ConvertError> {
    let label = declared
        .as_ref()
        .map(|m| mime::normalize(m.as_str()).into_owned())
        .filter(|m| !m.is_empty());
    let payload = match payload(data, data_loc, false, ctx)? {
        PayloadOutcome::Ok(payload, _) => payload,
        PayloadOutcome::Omitted(reason) => {
            return Ok(Some(BlockKind::Omitted(Box::new(Omitted {
                kind: class.name(),
                label,
                uri: None,
                reason,
                size: None,
            }))))
        }
        PayloadOutcome::Url(url) => return Ok(Some(super::media::link(url, declared))),
    };
    let sniffed = sniff(&payload, ctx);
    let mime = match declared {
        Some(declared) => checked_mime(declared, sniffed, mime_loc, ctx)?,
        None => Str::borrowed(sniffed.unwrap_or("application/octet-stream")),
    };
    let mut payload = payload;
    if class != Class::Audio {
        if let Some(reason) = checked_bytes(&mut payload, mime.as_str(), data_loc, ctx)? {
            return Ok(Some(invalid(class.name(), &payload, &mime, None, reason)));
        }
    }
    Ok(Some(match class {
        Class::Image => BlockKind::Media(Box::new(MediaBlock {
            kind: MediaKind::Image,
            payload,
            mime,
        })),
        Class::Audio => BlockKind::Media(Box::new(MediaBlock {
            kind: MediaKind::Audio,
            payload,
            mime,
        })),
        Class::Resource => BlockKind::Resource(Box::new(Resource {
            uri: Str::borrowed(""),
            mime: Some(mime),
            text: None,
            blob: Some(payload),
            meta: None,
        })),
    }))
}
