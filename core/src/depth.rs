//! [`crate::MAX_DEPTH`] for values handed over as a [`Value`] (the JSON parser enforces it on
//! text): deeper values are refused with `too_deep` at the same path the parser reports, and
//! taken apart without recursion so that dropping them cannot overflow the stack.

use crate::error::{Code, ConvertError};
use crate::model::Value;
use crate::pointer::Loc;
use crate::MAX_DEPTH;

/// A value within [`MAX_DEPTH`], and whether any of its strings or keys had lone surrogates
/// replaced (the one walk over the input answers both).
pub(crate) struct Checked<'a> {
    /// The value, unchanged.
    pub value: Value<'a>,
    /// Some string or key of it is lossy (see [`crate::Str::is_lossy`]).
    pub lossy: bool,
}

/// `Err(too_deep)` when `value` nests arrays and objects deeper than [`MAX_DEPTH`]; the value
/// is then dropped iteratively. Always inlined (the refusal is not), so that an accepted value
/// is not moved in and out.
#[inline(always)]
pub(crate) fn check(value: Value<'_>) -> Result<Checked<'_>, ConvertError> {
    let mut lossy = false;
    if within(&value, 1, &mut lossy) {
        return Ok(Checked { value, lossy });
    }
    Err(refuse(value))
}

/// The `too_deep` error of a value [`within`] refused; drops the value iteratively.
#[cold]
#[inline(never)]
fn refuse(value: Value<'_>) -> ConvertError {
    let path = too_deep(&value, 1, &Loc::at("")).unwrap_or_default();
    dismantle(value);
    ConvertError::new(Code::TooDeep, path, format!("nesting deeper than {MAX_DEPTH} levels"))
}

/// Whether `value` (at `depth`) nests no deeper than [`MAX_DEPTH`]; sets `lossy` when a string
/// or key met on the way is lossy. Builds no paths, so a well-formed input costs one pass.
fn within(value: &Value<'_>, depth: usize, lossy: &mut bool) -> bool {
    let child = |item: &Value<'_>, lossy: &mut bool| match item {
        Value::String(s) => {
            *lossy |= s.is_lossy();
            true
        }
        Value::Array(_) | Value::Object(_) => depth < MAX_DEPTH && within(item, depth + 1, lossy),
        _ => true,
    };
    match value {
        Value::Array(items) => items.iter().all(|item| child(item, lossy)),
        Value::Object(map) => map.iter().all(|(key, item)| {
            *lossy |= key.is_lossy();
            child(item, lossy)
        }),
        Value::String(s) => {
            *lossy |= s.is_lossy();
            true
        }
        _ => true,
    }
}

/// The path of the first container at depth `MAX_DEPTH + 1`, where `value` is at `depth` and
/// `loc` (recursion stops there, so it is bounded by `MAX_DEPTH`).
fn too_deep(value: &Value<'_>, depth: usize, loc: &Loc<'_>) -> Option<String> {
    match value {
        Value::Array(_) | Value::Object(_) if depth > MAX_DEPTH => Some(loc.render()),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, item)| too_deep(item, depth + 1, &loc.index(i))),
        Value::Object(map) => map
            .iter()
            .find_map(|(key, item)| too_deep(item, depth + 1, &loc.key(key.as_str()))),
        _ => None,
    }
}

/// Drops `value` with an explicit stack instead of recursion.
fn dismantle(value: Value<'_>) {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => stack.extend(map.into_entries().into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{Map, Value};
    use crate::{convert, extract_images, json, Code, Options, Target, MAX_DEPTH};

    /// `{"content": [], "structuredContent": {"a": [[…]]}}` with `depth` arrays under `a`.
    fn nested(depth: usize) -> Value<'static> {
        let mut v = Value::Array(Vec::new());
        for _ in 1..depth {
            v = Value::Array(vec![v]);
        }
        let mut structured = Map::new();
        structured.push("a", v);
        let mut root = Map::new();
        root.push("content", Value::Array(Vec::new()));
        root.push("structuredContent", Value::Object(structured));
        Value::Object(root)
    }

    #[test]
    fn a_million_levels_are_refused_like_the_text() {
        // Found by the memory-bound scenarios (core/fuzz): this overflowed the stack.
        let err = convert(nested(1_000_000), Target::Mcp, &Options::default()).unwrap_err();
        assert_eq!(err.code(), Code::TooDeep);
        let err = extract_images(nested(1_000_000), &Options::default()).unwrap_err();
        assert_eq!(err.code(), Code::TooDeep);
    }

    #[test]
    fn the_path_is_the_parsers() {
        // The root object and structuredContent are two levels: MAX_DEPTH - 2 arrays is the
        // deepest accepted, by text and by value alike.
        let text = json::to_string(&nested(MAX_DEPTH - 2));
        assert!(json::parse(&text).is_ok());
        assert!(convert(nested(MAX_DEPTH - 2), Target::Mcp, &Options::default()).is_ok());
        let text = json::to_string(&nested(MAX_DEPTH - 1));
        let by_text = json::parse(&text).unwrap_err();
        let by_value = convert(nested(MAX_DEPTH - 1), Target::Mcp, &Options::default()).unwrap_err();
        assert_eq!(by_text.code(), Code::TooDeep);
        assert_eq!(by_value.code(), Code::TooDeep);
        assert_eq!(by_value.path(), by_text.path());
        assert!(by_value.path().starts_with("/structuredContent/a/0/0/"));
    }
}
