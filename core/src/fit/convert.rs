//! Converting images whose format is only a container for plain pixels (BMP, TIFF) into PNG or
//! JPEG, for targets that cannot carry the container: decoded, then sized and encoded by the
//! fitting rule (PNG tried first, then the JPEG ladder; shrinking when nothing fits).

use super::rows::Pixels;
use super::{bmp, plan, tiff, FitError, Format, Limits, MAX_PIXELS};

/// A format the converter reads (and never writes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Container {
    /// BMP (`image/bmp`).
    Bmp,
    /// TIFF (`image/tiff`); its first page.
    Tiff,
}

impl Container {
    /// The container a MIME essence names (`image/bmp`, `image/x-ms-bmp`, `image/x-bmp`,
    /// `image/tiff`, `image/x-tiff`).
    pub fn of_mime(essence: &str) -> Option<Container> {
        match essence {
            "image/bmp" | "image/x-ms-bmp" | "image/x-bmp" => Some(Container::Bmp),
            "image/tiff" | "image/x-tiff" => Some(Container::Tiff),
            _ => None,
        }
    }

    /// The short name (`bmp`, `tiff`).
    pub fn name(self) -> &'static str {
        match self {
            Container::Bmp => "bmp",
            Container::Tiff => "tiff",
        }
    }
}

/// A converted image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Converted {
    /// The encoded image.
    pub bytes: Vec<u8>,
    /// Its format (PNG or JPEG).
    pub format: Format,
    /// Its width in pixels.
    pub width: u32,
    /// Its height in pixels.
    pub height: u32,
    /// The input's container.
    pub source: Container,
    /// The input's width as stored (before TIFF orientation).
    pub source_width: u32,
    /// The input's height as stored.
    pub source_height: u32,
    /// The input holds further pages (TIFF) that were left out.
    pub more_pages: bool,
}

/// Converts `bytes` of `container` into PNG or JPEG within `limits` (the fitting rule's steps
/// 2–5, with PNG always tried first: a container's size predicts nothing about its PNG's).
///
/// ```
/// use mcp_tool_result::fit::{convert_image, Container, Format, Limits};
/// // A 1×1 24-bit BMP holding one red pixel.
/// let mut bmp = b"BM\x3a\0\0\0\0\0\0\0\x36\0\0\0\x28\0\0\0\x01\0\0\0\x01\0\0\0\x01\0\x18\0".to_vec();
/// bmp.extend_from_slice(&[0; 24]);
/// bmp.extend_from_slice(&[0, 0, 255, 0]);
/// let converted = convert_image(Container::Bmp, &bmp, &Limits::NONE).unwrap();
/// assert_eq!((converted.format, converted.width, converted.height), (Format::Png, 1, 1));
/// ```
pub fn convert_image(container: Container, bytes: &[u8], limits: &Limits) -> Result<Converted, FitError> {
    if limits.max_bytes == Some(0) {
        return Err(FitError::TooLarge);
    }
    let decoded = match container {
        Container::Bmp => bmp::decode(bytes)?,
        Container::Tiff => tiff::decode(bytes)?,
    };
    let (bytes, format, width, height) = plan::encode_fitted(&mut Pixels::Borrowed(&decoded.raster), limits, None)?;
    Ok(Converted {
        bytes,
        format,
        width,
        height,
        source: container,
        source_width: decoded.stored_width,
        source_height: decoded.stored_height,
        more_pages: decoded.more_pages,
    })
}

/// What a container decoder gives: the pixels upright, the size as stored, whether pages were
/// left out.
pub(crate) struct Decoded {
    pub raster: super::Raster,
    pub stored_width: u32,
    pub stored_height: u32,
    pub more_pages: bool,
}

/// The decode guard shared by the container decoders: a zero side is corrupt, more than
/// [`MAX_PIXELS`] is refused before any pixel is read.
pub(crate) fn check_size(width: u32, height: u32) -> Result<(), FitError> {
    if width == 0 || height == 0 {
        return Err(FitError::Corrupt("zero width or height".into()));
    }
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(FitError::TooManyPixels { width, height });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILES: [(Container, &[u8]); 5] = [
        (
            Container::Bmp,
            include_bytes!("../../../conformance/images/bmp8-top-down-100x60.bmp"),
        ),
        (
            Container::Bmp,
            include_bytes!("../../../conformance/images/bmp-rle8-64x48.bmp"),
        ),
        (
            Container::Bmp,
            include_bytes!("../../../conformance/images/bmp32-alpha-96x64.bmp"),
        ),
        (
            Container::Tiff,
            include_bytes!("../../../conformance/images/tiff-lzw-120x80.tiff"),
        ),
        (
            Container::Tiff,
            include_bytes!("../../../conformance/images/fax-g4-16x8.tiff"),
        ),
    ];

    /// Damaged files (bytes overwritten, files cut) give a result or an error, never a panic.
    #[test]
    fn damaged_files_never_panic() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as usize
        };
        let limits = Limits {
            max_dimension: Some(64),
            ..Limits::NONE
        };
        let (mut converted, mut refused) = (0, 0);
        for (container, file) in FILES {
            for round in 0..400 {
                let mut bytes = file.to_vec();
                for _ in 0..1 + next() % 3 {
                    // Mostly the headers and the first data, where a damaged byte matters most.
                    let at = next() % bytes.len().min(if round % 2 == 0 { 160 } else { usize::MAX });
                    bytes[at] = [0x00, 0xFF, 0x7F, 0x80, next() as u8][next() % 5];
                }
                if round % 5 == 0 {
                    bytes.truncate(next() % bytes.len());
                }
                match convert_image(container, &bytes, &limits) {
                    Ok(_) => converted += 1,
                    Err(_) => refused += 1,
                }
            }
        }
        assert!(converted > 0 && refused > 0, "{converted} converted, {refused} refused");
    }
}
