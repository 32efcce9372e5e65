//! `convert` for every target and `extract_images`, through both doors: JSON text
//! (`convert_json`, `extract_images_json`) and structured values (parse, then `convert`).

use mcp_tool_result::__private::HostId;
use mcp_tool_result::json::{self as core_json};
use mcp_tool_result::{Conversion, ConvertError, Door, Number, Options, Str, Target, Value};

use crate::json::{round_trip, serde_parse};
use crate::options::{self, HEADER};

/// `data` = header (target, two option bytes) + the input as JSON text.
///
/// Checks: no panic; the text door and the value door give the same Conversion or the same
/// error (code and path); the output is JSON that serde_json and the core read back; a
/// binding-like value (typed numbers, host strings) converts too; the `mcp` target is
/// idempotent (its output converts to itself).
pub fn convert(data: &[u8]) {
    let Some((header, text)) = split(data) else { return };
    let target = options::target(header[0]);
    let options_text = options::options(header[1], header[2]);
    let options = parse_options(&options_text);

    let by_text = mcp_tool_result::convert_json(text, target.name(), &options_text);
    let by_value = core_json::parse(text)
        .and_then(|value| mcp_tool_result::convert(value, target, &options))
        .map(|c| core_json::to_string(&c.into_value()));
    let out = agree(by_text, by_value, "convert_json vs parse + convert");

    if let Ok(value) = core_json::parse(text) {
        let lifted = lift(&value);
        if let Ok(conversion) = mcp_tool_result::convert(lifted, target, &options) {
            check_output(&core_json::to_string(&conversion.into_value()));
        }
    }
    let Some(out) = out else { return };
    check_output(&out);
    if target == Target::Mcp {
        idempotent(text, &options);
    }
}

/// `data` = header (the target byte is ignored) + the value as JSON text.
///
/// Checks: no panic; both doors agree; the output is valid JSON; every image path points at an
/// object of the input (of the result it holds, for a string holding JSON text).
pub fn extract_images(data: &[u8]) {
    let Some((header, text)) = split(data) else { return };
    let options_text = options::options(header[1], header[2]);
    let by_text = mcp_tool_result::extract_images_json(text, &options_text);
    // The generated options may hold one that only convert reads: extract_images refuses it
    // (invalid_option) before reading the input, through both doors.
    let by_value = Options::from_json_for(Door::ExtractImages, &options_text).and_then(|options| {
        core_json::parse(text)
            .and_then(|value| mcp_tool_result::extract_images(value, &options))
            .map(|x| core_json::to_string(&x.into_value()))
    });
    let Some(out) = agree(by_text, by_value, "extract_images_json vs parse + extract_images") else {
        return;
    };
    check_output(&out);
    let (Ok(input), Ok(output)) = (serde_parse(text), serde_parse(&out)) else {
        return;
    };
    // A string holding the JSON text of a result is read as that result (json_text_input): the
    // paths point into the result it holds.
    let input = match input {
        serde_json::Value::String(inner) => match serde_parse(&inner) {
            Ok(result) => result,
            Err(_) => return,
        },
        other => other,
    };
    for image in output["images"].as_array().expect("images is an array") {
        let path = image["path"].as_str().expect("image path is a string");
        let found = input.pointer(path);
        assert!(
            found.is_some_and(serde_json::Value::is_object),
            "image path {path:?} does not point at an object of the input"
        );
    }
}

/// The header and the UTF-8 input text, if `data` has both.
fn split(data: &[u8]) -> Option<(&[u8], &str)> {
    if data.len() < HEADER {
        return None;
    }
    let (header, rest) = data.split_at(HEADER);
    Some((header, std::str::from_utf8(rest).ok()?))
}

fn parse_options(text: &str) -> Options {
    Options::from_json(text).unwrap_or_else(|e| panic!("generated options {text} rejected: {e}"))
}

/// Both doors succeed with the same text or fail with the same code and path.
fn agree(a: Result<String, ConvertError>, b: Result<String, ConvertError>, what: &str) -> Option<String> {
    match (a, b) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a, b, "{what}: outputs differ");
            Some(a)
        }
        (Err(a), Err(b)) => {
            assert_eq!((a.code(), a.path()), (b.code(), b.path()), "{what}: errors differ");
            assert!(!a.message().is_empty(), "error without a message: {a:?}");
            None
        }
        (a, b) => panic!("{what}: one door failed: {a:?} / {b:?}"),
    }
}

/// The output is JSON that serde_json accepts and the core's writer round-trips.
fn check_output(out: &str) {
    if let Err(e) = serde_parse(out) {
        panic!("output is not JSON ({e}): {out}");
    }
    let value = core_json::parse(out).unwrap_or_else(|e| panic!("the core cannot read its output ({e}): {out}"));
    round_trip(&value);
}

/// Converting the `mcp` output again with the same options gives the same output.
fn idempotent(text: &str, options: &Options) {
    let first = convert_value(text, options).expect("converted once already");
    let once = core_json::to_string(&first.output);
    let second =
        convert_value(&once, options).unwrap_or_else(|e| panic!("mcp output {once} does not convert again: {e}"));
    let twice = core_json::to_string(&second.output);
    assert_eq!(once, twice, "mcp is not idempotent");
}

fn convert_value<'a>(text: &'a str, options: &Options) -> Result<Conversion<'a>, ConvertError> {
    mcp_tool_result::convert(core_json::parse(text)?, Target::Mcp, options)
}

/// The value as a binding builds it: typed numbers where the literal fits, every string a host
/// string with an id.
fn lift<'a>(value: &Value<'a>) -> Value<'a> {
    match value {
        Value::Number(Number::Raw(text)) => Value::Number(if let Ok(i) = text.parse::<i64>() {
            Number::Int(i)
        } else if let Ok(u) = text.parse::<u64>() {
            Number::UInt(u)
        } else {
            Number::Float(text.parse().unwrap_or(f64::NAN))
        }),
        Value::String(s) => Value::String(match s.borrowed_text() {
            Some(text) => Str::host(text, HostId(text.len() as u32)),
            None => s.clone(),
        }),
        Value::Array(items) => Value::Array(items.iter().map(lift).collect()),
        Value::Object(map) => Value::Object(map.iter().map(|(k, v)| (k.clone(), lift(v))).collect()),
        other => other.clone(),
    }
}
