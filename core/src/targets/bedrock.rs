//! Amazon Bedrock Converse `toolResult`.

use super::common::{lifted, text_part, WEB_IMAGES};
use super::media::{Media, MediaClass};
use super::payload::{payload_value, BinaryField};
use super::plan::{self, Part};
use super::profile::{self, Caps, Lift, Profile};
use crate::mime::essence;
use crate::model::{Map, Str, Value};
use crate::normalize::Context;
use crate::options::Options;
use crate::parsed::ToolResult;

/// Images, nine document formats and video; error results lift media (Claude rejects it).
pub const PROFILE: Profile = Profile {
    images: WEB_IMAGES,
    documents: &[
        "application/pdf",
        "text/csv",
        "application/msword",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "application/vnd.ms-excel",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "text/html",
        "text/plain",
        "text/markdown",
    ],
    audio: &[],
    video: &[
        "video/mp4",
        "video/webm",
        "video/quicktime",
        "video/x-matroska",
        "video/x-flv",
        "video/mpeg",
        "video/x-ms-wmv",
        "video/3gpp",
    ],
    text_documents: false,
    caps: Caps {
        images: Some(20),
        item_bytes: Some(3_932_160),
        total_bytes: None,
        dimension: Some(8000),
        many_images_dimension: Some(8000),
        documents: Some(5),
        recommended: profile::ANTHROPIC_RECOMMENDED,
    },
    lift: Lift::OnError,
    drop_blank_text: true,
    explain_markers: true,
    lifted_reason: "moved after the tool results",
};

/// `{toolResult: {toolUseId?, content, status}}`; error-result media in attachments.
pub fn render<'a>(result: ToolResult<'a>, ctx: &mut Context<'_>) -> (Value<'a>, Vec<Value<'a>>) {
    let plan = plan::plan(result, &PROFILE, ctx);
    let has_text = plan.parts.iter().any(|p| matches!(p, Part::Text { .. }));
    let first_document = plan.parts.iter().find_map(|p| match p {
        Part::Media(m) if m.class == MediaClass::Document => Some(m.marker(None)),
        _ => None,
    });
    let mut content = Vec::with_capacity(plan.parts.len() + 1);
    if let (false, Some(marker)) = (has_text, first_document) {
        content.push(text_part(Str::owned(marker)));
    }
    content.extend(plan.parts.into_iter().map(|p| block(p, ctx.options)));
    if content.is_empty() {
        content.push(text_part(Str::borrowed("[no output]")));
    }
    let mut tool_result = Map::with_capacity(3);
    if let Some(id) = &ctx.options.tool_call_id {
        tool_result.push("toolUseId", Value::string(id.clone()));
    }
    tool_result.push("content", Value::Array(content));
    tool_result.push(
        "status",
        Value::String(Str::borrowed(if plan.is_error { "error" } else { "success" })),
    );
    let mut out = Map::with_capacity(1);
    out.push("toolResult", Value::Object(tool_result));
    let options = ctx.options;
    let attachments = lifted(plan.lifted, ctx, text_part, |m| block(Part::Media(m), options));
    (Value::Object(out), attachments)
}

fn block<'a>(part: Part<'a>, options: &Options) -> Value<'a> {
    match part {
        Part::Text { text, .. } => text_part(text),
        Part::Structured(value) => {
            let mut map = Map::with_capacity(1);
            map.push("json", crate::canonical::without_payloads(value));
            Value::Object(map)
        }
        Part::Media(media) => media_block(media, options),
    }
}

fn media_block<'a>(media: Media<'a>, options: &Options) -> Value<'a> {
    let (key, format) = match media.class {
        MediaClass::Image => ("image", image_format(essence(media.mime.as_str()))),
        MediaClass::Video => ("video", video_format(essence(media.mime.as_str()))),
        _ => ("document", document_format(essence(media.mime.as_str()))),
    };
    let name = (key == "document").then(|| document_name(&media));
    let mut source = Map::with_capacity(1);
    source.push("bytes", payload_value(media.data, BinaryField::BedrockSource, options));
    let mut inner = Map::with_capacity(3);
    inner.push("format", Value::String(Str::borrowed(format)));
    if let Some(name) = name {
        inner.push("name", Value::string(name));
    }
    inner.push("source", Value::Object(source));
    let mut map = Map::with_capacity(1);
    map.push(key, Value::Object(inner));
    Value::Object(map)
}

fn image_format(essence: &str) -> &'static str {
    match essence {
        "image/png" => "png",
        "image/gif" => "gif",
        "image/webp" => "webp",
        _ => "jpeg",
    }
}

fn video_format(essence: &str) -> &'static str {
    match essence {
        "video/webm" => "webm",
        "video/quicktime" => "mov",
        "video/x-matroska" => "mkv",
        "video/x-flv" => "flv",
        "video/mpeg" => "mpeg",
        "video/x-ms-wmv" => "wmv",
        "video/3gpp" => "three_gp",
        _ => "mp4",
    }
}

fn document_format(essence: &str) -> &'static str {
    match essence {
        "text/csv" => "csv",
        "application/msword" => "doc",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document" => "docx",
        "application/vnd.ms-excel" => "xls",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" => "xlsx",
        "text/html" => "html",
        "text/plain" => "txt",
        "text/markdown" => "md",
        _ => "pdf",
    }
}

/// The uri's last segment without extension, reduced to the characters Converse allows.
fn document_name(media: &Media<'_>) -> String {
    let file = media.file_name().unwrap_or("");
    let stem = file.rsplit_once('.').map_or(file, |(stem, _)| stem);
    let mut name = String::with_capacity(stem.len());
    for c in stem.chars() {
        if c.is_ascii_alphanumeric() || matches!(c, '-' | '(' | ')' | '[' | ']') {
            name.push(c);
        } else if c.is_whitespace() && !name.ends_with(' ') && !name.is_empty() {
            name.push(' ');
        }
    }
    let name = name.trim_end();
    if name.is_empty() {
        "document".to_owned()
    } else {
        name.to_owned()
    }
}
