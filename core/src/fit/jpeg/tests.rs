//! The encoder against `jpeg-encoder` 0.7.1 (scalar build, the same settings), and its two
//! builds against each other, on random images.

use proptest::prelude::*;

use crate::fit::rows::RasterRows;
use crate::fit::Raster;

/// Our encoder on `rgb`, read a row at a time; `avx2` as in `encode_with`.
fn encode_with(rgb: &[u8], width: u16, height: u16, quality: u8, avx2: bool) -> Vec<u8> {
    let raster = Raster {
        width: u32::from(width),
        height: u32::from(height),
        channels: 3,
        pixels: rgb.to_vec(),
        lossy: false,
    };
    super::encode_with(&mut RasterRows::new(raster), quality, avx2).expect("encodes")
}

fn reference(rgb: &[u8], width: u16, height: u16, quality: u8) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = jpeg_encoder::Encoder::new(&mut out, quality);
    encoder.set_sampling_factor(jpeg_encoder::SamplingFactor::F_2_2);
    encoder
        .encode(rgb, width, height, jpeg_encoder::ColorType::Rgb)
        .expect("the reference encodes");
    out
}

/// Random pixels, or smooth ones (gradients with a little noise, as photos and screenshots
/// are), of 1–150 × 1–40 pixels.
fn image() -> impl Strategy<Value = (Vec<u8>, u16, u16)> {
    (1u16..150, 1u16..40, any::<bool>(), any::<u64>()).prop_map(|(width, height, noisy, seed)| {
        let mut state = seed | 1;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut rgb = Vec::with_capacity(usize::from(width) * usize::from(height) * 3);
        for y in 0..height {
            for x in 0..width {
                for c in 0..3u16 {
                    let value = if noisy {
                        next() as u8
                    } else {
                        let ramp = (x * (c + 1) * 3 + y * (3 - c) * 2) % 256;
                        (ramp as u8).wrapping_add(next() as u8 % 8)
                    };
                    rgb.push(value);
                }
            }
        }
        (rgb, width, height)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn same_bytes_as_the_reference((rgb, width, height) in image(), quality in 1u8..=100) {
        let ours = encode_with(&rgb, width, height, quality, false);
        prop_assert!(ours == reference(&rgb, width, height, quality), "{}x{} q{}", width, height, quality);
    }

    #[test]
    fn both_builds_agree((rgb, width, height) in image(), quality in 1u8..=100) {
        let baseline = encode_with(&rgb, width, height, quality, false);
        prop_assert!(baseline == encode_with(&rgb, width, height, quality, true));
    }
}

/// Extremes: flat black and white (long zero runs, 0xFF bytes to stuff), a checkerboard (the
/// largest coefficients), at the qualities the fitting rule uses and at 1 and 100.
#[test]
fn extremes_match_the_reference() {
    let (width, height) = (37u16, 21u16);
    let pixels = usize::from(width) * usize::from(height);
    let board: Vec<u8> = (0..pixels)
        .flat_map(|i| if (i % 37 + i / 37) % 2 == 0 { [255; 3] } else { [0; 3] })
        .collect();
    for rgb in [vec![0; pixels * 3], vec![255; pixels * 3], board] {
        for quality in [1, 60, 75, 85, 100] {
            assert!(encode_with(&rgb, width, height, quality, true) == reference(&rgb, width, height, quality));
        }
    }
}

/// Every width from 1 to 130 (each remainder of the 16-pixel chunks and 16-pixel MCUs), with
/// heights around an MCU row.
#[test]
fn every_edge_matches_the_reference() {
    for width in 1u16..=130 {
        for height in [1u16, 15, 17] {
            let pixels = usize::from(width) * usize::from(height);
            let rgb: Vec<u8> = (0..pixels * 3).map(|i| (i * 7 % 251) as u8).collect();
            let ours = encode_with(&rgb, width, height, 85, true);
            assert!(ours == reference(&rgb, width, height, 85), "{width}x{height}");
        }
    }
}
