//! The fitting rule: which size and which encoding an image gets.
//!
//! 1. The header gives the format and size; an image within every limit is kept unchanged,
//!    one over [`MAX_PIXELS`] is refused without decoding.
//! 2. The target size keeps the aspect ratio and never enlarges: the long side is cut to
//!    `max_dimension`, then so that the short side is at most `max_short_side`, then so that
//!    the area is at most `max_pixels`; the short side is rounded to the nearest pixel.
//! 3. Encoding: images decoded from a lossless format (PNG, GIF, lossless WebP) are tried as
//!    PNG first, unless the PNG is predicted to exceed the byte limit (the input's bytes scaled
//!    by the pixel ratio); then, and for JPEG and lossy WebP input, JPEG at quality 85, 75, 60.
//! 4. When nothing fits the byte limit, the long side shrinks by a quarter and step 3 repeats,
//!    at most [`SHRINKS`] times.

use super::decode::Crcs;
use super::rows::Pixels;
use super::{encode, jpeg, resize, Fit, FitError, Fitted, Format, Limits, MAX_PIXELS};
use crate::imagesize;

/// JPEG qualities tried, in order.
pub const JPEG_QUALITIES: [u8; 3] = [85, 75, 60];

/// How many times the size shrinks by a quarter before giving up on the byte limit.
pub const SHRINKS: usize = 6;

/// Fits one encoded image (PNG, JPEG, GIF or WebP bytes) to `limits`.
///
/// ```
/// use mcp_tool_result::fit::{fit_image, Fit, Limits};
/// let gif = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;";
/// assert_eq!(fit_image(gif, &Limits::default()), Ok(Fit::Unchanged));
/// ```
pub fn fit_image(bytes: &[u8], limits: &Limits) -> Result<Fit, FitError> {
    fit_image_with(bytes, limits, Crcs::Verify)
}

/// [`fit_image`], decoding a PNG without checking its CRCs again when `crcs` says they were.
pub(crate) fn fit_image_with(bytes: &[u8], limits: &Limits, crcs: Crcs) -> Result<Fit, FitError> {
    let source = Format::sniff(bytes).ok_or(FitError::Unsupported)?;
    let (width, height) =
        imagesize::of_bytes(source, bytes).ok_or_else(|| FitError::Corrupt("no readable header".into()))?;
    if width == 0 || height == 0 {
        return Err(FitError::Corrupt("zero width or height".into()));
    }
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(FitError::TooManyPixels { width, height });
    }
    if limits.max_bytes == Some(0) {
        return Err(FitError::TooLarge);
    }
    let size = bytes.len() as u64;
    let fits_bytes = limits.max_bytes.is_none_or(|max| size <= max);
    if fits_bytes && target_size(width, height, limits)? == (width, height) {
        return Ok(Fit::Unchanged);
    }
    let mut pixels = Pixels::new(source, bytes, width, height, crcs)?;
    let (bytes, format, width_out, height_out) = encode_fitted(&mut pixels, limits, Some(size))?;
    Ok(Fit::Fitted(Fitted {
        bytes,
        format,
        width: width_out,
        height: height_out,
        source_format: source,
        source_width: width,
        source_height: height,
    }))
}

/// Steps 2–5 of the rule: the target size, then the first encoding within the byte limit,
/// shrinking by a quarter when none fits. `source_bytes`: the encoded input's size, from which
/// the PNG's size is predicted; `None` tries PNG without a prediction. Returns the bytes, their
/// format and size.
pub(crate) fn encode_fitted(
    pixels: &mut Pixels,
    limits: &Limits,
    source_bytes: Option<u64>,
) -> Result<(Vec<u8>, Format, u32, u32), FitError> {
    let (width, height) = pixels.size();
    let (mut w, mut h) = target_size(width, height, limits)?;
    let source_pixels = u64::from(width) * u64::from(height);
    for _ in 0..=SHRINKS {
        let png_estimate = source_bytes.map_or(0, |size| size * u64::from(w) * u64::from(h) / source_pixels);
        let found = if (w, h) == (width, height) {
            encode_within(pixels, limits.max_bytes, png_estimate)?
        } else {
            let lossy = pixels.lossy();
            let scaled = resize::downscale(&mut *pixels.rows()?, w, h, lossy)?;
            encode_within(&mut Pixels::Borrowed(&scaled), limits.max_bytes, png_estimate)?
        };
        if let Some((bytes, format)) = found {
            return Ok((bytes, format, w, h));
        }
        let long = w.max(h);
        if long <= 1 {
            break;
        }
        let shrunk = Limits {
            max_dimension: Some(u64::from(long) * 3 / 4),
            ..*limits
        };
        (w, h) = target_size(width, height, &shrunk)?;
    }
    Err(FitError::TooLarge)
}

/// The first encoding of `image` within `max_bytes`: PNG (lossless input whose PNG is not
/// predicted over the limit), then the JPEG quality ladder.
fn encode_within(
    image: &mut Pixels,
    max_bytes: Option<u64>,
    png_estimate: u64,
) -> Result<Option<(Vec<u8>, Format)>, FitError> {
    let fits = |bytes: &[u8]| max_bytes.is_none_or(|max| bytes.len() as u64 <= max);
    if !image.lossy() && max_bytes.is_none_or(|max| png_estimate <= max) {
        let png = encode::png(image.raster()?)?;
        if fits(&png) {
            return Ok(Some((png, Format::Png)));
        }
    }
    // No JPEG can be this large (the encoder would refuse it): shrink, without a pass over the
    // pixels for each quality.
    let (width, height) = image.size();
    if width.max(height) > jpeg::MAX_SIDE {
        return Ok(None);
    }
    for quality in JPEG_QUALITIES {
        let jpeg = encode::jpeg(&mut *image.rows()?, quality)?;
        if fits(&jpeg) {
            return Ok(Some((jpeg, Format::Jpeg)));
        }
    }
    Ok(None)
}

/// The size `width` × `height` scales to under `limits` (step 2 of the rule); a zero side is
/// `Corrupt`.
pub fn target_size(width: u32, height: u32, limits: &Limits) -> Result<(u32, u32), FitError> {
    if width == 0 || height == 0 {
        return Err(FitError::Corrupt("zero width or height".into()));
    }
    let (long, short) = (u64::from(width.max(height)), u64::from(width.min(height)));
    let zero = [limits.max_dimension, limits.max_short_side, limits.max_pixels];
    if zero.contains(&Some(0)) {
        return Err(FitError::TooLarge);
    }
    let short_for = |l: u64| ((short * l + long / 2) / long).max(1);
    let mut new_long = long;
    if let Some(max) = limits.max_dimension {
        new_long = new_long.min(max);
    }
    if let Some(max) = limits.max_short_side.filter(|max| short > *max) {
        new_long = new_long.min((long * max / short).max(1));
    }
    if let Some(max) = limits.max_pixels.filter(|max| new_long * short_for(new_long) > *max) {
        new_long = new_long.min((max * long / short).isqrt().max(1));
        while new_long > 1 && new_long * short_for(new_long) > max {
            new_long -= 1;
        }
    }
    let new_short = short_for(new_long);
    let (w, h) = if width >= height {
        (new_long, new_short)
    } else {
        (new_short, new_long)
    };
    Ok((w as u32, h as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(dimension: Option<u64>, short: Option<u64>, pixels: Option<u64>) -> Limits {
        Limits {
            max_dimension: dimension,
            max_short_side: short,
            max_pixels: pixels,
            max_bytes: None,
        }
    }

    #[test]
    fn target_sizes_by_hand() {
        // Anthropic recommended: 1568 px long edge, then 1092² px.
        let anthropic = limits(Some(1568), None, Some(1092 * 1092));
        assert_eq!(target_size(3840, 2160, &anthropic), Ok((1456, 819)));
        assert_eq!(target_size(1000, 800, &anthropic), Ok((1000, 800)));
        // OpenAI high detail: 2048 box, then 768 short side.
        let openai = limits(Some(2048), Some(768), None);
        assert_eq!(target_size(3840, 2160, &openai), Ok((1365, 768)));
        assert_eq!(target_size(9000, 600, &limits(Some(8000), None, None)), Ok((8000, 533)));
        assert_eq!(target_size(600, 9000, &limits(Some(2000), None, None)), Ok((133, 2000)));
        assert_eq!(target_size(5, 5, &limits(Some(0), None, None)), Err(FitError::TooLarge));
        // Found by fuzzing (extract_images): a 0x0 JPEG header divided by zero.
        let zero = Err(FitError::Corrupt("zero width or height".into()));
        assert_eq!(target_size(0, 0, &limits(Some(2000), None, None)), zero);
        assert_eq!(target_size(100_000, 0, &limits(None, None, Some(1000))), zero);
    }

    #[test]
    fn refuses_before_decoding() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        png.extend_from_slice(&50000u32.to_be_bytes());
        png.extend_from_slice(&50000u32.to_be_bytes());
        let err = fit_image(&png, &Limits::default());
        assert_eq!(
            err,
            Err(FitError::TooManyPixels {
                width: 50000,
                height: 50000
            })
        );
        assert_eq!(fit_image(b"BM....", &Limits::default()), Err(FitError::Unsupported));
    }
}

#[cfg(test)]
mod image_tests {
    use super::*;
    use crate::fit::Raster;

    const EXIF: &[u8] = include_bytes!("../../../conformance/images/exif-rotated-600x400.jpeg");
    const CMYK: &[u8] = include_bytes!("../../../conformance/images/cmyk-800x600.jpeg");
    const GIF: &[u8] = include_bytes!("../../../conformance/images/animated-640x480.gif");

    fn fitted(bytes: &[u8], max_dimension: u64) -> Raster {
        let limits = Limits {
            max_dimension: Some(max_dimension),
            ..Limits::NONE
        };
        let Ok(Fit::Fitted(fitted)) = fit_image(bytes, &limits) else {
            panic!("not fitted")
        };
        super::super::decode::decode(fitted.format, &fitted.bytes).expect("fitted output decodes")
    }

    fn pixel(r: &Raster, x: u32, y: u32) -> &[u8] {
        let at = (y * r.width + x) as usize * r.channels;
        &r.pixels[at..at + 3]
    }

    /// A PNG fitted in more than one pass (the JPEG ladder past its first quality; a shrink
    /// after the whole ladder) is read row by row first and decoded in full after: the bytes
    /// are those of the decoded raster.
    #[test]
    fn later_passes_give_the_raster_bytes() {
        let raster = Raster {
            width: 300,
            height: 200,
            channels: 3,
            pixels: crate::fit::noise(300 * 200 * 3, 0x9E37_79B9),
            lossy: false,
        };
        let png = encode::png(&raster).expect("encodes");
        let jpeg = |quality| {
            let rows = &mut crate::fit::rows::RasterRows::new(&raster);
            encode::jpeg(rows, quality).expect("encodes").len() as u64
        };
        // 75 fits at full size; under 60's size, the image shrinks.
        for (max_bytes, shrinks) in [(jpeg(75), false), (jpeg(60) - 1, true)] {
            let limits = Limits {
                max_bytes: Some(max_bytes),
                ..Limits::NONE
            };
            let Ok(Fit::Fitted(fitted)) = fit_image(&png, &limits) else {
                panic!("not fitted")
            };
            let from_raster = encode_fitted(&mut Pixels::Borrowed(&raster), &limits, Some(png.len() as u64));
            let (bytes, _, width, _) = from_raster.expect("fits");
            assert!(fitted.bytes == bytes, "max_bytes {max_bytes}");
            assert_eq!((fitted.width, fitted.width < 300), (width, shrinks));
        }
    }

    #[test]
    fn exif_orientation_puts_the_red_edge_on_top() {
        let r = fitted(EXIF, 300);
        assert_eq!((r.width, r.height), (200, 300));
        let (top, bottom) = (pixel(&r, 100, 5), pixel(&r, 100, 290));
        assert!(top[0] > 180 && top[2] < 80, "top {top:?}");
        assert!(bottom[2] > 180 && bottom[0] < 80, "bottom {bottom:?}");
    }

    #[test]
    fn cmyk_becomes_plausible_rgb() {
        // Generated with c = x·255/799, m = y·255/599, y = 40, k = 20 (ink amounts).
        let r = fitted(CMYK, 400);
        let corner = pixel(&r, 0, 0);
        assert!(corner.iter().all(|&v| v > 170), "little ink is light: {corner:?}");
        let cyan = pixel(&r, 399, 0);
        assert!(cyan[0] < 60 && cyan[2] > 150, "full cyan: {cyan:?}");
    }

    #[test]
    fn gif_gives_its_first_frame() {
        let r = fitted(GIF, 320);
        assert_eq!(pixel(&r, 10, 10), [220, 30, 30]);
        assert_eq!(pixel(&r, 300, 10), [255, 255, 255]);
    }
}
