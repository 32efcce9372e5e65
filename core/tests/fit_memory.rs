//! A PNG fitted in one pass is decoded a row at a time into the resize or the JPEG encoder: the
//! fit never holds a full-size raster. An allocator that counts bytes checks the peak of each
//! fit against the raster's size (this test binary's only test, so nothing else allocates).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use mcp_tool_result::fit::{fit_image, Fit, Format, Limits};

/// The system allocator, counting live bytes and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed to the system allocator as it came.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::SeqCst) + layout.size();
        PEAK.fetch_max(live, Ordering::SeqCst);
        // SAFETY: the caller's layout, unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::SeqCst);
        // SAFETY: `ptr` came from `alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// A `width` × `height` PNG: gradients with a little noise (as photos and busy screenshots are).
fn photo_png(width: u32, height: u32) -> Vec<u8> {
    let mut state = 0x2545_f491u32;
    let mut pixels = Vec::with_capacity((width * height * 3) as usize);
    for y in 0..height {
        for x in 0..width {
            for c in 0..3 {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                pixels.push(((x * (c + 1) / 12 + y * (3 - c) / 9) % 256) as u8 ^ (state as u8 & 7));
            }
        }
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_deflate_compression(png::DeflateCompression::FdeflateUltraFast);
    let mut writer = encoder.write_header().expect("header");
    writer.write_image_data(&pixels).expect("pixels");
    writer.finish().expect("finish");
    out
}

/// Bytes allocated at the peak of `fit`, beyond what was live before it.
fn peak_of(fit: impl FnOnce() -> Fit) -> (usize, Fit) {
    let before = LIVE.load(Ordering::SeqCst);
    PEAK.store(before, Ordering::SeqCst);
    let fitted = fit();
    (PEAK.load(Ordering::SeqCst) - before, fitted)
}

#[test]
fn one_pass_fits_hold_no_full_size_raster() {
    let png = photo_png(3000, 2000);
    let raster = 3000 * 2000 * 3;
    let cases = [
        // Over the byte limit at its size: JPEG at full size, quality 85 fits.
        (
            Limits {
                max_bytes: Some(png.len() as u64 - 1),
                ..Limits::NONE
            },
            (3000, 2000, Format::Jpeg),
        ),
        // Over the long side: downscaled, then PNG.
        (
            Limits {
                max_dimension: Some(1500),
                ..Limits::NONE
            },
            (1500, 1000, Format::Png),
        ),
    ];
    for (limits, expected) in cases {
        assert_peak_under_raster(&png, raster, &limits, expected);
    }
    // Over the byte limit and wider than a JPEG can be (65,535 px): no JPEG is tried at this
    // size, so the first pass is the downscale's, read a row at a time.
    let wide = photo_png(70_000, 100);
    let limits = Limits {
        max_bytes: Some(wide.len() as u64 / 2),
        ..Limits::NONE
    };
    assert_peak_under_raster(&wide, 70_000 * 100 * 3, &limits, (52_500, 75, Format::Jpeg));
}

/// Fits `png` under `limits` to `expected` (width, height, format) with a peak under `raster`.
fn assert_peak_under_raster(png: &[u8], raster: usize, limits: &Limits, expected: (u32, u32, Format)) {
    let (peak, fit) = peak_of(|| fit_image(png, limits).expect("fits"));
    let Fit::Fitted(fitted) = fit else {
        panic!("not fitted under {limits:?}")
    };
    assert_eq!((fitted.width, fitted.height, fitted.format), expected);
    // At its peak the fit holds its output and the decoder's, the resize's and the encoder's
    // working buffers, less than one full-size raster.
    eprintln!("{expected:?}: peak {peak} B of a {raster} B raster");
    assert!(
        peak < raster,
        "{expected:?}: peak {peak} B, a full raster is {raster} B"
    );
}
