//! Downscaling by area averaging (a box filter) in integer arithmetic, so that every platform
//! gives the same pixels.
//!
//! Output pixel `x` of a row covers source positions `[x·W, (x+1)·W)` in units of `1/w` of a
//! source pixel; source pixel `i` covers `[i·w, (i+1)·w)`. Each source pixel is weighted by the
//! overlap, an integer, and the weights of one output pixel sum to `W`. The horizontal pass
//! keeps 6 extra bits; the vertical pass rounds once to 8 bits.
//!
//! The passes sum in `u32` when no sum can overflow it (else `u64`), and divide by multiplying
//! with a reciprocal proven exact for every numerator they can meet ([`Divisor`]): the same
//! integers as plain division, so the same pixels, at a fraction of the cost. The loops are
//! plain integer code that the compiler may vectorize; integer lanes give the same results.

use std::ops::{AddAssign, Mul};

use super::rows::Rows;
use super::{FitError, Raster};

/// Extra precision bits of the horizontal pass.
const SHIFT: u32 = 6;

/// The spans mapping `src` pixels onto `dst` pixels (`dst <= src`), each padded with zero
/// weights to `taps` (the longest span's length, or more when asked), so that every output
/// pixel reads the same number of source pixels: output pixel `x` reads `taps` pixels from `starts[x]`, weighted by
/// `weights[x·taps..][..taps]`.
struct Spans {
    taps: usize,
    starts: Vec<usize>,
    weights: Vec<u32>,
}

impl Spans {
    /// The spans, padded to `min_taps` when that is longer than the longest span and no
    /// longer than `src`.
    fn new(src: usize, dst: usize, min_taps: usize) -> Spans {
        let span = |x: usize| {
            let (lo, hi) = (x * src, (x + 1) * src);
            let start = lo / dst;
            let weights = (start..hi.div_ceil(dst)).map(move |i| {
                let (a, b) = (i * dst, (i + 1) * dst);
                // An overlap is at most `dst`, a pixel's side: it fits `u32`.
                (b.min(hi) - a.max(lo)) as u32
            });
            (start, weights)
        };
        let longest = (0..dst).map(|x| span(x).1.len()).max().unwrap_or(1);
        let taps = if min_taps <= src {
            longest.max(min_taps)
        } else {
            longest
        };
        let mut spans = Spans {
            taps,
            starts: Vec::with_capacity(dst),
            weights: Vec::with_capacity(dst * taps),
        };
        for x in 0..dst {
            let (start, weights) = span(x);
            // A span near the end starts earlier, its extra pixels weighted zero (`taps`
            // never exceeds `src`).
            let padded = start.min(src - taps);
            let row = spans.weights.len();
            spans.weights.extend(std::iter::repeat_n(0, start - padded));
            spans.weights.extend(weights);
            spans.weights.resize(row + taps, 0);
            spans.starts.push(padded);
        }
        spans
    }

    /// Output pixel `x`'s first source pixel and its `taps` weights.
    fn span(&self, x: usize) -> (usize, &[u32]) {
        (self.starts[x], &self.weights[x * self.taps..][..self.taps])
    }
}

/// `n / d` for every `n <= max`, as `(n · m) >> k` when some `m`, `k` make that exact and
/// `max · m` fits `u64`, else by division.
///
/// With `m = ⌈2^k / d⌉` and `e = m·d − 2^k < d`: `n·m / 2^k = n/d + n·e / (d·2^k)`, and the
/// floor is `⌊n/d⌋` when `n·e < 2^k`, which `max·d <= 2^k` ensures.
#[derive(Clone, Copy)]
enum Divisor {
    Reciprocal { m: u64, k: u32 },
    Plain(u64),
}

impl Divisor {
    fn new(d: u64, max: u64) -> Divisor {
        let reciprocal = max.checked_mul(d).and_then(|bound| {
            let k = u64::BITS - bound.leading_zeros();
            let m = 1u64.checked_shl(k).filter(|_| k < 64)?.div_ceil(d);
            max.checked_mul(m).map(|_| Divisor::Reciprocal { m, k })
        });
        reciprocal.unwrap_or(Divisor::Plain(d))
    }

    #[inline(always)]
    fn divide(self, n: u64) -> u64 {
        match self {
            Divisor::Reciprocal { m, k } => (n * m) >> k,
            Divisor::Plain(d) => n / d,
        }
    }
}

/// The accumulator of a pass: `u32` when its sums fit, else `u64`.
trait Sum: Copy + Default + From<u8> + From<u16> + From<u32> + Into<u64> + AddAssign + Mul<Output = Self> {}
impl Sum for u32 {}
impl Sum for u64 {}

/// `source` scaled to `width` × `height` (each no larger than the source's), its rows read
/// once, in order; `lossy` is the source's.
pub fn downscale(source: &mut dyn Rows, width: u32, height: u32, lossy: bool) -> Result<Raster, FitError> {
    let (sw, sh, c) = (source.width() as usize, source.height() as usize, source.channels());
    let (dw, dh) = (width as usize, height as usize);
    let mut horizontal = Horizontal::new(source, sw, dw, c);
    let rows = Spans::new(sh, dh, 0);
    let scale = (sh as u64) << SHIFT;
    let divisor = Divisor::new(scale, 255 * scale + scale / 2);
    let pixels = if 255 * scale <= u64::from(u32::MAX) {
        vertical::<u32>(&mut horizontal, &rows, dh, scale / 2, divisor)?
    } else {
        vertical::<u64>(&mut horizontal, &rows, dh, scale / 2, divisor)?
    };
    Ok(Raster {
        width,
        height,
        channels: c,
        pixels,
        lossy,
    })
}

/// The horizontal pass: a source row to `dw` pixels with SHIFT extra bits, one row at a time
/// as the vertical pass asks for it. A sum is at most `255 · sw` (the weights of a pixel sum
/// to `sw`).
struct Horizontal<'a> {
    source: &'a mut dyn Rows,
    /// Values in a row out.
    line: usize,
    columns: Spans,
    divisor: Divisor,
    pass: Pass,
}

type Pass = fn(&[u8], &mut [u16], &Spans, Divisor);

impl<'a> Horizontal<'a> {
    fn new(source: &'a mut dyn Rows, sw: usize, dw: usize, c: usize) -> Horizontal<'a> {
        // Spans of up to 2, 4 or 8 pixels are padded to that many, a loop the compiler unrolls.
        let longest = Spans::new(sw, dw, 0).taps;
        let taps = [2, 4, 8].into_iter().find(|&t| longest <= t && t <= sw).unwrap_or(0);
        let scale = sw as u64;
        let pass = if 255 * scale <= u64::from(u32::MAX) {
            pass_for::<u32>(c, taps)
        } else {
            pass_for::<u64>(c, taps)
        };
        Horizontal {
            source,
            line: dw * c,
            columns: Spans::new(sw, dw, taps),
            divisor: Divisor::new(scale, ((255 * scale) << SHIFT) + scale / 2),
            pass,
        }
    }

    /// The next source row into `out`.
    fn row(&mut self, out: &mut [u16]) -> Result<(), FitError> {
        let source = self.source.next_row()?;
        (self.pass)(source, out, &self.columns, self.divisor);
        Ok(())
    }
}

/// The horizontal pass for `c` channels and spans of `taps` pixels (0: any number).
fn pass_for<S: Sum>(c: usize, taps: usize) -> Pass {
    match (c, taps) {
        (3, 2) => horizontal::<S, 3, 2>,
        (3, 4) => horizontal::<S, 3, 4>,
        (3, 8) => horizontal::<S, 3, 8>,
        (4, 2) => horizontal::<S, 4, 2>,
        (4, 4) => horizontal::<S, 4, 4>,
        (4, 8) => horizontal::<S, 4, 8>,
        (1, _) => horizontal::<S, 1, 0>,
        (2, _) => horizontal::<S, 2, 0>,
        (3, _) => horizontal::<S, 3, 0>,
        // A raster has 1 to 4 channels.
        _ => horizontal::<S, 4, 0>,
    }
}

/// One row for `C` channels; `T` pixels a span when not 0 (`columns.taps` then).
fn horizontal<S: Sum, const C: usize, const T: usize>(
    source: &[u8],
    out: &mut [u16],
    columns: &Spans,
    divisor: Divisor,
) {
    let half = (source.len() / C) as u64 / 2;
    let taps = if T == 0 { columns.taps } else { T };
    for ((out, &start), weights) in (out.chunks_exact_mut(C))
        .zip(&columns.starts)
        .zip(columns.weights.chunks_exact(taps))
    {
        let src = &source[start * C..][..taps * C];
        let mut sums = [S::default(); C];
        for (px, &w) in src.chunks_exact(C).zip(weights) {
            for (sum, &v) in sums.iter_mut().zip(px) {
                *sum += S::from(v) * S::from(w);
            }
        }
        for (slot, sum) in out.iter_mut().zip(sums) {
            *slot = divisor.divide((sum.into() << SHIFT) + half) as u16;
        }
    }
}

/// Vertical pass: `dh` rows, rounded to 8 bits. A value of the horizontal pass is at most
/// `255 << SHIFT`, so a sum is at most `255 · (sh << SHIFT)`. The horizontal rows a span needs
/// are made as it first needs them and kept in a ring of `rows.taps` rows: spans only move
/// down, so the rows of one span are the last ones made.
fn vertical<S: Sum>(
    horizontal: &mut Horizontal,
    rows: &Spans,
    dh: usize,
    half: u64,
    divisor: Divisor,
) -> Result<Vec<u8>, FitError> {
    let (line, taps) = (horizontal.line, rows.taps);
    let mut ring = vec![0u16; taps * line];
    let mut made = 0;
    let mut pixels = vec![0u8; dh * line];
    let mut sums = vec![S::default(); line];
    for (y, out_row) in pixels.chunks_exact_mut(line.max(1)).enumerate() {
        let (start, weights) = rows.span(y);
        while made < start + taps {
            horizontal.row(&mut ring[made % taps * line..][..line])?;
            made += 1;
        }
        sums.iter_mut().for_each(|s| *s = S::default());
        for (k, &w) in weights.iter().enumerate() {
            if w == 0 {
                continue;
            }
            let row = &ring[(start + k) % taps * line..][..line];
            let w = S::from(w);
            for (s, &v) in sums.iter_mut().zip(row) {
                *s += S::from(v) * w;
            }
        }
        for (out, &s) in out_row.iter_mut().zip(&sums) {
            *out = divisor.divide(s.into() + half).min(255) as u8;
        }
    }
    Ok(pixels)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fit::rows::RasterRows;
    use proptest::prelude::*;

    fn scaled(raster: &Raster, width: u32, height: u32) -> Raster {
        downscale(&mut RasterRows::new(raster), width, height, false).expect("rows of a raster")
    }

    fn gray(width: u32, height: u32, pixels: Vec<u8>) -> Raster {
        Raster {
            width,
            height,
            channels: 1,
            pixels,
            lossy: false,
        }
    }

    /// The first implementation, unpadded spans and division by division in `u64`: the
    /// reference.
    fn reference(raster: &Raster, width: u32, height: u32) -> Vec<u8> {
        let spans = |src: usize, dst: usize| -> Vec<(usize, Vec<u64>)> {
            (0..dst)
                .map(|x| {
                    let (lo, hi) = (x * src, (x + 1) * src);
                    let start = lo / dst;
                    let weights = (start..hi.div_ceil(dst))
                        .map(|i| (((i + 1) * dst).min(hi) - (i * dst).max(lo)) as u64)
                        .collect();
                    (start, weights)
                })
                .collect()
        };
        let (sw, sh, c) = (raster.width as usize, raster.height as usize, raster.channels);
        let (dw, dh) = (width as usize, height as usize);
        let (columns, rows) = (spans(sw, dw), spans(sh, dh));
        let scale = sw as u64;
        let mut wide = vec![0u16; sh * dw * c];
        for (y, out_row) in wide.chunks_exact_mut(dw * c).enumerate() {
            for ((start, weights), out) in columns.iter().zip(out_row.chunks_exact_mut(c)) {
                for (ch, slot) in out.iter_mut().enumerate() {
                    let sum: u64 = (weights.iter().enumerate())
                        .map(|(k, w)| u64::from(raster.pixels[(y * sw + start + k) * c + ch]) * w)
                        .sum();
                    *slot = (((sum << SHIFT) + scale / 2) / scale) as u16;
                }
            }
        }
        let scale = (sh as u64) << SHIFT;
        let line = dw * c;
        let mut pixels = vec![0u8; dh * line];
        for ((start, weights), out_row) in rows.iter().zip(pixels.chunks_exact_mut(line)) {
            for (i, out) in out_row.iter_mut().enumerate() {
                let s: u64 = (weights.iter().enumerate())
                    .map(|(k, w)| u64::from(wide[(start + k) * line + i]) * w)
                    .sum();
                *out = ((s + scale / 2) / scale).min(255) as u8;
            }
        }
        pixels
    }

    fn image() -> impl Strategy<Value = (Raster, u32, u32)> {
        (1u32..70, 1u32..70, 1usize..=4).prop_flat_map(|(w, h, c)| {
            let pixels = prop::collection::vec(any::<u8>(), (w * h) as usize * c);
            (pixels, 1..=w, 1..=h).prop_map(move |(pixels, dw, dh)| {
                let raster = Raster {
                    width: w,
                    height: h,
                    channels: c,
                    pixels,
                    lossy: false,
                };
                (raster, dw, dh)
            })
        })
    }

    proptest! {
        #[test]
        fn equals_the_reference((raster, w, h) in image()) {
            prop_assert_eq!(scaled(&raster, w, h).pixels, reference(&raster, w, h));
        }

        /// The `u64` sums and plain division (for sides too long for `u32` and reciprocals),
        /// with spans of any length or padded to 2, 4 or 8 pixels, give the reference's pixels.
        #[test]
        fn every_pass_agrees((raster, w, h) in image()) {
            let (sw, sh, c) = (raster.width as usize, raster.height as usize, raster.channels);
            let (dw, dh) = (w as usize, h as usize);
            let longest = Spans::new(sw, dw, 0).taps;
            for taps in [0, 2, 4, 8].into_iter().filter(|&t| t == 0 || (longest..=sw).contains(&t)) {
                let mut source = RasterRows::new(&raster);
                let mut horizontal = Horizontal {
                    source: &mut source,
                    line: dw * c,
                    columns: Spans::new(sw, dw, taps),
                    divisor: Divisor::Plain(sw as u64),
                    pass: pass_for::<u64>(c, taps),
                };
                let scale = (sh as u64) << SHIFT;
                let rows = Spans::new(sh, dh, 0);
                let pixels = vertical::<u64>(&mut horizontal, &rows, dh, scale / 2, Divisor::Plain(scale))?;
                prop_assert_eq!(pixels, reference(&raster, w, h), "{} taps", taps);
            }
        }

        /// A reciprocal divides exactly every numerator up to its bound.
        #[test]
        fn reciprocals_are_exact(d in 1u64..(1 << 26), max_factor in 1u64..(1 << 15), n in any::<u64>()) {
            let max = d * max_factor + d / 2;
            let divisor = Divisor::new(d, max);
            for n in [0, 1, d - 1, d, max, max - 1, n % (max + 1), (n % max_factor) * d, ((n % max_factor) * d).saturating_sub(1)] {
                prop_assert_eq!(divisor.divide(n), n / d, "{} / {}", n, d);
            }
        }
    }

    /// Sides up to 8400 px (a tall page) and beyond divide by reciprocals in both passes.
    #[test]
    fn long_sides_get_reciprocals() {
        for side in [2160u64, 3840, 8400, 65_535] {
            let horizontal = Divisor::new(side, ((255 * side) << SHIFT) + side / 2);
            let scale = side << SHIFT;
            let vertical = Divisor::new(scale, 255 * scale + scale / 2);
            for divisor in [horizontal, vertical] {
                assert!(matches!(divisor, Divisor::Reciprocal { .. }), "{side}");
            }
        }
    }

    #[test]
    fn halving_averages_pairs() {
        let r = scaled(&gray(4, 2, vec![0, 10, 20, 40, 100, 110, 120, 140]), 2, 1);
        assert_eq!(r.pixels, [55, 80]);
    }

    #[test]
    fn fractional_overlaps_weigh_by_area() {
        // 3 -> 2: output 0 covers source 0 fully and half of source 1.
        let r = scaled(&gray(3, 1, vec![0, 90, 180]), 2, 1);
        assert_eq!(r.pixels, [30, 150]);
    }

    #[test]
    fn same_size_is_identity() {
        let pixels: Vec<u8> = (0..=255).collect();
        let r = scaled(&gray(16, 16, pixels.clone()), 16, 16);
        assert_eq!(r.pixels, pixels);
    }
}
