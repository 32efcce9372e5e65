//! Fitting images to a provider's limits: decode (PNG, JPEG, GIF first frame, WebP), downscale
//! with a deterministic integer box filter, re-encode with fixed settings; and converting
//! BMP and TIFF (first page), which most providers do not take, into PNG or JPEG the same way.
//!
//! Every step is integer arithmetic (vectorized only where integer lanes compute what the scalar
//! code does) or a codec run on its scalar path, so the fitted bytes are the same on every
//! platform and in every build (native x86_64, aarch64, wasm32).

mod bmp;
mod convert;
mod decode;
mod encode;
mod jpeg;
mod orient;
mod plan;
mod resize;
mod rows;
mod tiff;

pub use crate::format::Format;
pub use convert::{convert_image, Container, Converted};
pub(crate) use decode::Crcs;
pub(crate) use plan::fit_image_with;
pub use plan::{fit_image, target_size, JPEG_QUALITIES, SHRINKS};

use std::fmt;

use crate::marker::human_size;

/// Images with more pixels than this are never decoded (a decompression-bomb guard): 50 MP.
pub const MAX_PIXELS: u64 = 50_000_000;

/// The format and stored width and height of encoded image bytes, from the magic bytes and
/// the header (nothing is decoded).
pub fn inspect(bytes: &[u8]) -> Option<(Format, u32, u32)> {
    let format = Format::sniff(bytes)?;
    let (width, height) = crate::imagesize::of_bytes(format, bytes)?;
    Some((format, width, height))
}

/// Decodes `bytes` of `format` fully, to check that they decode (the pixels are dropped; a
/// PNG's rows as they come).
pub(crate) fn decode_check(format: Format, bytes: &[u8]) -> Result<(), FitError> {
    if format != Format::Png {
        return decode::decode(format, bytes).map(drop);
    }
    let mut rows = decode::png_rows(bytes, Crcs::Verify)?;
    for _ in 0..rows.height() {
        rows.next_row()?;
    }
    Ok(())
}

/// Deterministic noise bytes (xorshift32 from `seed`), for the tests' images.
#[cfg(test)]
pub(crate) fn noise(n: usize, seed: u32) -> Vec<u8> {
    let mut state = seed | 1;
    (0..n)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state as u8
        })
        .collect()
}

/// What a fitted image must satisfy; `None` means no limit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Longest side in pixels.
    pub max_dimension: Option<u64>,
    /// Shortest side in pixels (OpenAI's high-detail 768 px).
    pub max_short_side: Option<u64>,
    /// Most pixels (width × height).
    pub max_pixels: Option<u64>,
    /// Most encoded bytes.
    pub max_bytes: Option<u64>,
}

impl Limits {
    /// No limits.
    pub const NONE: Limits = Limits {
        max_dimension: None,
        max_short_side: None,
        max_pixels: None,
        max_bytes: None,
    };
}

/// A fitted image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fitted {
    /// The encoded image.
    pub bytes: Vec<u8>,
    /// Its format (PNG or JPEG).
    pub format: Format,
    /// Its width in pixels.
    pub width: u32,
    /// Its height in pixels.
    pub height: u32,
    /// The input's format.
    pub source_format: Format,
    /// The input's width as stored (before EXIF orientation).
    pub source_width: u32,
    /// The input's height as stored.
    pub source_height: u32,
}

impl Fitted {
    /// What the fit did, for a diagnostic ([`resize_summary`]; `(first frame)` after a GIF's
    /// format); `source_bytes` is the input's size.
    pub(crate) fn summary(&self, source_bytes: usize) -> String {
        let frame = if self.source_format == Format::Gif {
            " (first frame)"
        } else {
            ""
        };
        let source = format!("{}{frame}", self.source_format.name());
        let from = (self.source_width, self.source_height, source.as_str());
        let to = (self.width, self.height, self.format.name());
        resize_summary(from, source_bytes, to, self.bytes.len())
    }
}

/// `3840x2160 png, 10.63 MiB -> 1456x819 png, 1.2 MiB`: an image's size, format and bytes
/// before and after a fit or a conversion, for a diagnostic.
pub(crate) fn resize_summary(
    from: (u32, u32, &str),
    from_bytes: usize,
    to: (u32, u32, &str),
    to_bytes: usize,
) -> String {
    format!(
        "{}x{} {}, {} -> {}x{} {}, {}",
        from.0,
        from.1,
        from.2,
        human_size(from_bytes as u64),
        to.0,
        to.1,
        to.2,
        human_size(to_bytes as u64),
    )
}

/// The outcome of [`fit_image`] for an image that could be handled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fit {
    /// The image already satisfies the limits; it is kept byte for byte.
    Unchanged,
    /// The image was downscaled and/or re-encoded.
    Fitted(Fitted),
}

/// Why an image cannot be fitted; it then stays a marker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FitError {
    /// Not PNG, JPEG, GIF or WebP (by magic bytes).
    Unsupported,
    /// The header claims more than [`MAX_PIXELS`]; the image is not decoded.
    TooManyPixels {
        /// Claimed width.
        width: u32,
        /// Claimed height.
        height: u32,
    },
    /// Truncated or corrupt data.
    Corrupt(String),
    /// Even the smallest re-encoding tried is over the byte limit.
    TooLarge,
}

impl fmt::Display for FitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FitError::Unsupported => f.write_str("not a PNG, JPEG, GIF or WebP image"),
            FitError::TooManyPixels { width, height } => write!(
                f,
                "{width}x{height} px is over the {} MP decode limit; not decoded",
                MAX_PIXELS / 1_000_000
            ),
            FitError::Corrupt(why) => write!(f, "cannot be decoded: {why}"),
            FitError::TooLarge => f.write_str("no re-encoding fits the byte limit"),
        }
    }
}

impl std::error::Error for FitError {}

/// Decoded pixels: 8-bit RGB (3 channels) or RGBA (4 channels), rows top to bottom.
#[derive(Debug)]
pub(crate) struct Raster {
    pub width: u32,
    pub height: u32,
    pub channels: usize,
    pub pixels: Vec<u8>,
    /// Decoded from a lossy format (JPEG, lossy WebP): a photo, re-encoded as JPEG.
    pub lossy: bool,
}
