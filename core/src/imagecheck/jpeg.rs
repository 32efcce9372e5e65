//! JPEG structure: SOI, then marker segments whose lengths stay within the data, a frame
//! header (SOFn) before the first scan, entropy-coded scan data, and EOI.

use super::Structure;

const TRUNCATED: &str = "truncated: no EOI marker";

pub(super) fn check(bytes: &[u8]) -> Result<Structure, &'static str> {
    if !bytes.starts_with(&[0xFF, 0xD8]) {
        return Err("no JPEG SOI marker");
    }
    let mut at = 2;
    let (mut frame, mut scan) = (false, false);
    loop {
        match bytes.get(at) {
            Some(0xFF) => {}
            Some(_) => return Err("a segment does not start with a marker"),
            None => return Err(TRUNCATED),
        }
        // Fill bytes (0xFF) may precede a marker.
        while bytes.get(at) == Some(&0xFF) {
            at += 1;
        }
        let marker = *bytes.get(at).ok_or(TRUNCATED)?;
        at += 1;
        match marker {
            0xD9 if scan => return Ok(Structure::ending_at(at)),
            0xD9 => return Err("EOI before any scan"),
            0xD0..=0xD7 | 0x01 => continue,
            0x00 | 0xD8 => return Err("a misplaced marker"),
            _ => {}
        }
        let len = match bytes.get(at..at + 2) {
            Some(&[hi, lo]) => usize::from(u16::from_be_bytes([hi, lo])),
            _ => return Err(TRUNCATED),
        };
        if len < 2 {
            return Err("a segment length is below 2");
        }
        let end = at + len;
        let segment = bytes.get(at..end).ok_or("truncated: a segment runs past the end")?;
        if is_frame_header(marker) {
            let components = segment.get(7).map_or(0, |&n| usize::from(n));
            if components == 0 || len != 8 + 3 * components {
                return Err("a frame header of the wrong length");
            }
            frame = true;
        }
        at = end;
        if marker == 0xDA {
            if !frame {
                return Err("a scan before any frame header");
            }
            scan = true;
            at = scan_end(bytes, at)?;
        }
    }
}

/// SOF0..SOF15 but DHT (C4), JPG (C8) and DAC (CC).
fn is_frame_header(marker: u8) -> bool {
    matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC)
}

/// Where the entropy-coded data from `at` ends: at the first 0xFF that starts a marker (not
/// a stuffed 0x00 nor a restart marker).
fn scan_end(bytes: &[u8], mut at: usize) -> Result<usize, &'static str> {
    loop {
        let ff = bytes[at..].iter().position(|&b| b == 0xFF).ok_or(TRUNCATED)?;
        at += ff;
        match bytes.get(at + 1) {
            None => return Err(TRUNCATED),
            Some(0x00 | 0xD0..=0xD7) => at += 2,
            Some(_) => return Ok(at),
        }
    }
}
