//! Checks that image bytes are a well-formed file of their format before they are sent:
//! the structure of PNG, JPEG, GIF and WebP (one pass, no decoding), optionally a full decode
//! with the fitter's decoders, and the signature of BMP, TIFF and PDF. Safe repairs (bytes
//! after the end marker, wrong PNG chunk CRCs on data that decodes) give new bytes.

mod gif;
mod jpeg;
mod png;
mod webp;

use crate::fit::{self, Format, MAX_PIXELS};

/// What a check found.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The bytes can be sent as they are.
    Valid,
    /// The bytes can be sent once repaired: the repaired bytes and what was done.
    Repaired(Vec<u8>, String),
    /// The bytes cannot be sent: why.
    Invalid(String),
}

/// A well-formed file: where its end marker ends and, for PNG, each CRC field (its offset)
/// that disagrees with its chunk, with the right CRC.
struct Structure {
    end: usize,
    bad_crcs: Vec<(usize, u32)>,
}

impl Structure {
    fn ending_at(end: usize) -> Self {
        Structure {
            end,
            bad_crcs: Vec::new(),
        }
    }
}

/// The marker reason for bytes that are not a valid file of the type `essence`, when the type
/// is one that is checked.
pub(crate) fn invalid_reason(essence: &str) -> Option<&'static str> {
    Some(match essence {
        "image/png" => "not a valid PNG",
        "image/jpeg" => "not a valid JPEG",
        "image/gif" => "not a valid GIF",
        "image/webp" => "not a valid WebP",
        "image/bmp" => "not a valid BMP",
        "image/tiff" => "not a valid TIFF",
        "application/pdf" => "not a valid PDF",
        _ => return None,
    })
}

/// Whether the first bytes of a file of type `essence` (BMP, TIFF, PDF: the types checked by
/// signature alone) carry its signature; `None` for other types.
pub(crate) fn signature_ok(essence: &str, head: &[u8]) -> Option<bool> {
    Some(match essence {
        "image/bmp" => head.starts_with(b"BM") && head.len() >= 6,
        "image/tiff" => head.starts_with(b"II*\0") || head.starts_with(b"MM\0*"),
        "application/pdf" => head.starts_with(b"%PDF-"),
        _ => return None,
    })
}

/// Checks `bytes` of `format`: its structure, and with `decode` a full decode too (skipped
/// for images over [`MAX_PIXELS`], which are never decoded).
pub(crate) fn check(format: Format, bytes: &[u8], decode: bool) -> Verdict {
    let structure = match format {
        Format::Png => png::check(bytes),
        Format::Jpeg => jpeg::check(bytes),
        Format::Gif => gif::check(bytes),
        Format::Webp => webp::check(bytes),
    };
    let Structure { end, bad_crcs } = match structure {
        Ok(structure) => structure,
        Err(why) => return Verdict::Invalid(why.to_owned()),
    };
    let mut done = Vec::new();
    if end < bytes.len() {
        done.push(format!("{} bytes after the end marker trimmed", bytes.len() - end));
    }
    let repaired = (!bad_crcs.is_empty()).then(|| {
        let mut fixed = bytes[..end].to_vec();
        for &(at, crc) in &bad_crcs {
            fixed[at..at + 4].copy_from_slice(&crc.to_be_bytes());
        }
        done.push(format!("{} wrong chunk CRC(s) recomputed", bad_crcs.len()));
        fixed
    });
    let out = repaired.as_deref().unwrap_or(&bytes[..end]);
    // Recomputed CRCs are kept only for data that decodes.
    if decode || !bad_crcs.is_empty() {
        if let Err(why) = decodes(format, out, !bad_crcs.is_empty()) {
            return Verdict::Invalid(why);
        }
    }
    match done.is_empty() {
        true => Verdict::Valid,
        false => Verdict::Repaired(repaired.unwrap_or_else(|| bytes[..end].to_vec()), done.join("; ")),
    }
}

/// Decodes `bytes` fully with the fitter's decoders. An image over [`MAX_PIXELS`] is not
/// decoded: it passes unless the decode is `needed` to prove a repair.
fn decodes(format: Format, bytes: &[u8], needed: bool) -> Result<(), String> {
    match fit::inspect(bytes) {
        Some((_, w, h)) if u64::from(w) * u64::from(h) > MAX_PIXELS => match needed {
            true => Err(format!(
                "{w}x{h} px is over the decode limit; the repair cannot be checked"
            )),
            false => Ok(()),
        },
        _ => fit::decode_check(format, bytes).map_err(|why| why.to_string()),
    }
}

#[cfg(test)]
mod tests;
