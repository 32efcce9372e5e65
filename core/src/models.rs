//! Model profiles: what differs by model (native image size, the image token rule and its
//! constants, images per request, the media it takes, Gemini's default `media_resolution`),
//! one row per model family with its source and the date the row was checked. The option
//! `model` picks a row by the longest documented prefix of the model id; without it the
//! target's default row applies ([`default_for`]).

use crate::fit::Limits;
use crate::targets::profile::{ANTHROPIC_RECOMMENDED, GEMINI_RECOMMENDED, OPENAI_RECOMMENDED};
use crate::targets::Target;

/// The provider whose API serves a model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Provider {
    /// Anthropic (also Claude on Bedrock and Vertex).
    Anthropic,
    /// OpenAI.
    Openai,
    /// Google Gemini.
    Gemini,
}

impl Provider {
    /// The name the catalog gives it.
    pub fn name(self) -> &'static str {
        match self {
            Provider::Anthropic => "anthropic",
            Provider::Openai => "openai",
            Provider::Gemini => "gemini",
        }
    }
}

/// How a model bills an image, with its constants. The image is first scaled to the model's
/// native size ([`ModelProfile::native`]) where the rule says the server does so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageRule {
    /// ⌈w·h / 750⌉ after the server's resize (Anthropic before Opus 4.7).
    AnthropicArea,
    /// ⌈w/28⌉ × ⌈h/28⌉ patches of 28 px after the server's resize (Claude Opus 4.7).
    AnthropicPatches,
    /// `base + tile × (512 px tiles)` after fitting a 2048 px square and then the short side
    /// to 768 px (OpenAI `detail: "high"`, and `"auto"` as an upper bound); `detail: "low"` is
    /// `base` alone.
    OpenaiTiles {
        /// Tokens of every image.
        base: u64,
        /// Tokens per 512 px tile.
        tile: u64,
    },
    /// ⌈w/32⌉ × ⌈h/32⌉ patches of 32 px, at most 1536 (the image scaled down to fit), times a
    /// multiplier given in thousandths, rounded up.
    OpenaiPatches {
        /// The model's multiplier × 1000.
        multiplier_milli: u64,
    },
    /// 258 tokens for an image with both sides ≤ 384 px, else 258 per 768 px tile (Gemini 2.x).
    GeminiTiles,
    /// A fixed count per image, by `media_resolution` (Gemini 3: the default level's count).
    GeminiLevel {
        /// Tokens per image at the model's default level.
        tokens: u64,
    },
}

impl ImageRule {
    /// The rule's name in the catalog.
    pub fn name(self) -> &'static str {
        match self {
            ImageRule::AnthropicArea => "anthropic_area",
            ImageRule::AnthropicPatches => "anthropic_patches",
            ImageRule::OpenaiTiles { .. } => "openai_tiles",
            ImageRule::OpenaiPatches { .. } => "openai_patches",
            ImageRule::GeminiTiles => "gemini_tiles",
            ImageRule::GeminiLevel { .. } => "gemini_level",
        }
    }
}

/// What one model family bills and takes.
#[derive(Debug)]
pub struct ModelProfile {
    /// The model id prefix that selects the row (`claude-opus-4-7` matches
    /// `claude-opus-4-7-20260416`); the longest matching prefix wins.
    pub prefix: &'static str,
    /// The provider that serves it.
    pub provider: Provider,
    /// The native image size and pixel budget: the server scales larger images down to it, and
    /// `fit_images: "recommended"` fits to it.
    pub native: Limits,
    /// How an image is billed.
    pub image_rule: ImageRule,
    /// Most images in one request (`None`: not documented).
    pub images_per_request: Option<u64>,
    /// The kinds of media the model takes (`image`, `pdf`, `audio`, `video`).
    pub media: &'static [&'static str],
    /// Gemini's default `media_resolution` for images (`None` elsewhere).
    pub media_resolution: Option<&'static str>,
    /// Where the row's figures come from.
    pub source: &'static str,
    /// When the row was checked against its source (ISO date).
    pub checked: &'static str,
}

const ANTHROPIC_VISION: &str = "platform.claude.com/docs/en/build-with-claude/vision";
const OPENAI_VISION: &str = "platform.openai.com/docs/guides/images-vision (Calculating costs)";
const OPUS_4_7_NATIVE: Limits = Limits {
    max_dimension: Some(2576),
    max_pixels: Some(3_750_000),
    ..Limits::NONE
};
/// 1536 patches of 32×32 px.
const OPENAI_PATCH_NATIVE: Limits = Limits {
    max_pixels: Some(1536 * 32 * 32),
    ..Limits::NONE
};

/// Every model profile, by provider.
pub const MODELS: &[ModelProfile] = &[
    ModelProfile {
        prefix: "claude",
        provider: Provider::Anthropic,
        native: ANTHROPIC_RECOMMENDED,
        image_rule: ImageRule::AnthropicArea,
        images_per_request: Some(600),
        media: &["image", "pdf"],
        media_resolution: None,
        source: ANTHROPIC_VISION,
        checked: "2026-12-03",
    },
    ModelProfile {
        prefix: "claude-opus-4-7",
        provider: Provider::Anthropic,
        native: OPUS_4_7_NATIVE,
        image_rule: ImageRule::AnthropicPatches,
        images_per_request: Some(600),
        media: &["image", "pdf"],
        media_resolution: None,
        source: ANTHROPIC_VISION,
        checked: "2026-12-03",
    },
    ModelProfile {
        prefix: "gpt-4o",
        provider: Provider::Openai,
        native: OPENAI_RECOMMENDED,
        image_rule: ImageRule::OpenaiTiles { base: 85, tile: 170 },
        images_per_request: Some(500),
        media: &["image", "pdf", "audio"],
        media_resolution: None,
        source: OPENAI_VISION,
        checked: "2026-12-04",
    },
    ModelProfile {
        prefix: "gpt-4o-mini",
        provider: Provider::Openai,
        native: OPENAI_RECOMMENDED,
        image_rule: ImageRule::OpenaiTiles { base: 2833, tile: 5667 },
        images_per_request: Some(500),
        media: &["image", "pdf", "audio"],
        media_resolution: None,
        source: OPENAI_VISION,
        checked: "2026-12-04",
    },
    ModelProfile {
        prefix: "gpt-4.1",
        provider: Provider::Openai,
        native: OPENAI_RECOMMENDED,
        image_rule: ImageRule::OpenaiTiles { base: 85, tile: 170 },
        images_per_request: Some(500),
        media: &["image", "pdf"],
        media_resolution: None,
        source: OPENAI_VISION,
        checked: "2026-12-04",
    },
    ModelProfile {
        prefix: "gpt-4.1-mini",
        provider: Provider::Openai,
        native: OPENAI_PATCH_NATIVE,
        image_rule: ImageRule::OpenaiPatches { multiplier_milli: 1620 },
        images_per_request: Some(500),
        media: &["image", "pdf"],
        media_resolution: None,
        source: OPENAI_VISION,
        checked: "2026-12-04",
    },
    ModelProfile {
        prefix: "gpt-4.1-nano",
        provider: Provider::Openai,
        native: OPENAI_PATCH_NATIVE,
        image_rule: ImageRule::OpenaiPatches { multiplier_milli: 2460 },
        images_per_request: Some(500),
        media: &["image", "pdf"],
        media_resolution: None,
        source: OPENAI_VISION,
        checked: "2026-12-04",
    },
    ModelProfile {
        prefix: "gpt-5",
        provider: Provider::Openai,
        native: OPENAI_RECOMMENDED,
        image_rule: ImageRule::OpenaiTiles { base: 70, tile: 140 },
        images_per_request: Some(500),
        media: &["image", "pdf"],
        media_resolution: None,
        source: OPENAI_VISION,
        checked: "2026-12-04",
    },
    ModelProfile {
        prefix: "gemini-2",
        provider: Provider::Gemini,
        native: GEMINI_RECOMMENDED,
        image_rule: ImageRule::GeminiTiles,
        images_per_request: Some(3000),
        media: &["image", "pdf", "audio", "video"],
        media_resolution: None,
        source: "firebase.google.com/docs/ai-logic/input-file-requirements; images per prompt: cloud.google.com/vertex-ai/generative-ai/docs/multimodal/image-understanding",
        checked: "2026-12-04",
    },
    ModelProfile {
        prefix: "gemini-3",
        provider: Provider::Gemini,
        native: GEMINI_RECOMMENDED,
        image_rule: ImageRule::GeminiLevel { tokens: 1120 },
        images_per_request: Some(900),
        media: &["image", "pdf", "audio", "video"],
        media_resolution: Some("high"),
        source: "ai.google.dev/gemini-api/docs/media-resolution; images per prompt: cloud.google.com/vertex-ai/generative-ai/docs/multimodal/image-understanding",
        checked: "2026-12-04",
    },
];

/// The row of `prefix` (one of [`MODELS`]).
fn row(prefix: &str) -> &'static ModelProfile {
    MODELS.iter().find(|m| m.prefix == prefix).expect("a prefix of MODELS")
}

/// The profile of the model id `model`: the row with the longest prefix of it.
pub fn lookup(model: &str) -> Option<&'static ModelProfile> {
    MODELS
        .iter()
        .filter(|m| model.starts_with(m.prefix))
        .max_by_key(|m| m.prefix.len())
}

/// The row `target` assumes without the option `model` (`None` for `mcp`, which is not sent to
/// a model as such).
pub fn default_for(target: Target) -> Option<&'static ModelProfile> {
    let prefix = match target {
        Target::Anthropic | Target::AnthropicMcp | Target::Bedrock => "claude",
        Target::OpenaiChat | Target::OpenaiResponses | Target::Copilot | Target::Text => "gpt-4o",
        Target::Gemini | Target::GeminiInteractions => "gemini-3",
        Target::GeminiLegacy => "gemini-2",
        Target::Mcp => return None,
    };
    Some(row(prefix))
}

/// The providers whose models `target` sends to (`None`: any).
pub fn providers_of(target: Target) -> Option<&'static [Provider]> {
    match target {
        Target::Anthropic | Target::AnthropicMcp | Target::Bedrock => Some(&[Provider::Anthropic]),
        Target::OpenaiChat | Target::OpenaiResponses => Some(&[Provider::Openai]),
        Target::Gemini | Target::GeminiLegacy | Target::GeminiInteractions => Some(&[Provider::Gemini]),
        Target::Copilot | Target::Text | Target::Mcp => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_prefix_wins() {
        let prefix = |id: &str| lookup(id).map(|m| m.prefix);
        assert_eq!(prefix("claude-opus-4-7"), Some("claude-opus-4-7"));
        assert_eq!(prefix("claude-sonnet-4-5-20250929"), Some("claude"));
        assert_eq!(prefix("gpt-4o-mini-2024-07-18"), Some("gpt-4o-mini"));
        assert_eq!(prefix("gpt-4.1-mini"), Some("gpt-4.1-mini"));
        assert_eq!(prefix("gpt-4.1"), Some("gpt-4.1"));
        assert_eq!(prefix("gemini-2.5-flash"), Some("gemini-2"));
        assert_eq!(prefix("gemini-3-pro"), Some("gemini-3"));
        assert_eq!(prefix("llama-3"), None);
    }

    #[test]
    fn every_target_but_mcp_has_a_default_of_a_provider_it_serves() {
        for target in Target::ALL {
            match (default_for(*target), providers_of(*target)) {
                (None, _) => assert_eq!(*target, Target::Mcp),
                (Some(row), Some(providers)) => assert!(providers.contains(&row.provider)),
                (Some(_), None) => {}
            }
        }
        let mut prefixes: Vec<_> = MODELS.iter().map(|m| m.prefix).collect();
        prefixes.sort_unstable();
        prefixes.dedup();
        assert_eq!(prefixes.len(), MODELS.len());
    }
}
