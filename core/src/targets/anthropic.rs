//! Anthropic Messages `tool_result` and the MCP connector's `mcp_tool_result`.

use super::common::{essence_of, lifted, text_block, WEB_IMAGES};
use super::join::join_text;
use super::media::MediaClass;
use super::plan::{self, Part};
use super::profile::{self, Caps, Lift, Profile};
use crate::canonical;
use crate::model::{Map, Str, Value};
use crate::normalize::Context;
use crate::parsed::ToolResult;

const MIB: u64 = 1024 * 1024;

/// Images, PDF and text documents; error results are text only.
pub const PROFILE: Profile = Profile {
    images: WEB_IMAGES,
    documents: &["application/pdf", "text/plain"],
    audio: &[],
    video: &[],
    text_documents: true,
    caps: Caps {
        images: Some(100),
        item_bytes: Some(3_932_160),
        total_bytes: Some(24 * MIB),
        dimension: Some(8000),
        many_images_dimension: Some(2000),
        documents: None,
        recommended: profile::ANTHROPIC_RECOMMENDED,
    },
    lift: Lift::OnError,
    drop_blank_text: true,
    explain_markers: true,
    lifted_reason: "moved after the tool results",
};

/// Text blocks only.
pub const MCP_PROFILE: Profile = Profile {
    drop_blank_text: true,
    ..profile::TEXT_ONLY
};

/// `{type: "tool_result", tool_use_id?, content?, is_error}`; error-result media in attachments.
pub fn render<'a>(result: ToolResult<'a>, ctx: &mut Context<'_>) -> (Value<'a>, Vec<Value<'a>>) {
    let plan = plan::plan(result, &PROFILE, ctx);
    let content: Vec<Value<'a>> = plan.parts.into_iter().map(block).collect();
    let fields = 2 + usize::from(ctx.options.tool_call_id.is_some()) + usize::from(!content.is_empty());
    let mut out = Map::reusing(plan.spare, fields);
    out.push("type", Value::String(Str::borrowed("tool_result")));
    if let Some(id) = &ctx.options.tool_call_id {
        out.push("tool_use_id", Value::string(id.clone()));
    }
    if !content.is_empty() {
        out.push("content", Value::Array(content));
    }
    out.push("is_error", Value::Bool(plan.is_error));
    let attachments = lifted(plan.lifted, ctx, text_block, |media| block(Part::Media(media)));
    (Value::Object(out), attachments)
}

/// `{type: "mcp_tool_result", tool_use_id?, is_error, content: [text blocks] | string}`: a
/// string (blank ones kept) where the replayed content was a string or null.
pub fn render_mcp<'a>(mut result: ToolResult<'a>, ctx: &mut Context<'_>) -> Value<'a> {
    let replayed_id = result.tool_use_id.take();
    let string_content = result.string_content;
    let profile = if string_content {
        &profile::TEXT_ONLY
    } else {
        &MCP_PROFILE
    };
    let plan = plan::plan(result, profile, ctx);
    let content = if string_content {
        Value::String(join_text(plan.parts))
    } else {
        Value::Array(plan.parts.into_iter().map(block).collect())
    };
    let fields = 3 + usize::from(ctx.options.tool_call_id.is_some() || replayed_id.is_some());
    let mut out = Map::reusing(plan.spare, fields);
    out.push("type", Value::String(Str::borrowed("mcp_tool_result")));
    match (&ctx.options.tool_call_id, replayed_id) {
        (Some(id), _) => out.push("tool_use_id", Value::string(id.clone())),
        (None, Some(id)) => out.push("tool_use_id", Value::String(id)),
        (None, None) => {}
    }
    out.push("is_error", Value::Bool(plan.is_error));
    out.push("content", content);
    Value::Object(out)
}

fn block(part: Part<'_>) -> Value<'_> {
    match part {
        Part::Text { text, .. } => text_block(text),
        Part::Structured(value) => text_block(Str::owned(canonical::to_text(&value))),
        Part::Media(media) => {
            let (kind, source) = match (media.class, media.text) {
                (MediaClass::Document, Some(text)) => ("document", source("text", media.mime, Str::owned(text))),
                (MediaClass::Image, _) => ("image", source("base64", media.mime, media.data)),
                _ => ("document", source("base64", media.mime, media.data)),
            };
            let mut map = Map::with_capacity(2);
            map.push("type", Value::String(Str::borrowed(kind)));
            map.push("source", source);
            Value::Object(map)
        }
    }
}

fn source<'a>(kind: &'static str, mime: Str<'a>, data: Str<'a>) -> Value<'a> {
    let mut map = Map::with_capacity(3);
    map.push("type", Value::String(Str::borrowed(kind)));
    map.push("media_type", Value::String(essence_of(mime)));
    map.push("data", Value::String(data));
    Value::Object(map)
}
