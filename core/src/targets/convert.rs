//! Converting an image block the target cannot carry, when its format is only a container for
//! plain pixels (BMP, TIFF) and the target carries PNG: the block becomes a PNG (or a JPEG, by
//! the fitting rule) within the target's limits, reported by `image_converted`.

use super::media::{Media, MediaClass};
use super::profile::{Caps, Profile, UNSUPPORTED};
use super::tally::Tally;
use crate::error::Code;
use crate::fit::{self, Container};
use crate::mime;
use crate::normalize::Context;
use crate::options::FitImages;

/// Converts `media` in place when the rule allows. `Ok`: the class it now has. `Err(None)`: no
/// conversion applies (the caller gives its usual marker); `Err(Some(marker))`: conversion was
/// tried and failed, the notice says why, and the block becomes this marker.
pub fn convert_media<'a>(
    media: &mut Media<'a>,
    profile: &Profile,
    caps: &Caps,
    dimension: Option<u64>,
    tally: &Tally,
    ctx: &mut Context<'_>,
    path: impl Fn() -> String,
) -> Result<MediaClass, Option<String>> {
    let mode = ctx.options.fit_images;
    let container = Container::of_mime(mime::essence(media.mime.as_str()));
    let carries_png = profile.images.contains(&"image/png");
    let Some(container) = container.filter(|_| {
        media.class == MediaClass::Image && carries_png && mode != FitImages::Off && !tally.images_full(caps)
    }) else {
        return Err(None);
    };
    let limits = tally.fit_limits(caps, dimension, mode);
    let converted = base64_simd::STANDARD
        .decode_to_vec(media.data.as_str().as_bytes())
        .map_err(|_| "the payload is not base64".to_owned())
        .and_then(|bytes| {
            let converted = fit::convert_image(container, &bytes, &limits).map_err(|why| why.to_string())?;
            Ok((bytes.len(), converted))
        });
    match converted {
        Ok((size, converted)) => {
            let page = if converted.more_pages { " (first page)" } else { "" };
            let source = format!("{}{page}", converted.source.name());
            let from = (converted.source_width, converted.source_height, source.as_str());
            let to = (converted.width, converted.height, converted.format.name());
            let summary = fit::resize_summary(from, size, to, converted.bytes.len());
            let message = format!("image converted: {summary}");
            ctx.notice(Code::ImageConverted, path(), message);
            media.replace(converted.format.mime(), &converted.bytes);
            Ok(MediaClass::Image)
        }
        Err(why) => {
            let message = format!("the target cannot carry this block; not converted: {why}");
            ctx.notice(Code::BlockAsMarker, path(), message);
            Err(Some(media.marker(Some(UNSUPPORTED))))
        }
    }
}
