//! What each target carries and the provider limits it defaults to: [`Profile`], [`Caps`],
//! [`Lift`] and the recommended image sizes.

use crate::fit::Limits;
use crate::options::Options;

/// Reason of a marker for a block the target cannot carry.
pub const UNSUPPORTED: &str = "not supported by this target";

/// What one target can carry and the provider limits it defaults to.
pub struct Profile {
    /// Image MIME essences carried natively (`"*"`: any).
    pub images: &'static [&'static str],
    /// Document MIME essences carried natively (resource blobs).
    pub documents: &'static [&'static str],
    /// Audio MIME essences carried natively.
    pub audio: &'static [&'static str],
    /// Video MIME essences carried natively (resource blobs).
    pub video: &'static [&'static str],
    /// `text/plain` documents are given as decoded text (Anthropic).
    pub text_documents: bool,
    /// Default caps.
    pub caps: Caps,
    /// Where media travels.
    pub lift: Lift,
    /// Empty and whitespace-only text parts are left out.
    pub drop_blank_text: bool,
    /// Markers of unsupported blocks carry a reason and report `block_as_marker`.
    pub explain_markers: bool,
    /// Reason of the markers left where lifted media was.
    pub lifted_reason: &'static str,
}

/// A target that carries text only: every other block becomes a marker with its reason.
pub const TEXT_ONLY: Profile = Profile {
    images: &[],
    documents: &[],
    audio: &[],
    video: &[],
    text_documents: false,
    caps: Caps::NONE,
    lift: Lift::Never,
    drop_blank_text: false,
    explain_markers: true,
    lifted_reason: "",
};

/// Provider limits; `None` means no limit.
#[derive(Clone, Copy)]
pub struct Caps {
    /// Most images.
    pub images: Option<u64>,
    /// Most decoded bytes of one media item.
    pub item_bytes: Option<u64>,
    /// Most decoded bytes of all media.
    pub total_bytes: Option<u64>,
    /// Longest image side in pixels.
    pub dimension: Option<u64>,
    /// Longest side once the request holds more than [`Caps::MANY_IMAGES`] images.
    pub many_images_dimension: Option<u64>,
    /// Most documents.
    pub documents: Option<u64>,
    /// The provider's recommended image size (`fit_images: "recommended"`).
    pub recommended: Limits,
}

/// Anthropic (and Claude on Bedrock): long edge at most 1568 px and at most 1092² px, the sizes
/// Anthropic's vision guide lists as needing no server-side resize (docs.anthropic.com,
/// build-with-claude/vision, "Evaluate image size": 1092×1092 for 1:1 … 784×1568 for 1:2).
pub const ANTHROPIC_RECOMMENDED: Limits = Limits {
    max_dimension: Some(1568),
    max_pixels: Some(1092 * 1092),
    ..Limits::NONE
};

/// OpenAI high detail: scaled to fit a 2048 px square, then the short side to 768 px
/// (platform.openai.com/docs/guides/images-vision, "Calculating costs").
pub const OPENAI_RECOMMENDED: Limits = Limits {
    max_dimension: Some(2048),
    max_short_side: Some(768),
    ..Limits::NONE
};

/// Gemini: long edge at most 3072 px, the largest input size Vertex AI documents before it
/// scales an image down (cloud.google.com/vertex-ai/generative-ai/docs/multimodal/image-understanding).
pub const GEMINI_RECOMMENDED: Limits = Limits {
    max_dimension: Some(3072),
    ..Limits::NONE
};

impl Caps {
    /// These caps with each one the options name replacing the default.
    pub fn with_options(self, options: &Options) -> Caps {
        Caps {
            images: options.max_images.or(self.images),
            item_bytes: options.max_image_bytes.or(self.item_bytes),
            total_bytes: options.max_total_bytes.or(self.total_bytes),
            dimension: options.max_image_dimension.or(self.dimension),
            many_images_dimension: options.max_image_dimension.or(self.many_images_dimension),
            documents: self.documents,
            recommended: self.recommended,
        }
    }

    /// Above this many images in a request, `many_images_dimension` applies (Anthropic's rule).
    pub const MANY_IMAGES: u64 = 20;

    /// The dimension cap for a request that holds `images` images.
    pub fn dimension_for(&self, images: u64) -> Option<u64> {
        if images > Caps::MANY_IMAGES {
            self.many_images_dimension
        } else {
            self.dimension
        }
    }

    /// No limits.
    pub const NONE: Caps = Caps {
        images: None,
        item_bytes: None,
        total_bytes: None,
        dimension: None,
        many_images_dimension: None,
        documents: None,
        recommended: Limits::NONE,
    };
}

/// Where a target puts media.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Lift {
    /// In the tool result.
    Never,
    /// Always in a following user message.
    Always,
    /// In a following user message when the result is an error.
    OnError,
}
