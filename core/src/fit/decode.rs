//! Decoding PNG, JPEG (with EXIF orientation), GIF (first frame) and WebP into a [`Raster`],
//! with the decoders' memory bounded by [`MAX_PIXELS`].

use std::io::Cursor;

use super::{orient, FitError, Format, Raster, MAX_PIXELS};

/// Bytes any decoder may allocate: RGBA of [`MAX_PIXELS`] plus headroom for its work buffers.
pub(super) const MAX_DECODE_BYTES: usize = (MAX_PIXELS as usize) * 4 + (16 << 20);

fn corrupt(e: impl std::fmt::Display) -> FitError {
    FitError::Corrupt(e.to_string())
}

/// Decodes `bytes` of `format`; JPEGs come out in their EXIF orientation.
pub fn decode(format: Format, bytes: &[u8]) -> Result<Raster, FitError> {
    let raster = match format {
        Format::Png => png(bytes)?,
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

fn png(bytes: &[u8]) -> Result<Raster, FitError> {
    let mut decoder = png::Decoder::new_with_limits(
        Cursor::new(bytes),
        png::Limits {
            bytes: MAX_DECODE_BYTES,
        },
    );
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    decoder.set_ignore_text_chunk(true);
    let mut reader = decoder.read_info().map_err(corrupt)?;
    let size = reader.output_buffer_size().ok_or_else(|| corrupt("image too large"))?;
    let mut buf = vec![0; size];
    let info = reader.next_frame(&mut buf).map_err(corrupt)?;
    buf.truncate(info.buffer_size());
    let (width, height) = (info.width, info.height);
    let line = info.line_size;
    let channels = match info.color_type {
        png::ColorType::Grayscale => 1,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        png::ColorType::Indexed => return Err(corrupt("palette not expanded")),
    };
    let row = width as usize * channels;
    let pixels = if line == row {
        buf
    } else {
        buf.chunks_exact(line).flat_map(|line| &line[..row]).copied().collect()
    };
    Ok(widen(width, height, channels, pixels))
}

/// Gray and gray+alpha become RGB and RGBA.
fn widen(width: u32, height: u32, channels: usize, pixels: Vec<u8>) -> Raster {
    let (channels, pixels) = match channels {
        1 => (3, pixels.iter().flat_map(|&g| [g, g, g]).collect()),
        2 => (
            4,
            pixels.chunks_exact(2).flat_map(|p| [p[0], p[0], p[0], p[1]]).collect(),
        ),
        n => (n, pixels),
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
