//! Huffman coding of quantized blocks with the Annex K tables, into a bit stream with 0xFF
//! bytes stuffed.

use super::ZIGZAG;

/// The Annex K tables as the DHT segments carry them (codes per length 1–16, then the
/// symbols): luminance DC, luminance AC, chrominance DC, chrominance AC.
pub(super) const STANDARD: [(&[u8; 16], &[u8]); 4] = [
    (
        &[0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    ),
    (&[0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D], &LUMA_AC),
    (
        &[0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    ),
    (&[0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77], &CHROMA_AC),
];

const LUMA_AC: [u8; 162] = [
    0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14,
    0x32, 0x81, 0x91, 0xA1, 0x08, 0x23, 0x42, 0xB1, 0xC1, 0x15, 0x52, 0xD1, 0xF0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09,
    0x0A, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A,
    0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64, 0x65,
    0x66, 0x67, 0x68, 0x69, 0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88,
    0x89, 0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA8, 0xA9,
    0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3, 0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA,
    0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xE1, 0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9, 0xEA,
    0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8, 0xF9, 0xFA,
];

const CHROMA_AC: [u8; 162] = [
    0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71, 0x13, 0x22, 0x32,
    0x81, 0x08, 0x14, 0x42, 0x91, 0xA1, 0xB1, 0xC1, 0x09, 0x23, 0x33, 0x52, 0xF0, 0x15, 0x62, 0x72, 0xD1, 0x0A, 0x16,
    0x24, 0x34, 0xE1, 0x25, 0xF1, 0x17, 0x18, 0x19, 0x1A, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x35, 0x36, 0x37, 0x38, 0x39,
    0x3A, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64,
    0x65, 0x66, 0x67, 0x68, 0x69, 0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x82, 0x83, 0x84, 0x85, 0x86,
    0x87, 0x88, 0x89, 0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7,
    0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3, 0xC4, 0xC5, 0xC6, 0xC7, 0xC8,
    0xC9, 0xCA, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9,
    0xEA, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8, 0xF9, 0xFA,
];

/// A Huffman code per symbol: `(code, length)`; length 0 for symbols without a code.
type Codes = [(u32, u32); 256];

/// The canonical codes of a table (Annex C): in order of length, each code one more than
/// the last, doubled at each new length.
fn codes(counts: &[u8; 16], symbols: &[u8]) -> Codes {
    let mut table = [(0, 0); 256];
    let (mut code, mut next) = (0u32, 0usize);
    for (length, &count) in (1u32..).zip(counts) {
        for &symbol in &symbols[next..next + usize::from(count)] {
            table[usize::from(symbol)] = (code, length);
            code += 1;
        }
        next += usize::from(count);
        code <<= 1;
    }
    table
}

/// The DC and AC codes of one kind of component.
pub(super) struct Pair {
    dc: Codes,
    ac: Codes,
}

/// The luminance and chrominance codes.
pub(super) struct Tables {
    pub luma: Pair,
    pub chroma: Pair,
}

impl Tables {
    pub(super) fn standard() -> Tables {
        let pair = |dc: usize, ac: usize| Pair {
            dc: codes(STANDARD[dc].0, STANDARD[dc].1),
            ac: codes(STANDARD[ac].0, STANDARD[ac].1),
        };
        Tables {
            luma: pair(0, 1),
            chroma: pair(2, 3),
        }
    }
}

/// Bit `k` set when zigzag coefficient `k` of `block` is not zero. The flags are taken in
/// natural order (contiguous lanes), each row's 8 flag bytes packed into 8 bits by one
/// multiplication, and the row's bits moved to zigzag order by [`ZIGZAG_BITS`].
#[inline(always)]
fn zigzag_mask(block: &[i32; 64]) -> u64 {
    let flags: [u8; 64] = std::array::from_fn(|i| u8::from(block[i] != 0));
    let mut mask = 0;
    for (row, bytes) in flags.chunks_exact(8).enumerate() {
        let mut word = [0; 8];
        word.copy_from_slice(bytes);
        // Byte `j` (0 or 1) times 2^(7k + 7) lands on bit 56 + j for k = 7 − j, every other
        // product on a distinct bit below 56 or past 63, so no carry reaches the top byte.
        let bits = u64::from_le_bytes(word).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        mask |= ZIGZAG_BITS[row][bits as usize];
    }
    mask
}

/// `ZIGZAG_BITS[row][bits]`: the zigzag-order mask of the coefficients of block row `row`
/// whose columns are set in `bits` (bit `c`: column `c`).
static ZIGZAG_BITS: [[u64; 256]; 8] = zigzag_bits();

const fn zigzag_bits() -> [[u64; 256]; 8] {
    let mut position = [0; 64];
    let mut k = 0;
    while k < 64 {
        position[ZIGZAG[k]] = k;
        k += 1;
    }
    let mut table = [[0; 256]; 8];
    let mut row = 0;
    while row < 8 {
        let mut bits = 0;
        while bits < 256 {
            let mut column = 0;
            while column < 8 {
                if bits >> column & 1 == 1 {
                    table[row][bits] |= 1 << position[row * 8 + column];
                }
                column += 1;
            }
            bits += 1;
        }
        row += 1;
    }
    table
}

/// A value's size category and its extra bits (`v − 1` in `size` bits when negative).
#[inline(always)]
fn category(value: i32) -> (u32, u32) {
    let size = u32::BITS - value.unsigned_abs().leading_zeros();
    let bits = (value - i32::from(value < 0)) as u32 & ((1u32 << size) - 1);
    (size, bits)
}

/// One block (quantized, natural order; coded in zigzag order): the DC difference from `dc`, then the AC run
/// lengths, 16-zero runs (0xF0) only before a non-zero coefficient, and an end of block
/// (0x00) when the last coefficient is zero.
#[cfg_attr(target_arch = "wasm32", inline(never))]
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
pub(super) fn encode_block(bits: &mut BitWriter, block: &[i32; 64], dc: &mut i32, codes: &Pair) {
    // The pending bits live in locals (registers) for the block, its bytes in the stage.
    let mut acc = Pending {
        bits: bits.pending,
        count: bits.count,
    };
    let mut out = Staged {
        bytes: &mut bits.stage,
        len: 0,
    };
    let (size, extra) = category(block[0] - *dc);
    *dc = block[0];
    let (code, length) = codes.dc[size as usize];
    acc.put(&mut out, code << size | extra, length + size);

    let mut nonzero = zigzag_mask(block) & !1;
    let mut last = 0;
    while nonzero != 0 {
        let i = nonzero.trailing_zeros();
        nonzero &= nonzero - 1;
        let mut run = i - last - 1;
        while run > 15 {
            let (code, length) = codes.ac[0xF0];
            acc.put(&mut out, code, length);
            run -= 16;
        }
        let (size, extra) = category(block[ZIGZAG[i as usize] & 63]);
        let (code, length) = codes.ac[(run << 4 | size) as usize];
        acc.put(&mut out, code << size | extra, length + size);
        last = i;
    }
    if last != 63 {
        let (code, length) = codes.ac[0x00];
        acc.put(&mut out, code, length);
    }
    let len = out.len;
    (bits.pending, bits.count) = (acc.bits, acc.count);
    bits.out.extend_from_slice(&bits.stage[..len]);
}

/// Bits not yet written: the low `count` bits of `bits` (higher bits are stale).
struct Pending {
    bits: u64,
    count: u32,
}

impl Pending {
    /// Appends the low `length` bits of `value` (`length` at most 32), writing each full
    /// 32 bits to `out`.
    #[inline(always)]
    fn put(&mut self, out: &mut Staged<'_>, value: u32, length: u32) {
        self.bits = self.bits << length | u64::from(value);
        self.count += length;
        if self.count >= 32 {
            self.count -= 32;
            out.word((self.bits >> self.count) as u32);
        }
    }
}

/// The bytes of one block, gathered in the writer's stage and added to the output at once (one
/// capacity check a block, not one a word). A block codes at most 64 coefficients of at most
/// 27 bits (a 16-bit code and 11 extra bits), 3 runs of 16 zeros and an end of block, after at
/// most 31 pending bits: under 230 bytes, twice that if every byte were stuffed.
struct Staged<'a> {
    bytes: &'a mut [u8; STAGE],
    len: usize,
}

const STAGE: usize = 512;

impl Staged<'_> {
    #[inline(always)]
    fn word(&mut self, word: u32) {
        // A byte of `word` is 0xFF when that byte of `!word` is zero.
        let inverted = !word;
        if inverted.wrapping_sub(0x0101_0101) & !inverted & 0x8080_8080 == 0 {
            self.bytes[self.len..][..4].copy_from_slice(&word.to_be_bytes());
            self.len += 4;
        } else {
            for byte in word.to_be_bytes() {
                self.push(byte);
            }
        }
    }

    #[inline(always)]
    fn push(&mut self, byte: u8) {
        self.bytes[self.len] = byte;
        self.len += 1;
        if byte == 0xFF {
            self.bytes[self.len] = 0;
            self.len += 1;
        }
    }
}

/// Bits written most significant first; each 0xFF byte is followed by 0x00.
pub(super) struct BitWriter {
    out: Vec<u8>,
    pending: u64,
    count: u32,
    stage: [u8; STAGE],
}

impl BitWriter {
    pub(super) fn new(out: Vec<u8>) -> BitWriter {
        BitWriter {
            out,
            pending: 0,
            count: 0,
            stage: [0; STAGE],
        }
    }

    /// The bytes, the last one padded with 1 bits.
    pub(super) fn finish(mut self) -> Vec<u8> {
        let mut acc = Pending {
            bits: self.pending,
            count: self.count,
        };
        let mut tail = Staged {
            bytes: &mut self.stage,
            len: 0,
        };
        let pad = (8 - acc.count % 8) % 8;
        if pad > 0 {
            acc.put(&mut tail, (1 << pad) - 1, pad);
        }
        while acc.count >= 8 {
            acc.count -= 8;
            tail.push((acc.bits >> acc.count) as u8);
        }
        let len = tail.len;
        self.out.extend_from_slice(&self.stage[..len]);
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The packed mask is the zigzag order's: bit `k` for coefficient `ZIGZAG[k]`.
    #[test]
    fn masks_follow_the_zigzag_order() {
        let mut state = 0x1234_5678u32;
        for _ in 0..2000 {
            let block: [i32; 64] = std::array::from_fn(|_| {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                // Mostly zeros, as quantized blocks are; any value otherwise.
                if state.is_multiple_of(3) {
                    state as i32
                } else {
                    0
                }
            });
            let direct = (0..64).fold(0u64, |m, k| m | u64::from(block[ZIGZAG[k]] != 0) << k);
            assert_eq!(zigzag_mask(&block), direct);
        }
    }

    #[test]
    fn categories() {
        assert_eq!(category(0), (0, 0));
        assert_eq!(category(1), (1, 1));
        assert_eq!(category(-1), (1, 0));
        assert_eq!(category(5), (3, 0b101));
        assert_eq!(category(-5), (3, 0b010));
        assert_eq!(category(-2047), (11, 0));
    }

    /// Annex K.3: luminance DC category 0 is `00`, 2 is `011`; luminance AC 0x00 (EOB) is
    /// `1010`, 0xF0 (ZRL) is `11111111001`.
    #[test]
    fn standard_codes() {
        let tables = Tables::standard();
        assert_eq!(tables.luma.dc[0], (0b00, 2));
        assert_eq!(tables.luma.dc[2], (0b011, 3));
        assert_eq!(tables.luma.ac[0x00], (0b1010, 4));
        assert_eq!(tables.luma.ac[0xF0], (0b111_1111_1001, 11));
        // Chrominance AC 0x00 (EOB) is `00`.
        assert_eq!(tables.chroma.ac[0x00], (0b00, 2));
    }

    fn written(puts: &[(u32, u32)]) -> Vec<u8> {
        let mut bits = BitWriter::new(Vec::new());
        let mut acc = Pending { bits: 0, count: 0 };
        let mut out = Staged {
            bytes: &mut bits.stage,
            len: 0,
        };
        for &(value, length) in puts {
            acc.put(&mut out, value, length);
        }
        let len = out.len;
        bits.out.extend_from_slice(&bits.stage[..len]);
        (bits.pending, bits.count) = (acc.bits, acc.count);
        bits.finish()
    }

    #[test]
    fn stuffs_and_pads() {
        assert_eq!(written(&[(0xFF, 8), (0b101, 3)]), [0xFF, 0x00, 0b1011_1111]);
        assert_eq!(
            written(&[(0x12FF_34FF, 32), (0x7F, 7)]),
            [0x12, 0xFF, 0, 0x34, 0xFF, 0, 0xFF, 0]
        );
    }
}
