//! The shared part of every provider target: audience, what each target can carry, caps,
//! lifting and structuredContent, turning the normalized blocks into an ordered list of
//! [`Part`]s that each target only has to spell in its wire format.

use crate::error::Code;
use crate::marker::Marker;
use crate::mime;
use crate::model::{Spare, Str, Value};
use crate::normalize::Context;
use crate::options::Structured;
use crate::parsed::{Block, BlockAt, BlockKind, MediaBlock, MediaKind, Payload, Resource, ToolResult};

use super::budget::budget_text;
use super::media::{Media, MediaClass};
use super::profile::{Lift, Profile, UNSUPPORTED};
use super::structured::place_structured;
use super::tally::{fit_media, Tally};
use super::token_budget::hold;

/// One item of a target's output, in block order.
pub enum Part<'a> {
    /// A text block or a resource text (`content`: the block it came from), or a marker
    /// (`marks`: the block it stands for).
    Text {
        text: Str<'a>,
        content: Option<BlockAt>,
        marks: Option<BlockAt>,
    },
    /// Media the target carries.
    Media(Media<'a>),
    /// `structuredContent`, placed by the `structured_content` option.
    Structured(Value<'a>),
}

impl Part<'_> {
    pub(super) fn says_something(&self) -> bool {
        match self {
            Part::Text { text, .. } => !text.as_str().trim().is_empty(),
            _ => false,
        }
    }
}

/// A result laid out for one target.
pub struct Plan<'a> {
    /// The parts that stay in the tool result.
    pub parts: Vec<Part<'a>>,
    /// Media moved to a following user message, in block order.
    pub lifted: Vec<Media<'a>>,
    /// Whether the tool reported an error.
    pub is_error: bool,
    /// The result object's emptied entry list, for the target's output object.
    pub spare: Spare<'a>,
}

/// Lays out `result` for a target with `profile`.
pub fn plan<'a>(mut result: ToolResult<'a>, profile: &Profile, ctx: &mut Context<'_>) -> Plan<'a> {
    plan_in(&mut result, profile, ctx)
}

/// [`plan`], taking the blocks and structuredContent out of `result`.
fn plan_in<'a>(result: &mut ToolResult<'a>, profile: &Profile, ctx: &mut Context<'_>) -> Plan<'a> {
    let mut parts = Vec::with_capacity(result.blocks.len());
    let mut lifted = lay_out(result, profile, ctx, |part| parts.push(part));
    place_structured(result, &mut parts, ctx);
    let text_limit = match ctx.options.max_tokens {
        Some(max) => hold(
            &mut parts,
            &mut lifted,
            max,
            ctx.options.max_text_chars,
            profile,
            result,
            ctx,
        ),
        None => ctx.options.max_text_chars.map(|limit| (limit, "max_text_chars")),
    };
    if let Some((limit, by)) = text_limit {
        budget_text(&mut parts, limit, by, result, ctx);
    }
    if profile.drop_blank_text {
        parts.retain(|p| !matches!(p, Part::Text { .. }) || p.says_something());
    }
    if ctx.options.estimate_tokens {
        ctx.tokens = Some(super::estimate::estimate(&parts, &lifted, result, ctx));
    }
    Plan {
        parts,
        lifted,
        is_error: result.is_error,
        spare: std::mem::take(&mut result.spare),
    }
}

/// [`plan`], handing each part to `part` in order instead of collecting them, and returning
/// the lifted media and whether the tool reported an error. Without structuredContent to
/// place, a budget, blank text to drop or an estimate to make, no list of parts is built. Takes the blocks and
/// structuredContent out of `result` (borrowed, so that the result is not copied to get here).
pub fn plan_each<'a>(
    result: &mut ToolResult<'a>,
    profile: &Profile,
    ctx: &mut Context<'_>,
    part: impl FnMut(Part<'a>),
) -> (Vec<Media<'a>>, bool) {
    let options = ctx.options;
    let no_structured =
        options.structured_content == Structured::Ignore || matches!(result.structured, None | Some(Value::Null));
    let budget = options.max_text_chars.is_some() || options.max_tokens.is_some();
    if no_structured && !budget && !profile.drop_blank_text && !options.estimate_tokens {
        let lifted = lay_out(result, profile, ctx, part);
        return (lifted, result.is_error);
    }
    let plan = plan_in(result, profile, ctx);
    plan.parts.into_iter().for_each(part);
    (plan.lifted, plan.is_error)
}

/// The per-block rules of [`plan`]: hands each block's part to `emit` in block order (taking
/// the blocks out of `result`) and returns the lifted media.
fn lay_out<'a>(
    result: &mut ToolResult<'a>,
    profile: &Profile,
    ctx: &mut Context<'_>,
    mut emit: impl FnMut(Part<'a>),
) -> Vec<Media<'a>> {
    let options = ctx.options;
    let mut caps = profile.caps.with_options(options);
    if let (true, Some(model)) = (ctx.model_given, ctx.model) {
        caps.recommended = model.native;
    }
    let image_blocks = result
        .blocks
        .iter()
        .filter(|b| {
            matches!(
                &b.kind,
                BlockKind::Media(media) if media.kind == MediaKind::Image
            )
        })
        .count();
    let dimension = caps.dimension_for(image_blocks as u64 + options.images_in_request);
    let mut tally = Tally::default();
    let lift = profile.lift == Lift::Always || (profile.lift == Lift::OnError && result.is_error);
    let mut lifted = Vec::new();

    for block in std::mem::take(&mut result.blocks) {
        let Block {
            at,
            kind,
            excluded_by_audience,
            ..
        } = block;
        if let (true, Some(audience)) = (options.respect_audience, excluded_by_audience) {
            let message = "block addressed to another audience; kept from the model";
            ctx.notice(Code::AudienceExcluded, result.audience_path(at, audience), message);
            continue;
        }
        let candidate = match kind {
            BlockKind::Text(text) => {
                emit(Part::Text {
                    text,
                    content: Some(at),
                    marks: None,
                });
                continue;
            }
            BlockKind::Omitted(_) => {
                let marker = super::omitted_marker(&kind).unwrap_or_default();
                emit(Part::Text {
                    text: Str::owned(marker),
                    content: None,
                    marks: Some(at),
                });
                continue;
            }
            BlockKind::Link(link) => {
                emit(Part::Text {
                    text: Str::owned(Marker::link(link.name.as_str(), link.uri.as_str()).render()),
                    content: None,
                    marks: Some(at),
                });
                continue;
            }
            BlockKind::Resource(resource) => {
                let Resource {
                    uri, mime, text, blob, ..
                } = *resource;
                if let Some(text) = text.filter(|t| !t.as_str().is_empty()) {
                    emit(Part::Text {
                        text,
                        content: Some(at),
                        marks: None,
                    });
                }
                let Some(Payload { data, checked }) = blob else {
                    continue;
                };
                let mime = mime
                    .filter(|m| !m.as_str().is_empty())
                    .unwrap_or(Str::borrowed("application/octet-stream"));
                let essence = mime::essence(mime.as_str());
                let class = if accepts(profile.documents, essence) {
                    Some(MediaClass::Document)
                } else if accepts(profile.video, essence) {
                    Some(MediaClass::Video)
                } else {
                    None
                };
                (
                    class,
                    Media {
                        class: class.unwrap_or(MediaClass::Document),
                        mime,
                        data,
                        uri: Some(uri),
                        text: None,
                        at: Some(at),
                        source: None,
                        checked,
                    },
                )
            }
            BlockKind::Media(media) => {
                let MediaBlock { kind, payload, mime } = *media;
                let (class, accepted) = match kind {
                    MediaKind::Image => (MediaClass::Image, profile.images),
                    MediaKind::Audio => (MediaClass::Audio, profile.audio),
                };
                let supported = accepts(accepted, mime::essence(mime.as_str()));
                let media = Media {
                    class,
                    mime,
                    data: payload.data,
                    uri: None,
                    text: None,
                    at: Some(at),
                    source: None,
                    checked: payload.checked,
                };
                (supported.then_some(class), media)
            }
        };
        let (class, mut media) = candidate;
        let path = || result.block_path(at);
        // A BMP or TIFF image the target cannot carry is converted when the rule allows.
        let class = match class {
            Some(class) => Ok(class),
            None => super::convert::convert_media(&mut media, profile, &caps, dimension, &tally, ctx, path),
        };
        let class = match class {
            Ok(class) => class,
            Err(None) => {
                emit(unsupported(&media, at, profile, ctx, path));
                continue;
            }
            Err(Some(marker)) => {
                emit(Part::Text {
                    text: Str::owned(marker),
                    content: None,
                    marks: Some(at),
                });
                continue;
            }
        };
        if class == MediaClass::Document && profile.text_documents && mime::essence(media.mime.as_str()) == "text/plain"
        {
            match decode_text(media.data.as_str()) {
                Some(text) => media.text = Some(text),
                None => {
                    emit(unsupported(&media, at, profile, ctx, path));
                    continue;
                }
            }
        }
        let not_fitted = if class == MediaClass::Image {
            fit_media(&mut media, &caps, dimension, &tally, options.fit_images, ctx, path)
        } else {
            None
        };
        if let Some(reason) = tally.over_cap(&media, &caps, dimension) {
            let message = match not_fitted {
                Some(why) => format!("media over a provider limit: {reason}; not fitted: {why}"),
                None => format!("media over a provider limit: {reason}"),
            };
            ctx.notice(Code::BlockAsMarker, path(), message);
            emit(Part::Text {
                text: Str::owned(media.omit(&reason, path(), ctx)),
                content: None,
                marks: Some(at),
            });
            continue;
        }
        tally.count(&media, &caps);
        if lift {
            emit(Part::Text {
                text: Str::owned(media.marker(Some(profile.lifted_reason))),
                content: None,
                marks: Some(at),
            });
            lifted.push(media);
        } else {
            emit(Part::Media(media));
        }
    }

    lifted
}

/// Whether a list of MIME essences (`"*"` for any) accepts `essence`.
fn accepts(list: &[&str], essence: &str) -> bool {
    list.iter().any(|m| *m == "*" || *m == essence)
}

fn unsupported<'a>(
    media: &Media<'_>,
    at: BlockAt,
    profile: &Profile,
    ctx: &mut Context<'_>,
    path: impl Fn() -> String,
) -> Part<'a> {
    if profile.explain_markers {
        ctx.notice(
            Code::BlockAsMarker,
            path(),
            "the target cannot carry this block; the model gets a marker",
        );
        Part::Text {
            text: Str::owned(media.marker(Some(UNSUPPORTED))),
            content: None,
            marks: Some(at),
        }
    } else {
        Part::Text {
            text: Str::owned(media.marker(None)),
            content: None,
            marks: Some(at),
        }
    }
}

/// Decodes a base64 text document; `None` when it is not UTF-8.
fn decode_text(data: &str) -> Option<String> {
    let bytes = base64_simd::STANDARD.decode_to_vec(data.as_bytes()).ok()?;
    String::from_utf8(bytes).ok()
}
