//! JSON Pointer (RFC 6901) paths: the one place that writes them. Inside the core a [`Loc`] is
//! a chain of segments on the stack, turned into a string only when a path is needed; a binding
//! that finds a bad host value gives the segments to [`json_pointer`], and one that passes bytes
//! values on as text names them by [`bytes_pointers`].

use std::fmt::Write;

use crate::model::Value;

/// One step of a JSON Pointer: an object member or an array element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointerToken<'a> {
    /// The member with this key (unescaped).
    Key(&'a str),
    /// The element at this index.
    Index(usize),
}

/// The JSON Pointer of `tokens`, outermost first (`""` for none): `/`, then each key with `~`
/// written `~0` and `/` written `~1`, or each index in decimal.
pub fn json_pointer<'t>(tokens: impl IntoIterator<Item = PointerToken<'t>>) -> String {
    let mut out = String::new();
    for token in tokens {
        push_token(&mut out, token);
    }
    out
}

/// Appends one token to a pointer (for walks that keep the pointer of where they are).
pub(crate) fn push_token(out: &mut String, token: PointerToken<'_>) {
    out.push('/');
    match token {
        PointerToken::Key(key) if key.contains(['~', '/']) => {
            for c in key.chars() {
                match c {
                    '~' => out.push_str("~0"),
                    '/' => out.push_str("~1"),
                    c => out.push(c),
                }
            }
        }
        PointerToken::Key(key) => out.push_str(key),
        PointerToken::Index(i) => {
            let _ = write!(out, "{i}");
        }
    }
}

/// The JSON Pointers of every [`Value::Bytes`] in `value`, in document order.
pub fn bytes_pointers(value: &Value<'_>) -> Vec<String> {
    let mut out = Vec::new();
    collect_bytes(value, &Loc::at(""), &mut out);
    out
}

fn collect_bytes(value: &Value<'_>, loc: &Loc<'_>, out: &mut Vec<String>) {
    match value {
        Value::Bytes(_) => out.push(loc.render()),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                collect_bytes(item, &loc.index(i), out);
            }
        }
        Value::Object(map) => {
            for (key, item) in map.iter() {
                collect_bytes(item, &loc.key(key.as_str()), out);
            }
        }
        _ => {}
    }
}

#[derive(Clone, Copy, Debug)]
enum Seg<'p> {
    /// An already rendered pointer prefix.
    Prefix(&'p str),
    Token(PointerToken<'p>),
}

/// A location in the input: a segment and the location it is inside.
#[derive(Clone, Copy, Debug)]
pub struct Loc<'p> {
    parent: Option<&'p Loc<'p>>,
    seg: Seg<'p>,
}

impl<'p> Loc<'p> {
    /// A location given by a rendered pointer (`""` for the whole input).
    pub const fn at(prefix: &'p str) -> Self {
        Loc {
            parent: None,
            seg: Seg::Prefix(prefix),
        }
    }

    /// The member `key` of this location.
    pub fn key<'q>(&'q self, key: &'q str) -> Loc<'q> {
        Loc {
            parent: Some(self),
            seg: Seg::Token(PointerToken::Key(key)),
        }
    }

    /// The element `i` of this location.
    pub fn index<'q>(&'q self, i: usize) -> Loc<'q> {
        Loc {
            parent: Some(self),
            seg: Seg::Token(PointerToken::Index(i)),
        }
    }

    /// The JSON Pointer text.
    pub fn render(&self) -> String {
        let mut segments = Vec::new();
        let mut at = Some(self);
        while let Some(loc) = at {
            segments.push(loc.seg);
            at = loc.parent;
        }
        let mut out = String::new();
        for seg in segments.iter().rev() {
            match *seg {
                Seg::Prefix(p) => out.push_str(p),
                Seg::Token(token) => push_token(&mut out, token),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_chains() {
        let root = Loc::at("/result");
        let content = root.key("content");
        let block = content.index(3);
        assert_eq!(block.key("a/b~c").render(), "/result/content/3/a~1b~0c");
        assert_eq!(Loc::at("").render(), "");
    }

    #[test]
    fn escapes_keys() {
        use PointerToken::{Index, Key};
        assert_eq!(json_pointer([]), "");
        assert_eq!(json_pointer([Key("")]), "/");
        assert_eq!(json_pointer([Key("a/b~c"), Index(0), Key("~1")]), "/a~1b~0c/0/~01");
        assert_eq!(json_pointer([Key("é/"), Key("x")]), "/é~1/x");
    }
}
