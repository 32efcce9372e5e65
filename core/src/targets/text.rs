//! One plain string for text-only models.

use super::plan::{self, Profile};
use crate::model::Value;
use crate::normalize::Context;
use crate::parsed::ToolResult;

/// Nothing but text: every other block is a marker.
pub const PROFILE: Profile = Profile {
    explain_markers: false,
    ..plan::TEXT_ONLY
};

/// Text parts joined with `\n`, `[tool error] ` first for error results.
pub fn render<'a>(result: ToolResult<'a>, ctx: &mut Context<'_>) -> Value<'a> {
    let plan = plan::plan(result, &PROFILE, ctx);
    Value::String(plan::error_prefixed(plan::join_text(plan.parts), plan.is_error))
}
