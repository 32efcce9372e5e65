//! PNG structure: the signature, then chunks (length within the data, a letter type, CRC32
//! over type and data), `IHDR` first, at least one `IDAT`, `IEND` last.

use super::Structure;

const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

pub(super) fn check(bytes: &[u8]) -> Result<Structure, &'static str> {
    if !bytes.starts_with(SIGNATURE) {
        return Err("no PNG signature");
    }
    let mut at = SIGNATURE.len();
    let mut bad_crcs = Vec::new();
    let mut idat = false;
    loop {
        let header = bytes.get(at..at + 8).ok_or("truncated: no IEND chunk")?;
        let len = u32::from_be_bytes([header[0], header[1], header[2], header[3]]);
        let kind = &header[4..8];
        if len > 0x7FFF_FFFF {
            return Err("a chunk length is over 2^31 - 1");
        }
        if !kind.iter().all(u8::is_ascii_alphabetic) {
            return Err("a chunk type is not four letters");
        }
        let data_end = (at + 8).saturating_add(len as usize);
        let crc_end = data_end.saturating_add(4);
        let stored = bytes
            .get(data_end..crc_end)
            .ok_or("truncated: a chunk runs past the end")?;
        if at == SIGNATURE.len() && (kind != b"IHDR" || len != 13 || !dimensions_ok(&bytes[at + 8..data_end])) {
            return Err("the first chunk is not a valid IHDR");
        }
        let crc = crc32fast::hash(&bytes[at + 4..data_end]);
        if crc.to_be_bytes() != stored {
            bad_crcs.push((data_end, crc));
        }
        match kind {
            b"IDAT" => idat = true,
            b"IEND" if !idat => return Err("no IDAT chunk"),
            b"IEND" => return Ok(Structure { end: crc_end, bad_crcs }),
            _ => {}
        }
        at = crc_end;
    }
}

/// Width and height both in 1..=2^31 - 1.
fn dimensions_ok(ihdr: &[u8]) -> bool {
    let side = |at: usize| u32::from_be_bytes([ihdr[at], ihdr[at + 1], ihdr[at + 2], ihdr[at + 3]]);
    (1..=0x7FFF_FFFF).contains(&side(0)) && (1..=0x7FFF_FFFF).contains(&side(4))
}
