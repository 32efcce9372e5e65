//! EXIF orientation: reading tag 0x0112 and turning the pixels upright.

use super::Raster;

/// The orientation (1–8) in an EXIF block (`Exif\0\0` + TIFF); 1 when absent or unreadable.
pub fn exif_orientation(exif: &[u8]) -> u16 {
    let tiff = exif.strip_prefix(b"Exif\0\0").unwrap_or(exif);
    let big = match tiff.get(..2) {
        Some(b"MM") => true,
        Some(b"II") => false,
        _ => return 1,
    };
    let u16_at = |at: usize| -> Option<u16> {
        let b: [u8; 2] = tiff.get(at..at + 2)?.try_into().ok()?;
        Some(if big {
            u16::from_be_bytes(b)
        } else {
            u16::from_le_bytes(b)
        })
    };
    let u32_at = |at: usize| -> Option<u32> {
        let b: [u8; 4] = tiff.get(at..at + 4)?.try_into().ok()?;
        Some(if big {
            u32::from_be_bytes(b)
        } else {
            u32::from_le_bytes(b)
        })
    };
    let find = || -> Option<u16> {
        let ifd = usize::try_from(u32_at(4)?).ok()?;
        let entries = usize::from(u16_at(ifd)?);
        (0..entries.min(256)).find_map(|i| {
            let entry = ifd + 2 + i * 12;
            (u16_at(entry)? == 0x0112).then(|| u16_at(entry + 8))?
        })
    };
    find().filter(|o| (1..=8).contains(o)).unwrap_or(1)
}

/// `raster` turned upright for EXIF orientation `orientation`.
pub fn apply(raster: Raster, orientation: u16) -> Raster {
    if orientation <= 1 || orientation > 8 {
        return raster;
    }
    let (w, h, c) = (raster.width as usize, raster.height as usize, raster.channels);
    let transposed = orientation >= 5;
    let (ow, oh) = if transposed { (h, w) } else { (w, h) };
    let mut out = vec![0u8; raster.pixels.len()];
    for y in 0..oh {
        for x in 0..ow {
            // The source pixel shown at (x, y) of the upright image.
            let (sx, sy) = match orientation {
                2 => (w - 1 - x, y),
                3 => (w - 1 - x, h - 1 - y),
                4 => (x, h - 1 - y),
                5 => (y, x),
                6 => (y, h - 1 - x),
                7 => (w - 1 - y, h - 1 - x),
                _ => (w - 1 - y, x),
            };
            let from = (sy * w + sx) * c;
            let to = (y * ow + x) * c;
            out[to..to + c].copy_from_slice(&raster.pixels[from..from + c]);
        }
    }
    Raster {
        width: ow as u32,
        height: oh as u32,
        pixels: out,
        ..raster
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raster(w: u32, h: u32) -> Raster {
        Raster {
            width: w,
            height: h,
            channels: 1,
            pixels: (0..(w * h) as u8).collect(),
            lossy: false,
        }
    }

    #[test]
    fn orientation_tag_big_and_little_endian() {
        let mut be = b"Exif\0\0MM\0\x2a\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x06\0\0".to_vec();
        assert_eq!(exif_orientation(&be), 6);
        be[6] = b'X';
        assert_eq!(exif_orientation(&be), 1);
        let le = b"II\x2a\0\x08\0\0\0\x01\0\x12\x01\x03\0\x01\0\0\0\x08\0\0\0";
        assert_eq!(exif_orientation(le), 8);
    }

    #[test]
    fn rotations() {
        // 0 1 2
        // 3 4 5
        let six = apply(raster(3, 2), 6);
        assert_eq!((six.width, six.height), (2, 3));
        assert_eq!(six.pixels, [3, 0, 4, 1, 5, 2]);
        let eight = apply(raster(3, 2), 8);
        assert_eq!(eight.pixels, [2, 5, 1, 4, 0, 3]);
        assert_eq!(apply(raster(3, 2), 3).pixels, [5, 4, 3, 2, 1, 0]);
        assert_eq!(apply(raster(3, 2), 2).pixels, [2, 1, 0, 5, 4, 3]);
    }
}
