//! Gemini `functionResponse` parts: media nested in `parts` (Gemini 3+) or lifted (2.x).

use super::common::{essence_of, lifted, text_part};
use super::join;
use super::media::Media;
use super::payload::{payload_value, BinaryField};
use super::plan;
use super::profile::{self, Caps, Lift, Profile};
use crate::model::{Map, Value};
use crate::normalize::Context;
use crate::options::Options;
use crate::parsed::ToolResult;

const MIB: u64 = 1024 * 1024;
const IMAGES: &[&str] = &["image/jpeg", "image/png", "image/webp"];
const DOCUMENTS: &[&str] = &["application/pdf", "text/plain"];
const CAPS: Caps = Caps {
    images: None,
    item_bytes: Some(100 * MIB),
    total_bytes: Some(100 * MIB),
    dimension: None,
    many_images_dimension: None,
    documents: None,
    recommended: profile::GEMINI_RECOMMENDED,
};

/// Gemini 3+: media nested in the function response.
pub const PROFILE: Profile = Profile {
    images: IMAGES,
    documents: DOCUMENTS,
    audio: &[],
    video: &[],
    text_documents: false,
    caps: CAPS,
    lift: Lift::Never,
    drop_blank_text: false,
    explain_markers: true,
    lifted_reason: "",
};

/// Gemini 2.x: media lifted to the following user turn.
pub const LEGACY_PROFILE: Profile = Profile {
    lift: Lift::Always,
    lifted_reason: "sent in the next user message",
    ..PROFILE
};

/// `{functionResponse: {id?, name?, response: {output | error}, parts?}}`.
pub fn render<'a>(result: ToolResult<'a>, ctx: &mut Context<'_>, legacy: bool) -> (Value<'a>, Vec<Value<'a>>) {
    let plan = plan::plan(result, if legacy { &LEGACY_PROFILE } else { &PROFILE }, ctx);
    let mut media = Vec::new();
    let text = join::join_text_with(plan.parts, |m| media.push(inline_data(m, ctx.options)));
    let mut response = Map::with_capacity(1);
    response.push(if plan.is_error { "error" } else { "output" }, Value::String(text));
    let mut call = Map::with_capacity(4);
    if let Some(id) = &ctx.options.tool_call_id {
        call.push("id", Value::string(id.clone()));
    }
    if let Some(name) = &ctx.options.tool_name {
        call.push("name", Value::string(name.clone()));
    }
    call.push("response", Value::Object(response));
    if !media.is_empty() {
        call.push("parts", Value::Array(media));
    }
    let mut out = Map::with_capacity(1);
    out.push("functionResponse", Value::Object(call));
    let options = ctx.options;
    let attachments = lifted(plan.lifted, ctx, text_part, |m| inline_data(m, options));
    (Value::Object(out), attachments)
}

fn inline_data<'a>(media: Media<'a>, options: &Options) -> Value<'a> {
    let mut data = Map::with_capacity(2);
    data.push("mimeType", Value::String(essence_of(media.mime)));
    data.push(
        "data",
        payload_value(media.data, BinaryField::GeminiInlineData, options),
    );
    let mut part = Map::with_capacity(1);
    part.push("inlineData", Value::Object(data));
    Value::Object(part)
}
