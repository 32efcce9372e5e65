//! The forward DCT (the islow integer method of Loeffler, Ligtenberg and Moschytz, in 13-bit
//! fixed point with 2 extra bits between the passes; results scaled by 8) and quantization.
//!
//! A block is 8 lanes of 8 values. The row pass runs with one lane per row (the block is
//! gathered transposed), the column pass with one lane per column after a transpose, so each
//! step is one 8-lane operation.

/// 8 lanes.
type Lanes = [i32; 8];

/// Fixed-point constants: `round(c · 2^13)`.
const C0_298: i32 = 2446;
const C0_390: i32 = 3196;
const C0_541: i32 = 4433;
const C0_765: i32 = 6270;
const C0_899: i32 = 7373;
const C1_175: i32 = 9633;
const C1_501: i32 = 12299;
const C1_847: i32 = 15137;
const C1_961: i32 = 16069;
const C2_053: i32 = 16819;
const C2_562: i32 = 20995;
const C3_072: i32 = 25172;
const CONST_BITS: u32 = 13;
const PASS1_BITS: u32 = 2;

/// 8×8 samples at `plane[0..]` (rows `stride` apart), minus 128, transposed: lane `y` of
/// vector `x` is the sample at row `y`, column `x`.
#[inline(always)]
pub(super) fn gather(plane: &[u8], stride: usize) -> [Lanes; 8] {
    let mut block = [[0; 8]; 8];
    for y in 0..8 {
        let row = &plane[y * stride..][..8];
        for x in 0..8 {
            block[x][y] = i32::from(row[x]) - 128;
        }
    }
    block
}

/// One 1-D pass over 8 inputs `v[0..8]`, lane by lane (a loop the compiler turns into 8-lane
/// operations). The row pass (`FIRST`) keeps `PASS1_BITS` extra bits; the column pass removes
/// them.
#[inline(always)]
fn pass<const FIRST: bool>(v: &[Lanes; 8]) -> [Lanes; 8] {
    let (even_shift, odd_shift) = if FIRST {
        (0, CONST_BITS - PASS1_BITS)
    } else {
        (PASS1_BITS, CONST_BITS + PASS1_BITS)
    };
    // Right shift by `n`, rounding half up.
    let descale = |x: i32, n: u32| (x + (1 << (n - 1))) >> n;
    let mut out = [[0; 8]; 8];
    for i in 0..8 {
        let tmp0 = v[0][i] + v[7][i];
        let tmp7 = v[0][i] - v[7][i];
        let tmp1 = v[1][i] + v[6][i];
        let tmp6 = v[1][i] - v[6][i];
        let tmp2 = v[2][i] + v[5][i];
        let tmp5 = v[2][i] - v[5][i];
        let tmp3 = v[3][i] + v[4][i];
        let tmp4 = v[3][i] - v[4][i];

        // Even part.
        let tmp10 = tmp0 + tmp3;
        let tmp13 = tmp0 - tmp3;
        let tmp11 = tmp1 + tmp2;
        let tmp12 = tmp1 - tmp2;
        if FIRST {
            out[0][i] = (tmp10 + tmp11) << PASS1_BITS;
            out[4][i] = (tmp10 - tmp11) << PASS1_BITS;
        } else {
            out[0][i] = descale(tmp10 + tmp11, even_shift);
            out[4][i] = descale(tmp10 - tmp11, even_shift);
        }
        let z1 = (tmp12 + tmp13) * C0_541;
        out[2][i] = descale(z1 + tmp13 * C0_765, odd_shift);
        out[6][i] = descale(z1 - tmp12 * C1_847, odd_shift);

        // Odd part.
        let z5 = (tmp4 + tmp6 + tmp5 + tmp7) * C1_175;
        let z1 = (tmp4 + tmp7) * -C0_899;
        let z2 = (tmp5 + tmp6) * -C2_562;
        let z3 = (tmp4 + tmp6) * -C1_961 + z5;
        let z4 = (tmp5 + tmp7) * -C0_390 + z5;
        out[7][i] = descale(tmp4 * C0_298 + z1 + z3, odd_shift);
        out[5][i] = descale(tmp5 * C2_053 + z2 + z4, odd_shift);
        out[3][i] = descale(tmp6 * C3_072 + z2 + z3, odd_shift);
        out[1][i] = descale(tmp7 * C1_501 + z1 + z4, odd_shift);
    }
    out
}

/// The DCT of a block from [`gather`]: coefficient `(v, u)` (vertical, horizontal frequency)
/// at `[v][u]`, scaled by 8.
#[inline(always)]
pub(super) fn forward(transposed: &[Lanes; 8]) -> [Lanes; 8] {
    // Row pass: vector u holds frequency u of every row.
    let rows = pass::<true>(transposed);
    // Column pass over vectors of one row each: vector v holds frequency v of every column.
    let columns: [Lanes; 8] = std::array::from_fn(|y| std::array::from_fn(|u| rows[u][y]));
    pass::<false>(&columns)
}

/// Division by a quantization table entry × 8 (the DCT's scale), rounded half up in
/// magnitude: `((|v| + c) · r) >> 15` with libjpeg-turbo's reciprocal `r` and correction `c`.
pub(super) struct Quantizer {
    reciprocals: [i32; 64],
    corrections: [i32; 64],
}

const RECIPROCAL_SHIFT: u32 = 15;

impl Quantizer {
    /// For a scaled table (natural order, entries 1–255).
    pub(super) fn new(table: &[u8; 64]) -> Quantizer {
        let mut reciprocals = [0; 64];
        let mut corrections = [0; 64];
        for (i, &q) in table.iter().enumerate() {
            let divisor = u32::from(q) << 3;
            let mut reciprocal = (1 << RECIPROCAL_SHIFT) / divisor;
            let remainder = (1 << RECIPROCAL_SHIFT) % divisor;
            let mut correction = divisor / 2;
            if remainder != 0 {
                if remainder <= correction {
                    correction += 1;
                } else {
                    reciprocal += 1;
                }
            }
            reciprocals[i] = reciprocal as i32;
            corrections[i] = correction as i32;
        }
        Quantizer {
            reciprocals,
            corrections,
        }
    }

    /// The quantized coefficients of a DCT block, in natural order. Branch-free: with `s` the
    /// sign mask of `x`, `(x ^ s) − s` is `|x|` and `(m ^ s) − s` gives `m` the sign of `x`.
    #[inline(always)]
    pub(super) fn quantize(&self, block: &[Lanes; 8]) -> [i32; 64] {
        let block = block.as_flattened();
        let mut out = [0i32; 64];
        for i in 0..64 {
            let x = block[i];
            let sign = x >> 31;
            let magnitude = (((x ^ sign) - sign + self.corrections[i]) * self.reciprocals[i]) >> RECIPROCAL_SHIFT;
            out[i] = (magnitude ^ sign) - sign;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The DCT by its definition, in floating point: `F(v, u) = c(u) c(v) / 4 · Σ f(y, x)
    /// cos((2x + 1) u π / 16) cos((2y + 1) v π / 16)`, × 8.
    fn definition(samples: &[[i32; 8]; 8]) -> [[f64; 8]; 8] {
        let c = |k: usize| if k == 0 { std::f64::consts::FRAC_1_SQRT_2 } else { 1.0 };
        let basis = |n: usize, k: usize| (((2 * n + 1) * k) as f64 * std::f64::consts::PI / 16.0).cos();
        std::array::from_fn(|v| {
            std::array::from_fn(|u| {
                let mut sum = 0.0;
                for (y, row) in samples.iter().enumerate() {
                    for (x, &s) in row.iter().enumerate() {
                        sum += f64::from(s) * basis(x, u) * basis(y, v);
                    }
                }
                2.0 * c(u) * c(v) * sum
            })
        })
    }

    /// The integer DCT is within 2 of the exact one (× 8) on a ramp and on a checkerboard.
    #[test]
    fn close_to_the_definition() {
        let ramp: [[i32; 8]; 8] = std::array::from_fn(|y| std::array::from_fn(|x| (x * 30 + y * 3) as i32 - 128));
        let board: [[i32; 8]; 8] =
            std::array::from_fn(|y| std::array::from_fn(|x| if (x + y) % 2 == 0 { 127 } else { -128 }));
        for samples in [ramp, board] {
            let bytes: Vec<u8> = samples.iter().flatten().map(|&s| (s + 128) as u8).collect();
            let ours = forward(&gather(&bytes, 8));
            let exact = definition(&samples);
            for v in 0..8 {
                for u in 0..8 {
                    let diff = (f64::from(ours[v][u]) - exact[v][u]).abs();
                    assert!(diff <= 2.0, "({v}, {u}): {} vs {}", ours[v][u], exact[v][u]);
                }
            }
        }
    }

    #[test]
    fn quantizing_rounds_half_up_in_magnitude() {
        let q = Quantizer::new(&[10; 64]);
        let block: [Lanes; 8] = std::array::from_fn(|v| {
            if v == 0 {
                [0, 39, 40, 41, -39, -40, -41, 119]
            } else {
                [0; 8]
            }
        });
        let out = q.quantize(&block);
        assert_eq!(out[..8], [0, 0, 1, 1, 0, -1, -1, 1]);
    }
}
