//! Host strings: the handle of a string a binding registered ([`HostId`]), and strings read
//! only as far as the core needs them.
//!
//! A binding whose host can copy a string's Latin-1 code units (V8's one-byte strings) hands
//! the core a [`HostText`]: the string's length, its first [`HOST_HEAD`] code units and a
//! [`HostSource`] to read the rest from. A payload passed through unchanged with validation off
//! needs no more than the head (schemes, sniffing, image headers), so the rest is never
//! copied; anything that needs the text reads it once, on first use. The code units become a
//! `&str` only once they are proven ASCII (by a scan, or by the canonical base64 check, which
//! admits ASCII only) or transcoded to UTF-8.

use std::fmt;
use std::sync::OnceLock;

/// Identifies a host string registered by a binding (an index into the binding's own table).
/// `HostId(u32::MAX)` is reserved: a string given it carries no handle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HostId(pub u32);

/// How many leading code units a [`HostText`] is given up front.
pub const HOST_HEAD: usize = 64;

/// Reads the whole of one host string, on the core's first use of it.
pub trait HostSource: Sync {
    /// The string's Latin-1 code units (one byte per character, all of them below U+0100).
    ///
    /// A read that fails returns no units and is reported by the binding once the call
    /// returns, whose result it then discards.
    fn latin1(&self) -> Vec<u8>;
}

/// A host string of Latin-1 code units, read from its [`HostSource`] on first use.
pub struct HostText<'a> {
    id: HostId,
    /// Its length in code units.
    units: usize,
    /// The first code units, up to [`HOST_HEAD`], as far as they are ASCII.
    head: [u8; HOST_HEAD],
    head_len: usize,
    source: &'a dyn HostSource,
    /// The whole string's code units, once read.
    latin1: OnceLock<Vec<u8>>,
    /// What the UTF-8 text is, once known.
    utf8: OnceLock<Utf8>,
}

/// The UTF-8 text of a [`HostText`].
enum Utf8 {
    /// The code units themselves: they were proven ASCII.
    Ascii,
    /// The code units transcoded.
    Transcoded(String),
}

impl<'a> HostText<'a> {
    /// Host string `id` of `units` code units, of which `head` are the first (up to
    /// [`HOST_HEAD`]; fewer only when the string is shorter), the rest read from `source`.
    pub fn new(id: HostId, units: usize, head: &[u8], source: &'a dyn HostSource) -> Self {
        let head = &head[..head.len().min(HOST_HEAD).min(units)];
        let head_len = head.iter().position(|b| !b.is_ascii()).unwrap_or(head.len());
        let mut buf = [0; HOST_HEAD];
        buf[..head_len].copy_from_slice(&head[..head_len]);
        HostText {
            id,
            units,
            head: buf,
            head_len,
            source,
            latin1: OnceLock::new(),
            utf8: OnceLock::new(),
        }
    }

    /// The host handle.
    pub fn id(&self) -> HostId {
        self.id
    }

    /// Whether the string is empty (without reading it).
    pub(crate) fn is_empty(&self) -> bool {
        self.units == 0
    }

    /// The first `n` bytes of the UTF-8 text (all of it when shorter): from the head when it
    /// covers them, else from the whole text.
    pub(crate) fn head(&self, n: usize) -> &[u8] {
        if n <= self.head_len {
            // The head is ASCII, so its bytes are the text's first bytes.
            &self.head[..n]
        } else {
            let text = self.text().as_bytes();
            &text[..n.min(text.len())]
        }
    }

    /// The UTF-8 text, read on first use.
    pub(crate) fn text(&self) -> &str {
        let latin1 = self.latin1();
        let utf8 = self.utf8.get_or_init(|| {
            if latin1.is_ascii() {
                Utf8::Ascii
            } else {
                Utf8::Transcoded(latin1.iter().map(|&b| char::from(b)).collect())
            }
        });
        match utf8 {
            // SAFETY: `Ascii` is set only once the units are proven ASCII, which is valid UTF-8.
            Utf8::Ascii => unsafe { std::str::from_utf8_unchecked(latin1) },
            Utf8::Transcoded(text) => text,
        }
    }

    /// Whether the text is canonical standard base64 ([`crate::base64::is_canonical`]), checked
    /// on the code units: canonical base64 is ASCII, so a text found canonical needs no scan of
    /// its own to become a `&str`.
    pub(crate) fn is_canonical_base64(&self) -> bool {
        let latin1 = self.latin1();
        // Latin-1 units outside ASCII are never base64, nor is their UTF-8: both give false.
        let canonical = crate::base64::is_canonical_bytes(latin1);
        if canonical {
            // The base64 alphabet and `=` are ASCII.
            debug_assert!(latin1.is_ascii());
            let _ = self.utf8.set(Utf8::Ascii);
        }
        canonical
    }

    fn latin1(&self) -> &[u8] {
        self.latin1.get_or_init(|| self.source.latin1())
    }
}

impl fmt::Debug for HostText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HostText")
            .field("id", &self.id)
            .field("units", &self.units)
            .field("read", &self.latin1.get().is_some())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    struct Units(&'static [u8], AtomicUsize);

    impl HostSource for Units {
        fn latin1(&self) -> Vec<u8> {
            self.1.fetch_add(1, Ordering::Relaxed);
            self.0.to_vec()
        }
    }

    fn text(source: &Units) -> HostText<'_> {
        HostText::new(
            HostId(3),
            source.0.len(),
            &source.0[..source.0.len().min(HOST_HEAD)],
            source,
        )
    }

    #[test]
    fn head_without_reading() {
        let source = Units(b"iVBORw0KGgoAAAANSUhEUgAA", AtomicUsize::new(0));
        let host = text(&source);
        assert_eq!(host.id(), HostId(3));
        assert!(!host.is_empty());
        assert_eq!(host.head(4), b"iVBO");
        assert_eq!(host.head(HOST_HEAD), source.0);
        assert_eq!(
            source.1.load(Ordering::Relaxed),
            1,
            "past a short string's end reads it"
        );
        assert_eq!(host.text(), "iVBORw0KGgoAAAANSUhEUgAA");
        assert_eq!(source.1.load(Ordering::Relaxed), 1, "read once");
    }

    #[test]
    fn latin1_beyond_ascii_is_transcoded() {
        let source = Units(b"ab\xe9cd", AtomicUsize::new(0));
        let host = text(&source);
        assert_eq!(host.head(2), b"ab");
        assert_eq!(host.head(4), "ab\u{e9}".as_bytes());
        assert!(!host.is_canonical_base64());
        assert_eq!(host.text(), "ab\u{e9}cd");
    }

    #[test]
    fn canonical_check_makes_the_text() {
        let source = Units(b"AAAA", AtomicUsize::new(0));
        let host = text(&source);
        assert!(host.is_canonical_base64());
        assert_eq!(host.text(), "AAAA");
        let empty = Units(b"", AtomicUsize::new(0));
        let host = text(&empty);
        assert!(host.is_empty());
        assert_eq!(host.head(5), b"");
        assert_eq!(empty.1.load(Ordering::Relaxed), 1);
    }
}
