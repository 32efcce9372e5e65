//! One plain string for text-only models.

use super::join::{self, Joined};
use super::plan;
use super::profile::{self, Profile};
use crate::model::Value;
use crate::normalize::Context;
use crate::parsed::ToolResult;

/// Nothing but text: every other block is a marker.
pub const PROFILE: Profile = Profile {
    explain_markers: false,
    ..profile::TEXT_ONLY
};

/// Text parts joined with `\n`, `[tool error] ` first for error results.
pub fn render<'a>(mut result: ToolResult<'a>, ctx: &mut Context<'_>) -> Value<'a> {
    let mut text = Joined::for_blocks(&result);
    let (_, is_error) = plan::plan_each(&mut result, &PROFILE, ctx, |part| text.push(part));
    Value::String(join::error_prefixed(text.finish(), is_error))
}
