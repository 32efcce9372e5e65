//! Where `structuredContent` goes among the parts, as the `structured_content` option says.

use crate::error::Code;
use crate::model::Value;
use crate::normalize::Context;
use crate::options::Structured;
use crate::parsed::ToolResult;

use super::plan::Part;

/// Places `structuredContent` as the `structured_content` option says.
pub(super) fn place_structured<'a>(result: &mut ToolResult<'a>, parts: &mut Vec<Part<'a>>, ctx: &mut Context<'_>) {
    let Some(structured) = result.structured.take().filter(|s| !matches!(s, Value::Null)) else {
        return;
    };
    let placed = match ctx.options.structured_content {
        Structured::Ignore => return,
        Structured::Fallback if parts.iter().any(Part::says_something) => return,
        _ if result.structured_repeats_content => {
            let message = "structuredContent repeats the content blocks; not given as text again";
            return ctx.notice(Code::StructuredContentRepeatsContent, result.structured_path(), message);
        }
        Structured::Fallback => {
            parts.retain(|p| !matches!(p, Part::Text { .. }));
            parts.push(Part::Structured(structured));
            "no text block says anything; structuredContent given as JSON"
        }
        Structured::Prefer => {
            let first = parts
                .iter()
                .position(|p| matches!(p, Part::Text { content: Some(_), .. }));
            parts.retain(|p| !matches!(p, Part::Text { content: Some(_), .. }));
            parts.insert(first.unwrap_or(parts.len()), Part::Structured(structured));
            "structuredContent given instead of the text blocks"
        }
        Structured::Append => {
            parts.push(Part::Structured(structured));
            "structuredContent given after the content"
        }
    };
    ctx.notice(Code::StructuredContentAsText, result.structured_path(), placed);
}
