//! The exported functions. Pointers and lengths are `u32` offsets into the module's memory.

use std::alloc::{alloc, dealloc, Layout};

use mcp_tool_result::{json, Code, ConvertError};

use crate::output;

/// Allocates `len` bytes for an argument and returns their address (0 when memory is exhausted;
/// a non-zero dangling address for `len == 0`).
#[no_mangle]
pub extern "C" fn mtr_alloc(len: u32) -> u32 {
    match Layout::from_size_align(len as usize, 1) {
        Ok(_) if len == 0 => 1,
        // SAFETY: the layout has a non-zero size.
        Ok(layout) => unsafe { alloc(layout) as u32 },
        Err(_) => 0,
    }
}

/// Frees memory from [`mtr_alloc`]; `len` must be the length it was allocated with.
///
/// # Safety
/// `ptr` must come from `mtr_alloc(len)` and not have been freed.
#[no_mangle]
pub unsafe extern "C" fn mtr_free(ptr: u32, len: u32) {
    if ptr != 0 && len != 0 {
        // SAFETY: the caller passes a pointer and length from `mtr_alloc`, whose layout had align 1.
        unsafe { dealloc(ptr as *mut u8, Layout::from_size_align_unchecked(len as usize, 1)) }
    }
}

/// Converts the JSON text at `in_ptr` for the target named at `target_ptr`, with options given
/// as JSON text at `opts_ptr` (length 0: none). Returns the status (0 ok, 1 error).
///
/// # Safety
/// Each `(ptr, len)` pair must denote readable memory of the module (e.g. from `mtr_alloc`).
#[no_mangle]
pub unsafe extern "C" fn mtr_convert(
    in_ptr: u32,
    in_len: u32,
    target_ptr: u32,
    target_len: u32,
    opts_ptr: u32,
    opts_len: u32,
) -> u32 {
    // SAFETY: forwarded from the caller.
    let (input, target, options) = unsafe {
        (
            text(in_ptr, in_len, Code::InvalidJson, "input"),
            text(target_ptr, target_len, Code::UnsupportedTarget, "target"),
            text(opts_ptr, opts_len, Code::InvalidOption, "options"),
        )
    };
    output::store(input.and_then(|input| {
        let out = json::convert_json(input, target?, options?)?;
        Ok((out, String::from("[]")))
    }))
}

/// Extracts the images of the JSON text at `in_ptr`, with options as JSON text at `opts_ptr`
/// (length 0: none). Returns the status (0 ok, 1 error).
///
/// # Safety
/// Each `(ptr, len)` pair must denote readable memory of the module (e.g. from `mtr_alloc`).
#[no_mangle]
pub unsafe extern "C" fn mtr_extract_images(in_ptr: u32, in_len: u32, opts_ptr: u32, opts_len: u32) -> u32 {
    // SAFETY: forwarded from the caller.
    let (input, options) = unsafe {
        (
            text(in_ptr, in_len, Code::InvalidJson, "input"),
            text(opts_ptr, opts_len, Code::InvalidOption, "options"),
        )
    };
    output::store(input.and_then(|input| {
        let out = json::extract_images_json(input, options?)?;
        Ok((out, String::from("[]")))
    }))
}

/// Address of the last call's output (the Conversion, Extraction or error JSON).
#[no_mangle]
pub extern "C" fn mtr_out_ptr() -> u32 {
    output::out().0
}

/// Length in bytes of the last call's output.
#[no_mangle]
pub extern "C" fn mtr_out_len() -> u32 {
    output::out().1
}

/// Address of the JSON array of pointers (into the output) where the value is bytes.
#[no_mangle]
pub extern "C" fn mtr_bytes_ptr() -> u32 {
    output::bytes().0
}

/// Length in bytes of the bytes pointer list.
#[no_mangle]
pub extern "C" fn mtr_bytes_len() -> u32 {
    output::bytes().1
}

/// The UTF-8 text at `(ptr, len)`; bytes that are not UTF-8 fail with `code`.
///
/// # Safety
/// `(ptr, len)` must denote readable memory that outlives the call (or `len == 0`).
unsafe fn text<'a>(ptr: u32, len: u32, code: Code, what: &str) -> Result<&'a str, ConvertError> {
    if len == 0 {
        return Ok("");
    }
    // SAFETY: guaranteed by the caller.
    let bytes = unsafe { std::slice::from_raw_parts(ptr as *const u8, len as usize) };
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        ConvertError::new(code, "", format!("{what} is not UTF-8 (byte {at})"))
    })
}
