//! TIFF through the pure-Rust `tiff` crate (uncompressed, PackBits, LZW, Deflate, CCITT
//! G3/G4): the first page, unsigned samples of 1–16 bits, gray, gray + alpha, RGB, RGBA and
//! CMYK, turned upright by the Orientation tag. Associated (premultiplied) alpha is divided out.

use std::io::Cursor;

use ::tiff::decoder::{Decoder, DecodingResult, Limits};
use ::tiff::tags::Tag;
use ::tiff::ColorType;

use super::convert::{check_size, Decoded};
use super::decode::{cmyk_to_rgb, MAX_DECODE_BYTES};
use super::{orient, FitError, Raster};

fn corrupt(e: impl std::fmt::Display) -> FitError {
    FitError::Corrupt(e.to_string())
}

/// Decodes the first page of a TIFF file.
pub fn decode(bytes: &[u8]) -> Result<Decoded, FitError> {
    let mut limits = Limits::default();
    limits.decoding_buffer_size = MAX_DECODE_BYTES;
    limits.intermediate_buffer_size = MAX_DECODE_BYTES;
    let mut decoder = Decoder::new(Cursor::new(bytes)).map_err(corrupt)?.with_limits(limits);
    let (width, height) = decoder.dimensions().map_err(corrupt)?;
    check_size(width, height)?;
    let color = decoder.colortype().map_err(corrupt)?;
    let orientation = decoder
        .find_tag_unsigned::<u16>(Tag::Orientation)
        .ok()
        .flatten()
        .unwrap_or(1);
    let premultiplied = decoder
        .find_tag_unsigned_vec::<u16>(Tag::ExtraSamples)
        .ok()
        .flatten()
        .is_some_and(|extra| extra.first() == Some(&1));
    let samples = match decoder.read_image().map_err(corrupt)? {
        DecodingResult::U8(v) => v,
        // The high byte of each 16-bit sample (the crate gives them in native order).
        DecodingResult::U16(v) => v.into_iter().map(|s| (s >> 8) as u8).collect(),
        _ => {
            return Err(corrupt(
                "TIFF samples other than unsigned 8 or 16 bits are not supported",
            ))
        }
    };
    let (w, h) = (width as usize, height as usize);
    let (channels, pixels) = match color {
        ColorType::Gray(bits @ (1 | 2 | 4)) => (3, unpack_gray(&samples, w, h, bits)?),
        ColorType::Gray(8 | 16) => (3, samples.iter().flat_map(|&g| [g, g, g]).collect()),
        ColorType::Multiband {
            bit_depth: 8 | 16,
            num_samples: 2,
        } => (
            4,
            samples.chunks_exact(2).flat_map(|p| [p[0], p[0], p[0], p[1]]).collect(),
        ),
        ColorType::RGB(8 | 16) => (3, samples),
        ColorType::RGBA(8 | 16) => (4, samples),
        ColorType::CMYK(8 | 16) => (3, cmyk_to_rgb(&samples)),
        other => return Err(corrupt(format!("TIFF color type {other:?} is not supported"))),
    };
    if pixels.len() < w * h * channels {
        return Err(corrupt("TIFF image data is shorter than its size"));
    }
    let mut pixels = pixels;
    pixels.truncate(w * h * channels);
    if premultiplied && channels == 4 {
        unpremultiply(&mut pixels);
    }
    let raster = Raster {
        width,
        height,
        channels,
        pixels,
        lossy: false,
    };
    Ok(Decoded {
        raster: orient::apply(raster, orientation),
        stored_width: width,
        stored_height: height,
        more_pages: decoder.more_images(),
    })
}

/// Gray samples of `bits` bits packed in byte-aligned rows, to RGB scaled to 0–255.
fn unpack_gray(packed: &[u8], w: usize, h: usize, bits: u8) -> Result<Vec<u8>, FitError> {
    let bits = usize::from(bits);
    let row = (w * bits).div_ceil(8);
    if packed.len() < row * h {
        return Err(corrupt("TIFF image data is shorter than its size"));
    }
    let max = (1u16 << bits) - 1;
    let mut out = Vec::with_capacity(w * h * 3);
    for line in packed.chunks_exact(row).take(h) {
        for x in 0..w {
            let bit = x * bits;
            let v = u16::from(line[bit / 8] >> (8 - bits - bit % 8)) & max;
            let g = ((v * 255 + max / 2) / max) as u8;
            out.extend_from_slice(&[g, g, g]);
        }
    }
    Ok(out)
}

/// Associated alpha to straight: `c · 255 / a`, rounded, at most 255 (0 where `a` is 0).
fn unpremultiply(rgba: &mut [u8]) {
    for p in rgba.chunks_exact_mut(4) {
        let a = u32::from(p[3]);
        for c in &mut p[..3] {
            *c = (u32::from(*c) * 255 + a / 2)
                .checked_div(a)
                .map_or(0, |v| v.min(255) as u8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gray_bits_scale_to_full_range() {
        // 3 pixels of 2 bits: 3, 1, 0 → 255, 85, 0.
        let out = unpack_gray(&[0b1101_0000], 3, 1, 2).expect("unpacks");
        assert_eq!(out, [255, 255, 255, 85, 85, 85, 0, 0, 0]);
    }

    #[test]
    fn premultiplied_alpha_is_divided_out() {
        let mut px = [64, 32, 0, 128, 9, 9, 9, 0, 255, 255, 255, 255];
        unpremultiply(&mut px);
        assert_eq!(px, [128, 64, 0, 128, 0, 0, 0, 0, 255, 255, 255, 255]);
    }

    #[test]
    fn garbage_is_corrupt() {
        assert!(matches!(decode(b"II*\0\x08\0\0\0"), Err(FitError::Corrupt(_))));
        assert!(matches!(decode(b"MM\0*"), Err(FitError::Corrupt(_))));
    }
}
