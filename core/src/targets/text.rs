//! One plain string for text-only models.

use super::plan::{self, Caps, Lift, Profile};
use crate::model::Value;
use crate::normalize::Context;
use crate::parsed::ToolResult;

/// Nothing but text: every other block is a marker.
pub const PROFILE: Profile = Profile {
    images: &[],
    documents: &[],
    audio: &[],
    video: &[],
    text_documents: false,
    caps: Caps::NONE,
    lift: Lift::Never,
    drop_blank_text: false,
    explain_markers: false,
    lifted_reason: "",
};

/// Text parts joined with `\n`, `[tool error] ` first for error results.
pub fn render<'a>(result: ToolResult<'a>, ctx: &mut Context<'_>) -> Value<'a> {
    let plan = plan::plan(result, &PROFILE, ctx);
    Value::String(plan::error_prefixed(plan::join_text(plan.parts), plan.is_error))
}
