//! The catalog: every target (what it carries, its default limits), every option, every code and
//! each binding's option defaults, as one JSON document. The bindings' type lists and defaults,
//! the fixture schema's enums and the READMEs' lists are generated from it (`.ci/gen/catalog.py`,
//! `make generate`); docs/build.md, "The catalog", says how.
//!
//! ```
//! use mcp_tool_result::{catalog, json, Target, Value};
//! let text = catalog::to_json();
//! let catalog = json::parse(&text).unwrap();
//! let targets = catalog.as_object().unwrap().get("targets").unwrap();
//! assert!(matches!(targets, Value::Array(t) if t.len() == Target::ALL.len()));
//! ```

use crate::error::{Code, CodeKind, ErrorFamily};
use crate::fit::Limits;
use crate::model::{Map, Number, Str, Value};
use crate::models::{ImageRule, ModelProfile, MODELS};
pub use crate::options::{OptionSpec, OptionType, OPTIONS};
use crate::targets::profile::{Caps, Lift, Profile};
use crate::targets::Target;

/// The version of the catalog's JSON shape; it changes when a field changes meaning or goes.
pub const VERSION: i64 = 1;

/// The catalog as pretty-printed JSON text (ends with a newline).
pub fn to_json() -> String {
    crate::json::to_string_pretty(&to_value()) + "\n"
}

/// The catalog as a value.
pub fn to_value() -> Value<'static> {
    let mut out = Map::with_capacity(8);
    out.push("version", int(VERSION as u64));
    out.push("max_depth", int(crate::MAX_DEPTH as u64));
    out.push(
        "targets",
        Value::Array(Target::ALL.iter().map(|t| target(*t)).collect()),
    );
    out.push("options", Value::Array(OPTIONS.iter().map(option).collect()));
    out.push("codes", Value::Array(Code::ALL.iter().map(|c| code(*c)).collect()));
    out.push("models", Value::Array(MODELS.iter().map(model).collect()));
    let mut extract = Map::with_capacity(1);
    extract.push("limits", limits(&crate::extract::DEFAULT_CAPS));
    out.push("extract", Value::Object(extract));
    out.push("binding_defaults", binding_defaults());
    Value::Object(out)
}

/// The options each binding places before its caller's, by host name
/// ([`crate::Options::for_host`]).
fn binding_defaults() -> Value<'static> {
    let defaults = crate::__private::HOSTS.into_iter().map(|(host, name)| {
        (
            Str::borrowed(name),
            Value::Object(crate::__private::binding_defaults(host)),
        )
    });
    Value::Object(defaults.collect())
}

fn target(target: Target) -> Value<'static> {
    let mut out = Map::with_capacity(7);
    out.push("name", text(target.name()));
    out.push("doc", text(target.description()));
    out.push("tool_call_id_field", target.id_field().map_or(Value::Null, text));
    let profile = target.profile();
    out.push("carries", profile.map_or(Value::Null, carries));
    out.push(
        "media_in_attachments",
        profile.map_or(Value::Null, |p| {
            text(match p.lift {
                Lift::Never => "never",
                Lift::Always => "always",
                Lift::OnError => "on_error",
            })
        }),
    );
    out.push("limits", limits(&target.caps()));
    out.push(
        "default_model",
        crate::models::default_for(target).map_or(Value::Null, |m| text(m.prefix)),
    );
    Value::Object(out)
}

/// A model profile: its prefix, provider, native size, image rule and constants, and source.
fn model(profile: &ModelProfile) -> Value<'static> {
    let mut rule = Map::with_capacity(3);
    rule.push("name", text(profile.image_rule.name()));
    match profile.image_rule {
        ImageRule::OpenaiTiles { base, tile } => {
            rule.push("base", int(base));
            rule.push("tile", int(tile));
        }
        ImageRule::OpenaiPatches { multiplier_milli } => {
            rule.push(
                "multiplier",
                Value::Number(Number::Float(multiplier_milli as f64 / 1000.0)),
            );
        }
        ImageRule::GeminiLevel { tokens } => rule.push("tokens", int(tokens)),
        ImageRule::AnthropicArea | ImageRule::AnthropicPatches | ImageRule::GeminiTiles => {}
    }
    let mut out = Map::with_capacity(9);
    out.push("prefix", text(profile.prefix));
    out.push("provider", text(profile.provider.name()));
    out.push("native", recommended(&profile.native));
    out.push("image_rule", Value::Object(rule));
    out.push("images_per_request", count(profile.images_per_request));
    out.push("media", texts(profile.media));
    out.push("media_resolution", profile.media_resolution.map_or(Value::Null, text));
    out.push("source", text(profile.source));
    out.push("checked", text(profile.checked));
    Value::Object(out)
}

fn carries(profile: &Profile) -> Value<'static> {
    let mut out = Map::with_capacity(5);
    out.push("images", texts(profile.images));
    out.push("documents", texts(profile.documents));
    out.push("audio", texts(profile.audio));
    out.push("video", texts(profile.video));
    out.push("text_documents", Value::Bool(profile.text_documents));
    Value::Object(out)
}

fn limits(caps: &Caps) -> Value<'static> {
    let mut out = Map::with_capacity(7);
    out.push("max_images", count(caps.images));
    out.push("max_image_bytes", count(caps.item_bytes));
    out.push("max_total_bytes", count(caps.total_bytes));
    out.push("max_image_dimension", count(caps.dimension));
    out.push("many_images_dimension", count(caps.many_images_dimension));
    out.push("max_documents", count(caps.documents));
    out.push("recommended", recommended(&caps.recommended));
    Value::Object(out)
}

fn recommended(limits: &Limits) -> Value<'static> {
    let mut out = Map::with_capacity(4);
    out.push("max_dimension", count(limits.max_dimension));
    out.push("max_short_side", count(limits.max_short_side));
    out.push("max_pixels", count(limits.max_pixels));
    out.push("max_bytes", count(limits.max_bytes));
    Value::Object(out)
}

fn option(spec: &OptionSpec) -> Value<'static> {
    let (ty, values) = match spec.ty {
        OptionType::Bool => ("bool", Value::Null),
        OptionType::String => ("string", Value::Null),
        OptionType::Enum(values) => ("enum", texts(values)),
        OptionType::Count => ("count", Value::Null),
    };
    let default = crate::json::parse(spec.default).map_or(Value::Null, Value::into_owned);
    let mut out = Map::with_capacity(11);
    out.push("name", text(spec.name));
    out.push("alias", Value::string(camel_case(spec.name)));
    out.push("type", text(ty));
    out.push("values", values);
    out.push("nullable", Value::Bool(spec.nullable));
    out.push("default", default);
    out.push("extract", Value::Bool(spec.extract));
    out.push("per_call", Value::Bool(spec.per_call));
    out.push("doc", text(spec.doc));
    out.push("label", text(spec.label));
    out.push("hint", text(spec.hint));
    Value::Object(out)
}

fn code(code: Code) -> Value<'static> {
    let kind = match code.kind() {
        CodeKind::Error => "error",
        CodeKind::Repair => "repair",
        CodeKind::Notice => "notice",
    };
    let family = match (code.kind(), code.family()) {
        (CodeKind::Notice, _) => Value::Null,
        (_, ErrorFamily::InvalidInput) => text("invalid_input"),
        (_, ErrorFamily::NotFinal) => text("not_final"),
        (_, ErrorFamily::Usage) => text("usage"),
        (_, ErrorFamily::Internal) => text("internal"),
    };
    let mut out = Map::with_capacity(4);
    out.push("name", text(code.as_str()));
    out.push("kind", text(kind));
    out.push("family", family);
    out.push("doc", text(code.doc()));
    Value::Object(out)
}

/// `validate_base64` → `validateBase64`.
fn camel_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut upper = false;
    for c in name.chars() {
        match c {
            '_' => upper = true,
            c if upper => {
                out.push(c.to_ascii_uppercase());
                upper = false;
            }
            c => out.push(c),
        }
    }
    out
}

fn text(s: &'static str) -> Value<'static> {
    Value::String(Str::borrowed(s))
}

fn texts(items: &[&'static str]) -> Value<'static> {
    Value::Array(items.iter().map(|s| text(s)).collect())
}

fn int(n: u64) -> Value<'static> {
    Value::Number(Number::Int(n as i64))
}

fn count(n: Option<u64>) -> Value<'static> {
    n.map_or(Value::Null, int)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Options;

    fn parse(text: &str) -> Value<'_> {
        crate::json::parse(text).unwrap()
    }

    #[test]
    fn every_option_default_is_the_parsers_default() {
        for spec in OPTIONS {
            for name in [spec.name.to_owned(), camel_case(spec.name)] {
                let text = format!("{{\"{name}\":{}}}", spec.default);
                let options = Options::from_value(&parse(&text)).unwrap();
                assert_eq!(options, Options::default(), "{name}");
            }
        }
    }

    #[test]
    fn every_option_accepts_its_values_and_refuses_others() {
        for spec in OPTIONS {
            let good: Vec<String> = match spec.ty {
                OptionType::Bool => vec!["true".into(), "false".into()],
                OptionType::String => vec!["\"x\"".into()],
                OptionType::Enum(values) => values.iter().map(|v| format!("\"{v}\"")).collect(),
                OptionType::Count => vec!["0".into(), "7".into()],
            };
            let null = spec.nullable.then(|| "null".to_owned());
            for value in good.iter().chain(null.iter()) {
                // payload "sdk" needs a host.
                let host = if spec.name == "payload" { r#","host":"go""# } else { "" };
                let text = format!("{{\"{}\":{value}{host}}}", spec.name);
                assert!(Options::from_value(&parse(&text)).is_ok(), "{} = {value}", spec.name);
            }
            let bad = match spec.ty {
                OptionType::Count => "-1",
                OptionType::Enum(_) => "\"none of these\"",
                _ => "[]",
            };
            let text = format!("{{\"{}\":{bad}}}", spec.name);
            let error = Options::from_value(&parse(&text)).unwrap_err();
            assert_eq!(
                (error.code(), error.path()),
                (Code::InvalidOption, format!("/{}", spec.name).as_str())
            );
            if !spec.nullable {
                let text = format!("{{\"{}\":null}}", spec.name);
                assert!(Options::from_value(&parse(&text)).is_err(), "{} = null", spec.name);
            }
        }
    }

    #[test]
    fn option_names_are_unique_and_unknown_names_are_refused() {
        let mut names: Vec<&str> = OPTIONS.iter().map(|s| s.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), OPTIONS.len());
        let error = Options::from_value(&parse(r#"{"no_such_option":1}"#)).unwrap_err();
        assert_eq!(error.code(), Code::InvalidOption);
    }

    #[test]
    fn the_json_lists_every_target_option_and_code() {
        let value = parse(&to_json()).into_owned();
        let map = value.as_object().unwrap();
        let len = |key: &str| match map.get(key) {
            Some(Value::Array(items)) => items.len(),
            _ => 0,
        };
        assert_eq!(len("targets"), Target::ALL.len());
        assert_eq!(len("options"), OPTIONS.len());
        assert_eq!(len("codes"), Code::ALL.len());
        let defaults = map.get("binding_defaults").and_then(Value::as_object).unwrap();
        let node = defaults.get("node").unwrap();
        assert_eq!(Options::from_value(node).unwrap(), Options::for_host(crate::Host::Node));
        assert_eq!(defaults.len(), crate::__private::HOSTS.len());
        assert!(Code::ALL
            .iter()
            .all(|c| !c.doc().is_empty() && !c.doc().starts_with(' ')));
    }
}
