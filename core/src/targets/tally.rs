//! The caps at work: [`Tally`] counts what they limit, [`fit_media`] fits an image to what
//! they still allow.

use crate::error::Code;
use crate::fit::{self, Fit, Limits};
use crate::imagesize;
use crate::marker::human_size;
use crate::mime;
use crate::normalize::Context;
use crate::options::FitImages;

use super::media::{Media, MediaClass};
use super::profile::Caps;

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
    match fit::fit_image_with(&bytes, &limits, media.crcs(false)) {
        Ok(Fit::Unchanged) => None,
        Ok(Fit::Fitted(fitted)) => {
            let message = format!("image fitted: {}", fitted.summary(bytes.len()));
            ctx.notice(Code::ImageResized, path(), message);
            media.replace(fitted.format.mime(), &fitted.bytes);
            None
        }
        Err(why) => Some(why.to_string()),
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
    /// reads them: its size is not worked out otherwise (see [`Payload::size`](crate::parsed::Payload::size)).
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
