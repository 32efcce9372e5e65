//! A tool result given as JSON text where a value was expected (Python
//! `convert(result.model_dump_json(), …)`, Node `extractImages(jsonString)`): a string input
//! whose text is a JSON object shaped like a tool result is read as that object
//! (`json_text_input`). Any other string stays the string it is.

use super::Context;
use crate::error::{Code, ConvertError};
use crate::model::{Map, Str, Value};
use crate::pointer::Loc;

/// The door whose input is read, for the message that names its JSON-text form.
#[derive(Debug, Clone, Copy)]
pub(crate) enum JsonDoor {
    Convert,
    ExtractImages,
}

/// The input to convert: `input` itself, or the tool result its JSON text holds (see
/// [`is_result_shaped`]), with whether that result is lossy. A string that holds a result is
/// reported (`json_text_input` at `""`, after its own `lone_surrogate`); strict mode raises.
/// Inputs other than a string whose first character after JSON whitespace is `{` cost one match.
#[inline]
pub(crate) fn read_json_text<'a>(
    input: Value<'a>,
    lossy: bool,
    door: JsonDoor,
    ctx: &mut Context<'_>,
) -> Result<(Value<'a>, bool), ConvertError> {
    match &input {
        Value::String(text) if opens_object(text) => read_text(input, lossy, door, ctx),
        _ => Ok((input, lossy)),
    }
}

#[cold]
#[inline(never)]
fn read_text<'a>(
    input: Value<'a>,
    lossy: bool,
    door: JsonDoor,
    ctx: &mut Context<'_>,
) -> Result<(Value<'a>, bool), ConvertError> {
    let Value::String(text) = &input else {
        return Ok((input, lossy));
    };
    let parsed = match text.borrowed_text() {
        Some(borrowed) => crate::json::parse_checked(borrowed).ok(),
        None => crate::json::parse_checked(text.as_str())
            .ok()
            .map(|checked| crate::depth::Checked {
                value: checked.value.into_owned(),
                lossy: checked.lossy,
            }),
    };
    let Some(parsed) =
        parsed.filter(|checked| matches!(&checked.value, Value::Object(map) if is_result_shaped(map, true)))
    else {
        return Ok((input, lossy));
    };
    let root = Loc::at("");
    if lossy {
        ctx.repair(Code::LoneSurrogate, &root, "lone UTF-16 surrogate replaced by U+FFFD")?;
    }
    let (value_door, json_door) = match door {
        JsonDoor::Convert => ("convert", "convert_json (convertJson in Node, ConvertJSON in Go)"),
        JsonDoor::ExtractImages => (
            "extract_images",
            "extract_images_json (extractImagesJson in Node, ExtractImagesJSON in Go)",
        ),
    };
    let message = format!(
        "the input is a string holding the JSON text of a tool result, read as that result: give {value_door} \
         the parsed value, or give the text to {json_door}"
    );
    ctx.repair(Code::JsonTextInput, &root, message)?;
    Ok((parsed.value, parsed.lossy))
}

/// Whether the first character of `text` after JSON whitespace is `{` (only the first byte
/// is read unless it is whitespace).
fn opens_object(text: &Str<'_>) -> bool {
    match text.head(1).first() {
        Some(b'{') => true,
        Some(b' ' | b'\t' | b'\n' | b'\r') => text
            .as_str()
            .trim_start_matches([' ', '\t', '\n', '\r'])
            .starts_with('{'),
        _ => false,
    }
}

/// Whether `map` is shaped like a tool result: `content` is an array, `structuredContent` an
/// object, `isError` a boolean (either spelling of the last two), or `toolResult` /
/// `tool_result` is present; or, with `envelope`, `jsonrpc` is a string and `result` an object
/// shaped so.
fn is_result_shaped(map: &Map<'_>, envelope: bool) -> bool {
    let any = |keys: [&str; 2], shaped: fn(&Value<'_>) -> bool| keys.iter().any(|k| map.get(k).is_some_and(shaped));
    matches!(map.get("content"), Some(Value::Array(_)))
        || any(["structuredContent", "structured_content"], |v| {
            matches!(v, Value::Object(_))
        })
        || any(["isError", "is_error"], |v| matches!(v, Value::Bool(_)))
        || any(["toolResult", "tool_result"], |_| true)
        || envelope
            && matches!(map.get("jsonrpc"), Some(Value::String(_)))
            && matches!(map.get("result"), Some(Value::Object(result)) if is_result_shaped(result, false))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Options;

    fn read(text: &str) -> (Value<'_>, Vec<Code>) {
        let options = Options::default();
        let mut ctx = Context::new(&options);
        let (value, _) =
            read_json_text(Value::String(Str::borrowed(text)), false, JsonDoor::Convert, &mut ctx).unwrap();
        (value, ctx.diagnostics.iter().map(|d| d.code).collect())
    }

    #[test]
    fn only_result_shaped_objects_are_read() {
        for text in [
            r#"{"content":[]}"#,
            " \n{\"isError\":true}",
            r#"{"structured_content":{}}"#,
            r#"{"toolResult":"x"}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{"content":[]}}"#,
        ] {
            let (value, codes) = read(text);
            assert!(matches!(value, Value::Object(_)), "{text}");
            assert_eq!(codes, [Code::JsonTextInput], "{text}");
        }
        for text in [
            r#"{"content":"hi"}"#,
            r#"{"isError":"yes"}"#,
            r#"{"structuredContent":[1]}"#,
            r#"{"jsonrpc":"2.0","result":{"jsonrpc":"2.0","result":{"content":[]}}}"#,
            r#"{"a":1}"#,
            r#"[{"content":[]}]"#,
            r#"{"content":[]"#,
            "x{\"content\":[]}",
        ] {
            let (value, codes) = read(text);
            assert_eq!(value.as_str(), Some(text));
            assert!(codes.is_empty(), "{text}");
        }
    }

    #[test]
    fn strict_mode_raises_naming_the_json_door() {
        let options = Options {
            strict: true,
            ..Options::default()
        };
        let mut ctx = Context::new(&options);
        let input = Value::string(r#"{"content":[]}"#);
        let error = read_json_text(input, false, JsonDoor::ExtractImages, &mut ctx).unwrap_err();
        assert_eq!((error.code(), error.path()), (Code::JsonTextInput, ""));
        assert!(error.message().contains("extractImagesJson"));
    }
}
