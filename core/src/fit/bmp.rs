//! A BMP decoder: the OS/2 1.x core header and BITMAPINFOHEADER with its V2–V5 extensions;
//! 1-, 4- and 8-bit palettes (also RLE4 and RLE8), 16- and 32-bit pixels with BI_RGB,
//! BI_BITFIELDS or BI_ALPHABITFIELDS, 24-bit pixels; rows bottom-up or top-down.
//!
//! Alpha comes from the alpha mask or, in 32-bit BI_RGB, from the fourth byte; an image whose
//! alpha is 0 everywhere is opaque (writers that leave the byte unused fill it with 0). Pixels
//! an RLE stream skips are transparent.

use super::convert::{check_size, Decoded};
use super::{FitError, Raster};

const BI_RGB: u32 = 0;
const BI_RLE8: u32 = 1;
const BI_RLE4: u32 = 2;
const BI_BITFIELDS: u32 = 3;
const BI_ALPHABITFIELDS: u32 = 6;

fn corrupt(why: impl Into<String>) -> FitError {
    FitError::Corrupt(why.into())
}

fn le16(b: &[u8], at: usize) -> Result<u16, FitError> {
    let bytes = b.get(at..at + 2).ok_or_else(|| corrupt("truncated BMP header"))?;
    Ok(u16::from_le_bytes([bytes[0], bytes[1]]))
}

fn le32(b: &[u8], at: usize) -> Result<u32, FitError> {
    let bytes = b.get(at..at + 4).ok_or_else(|| corrupt("truncated BMP header"))?;
    Ok(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
}

/// One color channel of a bit mask: its bits are shifted down and scaled to 0–255.
#[derive(Clone, Copy)]
struct Channel {
    mask: u32,
    shift: u32,
    max: u64,
}

impl Channel {
    fn new(mask: u32) -> Option<Channel> {
        (mask != 0).then(|| {
            let shift = mask.trailing_zeros();
            Channel {
                mask,
                shift,
                max: u64::from(mask >> shift),
            }
        })
    }

    /// `v · 255 / max`, rounded.
    fn value(self, pixel: u32) -> u8 {
        let v = u64::from((pixel & self.mask) >> self.shift);
        ((v * 255 + self.max / 2) / self.max) as u8
    }
}

/// The pixel layout of a 16- or 32-bit image.
struct Masks {
    red: Option<Channel>,
    green: Option<Channel>,
    blue: Option<Channel>,
    alpha: Option<Channel>,
}

impl Masks {
    fn new([r, g, b, a]: [u32; 4]) -> Masks {
        Masks {
            red: Channel::new(r),
            green: Channel::new(g),
            blue: Channel::new(b),
            alpha: Channel::new(a),
        }
    }

    fn rgba(&self, pixel: u32) -> [u8; 4] {
        let get = |c: Option<Channel>| c.map_or(0, |c| c.value(pixel));
        let alpha = self.alpha.map_or(255, |c| c.value(pixel));
        [get(self.red), get(self.green), get(self.blue), alpha]
    }
}

/// What the headers say.
struct Header {
    width: u32,
    height: u32,
    top_down: bool,
    bits: u16,
    compression: u32,
    /// Palette entries (bits ≤ 8), each `entry` bytes (B, G, R[, 0]) from `palette_at`.
    colors: usize,
    entry: usize,
    palette_at: usize,
    masks: Option<Masks>,
    data_at: usize,
}

fn header(b: &[u8]) -> Result<Header, FitError> {
    if !b.starts_with(b"BM") {
        return Err(corrupt("not a BMP file"));
    }
    let data_at = le32(b, 10)? as usize;
    let size = le32(b, 14)?;
    let (width, height, top_down, bits, compression, used, entry) = match size {
        12 => {
            let (width, height) = (u32::from(le16(b, 18)?), u32::from(le16(b, 20)?));
            (width, height, false, le16(b, 24)?, BI_RGB, 0, 3)
        }
        40 | 52 | 56 | 108 | 124 => {
            let width = le32(b, 18)? as i32;
            let height = le32(b, 22)? as i32;
            if width <= 0 || height == 0 {
                return Err(corrupt(format!("BMP size {width}x{height}")));
            }
            let used = le32(b, 46)? as usize;
            (
                width as u32,
                height.unsigned_abs(),
                height < 0,
                le16(b, 28)?,
                le32(b, 30)?,
                used,
                4,
            )
        }
        other => return Err(corrupt(format!("BMP header of {other} bytes is not supported"))),
    };
    check_size(width, height)?;
    let fields = matches!(compression, BI_BITFIELDS | BI_ALPHABITFIELDS);
    let supported = match compression {
        BI_RGB => matches!(bits, 1 | 4 | 8 | 16 | 24 | 32),
        BI_RLE8 => bits == 8,
        BI_RLE4 => bits == 4,
        BI_BITFIELDS | BI_ALPHABITFIELDS => matches!(bits, 16 | 32),
        _ => false,
    };
    if !supported {
        return Err(corrupt(format!(
            "BMP with {bits} bits per pixel and compression {compression} is not supported"
        )));
    }
    if top_down && matches!(compression, BI_RLE8 | BI_RLE4) {
        return Err(corrupt("top-down RLE BMP"));
    }
    let mask = |i: usize| le32(b, 54 + 4 * i);
    // BITMAPINFOHEADER keeps its masks after the header; V2 and later inside it (V3+: alpha).
    let (masks, extra) = match (fields, size) {
        (true, 40) => {
            let alpha = if compression == BI_ALPHABITFIELDS { mask(3)? } else { 0 };
            let extra = if compression == BI_ALPHABITFIELDS { 16 } else { 12 };
            (Some([mask(0)?, mask(1)?, mask(2)?, alpha]), extra)
        }
        (true, _) => {
            let alpha = if size >= 56 { mask(3)? } else { 0 };
            (Some([mask(0)?, mask(1)?, mask(2)?, alpha]), 0)
        }
        (false, _) if bits == 16 => (Some([0x7C00, 0x03E0, 0x001F, 0]), 0),
        (false, _) if bits == 32 => (Some([0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0xFF00_0000]), 0),
        _ => (None, 0),
    };
    let colors = if bits <= 8 {
        let all = 1usize << bits;
        if (1..=all).contains(&used) {
            used
        } else {
            all
        }
    } else {
        0
    };
    Ok(Header {
        width,
        height,
        top_down,
        bits,
        compression,
        colors,
        entry,
        palette_at: 14 + size as usize + extra,
        masks: masks.map(Masks::new),
        data_at,
    })
}

/// Decodes a BMP file.
pub fn decode(b: &[u8]) -> Result<Decoded, FitError> {
    let h = header(b)?;
    let palette = if h.colors > 0 {
        let end = h.palette_at + h.colors * h.entry;
        let table = b
            .get(h.palette_at..end)
            .ok_or_else(|| corrupt("truncated BMP palette"))?;
        table.chunks_exact(h.entry).map(|e| [e[2], e[1], e[0], 255]).collect()
    } else {
        Vec::new()
    };
    let data = b
        .get(h.data_at..)
        .ok_or_else(|| corrupt("BMP pixel data offset past the end"))?;
    let (pixels, has_alpha) = match h.compression {
        BI_RLE8 | BI_RLE4 => (rle(data, &h, &palette), true),
        _ => (
            rows(data, &h, &palette)?,
            h.masks.as_ref().is_some_and(|m| m.alpha.is_some()),
        ),
    };
    let alpha = |keep: fn(u8) -> bool| pixels.chunks_exact(4).any(|p| keep(p[3]));
    let raster = if has_alpha && alpha(|a| a != 0) && alpha(|a| a != 255) {
        Raster {
            width: h.width,
            height: h.height,
            channels: 4,
            pixels,
            lossy: false,
        }
    } else {
        let rgb = pixels.chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
        Raster {
            width: h.width,
            height: h.height,
            channels: 3,
            pixels: rgb,
            lossy: false,
        }
    };
    Ok(Decoded {
        raster,
        stored_width: h.width,
        stored_height: h.height,
        more_pages: false,
    })
}

/// The palette entry at `index`; black where the palette has none.
fn color(palette: &[[u8; 4]], index: u8) -> [u8; 4] {
    palette.get(usize::from(index)).copied().unwrap_or([0, 0, 0, 255])
}

/// Uncompressed and bit-field rows as RGBA, rows top to bottom (the data's length is checked
/// before the pixels are allocated).
fn rows(data: &[u8], h: &Header, palette: &[[u8; 4]]) -> Result<Vec<u8>, FitError> {
    let (w, ht) = (h.width as usize, h.height as usize);
    let bits = usize::from(h.bits);
    let stride = (w * bits).div_ceil(32) * 4;
    let used = (w * bits).div_ceil(8);
    if data.len() < stride * (ht - 1) + used {
        return Err(corrupt("truncated BMP pixel data"));
    }
    let mut out = vec![0u8; w * ht * 4];
    for r in 0..ht {
        let row = &data[r * stride..r * stride + used];
        let y = if h.top_down { r } else { ht - 1 - r };
        let line = &mut out[y * w * 4..(y + 1) * w * 4];
        for (x, px) in line.chunks_exact_mut(4).enumerate() {
            let rgba = match (bits, &h.masks) {
                (1 | 4 | 8, _) => {
                    let bit = x * bits;
                    let byte = row[bit / 8];
                    let index = (byte >> (8 - bits - bit % 8)) & ((1u16 << bits) - 1) as u8;
                    color(palette, index)
                }
                (24, _) => [row[x * 3 + 2], row[x * 3 + 1], row[x * 3], 255],
                (16, Some(masks)) => masks.rgba(u32::from(u16::from_le_bytes([row[x * 2], row[x * 2 + 1]]))),
                (_, Some(masks)) => {
                    let p = &row[x * 4..x * 4 + 4];
                    masks.rgba(u32::from_le_bytes([p[0], p[1], p[2], p[3]]))
                }
                _ => return Err(corrupt("BMP without pixel masks")),
            };
            px.copy_from_slice(&rgba);
        }
    }
    Ok(out)
}

/// RLE8 / RLE4 data as RGBA, rows top to bottom (the stream runs bottom-up). Pixels it skips
/// stay transparent; what would fall outside the image is dropped; a stream that ends without
/// its end marker ends there.
fn rle(data: &[u8], h: &Header, palette: &[[u8; 4]]) -> Vec<u8> {
    let (w, ht) = (h.width as usize, h.height as usize);
    let mut out = vec![0u8; w * ht * 4];
    let four = h.compression == BI_RLE4;
    let (mut x, mut y) = (0usize, 0usize);
    let mut put = |x: usize, y: usize, index: u8| {
        if x < w && y < ht {
            let at = ((ht - 1 - y) * w + x) * 4;
            out[at..at + 4].copy_from_slice(&color(palette, index));
        }
    };
    let mut at = 0;
    while let (Some(&count), Some(&value)) = (data.get(at), data.get(at + 1)) {
        at += 2;
        if y >= ht {
            break;
        }
        match (count, value) {
            (0, 0) => (x, y) = (0, y + 1),
            (0, 1) => break,
            (0, 2) => {
                let (Some(&dx), Some(&dy)) = (data.get(at), data.get(at + 1)) else {
                    break;
                };
                at += 2;
                (x, y) = (x.saturating_add(usize::from(dx)), y + usize::from(dy));
            }
            (0, n) => {
                let n = usize::from(n);
                let len = if four { n.div_ceil(2) } else { n };
                let Some(run) = data.get(at..at + len) else { break };
                for i in 0..n {
                    let index = if four { nibble(run[i / 2], i) } else { run[i] };
                    put(x.saturating_add(i), y, index);
                }
                x = x.saturating_add(n);
                at += len + len % 2;
            }
            (n, value) => {
                for i in 0..usize::from(n) {
                    let index = if four { nibble(value, i) } else { value };
                    put(x.saturating_add(i), y, index);
                }
                x = x.saturating_add(usize::from(n));
            }
        }
    }
    out
}

/// The `i`-th 4-bit index of a byte pair run: high nibble first.
fn nibble(byte: u8, i: usize) -> u8 {
    if i.is_multiple_of(2) {
        byte >> 4
    } else {
        byte & 0x0F
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A BITMAPINFOHEADER file: `bits`, `compression`, `height` (negative: top-down), what
    /// follows the header (a palette of BGRX entries, whose length gives the colors used, or
    /// masks) and the pixel data.
    fn bmp(width: i32, height: i32, bits: u16, compression: u32, extra: &[u8], data: &[u8]) -> Vec<u8> {
        let data_at = 14 + 40 + extra.len();
        let mut out = b"BM".to_vec();
        out.extend_from_slice(&((data_at + data.len()) as u32).to_le_bytes());
        out.extend_from_slice(&[0; 4]);
        out.extend_from_slice(&(data_at as u32).to_le_bytes());
        out.extend_from_slice(&40u32.to_le_bytes());
        out.extend_from_slice(&width.to_le_bytes());
        out.extend_from_slice(&height.to_le_bytes());
        out.extend_from_slice(&1u16.to_le_bytes());
        out.extend_from_slice(&bits.to_le_bytes());
        out.extend_from_slice(&compression.to_le_bytes());
        out.extend_from_slice(&[0; 12]);
        let colors = if bits <= 8 { extra.len() as u32 / 4 } else { 0 };
        out.extend_from_slice(&colors.to_le_bytes());
        out.extend_from_slice(&[0; 4]);
        out.extend_from_slice(extra);
        out.extend_from_slice(data);
        out
    }

    fn pixels(b: &[u8]) -> (usize, Vec<u8>) {
        let decoded = decode(b).expect("decodes");
        (decoded.raster.channels, decoded.raster.pixels)
    }

    #[test]
    fn one_bit_palette_bottom_up() {
        // 3x2, palette black/white; stored bottom row first: row y=1 is 1,0,1 and y=0 is 0,1,0.
        let palette = [0, 0, 0, 0, 255, 255, 255, 0];
        let data = [0b1010_0000, 0, 0, 0, 0b0100_0000, 0, 0, 0];
        let (channels, px) = pixels(&bmp(3, 2, 1, BI_RGB, &palette, &data));
        assert_eq!(channels, 3);
        assert_eq!(
            px,
            [0, 0, 0, 255, 255, 255, 0, 0, 0, 255, 255, 255, 0, 0, 0, 255, 255, 255]
        );
    }

    #[test]
    fn sixteen_bit_555_top_down() {
        // 0x7C00 is full red in 5-5-5; 0x001F full blue; 0x0200 is green 16 of 31 → 132.
        let data = [0x00, 0x7C, 0x1F, 0x00, 0x00, 0x02, 0, 0];
        let (_, px) = pixels(&bmp(3, -1, 16, BI_RGB, &[], &data));
        assert_eq!(px, [255, 0, 0, 0, 0, 255, 0, 132, 0]);
    }

    #[test]
    fn thirty_two_bit_alpha_zero_everywhere_is_opaque() {
        let data = [10, 20, 30, 0, 40, 50, 60, 0];
        let (channels, px) = pixels(&bmp(2, 1, 32, BI_RGB, &[], &data));
        assert_eq!((channels, px), (3, vec![30, 20, 10, 60, 50, 40]));
        let data = [10, 20, 30, 0, 40, 50, 60, 128];
        let (channels, px) = pixels(&bmp(2, 1, 32, BI_RGB, &[], &data));
        assert_eq!((channels, px), (4, vec![30, 20, 10, 0, 60, 50, 40, 128]));
    }

    #[test]
    fn bitfields_565() {
        let masks: Vec<u8> = [0xF800u32, 0x07E0, 0x001F]
            .iter()
            .flat_map(|m| m.to_le_bytes())
            .collect();
        // 0x07E0 is full green; 0x8000 is red 16 of 31 → 132.
        let data = [0xE0, 0x07, 0x00, 0x80];
        let (_, px) = pixels(&bmp(2, 1, 16, BI_BITFIELDS, &masks, &data));
        assert_eq!(px, [0, 255, 0, 132, 0, 0]);
    }

    #[test]
    fn rle8_runs_absolute_delta_and_skips() {
        let palette = [0, 0, 255, 0, 0, 255, 0, 0];
        // 4x2: bottom row: run of 2 × index 0, absolute 3 pixels (1, 0, 1: only 2 fit… the third
        // is at x=4, dropped), end of line; top row: delta (1, 0), run of 1 × index 1, end.
        let data = [2, 0, 0, 3, 1, 0, 1, 0, 0, 0, 0, 2, 1, 0, 1, 1, 0, 1];
        let (channels, px) = pixels(&bmp(4, 2, 8, BI_RLE8, &palette, &data));
        assert_eq!(channels, 4);
        let (red, green, clear) = ([255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 0, 0]);
        let expected: Vec<u8> = [clear, green, clear, clear, red, red, green, red].concat();
        assert_eq!(px, expected);
    }

    #[test]
    fn rle4_nibbles() {
        let palette = [0, 0, 0, 0, 255, 255, 255, 0];
        // 5x1: run of 5 alternating 0/1 (byte 0x01), end of bitmap.
        let data = [5, 0x01, 0, 1];
        let (_, px) = pixels(&bmp(5, 1, 4, BI_RLE4, &palette, &data));
        assert_eq!(px, [0, 0, 0, 255, 255, 255, 0, 0, 0, 255, 255, 255, 0, 0, 0]);
    }

    #[test]
    fn refuses_bad_input() {
        let short = bmp(100, 100, 24, BI_RGB, &[], &[0; 100]);
        assert_eq!(
            decode(&short).err(),
            Some(FitError::Corrupt("truncated BMP pixel data".into()))
        );
        let bomb = bmp(10_000, 10_000, 24, BI_RGB, &[], &[]);
        assert_eq!(
            decode(&bomb).err(),
            Some(FitError::TooManyPixels {
                width: 10_000,
                height: 10_000
            })
        );
        assert!(decode(&bmp(0, 1, 24, BI_RGB, &[], &[0; 4])).is_err());
        assert!(decode(&bmp(1, i32::MIN, 24, BI_RGB, &[], &[0; 4])).is_err());
        assert!(decode(&bmp(1, 1, 24, 4, &[], &[0; 4])).is_err());
        assert!(decode(b"BM").is_err());
    }
}
