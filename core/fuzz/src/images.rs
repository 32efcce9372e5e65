//! Image decoding and fitting (`fit::fit_image`), the header sniffer (`fit::inspect`) and the
//! same bytes as a base64 image block through `convert` with small caps.

use mcp_tool_result::fit::{self, Fit, FitError, Format, Limits, MAX_PIXELS};

use crate::options;

/// Header length of the `fit_image` inputs.
pub const HEADER: usize = 2;

const DIMENSIONS: [Option<u64>; 8] = [
    None,
    Some(1),
    Some(2),
    Some(7),
    Some(16),
    Some(64),
    Some(300),
    Some(2000),
];
const PIXELS: [Option<u64>; 4] = [None, Some(100), Some(4096), Some(1_000_000)];
const BYTES: [Option<u64>; 8] = [
    None,
    Some(0),
    Some(50),
    Some(300),
    Some(1000),
    Some(4000),
    Some(20_000),
    Some(100_000),
];
const SHORT_SIDES: [Option<u64>; 4] = [None, Some(1), Some(8), Some(768)];
const MIMES: [&str; 4] = ["image/png", "image/jpeg", "image/gif", "image/webp"];

/// The limits chosen by the header.
///
/// `b0`: bits 0–2 max_dimension, bits 3–4 max_pixels, bits 5–7 max_bytes; `b1`: bits 0–1
/// max_short_side, bits 2–5 the target of the conversion check, bit 6 declare a MIME type from
/// bits 2–3 instead of the sniffed one, bit 7 skip the conversion check.
pub fn limits(b0: u8, b1: u8) -> Limits {
    Limits {
        max_dimension: DIMENSIONS[usize::from(b0 & 7)],
        max_pixels: PIXELS[usize::from((b0 >> 3) & 3)],
        max_bytes: BYTES[usize::from(b0 >> 5)],
        max_short_side: SHORT_SIDES[usize::from(b1 & 3)],
    }
}

/// `data` = header + image bytes.
///
/// Checks: no panic; `inspect` agrees with `Format::sniff`; an image kept unchanged is within
/// the limits; a fitted image is within the limits and its header tells its stated format and
/// size; one refused for its pixel count claims more than `MAX_PIXELS`; the bytes as an image
/// block convert to valid JSON.
pub fn fit_image(data: &[u8]) {
    if data.len() < HEADER {
        return;
    }
    let (header, bytes) = data.split_at(HEADER);
    let limits = limits(header[0], header[1]);
    let inspected = fit::inspect(bytes);
    if let Some((format, _, _)) = inspected {
        assert_eq!(Format::sniff(bytes), Some(format));
    }
    match fit::fit_image(bytes, &limits) {
        Ok(Fit::Unchanged) => {
            let (_, w, h) = inspected.expect("an unchanged image has a readable header");
            within(w, h, bytes.len(), &limits);
        }
        Ok(Fit::Fitted(f)) => {
            within(f.width, f.height, f.bytes.len(), &limits);
            assert_eq!(
                fit::inspect(&f.bytes),
                Some((f.format, f.width, f.height)),
                "fitted header"
            );
            assert_eq!(Some((f.source_format, f.source_width, f.source_height)), inspected);
        }
        Err(FitError::TooManyPixels { width, height }) => {
            assert!(u64::from(width) * u64::from(height) > MAX_PIXELS);
            assert_eq!(inspected.map(|(_, w, h)| (w, h)), Some((width, height)));
        }
        Err(FitError::Unsupported) => assert_eq!(Format::sniff(bytes), None),
        Err(FitError::Corrupt(why)) => assert!(!why.is_empty()),
        Err(FitError::TooLarge) => {}
    }
    if header[1] & 0x80 == 0 {
        convert_block(bytes, header[1]);
    }
}

fn within(w: u32, h: u32, len: usize, limits: &Limits) {
    let (long, short) = (u64::from(w.max(h)), u64::from(w.min(h)));
    assert!(w > 0 && h > 0, "{w}x{h}");
    assert!(
        limits.max_dimension.is_none_or(|m| long <= m),
        "{w}x{h} over {limits:?}"
    );
    assert!(
        limits.max_short_side.is_none_or(|m| short <= m),
        "{w}x{h} over {limits:?}"
    );
    assert!(
        limits.max_pixels.is_none_or(|m| long * short <= m),
        "{w}x{h} over {limits:?}"
    );
    assert!(
        limits.max_bytes.is_none_or(|m| len as u64 <= m),
        "{len} bytes over {limits:?}"
    );
}

/// The bytes as a base64 image block, converted for a target with small caps.
fn convert_block(bytes: &[u8], b1: u8) {
    let mime = match Format::sniff(bytes) {
        Some(format) if b1 & 0x40 == 0 => format.mime(),
        _ => MIMES[usize::from((b1 >> 2) & 3)],
    };
    let block = serde_json::json!({
        "content": [{"type": "image", "data": base64(bytes), "mimeType": mime}],
    });
    let target = options::target((b1 >> 2) & 15);
    let mut input = vec![options::target_byte(target), 0, 0b0100_1000];
    input.extend_from_slice(block.to_string().as_bytes());
    crate::convert(&input);
}

/// Standard base64 with padding.
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}
