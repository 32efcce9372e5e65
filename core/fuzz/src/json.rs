//! The JSON parser, differentially against serde_json.
//!
//! Both must accept and reject the same texts and give the same values, except where the core
//! documents a difference (`mcp_tool_result::json`, `Value`, `MAX_DEPTH`):
//! - duplicate keys: the core keeps every entry and lookups take the last one; serde_json keeps
//!   the last one. Objects therefore compare as maps with the last duplicate winning.
//! - depth: the core rejects nesting deeper than `MAX_DEPTH` (512) with `too_deep`; serde_json
//!   (with its recursion limit lifted) accepts any depth.
//! - lone surrogate escapes: the core replaces each by U+FFFD and marks the string lossy (reported
//!   later as `lone_surrogate`); serde_json rejects them.
//! - numbers: the core keeps the literal verbatim; serde_json's `arbitrary_precision` keeps it too
//!   except that it writes the exponent as `e` with a sign (`1E5` becomes `1e+5`), so literals
//!   compare as text after that normalisation.

use mcp_tool_result::{json, Code, MAX_DEPTH};
use serde_json::Value as Serde;

use mcp_tool_result::Value;

/// Deepest text serde_json is asked to parse (its recursion uses the stack).
const SERDE_DEPTH: usize = MAX_DEPTH + 64;

/// Parses `data` with the core and with serde_json and checks that they agree; then checks that
/// the core's writer round-trips what it parsed.
pub fn json_parse(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        // The core takes `&str`; serde_json must reject text that is not UTF-8.
        assert!(
            serde_json::from_slice::<Serde>(data).is_err(),
            "serde_json accepted invalid UTF-8"
        );
        return;
    };
    let depth = nesting(text);
    let core = json::parse(text);
    if depth > SERDE_DEPTH {
        // Documented difference: too deep for the core.
        assert!(core.is_err(), "the core accepted nesting {depth} > MAX_DEPTH");
        return;
    }
    let serde = serde_parse(text);
    match (&core, &serde) {
        (Ok(c), Ok(s)) => {
            assert!(depth <= MAX_DEPTH, "the core accepted nesting {depth} > MAX_DEPTH");
            assert!(same(c, s), "values differ for {text:?}:\ncore  {c:?}\nserde {s:?}");
        }
        (Ok(c), Err(e)) => {
            // Documented difference: lone surrogates become U+FFFD in a lossy string.
            assert!(has_lossy(c), "only the core accepted {text:?} (serde_json: {e})");
            let why = e.to_string();
            assert!(
                why.contains("surrogate") || why.contains("hex escape"),
                "serde_json rejected {text:?} for another reason: {e}"
            );
        }
        (Err(c), Ok(_)) => {
            // Documented difference: too deep for the core, fine for serde_json.
            assert!(
                c.code() == Code::TooDeep && depth > MAX_DEPTH,
                "only serde_json accepted {text:?} (core: {c})"
            );
        }
        (Err(c), Err(_)) => {
            assert!(
                matches!(c.code(), Code::InvalidJson | Code::TooDeep),
                "parse error with code {}",
                c.code()
            );
        }
    }
    if let Ok(value) = core {
        round_trip(&value);
    }
}

/// The core's compact and pretty writers give JSON that both parsers read back as the same value.
pub fn round_trip(value: &Value<'_>) {
    for written in [json::to_string(value), json::to_string_pretty(value)] {
        let again =
            json::parse(&written).unwrap_or_else(|e| panic!("the core rejects its own output {written:?}: {e}"));
        assert!(again.json_eq(value), "write/parse changed the value: {written:?}");
        let serde =
            serde_parse(&written).unwrap_or_else(|e| panic!("serde_json rejects the core's output {written:?}: {e}"));
        assert!(same(&again, &serde), "serde_json reads {written:?} differently");
    }
}

/// serde_json's parse without its recursion limit (inputs are bounded by [`SERDE_DEPTH`]).
pub fn serde_parse(text: &str) -> Result<Serde, serde_json::Error> {
    use serde::de::Deserialize;
    let mut de = serde_json::Deserializer::from_str(text);
    de.disable_recursion_limit();
    let value = Serde::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// Whether the core's value equals serde_json's, under the documented differences.
pub fn same(core: &Value<'_>, serde: &Serde) -> bool {
    match (core, serde) {
        (Value::Null, Serde::Null) => true,
        (Value::Bool(a), Serde::Bool(b)) => a == b,
        (Value::Number(n), Serde::Number(m)) => match n {
            mcp_tool_result::Number::Raw(text) => serde_literal(text) == m.to_string(),
            other => other.as_f64() == m.as_f64().unwrap_or(f64::NAN),
        },
        (Value::String(a), Serde::String(b)) => a.as_str() == b,
        (Value::Array(a), Serde::Array(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y)),
        (Value::Object(a), Serde::Object(b)) => {
            let mut keys: Vec<&str> = a.iter().map(|(k, _)| k.as_str()).collect();
            keys.sort_unstable();
            keys.dedup();
            keys.len() == b.len()
                && keys.iter().all(|k| match (a.get(k), b.get(*k)) {
                    (Some(x), Some(y)) => same(x, y),
                    _ => false,
                })
        }
        _ => false,
    }
}

/// A number literal as serde_json's `arbitrary_precision` writes it: exponent `e` with a sign.
fn serde_literal(text: &str) -> String {
    match text.find(['e', 'E']) {
        Some(at) => {
            let (mantissa, exponent) = (&text[..at], &text[at + 1..]);
            let sign = if exponent.starts_with(['+', '-']) { "" } else { "+" };
            format!("{mantissa}e{sign}{exponent}")
        }
        None => text.to_owned(),
    }
}

/// Whether any string (or key) in `value` came from a lone surrogate escape.
pub fn has_lossy(value: &Value<'_>) -> bool {
    match value {
        Value::String(s) => s.is_lossy(),
        Value::Array(items) => items.iter().any(has_lossy),
        Value::Object(map) => map.iter().any(|(k, v)| k.is_lossy() || has_lossy(v)),
        _ => false,
    }
}

/// The deepest bracket nesting of `text` outside strings (exact for valid JSON).
pub fn nesting(text: &str) -> usize {
    let (mut depth, mut max, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for &b in text.as_bytes() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                max = max.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}
