//! Decoding PNG, JPEG (with EXIF orientation), GIF (first frame) and WebP into a [`Raster`],
//! with the decoders' memory bounded by [`MAX_PIXELS`].

use std::io::Cursor;

use super::rows::{RasterRows, Rows};
use super::{orient, FitError, Format, Raster, MAX_PIXELS};

/// Bytes any decoder may allocate: RGBA of [`MAX_PIXELS`] plus headroom for its work buffers.
pub(super) const MAX_DECODE_BYTES: usize = (MAX_PIXELS as usize) * 4 + (16 << 20);

fn corrupt(e: impl std::fmt::Display) -> FitError {
    FitError::Corrupt(e.to_string())
}

/// Whether decoding a PNG checks its chunk CRCs: not again for bytes whose CRCs were all
/// checked before (`validate_images`), which spares hashing the whole image a second time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Crcs {
    /// Check each chunk's CRC (a wrong one fails the decode).
    Verify,
    /// Every CRC was found right before: skip them.
    Verified,
}

/// Decodes `bytes` of `format`; JPEGs come out in their EXIF orientation.
pub fn decode(format: Format, bytes: &[u8]) -> Result<Raster, FitError> {
    let raster = match format {
        Format::Png => png(bytes, Crcs::Verify)?,
        Format::Jpeg => jpeg(bytes)?,
        Format::Gif => gif(bytes)?,
        Format::Webp => webp(bytes)?,
    };
    let expected = raster.width as usize * raster.height as usize * raster.channels;
    if raster.pixels.len() != expected {
        return Err(FitError::Corrupt("decoder returned a short buffer".into()));
    }
    Ok(raster)
}

/// A PNG in full: its rows collected, or (interlaced) decoded as a frame.
pub(super) fn png(bytes: &[u8], crcs: Crcs) -> Result<Raster, FitError> {
    let mut rows = PngRows::new(bytes, crcs)?;
    if rows.interlaced() {
        return rows.frame();
    }
    let (width, height, channels) = (rows.width, rows.height, rows.channels());
    let mut pixels = Vec::with_capacity(width as usize * height as usize * channels);
    for _ in 0..height {
        pixels.extend_from_slice(rows.next_row()?);
    }
    Ok(Raster {
        width,
        height,
        channels,
        pixels,
        lossy: false,
    })
}

/// The rows of a PNG as it decodes them (an interlaced PNG is decoded in full first).
pub(super) fn png_rows<'a>(bytes: &'a [u8], crcs: Crcs) -> Result<Box<dyn Rows + 'a>, FitError> {
    let rows = PngRows::new(bytes, crcs)?;
    if rows.interlaced() {
        return Ok(Box::new(RasterRows::new(rows.frame()?)));
    }
    Ok(Box::new(rows))
}

/// A PNG decoder read a row at a time: 8-bit output (palettes and low depths expanded, 16 bits
/// stripped), gray widened to RGB.
struct PngRows<'a> {
    reader: png::Reader<Cursor<&'a [u8]>>,
    width: u32,
    height: u32,
    /// Channels the decoder gives (1 to 4).
    decoded: usize,
    /// Rows not read yet.
    left: u32,
    /// The decoder's row, and the widened one.
    row: Vec<u8>,
    wide: Vec<u8>,
}

impl<'a> PngRows<'a> {
    fn new(bytes: &'a [u8], crcs: Crcs) -> Result<PngRows<'a>, FitError> {
        let mut decoder = png::Decoder::new_with_limits(
            Cursor::new(bytes),
            png::Limits {
                bytes: MAX_DECODE_BYTES,
            },
        );
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        decoder.set_ignore_text_chunk(true);
        if crcs == Crcs::Verified {
            // Only ever set: `ignore_checksums(false)` would also turn on the Adler-32 check,
            // which the decoder skips by default.
            decoder.ignore_checksums(true);
        }
        let reader = decoder.read_info().map_err(corrupt)?;
        reader.output_buffer_size().ok_or_else(|| corrupt("image too large"))?;
        let (width, height) = (reader.info().width, reader.info().height);
        let decoded = match reader.output_color_type().0 {
            png::ColorType::Grayscale => 1,
            png::ColorType::GrayscaleAlpha => 2,
            png::ColorType::Rgb => 3,
            png::ColorType::Rgba => 4,
            png::ColorType::Indexed => return Err(corrupt("palette not expanded")),
        };
        let line = width as usize * decoded;
        Ok(PngRows {
            reader,
            width,
            height,
            decoded,
            left: height,
            row: vec![0; line],
            wide: Vec::with_capacity(if decoded < 3 {
                width as usize * widened(decoded)
            } else {
                0
            }),
        })
    }

    fn interlaced(&self) -> bool {
        self.reader.info().interlaced
    }

    /// The whole image as one frame (how an interlaced PNG is read).
    fn frame(mut self) -> Result<Raster, FitError> {
        let size = self
            .reader
            .output_buffer_size()
            .ok_or_else(|| corrupt("image too large"))?;
        let mut buf = vec![0; size];
        let info = self.reader.next_frame(&mut buf).map_err(corrupt)?;
        buf.truncate(info.buffer_size());
        Ok(widen(self.width, self.height, self.decoded, buf))
    }
}

impl Rows for PngRows<'_> {
    fn width(&self) -> u32 {
        self.width
    }

    fn height(&self) -> u32 {
        self.height
    }

    fn channels(&self) -> usize {
        widened(self.decoded)
    }

    fn next_row(&mut self) -> Result<&[u8], FitError> {
        let read = self.reader.read_row(&mut self.row).map_err(corrupt)?;
        if read.is_none() {
            return Err(corrupt("fewer rows than the header gives"));
        }
        self.left -= 1;
        if self.left == 0 {
            // The rest of the image data is read and checked, as a whole-frame decode does.
            self.reader.read_row(&mut []).map_err(corrupt)?;
        }
        if self.decoded >= 3 {
            return Ok(&self.row);
        }
        self.wide.clear();
        widen_into(self.decoded, &self.row, &mut self.wide);
        Ok(&self.wide)
    }
}

/// Channels after widening: gray becomes RGB, gray+alpha RGBA.
fn widened(channels: usize) -> usize {
    if channels < 3 {
        channels + 2
    } else {
        channels
    }
}

/// Gray (1 channel) or gray+alpha (2) `pixels` appended to `out` as RGB or RGBA.
fn widen_into(channels: usize, pixels: &[u8], out: &mut Vec<u8>) {
    if channels == 1 {
        out.extend(pixels.iter().flat_map(|&g| [g, g, g]));
    } else {
        out.extend(pixels.chunks_exact(2).flat_map(|p| [p[0], p[0], p[0], p[1]]));
    }
}

/// Gray and gray+alpha become RGB and RGBA.
fn widen(width: u32, height: u32, channels: usize, pixels: Vec<u8>) -> Raster {
    let (channels, pixels) = if channels < 3 {
        let mut wide = Vec::with_capacity(pixels.len() / channels * widened(channels));
        widen_into(channels, &pixels, &mut wide);
        (widened(channels), wide)
    } else {
        (channels, pixels)
    };
    Raster {
        width,
        height,
        channels,
        pixels,
        lossy: false,
    }
}

fn jpeg(bytes: &[u8]) -> Result<Raster, FitError> {
    let mut decoder = jpeg_decoder::Decoder::new(Cursor::new(bytes));
    decoder.set_max_decoding_buffer_size(MAX_DECODE_BYTES);
    decoder.read_info().map_err(corrupt)?;
    let info = decoder.info().ok_or_else(|| corrupt("no frame header"))?;
    let data = decoder.decode().map_err(corrupt)?;
    let (width, height) = (u32::from(info.width), u32::from(info.height));
    let raster = match info.pixel_format {
        jpeg_decoder::PixelFormat::L8 => widen(width, height, 1, data),
        jpeg_decoder::PixelFormat::RGB24 => widen(width, height, 3, data),
        jpeg_decoder::PixelFormat::CMYK32 => Raster {
            width,
            height,
            channels: 3,
            pixels: cmyk_to_rgb(&data),
            lossy: true,
        },
        jpeg_decoder::PixelFormat::L16 => widen(width, height, 1, data.chunks_exact(2).map(|p| p[0]).collect()),
    };
    let orientation = decoder.exif_data().map_or(1, orient::exif_orientation);
    Ok(orient::apply(Raster { lossy: true, ..raster }, orientation))
}

/// CMYK (as the decoder gives it, 0 = no ink) to RGB: `r = (255 - c)(255 - k) / 255`, rounded.
pub(super) fn cmyk_to_rgb(data: &[u8]) -> Vec<u8> {
    let ink = |v: u8, k: u8| ((u32::from(255 - v) * u32::from(255 - k) + 127) / 255) as u8;
    data.chunks_exact(4)
        .flat_map(|p| [ink(p[0], p[3]), ink(p[1], p[3]), ink(p[2], p[3])])
        .collect()
}

fn gif(bytes: &[u8]) -> Result<Raster, FitError> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    options.set_memory_limit(gif::MemoryLimit::Bytes(
        std::num::NonZeroU64::new(MAX_DECODE_BYTES as u64).expect("non-zero limit"),
    ));
    let mut decoder = options.read_info(Cursor::new(bytes)).map_err(corrupt)?;
    let (width, height) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let frame = decoder
        .read_next_frame()
        .map_err(corrupt)?
        .ok_or_else(|| corrupt("no frame"))?;
    if frame.width == 0 || frame.buffer.len() < usize::from(frame.width) * usize::from(frame.height) * 4 {
        return Err(corrupt("empty or short first frame"));
    }
    let mut pixels = vec![0u8; width as usize * height as usize * 4];
    let (left, top) = (usize::from(frame.left), usize::from(frame.top));
    let frame_width = usize::from(frame.width);
    for (y, row) in frame.buffer.chunks_exact(frame_width * 4).enumerate() {
        let y = top + y;
        if y >= height as usize || left >= width as usize {
            continue;
        }
        let n = frame_width.min(width as usize - left) * 4;
        let at = (y * width as usize + left) * 4;
        pixels[at..at + n].copy_from_slice(&row[..n]);
    }
    Ok(Raster {
        width,
        height,
        channels: 4,
        pixels,
        lossy: false,
    })
}

fn webp(bytes: &[u8]) -> Result<Raster, FitError> {
    let mut decoder = image_webp::WebPDecoder::new(Cursor::new(bytes)).map_err(corrupt)?;
    decoder.set_memory_limit(MAX_DECODE_BYTES);
    let (width, height) = decoder.dimensions();
    let channels = if decoder.has_alpha() { 4 } else { 3 };
    let size = decoder.output_buffer_size().ok_or_else(|| corrupt("image too large"))?;
    let mut pixels = vec![0; size];
    let lossy = decoder.is_lossy();
    if decoder.is_animated() {
        decoder.read_frame(&mut pixels).map_err(corrupt)?;
    } else {
        decoder.read_image(&mut pixels).map_err(corrupt)?;
    }
    Ok(Raster {
        width,
        height,
        channels,
        pixels,
        lossy,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fit::noise;

    fn encoded(width: u32, height: u32, color: png::ColorType, depth: png::BitDepth, data: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(color);
        encoder.set_depth(depth);
        if color == png::ColorType::Indexed {
            encoder.set_palette(noise(256 * 3, 7));
            encoder.set_trns(vec![0u8, 128, 255]);
        }
        let mut writer = encoder.write_header().expect("header");
        writer.write_image_data(data).expect("data");
        writer.finish().expect("finish");
        out
    }

    /// Every color type and depth: the rows as read one at a time are the whole-frame decode.
    #[test]
    fn rows_are_the_frame() {
        use png::{BitDepth as D, ColorType as C};
        let (width, height) = (37, 11);
        for (color, depth, samples) in [
            (C::Grayscale, D::One, 1),
            (C::Grayscale, D::Eight, 1),
            (C::GrayscaleAlpha, D::Eight, 2),
            (C::Rgb, D::Eight, 3),
            (C::Rgb, D::Sixteen, 6),
            (C::Rgba, D::Eight, 4),
            (C::Indexed, D::Eight, 1),
        ] {
            let bits = width as usize * samples * if depth == D::One { 1 } else { 8 };
            let data = noise(bits.div_ceil(8) * height as usize, width + samples as u32);
            let bytes = encoded(width, height, color, depth, &data);
            let frame = PngRows::new(&bytes, Crcs::Verify)
                .and_then(PngRows::frame)
                .expect("frame");
            let rows = png(&bytes, Crcs::Verify).expect("rows");
            assert_eq!(
                (rows.width, rows.height, rows.channels),
                (frame.width, frame.height, frame.channels)
            );
            assert_eq!(rows.pixels, frame.pixels, "{color:?} {depth:?}");
        }
    }

    /// A wrong IDAT CRC fails the decode unless the CRCs are `Verified`, which then gives the
    /// pixels of the intact image: the flag skips the check and changes nothing else.
    #[test]
    fn verified_crcs_are_not_checked_again() {
        let data = noise(48 * 20 * 3, 5);
        let intact = encoded(48, 20, png::ColorType::Rgb, png::BitDepth::Eight, &data);
        let idat = intact.windows(4).position(|w| w == b"IDAT").expect("an IDAT chunk") - 4;
        let len = u32::from_be_bytes(intact[idat..idat + 4].try_into().expect("4 bytes")) as usize;
        let mut broken = intact.clone();
        broken[idat + 8 + len] ^= 0x55;
        let pixels = |bytes: &[u8], crcs| png(bytes, crcs).map(|raster| raster.pixels);
        assert!(pixels(&broken, Crcs::Verify).is_err(), "a wrong CRC is found");
        assert_eq!(pixels(&broken, Crcs::Verified), pixels(&intact, Crcs::Verify));
        let mut rows = png_rows(&broken, Crcs::Verified).expect("rows");
        let streamed: Vec<u8> = (0..20).flat_map(|_| rows.next_row().expect("a row").to_vec()).collect();
        assert_eq!(streamed, data);
    }

    /// A PNG cut anywhere fails the same way read a row at a time as whole.
    #[test]
    fn truncated_rows_fail_as_the_frame_does() {
        let bytes = encoded(
            64,
            40,
            png::ColorType::Rgb,
            png::BitDepth::Eight,
            &noise(64 * 40 * 3, 3),
        );
        for cut in (40..bytes.len()).step_by(97).chain([bytes.len() - 13, bytes.len() - 1]) {
            let bytes = &bytes[..cut];
            let frame = PngRows::new(bytes, Crcs::Verify)
                .and_then(PngRows::frame)
                .map(|r| r.pixels);
            assert_eq!(png(bytes, Crcs::Verify).map(|r| r.pixels), frame, "cut at {cut}");
        }
    }

    /// An interlaced PNG (written here: Adam7 passes, stored deflate blocks) is decoded in
    /// full and given row by row.
    #[test]
    fn interlaced_pngs_decode() {
        let (width, height) = (13usize, 7usize);
        let pixels = noise(width * height * 3, 11);
        let mut raw = Vec::new();
        for (x0, y0, dx, dy) in [
            (0, 0, 8, 8),
            (4, 0, 8, 8),
            (0, 4, 4, 8),
            (2, 0, 4, 4),
            (0, 2, 2, 4),
            (1, 0, 2, 2),
            (0, 1, 1, 2),
        ] {
            if x0 >= width {
                continue;
            }
            for y in (y0..height).step_by(dy) {
                raw.push(0);
                for x in (x0..width).step_by(dx) {
                    raw.extend_from_slice(&pixels[(y * width + x) * 3..][..3]);
                }
            }
        }
        let mut zlib = vec![0x78, 0x01, 0x01];
        zlib.extend_from_slice(&(raw.len() as u16).to_le_bytes());
        zlib.extend_from_slice(&(!(raw.len() as u16)).to_le_bytes());
        zlib.extend_from_slice(&raw);
        let (a, b) = raw.iter().fold((1u32, 0u32), |(a, b), &v| {
            ((a + u32::from(v)) % 65521, (b + a + u32::from(v)) % 65521)
        });
        zlib.extend_from_slice(&(b << 16 | a).to_be_bytes());
        let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
        let mut chunk = |kind: &[u8], body: &[u8]| {
            bytes.extend_from_slice(&(body.len() as u32).to_be_bytes());
            let start = bytes.len();
            bytes.extend_from_slice(kind);
            bytes.extend_from_slice(body);
            let crc = crc32fast::hash(&bytes[start..]);
            bytes.extend_from_slice(&crc.to_be_bytes());
        };
        let mut header = (width as u32).to_be_bytes().to_vec();
        header.extend_from_slice(&(height as u32).to_be_bytes());
        header.extend_from_slice(&[8, 2, 0, 0, 1]);
        chunk(b"IHDR", &header);
        chunk(b"IDAT", &zlib);
        chunk(b"IEND", &[]);
        assert_eq!(decode(Format::Png, &bytes).expect("decodes").pixels, pixels);
        let mut rows = png_rows(&bytes, Crcs::Verify).expect("rows");
        let read: Vec<u8> = (0..height)
            .flat_map(|_| rows.next_row().expect("row").to_vec())
            .collect();
        assert_eq!(read, pixels);
    }
}
