//! Gemini Interactions API `function_result` step: a string, or a list of text and media
//! contents.

use super::common::{essence_of, text_block};
use super::gemini;
use super::join;
use super::media::{Media, MediaClass};
use super::plan::{self, Part};
use super::profile::Profile;
use crate::canonical;
use crate::model::{Map, Str, Value};
use crate::normalize::Context;
use crate::parsed::ToolResult;

/// The MIME types the Interactions contents list (`ImageContent`, `DocumentContent`,
/// `AudioContent`, `VideoContent` in google-genai 3.3.0 and `@google/genai` 3.1.0); the caps
/// and the recommended size are Gemini's.
pub const PROFILE: Profile = Profile {
    images: &[
        "image/png",
        "image/jpeg",
        "image/webp",
        "image/heic",
        "image/heif",
        "image/gif",
        "image/bmp",
        "image/tiff",
    ],
    documents: &[
        "application/pdf",
        "text/csv",
        "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "application/vnd.ms-powerpoint",
        "application/vnd.oasis.opendocument.presentation",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "application/msword",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.template",
        "application/vnd.oasis.opendocument.text",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "application/vnd.ms-excel",
        "application/vnd.oasis.opendocument.spreadsheet",
    ],
    audio: &[
        "audio/wav",
        "audio/mp3",
        "audio/aiff",
        "audio/aac",
        "audio/ogg",
        "audio/flac",
        "audio/mpeg",
        "audio/m4a",
        "audio/l16",
        "audio/opus",
        "audio/alaw",
        "audio/mulaw",
        "audio/webm",
    ],
    video: &[
        "video/mp4",
        "video/mpeg",
        "video/mpg",
        "video/mov",
        "video/avi",
        "video/x-flv",
        "video/webm",
        "video/wmv",
        "video/3gpp",
    ],
    ..gemini::PROFILE
};

/// `{type: "function_result", call_id?, name?, is_error, result}`: `result` is the joined text,
/// or with media a list of contents in block order.
pub fn render<'a>(result: ToolResult<'a>, ctx: &mut Context<'_>) -> Value<'a> {
    let plan = plan::plan(result, &PROFILE, ctx);
    let mut out = Map::with_capacity(5);
    out.push("type", Value::String(Str::borrowed("function_result")));
    if let Some(id) = &ctx.options.tool_call_id {
        out.push("call_id", Value::string(id.clone()));
    }
    if let Some(name) = &ctx.options.tool_name {
        out.push("name", Value::string(name.clone()));
    }
    out.push("is_error", Value::Bool(plan.is_error));
    let has_media = plan.parts.iter().any(|p| matches!(p, Part::Media(_)));
    let result = if has_media {
        Value::Array(plan.parts.into_iter().map(content).collect())
    } else {
        Value::String(join::join_text(plan.parts))
    };
    out.push("result", result);
    Value::Object(out)
}

/// One content of a `result` list.
fn content(part: Part<'_>) -> Value<'_> {
    match part {
        Part::Text { text, .. } => text_block(text),
        Part::Structured(value) => text_block(Str::owned(canonical::to_text(&value))),
        Part::Media(media) => media_content(media),
    }
}

/// `{type: "image" | "audio" | "document" | "video", data, mime_type}`.
fn media_content(media: Media<'_>) -> Value<'_> {
    let kind = match media.class {
        MediaClass::Image => "image",
        MediaClass::Audio => "audio",
        MediaClass::Document => "document",
        MediaClass::Video => "video",
    };
    let mut map = Map::with_capacity(3);
    map.push("type", Value::String(Str::borrowed(kind)));
    map.push("data", Value::String(media.data));
    map.push("mime_type", Value::String(essence_of(media.mime)));
    Value::Object(map)
}
