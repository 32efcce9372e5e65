//! The one marker grammar for everything replaced by text:
//! `"[" kind [" " label] [" \"" title "\""] [", " size] [" <" uri ">"] [": " reason] "]"`.

/// The parts of a marker.
#[derive(Debug, Default, Clone, Copy)]
pub struct Marker<'s> {
    /// `image`, `audio`, `resource`, `resource_link`.
    pub kind: &'s str,
    /// MIME type (media) or name (resource_link).
    pub label: Option<&'s str>,
    /// What an SVG image shows (its `<title>` or first text), quoted after the label.
    pub title: Option<&'s str>,
    /// Decoded size in bytes.
    pub size: Option<u64>,
    /// The resource uri.
    pub uri: Option<&'s str>,
    /// Why the block was replaced.
    pub reason: Option<&'s str>,
}

impl<'s> Marker<'s> {
    /// The marker of a resource link: `[resource_link <name> <<uri>>]`.
    pub fn link(name: &'s str, uri: &'s str) -> Self {
        Marker {
            kind: "resource_link",
            label: Some(name),
            uri: Some(uri),
            ..Marker::default()
        }
    }

    /// The marker text.
    pub fn render(&self) -> String {
        let mut out = String::with_capacity(48);
        out.push('[');
        out.push_str(self.kind);
        if let Some(label) = self.label.filter(|l| !l.is_empty()) {
            out.push(' ');
            out.push_str(label);
        }
        if let Some(title) = self.title {
            out.push_str(" \"");
            out.push_str(title);
            out.push('"');
        }
        if let Some(size) = self.size {
            out.push_str(", ");
            out.push_str(&human_size(size));
        }
        if let Some(uri) = self.uri.filter(|u| !u.is_empty()) {
            out.push_str(" <");
            out.push_str(uri);
            out.push('>');
        }
        if let Some(reason) = self.reason {
            out.push_str(": ");
            out.push_str(reason);
        }
        out.push(']');
        out
    }
}

/// `N B`, `N KB` (half up), `N.N MB`, `N.N GB` (one decimal, half up), in units of 1024.
pub fn human_size(bytes: u64) -> String {
    const KIB: u64 = 1024;
    const MIB: u64 = KIB * KIB;
    const GIB: u64 = MIB * KIB;
    let tenths = |unit: u64| (u128::from(bytes) * 10 + u128::from(unit) / 2) / u128::from(unit);
    if bytes < KIB {
        format!("{bytes} B")
    } else if bytes < MIB {
        format!("{} KB", (bytes + KIB / 2) / KIB)
    } else if bytes < GIB {
        let t = tenths(MIB);
        format!("{}.{} MB", t / 10, t % 10)
    } else {
        let t = tenths(GIB);
        format!("{}.{} GB", t / 10, t % 10)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(human_size(0), "0 B");
        assert_eq!(human_size(1023), "1023 B");
        assert_eq!(human_size(1024), "1 KB");
        assert_eq!(human_size(1535), "1 KB");
        assert_eq!(human_size(1536), "2 KB");
        assert_eq!(human_size(49_152), "48 KB");
        assert_eq!(human_size(1_258_291), "1.2 MB");
        assert_eq!(human_size(6_396_314), "6.1 MB");
        assert_eq!(human_size(5 * 1024 * 1024 * 1024), "5.0 GB");
    }

    #[test]
    fn grammar() {
        let m = Marker {
            kind: "audio",
            label: Some("audio/wav"),
            size: Some(1_258_291),
            reason: Some("not supported by this target"),
            ..Default::default()
        };
        assert_eq!(m.render(), "[audio audio/wav, 1.2 MB: not supported by this target]");
        assert_eq!(
            Marker::link("report.pdf", "file:///r.pdf").render(),
            "[resource_link report.pdf <file:///r.pdf>]"
        );
        assert_eq!(
            Marker {
                kind: "image",
                reason: Some("missing data"),
                ..Default::default()
            }
            .render(),
            "[image: missing data]"
        );
    }
}

/// `text` (of `chars` characters) cut to `keep` characters: the first ⌈keep/2⌉ and the last
/// ⌊keep/2⌋, around `[… N characters omitted …]` (N with `,` thousands separators).
pub fn truncate_middle(text: &str, keep: usize, chars: usize) -> String {
    let head = keep.div_ceil(2);
    let tail = keep / 2;
    let head_end = text.char_indices().nth(head).map_or(text.len(), |(i, _)| i);
    let tail_start = text.char_indices().nth(chars - tail).map_or(text.len(), |(i, _)| i);
    let omitted = grouped((chars - keep) as u64);
    format!(
        "{}[… {omitted} characters omitted …]{}",
        &text[..head_end],
        &text[tail_start..]
    )
}

/// `48213` → `48,213`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod truncate_tests {
    use super::*;

    #[test]
    fn keeps_head_and_tail_on_char_boundaries() {
        assert_eq!(truncate_middle("héllo wörld", 5, 11), "hél[… 6 characters omitted …]ld");
        assert_eq!(truncate_middle("abc", 0, 3), "[… 3 characters omitted …]");
        assert_eq!(grouped(48213), "48,213");
        assert_eq!(grouped(1234567), "1,234,567");
        assert_eq!(grouped(999), "999");
    }
}
