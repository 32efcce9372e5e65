//! Property tests: no input makes the core panic, and the JSON layer agrees with serde_json.

use mcp_tool_result::{
    convert, convert_json, extract_images, json, Map, Number, Options, Str, Target, Value, MAX_DEPTH,
};
use proptest::prelude::*;

/// Strings that exercise the rules: base64-ish, data URLs, URLs, unicode, control characters.
fn interesting_string() -> impl Strategy<Value = String> {
    prop_oneof![
        "[A-Za-z0-9+/]{0,40}={0,2}",
        "[A-Za-z0-9_\\-\\s]{0,40}",
        Just("iVBORw0KGgo=".to_owned()),
        Just("/9j/4AAQSkZJRg==".to_owned()),
        Just("data:image/png;base64,iVBORw0KGgo=".to_owned()),
        Just("https://example.com/a.png".to_owned()),
        Just("text".to_owned()),
        Just("image".to_owned()),
        Just("audio".to_owned()),
        Just("resource".to_owned()),
        Just("resource_link".to_owned()),
        Just("image/png".to_owned()),
        Just("audio/wav".to_owned()),
        any::<String>(),
        "\\PC{0,20}",
    ]
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("content".to_owned()),
        Just("type".to_owned()),
        Just("text".to_owned()),
        Just("data".to_owned()),
        Just("blob".to_owned()),
        Just("mimeType".to_owned()),
        Just("mime_type".to_owned()),
        Just("resource".to_owned()),
        Just("uri".to_owned()),
        Just("name".to_owned()),
        Just("size".to_owned()),
        Just("isError".to_owned()),
        Just("structuredContent".to_owned()),
        Just("annotations".to_owned()),
        Just("audience".to_owned()),
        Just("priority".to_owned()),
        Just("toolResult".to_owned()),
        Just("jsonrpc".to_owned()),
        Just("result".to_owned()),
        Just("resultType".to_owned()),
        Just("_meta".to_owned()),
        "[a-z_]{1,8}",
    ]
}

fn leaf() -> impl Strategy<Value = Value<'static>> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|i| Value::Number(Number::Int(i))),
        any::<u64>().prop_map(|u| Value::Number(Number::UInt(u))),
        any::<f64>().prop_map(|f| Value::Number(Number::Float(f))),
        Just(Value::Number(Number::Raw("123456789012345678901234567890".into()))),
        interesting_string().prop_map(Value::string),
        "[\\x00-\\x7f]{0,8}".prop_map(|s| Value::String(Str::lossy(s))),
    ]
}

fn value() -> impl Strategy<Value = Value<'static>> {
    leaf().prop_recursive(6, 64, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..6).prop_map(|entries| {
                Value::Object(
                    entries
                        .into_iter()
                        .map(|(k, v)| (Str::owned(k), v))
                        .collect::<Map<'_>>(),
                )
            }),
        ]
    })
}

/// Blocks that look like MCP content with random field values, so most rules are reached.
fn plausible_block() -> impl Strategy<Value = Value<'static>> {
    let ty = prop_oneof![
        Just("text"),
        Just("image"),
        Just("audio"),
        Just("resource"),
        Just("resource_link"),
        Just("json"),
        Just("data"),
        Just("uri"),
        Just("error"),
        Just("tool_result"),
        Just("mcp_server_tool_result")
    ];
    let mime = prop_oneof![
        Just("image/png"),
        Just("image/jpg"),
        Just("IMAGE/GIF"),
        Just("audio/wav"),
        Just("application/pdf"),
        Just("text/plain"),
        Just("video/mp4"),
        Just("image/svg+xml"),
    ];
    (ty, mime, interesting_string(), leaf(), value(), any::<bool>()).prop_map(|(ty, mime, data, odd, nested, flat)| {
        let mut block = Map::new();
        block.push("type", Value::string(ty));
        block.push("mimeType", Value::string(mime));
        block.push("data", Value::string(data.clone()));
        block.push("text", if flat { odd.clone() } else { Value::string(data.clone()) });
        block.push(
            "uri",
            Value::string(if flat {
                format!("data:{mime};base64,{data}")
            } else {
                "file:///a/b c.pdf".to_owned()
            }),
        );
        let mut source = Map::new();
        source.push("type", Value::string(if flat { "base64" } else { "url" }));
        source.push("media_type", Value::string(mime));
        source.push("data", Value::string(data.clone()));
        block.push("source", Value::Object(source));
        block.push("name", odd);
        let mut resource = Map::new();
        resource.push("uri", Value::string("file:///r.bin"));
        resource.push("mimeType", Value::string(mime));
        resource.push(if flat { "text" } else { "blob" }, Value::string(data));
        block.push("resource", Value::Object(resource));
        block.push("annotations", nested);
        Value::Object(block)
    })
}

fn plausible_result() -> impl Strategy<Value = Value<'static>> {
    (prop::collection::vec(plausible_block(), 0..8), leaf(), value()).prop_map(|(blocks, is_error, structured)| {
        let mut result = Map::new();
        result.push("content", Value::Array(blocks));
        result.push("isError", is_error);
        result.push("structuredContent", structured);
        Value::Object(result)
    })
}

fn options() -> impl Strategy<Value = Value<'static>> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        0..4usize,
        prop::option::of(0..400u64),
    )
        .prop_map(|(strict, v, s, a, m, host, budget)| {
            let mut map = Map::new();
            map.push("strict", Value::Bool(strict));
            map.push("validate_base64", Value::Bool(v));
            map.push("sniff_mime", Value::Bool(s));
            map.push("respect_audience", Value::Bool(a));
            map.push("binary", Value::string(if m { "marker" } else { "inline" }));
            if let Some(host) = ["python", "node", "go"].get(host) {
                map.push("payload", Value::string("sdk"));
                map.push("host", Value::string(*host));
            }
            // A token budget, small enough that every step of it runs.
            if let Some(budget) = budget {
                map.push("max_tokens", Value::Number(Number::Int(budget as i64)));
                map.push("estimate_tokens", Value::Bool(true));
            }
            Value::Object(map)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_value_converts_or_errors(input in value(), opts in options()) {
        // Either outcome is fine; a panic fails the test.
        let opts = Options::from_value(&opts).expect("the strategy gives valid options");
        for target in Target::ALL {
            let _ = convert(input.clone(), *target, &opts);
        }
        let _ = extract_images(input, &opts);
    }

    #[test]
    fn plausible_results_convert_or_error(input in plausible_result(), opts in options()) {
        let opts = Options::from_value(&opts).expect("the strategy gives valid options");
        for target in Target::ALL {
            let _ = convert(input.clone(), *target, &opts);
        }
        let _ = extract_images(input, &opts);
    }

    #[test]
    fn plausible_replays_convert_or_error(blocks in prop::collection::vec(plausible_block(), 0..6), opts in options()) {
        // Replay forms: a list of items, one item alone, and a result block holding them.
        let single = blocks.first().cloned().unwrap_or(Value::Null);
        let mut wrapped = Map::new();
        wrapped.push("type", Value::string("mcp_tool_result"));
        wrapped.push("tool_use_id", Value::string("mcptoolu_1"));
        wrapped.push("content", Value::Array(blocks.clone()));
        let opts = Options::from_value(&opts).expect("the strategy gives valid options");
        for input in [Value::Array(blocks), single, Value::Object(wrapped)] {
            let _ = convert(input, Target::AnthropicMcp, &opts);
        }
    }

    #[test]
    fn any_text_converts_or_errors(text in any::<String>()) {
        let _ = convert_json(&text, "copilot", "");
        let _ = json::parse(&text);
    }

    #[test]
    fn writer_and_parser_agree_with_serde_json(input in value()) {
        let text = json::to_string(&input);
        let ours = json::parse(&text).expect("our writer writes JSON our parser reads");
        let theirs: serde_json::Value = serde_json::from_str(&text).expect("our writer writes JSON serde_json reads");
        prop_assert_eq!(json::to_string(&ours), text.clone());
        let theirs_text = serde_json::to_string(&theirs).expect("serde_json writes");
        let reparsed = json::parse(&theirs_text).expect("serde_json output parses");
        prop_assert!(reparsed.json_eq(&ours), "{} vs {}", theirs_text, text);
    }
}

fn nested(depth: usize) -> String {
    format!(
        "{{\"content\":[],\"structuredContent\":{}1{}}}",
        "[".repeat(depth),
        "]".repeat(depth)
    )
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let ok = convert_json(&nested(200), "copilot", "").expect("200 levels convert");
    assert!(ok.contains("textResultForLlm"));
    let err = convert_json(&nested(100_000), "copilot", "").unwrap_err();
    assert_eq!(err.code().as_str(), "too_deep");
    assert_eq!(MAX_DEPTH, 512);
}

#[test]
fn huge_strings_and_numbers_at_the_limits() {
    let text = "x".repeat(8 << 20);
    let input = format!(
        "{{\"content\":[{{\"type\":\"text\",\"text\":\"{text}\"}}],\"structuredContent\":{{\"a\":1e308,\"b\":-1e-320,\"c\":18446744073709551616}}}}"
    );
    let out = convert_json(&input, "mcp", "").expect("converts");
    assert!(out.contains("18446744073709551616"));
    assert!(out.contains("1e308"));
}
