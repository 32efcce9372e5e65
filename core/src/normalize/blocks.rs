//! Content blocks: type resolution and inference, text, resources, links and annotations.

use super::media::{
    checked_bytes, checked_mime, declared_label, invalid, link, media_block, payload, sniff, PayloadOutcome,
};
use super::{plain_block, rename_aliases, Context, Keys, ANNOTATION_ALIASES, BLOCK_ALIASES};
use crate::canonical;
use crate::error::{Code, ConvertError};
use crate::fields::Fields;
use crate::model::{Map, Number, Str, Value};
use crate::parsed::{AudienceAt, Block, BlockAt, BlockKind, Link, MediaKind, Omitted, Resource};
use crate::pointer::Loc;

/// One element of `content` (inlined: it is one match around [`object_block`]).
#[inline(always)]
pub(super) fn block<'a>(
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

pub(super) fn object_block<'a>(
    map: Map<'a>,
    at: BlockAt,
    loc: &Loc<'_>,
    ctx: &mut Context<'_>,
) -> Result<Option<Block<'a>>, ConvertError> {
    let mut entries = Fields::pick(map);
    let kind = match entries.get("type") {
        Some(Value::String(t)) => match t.as_str() {
            "text" => Kind::Text,
            "image" => Kind::Media(MediaKind::Image),
            "audio" => Kind::Media(MediaKind::Audio),
            "resource" => Kind::Resource,
            "resource_link" => Kind::Link,
            other => {
                let message = format!("block type {other:?} is not an MCP tool-result type; given as JSON text");
                let text = match (other, entries.get("json")) {
                    ("json", Some(json)) => canonical::to_text(json),
                    _ => canonical::to_text(&Value::Object(entries.into_map())),
                };
                ctx.repair(Code::UnknownBlockType, &loc.key("type"), message)?;
                return Ok(Some(plain_block(Str::owned(text), at)));
            }
        },
        _ => match infer_kind(&entries) {
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
    if matches!(kind, BlockKind::Omitted(_)) {
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
        annotations: annotations.map(Box::new),
        excluded_by_audience,
        meta: meta.map(Box::new),
    }))
}

fn infer_kind(entries: &Fields<'_>) -> Option<Kind> {
    if entries.has("text") {
        Some(Kind::Text)
    } else if entries.has("data") {
        let mime = entries
            .get("mimeType")
            .or_else(|| entries.get("mime_type"))
            .and_then(Value::as_str)
            .unwrap_or("");
        let audio = mime.trim().to_ascii_lowercase().starts_with("audio/");
        Some(Kind::Media(if audio { MediaKind::Audio } else { MediaKind::Image }))
    } else if entries.has("resource") {
        Some(Kind::Resource)
    } else if entries.has("uri") {
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
    // The omitted marker's label and uri, read before `declared` and `uri` move on.
    let omitted_at = blob_failure.map(|reason| {
        let uri = fields.get("uri").and_then(Value::as_str).filter(|u| !u.is_empty());
        (reason, declared_label(declared.as_ref()), uri.map(str::to_owned))
    });
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
    let mut blob = blob;
    if let (Some(payload), Some(mime)) = (blob.as_mut(), mime.as_ref()) {
        if let Some(reason) = checked_bytes(payload, mime.as_str(), &blob_loc, ctx)? {
            if text.is_none() {
                let uri = Some(uri.as_str().to_owned()).filter(|u| !u.is_empty());
                return Ok(Some((invalid("resource", payload, mime, uri, reason), None)));
            }
            blob = None;
        }
    }
    if text.is_none() && blob.is_none() {
        if let Some((reason, label, uri)) = omitted_at {
            let omitted = BlockKind::Omitted(Box::new(Omitted {
                kind: "resource",
                label,
                uri,
                reason,
                size: None,
            }));
            return Ok(Some((omitted, None)));
        }
        let message = "resource has neither text nor blob; given as a link";
        ctx.repair(Code::MissingField, &nested_loc, message)?;
        return Ok(Some((link(uri, mime), fields.take("annotations"))));
    }
    let meta = fields.take("_meta").filter(|m| !matches!(m, Value::Null));
    let inner_annotations = fields.take("annotations");
    Ok(Some((
        BlockKind::Resource(Box::new(Resource {
            uri,
            mime,
            text,
            blob,
            meta,
        })),
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
            return Ok(BlockKind::Omitted(Box::new(Omitted {
                kind: "resource_link",
                label,
                uri: None,
                reason: "missing uri",
                size: None,
            })));
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
        Some(other) => {
            let size = other.as_count();
            if size.is_none() {
                let message = format!(
                    "size must be a non-negative integer; ignored (got {})",
                    other.type_name()
                );
                ctx.repair(Code::InvalidFieldType, &loc.key("size"), message)?;
            }
            size
        }
    };
    let icons = entries.take("icons").filter(|v| !matches!(v, Value::Null));
    Ok(BlockKind::Link(Box::new(Link {
        uri,
        name,
        title,
        description,
        mime,
        size,
        icons,
    })))
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
