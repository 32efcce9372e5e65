//! Encoding with fixed settings: PNG (fdeflate "fast" compression, adaptive filtering) and
//! baseline JPEG (4:2:0, standard tables, no SIMD).

use super::{FitError, Raster};

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
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, raster.width, raster.height);
    encoder.set_color(color);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::Filter::Adaptive);
    let fail = |e: png::EncodingError| FitError::Corrupt(format!("PNG encoding failed: {e}"));
    let mut writer = encoder.write_header().map_err(fail)?;
    writer.write_image_data(pixels).map_err(fail)?;
    writer.finish().map_err(fail)?;
    Ok(out)
}

/// Baseline JPEG of `raster` at `quality`; alpha is flattened onto white first.
pub fn jpeg(raster: &Raster, quality: u8) -> Result<Vec<u8>, FitError> {
    let (Ok(width), Ok(height)) = (u16::try_from(raster.width), u16::try_from(raster.height)) else {
        return Err(FitError::TooLarge);
    };
    let flat;
    let pixels = if raster.channels == 4 {
        flat = flatten_on_white(&raster.pixels);
        flat.as_slice()
    } else {
        raster.pixels.as_slice()
    };
    let mut out = Vec::new();
    let mut encoder = jpeg_encoder::Encoder::new(&mut out, quality);
    encoder.set_sampling_factor(jpeg_encoder::SamplingFactor::F_2_2);
    encoder
        .encode(pixels, width, height, jpeg_encoder::ColorType::Rgb)
        .map_err(|e| FitError::Corrupt(format!("JPEG encoding failed: {e}")))?;
    Ok(out)
}

fn drop_alpha(rgba: &[u8]) -> Vec<u8> {
    rgba.chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect()
}

/// RGBA over white: `c·a/255 + 255·(255 − a)/255`, rounded.
fn flatten_on_white(rgba: &[u8]) -> Vec<u8> {
    rgba.chunks_exact(4)
        .flat_map(|p| {
            let a = u32::from(p[3]);
            let over = |c: u8| ((u32::from(c) * a + 255 * (255 - a) + 127) / 255) as u8;
            [over(p[0]), over(p[1]), over(p[2])]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transparent_pixels_flatten_to_white() {
        assert_eq!(
            flatten_on_white(&[0, 0, 0, 0, 10, 20, 30, 255, 0, 0, 0, 128]),
            [255, 255, 255, 10, 20, 30, 127, 127, 127]
        );
    }
}
