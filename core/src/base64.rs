//! Base64 payload checks: a SIMD validity check on the borrowed text, a forgiving repair for
//! the common non-canonical forms, sizes without decoding, and a few decoded bytes for sniffing.

use base64_simd::STANDARD;

/// Whether `text` is canonical standard base64 (RFC 4648 §4, padded). No allocation.
pub fn is_canonical(text: &str) -> bool {
    is_canonical_bytes(text.as_bytes())
}

/// [`is_canonical`] of bytes; true only for ASCII.
pub fn is_canonical_bytes(bytes: &[u8]) -> bool {
    bytes.len().is_multiple_of(4) && STANDARD.check(bytes).is_ok()
}

/// Repairs whitespace, the URL-safe alphabet, missing or extra trailing padding and non-zero
/// padding bits (which every standard decoder ignores). `None` when the result is still not
/// base64; `Some("")` when nothing but whitespace and padding was given.
pub fn repair(text: &str) -> Option<String> {
    let mut out: String = text
        .chars()
        .filter(|c| !c.is_ascii_whitespace())
        .map(|c| match c {
            '-' => '+',
            '_' => '/',
            other => other,
        })
        .collect();
    while out.ends_with('=') {
        out.pop();
    }
    match out.len() % 4 {
        0 => {}
        1 => return None,
        rest => {
            clear_padding_bits(&mut out, rest);
            out.extend(std::iter::repeat_n('=', 4 - rest));
        }
    }
    is_canonical(&out).then_some(out)
}

/// Sets to zero the bits of the last character that a final group of `rest` (2 or 3)
/// characters does not use: 4 of them before `==`, 2 before `=`.
fn clear_padding_bits(text: &mut String, rest: usize) {
    let Some(&last) = text.as_bytes().last() else {
        return;
    };
    let value = SEXTET[usize::from(last)];
    if value >= 64 {
        return;
    }
    let used = if rest == 2 { 0b11_0000 } else { 0b11_1100 };
    text.pop();
    text.push(char::from(ALPHABET[usize::from(value & used)]));
}

/// Decoded size of base64 text, from its length and padding alone.
pub fn decoded_len(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let padding = bytes.iter().rev().take(2).take_while(|&&b| b == b'=').count();
    let len = bytes.len() as u64;
    if len.is_multiple_of(4) {
        len / 4 * 3 - padding as u64
    } else {
        (len - padding as u64) * 3 / 4
    }
}

/// Decodes canonical base64 into `out` (exactly the decoded length); false when it is not.
pub fn decode_into(text: &str, out: &mut [u8]) -> bool {
    STANDARD
        .decode(text.as_bytes(), base64_simd::Out::from_slice(out))
        .is_ok()
}

/// How many leading bytes of a payload [`prefix_bytes`] decodes.
pub const PREFIX_CHARS: usize = 16;

/// Up to the first 12 decoded bytes, for magic-number sniffing (empty when undecodable), from
/// the first [`PREFIX_CHARS`] bytes of the text (all of it when shorter).
pub fn prefix_bytes(start: &[u8]) -> Prefix {
    let head = &start[..start.len().min(PREFIX_CHARS) / 4 * 4];
    let mut buf = [0u8; 12];
    // Whole groups of alphabet characters (no padding) decode without any rule to check.
    let mut len = 0;
    for group in head.chunks_exact(4) {
        let mut sextets = group.iter().map(|&c| SEXTET[usize::from(c)]);
        let Some(bits) = sextets.try_fold(0u32, |bits, s| (s < 64).then_some(bits << 6 | u32::from(s))) else {
            len = STANDARD
                .decode(head, base64_simd::Out::from_slice(&mut buf))
                .map_or(0, |decoded| decoded.len());
            break;
        };
        buf[len..len + 3].copy_from_slice(&bits.to_be_bytes()[1..]);
        len += 3;
    }
    Prefix { buf, len }
}

/// The standard base64 alphabet, by value.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The value of each standard base64 alphabet character; 64 for every other byte.
const SEXTET: [u8; 256] = {
    let mut table = [64u8; 256];
    let mut i = 0;
    while i < 64 {
        table[ALPHABET[i] as usize] = i as u8;
        i += 1;
    }
    table
};

/// A few decoded bytes held on the stack.
pub struct Prefix {
    buf: [u8; 12],
    len: usize,
}

impl std::ops::Deref for Prefix {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

/// A hint for text already found not to be base64 that is raw binary written as a string.
pub fn raw_bytes_hint(text: &str) -> Option<&'static str> {
    let head: String = text.chars().take(8).collect();
    let probes: [(&str, &'static str); 4] = [("PNG\r\n", "PNG"), ("JFIF", "JPEG"), ("GIF8", "GIF"), ("%PDF", "PDF")];
    probes
        .iter()
        .find(|(magic, _)| head.contains(magic))
        .map(|(_, name)| *name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_and_repair() {
        assert!(is_canonical("iVBORw0KGgo="));
        assert!(is_canonical(""));
        assert!(!is_canonical("iVBORw0KGgo"));
        assert_eq!(repair("iVBO\nRw0K Ggo").as_deref(), Some("iVBORw0KGgo="));
        assert_eq!(repair("-_-_").as_deref(), Some("+/+/"));
        assert_eq!(repair("abcde"), None);
        assert_eq!(repair("not base64!"), None);
    }

    #[test]
    fn repair_clears_padding_bits() {
        assert!(!is_canonical("QR=="));
        assert_eq!(repair("QR==").as_deref(), Some("QQ=="));
        assert_eq!(repair("QUJ=").as_deref(), Some("QUI="));
        assert_eq!(repair("QR").as_deref(), Some("QQ=="));
        assert_eq!(repair("//==").as_deref(), Some("/w=="));
        assert_eq!(repair("///=").as_deref(), Some("//8="));
        assert_eq!(repair("QUJD====").as_deref(), Some("QUJD"));
        assert_eq!(repair("====").as_deref(), Some(""));
        // `=` inside: decoders that accept it drop what follows; not repaired.
        assert_eq!(repair("QQ==QQ=="), None);
        assert_eq!(repair("Q!=="), None);
        // Every value of the last character decodes to the same byte as the repaired form.
        for (i, &c) in ALPHABET.iter().enumerate() {
            let text = format!("Q{}==", char::from(c));
            let fixed = repair(&text).expect("repairable");
            assert_eq!(fixed.as_bytes()[1], ALPHABET[i & 0b11_0000], "{text}");
            let mut byte = [0u8; 1];
            assert!(decode_into(&fixed, &mut byte));
            assert_eq!(byte[0], (16 << 2) | (i as u8 >> 4), "{text}");
        }
    }

    #[test]
    fn sizes_from_length() {
        assert_eq!(decoded_len("iVBORw0KGgo="), 8);
        assert_eq!(decoded_len("AAAA"), 3);
        assert_eq!(decoded_len("AA=="), 1);
        assert_eq!(decoded_len(""), 0);
    }

    #[test]
    fn prefix_is_what_the_decoder_gives() {
        let chars = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ \n!";
        let mut seed = 12_345u32;
        for n in 0..2_000 {
            let text: String = (0..n % 23)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    // Mostly alphabet characters, now and then one of the others.
                    let pick = (seed >> 16) as usize % if n % 3 == 0 { chars.len() } else { 64 };
                    char::from(chars[pick])
                })
                .collect();
            let head = &text.as_bytes()[..text.len().min(16) / 4 * 4];
            let mut buf = [0u8; 12];
            let len = STANDARD
                .decode(head, base64_simd::Out::from_slice(&mut buf))
                .map_or(0, |decoded| decoded.len());
            assert_eq!(&prefix_bytes(text.as_bytes())[..], &buf[..len], "{text:?}");
        }
    }

    #[test]
    fn prefix_for_sniffing() {
        assert_eq!(
            &prefix_bytes(b"iVBORw0KGgo=")[..],
            [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a]
        );
        assert!(prefix_bytes(b"!!!!").is_empty());
        assert!(prefix_bytes(b"AAAA!!!!").is_empty());
        assert_eq!(&prefix_bytes(b"AAAAAQ==")[..], [0, 0, 0, 1]);
        assert_eq!(&prefix_bytes(b"+/+/AAAA")[..], [0xfb, 0xff, 0xbf, 0, 0, 0]);
        assert_eq!(&prefix_bytes(b"JVBERi0xLjQKJcfs")[..5], b"%PDF-");
    }
}
