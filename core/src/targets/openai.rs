//! OpenAI Chat Completions `role: "tool"` messages and Responses `function_call_output` items.

use super::common::{lifted, text_block, WEB_IMAGES};
use super::join::{self, ERROR_PREFIX};
use super::media::{Media, MediaClass};
use super::plan::{self, Part};
use super::profile::{self, Caps, Lift, Profile};
use crate::canonical;
use crate::model::{Map, Str, Value};
use crate::normalize::Context;
use crate::parsed::ToolResult;

const MIB: u64 = 1024 * 1024;
const CAPS: Caps = Caps {
    images: Some(500),
    item_bytes: Some(20 * MIB),
    total_bytes: Some(50 * MIB),
    dimension: None,
    many_images_dimension: None,
    documents: None,
    recommended: profile::OPENAI_RECOMMENDED,
};

/// Chat: text in the tool message, media lifted to user-message parts.
pub const CHAT_PROFILE: Profile = Profile {
    images: WEB_IMAGES,
    documents: &["application/pdf"],
    audio: &["audio/wav", "audio/mpeg"],
    video: &[],
    text_documents: false,
    caps: CAPS,
    lift: Lift::Always,
    drop_blank_text: false,
    explain_markers: true,
    lifted_reason: "sent in the next user message",
};

/// Responses: images and PDF inline in the output list.
pub const RESPONSES_PROFILE: Profile = Profile {
    images: WEB_IMAGES,
    documents: &["application/pdf"],
    audio: &[],
    video: &[],
    text_documents: false,
    caps: CAPS,
    lift: Lift::Never,
    drop_blank_text: false,
    explain_markers: true,
    lifted_reason: "",
};

/// `{role: "tool", tool_call_id?, content}`; media in attachments.
pub fn render_chat<'a>(result: ToolResult<'a>, ctx: &mut Context<'_>) -> (Value<'a>, Vec<Value<'a>>) {
    let plan = plan::plan(result, &CHAT_PROFILE, ctx);
    let mut out = Map::reusing(plan.spare, 2 + usize::from(ctx.options.tool_call_id.is_some()));
    out.push("role", Value::String(Str::borrowed("tool")));
    if let Some(id) = &ctx.options.tool_call_id {
        out.push("tool_call_id", Value::string(id.clone()));
    }
    let text = join::error_prefixed(join::join_text(plan.parts), plan.is_error);
    out.push("content", Value::String(text));
    let attachments = lifted(plan.lifted, ctx, text_block, chat_part);
    (Value::Object(out), attachments)
}

fn chat_part(media: Media<'_>) -> Value<'_> {
    let mut map = Map::with_capacity(2);
    match media.class {
        MediaClass::Image => {
            let mut url = Map::with_capacity(1);
            url.push("url", Value::string(media.data_url()));
            map.push("type", Value::String(Str::borrowed("image_url")));
            map.push("image_url", Value::Object(url));
        }
        MediaClass::Audio => {
            let format = if crate::mime::essence(media.mime.as_str()) == "audio/wav" {
                "wav"
            } else {
                "mp3"
            };
            let mut audio = Map::with_capacity(2);
            audio.push("data", Value::String(media.data));
            audio.push("format", Value::String(Str::borrowed(format)));
            map.push("type", Value::String(Str::borrowed("input_audio")));
            map.push("input_audio", Value::Object(audio));
        }
        MediaClass::Document | MediaClass::Video => {
            let mut file = Map::with_capacity(2);
            file.push("filename", Value::string(file_name(&media)));
            file.push("file_data", Value::string(media.data_url()));
            map.push("type", Value::String(Str::borrowed("file")));
            map.push("file", Value::Object(file));
        }
    }
    Value::Object(map)
}

fn file_name(media: &Media<'_>) -> String {
    media.file_name().unwrap_or("document.pdf").to_owned()
}

/// `{type: "function_call_output", call_id?, output}`: a string, or a list when media is carried.
pub fn render_responses<'a>(result: ToolResult<'a>, ctx: &mut Context<'_>) -> Value<'a> {
    let plan = plan::plan(result, &RESPONSES_PROFILE, ctx);
    let mut out = Map::with_capacity(3);
    out.push("type", Value::String(Str::borrowed("function_call_output")));
    if let Some(id) = &ctx.options.tool_call_id {
        out.push("call_id", Value::string(id.clone()));
    }
    let has_media = plan.parts.iter().any(|p| matches!(p, Part::Media(_)));
    let output = if has_media {
        let mut items: Vec<Value<'a>> = plan.parts.into_iter().map(responses_part).collect();
        if plan.is_error {
            prefix_first_text(&mut items);
        }
        Value::Array(items)
    } else {
        Value::String(join::error_prefixed(join::join_text(plan.parts), plan.is_error))
    };
    out.push("output", output);
    Value::Object(out)
}

fn input_text(text: Str<'_>) -> Value<'_> {
    let mut map = Map::with_capacity(2);
    map.push("type", Value::String(Str::borrowed("input_text")));
    map.push("text", Value::String(text));
    Value::Object(map)
}

fn responses_part(part: Part<'_>) -> Value<'_> {
    match part {
        Part::Text { text, .. } => input_text(text),
        Part::Structured(value) => input_text(Str::owned(canonical::to_text(&value))),
        Part::Media(media) => {
            let mut map = Map::with_capacity(3);
            if media.class == MediaClass::Image {
                map.push("type", Value::String(Str::borrowed("input_image")));
                map.push("image_url", Value::string(media.data_url()));
            } else {
                map.push("type", Value::String(Str::borrowed("input_file")));
                map.push("filename", Value::string(file_name(&media)));
                map.push("file_data", Value::string(media.data_url()));
            }
            Value::Object(map)
        }
    }
}

/// Puts `[tool error] ` before the first item's text, or as a first item of its own.
fn prefix_first_text(items: &mut Vec<Value<'_>>) {
    if let Some(Value::Object(first)) = items.first_mut() {
        if first.get("type").and_then(Value::as_str) == Some("input_text") {
            let text = first.get("text").and_then(Value::as_str).unwrap_or("");
            let prefixed = format!("{ERROR_PREFIX}{text}");
            items[0] = input_text(Str::owned(prefixed));
            return;
        }
    }
    items.insert(0, input_text(Str::borrowed(ERROR_PREFIX)));
}
