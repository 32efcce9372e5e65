//! GIF structure: the `GIF87a`/`GIF89a` header, the logical screen descriptor and its color
//! table, extension and image blocks (each sub-block chain within the data, at least one
//! image), and the 0x3B trailer.

use super::Structure;

const TRUNCATED: &str = "truncated: no trailer";

pub(super) fn check(bytes: &[u8]) -> Result<Structure, &'static str> {
    if !(bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a")) {
        return Err("no GIF header");
    }
    let screen = bytes.get(6..13).ok_or(TRUNCATED)?;
    let mut at = 13 + color_table(screen[4]);
    let mut image = false;
    loop {
        match bytes.get(at) {
            None => return Err(TRUNCATED),
            Some(0x3B) if image => return Ok(Structure::ending_at(at + 1)),
            Some(0x3B) => return Err("no image before the trailer"),
            Some(0x21) => at = sub_blocks(bytes, at + 2)?,
            Some(0x2C) => {
                let descriptor = bytes.get(at + 1..at + 10).ok_or(TRUNCATED)?;
                at += 10 + color_table(descriptor[8]);
                match bytes.get(at) {
                    Some(2..=11) => {}
                    Some(_) => return Err("an invalid LZW code size"),
                    None => return Err(TRUNCATED),
                }
                at = sub_blocks(bytes, at + 1)?;
                image = true;
            }
            Some(_) => return Err("an unknown block"),
        }
    }
}

/// Bytes of the color table a packed field announces.
fn color_table(packed: u8) -> usize {
    if packed & 0x80 == 0 {
        0
    } else {
        3 << ((packed & 7) + 1)
    }
}

/// Where a chain of sub-blocks from `at` ends (after its zero-size terminator).
fn sub_blocks(bytes: &[u8], mut at: usize) -> Result<usize, &'static str> {
    loop {
        let size = usize::from(*bytes.get(at).ok_or(TRUNCATED)?);
        at += 1 + size;
        if size == 0 {
            return Ok(at);
        }
    }
}
