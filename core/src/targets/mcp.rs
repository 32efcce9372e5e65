//! A clean, normalized MCP `CallToolResult`.

use super::omitted_marker;
use crate::marker::Marker;
use crate::model::{Map, Number, Str, Value};
use crate::normalize::Context;
use crate::options::Binary;
use crate::parsed::{Block, BlockKind, Link, MediaBlock, Payload, Resource, ToolResult};

/// `{content, isError, structuredContent?, _meta?, resultType?}`.
pub fn render<'a>(result: ToolResult<'a>, ctx: &mut Context<'_>) -> Value<'a> {
    let markers = ctx.options.binary == Binary::Marker;
    let mut content = Vec::with_capacity(result.blocks.len());
    for block in result.blocks {
        render_block(block, markers, &mut content);
    }
    let fields = 2
        + usize::from(result.structured.is_some())
        + usize::from(result.meta.is_some())
        + usize::from(result.result_type.is_some());
    let mut out = Map::reusing(result.spare, fields);
    out.push("content", Value::Array(content));
    out.push("isError", Value::Bool(result.is_error));
    if let Some(structured) = result.structured {
        out.push("structuredContent", structured);
    }
    if let Some(meta) = result.meta {
        out.push("_meta", meta);
    }
    if let Some(result_type) = result.result_type {
        out.push("resultType", Value::String(result_type));
    }
    Value::Object(out)
}

fn render_block<'a>(block: Block<'a>, markers: bool, content: &mut Vec<Value<'a>>) {
    if let Some(marker) = omitted_marker(&block.kind) {
        content.push(text_block(Str::owned(marker), None, None));
        return;
    }
    let Block {
        kind,
        annotations,
        meta,
        ..
    } = block;
    let (annotations, meta) = (annotations.map(|a| *a), meta.map(|m| *m));
    match kind {
        BlockKind::Text(text) => content.push(text_block(text, annotations, meta)),
        BlockKind::Media(media) if markers => {
            let marker = payload_marker(media.kind.name(), &media.payload, Some(media.mime.as_str()), None);
            content.push(text_block(Str::owned(marker), annotations, meta));
        }
        BlockKind::Media(media) => {
            let MediaBlock { kind, payload, mime } = *media;
            let mut map = Map::with_capacity(5);
            map.push("type", Value::String(Str::borrowed(kind.name())));
            map.push("data", Value::String(payload.data));
            map.push("mimeType", Value::String(mime));
            content.push(finish(map, annotations, meta));
        }
        BlockKind::Resource(resource) => {
            let Resource {
                uri,
                mime,
                text,
                blob,
                meta: resource_meta,
            } = *resource;
            let blob_marker = match (&blob, markers) {
                (Some(payload), true) => Some(payload_marker(
                    "resource",
                    payload,
                    mime.as_ref().map(Str::as_str),
                    Some(uri.as_str()),
                )),
                _ => None,
            };
            let blob = if markers { None } else { blob };
            if text.is_some() || blob.is_some() {
                let mut resource = Map::with_capacity(5);
                resource.push("uri", Value::String(uri));
                if let Some(mime) = mime {
                    resource.push("mimeType", Value::String(mime));
                }
                if let Some(text) = text {
                    resource.push("text", Value::String(text));
                }
                if let Some(blob) = blob {
                    resource.push("blob", Value::String(blob.data));
                }
                if let Some(resource_meta) = resource_meta {
                    resource.push("_meta", resource_meta);
                }
                let mut map = Map::with_capacity(4);
                map.push("type", Value::String(Str::borrowed("resource")));
                map.push("resource", Value::Object(resource));
                content.push(finish(map, annotations.clone(), meta.clone()));
            }
            if let Some(marker) = blob_marker {
                content.push(text_block(Str::owned(marker), annotations, meta));
            }
        }
        BlockKind::Link(link) => {
            let Link {
                uri,
                name,
                title,
                description,
                mime,
                size,
                icons,
            } = *link;
            let mut map = Map::with_capacity(10);
            map.push("type", Value::String(Str::borrowed("resource_link")));
            map.push("uri", Value::String(uri));
            map.push("name", Value::String(name));
            let optional = [("title", title), ("description", description), ("mimeType", mime)];
            for (key, value) in optional {
                if let Some(value) = value {
                    map.push(key, Value::String(value));
                }
            }
            if let Some(size) = size {
                map.push("size", Value::Number(Number::UInt(size)));
            }
            if let Some(icons) = icons {
                map.push("icons", icons);
            }
            content.push(finish(map, annotations, meta));
        }
        BlockKind::Omitted(_) => {}
    }
}

fn payload_marker(kind: &str, payload: &Payload<'_>, mime: Option<&str>, uri: Option<&str>) -> String {
    let title = mime
        .filter(|_| kind == "image")
        .and_then(|mime| crate::svg::title_of(mime, &payload.data));
    Marker {
        kind,
        label: mime,
        title: title.as_deref(),
        size: Some(payload.size()),
        handle: None,
        uri,
        reason: None,
    }
    .render()
}

fn text_block<'a>(text: Str<'a>, annotations: Option<Value<'a>>, meta: Option<Value<'a>>) -> Value<'a> {
    let mut map = Map::with_capacity(4);
    map.push("type", Value::String(Str::borrowed("text")));
    map.push("text", Value::String(text));
    finish(map, annotations, meta)
}

fn finish<'a>(mut map: Map<'a>, annotations: Option<Value<'a>>, meta: Option<Value<'a>>) -> Value<'a> {
    if let Some(annotations) = annotations {
        map.push("annotations", annotations);
    }
    if let Some(meta) = meta {
        map.push("_meta", meta);
    }
    Value::Object(map)
}
