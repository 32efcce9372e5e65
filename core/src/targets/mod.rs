//! Output targets: each renders a normalized [`ToolResult`] into a provider's native shape.

mod anthropic;
mod bedrock;
mod budget;
mod common;
mod convert;
mod copilot;
mod estimate;
mod gemini;
mod interactions;
mod join;
mod mcp;
pub(crate) mod media;
mod openai;
pub(crate) mod payload;
mod plan;
pub(crate) mod profile;
mod structured;
pub(crate) mod tally;
mod text;
mod token_budget;

use std::str::FromStr;

use crate::conversion::Conversion;
use crate::error::{Code, ConvertError};
use crate::marker::Marker;
use crate::model::Value;
use crate::models;
use crate::normalize::Context;
use crate::parsed::{BlockKind, ToolResult};

/// Declares [`Target`] from one row per target: its variant (with its doc comment) and name,
/// its profile (`None`: keeps every block), the field of its item that needs a tool-call id, the
/// renderer call (`module::function(extra arguments)`, called with the result and the context
/// first; it returns the output, or the output and its attachments) and the catalog's one line.
/// [`Target::ALL`], `name`, `description`, `profile`, `id_field` and [`render`] all come from it.
macro_rules! targets {
    ($(
        #[doc = $doc:literal]
        $variant:ident = $name:literal {
            profile: $profile:expr,
            id_field: $id_field:expr,
            render: $($render:ident)::+ ($($arg:expr),*),
            description: $description:literal $(,)?
        }
    )*) => {
        /// A conversion target.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Target {
            $( #[doc = $doc] $variant, )*
        }

        impl Target {
            /// Every target, in documentation order.
            pub const ALL: &'static [Target] = &[$(Target::$variant),*];

            /// The target's name as used in options, fixtures and every binding.
            pub fn name(self) -> &'static str {
                match self { $(Target::$variant => $name,)* }
            }

            /// One line on what the target produces.
            pub fn description(self) -> &'static str {
                match self { $(Target::$variant => $description,)* }
            }

            /// What the target carries and its default caps (`mcp` has no profile: it keeps
            /// every block).
            pub(crate) fn profile(self) -> Option<&'static profile::Profile> {
                match self { $(Target::$variant => $profile,)* }
            }

            /// The field of the target's item that requires a tool-call id, if any.
            pub(crate) fn id_field(self) -> Option<&'static str> {
                match self { $(Target::$variant => $id_field,)* }
            }

            /// The target's renderer: its output and attachments.
            #[inline(always)]
            fn render_parts<'a>(self, result: ToolResult<'a>, ctx: &mut Context<'_>) -> (Value<'a>, Vec<Value<'a>>) {
                match self { $(Target::$variant => $($render)::+(result, ctx $(, $arg)*).into_parts(),)* }
            }
        }
    };
}

targets! {
    /// GitHub Copilot SDK `ToolResultObject`.
    Copilot = "copilot" {
        profile: Some(&copilot::PROFILE),
        id_field: None,
        render: copilot::render(),
        description: "GitHub Copilot SDK ToolResultObject (textResultForLlm, binaryResultsForLlm, resultType)",
    }
    /// A clean, normalized MCP `CallToolResult`.
    Mcp = "mcp" {
        profile: None,
        id_field: None,
        render: mcp::render(),
        description: "normalized MCP CallToolResult (repaired input; option binary=marker for storage)",
    }
    /// Anthropic Messages `tool_result` block.
    Anthropic = "anthropic" {
        profile: Some(&anthropic::PROFILE),
        id_field: Some("tool_use_id"),
        render: anthropic::render(),
        description: "Anthropic Messages tool_result block (images, PDF and text documents, is_error)",
    }
    /// Anthropic MCP connector `mcp_tool_result` block (also takes replayed history).
    AnthropicMcp = "anthropic-mcp" {
        profile: Some(&anthropic::MCP_PROFILE),
        id_field: Some("tool_use_id"),
        render: anthropic::render_mcp(),
        description: "Anthropic MCP connector mcp_tool_result (text blocks; accepts replayed history)",
    }
    /// OpenAI Chat Completions `role: "tool"` message; media in attachments.
    OpenaiChat = "openai-chat" {
        profile: Some(&openai::CHAT_PROFILE),
        id_field: Some("tool_call_id"),
        render: openai::render_chat(),
        description: "OpenAI Chat Completions tool message (text; media as user-message attachments)",
    }
    /// OpenAI Responses `function_call_output` item.
    OpenaiResponses = "openai-responses" {
        profile: Some(&openai::RESPONSES_PROFILE),
        id_field: Some("call_id"),
        render: openai::render_responses(),
        description: "OpenAI Responses function_call_output (string, or input_text/image/file list)",
    }
    /// Gemini 3+ `functionResponse` part with nested media.
    Gemini = "gemini" {
        profile: Some(&gemini::PROFILE),
        id_field: None,
        render: gemini::render(false),
        description: "Gemini 3+ functionResponse part (media nested in parts)",
    }
    /// Gemini 2.x `functionResponse` part; media in attachments.
    GeminiLegacy = "gemini-legacy" {
        profile: Some(&gemini::LEGACY_PROFILE),
        id_field: None,
        render: gemini::render(true),
        description: "Gemini 2.x functionResponse part (media as user-part attachments)",
    }
    /// Gemini Interactions API `function_result` step.
    GeminiInteractions = "gemini-interactions" {
        profile: Some(&interactions::PROFILE),
        id_field: Some("call_id"),
        render: interactions::render(),
        description: "Gemini Interactions function_result (string, or text/image/audio/document/video list; is_error)",
    }
    /// Amazon Bedrock Converse `toolResult` block.
    Bedrock = "bedrock" {
        profile: Some(&bedrock::PROFILE),
        id_field: Some("toolUseId"),
        render: bedrock::render(),
        description: "Amazon Bedrock Converse toolResult (text, json, image, document, video, status)",
    }
    /// One plain string for text-only models.
    Text = "text" {
        profile: Some(&text::PROFILE),
        id_field: None,
        render: text::render(),
        description: "one plain string for text-only models (every non-text block as a marker)",
    }
}

impl Target {
    /// The caps of the target's profile (`mcp` has none).
    pub(crate) fn caps(self) -> profile::Caps {
        self.profile().map_or(profile::Caps::NONE, |profile| profile.caps)
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
    choose_model(target, ctx);
    let (output, attachments) = target.render_parts(result, ctx);
    Conversion {
        output,
        attachments,
        diagnostics: std::mem::take(&mut ctx.diagnostics),
        omitted: std::mem::take(&mut ctx.omitted),
        tokens: ctx.tokens.take(),
    }
}

/// Sets the context's model: the option `model` where the catalog lists its family for a
/// provider the target sends to, else the target's default (`unknown_model` says so).
fn choose_model(target: Target, ctx: &mut Context<'_>) {
    let default = models::default_for(target);
    ctx.model = default;
    let Some(id) = ctx.options.model.as_deref() else {
        return;
    };
    let fallback = default.map_or("no model profile".to_owned(), |m| {
        format!("the default profile ({})", m.prefix)
    });
    let message = match models::lookup(id) {
        Some(model) if models::providers_of(target).is_none_or(|p| p.contains(&model.provider)) => {
            ctx.model = Some(model);
            ctx.model_given = true;
            return;
        }
        Some(model) => format!(
            "model {id:?} is served by {}, not by target {}; {fallback} applies",
            model.provider.name(),
            target.name()
        ),
        None => format!("model {id:?} is of no family the catalog lists; {fallback} applies"),
    };
    ctx.notice(Code::UnknownModel, String::new(), message);
}

/// What a renderer returns: its output alone, or its output and the attachments (media for a
/// following user message).
trait Rendered<'a> {
    fn into_parts(self) -> (Value<'a>, Vec<Value<'a>>);
}

impl<'a> Rendered<'a> for Value<'a> {
    #[inline(always)]
    fn into_parts(self) -> (Value<'a>, Vec<Value<'a>>) {
        (self, Vec::new())
    }
}

impl<'a> Rendered<'a> for (Value<'a>, Vec<Value<'a>>) {
    #[inline(always)]
    fn into_parts(self) -> (Value<'a>, Vec<Value<'a>>) {
        self
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
                size: omitted.size,
                handle: None,
                uri: omitted.uri.as_deref(),
                reason: Some(omitted.reason),
            }
            .render(),
        ),
        _ => None,
    }
}
