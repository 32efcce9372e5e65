//! The input rules: turn any accepted `CallToolResult` shape into a [`ToolResult`], repairing
//! (lenient) or raising (strict) as `conformance/README.md` specifies.
//!
//! Locations are [`Loc`] chains on the stack; a path string is only built when a diagnostic
//! is reported, so a well-formed input converts without building any.

use crate::canonical;
use crate::error::{Code, CodeKind, ConvertError, Diagnostic};
use crate::fields::Fields;
use crate::model::{Map, Spare, Str, Value};
use crate::models::ModelProfile;
use crate::omitted::Omitted;
use crate::options::Options;
use crate::parsed::{Block, BlockAt, BlockKind, ToolResult};
use crate::pointer::Loc;
use crate::tokens::Tokens;

mod blocks;
mod foreign;
mod json_text;
mod keys;
mod media;
mod mirror;
mod surrogates;

use blocks::{block, object_block};
pub(crate) use json_text::{read_json_text, JsonDoor};
pub(crate) use keys::{rename_aliases, Keys};
pub(crate) use media::media_block;
pub(crate) use surrogates::report_lossy;

/// Options and the diagnostics collected so far.
pub struct Context<'o> {
    /// The conversion options.
    pub options: &'o Options,
    /// Diagnostics in the order they were met.
    pub diagnostics: Vec<Diagnostic>,
    /// The model the target sends to (option `model`, else the target's default).
    pub model: Option<&'static ModelProfile>,
    /// `model` comes from the option `model`: `fit_images: "recommended"` fits to its size.
    pub model_given: bool,
    /// The estimate, once made (option `estimate_tokens`).
    pub tokens: Option<Tokens>,
    /// What was kept from the model, in the order it was decided.
    pub omitted: Vec<Omitted>,
}

impl<'o> Context<'o> {
    /// A context with no diagnostics yet.
    pub fn new(options: &'o Options) -> Self {
        Context {
            options,
            diagnostics: Vec::new(),
            model: None,
            model_given: false,
            tokens: None,
            omitted: Vec::new(),
        }
    }

    /// Records a repair, or raises it in strict mode.
    pub fn repair(&mut self, code: Code, at: &Loc<'_>, message: impl Into<String>) -> Result<(), ConvertError> {
        debug_assert_eq!(code.kind(), CodeKind::Repair);
        if self.options.strict {
            return Err(ConvertError::new(code, at.render(), message));
        }
        self.diagnostics.push(Diagnostic {
            code,
            path: at.render(),
            message: message.into(),
        });
        Ok(())
    }

    /// Records a notice (never raised).
    pub fn notice(&mut self, code: Code, path: String, message: impl Into<String>) {
        debug_assert_eq!(code.kind(), CodeKind::Notice);
        self.diagnostics.push(Diagnostic {
            code,
            path,
            message: message.into(),
        });
    }
}

const TOP_ALIASES: &[(&str, &str)] = &[
    ("is_error", "isError"),
    ("structured_content", "structuredContent"),
    ("meta", "_meta"),
    ("result_type", "resultType"),
];
pub(crate) const BLOCK_ALIASES: &[(&str, &str)] = &[("mime_type", "mimeType"), ("meta", "_meta")];
const ANNOTATION_ALIASES: &[(&str, &str)] = &[("last_modified", "lastModified")];

fn invalid_result(path: &str, message: impl Into<String>) -> ConvertError {
    ConvertError::new(Code::InvalidToolResult, path, message)
}

/// Applies the input rules; `lossy`: some string or key of `input` is lossy (reported first).
pub fn normalize<'a>(input: Value<'a>, lossy: bool, ctx: &mut Context<'_>) -> Result<ToolResult<'a>, ConvertError> {
    if lossy {
        report_lossy(&input, &Loc::at(""), ctx)?;
    }
    let Value::Object(map) = input else {
        return Err(invalid_result(
            "",
            format!("a tool result is an object, not {}", input.type_name()),
        ));
    };
    let mut entries = Fields::pick(map);
    let mut base = String::new();

    if entries.has("jsonrpc") && (entries.has("result") || entries.has("error")) {
        if let Some(error) = entries.take("error").filter(|e| !matches!(e, Value::Null)) {
            let detail = error
                .as_object()
                .and_then(|e| e.get("message"))
                .and_then(Value::as_str)
                .unwrap_or("");
            let message = format!("the JSON-RPC response is an error: {detail}");
            return Err(ConvertError::new(Code::JsonrpcError, "/error", message));
        }
        let result = entries.take("result").unwrap_or(Value::Null);
        ctx.notice(
            Code::JsonrpcEnvelope,
            "/result".into(),
            "unwrapped the JSON-RPC response envelope",
        );
        base.push_str("/result");
        let Value::Object(inner) = result else {
            return Err(invalid_result("/result", "the JSON-RPC result is not an object"));
        };
        entries = Fields::pick(inner);
    }

    if entries.has("task") && !entries.has("content") {
        let message = "a task handle is not a final tool result; poll the task for its result";
        return Err(ConvertError::new(
            Code::NotFinalResult,
            Loc::at(&base).key("task").render(),
            message,
        ));
    }

    let mut legacy_blocks = None;
    let legacy_key = if entries.has("toolResult") {
        Some("toolResult")
    } else if entries.has("tool_result") {
        Some("tool_result")
    } else {
        None
    };
    if let (Some(key), false) = (legacy_key, entries.has("content")) {
        let base_loc = Loc::at(&base);
        let key_loc = base_loc.key(key);
        ctx.repair(
            Code::LegacyToolResult,
            &key_loc,
            "unwrapped a 2024-10-07 {toolResult} result",
        )?;
        if key == "tool_result" {
            ctx.repair(Code::SnakeCaseKey, &key_loc, "tool_result read as toolResult")?;
        }
        let key_path = key_loc.render();
        match entries.take(key).unwrap_or(Value::Null) {
            Value::Object(inner) if matches!(inner.get("content"), Some(Value::Array(_))) => {
                entries = Fields::pick(inner);
                base = key_path;
            }
            Value::String(text) => legacy_blocks = Some(vec![plain_block(text, BlockAt::Legacy(key))]),
            other => {
                let text = Str::owned(canonical::to_text(&other));
                legacy_blocks = Some(vec![plain_block(text, BlockAt::Legacy(key))]);
            }
        }
    }

    let base_loc = Loc::at(&base);
    let keys = rename_aliases(&mut entries, TOP_ALIASES, &base_loc, ctx)?;

    let result_type = match entries.take("resultType") {
        None => None,
        Some(Value::String(s)) if s.as_str() == "complete" => Some(s),
        Some(Value::String(s)) if is_non_final(s.as_str(), &entries) => {
            let message = format!("resultType {:?} is not a final result", s.as_str());
            return Err(ConvertError::new(
                Code::NotFinalResult,
                keys.loc("resultType").render(),
                message,
            ));
        }
        Some(Value::String(_)) => None,
        Some(other) => {
            let message = format!(
                "resultType must be a string, not {}; treated as absent",
                other.type_name()
            );
            ctx.repair(Code::InvalidFieldType, &keys.loc("resultType"), message)?;
            None
        }
    };

    if legacy_blocks.is_none() && !has_result_field(&entries) {
        return Err(invalid_result(
            "",
            "not a tool result: none of content, structuredContent, isError",
        ));
    }

    let content_loc = base_loc.key("content");
    let raw_content = match (entries.take("content"), legacy_blocks.is_some()) {
        (_, true) => RawContent::None,
        (None | Some(Value::Null), false) => {
            ctx.repair(Code::MissingField, &content_loc, "content is missing; treated as []")?;
            RawContent::None
        }
        (Some(Value::Array(items)), false) => RawContent::Items(items),
        (Some(Value::String(text)), false) => {
            ctx.repair(
                Code::ContentNotArray,
                &content_loc,
                "content is a string; treated as one text block",
            )?;
            RawContent::Text(text)
        }
        (Some(Value::Object(block)), false) => {
            ctx.repair(
                Code::ContentNotArray,
                &content_loc,
                "content is a single block; wrapped in an array",
            )?;
            RawContent::Single(block)
        }
        (Some(other), false) => {
            let message = format!("content is {}; treated as []", other.type_name());
            ctx.repair(Code::ContentNotArray, &content_loc, message)?;
            RawContent::None
        }
    };

    let is_error = match entries.take("isError") {
        None => false,
        Some(Value::Bool(b)) => b,
        Some(other) => {
            let coerced = truthy(&other);
            let message = format!(
                "isError must be a boolean, not {}; read as {coerced}",
                other.type_name()
            );
            ctx.repair(Code::InvalidFieldType, &keys.loc("isError"), message)?;
            coerced
        }
    };

    let structured_repeats_content = match (&raw_content, entries.get("structuredContent")) {
        (RawContent::Items(items), Some(structured)) => mirror::repeats_content(structured, items),
        _ => false,
    };
    let mut blocks = match (legacy_blocks, &raw_content) {
        (Some(blocks), _) => blocks,
        (None, RawContent::Items(items)) => Vec::with_capacity(items.len()),
        (None, _) => Vec::new(),
    };
    match raw_content {
        RawContent::None => {}
        RawContent::Text(text) => blocks.push(plain_block(text, BlockAt::Content(None))),
        RawContent::Single(map) => blocks.extend(object_block(map, BlockAt::Content(None), &content_loc, ctx)?),
        RawContent::Items(items) => {
            for (i, item) in items.into_iter().enumerate() {
                if let Some(block) = block(item, BlockAt::Content(Some(i)), &content_loc.index(i), ctx)? {
                    blocks.push(block);
                }
            }
        }
    }

    let structured_key = keys.key_of("structuredContent");
    Ok(ToolResult {
        blocks,
        is_error,
        structured: entries.take("structuredContent"),
        meta: entries.take("_meta").filter(|m| !matches!(m, Value::Null)),
        result_type,
        base,
        structured_key,
        structured_repeats_content,
        tool_use_id: None,
        string_content: false,
        spare: entries.into_spare(),
    })
}

/// The keys that make an object a tool result rather than a replayed content item.
const RESULT_KEYS: &[&str] = &[
    "content",
    "structuredContent",
    "structured_content",
    "isError",
    "is_error",
    "toolResult",
    "tool_result",
    "jsonrpc",
    "task",
    "resultType",
    "result_type",
];

/// Like [`normalize`], but also accepts what a replayed history holds in place of a result:
/// `null` (no content), a string, one content block, another mapping (given as JSON text) or a
/// list of content items. Blocks are located from the input's root.
pub fn normalize_replay<'a>(
    input: Value<'a>,
    lossy: bool,
    ctx: &mut Context<'_>,
) -> Result<ToolResult<'a>, ConvertError> {
    if let Value::Object(map) = &input {
        if RESULT_KEYS.iter().any(|k| map.contains_key(k)) && foreign::result_shape(map).is_none() {
            return normalize(input, lossy, ctx);
        }
    }
    let root = Loc::at("");
    if lossy {
        report_lossy(&input, &root, ctx)?;
    }
    let at = BlockAt::Root(None);
    let string_content = matches!(input, Value::Null | Value::String(_));
    let blocks = match input {
        Value::Null => Vec::new(),
        Value::String(text) => vec![plain_block(text, at)],
        Value::Array(items) => {
            let mut blocks = Vec::with_capacity(items.len());
            for (i, item) in items.into_iter().enumerate() {
                blocks.extend(foreign::replay_item(item, BlockAt::Root(Some(i)), &root.index(i), ctx)?);
            }
            blocks
        }
        Value::Object(map) => match foreign::result_shape(&map) {
            Some(shape) => return foreign::foreign_result(map, shape, ctx),
            None => foreign::replay_item(Value::Object(map), at, &root, ctx)?
                .into_iter()
                .collect(),
        },
        other => {
            return Err(invalid_result(
                "",
                format!("a replayed tool result cannot be {}", other.type_name()),
            ))
        }
    };
    Ok(ToolResult {
        blocks,
        is_error: false,
        structured: None,
        meta: None,
        result_type: None,
        base: String::new(),
        structured_key: "structuredContent",
        structured_repeats_content: false,
        tool_use_id: None,
        string_content,
        spare: Spare::default(),
    })
}

enum RawContent<'a> {
    None,
    Items(Vec<Value<'a>>),
    Text(Str<'a>),
    Single(Map<'a>),
}

fn plain_block(text: Str<'_>, at: BlockAt) -> Block<'_> {
    Block {
        at,
        kind: BlockKind::Text(text),
        annotations: None,
        excluded_by_audience: None,
        meta: None,
    }
}

/// Whether `entries` has a field of which a tool result has at least one (after aliases are
/// renamed): content, structuredContent, isError.
fn has_result_field(entries: &Fields<'_>) -> bool {
    entries.has("content") || entries.has("structuredContent") || entries.has("isError")
}

/// Whether a `resultType` other than `complete` marks a non-final result: always for the
/// known non-final values, and for any other value when the object looks like a tool result.
fn is_non_final(result_type: &str, entries: &Fields<'_>) -> bool {
    matches!(result_type, "input_required" | "task") || has_result_field(entries)
}

/// The documented reading of a non-boolean `isError`.
pub(super) fn truthy(value: &Value<'_>) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64() != 0.0,
        Value::String(s) => !matches!(
            s.as_str().trim().to_ascii_lowercase().as_str(),
            "" | "false" | "0" | "no"
        ),
        Value::Bytes(b) => b.decoded_len() != 0,
        Value::Array(items) => !items.is_empty(),
        Value::Object(map) => !map.is_empty(),
    }
}
