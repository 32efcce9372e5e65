//! The exported functions. Pointers and lengths are `u32` offsets into the module's memory.

use std::alloc::{alloc, dealloc, Layout};

use mcp_tool_result::__private::{bytes_pointers, json_pointer, placeholders, PointerToken};
use mcp_tool_result::{json, Code, ConvertError, Door, Options, Target, Value};

use crate::{leaves, output};

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
/// as JSON text at `opts_ptr` (length 0: none). Returns the status (0 ok, 1 error); on success
/// the bytes list names where the Conversion holds bytes (base64 in the text).
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
        let target: Target = target?.parse()?;
        let options = Options::from_json(options?)?;
        let out = mcp_tool_result::convert_str(input, target, &options)?.into_value();
        Ok((json::to_string(&out), output::pointer_list(bytes_pointers(&out))))
    }))
}

/// Extracts the images of the JSON text at `in_ptr`, with options as JSON text at `opts_ptr`
/// (length 0: none). Returns the status (0 ok, 1 error). An Extraction holds no bytes values:
/// the bytes list is `[]`.
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
        let out = mcp_tool_result::extract_images_json(input, options?)?;
        Ok((out, String::from("[]")))
    }))
}

/// [`mtr_convert`] with large strings kept out of the text: `leaves_ptr` holds `leaves_count`
/// `(ptr, len)` pairs of little-endian `u32`, each a UTF-8 string that the text references by a
/// placeholder (`"\u0000<index>"`; the grammar is the core's `__private::placeholders`). In the
/// output, a leaf that passed through unchanged, or bytes made of one, is that placeholder
/// again, and any other string starting with U+0000 has one more U+0000 in front.
///
/// # Safety
/// As for [`mtr_convert`]; `leaves_ptr` and every pair in it must denote readable memory.
#[no_mangle]
pub unsafe extern "C" fn mtr_convert_leaves(
    in_ptr: u32,
    in_len: u32,
    target_ptr: u32,
    target_len: u32,
    opts_ptr: u32,
    opts_len: u32,
    leaves_ptr: u32,
    leaves_count: u32,
) -> u32 {
    // SAFETY: forwarded from the caller.
    let (input, target, options, leaves) = unsafe {
        (
            text(in_ptr, in_len, Code::InvalidJson, "input"),
            text(target_ptr, target_len, Code::UnsupportedTarget, "target"),
            text(opts_ptr, opts_len, Code::InvalidOption, "options"),
            leaves::read(leaves_ptr, leaves_count),
        )
    };
    output::store((|| {
        let target: Target = target?.parse()?;
        let options = Options::from_json(options?)?;
        let value = placeholders::attach(json::parse(input?)?, &leaves?)?;
        let mut out = mcp_tool_result::convert(value, target, &options)?.into_value();
        let pointers = output::pointer_list(bytes_pointers(&out));
        placeholders::detach(&mut out);
        Ok((json::to_string(&out), pointers))
    })())
}

/// [`mtr_extract_images`] with large strings kept out of the text, as for
/// [`mtr_convert_leaves`].
///
/// # Safety
/// As for [`mtr_convert_leaves`].
#[no_mangle]
pub unsafe extern "C" fn mtr_extract_images_leaves(
    in_ptr: u32,
    in_len: u32,
    opts_ptr: u32,
    opts_len: u32,
    leaves_ptr: u32,
    leaves_count: u32,
) -> u32 {
    // SAFETY: forwarded from the caller.
    let (input, options, leaves) = unsafe {
        (
            text(in_ptr, in_len, Code::InvalidJson, "input"),
            text(opts_ptr, opts_len, Code::InvalidOption, "options"),
            leaves::read(leaves_ptr, leaves_count),
        )
    };
    output::store((|| {
        // The options' error comes before the input's, as in `mtr_extract_images`.
        let options = Options::from_json_for(Door::ExtractImages, options?)?;
        let value = placeholders::attach(json::parse(input?)?, &leaves?)?;
        let mut out = mcp_tool_result::extract_images(value, &options)?.into_value();
        placeholders::detach(&mut out);
        Ok((json::to_string(&out), String::from("[]")))
    })())
}

/// Writes the core's target names, a JSON array of strings in documentation order, to the
/// output slot. Returns status 0.
#[no_mangle]
pub extern "C" fn mtr_target_names() -> u32 {
    let names = mcp_tool_result::target_names().into_iter().map(Value::string).collect();
    output::store(Ok((json::to_string(&Value::Array(names)), String::from("[]"))))
}

/// Writes the JSON Pointer of the tokens at `tokens_ptr` (a JSON array of strings: keys, or
/// indices in decimal; outermost first) to the output slot as a JSON string. Returns the status
/// (0 ok, 1 error: not an array of strings).
///
/// # Safety
/// `(tokens_ptr, tokens_len)` must denote readable memory of the module (e.g. from `mtr_alloc`).
#[no_mangle]
pub unsafe extern "C" fn mtr_json_pointer(tokens_ptr: u32, tokens_len: u32) -> u32 {
    // SAFETY: forwarded from the caller.
    let tokens = unsafe { text(tokens_ptr, tokens_len, Code::InvalidJson, "tokens") };
    output::store(tokens.and_then(|tokens| {
        let not_strings = || ConvertError::new(Code::InvalidJson, "", "the tokens must be an array of strings");
        let Value::Array(tokens) = json::parse(tokens)? else {
            return Err(not_strings());
        };
        let keys = tokens
            .iter()
            .map(|t| t.as_str().ok_or_else(not_strings))
            .collect::<Result<Vec<_>, _>>()?;
        let pointer = json_pointer(keys.into_iter().map(PointerToken::Key));
        Ok((json::to_string(&Value::string(pointer)), String::from("[]")))
    }))
}

/// The deepest nesting of arrays and objects the core accepts (hosts lowering values into JSON
/// text stop at the same depth).
#[no_mangle]
pub extern "C" fn mtr_max_depth() -> u32 {
    mcp_tool_result::MAX_DEPTH as u32
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

/// Whether every byte is ASCII, 64 bytes at a time: the large strings (base64 payloads) are
/// ASCII, and `str::from_utf8` reads them 4 bytes at a time on wasm32.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
fn is_ascii(bytes: &[u8]) -> bool {
    use std::arch::wasm32::{u8x16_bitmask, v128, v128_load, v128_or};
    let mut chunks = bytes.chunks_exact(64);
    for chunk in &mut chunks {
        let at = chunk.as_ptr().cast::<v128>();
        // SAFETY: the chunk holds 4 vectors' bytes; v128_load takes any alignment.
        let any = unsafe {
            v128_or(
                v128_or(v128_load(at), v128_load(at.add(1))),
                v128_or(v128_load(at.add(2)), v128_load(at.add(3))),
            )
        };
        if u8x16_bitmask(any) != 0 {
            return false;
        }
    }
    chunks.remainder().is_ascii()
}

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
fn is_ascii(bytes: &[u8]) -> bool {
    bytes.is_ascii()
}

/// The UTF-8 text at `(ptr, len)`; bytes that are not UTF-8 fail with `code`.
///
/// # Safety
/// `(ptr, len)` must denote readable memory that outlives the call (or `len == 0`).
pub(crate) unsafe fn text<'a>(ptr: u32, len: u32, code: Code, what: &str) -> Result<&'a str, ConvertError> {
    if len == 0 {
        return Ok("");
    }
    // SAFETY: guaranteed by the caller.
    let bytes = unsafe { std::slice::from_raw_parts(ptr as *const u8, len as usize) };
    if is_ascii(bytes) {
        // SAFETY: ASCII is UTF-8.
        return Ok(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        ConvertError::new(code, "", format!("{what} is not UTF-8 (byte {at})"))
    })
}
