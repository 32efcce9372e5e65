//! The last call's output and bytes pointers, kept until the next call.

use std::cell::RefCell;

use mcp_tool_result::{json, ConvertError, Map, Str, Value};

/// Status of a call whose output is the Conversion (or Extraction) JSON.
pub const OK: u32 = 0;
/// Status of a call whose output is an error object.
pub const ERROR: u32 = 1;

thread_local! {
    static OUT: RefCell<String> = const { RefCell::new(String::new()) };
    static BYTES: RefCell<String> = RefCell::new(String::from("[]"));
}

/// Stores a call's result and returns its status.
pub fn store(result: Result<(String, String), ConvertError>) -> u32 {
    let (status, out, bytes) = match result {
        Ok((out, bytes)) => (OK, out, bytes),
        Err(e) => (ERROR, error_json(&e), String::from("[]")),
    };
    OUT.with_borrow_mut(|slot| *slot = out);
    BYTES.with_borrow_mut(|slot| *slot = bytes);
    status
}

/// `(ptr, len)` of the last output.
pub fn out() -> (u32, u32) {
    OUT.with_borrow(|s| (s.as_ptr() as u32, s.len() as u32))
}

/// `(ptr, len)` of the last bytes pointer list.
pub fn bytes() -> (u32, u32) {
    BYTES.with_borrow(|s| (s.as_ptr() as u32, s.len() as u32))
}

/// JSON Pointers as the JSON array text of the bytes slot.
pub fn pointer_list(pointers: Vec<String>) -> String {
    json::to_string(&Value::Array(pointers.into_iter().map(Value::string).collect()))
}

/// An error as the JSON object `{"code","path","message"}`.
fn error_json(e: &ConvertError) -> String {
    let mut map = Map::with_capacity(3);
    map.push("code", Value::String(Str::borrowed(e.code().as_str())));
    map.push("path", Value::string(e.path()));
    map.push("message", Value::string(e.message()));
    json::to_string(&Value::Object(map))
}
