//! The placeholder protocol: large strings passed beside JSON text instead of inside it.
//!
//! A binding whose calls cross as JSON text (the wasm module, the Go library) would copy each
//! large string, such as a 5 MiB base64 payload, into the text, through the core's parser and
//! writer, and out of the answer. Instead the host keeps such a string as a *leaf*, named by
//! its index, and the text holds a placeholder in its place. One grammar, for string values
//! (object keys are never read as placeholders), in both directions:
//!
//! ```text
//! placeholder = U+0000 index         the leaf `index` (ASCII digits, no leading zero)
//! escaped     = U+0000 U+0000 rest   the string U+0000 rest
//! other       = any string not starting with U+0000: itself
//! ```
//!
//! In JSON text U+0000 is `\u0000`: leaf 7 is the JSON string `"\u00007"`. Any other string
//! starting with U+0000 is malformed. A string is escaped only when it starts with U+0000, so
//! every string can be written and no string is read as another.
//!
//! - **Into the core** the host names its leaves: the text's placeholders index a list the host
//!   passes beside it. [`attach`] reads them as host strings whose [`HostId`] is the index (the
//!   wasm module); [`attach_with`] lets the binding make each leaf's value itself (the Node addon
//!   reads them from JS).
//! - **Out of the core** [`detach`] writes each leaf the core passed through unchanged (a host
//!   string, or bytes made of one) as its placeholder again, and escapes every other string
//!   starting with U+0000; the host puts its own string back without decoding a copy.
//! - **A host whose whole JSON text the core reads in place** (Go on cgo) names no leaves going
//!   in: [`detach_with`] lets its binding name as leaves the long strings the answer borrows from
//!   that text, and the binding returns their table (ranges of the text) with the answer. The
//!   grammar, and the host's substitution, are the same.
//!
//! The hosts' sides: `bindings-node/placeholders.js` (api.js writes placeholders for both Node
//! builds; the wasm glue reads the answer), `bindings-go/mcptoolresult/internal/placeholders`
//! (cgo and wazero read the answer the same way; wazero writes the placeholders).

use std::borrow::Cow;

use crate::error::{Code, ConvertError};
use crate::host::HostId;
use crate::model::{Str, Value};
use crate::pointer::Loc;

/// What a string value of a text with placeholders stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token<'s> {
    /// The leaf of this index.
    Leaf(u32),
    /// This string.
    Text(&'s str),
}

/// Reads a string value; `None` when it is malformed.
fn read(s: &str) -> Option<Token<'_>> {
    let Some(rest) = s.strip_prefix('\0') else {
        return Some(Token::Text(s));
    };
    if rest.starts_with('\0') {
        return Some(Token::Text(rest));
    }
    let canonical = rest.bytes().all(|b| b.is_ascii_digit()) && (rest == "0" || !rest.starts_with('0'));
    canonical.then(|| rest.parse().ok().map(Token::Leaf)).flatten()
}

/// The placeholder of leaf `index`.
fn placeholder(index: u32) -> String {
    format!("\0{index}")
}

/// The string value standing for `s`, which is not a leaf.
fn escape(s: &str) -> Cow<'_, str> {
    match s.starts_with('\0') {
        true => Cow::Owned(format!("\0{s}")),
        false => Cow::Borrowed(s),
    }
}

/// `value` with each placeholder among its strings replaced by that leaf of `leaves`, as a host
/// string whose [`HostId`] is the index, and each escaped string read. A malformed placeholder,
/// or one without its leaf, is `internal_error` (the host wrote it).
pub fn attach<'v>(mut value: Value<'v>, leaves: &[&'v str]) -> Result<Value<'v>, ConvertError> {
    attach_with(&mut value, &mut |index, at| {
        let leaf = leaves.get(index as usize).ok_or_else(|| {
            ConvertError::new(
                Code::InternalError,
                at.render(),
                format!("no leaf {index} for a placeholder"),
            )
        })?;
        Ok(Value::String(Str::host(leaf, HostId(index))))
    })?;
    Ok(value)
}

/// [`attach`] with each leaf's value made by `leaf` from its index and the place of its
/// placeholder (`render` gives the JSON Pointer, for an error), in place.
pub fn attach_with<'v, E: From<ConvertError>>(
    value: &mut Value<'v>,
    leaf: &mut impl FnMut(u32, &Loc<'_>) -> Result<Value<'v>, E>,
) -> Result<(), E> {
    attach_at(value, &Loc::at(""), leaf)
}

fn attach_at<'v, E: From<ConvertError>>(
    value: &mut Value<'v>,
    at: &Loc<'_>,
    leaf: &mut impl FnMut(u32, &Loc<'_>) -> Result<Value<'v>, E>,
) -> Result<(), E> {
    match value {
        Value::String(s) if s.as_str().starts_with('\0') => match read(s.as_str()) {
            Some(Token::Leaf(index)) => *value = leaf(index, at)?,
            Some(Token::Text(_)) => *s = unescaped(s),
            None => {
                let head: String = s.as_str().chars().take(24).collect();
                let message = format!("malformed placeholder {head:?}");
                return Err(ConvertError::new(Code::InternalError, at.render(), message).into());
            }
        },
        Value::Array(items) => {
            for (i, item) in items.iter_mut().enumerate() {
                attach_at(item, &at.index(i), leaf)?;
            }
        }
        Value::Object(map) => {
            for (key, item) in map.iter_mut() {
                attach_at(item, &at.key(key.as_str()), leaf)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// An escaped string without its first U+0000 (still borrowed when it was, still lossy when it
/// was).
fn unescaped<'v>(s: &Str<'v>) -> Str<'v> {
    match s.is_lossy() {
        true => Str::lossy(s.as_str()[1..].to_owned()),
        false => s.slice_from(1),
    }
}

/// Writes, in place, each host string of `value` that the core passed through unchanged, and
/// each bytes value made of one, as the placeholder of its [`HostId`], and escapes every other
/// string starting with U+0000.
pub fn detach(value: &mut Value<'_>) {
    detach_with(value, &mut |s| s.host_id().map(|id| id.0));
}

/// [`detach`] with the leaves named by `leaf_of`: the index of the leaf a string (or a bytes
/// value's base64 string) is, or `None` for a string that is not one.
pub fn detach_with<'v>(value: &mut Value<'v>, leaf_of: &mut impl FnMut(&Str<'v>) -> Option<u32>) {
    match value {
        Value::String(s) => match leaf_of(s) {
            Some(index) => *value = Value::string(placeholder(index)),
            None => {
                if let Cow::Owned(escaped) = escape(s.as_str()) {
                    *value = Value::string(escaped);
                }
            }
        },
        Value::Bytes(b) => {
            if let Some(index) = leaf_of(b.as_base64_str()) {
                *value = Value::string(placeholder(index));
            }
        }
        Value::Array(items) => {
            for item in items {
                detach_with(item, leaf_of);
            }
        }
        Value::Object(map) => {
            for (_, item) in map.iter_mut() {
                detach_with(item, leaf_of);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::json;
    use crate::model::{Bytes, Map};

    #[test]
    fn the_grammar() {
        assert_eq!(read("plain"), Some(Token::Text("plain")));
        assert_eq!(read(""), Some(Token::Text("")));
        assert_eq!(read("\u{0}0"), Some(Token::Leaf(0)));
        assert_eq!(read("\u{0}4294967295"), Some(Token::Leaf(u32::MAX)));
        assert_eq!(read("\u{0}\u{0}"), Some(Token::Text("\u{0}")));
        assert_eq!(read("\u{0}\u{0}7"), Some(Token::Text("\u{0}7")));
        for malformed in ["\u{0}", "\u{0}x", "\u{0}07", "\u{0}+7", "\u{0}7 ", "\u{0}4294967296"] {
            assert_eq!(read(malformed), None, "{malformed:?}");
        }
        assert_eq!(placeholder(12), "\u{0}12");
        assert_eq!(escape("\u{0}12"), "\u{0}\u{0}12");
        assert_eq!(escape("a\u{0}"), "a\u{0}");
    }

    #[test]
    fn attach_reads_leaves_and_escapes_in_place() {
        let text = r#"{"a":"\u00001","b":["\u0000\u0000x",{"\u00000":"\u00000"}]}"#;
        let value = attach(json::parse(text).unwrap(), &["zero", "one"]).unwrap();
        assert_eq!(
            json::to_string(&value),
            r#"{"a":"one","b":["\u0000x",{"\u00000":"zero"}]}"#
        );
        let Value::Object(map) = &value else {
            panic!("an object")
        };
        let Some(Value::String(a)) = map.get("a") else {
            panic!("a string")
        };
        assert_eq!(a.host_id(), Some(HostId(1)));
        let missing = attach(json::parse(r#"{"a":[1,"\u00002"]}"#).unwrap(), &["zero"]).unwrap_err();
        assert_eq!((missing.code(), missing.path()), (Code::InternalError, "/a/1"));
        let malformed = attach(json::parse(r#"["\u0000x"]"#).unwrap(), &[]).unwrap_err();
        assert_eq!((malformed.code(), malformed.path()), (Code::InternalError, "/0"));
    }

    #[test]
    fn detach_names_host_strings_and_bytes_made_of_them() {
        let mut map = Map::new();
        map.push("s", Value::String(Str::host("text", HostId(3))));
        map.push(
            "b",
            Value::Bytes(Bytes::from_base64(Str::host("AAAA", HostId(4))).unwrap()),
        );
        map.push("c", Value::Bytes(Bytes::from_base64(Str::borrowed("AAAA")).unwrap()));
        map.push("e", Value::string("\u{0}new"));
        let mut value = Value::Object(map);
        detach(&mut value);
        assert_eq!(
            json::to_string(&value),
            r#"{"s":"\u00003","b":"\u00004","c":"AAAA","e":"\u0000\u0000new"}"#
        );
    }

    /// A value whose strings are texts or leaves (by index into a list of leaf texts).
    #[derive(Debug, Clone)]
    enum Tree {
        Text(String),
        Leaf(usize),
        Array(Vec<Tree>),
        Object(Vec<(String, Tree)>),
    }

    /// Strings that exercise the grammar: plain, starting with one or two U+0000, digits.
    fn text() -> impl Strategy<Value = String> {
        prop_oneof![
            "[a-z0-9é]{0,6}",
            "\u{0}[0-9]{0,4}",
            "\u{0}\u{0}[0-9a-z]{0,3}",
            "\u{0}[a-z\u{0}]{0,3}",
            ".{0,8}",
        ]
    }

    fn tree(leaves: usize) -> impl Strategy<Value = Tree> {
        let leaf = prop_oneof![text().prop_map(Tree::Text), (0..leaves.max(1)).prop_map(Tree::Leaf)];
        leaf.prop_recursive(4, 40, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Tree::Array),
                prop::collection::vec((text(), inner), 0..6).prop_map(Tree::Object),
            ]
        })
    }

    /// The value of `tree`, leaves as host strings of `leaves` (a leaf index past the list, for
    /// an empty list, is a text).
    fn build<'a>(tree: &Tree, leaves: &'a [String]) -> Value<'a> {
        match tree {
            Tree::Text(text) => Value::string(text.clone()),
            Tree::Leaf(i) => match leaves.get(*i) {
                Some(leaf) => Value::String(Str::host(leaf, HostId(*i as u32))),
                None => Value::string(String::new()),
            },
            Tree::Array(items) => Value::Array(items.iter().map(|t| build(t, leaves)).collect()),
            Tree::Object(entries) => Value::Object(
                entries
                    .iter()
                    .map(|(k, t)| (Str::owned(k.clone()), build(t, leaves)))
                    .collect(),
            ),
        }
    }

    /// Whether `a` and `b` have the same JSON and the same host ids at the same places.
    fn same(a: &Value<'_>, b: &Value<'_>) -> bool {
        match (a, b) {
            (Value::String(x), Value::String(y)) => x.as_str() == y.as_str() && x.host_id() == y.host_id(),
            (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b)),
            (Value::Object(x), Value::Object(y)) => {
                x.len() == y.len() && x.iter().zip(y.iter()).all(|((k, a), (l, b))| k == l && same(a, b))
            }
            _ => a == b,
        }
    }

    proptest! {
        /// Any value with leaves, detached, written as JSON text, parsed and attached to the
        /// same leaves, is the value again: every leaf back as its host string, every other
        /// string (starting with U+0000 or not) as itself.
        #[test]
        fn values_and_leaves_round_trip(
            (leaves, tree) in prop::collection::vec(text(), 0..5).prop_flat_map(|leaves| {
                let n = leaves.len();
                (Just(leaves), tree(n))
            })
        ) {
            let value = build(&tree, &leaves);
            let mut detached = value.clone();
            detach(&mut detached);
            let text = json::to_string(&detached);
            let borrowed: Vec<&str> = leaves.iter().map(String::as_str).collect();
            let attached = attach(json::parse(&text).unwrap(), &borrowed).unwrap();
            prop_assert!(same(&attached, &value), "{text}");
        }

        /// Escaping is unambiguous: an escaped string reads as itself, a placeholder as its leaf,
        /// and no escaped string is a placeholder.
        #[test]
        fn escaping_is_unambiguous(s in text(), index in any::<u32>()) {
            let (escaped, placeholder) = (escape(&s), placeholder(index));
            prop_assert_eq!(read(&escaped), Some(Token::Text(s.as_str())));
            prop_assert_eq!(read(&placeholder), Some(Token::Leaf(index)));
            prop_assert_ne!(escaped.as_ref(), placeholder.as_str());
        }
    }
}
