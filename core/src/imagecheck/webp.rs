//! WebP structure: `RIFF`, a size within the data, `WEBP`, chunks within that size, the first
//! one `VP8 `, `VP8L` or `VP8X`, and image data (`VP8 `, `VP8L` or `ANMF`) with its signature.

use super::Structure;

pub(super) fn check(bytes: &[u8]) -> Result<Structure, &'static str> {
    if bytes.len() < 12 || &bytes[..4] != b"RIFF" || &bytes[8..12] != b"WEBP" {
        return Err("no RIFF WEBP header");
    }
    let size = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize;
    let end = size.saturating_add(8);
    if end > bytes.len() {
        return Err("truncated: the RIFF size runs past the end");
    }
    let mut at = 12;
    let mut image = false;
    while at + 8 <= end {
        let fourcc = &bytes[at..at + 4];
        let len = u32::from_le_bytes([bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]]) as usize;
        let data_end = (at + 8).saturating_add(len);
        let data = bytes.get(at + 8..data_end).filter(|_| data_end <= end);
        let data = data.ok_or("a chunk runs past the RIFF size")?;
        if at == 12 && !matches!(fourcc, b"VP8 " | b"VP8L" | b"VP8X") {
            return Err("the first chunk is not VP8, VP8L or VP8X");
        }
        match fourcc {
            b"VP8 " if data.len() < 10 || data[3..6] != [0x9D, 0x01, 0x2A] => {
                return Err("a VP8 chunk without its frame signature")
            }
            b"VP8L" if data.len() < 5 || data[0] != 0x2F => return Err("a VP8L chunk without its signature"),
            b"VP8 " | b"VP8L" | b"ANMF" => image = true,
            _ => {}
        }
        at = data_end.saturating_add(len & 1);
    }
    if !image {
        return Err("no image data (VP8, VP8L or ANMF chunk)");
    }
    Ok(Structure::ending_at(end))
}
