//! The token estimate of a planned result (option `estimate_tokens`): one item per part the
//! model reads, with the rules of the context's model ([`crate::tokens`]).

use super::join;
use super::media::{Media, MediaClass};
use super::plan::Part;
use crate::canonical;
use crate::imagesize;
use crate::models::ModelProfile;
use crate::normalize::Context;
use crate::parsed::{BlockAt, ToolResult};
use crate::tokens::{image_tokens, text_tokens, TokenItem, Tokens};

/// The estimate of `parts` (the tool result) and `lifted` (the attachments, after their
/// caption); empty without a model (`mcp`).
pub fn estimate(parts: &[Part<'_>], lifted: &[Media<'_>], result: &ToolResult<'_>, ctx: &Context<'_>) -> Tokens {
    let Some(model) = ctx.model else {
        return Tokens::default();
    };
    let path = |at: Option<BlockAt>| at.map_or_else(String::new, |at| result.block_path(at));
    let mut items = Vec::with_capacity(parts.len() + lifted.len() + 1);
    for part in parts {
        items.push(match part {
            Part::Text { text, content, marks } => TokenItem {
                path: path(content.or(*marks)),
                kind: if content.is_some() { "text" } else { "marker" },
                tokens: Some(text_tokens(text.as_str())),
            },
            Part::Structured(value) => TokenItem {
                path: result.structured_path(),
                kind: "structured",
                tokens: Some(text_tokens(&canonical::to_text(value))),
            },
            Part::Media(media) => media_item(media, model, path(media.at)),
        });
    }
    if !lifted.is_empty() {
        items.push(TokenItem {
            path: String::new(),
            kind: "caption",
            tokens: Some(text_tokens(&join::caption(ctx))),
        });
        items.extend(lifted.iter().map(|media| media_item(media, model, path(media.at))));
    }
    Tokens { items }
}

/// What `media` costs under `model`: an image by the model's rule (dimensions from its header,
/// as sent), a document given as text by the text rule; other media have no documented rule
/// here (`None`).
pub fn media_tokens(media: &Media<'_>, model: &ModelProfile) -> Option<u64> {
    match media.class {
        MediaClass::Image => {
            imagesize::dimensions(media.mime.as_str(), &media.data).map(|(w, h)| image_tokens(model, w, h))
        }
        MediaClass::Document => media.text.as_deref().map(text_tokens),
        MediaClass::Audio | MediaClass::Video => None,
    }
}

fn media_item(media: &Media<'_>, model: &ModelProfile, path: String) -> TokenItem {
    let kind = match media.class {
        MediaClass::Image => "image",
        MediaClass::Document => "document",
        MediaClass::Audio => "audio",
        MediaClass::Video => "video",
    };
    TokenItem {
        path,
        kind,
        tokens: media_tokens(media, model),
    }
}
