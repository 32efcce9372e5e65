//! Fitting images to a provider's limits: decode (PNG, JPEG, GIF first frame, WebP), downscale
//! with a deterministic integer box filter, re-encode with fixed settings; and converting
//! BMP and TIFF (first page), which most providers do not take, into PNG or JPEG the same way.
//!
//! Every step is integer arithmetic or a codec run on its scalar path, so the fitted bytes are
//! the same on every platform and in every build (native x86_64, aarch64, wasm32).

mod bmp;
mod convert;
mod decode;
mod encode;
mod orient;
mod plan;
mod resize;
mod tiff;

pub use convert::{convert_image, Container, Converted};
pub use plan::{fit_image, target_size, JPEG_QUALITIES, SHRINKS};

use std::fmt;

use crate::error::ConvertError;
use crate::options::FitImages;
use crate::targets::plan::Tally;
use crate::targets::Target;

/// Images with more pixels than this are never decoded (a decompression-bomb guard): 50 MP.
pub const MAX_PIXELS: u64 = 50_000_000;

/// The limits the converter fits one image to for `target` (by name) in `mode`, with
/// `images_in_request` other images in the request (Anthropic's many-image rule); `None` for
/// mode `off`. The same rule as a conversion with default caps and a single image block.
pub fn target_limits(target: &str, mode: FitImages, images_in_request: u64) -> Result<Option<Limits>, ConvertError> {
    if mode == FitImages::Off {
        return Ok(None);
    }
    let caps = target.parse::<Target>()?.caps();
    let dimension = caps.dimension_for(images_in_request + 1);
    Ok(Some(Tally::default().fit_limits(&caps, dimension, mode)))
}

/// The format and stored width and height of encoded image bytes, from the magic bytes and
/// the header (nothing is decoded).
pub fn inspect(bytes: &[u8]) -> Option<(Format, u32, u32)> {
    let format = Format::sniff(bytes)?;
    let (width, height) = crate::imagesize::of_bytes(format, bytes)?;
    Some((format, width, height))
}

/// An image format the fitter reads or writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// PNG (`image/png`).
    Png,
    /// JPEG (`image/jpeg`).
    Jpeg,
    /// GIF (`image/gif`); read only, its first frame.
    Gif,
    /// WebP (`image/webp`); read only.
    Webp,
}

impl Format {
    /// Every format, in the order of [`Format::sniff`].
    pub const ALL: [Format; 4] = [Format::Png, Format::Jpeg, Format::Gif, Format::Webp];

    /// The format whose MIME type is `essence`.
    pub fn of_mime(essence: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.mime() == essence)
    }

    /// The format of `bytes`, from its magic bytes.
    pub fn sniff(bytes: &[u8]) -> Option<Format> {
        if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(Format::Png)
        } else if bytes.starts_with(b"\xFF\xD8\xFF") {
            Some(Format::Jpeg)
        } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
            Some(Format::Gif)
        } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            Some(Format::Webp)
        } else {
            None
        }
    }

    /// The MIME type.
    pub fn mime(self) -> &'static str {
        match self {
            Format::Png => "image/png",
            Format::Jpeg => "image/jpeg",
            Format::Gif => "image/gif",
            Format::Webp => "image/webp",
        }
    }

    /// The short name (`png`, `jpeg`, `gif`, `webp`).
    pub fn name(self) -> &'static str {
        &self.mime()[6..]
    }
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
pub(crate) struct Raster {
    pub width: u32,
    pub height: u32,
    pub channels: usize,
    pub pixels: Vec<u8>,
    /// Decoded from a lossy format (JPEG, lossy WebP): a photo, re-encoded as JPEG.
    pub lossy: bool,
}
