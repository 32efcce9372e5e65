//! Writes the conformance suite's test images, deterministically (a fixed xorshift generator
//! and the core's own pure-Rust encoders at fixed settings).
//!
//! `cargo run -p mcp-tool-result --release --example conformance-images -- <dir> [--check]`
//! writes the small images into `<dir>` and the large ones into `<dir>/generated/`
//! (gitignored). With `--check` a small image that differs from the committed file fails.

use std::path::Path;

/// Images of at most this many bytes are committed; larger ones are generated at test time.
const SMALL: usize = 64 * 1024;

/// A function that makes one image.
type Maker = fn() -> Vec<u8>;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A value in `[0, n)`.
    fn below(&mut self, n: u32) -> u32 {
        (self.next() >> 32) as u32 % n
    }
}

fn png(width: u32, height: u32, color: png::ColorType, pixels: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(color);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::Filter::Adaptive);
    let mut writer = encoder.write_header().expect("png header");
    writer.write_image_data(pixels).expect("png data");
    writer.finish().expect("png end");
    out
}

fn jpeg(
    width: u16,
    height: u16,
    color: jpeg_encoder::ColorType,
    pixels: &[u8],
    quality: u8,
    exif: Option<&[u8]>,
) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = jpeg_encoder::Encoder::new(&mut out, quality);
    if let Some(exif) = exif {
        encoder.add_exif_metadata(exif).expect("exif");
    }
    encoder.encode(pixels, width, height, color).expect("jpeg");
    out
}

/// A 3840×2160 screenshot: flat window chrome and text-like stripes around a large noisy
/// "photo" pane (so the PNG is 8–12 MB).
fn screenshot_4k() -> Vec<u8> {
    let (w, h) = (3840u32, 2160u32);
    let mut rng = Rng(0x5eed_0001);
    let mut px = Vec::with_capacity((w * h * 3) as usize);
    for y in 0..h {
        for x in 0..w {
            let rgb = if y < 80 {
                [40, 44, 52]
            } else if x < 480 {
                if y % 40 < 14 && x > 40 && x < 40 + (y * 7 % 380) {
                    [200, 200, 200]
                } else {
                    [33, 37, 43]
                }
            } else if (560..3760).contains(&x) && (160..2080).contains(&y) {
                let base = [(x / 16) % 256, (y / 9) % 256, ((x + y) / 24) % 256];
                let mut c = [0u8; 3];
                for (i, v) in base.iter().enumerate() {
                    c[i] = (v + rng.below(12)).min(255) as u8;
                }
                c
            } else {
                [250, 250, 250]
            };
            px.extend_from_slice(&rgb);
        }
    }
    png(w, h, png::ColorType::Rgb, &px)
}

/// A 9000×600 panorama: smooth bands, compresses well.
fn panorama() -> Vec<u8> {
    let (w, h) = (9000u32, 600u32);
    let mut px = Vec::with_capacity((w * h * 3) as usize);
    for y in 0..h {
        for x in 0..w {
            let sky = y < 300 + (x / 30) % 100;
            px.extend_from_slice(&if sky {
                [90 + (y / 4) as u8, 150 + (y / 8) as u8, 230]
            } else {
                [40 + ((x / 60) % 40) as u8, 120, 50 + (y / 12) as u8]
            });
        }
    }
    png(w, h, png::ColorType::Rgb, &px)
}

/// A 4000×3000 photo-like JPEG of about 6 MB (gradients with fine grain at quality 95).
fn photo_jpeg() -> Vec<u8> {
    let (w, h) = (4000u16, 3000u16);
    let mut rng = Rng(0x5eed_0003);
    let mut px = Vec::with_capacity(w as usize * h as usize * 3);
    for y in 0..u32::from(h) {
        for x in 0..u32::from(w) {
            let grain = rng.below(24);
            px.extend_from_slice(&[
                ((x / 20 + grain) % 256) as u8,
                ((y / 14 + grain) % 256) as u8,
                (((x + y) / 30 + grain / 2) % 256) as u8,
            ]);
        }
    }
    jpeg(w, h, jpeg_encoder::ColorType::Rgb, &px, 95, None)
}

/// A 2100×120 flat banner (for the 25-image and `images_in_request` cases).
fn banner() -> Vec<u8> {
    let (w, h) = (2100u32, 120u32);
    let mut px = Vec::with_capacity((w * h * 3) as usize);
    for y in 0..h {
        for x in 0..w {
            px.extend_from_slice(&if (x / 100 + y / 40) % 2 == 0 {
                [20, 90, 200]
            } else {
                [240, 240, 240]
            });
        }
    }
    png(w, h, png::ColorType::Rgb, &px)
}

/// A 640×480 RGBA PNG with photo-like noise and a transparent border: too large as PNG for a
/// 150 KB cap, so it becomes a JPEG flattened on white.
fn rgba_photo() -> Vec<u8> {
    let (w, h) = (640u32, 480u32);
    let mut rng = Rng(0x5eed_0005);
    let mut px = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h {
        for x in 0..w {
            let edge = x < 40 || y < 40 || x >= w - 40 || y >= h - 40;
            let n = rng.below(96);
            px.extend_from_slice(&[
                (x / 3 + n) as u8,
                (y / 2 + n / 2) as u8,
                128,
                if edge { 0 } else { 255 },
            ]);
        }
    }
    png(w, h, png::ColorType::Rgba, &px)
}

/// An 800×600 CMYK JPEG (Adobe APP14, as print workflows write).
fn cmyk_jpeg() -> Vec<u8> {
    let (w, h) = (800u16, 600u16);
    let mut px = Vec::with_capacity(w as usize * h as usize * 4);
    for y in 0..u32::from(h) {
        for x in 0..u32::from(w) {
            px.extend_from_slice(&[(x * 255 / 799) as u8, (y * 255 / 599) as u8, 40, 20]);
        }
    }
    jpeg(w, h, jpeg_encoder::ColorType::Cmyk, &px, 90, None)
}

/// A 600×400 JPEG stored sideways with EXIF orientation 6 (upright: 400×600, red edge on top).
fn exif_rotated_jpeg() -> Vec<u8> {
    let (w, h) = (600u16, 400u16);
    let mut px = Vec::with_capacity(w as usize * h as usize * 3);
    for _y in 0..h {
        for x in 0..w {
            // The stored left edge is the upright top edge.
            px.extend_from_slice(&if x < 60 { [220, 30, 30] } else { [30, 30, 220] });
        }
    }
    // TIFF big-endian, IFD0 with one entry: 0x0112 SHORT 1 = 6.
    let exif = b"MM\0\x2a\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x06\0\0\0\0\0\0";
    jpeg(w, h, jpeg_encoder::ColorType::Rgb, &px, 90, Some(exif))
}

/// A 640×480 two-frame animated GIF (first frame: left half red, right half white).
fn animated_gif() -> Vec<u8> {
    let (w, h) = (640u16, 480u16);
    let palette = [255, 255, 255, 220, 30, 30, 30, 30, 220, 0, 0, 0];
    let mut out = Vec::new();
    {
        let mut encoder = gif::Encoder::new(&mut out, w, h, &palette).expect("gif");
        encoder.set_repeat(gif::Repeat::Infinite).expect("gif repeat");
        for frame in 0..2u8 {
            let pixels: Vec<u8> = (0..u32::from(h))
                .flat_map(|_| (0..u32::from(w)).map(move |x| if x < 320 { 1 + frame } else { 0 }))
                .collect();
            let mut f = gif::Frame::from_indexed_pixels(w, h, pixels, None);
            f.delay = 50;
            encoder.write_frame(&f).expect("gif frame");
        }
    }
    out
}

/// A 1000×200 lossless WebP with a gradient.
fn webp_lossless() -> Vec<u8> {
    let (w, h) = (1000u32, 200u32);
    let mut px = Vec::with_capacity((w * h * 3) as usize);
    for y in 0..h {
        for x in 0..w {
            px.extend_from_slice(&[(x / 4) as u8, y as u8, 100]);
        }
    }
    let mut out = Vec::new();
    image_webp::WebPEncoder::new(&mut out)
        .encode(&px, w, h, image_webp::ColorType::Rgb8)
        .expect("webp");
    out
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// A PNG whose header claims 50000×50000 (a decompression bomb; no pixel data follows).
fn bomb_png() -> Vec<u8> {
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&50000u32.to_be_bytes());
    ihdr.extend_from_slice(&50000u32.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"IEND", &[]);
    out
}

/// A 9000×100 PNG cut off after 2000 bytes.
fn truncated_png() -> Vec<u8> {
    let (w, h) = (9000u32, 100u32);
    let mut rng = Rng(0x5eed_0009);
    let px: Vec<u8> = (0..w * h * 3).map(|_| rng.below(256) as u8).collect();
    let mut out = png(w, h, png::ColorType::Rgb, &px);
    out.truncate(2000);
    out
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("usage: conformance-images <dir> [--check]");
    let check = args.next().as_deref() == Some("--check");
    let dir = Path::new(&dir);
    let generated = dir.join("generated");
    std::fs::create_dir_all(&generated).expect("creating the generated folder");
    let images: [(&str, Maker); 11] = [
        ("screenshot-4k.png", screenshot_4k),
        ("panorama-9000x600.png", panorama),
        ("photo-4000x3000.jpeg", photo_jpeg),
        ("banner-2100x120.png", banner),
        ("rgba-photo-640x480.png", rgba_photo),
        ("cmyk-800x600.jpeg", cmyk_jpeg),
        ("exif-rotated-600x400.jpeg", exif_rotated_jpeg),
        ("animated-640x480.gif", animated_gif),
        ("lossless-1000x200.webp", webp_lossless),
        ("bomb-50000x50000.png", bomb_png),
        ("truncated-9000x100.png", truncated_png),
    ];
    let mut stale: Vec<&str> = Vec::new();
    for (name, make) in images {
        let bytes = make();
        if bytes.len() <= SMALL {
            let path = dir.join(name);
            if check && std::fs::read(&path).ok().as_deref() != Some(&bytes[..]) {
                stale.push(name);
            }
            std::fs::write(&path, &bytes).expect("writing an image");
        } else {
            std::fs::write(generated.join(name), &bytes).expect("writing an image");
        }
        println!("{name}: {} bytes", bytes.len());
    }
    if !stale.is_empty() {
        eprintln!("committed images differ from the generator's output: {stale:?}");
        std::process::exit(1);
    }
}
