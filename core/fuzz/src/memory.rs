//! Memory-bound scenarios (issue 13 §2): large results with default caps, image headers that
//! claim more than `MAX_PIXELS`, deep nesting and many blocks. Each runs one conversion through
//! the JSON text door under the counting allocator ([`crate::alloc`]).

use crate::alloc::{measure, Usage};
use crate::images::base64;

/// One measured conversion.
#[derive(Debug, Clone)]
pub struct Figure {
    /// The scenario.
    pub name: String,
    /// The target converted for.
    pub target: &'static str,
    /// Bytes of the input JSON text.
    pub input: usize,
    /// Heap usage of the conversion (input text excluded: it is live before).
    pub usage: Usage,
    /// Whether the conversion succeeded (a `too_deep` rejection is an `Err`).
    pub ok: bool,
    /// The error code when it failed.
    pub error: Option<&'static str>,
    /// Bytes of the output JSON text.
    pub output: usize,
}

/// Converts `input` for `target` with default options and measures it.
pub fn run(name: &str, target: &'static str, input: &str) -> Figure {
    let (result, usage) = measure(|| mcp_tool_result::convert_json(input, target, "{}"));
    Figure {
        name: name.to_owned(),
        target,
        input: input.len(),
        usage,
        ok: result.is_ok(),
        error: result.as_ref().err().map(|e| e.code().as_str()),
        output: result.as_ref().map_or(0, String::len),
    }
}

/// One text block of `bytes` characters.
pub fn text_result(bytes: usize) -> String {
    format!(r#"{{"content":[{{"type":"text","text":"{}"}}]}}"#, "a".repeat(bytes))
}

/// One PNG image block whose base64 payload is `bytes` long (a 1000×1000 header, then filler):
/// over every target's default per-image byte cap.
pub fn image_result(bytes: usize) -> String {
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    png.extend_from_slice(&1000u32.to_be_bytes());
    png.extend_from_slice(&1000u32.to_be_bytes());
    png.extend_from_slice(&[8, 6, 0, 0, 0]);
    let head = base64(&png[..24]);
    let fill = bytes.saturating_sub(head.len()) / 4 * 4;
    format!(
        r#"{{"content":[{{"type":"image","mimeType":"image/png","data":"{head}{}"}}]}}"#,
        "A".repeat(fill)
    )
}

/// `blocks` text blocks of one character each.
pub fn many_blocks(blocks: usize) -> String {
    let mut out = String::with_capacity(blocks * 28 + 16);
    out.push_str(r#"{"content":["#);
    for i in 0..blocks {
        if i > 0 {
            out.push(',');
        }
        out.push_str(r#"{"type":"text","text":"x"}"#);
    }
    out.push_str("]}");
    out
}

/// `structuredContent` nested `depth` arrays deep.
pub fn deep(depth: usize) -> String {
    format!(
        r#"{{"content":[],"structuredContent":{{"a":{}{}}}}}"#,
        "[".repeat(depth),
        "]".repeat(depth)
    )
}

/// Image blocks (one per format) whose headers claim `width` × `height` with no pixel data.
pub fn claimed_images(width: u32, height: u32) -> String {
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    png.extend_from_slice(&width.to_be_bytes());
    png.extend_from_slice(&height.to_be_bytes());
    png.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0, 0]);
    let (w16, h16) = (width.min(65535) as u16, height.min(65535) as u16);
    let mut gif = b"GIF89a".to_vec();
    gif.extend_from_slice(&w16.to_le_bytes());
    gif.extend_from_slice(&h16.to_le_bytes());
    gif.extend_from_slice(&[0, 0, 0, b';']);
    let mut jpeg = vec![0xFF, 0xD8, 0xFF, 0xC0, 0, 17, 8];
    jpeg.extend_from_slice(&h16.to_be_bytes());
    jpeg.extend_from_slice(&w16.to_be_bytes());
    jpeg.extend_from_slice(&[3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xFF, 0xD9]);
    let mut webp = b"RIFF\x1a\0\0\0WEBPVP8L\x0d\0\0\0\x2f".to_vec();
    let bits = (width.min(16384) - 1) | ((height.min(16384) - 1) << 14);
    webp.extend_from_slice(&bits.to_le_bytes());
    webp.extend_from_slice(&[0; 8]);
    let blocks: Vec<String> = [
        ("image/png", png),
        ("image/gif", gif),
        ("image/jpeg", jpeg),
        ("image/webp", webp),
    ]
    .iter()
    .map(|(mime, bytes)| format!(r#"{{"type":"image","mimeType":"{mime}","data":"{}"}}"#, base64(bytes)))
    .collect();
    format!(r#"{{"content":[{}]}}"#, blocks.join(","))
}

/// How large the scenarios of [`scenarios`] are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// The full measurement (`make memory-bounds`): 100 MB results, a million blocks.
    Full,
    /// The cheap checks of `make test` (`tests/memory.rs`): the same shapes, smaller.
    Test,
}

/// One scenario: its name, the bound every target keeps on it, and its input JSON text.
pub struct Scenario {
    /// What the scenario is, for the table and the failure messages.
    pub name: String,
    /// The bound every target keeps.
    pub bound: Bound,
    /// The result, as JSON text.
    pub input: String,
}

/// The memory-bound scenarios at `size`. The images over the caps stay over every target's
/// default caps but Gemini's at test size (32 MB), over all of them at full size (100 MB).
pub fn scenarios(size: Size) -> Vec<Scenario> {
    const MB: usize = 1_000_000;
    let (text, image, blocks) = match size {
        Size::Full => (100 * MB, 100 * MB, 1_000_000),
        Size::Test => (8 * MB, 32 * MB, 100_000),
    };
    let scenario = |name: String, bound, input| Scenario { name, bound, input };
    vec![
        scenario(
            format!("text {} MB", text / MB),
            Bound::InputPlusSlack,
            text_result(text),
        ),
        scenario(
            format!("image {} MB (over caps)", image / MB),
            Bound::InputPlusSlack,
            image_result(image),
        ),
        scenario(
            "image 8 MB (within OpenAI's caps)".into(),
            Bound::Copied,
            image_result(8 * MB),
        ),
        scenario(format!("{blocks} blocks"), Bound::Linear, many_blocks(blocks)),
        scenario("100000-deep nesting".into(), Bound::InputPlusSlack, deep(100_000)),
        scenario(
            "headers claiming 60000x60000".into(),
            Bound::NotDecoded,
            claimed_images(60_000, 60_000),
        ),
        scenario(
            "headers claiming 7072x7072".into(),
            Bound::NotDecoded,
            claimed_images(7072, 7072),
        ),
    ]
}

/// The stated constant: a conversion of a large result peaks below its input size plus this.
pub const SLACK: usize = 1 << 20;

/// Heap bytes per input byte a result of many tiny blocks may take (each block becomes a
/// parsed value and a normalized block, a few hundred bytes for ~27 bytes of JSON).
pub const BLOCKS_FACTOR: usize = 32;

/// The largest single allocation allowed while converting images whose headers claim more
/// than `MAX_PIXELS`: decoding even one would allocate hundreds of megabytes.
pub const NOT_DECODED: usize = 1 << 20;

/// The bound a scenario is held to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// Peak below the input size plus [`SLACK`].
    InputPlusSlack,
    /// Peak below twice the input size plus [`SLACK`]: a payload within the caps that the output
    /// copies (a data URL) while it is validated.
    Copied,
    /// Peak below [`BLOCKS_FACTOR`] times the input size.
    Linear,
    /// No allocation above [`NOT_DECODED`], and peak below the input size plus [`SLACK`].
    NotDecoded,
}

/// The bounds `figure` breaks under `bound`, as messages.
pub fn violations(figure: &Figure, bound: Bound) -> Vec<String> {
    let mut out = Vec::new();
    let label = format!("{} for {}", figure.name, figure.target);
    let limit = match bound {
        Bound::InputPlusSlack | Bound::NotDecoded => figure.input + SLACK,
        Bound::Copied => 2 * figure.input + SLACK,
        Bound::Linear => figure.input * BLOCKS_FACTOR,
    };
    if figure.usage.peak > limit {
        out.push(format!("{label}: peak {} > {limit} ({bound:?})", figure.usage.peak));
    }
    if bound == Bound::NotDecoded && figure.usage.largest > NOT_DECODED {
        out.push(format!(
            "{label}: a {} byte allocation (decoded?)",
            figure.usage.largest
        ));
    }
    out
}
