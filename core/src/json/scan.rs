//! Finding the bytes a JSON string cannot hold as they are, 16 to 64 bytes per step.

/// Index of the first byte that is `"`, `\` or a control character (< 0x20), or `bytes.len()`.
#[inline]
pub(crate) fn find_special(bytes: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        if bytes.len() >= 256 && std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: AVX2 support was just checked.
            return unsafe { find_special_avx2(bytes) };
        }
        find_special_sse2(bytes)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        find_special_scalar(bytes, 0)
    }
}

#[inline]
fn find_special_scalar(bytes: &[u8], from: usize) -> usize {
    bytes[from..]
        .iter()
        .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
        .map_or(bytes.len(), |p| from + p)
}

#[cfg(target_arch = "x86_64")]
fn find_special_sse2(bytes: &[u8]) -> usize {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };
    let mut i = 0;
    // SAFETY: SSE2 is part of the x86_64 baseline; every load reads 16 bytes inside `bytes`
    // (`i + 16 <= len` is checked before each one).
    unsafe {
        let quote = _mm_set1_epi8(b'"' as i8);
        let backslash = _mm_set1_epi8(b'\\' as i8);
        let control_max = _mm_set1_epi8(0x1f);
        let mask_of = |chunk: __m128i| {
            let q = _mm_cmpeq_epi8(chunk, quote);
            let s = _mm_cmpeq_epi8(chunk, backslash);
            let c = _mm_cmpeq_epi8(_mm_min_epu8(chunk, control_max), chunk);
            _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(q, s), c)) as u32
        };
        while i + 32 <= bytes.len() {
            let a = mask_of(_mm_loadu_si128(bytes.as_ptr().add(i) as *const __m128i));
            let b = mask_of(_mm_loadu_si128(bytes.as_ptr().add(i + 16) as *const __m128i));
            let m = a | (b << 16);
            if m != 0 {
                return i + m.trailing_zeros() as usize;
            }
            i += 32;
        }
        while i + 16 <= bytes.len() {
            let m = mask_of(_mm_loadu_si128(bytes.as_ptr().add(i) as *const __m128i));
            if m != 0 {
                return i + m.trailing_zeros() as usize;
            }
            i += 16;
        }
    }
    find_special_scalar(bytes, i)
}

/// The AVX2 version of [`find_special_sse2`], 64 bytes per step, for long strings (payloads).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn find_special_avx2(bytes: &[u8]) -> usize {
    use std::arch::x86_64::{
        __m256i, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_min_epu8, _mm256_movemask_epi8, _mm256_or_si256,
        _mm256_set1_epi8,
    };
    let quote = _mm256_set1_epi8(b'"' as i8);
    let backslash = _mm256_set1_epi8(b'\\' as i8);
    let control_max = _mm256_set1_epi8(0x1f);
    let mask_of = |chunk: __m256i| {
        let q = _mm256_cmpeq_epi8(chunk, quote);
        let s = _mm256_cmpeq_epi8(chunk, backslash);
        let c = _mm256_cmpeq_epi8(_mm256_min_epu8(chunk, control_max), chunk);
        _mm256_movemask_epi8(_mm256_or_si256(_mm256_or_si256(q, s), c)) as u32 as u64
    };
    let mut i = 0;
    while i + 64 <= bytes.len() {
        // SAFETY: both 32-byte loads lie inside `bytes` (`i + 64 <= len`).
        let (a, b) = unsafe {
            (
                mask_of(_mm256_loadu_si256(bytes.as_ptr().add(i) as *const __m256i)),
                mask_of(_mm256_loadu_si256(bytes.as_ptr().add(i + 32) as *const __m256i)),
            )
        };
        let m = a | (b << 32);
        if m != 0 {
            return i + m.trailing_zeros() as usize;
        }
        i += 64;
    }
    i + find_special_sse2(&bytes[i..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_special_bytes_at_every_offset() {
        for len in (0..70).chain(250..330) {
            for at in 0..=len {
                let mut bytes = vec![b'A'; len];
                if at < len {
                    bytes[at] = [b'"', b'\\', 0x1f, 0x00][at % 4];
                }
                assert_eq!(find_special(&bytes), at, "len {len} at {at}");
            }
        }
    }
}
