//! The normalized tool result every target renders from.

use crate::model::{Spare, Str, Value};
use crate::pointer::Loc;

/// A repaired `CallToolResult`.
#[derive(Debug)]
pub struct ToolResult<'a> {
    /// The blocks, in input order (invalid ones already skipped or replaced by markers).
    pub blocks: Vec<Block<'a>>,
    /// Whether the tool reported an error.
    pub is_error: bool,
    /// `structuredContent` as given (`Some(Null)` when given as `null`).
    pub structured: Option<Value<'a>>,
    /// Result `_meta`.
    pub meta: Option<Value<'a>>,
    /// `resultType` when given (always `"complete"` here).
    pub result_type: Option<Str<'a>>,
    /// Pointer to the result object in the input (`""`, `/result`, `/toolResult`, …).
    pub base: String,
    /// The key `structuredContent` was given under.
    pub structured_key: &'static str,
    /// `structuredContent` mirrors the content blocks or repeats one of their payloads.
    pub structured_repeats_content: bool,
    /// The tool-call id a replayed result block carried (`tool_use_id`, `call_id`).
    pub tool_use_id: Option<Str<'a>>,
    /// The replayed content was a string, or null or absent: `anthropic-mcp` gives it as a
    /// string, the form the framework that stored it sent.
    pub string_content: bool,
    /// The result object's emptied entry list, for the target's output object.
    pub spare: Spare<'a>,
}

impl ToolResult<'_> {
    /// Pointer to a block in the input.
    pub fn block_path(&self, at: BlockAt) -> String {
        let base = Loc::at(&self.base);
        match at {
            BlockAt::Content(Some(i)) => base.key("content").index(i).render(),
            BlockAt::Content(None) => base.key("content").render(),
            BlockAt::Legacy(key) => base.key(key).render(),
            BlockAt::Root(Some(i)) => base.index(i).render(),
            BlockAt::Root(None) => self.base.clone(),
            BlockAt::Field(key, Some(i)) => base.key(key).index(i).render(),
            BlockAt::Field(key, None) => base.key(key).render(),
        }
    }

    /// Pointer to the audience of a block.
    pub fn audience_path(&self, at: BlockAt, audience: AudienceAt) -> String {
        let block = self.block_path(at);
        let block = Loc::at(&block);
        match audience {
            AudienceAt::Block => block.key("annotations").key("audience").render(),
            AudienceAt::Resource => block.key("resource").key("annotations").key("audience").render(),
        }
    }

    /// Pointer to `structuredContent`.
    pub fn structured_path(&self) -> String {
        Loc::at(&self.base).key(self.structured_key).render()
    }
}

/// Where a block stands in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockAt {
    /// An element of `content` (`None` when `content` itself was the block or the text).
    Content(Option<usize>),
    /// The legacy `toolResult` value (under this key).
    Legacy(&'static str),
    /// A replayed history item: the input itself, or element `i` of an input array.
    Root(Option<usize>),
    /// A replayed result block's content under this key (element `i`, or the whole value).
    Field(&'static str, Option<usize>),
}

/// Which annotations excluded a block by audience.
#[derive(Debug, Clone, Copy)]
pub enum AudienceAt {
    /// The block's own annotations.
    Block,
    /// Annotations inside `resource`.
    Resource,
}

/// One content block and where it came from.
#[derive(Debug)]
pub struct Block<'a> {
    /// Where the block stands in the input.
    pub at: BlockAt,
    /// What the block holds.
    pub kind: BlockKind<'a>,
    /// Cleaned annotations (`audience`, `priority`, `lastModified`), when any (boxed, as
    /// `meta`: most blocks have neither).
    pub annotations: Option<Box<Value<'a>>>,
    /// The audience that excludes the assistant, when one does.
    pub excluded_by_audience: Option<AudienceAt>,
    /// Block `_meta`.
    pub meta: Option<Box<Value<'a>>>,
}

/// Image or audio.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaKind {
    /// An image block.
    Image,
    /// An audio block.
    Audio,
}

impl MediaKind {
    /// The MCP block type.
    pub fn name(self) -> &'static str {
        match self {
            MediaKind::Image => "image",
            MediaKind::Audio => "audio",
        }
    }
}

/// A base64 payload.
#[derive(Debug)]
pub struct Payload<'a> {
    /// Canonical base64 (or unchecked text when validation is off).
    pub data: Str<'a>,
    /// `validate_images` found the bytes well-formed (or repaired them): for a PNG, every
    /// chunk's CRC is right, so a fit need not hash the image again.
    pub checked: bool,
}

impl Payload<'_> {
    /// Decoded size in bytes, from the length and padding (which reads a host string whole:
    /// only what uses the size pays for it).
    pub fn size(&self) -> u64 {
        crate::base64::decoded_len(self.data.as_str())
    }
}

/// The kinds of block after normalization.
#[derive(Debug)]
pub enum BlockKind<'a> {
    /// Text.
    Text(Str<'a>),
    /// Image or audio with its MIME type (boxed, as every kind but text, so that a block stays
    /// small: most blocks are text).
    Media(Box<MediaBlock<'a>>),
    /// An embedded resource: text, blob or both (boxed: most blocks are text).
    Resource(Box<Resource<'a>>),
    /// A resource link (boxed: most blocks are text).
    Link(Box<Link<'a>>),
    /// A block that could not be repaired, shown as a marker (boxed: it is rare).
    Omitted(Box<Omitted>),
}

/// An image or audio block.
#[derive(Debug)]
pub struct MediaBlock<'a> {
    /// Image or audio.
    pub kind: MediaKind,
    /// The payload.
    pub payload: Payload<'a>,
    /// Its MIME type.
    pub mime: Str<'a>,
}

/// What the marker of a block that could not be repaired shows.
#[derive(Debug)]
pub struct Omitted {
    /// The block's type.
    pub kind: &'static str,
    /// Its declared MIME type, when any.
    pub label: Option<String>,
    /// Its uri, when any.
    pub uri: Option<String>,
    /// Why it was omitted.
    pub reason: &'static str,
    /// The payload's decoded size, when it was read.
    pub size: Option<u64>,
}

/// An embedded resource: text, blob or both.
#[derive(Debug)]
pub struct Resource<'a> {
    /// The resource uri.
    pub uri: Str<'a>,
    /// Its MIME type.
    pub mime: Option<Str<'a>>,
    /// Its text.
    pub text: Option<Str<'a>>,
    /// Its blob.
    pub blob: Option<Payload<'a>>,
    /// The resource's `_meta`.
    pub meta: Option<Value<'a>>,
}

/// A resource link.
#[derive(Debug)]
pub struct Link<'a> {
    /// The linked uri.
    pub uri: Str<'a>,
    /// Its name.
    pub name: Str<'a>,
    /// Its title.
    pub title: Option<Str<'a>>,
    /// Its description.
    pub description: Option<Str<'a>>,
    /// Its MIME type.
    pub mime: Option<Str<'a>>,
    /// Its size in bytes.
    pub size: Option<u64>,
    /// Its icons.
    pub icons: Option<Value<'a>>,
}
