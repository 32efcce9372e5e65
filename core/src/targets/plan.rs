//! The shared part of every provider target: audience, what each target can carry, caps,
//! lifting and structuredContent, turning the normalized blocks into an ordered list of
//! [`Part`]s that each target only has to spell in its wire format.

use crate::canonical;
use crate::error::Code;
use crate::fit::{self, Fit, Limits};
use crate::imagesize;
use crate::marker::{human_size, Marker};
use crate::mime;
use crate::model::{Spare, Str, Value};
use crate::normalize::Context;
use crate::options::{FitImages, Options, Structured};
use crate::parsed::{Block, BlockAt, BlockKind, MediaBlock, MediaKind, Payload, Resource, ToolResult};

/// Reason of a marker for a block the target cannot carry.
pub const UNSUPPORTED: &str = "not supported by this target";

/// What one target can carry and the provider limits it defaults to.
pub struct Profile {
    /// Image MIME essences carried natively (`"*"`: any).
    pub images: &'static [&'static str],
    /// Document MIME essences carried natively (resource blobs).
    pub documents: &'static [&'static str],
    /// Audio MIME essences carried natively.
    pub audio: &'static [&'static str],
    /// Video MIME essences carried natively (resource blobs).
    pub video: &'static [&'static str],
    /// `text/plain` documents are given as decoded text (Anthropic).
    pub text_documents: bool,
    /// Default caps.
    pub caps: Caps,
    /// Where media travels.
    pub lift: Lift,
    /// Empty and whitespace-only text parts are left out.
    pub drop_blank_text: bool,
    /// Markers of unsupported blocks carry a reason and report `block_as_marker`.
    pub explain_markers: bool,
    /// Reason of the markers left where lifted media was.
    pub lifted_reason: &'static str,
}

/// A target that carries text only: every other block becomes a marker with its reason.
pub const TEXT_ONLY: Profile = Profile {
    images: &[],
    documents: &[],
    audio: &[],
    video: &[],
    text_documents: false,
    caps: Caps::NONE,
    lift: Lift::Never,
    drop_blank_text: false,
    explain_markers: true,
    lifted_reason: "",
};

/// Provider limits; `None` means no limit.
#[derive(Clone, Copy)]
pub struct Caps {
    /// Most images.
    pub images: Option<u64>,
    /// Most decoded bytes of one media item.
    pub item_bytes: Option<u64>,
    /// Most decoded bytes of all media.
    pub total_bytes: Option<u64>,
    /// Longest image side in pixels.
    pub dimension: Option<u64>,
    /// Longest side once the request holds more than [`Caps::MANY_IMAGES`] images.
    pub many_images_dimension: Option<u64>,
    /// Most documents.
    pub documents: Option<u64>,
    /// The provider's recommended image size (`fit_images: "recommended"`).
    pub recommended: Limits,
}

/// Anthropic (and Claude on Bedrock): long edge at most 1568 px and at most 1092² px, the sizes
/// Anthropic's vision guide lists as needing no server-side resize (docs.anthropic.com,
/// build-with-claude/vision, "Evaluate image size": 1092×1092 for 1:1 … 784×1568 for 1:2).
pub const ANTHROPIC_RECOMMENDED: Limits = Limits {
    max_dimension: Some(1568),
    max_pixels: Some(1092 * 1092),
    ..Limits::NONE
};

/// OpenAI high detail: scaled to fit a 2048 px square, then the short side to 768 px
/// (platform.openai.com/docs/guides/images-vision, "Calculating costs").
pub const OPENAI_RECOMMENDED: Limits = Limits {
    max_dimension: Some(2048),
    max_short_side: Some(768),
    ..Limits::NONE
};

/// Gemini: long edge at most 3072 px, the largest input size Vertex AI documents before it
/// scales an image down (cloud.google.com/vertex-ai/generative-ai/docs/multimodal/image-understanding).
pub const GEMINI_RECOMMENDED: Limits = Limits {
    max_dimension: Some(3072),
    ..Limits::NONE
};

impl Caps {
    /// These caps with each one the options name replacing the default.
    pub fn with_options(self, options: &Options) -> Caps {
        Caps {
            images: options.max_images.or(self.images),
            item_bytes: options.max_image_bytes.or(self.item_bytes),
            total_bytes: options.max_total_bytes.or(self.total_bytes),
            dimension: options.max_image_dimension.or(self.dimension),
            many_images_dimension: options.max_image_dimension.or(self.many_images_dimension),
            documents: self.documents,
            recommended: self.recommended,
        }
    }

    /// Above this many images in a request, `many_images_dimension` applies (Anthropic's rule).
    pub const MANY_IMAGES: u64 = 20;

    /// The dimension cap for a request that holds `images` images.
    pub fn dimension_for(&self, images: u64) -> Option<u64> {
        if images > Caps::MANY_IMAGES {
            self.many_images_dimension
        } else {
            self.dimension
        }
    }

    /// No limits.
    pub const NONE: Caps = Caps {
        images: None,
        item_bytes: None,
        total_bytes: None,
        dimension: None,
        many_images_dimension: None,
        documents: None,
        recommended: Limits::NONE,
    };
}

/// Where a target puts media.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Lift {
    /// In the tool result.
    Never,
    /// Always in a following user message.
    Always,
    /// In a following user message when the result is an error.
    OnError,
}

/// One item of a target's output, in block order.
pub enum Part<'a> {
    /// A text block or a resource text (`content`: the block it came from), or a marker.
    Text { text: Str<'a>, content: Option<BlockAt> },
    /// Media the target carries.
    Media(Media<'a>),
    /// `structuredContent`, placed by the `structured_content` option.
    Structured(Value<'a>),
}

impl Part<'_> {
    fn says_something(&self) -> bool {
        match self {
            Part::Text { text, .. } => !text.as_str().trim().is_empty(),
            _ => false,
        }
    }
}

/// Kinds of media.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MediaClass {
    /// An image block.
    Image,
    /// An audio block.
    Audio,
    /// A document blob.
    Document,
    /// A video blob.
    Video,
}

/// Media a target carries.
pub struct Media<'a> {
    /// What it is.
    pub class: MediaClass,
    /// Its MIME type.
    pub mime: Str<'a>,
    /// Canonical base64.
    pub data: Str<'a>,
    /// The resource uri (blobs).
    pub uri: Option<Str<'a>>,
    /// The decoded text of a `text/plain` document, where the target wants text.
    pub text: Option<String>,
}

impl Media<'_> {
    /// Decoded size in bytes (see [`Payload::size`]).
    pub fn size(&self) -> u64 {
        crate::base64::decoded_len(self.data.as_str())
    }

    /// The marker of this media, with an optional reason.
    pub fn marker(&self, reason: Option<&str>) -> String {
        let kind = match self.class {
            MediaClass::Image => "image",
            MediaClass::Audio => "audio",
            MediaClass::Document | MediaClass::Video => "resource",
        };
        let uri = self.uri.as_ref().map(Str::as_str);
        let title = match self.class {
            MediaClass::Image => crate::svg::title_of(self.mime.as_str(), &self.data),
            _ => None,
        };
        Marker {
            kind,
            label: Some(self.mime.as_str()),
            title: title.as_deref(),
            size: Some(self.size()),
            uri,
            reason,
        }
        .render()
    }

    /// A `data:` URL of the payload.
    pub fn data_url(&self) -> String {
        let mut url = String::with_capacity(self.data.as_str().len() + self.mime.as_str().len() + 13);
        url.push_str("data:");
        url.push_str(mime::essence(self.mime.as_str()));
        url.push_str(";base64,");
        url.push_str(self.data.as_str());
        url
    }

    /// The last path segment of the uri, for file names.
    pub fn file_name(&self) -> Option<&str> {
        let uri = self.uri.as_ref()?.as_str();
        let path = uri.split(['?', '#']).next().unwrap_or(uri);
        path.rsplit('/').next().filter(|name| !name.is_empty())
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
    let lifted = lay_out(result, profile, ctx, |part| parts.push(part));
    place_structured(result, &mut parts, ctx);
    if let Some(max) = ctx.options.max_text_chars {
        budget_text(&mut parts, max, result, ctx);
    }
    if profile.drop_blank_text {
        parts.retain(|p| !matches!(p, Part::Text { .. }) || p.says_something());
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
/// place, a text budget or blank text to drop, no list of parts is built. Takes the blocks and
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
    if no_structured && options.max_text_chars.is_none() && !profile.drop_blank_text {
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
    let caps = profile.caps.with_options(options);
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
                });
                continue;
            }
            BlockKind::Omitted(_) => {
                let marker = super::omitted_marker(&kind).unwrap_or_default();
                emit(Part::Text {
                    text: Str::owned(marker),
                    content: None,
                });
                continue;
            }
            BlockKind::Link(link) => {
                emit(Part::Text {
                    text: Str::owned(Marker::link(link.name.as_str(), link.uri.as_str()).render()),
                    content: None,
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
                    });
                }
                let Some(Payload { data }) = blob else { continue };
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
                emit(unsupported(&media, profile, ctx, path));
                continue;
            }
            Err(Some(marker)) => {
                emit(Part::Text {
                    text: Str::owned(marker),
                    content: None,
                });
                continue;
            }
        };
        if class == MediaClass::Document && profile.text_documents && mime::essence(media.mime.as_str()) == "text/plain"
        {
            match decode_text(media.data.as_str()) {
                Some(text) => media.text = Some(text),
                None => {
                    emit(unsupported(&media, profile, ctx, path));
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
                text: Str::owned(media.marker(Some(&reason))),
                content: None,
            });
            continue;
        }
        tally.count(&media, &caps);
        if lift {
            emit(Part::Text {
                text: Str::owned(media.marker(Some(profile.lifted_reason))),
                content: None,
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

fn unsupported<'a>(media: &Media<'_>, profile: &Profile, ctx: &mut Context<'_>, path: impl Fn() -> String) -> Part<'a> {
    if profile.explain_markers {
        ctx.notice(
            Code::BlockAsMarker,
            path(),
            "the target cannot carry this block; the model gets a marker",
        );
        Part::Text {
            text: Str::owned(media.marker(Some(UNSUPPORTED))),
            content: None,
        }
    } else {
        Part::Text {
            text: Str::owned(media.marker(None)),
            content: None,
        }
    }
}

/// Decodes a base64 text document; `None` when it is not UTF-8.
fn decode_text(data: &str) -> Option<String> {
    let bytes = base64_simd::STANDARD.decode_to_vec(data.as_bytes()).ok()?;
    String::from_utf8(bytes).ok()
}

/// Fits an image in place to what `caps` still allow (and, in mode `recommended`, to the
/// recommended size), reporting `image_resized`. Returns why fitting failed, for the message of
/// the marker the caps then give it; `None` when it was fitted or needed nothing.
pub fn fit_media(
    media: &mut Media<'_>,
    caps: &Caps,
    dimension: Option<u64>,
    tally: &Tally,
    mode: FitImages,
    ctx: &mut Context<'_>,
    path: impl Fn() -> String,
) -> Option<String> {
    if mode == FitImages::Off || tally.images_full(caps) {
        return None;
    }
    let limits = tally.fit_limits(caps, dimension, mode);
    let over_bytes = limits.max_bytes.is_some_and(|max| media.size() > max);
    let sized = limits.max_dimension.is_some() || limits.max_short_side.is_some() || limits.max_pixels.is_some();
    // Without a limit there is nothing to fit, whatever the format.
    let essence = mime::essence(media.mime.as_str());
    if (!over_bytes && !sized) || fit::Format::of_mime(essence).is_none() {
        return None;
    }
    let over_size = || {
        sized
            && match imagesize::dimensions(essence, &media.data) {
                Some((w, h)) => fit::target_size(w, h, &limits) != Ok((w, h)),
                None => false,
            }
    };
    if !over_bytes && !over_size() {
        return None;
    }
    let Ok(bytes) = base64_simd::STANDARD.decode_to_vec(media.data.as_str().as_bytes()) else {
        return Some("the payload is not base64".to_owned());
    };
    match fit::fit_image(&bytes, &limits) {
        Ok(Fit::Unchanged) => None,
        Ok(Fit::Fitted(fitted)) => {
            let frame = if fitted.source_format == fit::Format::Gif {
                " (first frame)"
            } else {
                ""
            };
            let message = format!(
                "image fitted: {}x{} {}{frame}, {} -> {}x{} {}, {}",
                fitted.source_width,
                fitted.source_height,
                fitted.source_format.name(),
                human_size(bytes.len() as u64),
                fitted.width,
                fitted.height,
                fitted.format.name(),
                human_size(fitted.bytes.len() as u64),
            );
            ctx.notice(Code::ImageResized, path(), message);
            media.data = Str::owned(base64_simd::STANDARD.encode_to_string(&fitted.bytes));
            media.mime = Str::borrowed(fitted.format.mime());
            None
        }
        Err(why) => Some(why.to_string()),
    }
}

/// Cuts text parts to `max` characters in all, in part order: a part longer than what is left
/// keeps its head and tail (half each, the head taking the odd one) around the marker
/// `[… N characters omitted …]`; once nothing is left a part keeps only the marker.
/// structuredContent given as text counts as text (and stays text when cut). Markers of media
/// neither count nor are cut.
fn budget_text(parts: &mut [Part<'_>], max: u64, result: &ToolResult<'_>, ctx: &mut Context<'_>) {
    let mut left = max;
    for part in parts.iter_mut() {
        let (text, path) = match part {
            Part::Text {
                text,
                content: Some(at),
            } => (text.as_str().to_owned(), result.block_path(*at)),
            Part::Structured(value) => (canonical::to_text(value), result.structured_path()),
            _ => continue,
        };
        let chars = text.chars().count() as u64;
        if chars <= left {
            left -= chars;
            continue;
        }
        let cut = crate::marker::truncate_middle(&text, left as usize, chars as usize);
        ctx.notice(
            Code::TextTruncated,
            path,
            format!("text of {chars} characters cut to {left} by max_text_chars"),
        );
        let at = match part {
            Part::Text { content, .. } => *content,
            _ => None,
        };
        *part = Part::Text {
            text: Str::owned(cut),
            content: at,
        };
        left = 0;
    }
}

/// Counts what the caps limit.
#[derive(Default)]
pub struct Tally {
    images: u64,
    documents: u64,
    bytes: u64,
}

impl Tally {
    /// The reason `media` cannot be added, if any.
    pub fn over_cap(&self, media: &Media<'_>, caps: &Caps, dimension: Option<u64>) -> Option<String> {
        if media.class == MediaClass::Image {
            if let Some(max) = caps.images.filter(|max| self.images >= *max) {
                return Some(format!("over the {max} image limit"));
            }
        }
        if media.class == MediaClass::Document {
            if let Some(max) = caps.documents.filter(|max| self.documents >= *max) {
                return Some(format!("over the {max} document limit"));
            }
        }
        if let Some(max) = caps.item_bytes.filter(|max| media.size() > *max) {
            return Some(format!("over the {} limit", human_size(max)));
        }
        if let Some(max) = caps.total_bytes.filter(|max| self.bytes + media.size() > *max) {
            return Some(format!("over the {} total limit", human_size(max)));
        }
        if media.class == MediaClass::Image {
            if let Some(max) = dimension {
                if let Some((w, h)) = imagesize::dimensions(media.mime.as_str(), &media.data) {
                    if u64::from(w.max(h)) > max {
                        return Some(format!("{w}x{h} px is over the {max} px limit"));
                    }
                }
            }
        }
        None
    }

    /// Whether the image count cap is reached.
    pub fn images_full(&self, caps: &Caps) -> bool {
        caps.images.is_some_and(|max| self.images >= max)
    }

    /// What an image may be fitted to now: the dimension cap, the item cap within what the
    /// total cap leaves, and in mode `recommended` the recommended size.
    pub fn fit_limits(&self, caps: &Caps, dimension: Option<u64>, mode: FitImages) -> Limits {
        let left = caps.total_bytes.map(|max| max.saturating_sub(self.bytes));
        let max_bytes = match (caps.item_bytes, left) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let limits = Limits {
            max_dimension: dimension,
            max_bytes,
            ..Limits::NONE
        };
        if mode != FitImages::Recommended {
            return limits;
        }
        let rec = caps.recommended;
        let min = |a: Option<u64>, b: Option<u64>| match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Limits {
            max_dimension: min(dimension, rec.max_dimension),
            max_short_side: rec.max_short_side,
            max_pixels: rec.max_pixels,
            ..limits
        }
    }

    /// Counts `media` as carried. Its bytes count only under a total cap, the one rule that
    /// reads them: its size is not worked out otherwise (see [`Payload::size`]).
    pub fn count(&mut self, media: &Media<'_>, caps: &Caps) {
        match media.class {
            MediaClass::Image => self.images += 1,
            MediaClass::Document => self.documents += 1,
            _ => {}
        }
        if caps.total_bytes.is_some() {
            self.bytes += media.size();
        }
    }
}

/// Places `structuredContent` as the `structured_content` option says.
fn place_structured<'a>(result: &mut ToolResult<'a>, parts: &mut Vec<Part<'a>>, ctx: &mut Context<'_>) {
    let Some(structured) = result.structured.take().filter(|s| !matches!(s, Value::Null)) else {
        return;
    };
    let placed = match ctx.options.structured_content {
        Structured::Ignore => return,
        Structured::Fallback if parts.iter().any(Part::says_something) => return,
        _ if result.structured_repeats_content => {
            let message = "structuredContent repeats the content blocks; not given as text again";
            return ctx.notice(Code::StructuredContentRepeatsContent, result.structured_path(), message);
        }
        Structured::Fallback => {
            parts.retain(|p| !matches!(p, Part::Text { .. }));
            parts.push(Part::Structured(structured));
            "no text block says anything; structuredContent given as JSON"
        }
        Structured::Prefer => {
            let first = parts
                .iter()
                .position(|p| matches!(p, Part::Text { content: Some(_), .. }));
            parts.retain(|p| !matches!(p, Part::Text { content: Some(_), .. }));
            parts.insert(first.unwrap_or(parts.len()), Part::Structured(structured));
            "structuredContent given instead of the text blocks"
        }
        Structured::Append => {
            parts.push(Part::Structured(structured));
            "structuredContent given after the content"
        }
    };
    ctx.notice(Code::StructuredContentAsText, result.structured_path(), placed);
}

/// Text parts (structuredContent as canonical JSON) joined with `\n`; media is skipped.
pub fn join_text(parts: Vec<Part<'_>>) -> Str<'_> {
    join_text_with(parts, |_| {})
}

/// [`join_text`], handing each media part to `media` in order.
pub fn join_text_with<'a>(parts: Vec<Part<'a>>, mut media: impl FnMut(Media<'a>)) -> Str<'a> {
    // Room for every text part and separator (structuredContent text grows it when present).
    let room: usize = parts
        .iter()
        .map(|part| match part {
            Part::Text { text, .. } => text.as_str().len() + 1,
            _ => 0,
        })
        .sum();
    let mut joined = Joined::with_room(room);
    for part in parts {
        match part {
            Part::Media(m) => media(m),
            text => joined.push(text),
        }
    }
    joined.finish()
}

/// Text parts joined with `\n` as they come: a lone part stays the string it was (borrowed
/// text stays borrowed), two or more are copied once into a string sized up front.
pub struct Joined<'a> {
    room: usize,
    first: Option<Str<'a>>,
    joined: Option<String>,
}

impl<'a> Joined<'a> {
    /// Nothing yet; `room`: the expected length of the joined text.
    pub fn with_room(room: usize) -> Self {
        Joined {
            room,
            first: None,
            joined: None,
        }
    }

    /// The room for the text blocks and resource texts of `result` and their separators.
    pub fn for_blocks(result: &ToolResult<'_>) -> Self {
        let room = result
            .blocks
            .iter()
            .map(|block| match &block.kind {
                BlockKind::Text(text) => text.as_str().len() + 1,
                BlockKind::Resource(resource) => resource.text.as_ref().map_or(0, |t| t.as_str().len() + 1),
                _ => 0,
            })
            .sum();
        Joined::with_room(room)
    }

    /// Appends a text part (structuredContent as canonical JSON); media parts are not text and
    /// are skipped.
    #[inline(always)]
    pub fn push(&mut self, part: Part<'a>) {
        let text = match part {
            Part::Text { text, .. } => text,
            Part::Structured(value) => Str::owned(canonical::to_text(&value)),
            Part::Media(_) => return,
        };
        if let Some(out) = &mut self.joined {
            out.push('\n');
            out.push_str(text.as_str());
        } else if let Some(head) = self.first.take() {
            let needed = head.as_str().len() + text.as_str().len() + 1;
            let mut out = String::with_capacity(self.room.max(needed));
            out.push_str(head.as_str());
            out.push('\n');
            out.push_str(text.as_str());
            self.joined = Some(out);
        } else {
            self.first = Some(text);
        }
    }

    /// The joined text (`""` for none).
    pub fn finish(self) -> Str<'a> {
        match (self.joined, self.first) {
            (Some(out), _) => Str::owned(out),
            (None, Some(first)) => first,
            (None, None) => Str::borrowed(""),
        }
    }
}

/// The caption before lifted media: `Media from the result of tool call <id> (<name>):`.
pub fn caption(ctx: &Context<'_>) -> String {
    let options = ctx.options;
    let mut out = match &options.tool_call_id {
        Some(id) => format!("Media from the result of tool call {id}"),
        None => "Media from the tool result".to_owned(),
    };
    if let Some(name) = &options.tool_name {
        out.push_str(&format!(" ({name})"));
    }
    out.push(':');
    out
}

/// `[tool error] ` before `text` for targets without an error flag.
pub fn error_prefixed<'a>(text: Str<'a>, is_error: bool) -> Str<'a> {
    if is_error {
        Str::owned(format!("{ERROR_PREFIX}{}", text.as_str()))
    } else {
        text
    }
}

/// What targets without an error flag put before an error result's text.
pub const ERROR_PREFIX: &str = "[tool error] ";
