//! What several targets share: the lifted-media attachments, the common text-part shapes and
//! the MIME essence of a payload.

use super::join;
use super::media::Media;
use crate::model::{Map, Str, Value};
use crate::normalize::Context;

/// The image types Anthropic, OpenAI and Bedrock accept.
pub const WEB_IMAGES: &[&str] = &["image/jpeg", "image/png", "image/gif", "image/webp"];

/// The caption and the lifted media, rendered by the target's `caption` and `render`.
pub fn lifted<'a>(
    media: Vec<Media<'a>>,
    ctx: &Context<'_>,
    caption: impl Fn(Str<'a>) -> Value<'a>,
    render: impl Fn(Media<'a>) -> Value<'a>,
) -> Vec<Value<'a>> {
    if media.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(media.len() + 1);
    out.push(caption(Str::owned(join::caption(ctx))));
    out.extend(media.into_iter().map(render));
    out
}

/// `{type: "text", text}`, the text part of Anthropic and OpenAI user messages.
pub fn text_block(text: Str<'_>) -> Value<'_> {
    let mut map = Map::with_capacity(2);
    map.push("type", Value::String(Str::borrowed("text")));
    map.push("text", Value::String(text));
    Value::Object(map)
}

/// `{text}`, the text part of Gemini and Bedrock.
pub fn text_part(text: Str<'_>) -> Value<'_> {
    let mut map = Map::with_capacity(1);
    map.push("text", Value::String(text));
    Value::Object(map)
}

/// The MIME essence, reusing the string when it has no parameters.
pub fn essence_of(mime: Str<'_>) -> Str<'_> {
    let essence = crate::mime::essence(mime.as_str());
    if essence.len() == mime.as_str().len() {
        mime
    } else {
        Str::owned(essence.to_owned())
    }
}
