//! The result of a conversion.

use crate::error::Diagnostic;
use crate::model::{Map, Str, Value};
use crate::omitted::Omitted;
use crate::tokens::Tokens;

/// What [`crate::convert`] returns: the target's value, attachments for a following user
/// message (empty for targets that carry everything inline) and the diagnostics.
#[derive(Debug, Clone, PartialEq)]
pub struct Conversion<'a> {
    /// The target's native value.
    pub output: Value<'a>,
    /// Items that must travel in a following user message.
    pub attachments: Vec<Value<'a>>,
    /// Every repair, loss or notice, in input order.
    pub diagnostics: Vec<Diagnostic>,
    /// What caps, the token budget and text cuts kept from the model, each with the handle its
    /// marker shows.
    pub omitted: Vec<Omitted>,
    /// What the provider will bill for it (option `estimate_tokens`).
    pub tokens: Option<Tokens>,
}

impl<'a> Conversion<'a> {
    /// The conversion as the value fixtures compare:
    /// `{"output", "attachments"?, "diagnostics"?, "omitted"?, "tokens"?}` (empty lists omitted).
    pub fn into_value(self) -> Value<'a> {
        let mut map = Map::with_capacity(5);
        map.push("output", self.output);
        if !self.attachments.is_empty() {
            map.push("attachments", Value::Array(self.attachments));
        }
        if !self.diagnostics.is_empty() {
            map.push(
                "diagnostics",
                Value::Array(self.diagnostics.iter().map(diagnostic_value).collect()),
            );
        }
        if !self.omitted.is_empty() {
            map.push("omitted", crate::omitted::list_value(&self.omitted));
        }
        if let Some(tokens) = &self.tokens {
            map.push("tokens", tokens.to_value());
        }
        Value::Object(map)
    }
}

/// A diagnostic as the object `{"code", "path", "message"}`.
pub fn diagnostic_value(d: &Diagnostic) -> Value<'static> {
    let mut map = Map::with_capacity(3);
    map.push("code", Value::String(Str::borrowed(d.code.as_str())));
    map.push("path", Value::string(d.path.clone()));
    map.push("message", Value::string(d.message.clone()));
    Value::Object(map)
}
