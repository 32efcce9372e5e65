//! Token estimates (option `estimate_tokens`): the billing rules of images per model
//! ([`image_tokens`], from [`crate::models`]) and the text approximation ([`text_tokens`]), and
//! [`Tokens`], the Conversion's `tokens` field.

use crate::fit::{target_size, Limits};
use crate::model::{Map, Number, Str, Value};
use crate::models::{ImageRule, ModelProfile};

/// Tokens of text: ⌈UTF-8 bytes / 4⌉, the "about 4 characters per token" of OpenAI's and
/// Anthropic's guides, counted in bytes so that non-Latin text (2–4 bytes a character) counts
/// more per character. docs/tokens.md gives its measured error against `o200k_base`.
pub fn text_tokens(text: &str) -> u64 {
    (text.len() as u64).div_ceil(4)
}

/// Tokens of a `width` × `height` image as `model` bills it (dimensions as sent).
pub fn image_tokens(model: &ModelProfile, width: u32, height: u32) -> u64 {
    let scaled = |limits: &Limits| target_size(width, height, limits).unwrap_or((width, height));
    match model.image_rule {
        ImageRule::AnthropicArea => {
            let (w, h) = pair(scaled(&model.native));
            (w * h).div_ceil(750)
        }
        ImageRule::AnthropicPatches => {
            let (w, h) = pair(scaled(&model.native));
            w.div_ceil(28) * h.div_ceil(28)
        }
        ImageRule::OpenaiTiles { base, tile } => {
            let (w, h) = pair(scaled(&model.native));
            base + tile * w.div_ceil(512) * h.div_ceil(512)
        }
        ImageRule::OpenaiPatches { multiplier_milli } => {
            let patches = openai_patches(u64::from(width), u64::from(height));
            (patches * multiplier_milli).div_ceil(1000)
        }
        ImageRule::GeminiTiles => {
            let (w, h) = pair(scaled(&model.native));
            if w <= 384 && h <= 384 {
                258
            } else {
                258 * w.div_ceil(768) * h.div_ceil(768)
            }
        }
        ImageRule::GeminiLevel { tokens } => tokens,
    }
}

fn pair((w, h): (u32, u32)) -> (u64, u64) {
    (u64::from(w), u64::from(h))
}

/// OpenAI's patch count: ⌈w/32⌉·⌈h/32⌉; over 1536 the image is scaled down by
/// `s = √(1536·32²/(w·h))`, then to a whole number of patches across, `c = ⌊w·s/32⌋` (that is
/// the largest `c` with `c²·h ≤ 1536·w`), and the rows are ⌈h·c/w⌉ (the guide's worked method,
/// in integers).
fn openai_patches(w: u64, h: u64) -> u64 {
    const MAX: u64 = 1536;
    let patches = w.div_ceil(32) * h.div_ceil(32);
    if patches <= MAX || w == 0 {
        return patches;
    }
    let mut across = (MAX * w / h.max(1)).isqrt();
    while across * across * h > MAX * w {
        across -= 1;
    }
    (across * (h * across).div_ceil(w)).min(MAX)
}

/// What one part costs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenItem {
    /// The JSON Pointer of the block in the input (`""` for the attachments' caption).
    pub path: String,
    /// What the model reads: `text`, `marker`, `structured`, `caption`, `image`, `document`,
    /// `audio` or `video`.
    pub kind: &'static str,
    /// The estimate; `None` where no documented rule gives the cost.
    pub tokens: Option<u64>,
}

impl TokenItem {
    /// Whether the item counts as text (every kind but media).
    pub fn is_text(&self) -> bool {
        matches!(self.kind, "text" | "marker" | "structured" | "caption")
    }
}

/// The estimate of a Conversion: what the provider will bill for it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tokens {
    /// One item per part, in the order the model reads them (output, then attachments).
    pub items: Vec<TokenItem>,
}

impl Tokens {
    /// Tokens of the text items.
    pub fn text(&self) -> u64 {
        self.sum(true)
    }

    /// Tokens of the media items whose cost is known.
    pub fn media(&self) -> u64 {
        self.sum(false)
    }

    /// `text + media` (items of unknown cost add nothing).
    pub fn total(&self) -> u64 {
        self.text() + self.media()
    }

    fn sum(&self, text: bool) -> u64 {
        self.items
            .iter()
            .filter(|i| i.is_text() == text)
            .filter_map(|i| i.tokens)
            .sum()
    }

    /// `{"total", "text", "media", "items": [{"path", "kind", "tokens"}]}` (`tokens` is `null`
    /// where the cost is unknown).
    pub fn to_value(&self) -> Value<'static> {
        let mut out = Map::with_capacity(4);
        out.push("total", int(self.total()));
        out.push("text", int(self.text()));
        out.push("media", int(self.media()));
        let items = self.items.iter().map(|item| {
            let mut map = Map::with_capacity(3);
            map.push("path", Value::string(item.path.clone()));
            map.push("kind", Value::String(Str::borrowed(item.kind)));
            map.push("tokens", item.tokens.map_or(Value::Null, int));
            Value::Object(map)
        });
        out.push("items", Value::Array(items.collect()));
        Value::Object(out)
    }
}

fn int(n: u64) -> Value<'static> {
    Value::Number(Number::Int(n as i64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::lookup;

    fn tokens(model: &str, w: u32, h: u32) -> u64 {
        image_tokens(lookup(model).unwrap(), w, h)
    }

    #[test]
    fn each_rule_family_matches_its_worked_examples() {
        // Anthropic before Opus 4.7: 1000×1000 → ⌈1,000,000/750⌉ = 1334.
        assert_eq!(tokens("claude-sonnet-4-5", 1000, 1000), 1334);
        // 2000×1000 → long edge 1568: 1568×784 = 1,229,312 px, over 1092² = 1,192,464; the
        // long edge becomes ⌊√(1,192,464·2)⌋ = 1544, 1544×772 = 1,191,968 px → 1590.
        assert_eq!(tokens("claude-sonnet-4-5", 2000, 1000), 1590);
        // Opus 4.7: 1000×1000 → 36 × 36 patches = 1296.
        assert_eq!(tokens("claude-opus-4-7", 1000, 1000), 1296);
        // gpt-4o: 1024×1024 → short side 768 → 768×768 → 4 tiles → 85 + 680 = 765.
        assert_eq!(tokens("gpt-4o", 1024, 1024), 765);
        // gpt-4o: 2048×4096 → 768×1536 → 2×3 tiles → 85 + 1020 = 1105.
        assert_eq!(tokens("gpt-4o", 2048, 4096), 1105);
        // gpt-4.1-mini: 1024×1024 → 32×32 = 1024 patches × 1.62 = 1658.88 → 1659.
        assert_eq!(tokens("gpt-4.1-mini", 1024, 1024), 1659);
        // gpt-4.1-mini: 1800×2400 → 1452 patches (the guide's example) × 1.62 → 2353.
        assert_eq!(openai_patches(1800, 2400), 1452);
        assert_eq!(tokens("gpt-4.1-mini", 1800, 2400), 2353);
        // Gemini 2.x: 384×384 → 258; 1000×500 → 2×1 tiles → 516.
        assert_eq!(tokens("gemini-2.5-flash", 384, 384), 258);
        assert_eq!(tokens("gemini-2.5-flash", 1000, 500), 516);
        // Gemini 3: HIGH by default, whatever the size.
        assert_eq!(tokens("gemini-3-pro", 10, 10), 1120);
    }

    #[test]
    fn text_counts_utf8_bytes_by_four() {
        assert_eq!(text_tokens(""), 0);
        assert_eq!(text_tokens("abcd"), 1);
        assert_eq!(text_tokens("abcde"), 2);
        assert_eq!(text_tokens("日本"), 2);
    }

    #[test]
    fn totals_add_known_items_by_kind() {
        let item = |kind, tokens| TokenItem {
            path: String::new(),
            kind,
            tokens,
        };
        let tokens = Tokens {
            items: vec![item("text", Some(3)), item("image", Some(10)), item("document", None)],
        };
        assert_eq!((tokens.text(), tokens.media(), tokens.total()), (3, 10, 13));
    }
}
