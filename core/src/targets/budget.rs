//! The text budget: text parts cut in the middle to a number of characters in all
//! (`max_text_chars`, or the cut the token budget works out).

use std::borrow::Cow;

use crate::canonical;
use crate::error::Code;
use crate::marker::truncate_middle;
use crate::model::Str;
use crate::normalize::Context;
use crate::omitted::{self, Omitted, HANDLE_PLACEHOLDER};
use crate::parsed::ToolResult;
use crate::tokens::text_tokens;

use super::plan::Part;

/// One text part cut to hold a budget.
pub(super) struct Cut {
    /// Its index in the parts.
    index: usize,
    /// Its length in characters.
    chars: u64,
    /// The characters it keeps.
    keep: u64,
    /// Tokens of its whole text.
    tokens_before: u64,
    /// The cut text, with a stand-in handle of the real one's length (what it costs is known
    /// without hashing the original at every try).
    text: String,
}

/// Tokens of the text parts that `cuts` touch, before and after the cuts.
pub(super) fn cut_tokens(cuts: &[Cut]) -> (u64, u64) {
    let before = cuts.iter().map(|cut| cut.tokens_before).sum();
    (before, cuts.iter().map(|cut| text_tokens(&cut.text)).sum())
}

/// Characters of the text parts that a budget cuts (text blocks, resource texts, and
/// structuredContent given as text; markers are not cut).
pub(super) fn text_chars(parts: &[Part<'_>]) -> u64 {
    parts
        .iter()
        .filter_map(cuttable)
        .map(|text| text.chars().count() as u64)
        .sum()
}

fn cuttable<'p>(part: &'p Part<'_>) -> Option<Cow<'p, str>> {
    match part {
        Part::Text {
            text, content: Some(_), ..
        } => Some(Cow::Borrowed(text.as_str())),
        Part::Structured(value) => Some(Cow::Owned(canonical::to_text(value))),
        _ => None,
    }
}

/// The cuts that hold the text parts to `max` characters in all, in part order: a part longer
/// than what is left keeps its head and tail (half each, the head taking the odd one) around
/// the marker `[… N characters omitted, <handle> …]` (here with a stand-in handle); once nothing
/// is left a part keeps only the marker. Markers of media neither count nor are cut.
pub(super) fn cuts(parts: &[Part<'_>], max: u64) -> Vec<Cut> {
    let mut left = max;
    let mut out = Vec::new();
    for (index, part) in parts.iter().enumerate() {
        let Some(text) = cuttable(part) else { continue };
        let chars = text.chars().count() as u64;
        if chars <= left {
            left -= chars;
            continue;
        }
        out.push(Cut {
            index,
            chars,
            keep: left,
            tokens_before: text_tokens(&text),
            text: truncate_middle(&text, left as usize, chars as usize, HANDLE_PLACEHOLDER),
        });
        left = 0;
    }
    out
}

/// Cuts text parts to `max` characters in all ([`cuts`]), reporting `text_truncated` for each
/// with the option that asked for it (`by`) and listing the original as omitted; the marker
/// carries its handle. structuredContent given as text stays text when cut.
pub(super) fn budget_text(parts: &mut [Part<'_>], max: u64, by: &str, result: &ToolResult<'_>, ctx: &mut Context<'_>) {
    for cut in cuts(parts, max) {
        let part = &mut parts[cut.index];
        let original = cuttable(part).map(Cow::into_owned).unwrap_or_default();
        let (content, marks, path, kind, mime) = match part {
            Part::Text { content, marks, .. } => {
                let path = content.map(|at| result.block_path(at)).unwrap_or_default();
                (*content, *marks, path, "text", "text/plain")
            }
            _ => (None, None, result.structured_path(), "structured", "application/json"),
        };
        let (chars, keep) = (cut.chars, cut.keep);
        ctx.notice(
            Code::TextTruncated,
            path.clone(),
            format!("text of {chars} characters cut to {keep} by {by}"),
        );
        let handle = omitted::handle(original.as_bytes());
        let text = truncate_middle(&original, keep as usize, chars as usize, &handle);
        ctx.omitted.push(Omitted {
            handle,
            path,
            kind,
            mime_type: mime.to_owned(),
            bytes: original.len() as u64,
        });
        *part = Part::Text {
            text: Str::owned(text),
            content,
            marks,
        };
    }
}
