//! The token budget (option `max_tokens`): holds the estimate of one result ([`super::estimate`])
//! within a number of tokens, in a fixed order, each step a diagnostic:
//!
//! 1. **Images shrink** (`image_resized`): the costliest image loses a quarter of its long side,
//!    again and again, down to [`IMAGE_FLOOR`] px, while the result is over the budget. Images
//!    whose cost would not fall (Gemini 3 bills a fixed count) keep their size; none shrinks
//!    with `fit_images: "off"`.
//! 2. **Media become markers** (`block_as_marker`), the costliest first, while the result would
//!    stay over the budget with all its text cut.
//! 3. **Text is cut** (`text_truncated`), head and tail kept as with `max_text_chars`, to the
//!    most characters the budget allows.
//!
//! When even that leaves the result over the budget (its markers alone exceed it),
//! `over_token_budget` says by how much; nothing else is dropped.

use super::budget::{cut_tokens, cuts, text_chars};
use super::estimate::{estimate, media_tokens};
use super::media::{Media, MediaClass};
use super::plan::Part;
use super::profile::Profile;
use crate::error::Code;
use crate::fit::{self, Fit, Limits};
use crate::format::Format;
use crate::imagesize;
use crate::mime;
use crate::model::Str;
use crate::models::ModelProfile;
use crate::normalize::Context;
use crate::options::FitImages;
use crate::parsed::ToolResult;
use crate::tokens::{image_tokens, text_tokens};

/// The long side, in pixels, below which the budget does not shrink an image: XGA's 1024 px, the
/// screenshot size Anthropic's computer-use guide recommends, where screen text still reads.
pub const IMAGE_FLOOR: u32 = 1024;

/// The reason in the marker of media the budget replaced.
const OVER_BUDGET: &str = "over the token budget";

/// Where a media item is: a part of the tool result, or lifted to the following message.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Part(usize),
    Lifted(usize),
}

impl Slot {
    /// The media at this slot.
    fn media<'p, 'a>(self, parts: &'p [Part<'a>], lifted: &'p [Media<'a>]) -> &'p Media<'a> {
        match self {
            Slot::Part(i) => match &parts[i] {
                Part::Media(media) => media,
                _ => unreachable!("a media slot points at media"),
            },
            Slot::Lifted(i) => &lifted[i],
        }
    }
}

/// The parts and lifted media of one result, with what the budget needs to read them.
struct Laid<'p, 'a, 'r, 'c, 'o> {
    parts: &'p mut Vec<Part<'a>>,
    lifted: &'p mut Vec<Media<'a>>,
    result: &'r ToolResult<'a>,
    ctx: &'c mut Context<'o>,
    model: &'static ModelProfile,
}

impl<'a> Laid<'_, 'a, '_, '_, '_> {
    fn total(&self) -> u64 {
        estimate(self.parts, self.lifted, self.result, self.ctx).total()
    }

    fn media(&self, slot: Slot) -> &Media<'a> {
        slot.media(self.parts, self.lifted)
    }

    fn media_mut(&mut self, slot: Slot) -> &mut Media<'a> {
        match slot {
            Slot::Part(i) => match &mut self.parts[i] {
                Part::Media(media) => media,
                _ => unreachable!("a media slot points at media"),
            },
            Slot::Lifted(i) => &mut self.lifted[i],
        }
    }

    fn slots(&self) -> Vec<Slot> {
        let parts = (self.parts.iter().enumerate())
            .filter(|(_, p)| matches!(p, Part::Media(_)))
            .map(|(i, _)| Slot::Part(i));
        parts.chain((0..self.lifted.len()).map(Slot::Lifted)).collect()
    }

    fn path(&self, slot: Slot) -> String {
        self.media(slot)
            .at
            .map_or_else(String::new, |at| self.result.block_path(at))
    }

    /// The marker part left in the tool result for lifted media (the one that says where it went).
    fn lift_marker(&mut self, i: usize) -> Option<&mut Part<'a>> {
        let at = self.lifted[i].at?;
        self.parts
            .iter_mut()
            .find(|p| matches!(p, Part::Text { content: None, marks: Some(m), .. } if *m == at))
    }
}

/// Holds the result within `max` tokens (see the module doc), given the text limit already set
/// (`max_text_chars`). Returns the text limit to apply then and the option it comes from.
pub(super) fn hold<'a>(
    parts: &mut Vec<Part<'a>>,
    lifted: &mut Vec<Media<'a>>,
    max: u64,
    text_limit: Option<u64>,
    profile: &Profile,
    result: &ToolResult<'a>,
    ctx: &mut Context<'_>,
) -> Option<(u64, &'static str)> {
    let by_chars = text_limit.map(|limit| (limit, "max_text_chars"));
    let Some(model) = ctx.model else {
        return by_chars;
    };
    let mut laid = Laid {
        parts,
        lifted,
        result,
        ctx,
        model,
    };
    let chars = text_chars(laid.parts).min(text_limit.unwrap_or(u64::MAX));
    let text_cost = |laid: &Laid<'_, 'a, '_, '_, '_>, keep: u64| {
        let (before, after) = cut_tokens(&cuts(laid.parts, keep));
        laid.total() - before + after
    };
    if text_cost(&laid, chars) <= max {
        return by_chars;
    }
    // Steps 1 and 2 are planned from the token rules before any image is re-encoded, so that
    // an image that ends as a marker is not shrunk first.
    let mut images = if laid.ctx.options.fit_images == FitImages::Off {
        Vec::new()
    } else {
        shrinkable(&laid)
    };
    let mut total = laid.total();
    shrink(&mut images, &mut total, max, model);
    let (before, after) = cut_tokens(&cuts(laid.parts, 0));
    let mut dropped = Vec::new();
    while total + after - before > max {
        let planned = |slot: Slot| match images.iter().find(|i| i.slot == slot) {
            Some(image) => Some(image.tokens),
            None => media_tokens(laid.media(slot), model),
        };
        let costliest = (laid.slots().into_iter())
            .filter(|slot| !dropped.contains(slot))
            .filter_map(|slot| Some((slot, planned(slot).filter(|t| *t > 0)?)))
            .reduce(|best, item| if item.1 > best.1 { item } else { best });
        let Some((slot, tokens)) = costliest else { break };
        total = total + marker_tokens(&mut laid, slot) - tokens;
        dropped.push(slot);
    }
    for image in images.iter().filter(|i| i.to != i.from && !dropped.contains(&i.slot)) {
        fit_to(&mut laid, image, profile);
    }
    to_markers(&mut laid, dropped);
    let keep = most_chars(|keep| text_cost(&laid, keep) <= max, chars);
    let needed = text_cost(&laid, keep);
    if needed > max {
        let message = format!(
            "the result still needs about {needed} tokens, over max_tokens {max}: its markers and what no step reduces exceed it"
        );
        laid.ctx.notice(Code::OverTokenBudget, String::new(), message);
    }
    match text_limit {
        Some(limit) if limit <= keep => by_chars,
        _ => (keep < text_chars(laid.parts)).then_some((keep, "max_tokens")),
    }
}

/// The largest `keep` in `0..=upper` with `fits(keep)` (0 when none fits), by bisection: the
/// cost of the text grows with what it keeps.
fn most_chars(fits: impl Fn(u64) -> bool, upper: u64) -> u64 {
    let (mut low, mut high) = (0, upper);
    while low < high {
        let mid = low + (high - low).div_ceil(2);
        if fits(mid) {
            low = mid;
        } else {
            high = mid - 1;
        }
    }
    low
}

/// One image the budget may shrink: its size as laid out, the size planned, and its cost there.
struct Shrinkable {
    slot: Slot,
    from: (u32, u32),
    to: (u32, u32),
    tokens: u64,
    floor_tokens: u64,
}

/// The images a fit can shrink (a format the fitting rule decodes, a readable header).
fn shrinkable(laid: &Laid<'_, '_, '_, '_, '_>) -> Vec<Shrinkable> {
    (laid.slots().into_iter())
        .filter_map(|slot| {
            let media = laid.media(slot);
            let essence = mime::essence(media.mime.as_str());
            if media.class != MediaClass::Image || Format::of_mime(essence).is_none() {
                return None;
            }
            let (w, h) = imagesize::dimensions(essence, &media.data)?;
            let floor = scaled(w, h, IMAGE_FLOOR);
            Some(Shrinkable {
                slot,
                from: (w, h),
                to: (w, h),
                tokens: image_tokens(laid.model, w, h),
                floor_tokens: image_tokens(laid.model, floor.0, floor.1),
            })
        })
        .collect()
}

/// Step 1, planned: while `total` is over `max`, the costliest image whose cost can still fall
/// loses a quarter of its long side (not below [`IMAGE_FLOOR`]); `total` follows.
fn shrink(images: &mut [Shrinkable], total: &mut u64, max: u64, model: &ModelProfile) {
    while *total > max {
        let costliest = (images.iter_mut())
            .filter(|i| i.to.0.max(i.to.1) > IMAGE_FLOOR && i.floor_tokens < i.tokens)
            .reduce(|best, i| if i.tokens > best.tokens { i } else { best });
        let Some(image) = costliest else { break };
        let long = (image.to.0.max(image.to.1) as u64 * 3 / 4).max(u64::from(IMAGE_FLOOR));
        image.to = scaled(image.from.0, image.from.1, long as u32);
        let tokens = image_tokens(model, image.to.0, image.to.1);
        *total -= image.tokens - tokens;
        image.tokens = tokens;
    }
}

/// `w × h` scaled so that its long side is at most `long` (the fitting rule's rounding).
fn scaled(w: u32, h: u32, long: u32) -> (u32, u32) {
    let limits = Limits {
        max_dimension: Some(u64::from(long)),
        ..Limits::NONE
    };
    fit::target_size(w, h, &limits).unwrap_or((w, h))
}

/// Fits one image to its planned size, at most its own bytes, reporting `image_resized`; an
/// image that cannot be fitted stays as it is. An image an earlier fit re-encoded is fitted
/// from its original (one encoding, not two) when the fitting rule reads that original.
fn fit_to(laid: &mut Laid<'_, '_, '_, '_, '_>, image: &Shrinkable, profile: &Profile) {
    let media = laid.media(image.slot);
    let limits = Limits {
        max_dimension: Some(u64::from(image.to.0.max(image.to.1))),
        max_bytes: Some(media.size()),
        ..Limits::NONE
    };
    let original = media.source.as_ref().map(|(_, data)| (data, true));
    let fitted = original
        .into_iter()
        .chain([(&media.data, false)])
        .find_map(|(data, is_original)| {
            let bytes = base64_simd::STANDARD.decode_to_vec(data.as_str().as_bytes()).ok()?;
            match fit::fit_image_with(&bytes, &limits, media.crcs(is_original)) {
                Ok(Fit::Fitted(fitted)) => Some((bytes, fitted)),
                _ => None,
            }
        });
    let Some((bytes, fitted)) = fitted else {
        return;
    };
    let before = image_tokens(laid.model, image.from.0, image.from.1);
    let after = image_tokens(laid.model, fitted.width, fitted.height);
    let message = format!(
        "image shrunk for max_tokens: {}; about {before} -> {after} tokens",
        fitted.summary(bytes.len())
    );
    let path = laid.path(image.slot);
    laid.ctx.notice(Code::ImageResized, path, message);
    let media = laid.media_mut(image.slot);
    media.replace(fitted.format.mime(), &fitted.bytes);
    if let Slot::Lifted(i) = image.slot {
        let marker = laid.lifted[i].marker(Some(profile.lifted_reason));
        if let Some(Part::Text { text, .. }) = laid.lift_marker(i) {
            *text = Str::owned(marker);
        }
    }
}

/// Tokens of the marker that would replace the media at `slot` (less those of the marker a
/// lifted item leaves in the tool result, which it replaces).
fn marker_tokens(laid: &mut Laid<'_, '_, '_, '_, '_>, slot: Slot) -> u64 {
    let marker = (laid.media(slot).omit_marker_len(OVER_BUDGET) as u64).div_ceil(4);
    let replaced = match slot {
        Slot::Lifted(i) => match laid.lift_marker(i) {
            Some(Part::Text { text, .. }) => text_tokens(text.as_str()),
            _ => 0,
        },
        Slot::Part(_) => 0,
    };
    marker.saturating_sub(replaced)
}

/// Step 2, carried out: each media item in `dropped` becomes a marker, reporting
/// `block_as_marker`.
fn to_markers(laid: &mut Laid<'_, '_, '_, '_, '_>, mut dropped: Vec<Slot>) {
    for &slot in &dropped {
        let tokens = media_tokens(laid.media(slot), laid.model).unwrap_or(0);
        let message = format!("media of about {tokens} tokens replaced by a marker to hold max_tokens");
        let path = laid.path(slot);
        laid.ctx.notice(Code::BlockAsMarker, path.clone(), message);
        // Borrowed from the parts beside the context, which `omit` writes to.
        let media = slot.media(laid.parts, laid.lifted);
        let marker = Str::owned(media.omit(OVER_BUDGET, path, laid.ctx));
        match slot {
            Slot::Part(i) => {
                let at = laid.media(slot).at;
                laid.parts[i] = Part::Text {
                    text: marker,
                    content: None,
                    marks: at,
                };
            }
            Slot::Lifted(i) => {
                if let Some(Part::Text { text, .. }) = laid.lift_marker(i) {
                    *text = marker;
                }
            }
        }
    }
    // Lifted items leave last to first, so that the indices of the others hold.
    dropped.sort_by_key(|slot| std::cmp::Reverse(if let Slot::Lifted(i) = slot { Some(*i) } else { None }));
    for slot in dropped {
        if let Slot::Lifted(i) = slot {
            laid.lifted.remove(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn most_chars_finds_the_largest_that_fits() {
        assert_eq!(most_chars(|k| k <= 37, 100), 37);
        assert_eq!(most_chars(|_| false, 100), 0);
        assert_eq!(most_chars(|_| true, 100), 100);
        assert_eq!(most_chars(|k| k <= 5, 0), 0);
    }

    #[test]
    fn scaled_keeps_the_aspect_ratio() {
        assert_eq!(scaled(3840, 2160, 1024), (1024, 576));
        assert_eq!(scaled(800, 600, 1024), (800, 600));
    }
}
