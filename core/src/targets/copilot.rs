//! The GitHub Copilot SDK `ToolResultObject`.

use super::omitted_marker;
use crate::canonical;
use crate::error::Code;
use crate::marker::Marker;
use crate::model::{Map, Str, Value};
use crate::normalize::Context;
use crate::parsed::{BlockKind, MediaKind, ToolResult};

const UNSUPPORTED: &str = "not supported by this target";

/// `{textResultForLlm, resultType, binaryResultsForLlm?}`.
pub fn render<'a>(mut result: ToolResult<'a>, ctx: &mut Context<'_>) -> Value<'a> {
    let mut parts: Vec<Str<'a>> = Vec::new();
    let mut binaries: Vec<Value<'a>> = Vec::new();
    for block in std::mem::take(&mut result.blocks) {
        if let (true, Some(audience)) = (ctx.options.respect_audience, block.excluded_by_audience) {
            ctx.notice(
                Code::AudienceExcluded,
                result.audience_path(block.at, audience),
                "block addressed to another audience; kept from the model",
            );
            continue;
        }
        if let Some(marker) = omitted_marker(&block.kind) {
            parts.push(Str::owned(marker));
            continue;
        }
        match block.kind {
            BlockKind::Text(text) => parts.push(text),
            BlockKind::Media {
                kind: MediaKind::Image,
                payload,
                mime,
            } => {
                binaries.push(binary("image", payload.data, mime, None));
            }
            BlockKind::Media {
                kind: MediaKind::Audio,
                payload,
                mime,
            } => {
                let marker = Marker {
                    kind: "audio",
                    label: Some(mime.as_str()),
                    size: Some(payload.size),
                    reason: Some(UNSUPPORTED),
                    ..Marker::default()
                };
                ctx.notice(
                    Code::BlockAsMarker,
                    result.block_path(block.at),
                    "copilot cannot carry audio; the model gets a marker",
                );
                parts.push(Str::owned(marker.render()));
            }
            BlockKind::Resource {
                uri, mime, text, blob, ..
            } => {
                if let Some(text) = text.filter(|t| !t.as_str().is_empty()) {
                    parts.push(text);
                }
                if let Some(blob) = blob {
                    let mime = mime
                        .filter(|m| !m.as_str().is_empty())
                        .unwrap_or(Str::borrowed("application/octet-stream"));
                    let description = (!uri.as_str().is_empty()).then_some(uri);
                    binaries.push(binary("resource", blob.data, mime, description));
                }
            }
            BlockKind::Link { uri, name, .. } => {
                let marker = Marker {
                    kind: "resource_link",
                    label: Some(name.as_str()),
                    uri: Some(uri.as_str()),
                    ..Marker::default()
                };
                parts.push(Str::owned(marker.render()));
            }
            BlockKind::Omitted { .. } => {}
        }
    }

    let says_something = parts.iter().any(|p| !p.as_str().trim().is_empty());
    let text = match (&result.structured, says_something) {
        (Some(structured), false) if !matches!(structured, Value::Null) => {
            ctx.notice(
                Code::StructuredContentAsText,
                result.structured_path(),
                "no text block says anything; structuredContent given as JSON text",
            );
            Str::owned(canonical::to_text(structured))
        }
        _ if parts.len() == 1 => parts.pop().unwrap_or(Str::borrowed("")),
        _ => Str::owned(parts.iter().map(Str::as_str).collect::<Vec<_>>().join("\n")),
    };

    let mut out = Map::with_capacity(3);
    out.push("textResultForLlm", Value::String(text));
    out.push(
        "resultType",
        Value::String(Str::borrowed(if result.is_error { "failure" } else { "success" })),
    );
    if !binaries.is_empty() {
        out.push("binaryResultsForLlm", Value::Array(binaries));
    }
    Value::Object(out)
}

fn binary<'a>(kind: &'static str, data: Str<'a>, mime: Str<'a>, description: Option<Str<'a>>) -> Value<'a> {
    let mut map = Map::with_capacity(4);
    map.push("type", Value::String(Str::borrowed(kind)));
    map.push("data", Value::String(data));
    map.push("mimeType", Value::String(mime));
    if let Some(description) = description {
        map.push("description", Value::String(description));
    }
    Value::Object(map)
}
