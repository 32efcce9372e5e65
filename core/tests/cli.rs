//! The command-line tool: output, options, exit codes and messages.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mcp-tool-result"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the CLI starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("writes stdin");
    child.wait_with_output().expect("the CLI finishes")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

#[test]
fn converts_stdin_for_a_target() {
    let out = run(
        &["convert", "--to", "copilot", "-"],
        r#"{"content":[{"type":"text","text":"a"},{"type":"text","text":"b"}]}"#,
    );
    assert!(out.status.success());
    assert_eq!(
        stdout(&out).trim(),
        r#"{"output":{"textResultForLlm":"a\nb","resultType":"success"}}"#
    );
}

#[test]
fn reads_a_file_and_takes_json_or_string_options() {
    let dir = std::env::temp_dir().join(format!("mcp-tool-result-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("result.json");
    std::fs::write(
        &file,
        r#"{"content":[{"type":"image","data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=","mimeType":"image/png"}]}"#,
    )
    .expect("write");
    let out = run(
        &[
            "convert",
            "--to",
            "mcp",
            "--option",
            "binary=marker",
            file.to_str().expect("path"),
        ],
        "",
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // A real 1x1 PNG of 86 bytes.
    assert_eq!(
        stdout(&out).trim(),
        r#"{"output":{"content":[{"type":"text","text":"[image image/png, 86 B]"}],"isError":false}}"#
    );
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

#[test]
fn strict_mode_fails_with_code_and_path() {
    let out = run(
        &["convert", "--to", "copilot", "--option", "strict=true"],
        r#"{"content":"hello"}"#,
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("content_not_array at /content"), "{err}");
}

#[test]
fn bad_json_and_unknown_target_are_clear_errors() {
    let out = run(&["convert", "--to", "copilot"], "{\"content\": [");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("invalid_json"));
    let out = run(&["convert", "--to", "nope"], "{}");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown target \"nope\""));
    let out = run(&["frobnicate"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn lists_targets() {
    let out = run(&["targets"], "");
    assert!(out.status.success());
    let names: Vec<String> = stdout(&out)
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
        .collect();
    assert_eq!(
        names,
        [
            "copilot",
            "mcp",
            "anthropic",
            "anthropic-mcp",
            "openai-chat",
            "openai-responses",
            "gemini",
            "gemini-legacy",
            "gemini-interactions",
            "bedrock",
            "text"
        ]
    );
}

#[test]
fn extracts_images() {
    let out = run(
        &["extract"],
        r#"{"shot":{"type":"image","data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=","mimeType":"image/png"},"n":1}"#,
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // The 8-byte PNG signature is one image; the text holds its numbered marker, keys in input order.
    assert_eq!(
        stdout(&out).trim(),
        r#"{"images":[{"data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII=","mimeType":"image/png","path":"/shot"}],"text":"{\"shot\":\"[image 1 of 1, image/png, 86 B]\",\"n\":1}"}"#
    );
}

#[test]
fn catalog_prints_the_model_profiles_and_each_targets_default() {
    let out = run(&["catalog"], "");
    assert!(out.status.success());
    let catalog = mcp_tool_result::json::parse(&stdout(&out)).expect("JSON").into_owned();
    let map = catalog.as_object().expect("an object");
    let Some(mcp_tool_result::Value::Array(models)) = map.get("models") else {
        panic!("no models list")
    };
    let prefixes: Vec<&str> = models
        .iter()
        .filter_map(|m| m.as_object()?.get("prefix")?.as_str())
        .collect();
    for prefix in [
        "claude",
        "claude-opus-4-7",
        "gpt-4o",
        "gpt-4.1-mini",
        "gpt-5",
        "gemini-2",
        "gemini-3",
    ] {
        assert!(prefixes.contains(&prefix), "{prefix} in {prefixes:?}");
    }
    let opus = models
        .iter()
        .filter_map(|m| m.as_object())
        .find(|m| m.get("prefix").and_then(|p| p.as_str()) == Some("claude-opus-4-7"))
        .expect("the Opus 4.7 row");
    let native = opus.get("native").and_then(|n| n.as_object()).expect("native");
    assert_eq!(native.get("max_dimension").and_then(|d| d.as_count()), Some(2576));
    assert!(opus
        .get("source")
        .and_then(|s| s.as_str())
        .is_some_and(|s| !s.is_empty()));
    assert!(opus
        .get("checked")
        .and_then(|s| s.as_str())
        .is_some_and(|s| s.len() == 10));
    let Some(mcp_tool_result::Value::Array(targets)) = map.get("targets") else {
        panic!("no targets list")
    };
    for target in targets.iter().filter_map(|t| t.as_object()) {
        let name = target.get("name").and_then(|n| n.as_str()).unwrap_or("");
        let default = target.get("default_model").and_then(|d| d.as_str());
        assert_eq!(default.is_none(), name == "mcp", "{name}: {default:?}");
        assert!(default.is_none_or(|d| prefixes.contains(&d)), "{name}: {default:?}");
    }
}
