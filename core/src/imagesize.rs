//! Image dimensions read from headers (PNG, GIF, WebP, JPEG), decoding only a bounded prefix
//! of the base64 payload.

use base64_simd::STANDARD;

use crate::format::Format;
use crate::model::Str;

/// How far into a JPEG the first SOF segment is looked for.
const JPEG_SCAN: usize = 64 * 1024;

/// Width and height of a base64 image of type `mime`, when its header tells them (a host
/// string is read whole only when its head does not hold the header's prefix).
pub fn dimensions(mime: &str, data: &Str<'_>) -> Option<(u32, u32)> {
    match crate::mime::essence(mime) {
        "image/png" => png(&decode_prefix(data, 24)),
        "image/gif" => gif(&decode_prefix(data, 10)),
        "image/webp" => webp(&decode_prefix(data, 30)),
        "image/jpeg" => jpeg(&decode_prefix(data, JPEG_SCAN)),
        _ => None,
    }
}

/// Width and height of decoded image bytes of `format`, when the header tells them.
pub fn of_bytes(format: Format, bytes: &[u8]) -> Option<(u32, u32)> {
    match format {
        Format::Png => png(bytes),
        Format::Gif => gif(bytes),
        Format::Webp => webp(bytes),
        Format::Jpeg => jpeg(bytes),
    }
}

/// Up to `n` decoded bytes from the start (whole 4-character groups only).
pub(crate) fn decode_prefix(data: &Str<'_>, n: usize) -> Vec<u8> {
    let start = data.head(n.div_ceil(3) * 4);
    let mut bytes = STANDARD
        .decode_to_vec(&start[..start.len() / 4 * 4])
        .unwrap_or_default();
    bytes.truncate(n);
    bytes
}

fn be32(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

fn le16(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?)))
}

fn le24(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at + 3)?;
    Some(u32::from(s[0]) | u32::from(s[1]) << 8 | u32::from(s[2]) << 16)
}

fn png(b: &[u8]) -> Option<(u32, u32)> {
    (b.starts_with(b"\x89PNG\r\n\x1a\n") && b.get(12..16) == Some(b"IHDR")).then_some(())?;
    Some((be32(b, 16)?, be32(b, 20)?))
}

fn gif(b: &[u8]) -> Option<(u32, u32)> {
    (b.starts_with(b"GIF87a") || b.starts_with(b"GIF89a")).then_some(())?;
    Some((le16(b, 6)?, le16(b, 8)?))
}

fn webp(b: &[u8]) -> Option<(u32, u32)> {
    (b.starts_with(b"RIFF") && b.get(8..12) == Some(b"WEBP")).then_some(())?;
    match b.get(12..16)? {
        b"VP8X" => Some((le24(b, 24)? + 1, le24(b, 27)? + 1)),
        b"VP8L" => {
            (b.get(20) == Some(&0x2f)).then_some(())?;
            let bits = u32::from_le_bytes(b.get(21..25)?.try_into().ok()?);
            Some(((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1))
        }
        b"VP8 " => {
            (b.get(23..26) == Some(&[0x9d, 0x01, 0x2a])).then_some(())?;
            Some((le16(b, 26)? & 0x3fff, le16(b, 28)? & 0x3fff))
        }
        _ => None,
    }
}

fn jpeg(b: &[u8]) -> Option<(u32, u32)> {
    b.starts_with(b"\xFF\xD8").then_some(())?;
    let mut at = 2;
    loop {
        while b.get(at) == Some(&0xFF) && b.get(at + 1) == Some(&0xFF) {
            at += 1;
        }
        (b.get(at) == Some(&0xFF)).then_some(())?;
        let marker = *b.get(at + 1)?;
        let is_sof = matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC);
        if is_sof {
            let height = u32::from(u16::from_be_bytes(b.get(at + 5..at + 7)?.try_into().ok()?));
            let width = u32::from(u16::from_be_bytes(b.get(at + 7..at + 9)?.try_into().ok()?));
            return Some((width, height));
        }
        if matches!(marker, 0xD8 | 0x01 | 0xD0..=0xD7) {
            at += 2;
            continue;
        }
        let length = usize::from(u16::from_be_bytes(b.get(at + 2..at + 4)?.try_into().ok()?));
        at += 2 + length;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b64(bytes: &[u8]) -> Str<'static> {
        Str::owned(STANDARD.encode_to_string(bytes))
    }

    #[test]
    fn png_gif_webp_jpeg() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        png.extend_from_slice(&9000u32.to_be_bytes());
        png.extend_from_slice(&200u32.to_be_bytes());
        assert_eq!(dimensions("image/png", &b64(&png)), Some((9000, 200)));

        let gif = b"GIF89a\x41\x1f\x0a\x00";
        assert_eq!(dimensions("image/gif", &b64(gif)), Some((8001, 10)));

        let mut webp = b"RIFF\0\0\0\0WEBPVP8X\x0a\0\0\0\0\0\0\0".to_vec();
        webp.extend_from_slice(&[0x27, 0x23, 0x00, 0x00, 0x00, 0x00]);
        assert_eq!(dimensions("image/webp", &b64(&webp)), Some((9000, 1)));

        let jpeg = b"\xFF\xD8\xFF\xE0\x00\x04ab\xFF\xC0\x00\x11\x08\x23\x28\x00\xC8";
        assert_eq!(dimensions("image/jpeg", &b64(jpeg)), Some((200, 9000)));

        assert_eq!(dimensions("image/png", &Str::borrowed("iVBORw0KGgo=")), None);
        assert_eq!(dimensions("image/svg+xml", &Str::borrowed("PHN2Zz4=")), None);
    }
}
