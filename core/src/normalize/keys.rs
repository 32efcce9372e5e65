//! Where each field stands in the input, and snake_case aliases of camelCase keys.

use super::Context;
use crate::error::{Code, ConvertError};
use crate::fields::Fields;
use crate::pointer::Loc;

/// Where each field of one object stands in the input, after aliases were renamed.
pub(crate) struct Keys<'l, 'p> {
    pub(crate) base: &'l Loc<'p>,
    pub(crate) renamed: Vec<(&'static str, &'static str)>,
}

impl<'l> Keys<'l, '_> {
    /// The key the field now named `camel` was given under.
    pub(crate) fn key_of(&self, camel: &'static str) -> &'static str {
        self.renamed
            .iter()
            .find(|(c, _)| *c == camel)
            .map_or(camel, |(_, snake)| snake)
    }

    /// The input location of the field now named `camel`.
    pub(crate) fn loc(&self, camel: &'static str) -> Loc<'l> {
        self.base.key(self.key_of(camel))
    }
}

/// Renames the snake_case aliases of this object's fields to their camelCase keys, in input
/// order, reporting each; when both spellings are present the camelCase one wins.
#[inline(always)]
pub(crate) fn rename_aliases<'l, 'p>(
    fields: &mut Fields<'_>,
    aliases: &[(&'static str, &'static str)],
    base: &'l Loc<'p>,
    ctx: &mut Context<'_>,
) -> Result<Keys<'l, 'p>, ConvertError> {
    let mut keys = Keys {
        base,
        renamed: Vec::new(),
    };
    if fields.has_aliases() {
        rename_seen(fields, aliases, &mut keys, ctx)?;
    }
    Ok(keys)
}

/// [`rename_aliases`] of an object with snake_case aliases.
fn rename_seen(
    fields: &mut Fields<'_>,
    aliases: &[(&'static str, &'static str)],
    keys: &mut Keys<'_, '_>,
    ctx: &mut Context<'_>,
) -> Result<(), ConvertError> {
    let base = keys.base;
    for snake in fields.aliases_seen() {
        let Some(&(snake, camel)) = aliases.iter().find(|(s, _)| *s == snake) else {
            continue;
        };
        let both = fields.has(camel);
        let message = if both {
            format!("{snake} ignored: {camel} is also present")
        } else {
            format!("{snake} read as {camel}")
        };
        ctx.repair(Code::SnakeCaseKey, &base.key(snake), message)?;
        if both {
            fields.take(snake);
        } else {
            fields.rename(snake, camel);
            keys.renamed.push((camel, snake));
        }
    }
    Ok(())
}
