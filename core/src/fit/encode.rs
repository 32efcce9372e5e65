//! Encoding with fixed settings: PNG (adaptive filtering; fdeflate's fast compression, and
//! zlib level 6 for images that compress well) and baseline JPEG (4:2:0, standard tables; see
//! [`super::jpeg`]).

use super::rows::Rows;
use super::{FitError, Raster};

/// An image whose fast PNG is smaller than its raw pixels by more than this factor is encoded
/// again at zlib level 6, and the smaller PNG is kept: flat areas and repeated rows (pages,
/// diagrams, UI) are where the fast encoder's short matches lose most (a 1219x8000 page: 172 KiB
/// fast, 59 KiB at level 6), and where level 6 costs least.
const RECOMPRESS_RATIO: usize = 8;

/// PNG of `raster`: RGBA when some pixel is not opaque, else RGB.
pub fn png(raster: &Raster) -> Result<Vec<u8>, FitError> {
    let rgb;
    let (pixels, color) = if raster.channels == 4 && raster.pixels.chunks_exact(4).all(|p| p[3] == 255) {
        rgb = drop_alpha(&raster.pixels);
        (rgb.as_slice(), png::ColorType::Rgb)
    } else if raster.channels == 4 {
        (raster.pixels.as_slice(), png::ColorType::Rgba)
    } else {
        (raster.pixels.as_slice(), png::ColorType::Rgb)
    };
    let fast = png_with(raster, pixels, color, png::DeflateCompression::FdeflateUltraFast)?;
    if fast.len().saturating_mul(RECOMPRESS_RATIO) >= pixels.len() {
        return Ok(fast);
    }
    let level6 = png_with(raster, pixels, color, png::DeflateCompression::Level(6))?;
    Ok(if level6.len() < fast.len() { level6 } else { fast })
}

fn png_with(
    raster: &Raster,
    pixels: &[u8],
    color: png::ColorType,
    compression: png::DeflateCompression,
) -> Result<Vec<u8>, FitError> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, raster.width, raster.height);
    encoder.set_color(color);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_deflate_compression(compression);
    encoder.set_filter(png::Filter::Adaptive);
    let fail = |e: png::EncodingError| FitError::Corrupt(format!("PNG encoding failed: {e}"));
    let mut writer = encoder.write_header().map_err(fail)?;
    writer.write_image_data(pixels).map_err(fail)?;
    writer.finish().map_err(fail)?;
    Ok(out)
}

/// Baseline JPEG of `rows` at `quality`, read once; alpha is flattened onto white first.
pub fn jpeg(rows: &mut dyn Rows, quality: u8) -> Result<Vec<u8>, FitError> {
    if rows.channels() == 4 {
        let line = rows.width() as usize * 3;
        return super::jpeg::encode(
            &mut OnWhite {
                rows,
                row: Vec::with_capacity(line),
            },
            quality,
        );
    }
    super::jpeg::encode(rows, quality)
}

/// RGBA rows flattened onto white as they are read.
struct OnWhite<'a> {
    rows: &'a mut dyn Rows,
    row: Vec<u8>,
}

impl Rows for OnWhite<'_> {
    fn width(&self) -> u32 {
        self.rows.width()
    }

    fn height(&self) -> u32 {
        self.rows.height()
    }

    fn channels(&self) -> usize {
        3
    }

    fn next_row(&mut self) -> Result<&[u8], FitError> {
        let rgba = self.rows.next_row()?;
        self.row.clear();
        self.row.extend(flatten_on_white(rgba));
        Ok(&self.row)
    }
}

fn drop_alpha(rgba: &[u8]) -> Vec<u8> {
    rgba.chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect()
}

/// RGBA over white: `c·a/255 + 255·(255 − a)/255`, rounded.
fn flatten_on_white(rgba: &[u8]) -> impl Iterator<Item = u8> + '_ {
    rgba.chunks_exact(4).flat_map(|p| {
        let a = u32::from(p[3]);
        let over = |c: u8| ((u32::from(c) * a + 255 * (255 - a) + 127) / 255) as u8;
        [over(p[0]), over(p[1]), over(p[2])]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rgb(width: u32, height: u32, mut pixel: impl FnMut(u32, u32) -> [u8; 3]) -> Raster {
        let mut pixels = Vec::new();
        for y in 0..height {
            for x in 0..width {
                pixels.extend(pixel(x, y));
            }
        }
        Raster {
            width,
            height,
            channels: 3,
            pixels,
            lossy: false,
        }
    }

    fn fast(raster: &Raster) -> Vec<u8> {
        let fast = png::DeflateCompression::FdeflateUltraFast;
        png_with(raster, &raster.pixels, png::ColorType::Rgb, fast).expect("encodes")
    }

    fn decoded(bytes: &[u8]) -> Vec<u8> {
        super::super::decode::decode(crate::format::Format::Png, bytes)
            .expect("decodes")
            .pixels
    }

    /// A page of text-like stripes compresses far better than 8:1: level 6 is tried and kept.
    #[test]
    fn flat_images_get_the_stronger_compression() {
        let page = rgb(400, 600, |x, y| {
            if y % 12 < 2 && x % 7 < 5 {
                [20, 20, 20]
            } else {
                [250, 250, 250]
            }
        });
        let (chosen, fast) = (png(&page).expect("encodes"), fast(&page));
        assert!(fast.len() * RECOMPRESS_RATIO < page.pixels.len());
        assert!(chosen.len() < fast.len(), "{} >= {}", chosen.len(), fast.len());
        assert_eq!(decoded(&chosen), page.pixels);
    }

    /// Noise does not compress 8:1: the fast PNG is kept, without a second encoding.
    #[test]
    fn noisy_images_keep_the_fast_compression() {
        let mut state = 0x2545_f491u32;
        let noise = rgb(200, 150, |_, _| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            let [a, b, c, _] = state.to_le_bytes();
            [a, b, c]
        });
        let chosen = png(&noise).expect("encodes");
        assert_eq!(chosen, fast(&noise));
        assert_eq!(decoded(&chosen), noise.pixels);
    }

    #[test]
    fn transparent_pixels_flatten_to_white() {
        assert_eq!(
            flatten_on_white(&[0, 0, 0, 0, 10, 20, 30, 255, 0, 0, 0, 128]).collect::<Vec<_>>(),
            [255, 255, 255, 10, 20, 30, 127, 127, 127]
        );
    }
}
