//! The title an SVG image's marker shows: no target rasterizes SVG, so the marker tells the
//! model what the drawing is, from its `<title>` or else its first `<text>`.

use crate::model::Str;

/// How much of the decoded SVG is read for its title.
const SCAN: usize = 64 * 1024;

/// Most characters of a title; a longer one keeps 79 and ends with `…`.
const MAX_CHARS: usize = 80;

/// The title of a base64 SVG payload of type `mime` (`image/svg+xml`), or `None`.
pub fn title_of(mime: &str, data: &Str<'_>) -> Option<String> {
    if crate::mime::essence(mime) != "image/svg+xml" {
        return None;
    }
    let bytes = crate::imagesize::decode_prefix(data, SCAN);
    title(&String::from_utf8_lossy(&bytes))
}

/// The text of the first `<title>` element that has some, else of the first such `<text>`
/// element (child elements' text included; comments left out; CDATA, the XML entities and
/// character references read; whitespace collapsed; at most [`MAX_CHARS`] characters).
pub fn title(svg: &str) -> Option<String> {
    let mut first_text = None;
    let mut at = 0;
    while let Some(open) = svg[at..].find('<').map(|i| at + i) {
        let Some(tag) = Tag::at(svg, open) else {
            at = skip_markup(svg, open);
            continue;
        };
        at = tag.end;
        if tag.closing || tag.empty || !matches!(tag.local, "title" | "text") {
            continue;
        }
        let (content, end) = element_text(svg, tag.end);
        at = end;
        let text = clean(&content);
        if text.is_empty() {
            continue;
        }
        if tag.local == "title" {
            return Some(text);
        }
        first_text.get_or_insert(text);
    }
    first_text
}

/// A start or end tag.
struct Tag<'s> {
    /// Its name without a namespace prefix.
    local: &'s str,
    closing: bool,
    /// Self-closing (`<x/>`).
    empty: bool,
    /// Just past its `>`.
    end: usize,
}

impl<'s> Tag<'s> {
    /// The tag starting at `open` (a `<`), or `None` for a comment, CDATA, a declaration or a
    /// processing instruction.
    fn at(svg: &'s str, open: usize) -> Option<Tag<'s>> {
        let rest = &svg[open + 1..];
        let closing = rest.starts_with('/');
        let name_start = open + 1 + usize::from(closing);
        let name_len = svg[name_start..]
            .find(|c: char| c.is_whitespace() || c == '/' || c == '>')
            .unwrap_or(svg.len() - name_start);
        let name = &svg[name_start..name_start + name_len];
        if name.is_empty() || name.starts_with(['!', '?']) {
            return None;
        }
        let local = name.rsplit(':').next().unwrap_or(name);
        // The closing `>`, outside quoted attribute values.
        let mut quote = None;
        let mut end = svg.len();
        for (i, c) in svg[name_start + name_len..].char_indices() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') => quote = Some(c),
                (None, '>') => {
                    end = name_start + name_len + i + 1;
                    break;
                }
                _ => {}
            }
        }
        let empty = svg[..end].ends_with("/>");
        Some(Tag {
            local,
            closing,
            empty,
            end,
        })
    }
}

/// Past a comment, CDATA section, declaration or processing instruction at `open`.
fn skip_markup(svg: &str, open: usize) -> usize {
    let rest = &svg[open..];
    let close = if rest.starts_with("<!--") {
        "-->"
    } else if rest.starts_with("<![CDATA[") {
        "]]>"
    } else {
        ">"
    };
    rest[1..].find(close).map_or(svg.len(), |i| open + 1 + i + close.len())
}

/// The character data of the element whose content starts at `from` (nested elements' data
/// included), and where the element ends.
fn element_text(svg: &str, from: usize) -> (String, usize) {
    let mut out = String::new();
    let mut depth = 0usize;
    let mut at = from;
    while let Some(open) = svg[at..].find('<').map(|i| at + i) {
        out.push_str(&decode_entities(&svg[at..open]));
        let rest = &svg[open..];
        if let Some(cdata) = rest.strip_prefix("<![CDATA[") {
            let len = cdata.find("]]>").unwrap_or(cdata.len());
            out.push_str(&cdata[..len]);
            at = (open + 9 + len + 3).min(svg.len());
            continue;
        }
        let Some(tag) = Tag::at(svg, open) else {
            at = skip_markup(svg, open);
            continue;
        };
        at = tag.end;
        match (tag.closing, tag.empty) {
            (true, _) if depth == 0 => return (out, at),
            (true, _) => depth -= 1,
            (false, false) => depth += 1,
            (false, true) => {}
        }
    }
    out.push_str(&decode_entities(&svg[at..]));
    (out, svg.len())
}

/// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and `&#…;` references read; others kept.
fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let decoded = rest.find(';').filter(|&semi| semi <= 12).and_then(|semi| {
            let name = &rest[1..semi];
            let c = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                _ => {
                    let number = name.strip_prefix('#')?;
                    let code = match number.strip_prefix(['x', 'X']) {
                        Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                        None => number.parse().ok()?,
                    };
                    char::from_u32(code)
                }
            };
            c.map(|c| (c, semi + 1))
        });
        match decoded {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Whitespace runs as one space, control characters dropped, trimmed, at most [`MAX_CHARS`].
fn clean(text: &str) -> String {
    let words: Vec<String> = text
        .split_whitespace()
        .map(|w| w.chars().filter(|c| !c.is_control()).collect())
        .collect();
    let joined = words.join(" ");
    let joined = joined.trim();
    if joined.chars().count() <= MAX_CHARS {
        return joined.to_owned();
    }
    let mut cut: String = joined.chars().take(MAX_CHARS - 1).collect();
    cut.truncate(cut.trim_end().len());
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn title_first_then_text() {
        let svg = r#"<?xml version="1.0"?><!-- <title>no</title> --><svg xmlns="http://www.w3.org/2000/svg">
            <text x="1">Q1 <tspan>sales</tspan></text><title>
              Revenue &amp; costs&#x21;</title></svg>"#;
        assert_eq!(title(svg).as_deref(), Some("Revenue & costs!"));
        let svg = r#"<svg><title> </title><g><text a=">">  Axis <![CDATA[<one>]]> </text></g></svg>"#;
        assert_eq!(title(svg).as_deref(), Some("Axis <one>"));
        assert_eq!(title("<svg><textPath>x</textPath><rect/></svg>"), None);
        assert_eq!(
            title(r#"<svg:svg><svg:title>Named</svg:title></svg:svg>"#).as_deref(),
            Some("Named")
        );
    }

    #[test]
    fn long_titles_are_cut() {
        let long = format!("<svg><title>{}</title></svg>", "word ".repeat(40));
        let cut = title(&long).expect("a title");
        assert_eq!(cut.chars().count(), 80);
        assert!(cut.ends_with("word…"), "{cut}");
    }

    #[test]
    fn unterminated_input_ends_quietly() {
        assert_eq!(title("<svg><title>Open").as_deref(), Some("Open"));
        assert_eq!(title("<svg><title"), None);
        assert_eq!(title("<!-- never closed"), None);
        assert_eq!(
            title("<svg><text>&#xFFFFFFFF; &bogus; a</text>").as_deref(),
            Some("&#xFFFFFFFF; &bogus; a")
        );
    }
}
