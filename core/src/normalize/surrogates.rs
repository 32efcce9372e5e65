//! Lone UTF-16 surrogates replaced while reading: found anywhere in the input and reported.

use super::Context;
use crate::error::{Code, ConvertError};
use crate::model::Value;
use crate::pointer::Loc;

/// Reports every lossy string and key of `value` (at `loc`), in document order (found by
/// [`crate::depth::check`], which tells whether there are any).
pub(crate) fn report_lossy(value: &Value<'_>, loc: &Loc<'_>, ctx: &mut Context<'_>) -> Result<(), ConvertError> {
    let message = "lone UTF-16 surrogate replaced by U+FFFD";
    match value {
        Value::String(s) if s.is_lossy() => ctx.repair(Code::LoneSurrogate, loc, message)?,
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                report_lossy(item, &loc.index(i), ctx)?;
            }
        }
        Value::Object(map) => {
            for (key, item) in map.iter() {
                let item_loc = loc.key(key.as_str());
                if key.is_lossy() {
                    ctx.repair(Code::LoneSurrogate, &item_loc, message)?;
                }
                report_lossy(item, &item_loc, ctx)?;
            }
        }
        _ => {}
    }
    Ok(())
}
