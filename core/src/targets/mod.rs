//! Output targets: each renders a normalized [`ToolResult`] into a provider's native shape.

mod anthropic;
mod bedrock;
mod common;
mod convert;
mod copilot;
mod gemini;
mod mcp;
mod openai;
pub(crate) mod payload;
pub(crate) mod plan;
mod text;

use std::str::FromStr;

use crate::conversion::Conversion;
use crate::error::{Code, ConvertError};
use crate::marker::Marker;
use crate::normalize::Context;
use crate::parsed::{BlockKind, ToolResult};

/// A conversion target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Target {
    /// GitHub Copilot SDK `ToolResultObject`.
    Copilot,
    /// A clean, normalized MCP `CallToolResult`.
    Mcp,
    /// Anthropic Messages `tool_result` block.
    Anthropic,
    /// Anthropic MCP connector `mcp_tool_result` block (also takes replayed history).
    AnthropicMcp,
    /// OpenAI Chat Completions `role: "tool"` message; media in attachments.
    OpenaiChat,
    /// OpenAI Responses `function_call_output` item.
    OpenaiResponses,
    /// Gemini 3+ `functionResponse` part with nested media.
    Gemini,
    /// Gemini 2.x `functionResponse` part; media in attachments.
    GeminiLegacy,
    /// Amazon Bedrock Converse `toolResult` block.
    Bedrock,
    /// One plain string for text-only models.
    Text,
}

impl Target {
    /// The caps of the target's profile (`mcp` has none).
    pub(crate) fn caps(self) -> plan::Caps {
        self.profile().map_or(plan::Caps::NONE, |profile| profile.caps)
    }

    /// What the target carries and its default caps (`mcp` has no profile: it keeps every block).
    pub(crate) fn profile(self) -> Option<&'static plan::Profile> {
        match self {
            Target::Copilot => Some(&copilot::PROFILE),
            Target::Mcp => None,
            Target::Anthropic => Some(&anthropic::PROFILE),
            Target::AnthropicMcp => Some(&anthropic::MCP_PROFILE),
            Target::OpenaiChat => Some(&openai::CHAT_PROFILE),
            Target::OpenaiResponses => Some(&openai::RESPONSES_PROFILE),
            Target::Gemini => Some(&gemini::PROFILE),
            Target::GeminiLegacy => Some(&gemini::LEGACY_PROFILE),
            Target::Bedrock => Some(&bedrock::PROFILE),
            Target::Text => Some(&text::PROFILE),
        }
    }

    /// The field of the target's item that requires a tool-call id, if any.
    pub(crate) fn id_field(self) -> Option<&'static str> {
        match self {
            Target::Anthropic | Target::AnthropicMcp => Some("tool_use_id"),
            Target::OpenaiChat => Some("tool_call_id"),
            Target::OpenaiResponses => Some("call_id"),
            Target::Bedrock => Some("toolUseId"),
            Target::Copilot | Target::Mcp | Target::Gemini | Target::GeminiLegacy | Target::Text => None,
        }
    }

    /// Every target, in documentation order.
    pub const ALL: &'static [Target] = &[
        Target::Copilot,
        Target::Mcp,
        Target::Anthropic,
        Target::AnthropicMcp,
        Target::OpenaiChat,
        Target::OpenaiResponses,
        Target::Gemini,
        Target::GeminiLegacy,
        Target::Bedrock,
        Target::Text,
    ];

    /// The target's name as used in options, fixtures and every binding.
    pub fn name(self) -> &'static str {
        match self {
            Target::Copilot => "copilot",
            Target::Mcp => "mcp",
            Target::Anthropic => "anthropic",
            Target::AnthropicMcp => "anthropic-mcp",
            Target::OpenaiChat => "openai-chat",
            Target::OpenaiResponses => "openai-responses",
            Target::Gemini => "gemini",
            Target::GeminiLegacy => "gemini-legacy",
            Target::Bedrock => "bedrock",
            Target::Text => "text",
        }
    }

    /// One line on what the target produces.
    pub fn description(self) -> &'static str {
        match self {
            Target::Copilot => {
                "GitHub Copilot SDK ToolResultObject (textResultForLlm, binaryResultsForLlm, resultType)"
            }
            Target::Mcp => "normalized MCP CallToolResult (repaired input; option binary=marker for storage)",
            Target::Anthropic => "Anthropic Messages tool_result block (images, PDF and text documents, is_error)",
            Target::AnthropicMcp => "Anthropic MCP connector mcp_tool_result (text blocks; accepts replayed history)",
            Target::OpenaiChat => "OpenAI Chat Completions tool message (text; media as user-message attachments)",
            Target::OpenaiResponses => "OpenAI Responses function_call_output (string, or input_text/image/file list)",
            Target::Gemini => "Gemini 3+ functionResponse part (media nested in parts)",
            Target::GeminiLegacy => "Gemini 2.x functionResponse part (media as user-part attachments)",
            Target::Bedrock => "Amazon Bedrock Converse toolResult (text, json, image, document, video, status)",
            Target::Text => "one plain string for text-only models (every non-text block as a marker)",
        }
    }
}

impl FromStr for Target {
    type Err = ConvertError;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Target::ALL.iter().copied().find(|t| t.name() == name).ok_or_else(|| {
            let known: Vec<&str> = Target::ALL.iter().map(|t| t.name()).collect();
            ConvertError::new(
                Code::UnsupportedTarget,
                "",
                format!("unknown target {name:?}; known targets: {}", known.join(", ")),
            )
        })
    }
}

/// Renders `result` for `target`, moving the collected diagnostics into the conversion (always
/// inlined into [`crate::convert`]: the result then moves into the target's renderer uncopied).
#[inline(always)]
pub fn render<'a>(target: Target, result: ToolResult<'a>, ctx: &mut Context<'_>) -> Conversion<'a> {
    let (output, attachments) = match target {
        Target::Copilot => (copilot::render(result, ctx), Vec::new()),
        Target::Mcp => (mcp::render(result, ctx), Vec::new()),
        Target::Anthropic => anthropic::render(result, ctx),
        Target::AnthropicMcp => (anthropic::render_mcp(result, ctx), Vec::new()),
        Target::OpenaiChat => openai::render_chat(result, ctx),
        Target::OpenaiResponses => (openai::render_responses(result, ctx), Vec::new()),
        Target::Gemini => gemini::render(result, ctx, false),
        Target::GeminiLegacy => gemini::render(result, ctx, true),
        Target::Bedrock => bedrock::render(result, ctx),
        Target::Text => (text::render(result, ctx), Vec::new()),
    };
    Conversion {
        output,
        attachments,
        diagnostics: std::mem::take(&mut ctx.diagnostics),
    }
}

/// Reports `missing_tool_call_id` (path `""`) when `target` requires an id and neither the
/// option `tool_call_id` nor a replayed result block gives one.
pub(crate) fn check_tool_call_id(
    target: Target,
    result: &ToolResult<'_>,
    ctx: &mut Context<'_>,
) -> Result<(), ConvertError> {
    let Some(field) = target.id_field() else {
        return Ok(());
    };
    if ctx.options.tool_call_id.is_some() || result.tool_use_id.is_some() {
        return Ok(());
    }
    let message = format!(
        "{} requires {field}; pass option tool_call_id (the id of the tool call this result answers)",
        target.name()
    );
    ctx.repair(Code::MissingToolCallId, &crate::pointer::Loc::at(""), message)
}

/// The marker of an omitted block.
pub(crate) fn omitted_marker(kind: &BlockKind<'_>) -> Option<String> {
    match kind {
        BlockKind::Omitted(omitted) => Some(
            Marker {
                kind: omitted.kind,
                label: omitted.label.as_deref(),
                title: None,
                size: None,
                uri: omitted.uri.as_deref(),
                reason: Some(omitted.reason),
            }
            .render(),
        ),
        _ => None,
    }
}
