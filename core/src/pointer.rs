//! JSON Pointer (RFC 6901) paths into the input, built lazily: a [`Loc`] is a chain of
//! segments on the stack, turned into a string only when a diagnostic needs it.

use std::fmt::Write;

/// Escapes one reference token (`~` → `~0`, `/` → `~1`).
pub fn escape(token: &str) -> String {
    if !token.contains(['~', '/']) {
        return token.to_owned();
    }
    token.replace('~', "~0").replace('/', "~1")
}

#[derive(Clone, Copy, Debug)]
enum Seg<'p> {
    /// An already rendered pointer prefix.
    Prefix(&'p str),
    Key(&'p str),
    Index(usize),
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
            seg: Seg::Key(key),
        }
    }

    /// The element `i` of this location.
    pub fn index<'q>(&'q self, i: usize) -> Loc<'q> {
        Loc {
            parent: Some(self),
            seg: Seg::Index(i),
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
            match seg {
                Seg::Prefix(p) => out.push_str(p),
                Seg::Key(k) => {
                    out.push('/');
                    out.push_str(&escape(k));
                }
                Seg::Index(i) => {
                    let _ = write!(out, "/{i}");
                }
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
}
