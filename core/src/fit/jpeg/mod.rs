//! Baseline JPEG encoding of RGB pixels: YCbCr 4:2:0 (chroma taken from the top-left pixel of
//! each 2×2 square), the Annex K quantization tables scaled by quality as libjpeg scales them,
//! the islow integer DCT, the Annex K Huffman tables.
//!
//! Every step is integer arithmetic, so the bytes are the same on every platform. They are
//! also the bytes `jpeg-encoder` 0.7.1 writes on its scalar path with the same settings (the
//! encoder the fitted digests were first pinned with): a property test holds the two equal on
//! random images. The block work is written as 8-lane integer loops the compiler vectorizes;
//! on x86_64 the same code is also compiled for AVX2 and chosen at run time, and a property
//! test holds both builds equal.

mod dct;
mod entropy;

use dct::Quantizer;
use entropy::{BitWriter, Tables};

use super::rows::Rows;
use super::FitError;

/// The longest side a JPEG frame header can hold.
pub(crate) const MAX_SIDE: u32 = u16::MAX as u32;

/// The Annex K luminance quantization table (natural order).
const LUMA: [u16; 64] = [
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51,
    87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101,
    72, 92, 95, 98, 112, 100, 103, 99,
];

/// The Annex K chrominance quantization table (natural order).
const CHROMA: [u16; 64] = [
    17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99,
    99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
    99, 99, 99, 99, 99, 99,
];

/// Natural-order index of each zigzag position.
const ZIGZAG: [usize; 64] = [
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21,
    28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54,
    47, 55, 62, 63,
];

/// A base table scaled by `quality` (1–100) as libjpeg scales it: `(v · s + 50) / 100` within
/// 1–255, where `s = 5000 / q` below 50 and `200 − 2q` from 50.
fn scaled(base: &[u16; 64], quality: u8) -> [u8; 64] {
    let quality = u32::from(quality.clamp(1, 100));
    let scale = if quality < 50 {
        5000 / quality
    } else {
        200 - quality * 2
    };
    base.map(|v| ((u32::from(v) * scale + 50) / 100).clamp(1, 255) as u8)
}

/// The JPEG of RGB `rows` at `quality`, the rows read once, in order; `TooLarge` when a side
/// is over 65,535 px (nothing is read then).
pub(crate) fn encode(rows: &mut dyn Rows, quality: u8) -> Result<Vec<u8>, FitError> {
    encode_with(rows, quality, true)
}

/// [`encode`], with the AVX2 build of the block work only when `avx2` (and the CPU has it):
/// the tests compare both builds.
fn encode_with(rows: &mut dyn Rows, quality: u8, avx2: bool) -> Result<Vec<u8>, FitError> {
    let (Ok(width), Ok(height)) = (u16::try_from(rows.width()), u16::try_from(rows.height())) else {
        return Err(FitError::TooLarge);
    };
    if width == 0 || height == 0 {
        return Err(FitError::Corrupt("JPEG encoding failed: zero width or height".into()));
    }
    let (luma, chroma) = (scaled(&LUMA, quality), scaled(&CHROMA, quality));
    let mut out = Vec::with_capacity(usize::from(width) * usize::from(height) / 4 + 1024);
    write_headers(&mut out, width, height, &luma, &chroma);
    let tables = Tables::standard();
    let quantizers = [Quantizer::new(&luma), Quantizer::new(&chroma)];
    let mut bits = BitWriter::new(out);
    let mut strips = Strips::new(width, height);
    let mut coder = Coder {
        tables: &tables,
        quantizers: &quantizers,
        dc: [0; 3],
        bits: &mut bits,
    };
    for strip in 0..strips.count {
        encode_strip(&mut strips, rows, strip, &mut coder, avx2)?;
    }
    let mut out = bits.finish();
    out.extend_from_slice(&[0xFF, 0xD9]);
    Ok(out)
}

/// One 16-row strip of MCUs as planes: Y at full resolution (`16 × wide`), Cb and Cr at half
/// (`8 × wide / 2`); rows past the image repeat its last row (kept in `last`), columns its
/// last column.
struct Strips {
    width: usize,
    height: usize,
    /// MCU rows.
    count: usize,
    /// Plane width: the MCU columns × 16.
    wide: usize,
    y: Vec<u8>,
    cb: Vec<u8>,
    cr: Vec<u8>,
    last: Vec<u8>,
}

impl Strips {
    fn new(width: u16, height: u16) -> Strips {
        let (width, height) = (usize::from(width), usize::from(height));
        let wide = width.div_ceil(16) * 16;
        Strips {
            width,
            height,
            count: height.div_ceil(16),
            wide,
            y: vec![0; 16 * wide],
            cb: vec![0; 8 * wide / 2],
            cr: vec![0; 8 * wide / 2],
            last: Vec::with_capacity(width * 3),
        }
    }

    /// Converts the 16 rows of strip `index`, the next rows of `rows`.
    #[inline(always)]
    fn fill(&mut self, rows: &mut dyn Rows, index: usize) -> Result<(), FitError> {
        let Strips {
            width,
            height,
            wide,
            y: luma,
            cb: blue,
            cr: red,
            last,
            ..
        } = self;
        let (width, wide) = (*width, *wide);
        for line in 0..16 {
            let source = index * 16 + line;
            let row = if source < *height {
                let row = rows.next_row()?;
                if source == *height - 1 {
                    last.clear();
                    last.extend_from_slice(row);
                }
                row
            } else {
                last.as_slice()
            };
            let y = &mut luma[line * wide..][..wide];
            luma_row(row, &mut y[..width]);
            let last = y[width - 1];
            y[width..].fill(last);
            if line % 2 == 1 {
                continue;
            }
            let half = wide / 2;
            let cb = &mut blue[line / 2 * half..][..half];
            let cr = &mut red[line / 2 * half..][..half];
            chroma_row(row, &mut cb[..width.div_ceil(2)], &mut cr[..width.div_ceil(2)]);
            // Sites past the image take the last pixel's chroma.
            let edge = &row[(width - 1) * 3..];
            let (b, r) = chroma(edge[0], edge[1], edge[2]);
            cb[width.div_ceil(2)..].fill(b);
            cr[width.div_ceil(2)..].fill(r);
        }
        Ok(())
    }
}

/// Pixels converted a chunk at a time: the chunk is split into R, G and B lanes first, so
/// that the arithmetic runs on whole vectors.
const CHUNK: usize = 16;

/// The R, G and B lanes of `CHUNK` pixels taken every `step` pixels from `rgb`.
#[inline(always)]
fn split(rgb: &[u8], step: usize) -> [[u8; CHUNK]; 3] {
    let mut lanes = [[0; CHUNK]; 3];
    for i in 0..CHUNK {
        for (c, lane) in lanes.iter_mut().enumerate() {
            lane[i] = rgb[i * step * 3 + c];
        }
    }
    lanes
}

/// Y of each pixel of an RGB row.
#[inline(always)]
fn luma_row(rgb: &[u8], y: &mut [u8]) {
    let mut chunks = rgb.chunks_exact(CHUNK * 3);
    let mut outs = y.chunks_exact_mut(CHUNK);
    for (chunk, out) in (&mut chunks).zip(&mut outs) {
        let [r, g, b] = split(chunk, 1);
        for i in 0..CHUNK {
            out[i] = luma(r[i], g[i], b[i]);
        }
    }
    for (px, out) in chunks.remainder().chunks_exact(3).zip(outs.into_remainder()) {
        *out = luma(px[0], px[1], px[2]);
    }
}

/// Cb and Cr of every other pixel of an RGB row (the first of each pair): site `j` is pixel
/// `2j`.
#[inline(always)]
fn chroma_row(rgb: &[u8], cb: &mut [u8], cr: &mut [u8]) {
    let full = cb.len() / CHUNK * CHUNK;
    for (start, (cb, cr)) in (0..full)
        .step_by(CHUNK)
        .zip(cb.chunks_exact_mut(CHUNK).zip(cr.chunks_exact_mut(CHUNK)))
    {
        let [r, g, b] = split(&rgb[start * 6..], 2);
        for i in 0..CHUNK {
            (cb[i], cr[i]) = chroma(r[i], g[i], b[i]);
        }
    }
    for j in full..cb.len() {
        let px = &rgb[j * 6..][..3];
        (cb[j], cr[j]) = chroma(px[0], px[1], px[2]);
    }
}

/// Y of an RGB pixel, in 16-bit fixed point rounded half up: `0.299 R + 0.587 G + 0.114 B`.
#[inline(always)]
fn luma(r: u8, g: u8, b: u8) -> u8 {
    let (r, g, b) = (i32::from(r), i32::from(g), i32::from(b));
    ((19595 * r + 38470 * g + 7471 * b + 0x7FFF) >> 16) as u8
}

/// Cb and Cr of an RGB pixel, in the same fixed point, offset by 128.
#[inline(always)]
fn chroma(r: u8, g: u8, b: u8) -> (u8, u8) {
    let (r, g, b) = (i32::from(r), i32::from(g), i32::from(b));
    let cb = (-11059 * r - 21709 * g + 32768 * b + (128 << 16) + 0x7FFF) >> 16;
    let cr = (32768 * r - 27439 * g - 5329 * b + (128 << 16) + 0x7FFF) >> 16;
    (cb as u8, cr as u8)
}

/// What the blocks are coded with, and the DC predictions (Y, Cb, Cr).
struct Coder<'a> {
    tables: &'a Tables,
    quantizers: &'a [Quantizer; 2],
    dc: [i32; 3],
    bits: &'a mut BitWriter,
}

/// Converts strip `index` (the next rows of `rows`) and codes its MCUs.
fn encode_strip(
    strips: &mut Strips,
    rows: &mut dyn Rows,
    index: usize,
    coder: &mut Coder,
    avx2: bool,
) -> Result<(), FitError> {
    #[cfg(target_arch = "x86_64")]
    if avx2 && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: AVX2 support was just checked.
        return unsafe { encode_strip_avx2(strips, rows, index, coder) };
    }
    let _ = avx2;
    encode_strip_portable(strips, rows, index, coder)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn encode_strip_avx2(
    strips: &mut Strips,
    rows: &mut dyn Rows,
    index: usize,
    coder: &mut Coder,
) -> Result<(), FitError> {
    encode_strip_portable(strips, rows, index, coder)
}

/// The MCUs of one strip: four Y blocks (left to right, top to bottom), then Cb, then Cr.
#[inline(always)]
fn encode_strip_portable(
    strips: &mut Strips,
    rows: &mut dyn Rows,
    index: usize,
    coder: &mut Coder,
) -> Result<(), FitError> {
    strips.fill(rows, index)?;
    let (wide, half) = (strips.wide, strips.wide / 2);
    let [luma, chroma] = coder.quantizers;
    for column in 0..wide / 16 {
        for (dy, dx) in [(0, 0), (0, 8), (8, 0), (8, 8)] {
            let coefficients = coefficients(&strips.y[dy * wide + column * 16 + dx..], wide, luma);
            entropy::encode_block(coder.bits, &coefficients, &mut coder.dc[0], &coder.tables.luma);
        }
        let [_, cb_dc, cr_dc] = &mut coder.dc;
        for (plane, dc) in [(&strips.cb, cb_dc), (&strips.cr, cr_dc)] {
            let coefficients = coefficients(&plane[column * 8..], half, chroma);
            entropy::encode_block(coder.bits, &coefficients, dc, &coder.tables.chroma);
        }
    }
    Ok(())
}

/// The quantized DCT of the 8×8 block at `plane[0..]` (rows `stride` apart). A function of its
/// own in wasm, as is [`entropy::encode_block`]: V8 compiles the two better apart than inside
/// the strip loop (a `limits` fit about 5% faster); natively both are inlined, and the block
/// stays in registers from the samples to the bit stream.
#[cfg_attr(target_arch = "wasm32", inline(never))]
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn coefficients(plane: &[u8], stride: usize, quantizer: &Quantizer) -> [i32; 64] {
    quantizer.quantize(&dct::forward(&dct::gather(plane, stride)))
}

/// SOI, the JFIF APP0 segment, the frame header, both quantization tables and the four
/// Huffman tables, and the scan header, in `jpeg-encoder`'s order.
fn write_headers(out: &mut Vec<u8>, width: u16, height: u16, luma: &[u8; 64], chroma: &[u8; 64]) {
    out.extend_from_slice(&[0xFF, 0xD8]);
    // JFIF 1.02, no density unit, aspect 1:1, no thumbnail.
    segment(out, 0xE0, &[b'J', b'F', b'I', b'F', 0, 1, 2, 0, 0, 1, 0, 1, 0, 0]);
    let [h1, h0] = height.to_be_bytes();
    let [w1, w0] = width.to_be_bytes();
    // 8-bit samples; components 0 (Y, 2×2 sampling, table 0), 1 and 2 (1×1, table 1).
    segment(out, 0xC0, &[8, h1, h0, w1, w0, 3, 0, 0x22, 0, 1, 0x11, 1, 2, 0x11, 1]);
    for (id, table) in [(0u8, luma), (1, chroma)] {
        let mut body = vec![id];
        body.extend(ZIGZAG.iter().map(|&i| table[i]));
        segment(out, 0xDB, &body);
    }
    for (class_id, (counts, values)) in entropy::STANDARD.iter().enumerate() {
        // DC 0, AC 0, DC 1, AC 1.
        let (class, id) = ((class_id % 2) as u8, (class_id / 2) as u8);
        let mut body = vec![class << 4 | id];
        body.extend_from_slice(*counts);
        body.extend_from_slice(values);
        segment(out, 0xC4, &body);
    }
    segment(out, 0xDA, &[3, 0, 0x00, 1, 0x11, 2, 0x11, 0, 63, 0]);
}

fn segment(out: &mut Vec<u8>, marker: u8, body: &[u8]) {
    out.extend_from_slice(&[0xFF, marker]);
    out.extend_from_slice(&(body.len() as u16 + 2).to_be_bytes());
    out.extend_from_slice(body);
}

#[cfg(test)]
mod tests;
