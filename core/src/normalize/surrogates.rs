//! Lone UTF-16 surrogates replaced while reading: found anywhere in the input and reported.

use super::Context;
use crate::error::{Code, ConvertError};
use crate::model::Value;
use crate::pointer::Loc;

pub(crate) fn has_lossy(value: &Value<'_>) -> bool {
    match value {
        Value::String(s) => s.is_lossy(),
        Value::Array(items) => {
            for item in items {
                if matches!(item, Value::String(s) if s.is_lossy())
                    || (matches!(item, Value::Array(_) | Value::Object(_)) && has_lossy(item))
                {
                    return true;
                }
            }
            false
        }
        Value::Object(map) => {
            for (key, item) in map.iter() {
                if key.is_lossy()
                    || matches!(item, Value::String(s) if s.is_lossy())
                    || (matches!(item, Value::Array(_) | Value::Object(_)) && has_lossy(item))
                {
                    return true;
                }
            }
            false
        }
        _ => false,
    }
}

pub(crate) fn report_lossy(value: &Value<'_>, loc: &Loc<'_>, ctx: &mut Context<'_>) -> Result<(), ConvertError> {
    let message = "lone UTF-16 surrogate replaced by U+FFFD";
    match value {
        Value::String(s) if s.is_lossy() => ctx.repair(Code::LoneSurrogate, loc, message)?,
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                if has_lossy(item) {
                    report_lossy(item, &loc.index(i), ctx)?;
                }
            }
        }
        Value::Object(map) => {
            for (key, item) in map.iter() {
                let item_loc = loc.key(key.as_str());
                if key.is_lossy() {
                    ctx.repair(Code::LoneSurrogate, &item_loc, message)?;
                }
                if has_lossy(item) {
                    report_lossy(item, &item_loc, ctx)?;
                }
            }
        }
        _ => {}
    }
    Ok(())
}
