//! Downscaling by area averaging (a box filter) in integer arithmetic, so that every platform
//! gives the same pixels.
//!
//! Output pixel `x` of a row covers source positions `[x·W, (x+1)·W)` in units of `1/w` of a
//! source pixel; source pixel `i` covers `[i·w, (i+1)·w)`. Each source pixel is weighted by the
//! overlap, an integer, and the weights of one output pixel sum to `W`. The horizontal pass
//! keeps 6 extra bits; the vertical pass rounds once to 8 bits.

use super::Raster;

/// Extra precision bits of the horizontal pass.
const SHIFT: u32 = 6;

/// One output pixel's source span: first source index and the overlap weights.
struct Span {
    start: usize,
    weights: Vec<u64>,
}

/// The spans mapping `src` pixels onto `dst` pixels (`dst <= src`).
fn spans(src: usize, dst: usize) -> Vec<Span> {
    (0..dst)
        .map(|x| {
            let (lo, hi) = (x * src, (x + 1) * src);
            let start = lo / dst;
            let end = hi.div_ceil(dst);
            let weights = (start..end)
                .map(|i| {
                    let (a, b) = (i * dst, (i + 1) * dst);
                    (b.min(hi) - a.max(lo)) as u64
                })
                .collect();
            Span { start, weights }
        })
        .collect()
}

/// `raster` scaled to `width` × `height` (each no larger than the source's).
pub fn downscale(raster: &Raster, width: u32, height: u32) -> Raster {
    let (sw, sh, c) = (raster.width as usize, raster.height as usize, raster.channels);
    let (dw, dh) = (width as usize, height as usize);
    let columns = spans(sw, dw);
    let rows = spans(sh, dh);

    // Horizontal pass: every source row to `dw` pixels with SHIFT extra bits.
    let scale = sw as u64;
    let mut wide = vec![0u16; sh * dw * c];
    for (src_row, out_row) in raster.pixels.chunks_exact(sw * c).zip(wide.chunks_exact_mut(dw * c)) {
        for (span, out) in columns.iter().zip(out_row.chunks_exact_mut(c)) {
            for (ch, slot) in out.iter_mut().enumerate() {
                let mut sum = 0u64;
                for (k, w) in span.weights.iter().enumerate() {
                    sum += u64::from(src_row[(span.start + k) * c + ch]) * w;
                }
                *slot = (((sum << SHIFT) + scale / 2) / scale) as u16;
            }
        }
    }

    // Vertical pass: `dh` rows, rounded to 8 bits.
    let scale = (sh as u64) << SHIFT;
    let line = dw * c;
    let mut pixels = vec![0u8; dh * line];
    let mut sums = vec![0u64; line];
    for (span, out_row) in rows.iter().zip(pixels.chunks_exact_mut(line)) {
        sums.iter_mut().for_each(|s| *s = 0);
        for (k, w) in span.weights.iter().enumerate() {
            let row = &wide[(span.start + k) * line..][..line];
            for (s, v) in sums.iter_mut().zip(row) {
                *s += u64::from(*v) * w;
            }
        }
        for (out, s) in out_row.iter_mut().zip(&sums) {
            *out = ((s + scale / 2) / scale).min(255) as u8;
        }
    }
    Raster {
        width,
        height,
        channels: c,
        pixels,
        lossy: raster.lossy,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gray(width: u32, height: u32, pixels: Vec<u8>) -> Raster {
        Raster {
            width,
            height,
            channels: 1,
            pixels,
            lossy: false,
        }
    }

    #[test]
    fn halving_averages_pairs() {
        let r = downscale(&gray(4, 2, vec![0, 10, 20, 40, 100, 110, 120, 140]), 2, 1);
        assert_eq!(r.pixels, [55, 80]);
    }

    #[test]
    fn fractional_overlaps_weigh_by_area() {
        // 3 -> 2: output 0 covers source 0 fully and half of source 1.
        let r = downscale(&gray(3, 1, vec![0, 90, 180]), 2, 1);
        assert_eq!(r.pixels, [30, 150]);
    }

    #[test]
    fn same_size_is_identity() {
        let pixels: Vec<u8> = (0..=255).collect();
        let r = downscale(&gray(16, 16, pixels.clone()), 16, 16);
        assert_eq!(r.pixels, pixels);
    }
}
