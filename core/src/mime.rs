//! MIME types: normalization and magic-number sniffing.

use std::borrow::Cow;

/// The essence of a MIME type: the part before any parameters, trimmed.
pub fn essence(mime: &str) -> &str {
    let end = mime.bytes().position(|b| b == b';').unwrap_or(mime.len());
    let head = &mime[..end];
    match (head.bytes().next(), head.bytes().next_back()) {
        (Some(first), Some(last)) if !first.is_ascii_whitespace() && !last.is_ascii_whitespace() => head,
        _ => head.trim(),
    }
}

/// Trims and lower-cases a declared MIME type and fixes the common `image/jpg`. Borrowed when
/// nothing changed.
pub fn normalize(declared: &str) -> Cow<'_, str> {
    let plain = declared.bytes().all(|b| PLAIN[usize::from(b)]);
    if plain && !matches!(declared, "image/jpg" | "image/pjpeg") {
        return Cow::Borrowed(declared);
    }
    let trimmed = declared.trim();
    let lower = if trimmed.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(trimmed.to_ascii_lowercase())
    } else {
        Cow::Borrowed(trimmed)
    };
    let fixed = match essence(&lower) {
        "image/jpg" | "image/pjpeg" => Cow::Owned(lower.replacen(essence(&lower), "image/jpeg", 1)),
        _ => lower,
    };
    match fixed {
        Cow::Borrowed(text) if text.len() == declared.len() => Cow::Borrowed(declared),
        other => Cow::Owned(other.into_owned()),
    }
}

/// The bytes a MIME type that needs no normalizing is made of: lower-case ASCII letters,
/// digits and `/ - + .`.
const PLAIN: [bool; 256] = {
    let mut plain = [false; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        plain[b] = byte.is_ascii_lowercase() || byte.is_ascii_digit() || matches!(byte, b'/' | b'-' | b'+' | b'.');
        b += 1;
    }
    plain
};

/// The type named by a known magic number at the start of `bytes`.
pub fn sniff(bytes: &[u8]) -> Option<&'static str> {
    let starts = |magic: &[u8]| bytes.starts_with(magic);
    let riff = |kind: &[u8]| starts(b"RIFF") && bytes.get(8..12) == Some(kind);
    if starts(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if starts(b"\xFF\xD8\xFF") {
        Some("image/jpeg")
    } else if starts(b"GIF87a") || starts(b"GIF89a") {
        Some("image/gif")
    } else if riff(b"WEBP") {
        Some("image/webp")
    } else if riff(b"WAVE") {
        Some("audio/wav")
    } else if starts(b"BM") && bytes.len() >= 6 {
        Some("image/bmp")
    } else if starts(b"II*\0") || starts(b"MM\0*") {
        Some("image/tiff")
    } else if starts(b"%PDF-") {
        Some("application/pdf")
    } else if starts(b"ID3") || (bytes.len() >= 2 && bytes[0] == 0xFF && matches!(bytes[1], 0xFB | 0xF3 | 0xF2)) {
        Some("audio/mpeg")
    } else if starts(b"OggS") {
        Some("audio/ogg")
    } else if starts(b"fLaC") {
        Some("audio/flac")
    } else if starts(b"PK\x03\x04") {
        Some("application/zip")
    } else {
        None
    }
}

/// Whether a declared essence names the same format as a sniffed type (aliases included; a
/// ZIP container matches every ZIP-based format such as docx, xlsx, odt, epub or jar).
pub fn same_format(declared_essence: &str, sniffed: &str) -> bool {
    if declared_essence == sniffed {
        return true;
    }
    let declared = canonical_alias(declared_essence);
    declared == sniffed || (sniffed == "application/zip" && is_zip_based(declared))
}

fn is_zip_based(essence: &str) -> bool {
    essence.ends_with("+zip")
        || essence.starts_with("application/vnd.openxmlformats-officedocument.")
        || essence.starts_with("application/vnd.oasis.opendocument.")
        || matches!(
            essence,
            "application/x-zip-compressed" | "application/java-archive" | "application/vnd.android.package-archive"
        )
}

fn canonical_alias(essence: &str) -> &str {
    match essence {
        "audio/x-wav" | "audio/wave" | "audio/vnd.wave" => "audio/wav",
        "audio/mp3" | "audio/mpeg3" | "audio/x-mpeg" => "audio/mpeg",
        "audio/x-flac" => "audio/flac",
        "application/ogg" | "audio/x-ogg" => "audio/ogg",
        "image/x-ms-bmp" => "image/bmp",
        "application/x-pdf" => "application/pdf",
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalizes() {
        assert_eq!(normalize(" Image/JPG "), "image/jpeg");
        assert_eq!(normalize("text/plain; charset=UTF-8"), "text/plain; charset=utf-8");
        assert!(matches!(normalize("image/png"), Cow::Borrowed("image/png")));
        assert_eq!(normalize(" image/png"), "image/png");
    }

    #[test]
    fn sniffs_signatures() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n...."), Some("image/png"));
        assert_eq!(sniff(b"\xFF\xD8\xFF\xE0"), Some("image/jpeg"));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(sniff(b"RIFF\0\0\0\0WAVEfmt "), Some("audio/wav"));
        assert_eq!(sniff(b"%PDF-1.4"), Some("application/pdf"));
        assert_eq!(sniff(b"hello"), None);
        assert!(same_format("audio/x-wav", "audio/wav"));
        assert!(!same_format("image/png", "image/jpeg"));
        assert_eq!(sniff(b"PK\x03\x04\x14\0"), Some("application/zip"));
        assert!(same_format(
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            "application/zip"
        ));
        assert!(!same_format("application/pdf", "application/zip"));
    }
}
