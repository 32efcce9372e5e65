//! WebAssembly module of `mcp-tool-result`: the core's JSON-text entry points behind a small
//! C-like ABI with no imports, for hosts without a native addon (Workers, browsers, Deno, Node
//! as a fallback, Go through wazero).
//!
//! The host copies UTF-8 arguments into memory it got from [`mtr_alloc`], calls [`mtr_convert`]
//! or [`mtr_extract_images`], reads the output at [`mtr_out_ptr`] / [`mtr_out_len`] (status 0:
//! the Conversion or Extraction JSON, status 1: an error `{"code","path","message"}`) and frees
//! its arguments with [`mtr_free`]. The output stays valid until the next convert or extract
//! call. Every rule is the core's; this crate only moves text. Addresses are `u32`: the
//! module is meant for wasm32 (a host build only type-checks it for `cargo --workspace`).
//!
//! Built with `panic = "abort"`: the core does not panic on any input (its property tests in
//! `core/tests/no_panic.rs` hold it to that), so no unwinding is needed; a trap would reach the
//! host as a `WebAssembly.RuntimeError`, after which the host must drop the instance.

mod abi;
mod leaves;
mod output;

pub use abi::{
    mtr_alloc, mtr_bytes_len, mtr_bytes_ptr, mtr_convert, mtr_convert_leaves, mtr_extract_images,
    mtr_extract_images_leaves, mtr_free, mtr_json_pointer, mtr_max_depth, mtr_out_len, mtr_out_ptr, mtr_target_names,
};
