//! The one marker grammar for everything replaced by text:
//! `"[" kind [" " label] [" \"" title "\""] [", " size] [", " handle] [" <" uri ">"] [": " reason] "]"`.

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
    /// The handle of the original content, for blocks kept from the model (see
    /// [`crate::omitted`]).
    pub handle: Option<&'s str>,
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
        if let Some(handle) = self.handle {
            out.push_str(", ");
            out.push_str(handle);
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

/// `N B` below 1 KiB; else KiB, MiB or GiB (units of 1024), the largest not above the size,
/// rounded half up to two decimals with trailing zeros trimmed (`1.5 KiB`, `3.75 MiB`,
/// `24 MiB`); a value that rounds to 1024 is written in the next unit (`1 MiB`).
pub fn human_size(bytes: u64) -> String {
    const UNITS: [&str; 3] = ["KiB", "MiB", "GiB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    let bytes = u128::from(bytes);
    let hundredths = |unit: u128| (bytes * 200 + unit) / (unit * 2);
    let mut level = 0;
    let mut unit: u128 = 1024;
    while level + 1 < UNITS.len() && (bytes >= unit * 1024 || hundredths(unit) >= 102_400) {
        level += 1;
        unit *= 1024;
    }
    let h = hundredths(unit);
    let (whole, fraction) = (h / 100, h % 100);
    match (fraction, fraction % 10) {
        (0, _) => format!("{whole} {}", UNITS[level]),
        (_, 0) => format!("{whole}.{} {}", fraction / 10, UNITS[level]),
        _ => format!("{whole}.{fraction:02} {}", UNITS[level]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(human_size(0), "0 B");
        assert_eq!(human_size(1023), "1023 B");
        assert_eq!(human_size(1024), "1 KiB");
        assert_eq!(human_size(1026), "1 KiB");
        assert_eq!(human_size(1030), "1.01 KiB");
        assert_eq!(human_size(1535), "1.5 KiB");
        assert_eq!(human_size(1536), "1.5 KiB");
        assert_eq!(human_size(49_152), "48 KiB");
        assert_eq!(human_size(1_048_575), "1 MiB");
        assert_eq!(human_size(1_258_291), "1.2 MiB");
        assert_eq!(human_size(3_932_160), "3.75 MiB");
        assert_eq!(human_size(4_446_695), "4.24 MiB");
        assert_eq!(human_size(6_396_314), "6.1 MiB");
        assert_eq!(human_size(24 * 1024 * 1024), "24 MiB");
        assert_eq!(human_size(5 * 1024 * 1024 * 1024), "5 GiB");
        assert_eq!(human_size(u64::MAX), "17179869184 GiB");
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
        assert_eq!(m.render(), "[audio audio/wav, 1.2 MiB: not supported by this target]");
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
/// ⌊keep/2⌋, around `[… N characters omitted, <handle> …]` (N with `,` thousands separators).
pub fn truncate_middle(text: &str, keep: usize, chars: usize, handle: &str) -> String {
    let head = keep.div_ceil(2);
    let tail = keep / 2;
    let head_end = text.char_indices().nth(head).map_or(text.len(), |(i, _)| i);
    let tail_start = text.char_indices().nth(chars - tail).map_or(text.len(), |(i, _)| i);
    let omitted = grouped((chars - keep) as u64);
    format!(
        "{}[… {omitted} characters omitted, {handle} …]{}",
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
        assert_eq!(
            truncate_middle("héllo wörld", 5, 11, "h"),
            "hél[… 6 characters omitted, h …]ld"
        );
        assert_eq!(truncate_middle("abc", 0, 3, "h"), "[… 3 characters omitted, h …]");
        assert_eq!(grouped(48213), "48,213");
        assert_eq!(grouped(1234567), "1,234,567");
        assert_eq!(grouped(999), "999");
    }
}
