//! Text parts joined into one string ([`Joined`], [`join_text`]), the caption before lifted
//! media and the error prefix of targets without an error flag.

use crate::canonical;
use crate::model::Str;
use crate::normalize::Context;
use crate::parsed::{BlockKind, ToolResult};

use super::media::Media;
use super::plan::Part;

/// Text parts (structuredContent as canonical JSON) joined with `\n`; media is skipped.
pub fn join_text(parts: Vec<Part<'_>>) -> Str<'_> {
    join_text_with(parts, |_| {})
}

/// [`join_text`], handing each media part to `media` in order.
pub fn join_text_with<'a>(parts: Vec<Part<'a>>, mut media: impl FnMut(Media<'a>)) -> Str<'a> {
    // Room for every text part and separator (structuredContent text grows it when present).
    let room: usize = parts
        .iter()
        .map(|part| match part {
            Part::Text { text, .. } => text.as_str().len() + 1,
            _ => 0,
        })
        .sum();
    let mut joined = Joined::with_room(room);
    for part in parts {
        match part {
            Part::Media(m) => media(m),
            text => joined.push(text),
        }
    }
    joined.finish()
}

/// Text parts joined with `\n` as they come: a lone part stays the string it was (borrowed
/// text stays borrowed), two or more are copied once into a string sized up front.
pub struct Joined<'a> {
    room: usize,
    first: Option<Str<'a>>,
    joined: Option<String>,
}

impl<'a> Joined<'a> {
    /// Nothing yet; `room`: the expected length of the joined text.
    pub fn with_room(room: usize) -> Self {
        Joined {
            room,
            first: None,
            joined: None,
        }
    }

    /// The room for the text blocks and resource texts of `result` and their separators.
    pub fn for_blocks(result: &ToolResult<'_>) -> Self {
        let room = result
            .blocks
            .iter()
            .map(|block| match &block.kind {
                BlockKind::Text(text) => text.as_str().len() + 1,
                BlockKind::Resource(resource) => resource.text.as_ref().map_or(0, |t| t.as_str().len() + 1),
                _ => 0,
            })
            .sum();
        Joined::with_room(room)
    }

    /// Appends a text part (structuredContent as canonical JSON); media parts are not text and
    /// are skipped.
    #[inline(always)]
    pub fn push(&mut self, part: Part<'a>) {
        let text = match part {
            Part::Text { text, .. } => text,
            Part::Structured(value) => Str::owned(canonical::to_text(&value)),
            Part::Media(_) => return,
        };
        if let Some(out) = &mut self.joined {
            out.push('\n');
            out.push_str(text.as_str());
        } else if let Some(head) = self.first.take() {
            let needed = head.as_str().len() + text.as_str().len() + 1;
            let mut out = String::with_capacity(self.room.max(needed));
            out.push_str(head.as_str());
            out.push('\n');
            out.push_str(text.as_str());
            self.joined = Some(out);
        } else {
            self.first = Some(text);
        }
    }

    /// The joined text (`""` for none).
    pub fn finish(self) -> Str<'a> {
        match (self.joined, self.first) {
            (Some(out), _) => Str::owned(out),
            (None, Some(first)) => first,
            (None, None) => Str::borrowed(""),
        }
    }
}

/// The caption before lifted media: `Media from the result of tool call <id> (<name>):`.
pub fn caption(ctx: &Context<'_>) -> String {
    let options = ctx.options;
    let mut out = match &options.tool_call_id {
        Some(id) => format!("Media from the result of tool call {id}"),
        None => "Media from the tool result".to_owned(),
    };
    if let Some(name) = &options.tool_name {
        out.push_str(&format!(" ({name})"));
    }
    out.push(':');
    out
}

/// `[tool error] ` before `text` for targets without an error flag.
pub fn error_prefixed<'a>(text: Str<'a>, is_error: bool) -> Str<'a> {
    if is_error {
        Str::owned(format!("{ERROR_PREFIX}{}", text.as_str()))
    } else {
        text
    }
}

/// What targets without an error flag put before an error result's text.
pub const ERROR_PREFIX: &str = "[tool error] ";
