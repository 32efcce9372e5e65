use super::*;

fn png_image() -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = ::png::Encoder::new(&mut out, 4, 3);
    encoder.set_color(::png::ColorType::Rgb);
    let mut writer = encoder.write_header().expect("header");
    writer.write_image_data(&[90; 36]).expect("data");
    writer.finish().expect("finish");
    out
}

fn jpeg_image() -> Vec<u8> {
    let mut out = Vec::new();
    let encoder = jpeg_encoder::Encoder::new(&mut out, 80);
    encoder
        .encode(&[120; 8 * 8 * 3], 8, 8, jpeg_encoder::ColorType::Rgb)
        .expect("jpeg");
    out
}

fn gif_image() -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = ::gif::Encoder::new(&mut out, 2, 2, &[0, 0, 0, 255, 255, 255]).expect("gif");
        let frame = ::gif::Frame {
            width: 2,
            height: 2,
            buffer: std::borrow::Cow::Borrowed(&[0, 1, 1, 0]),
            ..::gif::Frame::default()
        };
        encoder.write_frame(&frame).expect("frame");
    }
    out
}

fn webp_image() -> Vec<u8> {
    let mut out = Vec::new();
    image_webp::WebPEncoder::new(&mut out)
        .encode(&[10; 4 * 4 * 3], 4, 4, image_webp::ColorType::Rgb8)
        .expect("webp");
    out
}

fn all() -> [(Format, Vec<u8>); 4] {
    [
        (Format::Png, png_image()),
        (Format::Jpeg, jpeg_image()),
        (Format::Gif, gif_image()),
        (Format::Webp, webp_image()),
    ]
}

#[test]
fn valid_images_pass_both_depths() {
    for (format, bytes) in all() {
        assert_eq!(check(format, &bytes, false), Verdict::Valid, "{format:?}");
        assert_eq!(check(format, &bytes, true), Verdict::Valid, "{format:?}");
    }
}

#[test]
fn trailing_bytes_are_trimmed() {
    for (format, bytes) in all() {
        let mut longer = bytes.clone();
        longer.extend_from_slice(b"trailing");
        match check(format, &longer, true) {
            Verdict::Repaired(fixed, what) => {
                assert_eq!(fixed, bytes, "{format:?}");
                assert_eq!(what, "8 bytes after the end marker trimmed");
            }
            other => panic!("{format:?}: {other:?}"),
        }
    }
}

#[test]
fn truncated_images_are_invalid() {
    for (format, bytes) in all() {
        for cut in [bytes.len() / 2, bytes.len() - 1, 12, 3] {
            let verdict = check(format, &bytes[..cut], false);
            assert!(
                matches!(verdict, Verdict::Invalid(_)),
                "{format:?} cut at {cut}: {verdict:?}"
            );
        }
    }
}

#[test]
fn wrong_signatures_are_invalid() {
    for (format, _) in all() {
        let verdict = check(format, b"hello, not an image at all", false);
        assert!(matches!(verdict, Verdict::Invalid(_)), "{format:?}");
    }
}

#[test]
fn a_wrong_png_crc_is_recomputed_when_the_data_decodes() {
    let good = png_image();
    let mut bad = good.clone();
    bad[29] ^= 0xFF; // the IHDR CRC (8 signature + 8 header + 13 data)
    assert_eq!(
        check(Format::Png, &bad, false),
        Verdict::Repaired(good, "1 wrong chunk CRC(s) recomputed".to_owned())
    );
}

#[test]
fn a_wrong_png_crc_on_data_that_does_not_decode_is_invalid() {
    let mut bad = png_image();
    let idat = bad.windows(4).position(|w| w == b"IDAT").expect("IDAT");
    bad[idat + 4] ^= 0xFF; // the zlib header: the CRC is then wrong too
    assert!(matches!(check(Format::Png, &bad, false), Verdict::Invalid(_)));
}

#[test]
fn structure_without_a_decode_passes_corrupt_pixels_that_decode_catches() {
    let mut bytes = png_image();
    let idat = bytes.windows(4).position(|w| w == b"IDAT").expect("IDAT");
    let len = u32::from_be_bytes(bytes[idat - 4..idat].try_into().expect("len")) as usize;
    bytes[idat + 4..idat + 4 + len].fill(0xAB);
    let crc = crc32fast::hash(&bytes[idat..idat + 4 + len]);
    bytes[idat + 4 + len..idat + 8 + len].copy_from_slice(&crc.to_be_bytes());
    assert_eq!(check(Format::Png, &bytes, false), Verdict::Valid);
    assert!(matches!(check(Format::Png, &bytes, true), Verdict::Invalid(_)));
}

#[test]
fn png_order_rules() {
    let good = png_image();
    // The signature alone, and a PNG without IDAT.
    assert!(matches!(check(Format::Png, &good[..8], false), Verdict::Invalid(_)));
    let idat = good.windows(4).position(|w| w == b"IDAT").expect("IDAT") - 4;
    let iend = good.len() - 12;
    let without_idat = [&good[..idat], &good[iend..]].concat();
    assert_eq!(
        check(Format::Png, &without_idat, false),
        Verdict::Invalid("no IDAT chunk".to_owned())
    );
}

#[test]
fn jpeg_needs_a_frame_before_the_scan() {
    let good = jpeg_image();
    let sof = good.windows(2).position(|w| w == [0xFF, 0xC0]).expect("SOF0");
    let mut bad = good.clone();
    bad[sof + 1] = 0xE5; // the frame header becomes an APP5 segment
    assert_eq!(
        check(Format::Jpeg, &bad, false),
        Verdict::Invalid("a scan before any frame header".to_owned())
    );
}

#[test]
fn signatures_by_type() {
    assert_eq!(signature_ok("application/pdf", b"%PDF-1.7"), Some(true));
    assert_eq!(signature_ok("application/pdf", b"hello"), Some(false));
    assert_eq!(signature_ok("image/tiff", b"MM\0*"), Some(true));
    assert_eq!(signature_ok("image/bmp", b"BMxxxx"), Some(true));
    assert_eq!(signature_ok("image/svg+xml", b"<svg"), None);
    assert_eq!(invalid_reason("image/webp"), Some("not a valid WebP"));
}
