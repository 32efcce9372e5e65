//! Large strings kept out of the JSON text ("leaves"): the host copies each into the module once
//! and references it from the text by a placeholder; every leaf the core passes through
//! unchanged goes back as the same placeholder, so the host hands back its own string instead
//! of decoding a copy. The protocol is the core's (`__private::placeholders`); this module
//! reads the leaf table.

use mcp_tool_result::{Code, ConvertError};

/// The leaves described by `count` `(ptr, len)` pairs of little-endian `u32` at `table`.
///
/// # Safety
/// `table` must point to `count * 8` readable bytes, and each pair to readable memory that
/// outlives the call.
pub unsafe fn read<'a>(table: u32, count: u32) -> Result<Vec<&'a str>, ConvertError> {
    (0..count as usize)
        .map(|i| {
            // SAFETY: guaranteed by the caller.
            let (ptr, len) = unsafe {
                let entry = (table as usize + i * 8) as *const [u8; 4];
                (
                    u32::from_le_bytes(entry.read()),
                    u32::from_le_bytes(entry.add(1).read()),
                )
            };
            // SAFETY: guaranteed by the caller.
            unsafe { crate::abi::text(ptr, len, Code::InvalidJson, "a large string") }
        })
        .collect()
}
