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

/// A PNG whose header claims 50000×50000 (a decompression bomb) with a well-formed structure:
/// its one `IDAT` holds an empty zlib stream, never decoded.
fn bomb_png() -> Vec<u8> {
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&50000u32.to_be_bytes());
    ihdr.extend_from_slice(&50000u32.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"IDAT", &[0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);
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

/// A BMP file: a BITMAPINFOHEADER (`v5: false`) or BITMAPV5HEADER, `height` negative for
/// top-down rows, `compression` (0 BI_RGB, 1 BI_RLE8, 3 BI_BITFIELDS), `masks` (R, G, B, A; in
/// a V5 header), the palette (R, G, B colors, written as B, G, R, 0; its length gives the
/// colors used) and the pixel data as stored.
struct Bmp<'a> {
    width: i32,
    height: i32,
    bits: u16,
    compression: u32,
    v5: bool,
    masks: [u32; 4],
    palette: &'a [[u8; 3]],
    data: &'a [u8],
}

impl Bmp<'_> {
    fn write(&self) -> Vec<u8> {
        let header = if self.v5 { 124 } else { 40 };
        let data_at = 14 + header + 4 * self.palette.len() as u32;
        let mut out = b"BM".to_vec();
        out.extend_from_slice(&(data_at + self.data.len() as u32).to_le_bytes());
        out.extend_from_slice(&[0; 4]);
        out.extend_from_slice(&data_at.to_le_bytes());
        out.extend_from_slice(&header.to_le_bytes());
        out.extend_from_slice(&self.width.to_le_bytes());
        out.extend_from_slice(&self.height.to_le_bytes());
        out.extend_from_slice(&1u16.to_le_bytes());
        out.extend_from_slice(&self.bits.to_le_bytes());
        out.extend_from_slice(&self.compression.to_le_bytes());
        out.extend_from_slice(&(self.data.len() as u32).to_le_bytes());
        out.extend_from_slice(&2835u32.to_le_bytes()); // 72 dpi
        out.extend_from_slice(&2835u32.to_le_bytes());
        out.extend_from_slice(&(self.palette.len() as u32).to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes());
        if self.v5 {
            for mask in self.masks {
                out.extend_from_slice(&mask.to_le_bytes());
            }
            out.extend_from_slice(b"BGRs"); // LCS_sRGB
            out.extend_from_slice(&[0; 36 + 12]); // endpoints, gamma
            out.extend_from_slice(&4u32.to_le_bytes()); // LCS_GM_IMAGES
            out.extend_from_slice(&[0; 12]); // profile data, size, reserved
        }
        for [r, g, b] in self.palette {
            out.extend_from_slice(&[*b, *g, *r, 0]);
        }
        out.extend_from_slice(self.data);
        out
    }
}

/// Rows of `pixel(x, y)` (each `bytes` long), stored bottom-up or top-down, padded to 4 bytes.
fn bmp_rows(width: u32, height: u32, top_down: bool, pixel: impl Fn(u32, u32) -> Vec<u8>) -> Vec<u8> {
    let mut out = Vec::new();
    for r in 0..height {
        let y = if top_down { r } else { height - 1 - r };
        let start = out.len();
        for x in 0..width {
            out.extend_from_slice(&pixel(x, y));
        }
        while (out.len() - start) % 4 != 0 {
            out.push(0);
        }
    }
    out
}

/// The small "screenshot" of the BMP and TIFF cases: a title bar, a sidebar and a gradient.
fn ui_pixel(x: u32, y: u32) -> [u8; 3] {
    if y < 12 {
        [40, 44, 52]
    } else if x < 24 {
        if y % 10 < 4 && x > 4 && x < 20 {
            [200, 200, 200]
        } else {
            [33, 37, 43]
        }
    } else {
        [(x * 2) as u8, (y * 3) as u8, 160]
    }
}

/// A 120×80 24-bit BMP, bottom-up (the usual layout).
fn bmp24() -> Vec<u8> {
    let data = bmp_rows(120, 80, false, |x, y| {
        let [r, g, b] = ui_pixel(x, y);
        vec![b, g, r]
    });
    Bmp {
        width: 120,
        height: 80,
        bits: 24,
        compression: 0,
        v5: false,
        masks: [0; 4],
        palette: &[],
        data: &data,
    }
    .write()
}

/// A 96×64 32-bit BMP with alpha (BITMAPV5HEADER, BI_BITFIELDS, alpha mask 0xFF000000),
/// bottom-up: an opaque disc with a half-transparent ring on a transparent ground.
fn bmp32_alpha() -> Vec<u8> {
    let data = bmp_rows(96, 64, false, |x, y| {
        let (dx, dy) = (x as i32 - 48, y as i32 - 32);
        let d2 = dx * dx + dy * dy;
        let a = if d2 < 20 * 20 {
            255
        } else if d2 < 28 * 28 {
            128
        } else {
            0
        };
        vec![(y * 4) as u8, 120, (x * 2) as u8, a]
    });
    let masks = [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0xFF00_0000];
    Bmp {
        width: 96,
        height: 64,
        bits: 32,
        compression: 3,
        v5: true,
        masks,
        palette: &[],
        data: &data,
    }
    .write()
}

/// The 16 colors of the palette BMPs.
const PALETTE: [[u8; 3]; 16] = [
    [255, 255, 255],
    [0, 0, 0],
    [200, 60, 40],
    [40, 160, 60],
    [40, 80, 200],
    [250, 200, 40],
    [120, 120, 120],
    [200, 200, 200],
    [120, 40, 160],
    [40, 180, 180],
    [240, 120, 30],
    [90, 60, 30],
    [20, 20, 90],
    [250, 150, 180],
    [100, 200, 100],
    [60, 60, 60],
];

/// A 100×60 8-bit palette BMP (16 colors used), top-down: a "diagram" of colored boxes.
fn bmp8_top_down() -> Vec<u8> {
    let data = bmp_rows(100, 60, true, |x, y| {
        vec![if y < 8 { 12 } else { ((x / 20 + y / 15 * 5) % 16) as u8 }]
    });
    Bmp {
        width: 100,
        height: -60,
        bits: 8,
        compression: 0,
        v5: false,
        masks: [0; 4],
        palette: &PALETTE,
        data: &data,
    }
    .write()
}

/// A 64×48 RLE8 BMP: runs on every row, every eighth row in absolute mode, and a delta that
/// skips 10 pixels of rows 20–27 (left transparent).
fn bmp_rle8() -> Vec<u8> {
    let index = |x: u32, y: u32| ((x / 8 + y / 12) % 4) as u8 + 2;
    let mut data = Vec::new();
    for y in 0..48u32 {
        // The stream runs bottom-up: stored row y is image row 47 - y.
        let row: Vec<u8> = (0..64).map(|x| index(x, 47 - y)).collect();
        let mut x = 0usize;
        let skips = (20..28).contains(&y);
        while x < 64 {
            let end = if skips && x < 30 { 30 } else { 64 };
            if skips && x == 30 {
                data.extend_from_slice(&[0, 2, 10, 0]);
                x += 10;
            } else if y % 8 == 0 {
                let n = (end - x).min(16);
                data.extend_from_slice(&[0, n as u8]);
                data.extend_from_slice(&row[x..x + n]);
                data.extend(std::iter::repeat_n(0, n % 2));
                x += n;
            } else {
                let n = (x..end).take_while(|&i| row[i] == row[x]).count();
                data.extend_from_slice(&[n as u8, row[x]]);
                x += n;
            }
        }
        data.extend_from_slice(&[0, 0]);
    }
    data.extend_from_slice(&[0, 1]);
    Bmp {
        width: 64,
        height: 48,
        bits: 8,
        compression: 1,
        v5: false,
        masks: [0; 4],
        palette: &PALETTE,
        data: &data,
    }
    .write()
}

/// A 160×120 24-bit BMP of fine noise (a photo): its PNG is too large for a 40,000-byte cap,
/// its JPEG is not.
fn bmp24_noise() -> Vec<u8> {
    let mut rng = Rng(0x5eed_000b);
    let noise: Vec<u8> = (0..160 * 120 * 3).map(|_| rng.below(256) as u8).collect();
    let data = bmp_rows(160, 120, false, |x, y| {
        let at = ((y * 160 + x) * 3) as usize;
        let n = &noise[at..at + 3];
        vec![
            (x as u8 / 2).wrapping_add(n[0] / 4),
            (y as u8).wrapping_add(n[1] / 4),
            100u8.wrapping_add(n[2] / 4),
        ]
    });
    Bmp {
        width: 160,
        height: 120,
        bits: 24,
        compression: 0,
        v5: false,
        masks: [0; 4],
        palette: &[],
        data: &data,
    }
    .write()
}

/// The 24-bit BMP cut off in its pixel data (a broken download).
fn bmp24_truncated() -> Vec<u8> {
    let mut out = bmp24();
    out.truncate(10_000);
    out
}

/// The UI picture as 8-bit RGB samples, `width` × `height`.
fn ui_rgb(width: u32, height: u32) -> Vec<u8> {
    (0..height)
        .flat_map(|y| (0..width).flat_map(move |x| ui_pixel(x, y)))
        .collect()
}

/// A TIFF of one or more RGB pages (`pages` of 120×80 when `None`), with `compression` and
/// the horizontal predictor for LZW and Deflate; `orientation` written when given.
fn tiff_rgb(
    compression: tiff::encoder::Compression,
    pages: &[(u32, u32, Vec<u8>)],
    orientation: Option<u16>,
) -> Vec<u8> {
    use tiff::encoder::{colortype, Compression, Predictor, TiffEncoder};
    let mut out = std::io::Cursor::new(Vec::new());
    let predictor = match compression {
        Compression::Uncompressed | Compression::Packbits => Predictor::None,
        _ => Predictor::Horizontal,
    };
    let mut encoder = TiffEncoder::new(&mut out)
        .expect("tiff")
        .with_compression(compression)
        .with_predictor(predictor);
    for (width, height, samples) in pages {
        let mut image = encoder
            .new_image::<colortype::RGB8>(*width, *height)
            .expect("tiff image");
        if let Some(orientation) = orientation {
            image
                .encoder()
                .write_tag(tiff::tags::Tag::Orientation, orientation)
                .expect("tiff tag");
        }
        image.write_data(samples).expect("tiff data");
    }
    out.into_inner()
}

/// A 120×80 uncompressed RGB TIFF.
fn tiff_uncompressed() -> Vec<u8> {
    tiff_rgb(
        tiff::encoder::Compression::Uncompressed,
        &[(120, 80, ui_rgb(120, 80))],
        None,
    )
}

/// A 120×80 LZW RGB TIFF with the horizontal predictor.
fn tiff_lzw() -> Vec<u8> {
    tiff_rgb(tiff::encoder::Compression::Lzw, &[(120, 80, ui_rgb(120, 80))], None)
}

/// A 120×80 Deflate gray TIFF with the horizontal predictor (a scanned page: text-like lines).
fn tiff_deflate_gray() -> Vec<u8> {
    use tiff::encoder::{colortype, Compression, DeflateLevel, Predictor, TiffEncoder};
    let gray: Vec<u8> = (0..80u32)
        .flat_map(|y| (0..120u32).map(move |x| if y % 12 < 3 && (x + y * 7) % 50 < 40 { 30 } else { 235 }))
        .collect();
    let mut out = std::io::Cursor::new(Vec::new());
    TiffEncoder::new(&mut out)
        .expect("tiff")
        .with_compression(Compression::Deflate(DeflateLevel::Balanced))
        .with_predictor(Predictor::Horizontal)
        .write_image::<colortype::Gray8>(120, 80, &gray)
        .expect("tiff gray");
    out.into_inner()
}

/// A two-page LZW TIFF: page 1 the 80×60 UI picture, page 2 a 40×30 red square.
fn tiff_multipage() -> Vec<u8> {
    let red: Vec<u8> = (0..40 * 30).flat_map(|_| [220, 30, 30]).collect();
    tiff_rgb(
        tiff::encoder::Compression::Lzw,
        &[(80, 60, ui_rgb(80, 60)), (40, 30, red)],
        None,
    )
}

/// The 120×80 UI picture stored with Orientation 6 (upright: 80×120).
fn tiff_rotated() -> Vec<u8> {
    tiff_rgb(
        tiff::encoder::Compression::Uncompressed,
        &[(120, 80, ui_rgb(120, 80))],
        Some(6),
    )
}

/// The LZW TIFF with its strip overwritten by bytes that are no LZW stream (length kept).
fn tiff_corrupt() -> Vec<u8> {
    let mut out = tiff_lzw();
    // The strip follows the 8-byte header in the crate's layout.
    for (i, b) in out[8..208].iter_mut().enumerate() {
        *b = 0xFF - (i % 7) as u8;
    }
    out
}

/// A 16×8 bilevel CCITT Group 4 TIFF (a fax or scanner page: black in columns 4–7 of every
/// row, WhiteIsZero), written field by field. The G4 data, coded by hand: row 1 against the
/// white reference line is horizontal mode `001`, white run 4 `1011`, black run 4 `011`, then
/// V0 `1`; rows 2–8 repeat the row above, V0 `1` three times; then the end of block
/// `000000000001` twice.
fn tiff_g4() -> Vec<u8> {
    let strip = [0x36, 0xFF, 0xFF, 0xFF, 0x00, 0x10, 0x01];
    // (tag, type: 3 SHORT / 4 LONG, value), sorted by tag.
    let entries: [(u16, u16, u32); 9] = [
        (256, 3, 16),                 // ImageWidth
        (257, 3, 8),                  // ImageLength
        (258, 3, 1),                  // BitsPerSample
        (259, 3, 4),                  // Compression: CCITT T.6 (Group 4)
        (262, 3, 0),                  // PhotometricInterpretation: WhiteIsZero
        (273, 4, 122),                // StripOffsets: after the header (8) and the IFD (2 + 9 × 12 + 4)
        (277, 3, 1),                  // SamplesPerPixel
        (278, 3, 8),                  // RowsPerStrip
        (279, 4, strip.len() as u32), // StripByteCounts
    ];
    let mut out = b"II*\0\x08\0\0\0".to_vec();
    out.extend_from_slice(&(entries.len() as u16).to_le_bytes());
    for (tag, kind, value) in entries {
        out.extend_from_slice(&tag.to_le_bytes());
        out.extend_from_slice(&kind.to_le_bytes());
        out.extend_from_slice(&1u32.to_le_bytes());
        out.extend_from_slice(&value.to_le_bytes());
    }
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(&strip);
    out
}

/// A bar chart with a `<title>` and text labels.
fn svg_chart() -> Vec<u8> {
    br##"<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200">
  <title>Quarterly revenue &amp; costs, 2025</title>
  <rect x="40" y="60" width="40" height="120" fill="#4e79a7"/><rect x="120" y="90" width="40" height="90" fill="#f28e2b"/>
  <text x="60" y="195" text-anchor="middle">Q1</text><text x="140" y="195" text-anchor="middle">Q2</text>
</svg>
"##.to_vec()
}

/// A diagram without a title: its first text is what the marker shows.
fn svg_diagram() -> Vec<u8> {
    br##"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120">
  <!-- <title>not this: a comment</title> -->
  <defs><linearGradient id="g"><stop offset="0" stop-color="#6a11cb"/><stop offset="1" stop-color="#2575fc"/></linearGradient></defs>
  <rect x="10" y="10" width="120" height="60" rx="8" fill="url(#g)"/>
  <text x="70" y="45">  Client
     <tspan font-weight="bold">request</tspan> </text>
  <path d="M130,40 L250,40" stroke="#264653" stroke-width="2"/><text x="310" y="45">Server</text>
</svg>
"##.to_vec()
}

/// An icon with neither a title nor text.
fn svg_icon() -> Vec<u8> {
    br##"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><circle cx="12" cy="12" r="9" fill="none" stroke="#1f2937"/></svg>
"##.to_vec()
}

/// A drawing whose title is longer than 80 characters.
fn svg_long_title() -> Vec<u8> {
    let mut out = br##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title>"##.to_vec();
    out.extend_from_slice(
        "Monthly active users by country and platform, January to December 2025, with year-over-year change".as_bytes(),
    );
    out.extend_from_slice(b"</title><rect width=\"10\" height=\"10\"/></svg>\n");
    out
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().expect("usage: conformance-images <dir> [--check]");
    let check = args.next().as_deref() == Some("--check");
    let dir = Path::new(&dir);
    let generated = dir.join("generated");
    std::fs::create_dir_all(&generated).expect("creating the generated folder");
    let images: [(&str, Maker); 28] = [
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
        ("bmp24-120x80.bmp", bmp24),
        ("bmp32-alpha-96x64.bmp", bmp32_alpha),
        ("bmp8-top-down-100x60.bmp", bmp8_top_down),
        ("bmp-rle8-64x48.bmp", bmp_rle8),
        ("bmp24-noise-160x120.bmp", bmp24_noise),
        ("truncated-bmp24-120x80.bmp", bmp24_truncated),
        ("tiff-120x80.tiff", tiff_uncompressed),
        ("tiff-lzw-120x80.tiff", tiff_lzw),
        ("tiff-deflate-gray-120x80.tiff", tiff_deflate_gray),
        ("tiff-2-pages-80x60.tiff", tiff_multipage),
        ("tiff-rotated-120x80.tiff", tiff_rotated),
        ("corrupt-lzw-120x80.tiff", tiff_corrupt),
        ("fax-g4-16x8.tiff", tiff_g4),
        ("chart-titled.svg", svg_chart),
        ("diagram-text.svg", svg_diagram),
        ("icon-untitled.svg", svg_icon),
        ("long-title.svg", svg_long_title),
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
