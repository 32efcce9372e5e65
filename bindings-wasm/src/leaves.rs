//! Large strings kept out of the JSON text ("leaves"): the host copies each into the module once
//! and references it from the text by the placeholder string `"\u0000<index>"`; every string of
//! the output that is a leaf passed through unchanged goes back as the same placeholder, so the
//! host hands back its own string instead of decoding a copy. Any other output string starting
//! with U+0000 gets one more U+0000 in front, so placeholders stay unambiguous.

use mcp_tool_result::{Code, ConvertError, HostId, Map, Str, Value};

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

/// `value` with each placeholder replaced by its leaf, as a host string with the leaf's index.
pub fn attach<'a>(value: Value<'a>, leaves: &[&'a str]) -> Result<Value<'a>, ConvertError> {
    Ok(match value {
        Value::String(s) if s.as_str().starts_with('\0') => {
            let leaf = s.as_str()[1..]
                .parse::<u32>()
                .ok()
                .and_then(|i| Some((i, *leaves.get(i as usize)?)));
            let (i, text) = leaf.ok_or_else(|| {
                ConvertError::new(Code::InternalError, "", format!("no large string for {:?}", s.as_str()))
            })?;
            Value::String(Str::host(text, HostId(i)))
        }
        Value::Array(items) => Value::Array(items.into_iter().map(|v| attach(v, leaves)).collect::<Result<_, _>>()?),
        Value::Object(map) => {
            let entries = map.into_entries();
            let mut out = Map::with_capacity(entries.len());
            for (key, v) in entries {
                out.push(key, attach(v, leaves)?);
            }
            Value::Object(out)
        }
        other => other,
    })
}

/// `value` with each unchanged leaf replaced by its placeholder.
pub fn detach(value: Value<'_>) -> Value<'_> {
    match value {
        Value::String(s) => match s.host_id() {
            Some(HostId(i)) => Value::string(format!("\0{i}")),
            None if s.as_str().starts_with('\0') => Value::string(format!("\0{}", s.as_str())),
            None => Value::String(s),
        },
        Value::Array(items) => Value::Array(items.into_iter().map(detach).collect()),
        Value::Object(map) => {
            let entries = map.into_entries();
            let mut out = Map::with_capacity(entries.len());
            for (key, v) in entries {
                out.push(key, detach(v));
            }
            Value::Object(out)
        }
        other => other,
    }
}
