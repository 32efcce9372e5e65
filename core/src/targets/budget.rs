//! The text budget: `max_text_chars` cuts text parts in the middle.

use crate::canonical;
use crate::error::Code;
use crate::model::Str;
use crate::normalize::Context;
use crate::parsed::ToolResult;

use super::plan::Part;

/// Cuts text parts to `max` characters in all, in part order: a part longer than what is left
/// keeps its head and tail (half each, the head taking the odd one) around the marker
/// `[… N characters omitted …]`; once nothing is left a part keeps only the marker.
/// structuredContent given as text counts as text (and stays text when cut). Markers of media
/// neither count nor are cut.
pub(super) fn budget_text(parts: &mut [Part<'_>], max: u64, result: &ToolResult<'_>, ctx: &mut Context<'_>) {
    let mut left = max;
    for part in parts.iter_mut() {
        let (text, path) = match part {
            Part::Text {
                text,
                content: Some(at),
                ..
            } => (text.as_str().to_owned(), result.block_path(*at)),
            Part::Structured(value) => (canonical::to_text(value), result.structured_path()),
            _ => continue,
        };
        let chars = text.chars().count() as u64;
        if chars <= left {
            left -= chars;
            continue;
        }
        let cut = crate::marker::truncate_middle(&text, left as usize, chars as usize);
        ctx.notice(
            Code::TextTruncated,
            path,
            format!("text of {chars} characters cut to {left} by max_text_chars"),
        );
        let (content, marks) = match part {
            Part::Text { content, marks, .. } => (*content, *marks),
            _ => (None, None),
        };
        *part = Part::Text {
            text: Str::owned(cut),
            content,
            marks,
        };
        left = 0;
    }
}
