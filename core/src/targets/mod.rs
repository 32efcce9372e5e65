//! Output targets: each renders a normalized [`ToolResult`] into a provider's native shape.

mod copilot;
mod mcp;

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
}

impl Target {
    /// Every target, in documentation order.
    pub const ALL: &'static [Target] = &[Target::Copilot, Target::Mcp];

    /// The target's name as used in options, fixtures and every binding.
    pub fn name(self) -> &'static str {
        match self {
            Target::Copilot => "copilot",
            Target::Mcp => "mcp",
        }
    }

    /// One line on what the target produces.
    pub fn description(self) -> &'static str {
        match self {
            Target::Copilot => {
                "GitHub Copilot SDK ToolResultObject (textResultForLlm, binaryResultsForLlm, resultType)"
            }
            Target::Mcp => "normalized MCP CallToolResult (repaired input; option binary=marker for storage)",
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

/// Renders `result` for `target`, moving the collected diagnostics into the conversion.
pub fn render<'a>(
    target: Target,
    result: ToolResult<'a>,
    ctx: &mut Context<'_>,
) -> Result<Conversion<'a>, ConvertError> {
    let output = match target {
        Target::Copilot => copilot::render(result, ctx),
        Target::Mcp => mcp::render(result, ctx),
    };
    Ok(Conversion {
        output,
        attachments: Vec::new(),
        diagnostics: std::mem::take(&mut ctx.diagnostics),
    })
}

/// The marker of an omitted block.
fn omitted_marker(kind: &BlockKind<'_>) -> Option<String> {
    match kind {
        BlockKind::Omitted {
            kind,
            label,
            uri,
            reason,
        } => Some(
            Marker {
                kind,
                label: label.as_deref(),
                size: None,
                uri: uri.as_deref(),
                reason: Some(reason),
            }
            .render(),
        ),
        _ => None,
    }
}
