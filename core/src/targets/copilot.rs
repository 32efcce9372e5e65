//! The GitHub Copilot SDK `ToolResultObject`.

use super::join::Joined;
use super::media::MediaClass;
use super::plan::{self, Part};
use super::profile::{self, Profile};
use crate::model::{Map, Str, Value};
use crate::normalize::Context;
use crate::parsed::ToolResult;

/// Copilot passes every image and blob on as a binary; audio becomes a marker.
pub const PROFILE: Profile = Profile {
    images: &["*"],
    documents: &["*"],
    ..profile::TEXT_ONLY
};

/// `{textResultForLlm, resultType, binaryResultsForLlm?}`.
pub fn render<'a>(mut result: ToolResult<'a>, ctx: &mut Context<'_>) -> Value<'a> {
    let mut text = Joined::for_blocks(&result);
    let mut binaries = Vec::new();
    let (_, is_error) = plan::plan_each(&mut result, &PROFILE, ctx, |part| match part {
        Part::Media(media) => {
            let kind = if media.class == MediaClass::Image {
                "image"
            } else {
                "resource"
            };
            let description = media.uri.filter(|u| !u.as_str().is_empty());
            binaries.push(binary(kind, media.data, media.mime, description));
        }
        text_part => text.push(text_part),
    });
    let mut out = Map::reusing(result.spare, 2 + usize::from(!binaries.is_empty()));
    out.push("textResultForLlm", Value::String(text.finish()));
    out.push(
        "resultType",
        Value::String(Str::borrowed(if is_error { "failure" } else { "success" })),
    );
    if !binaries.is_empty() {
        out.push("binaryResultsForLlm", Value::Array(binaries));
    }
    Value::Object(out)
}

/// One entry of `binaryResultsForLlm` (always inlined: its strings then move in without copies).
#[inline(always)]
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
