//! Seed inputs from the conformance suite: every case's input (with the header its target and
//! options map to) and every test image, plus JSON texts of the parser's edge cases.

use std::fs;
use std::path::{Path, PathBuf};

use mcp_tool_result::{Bytes, Str, Target};
use serde_json::Value;

use crate::options;

/// The conformance folder of the repository.
pub fn conformance_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../conformance")
}

/// Seed inputs for the fuzz target `name`, built from the conformance fixtures and images.
pub fn seeds(name: &str) -> Vec<Vec<u8>> {
    let cases = cases();
    match name {
        "json_parse" => {
            let mut out: Vec<Vec<u8>> = cases.iter().map(|c| c.input.clone().into_bytes()).collect();
            out.extend(JSON_EDGES.iter().map(|s| s.as_bytes().to_vec()));
            out
        }
        "convert" => cases
            .iter()
            .filter_map(|c| c.target.map(|t| framed(options::target_byte(t), c.options, &c.input)))
            .collect(),
        "extract_images" => cases
            .iter()
            .filter(|c| c.target.is_none())
            .map(|c| framed(0, c.options, &c.input))
            .collect(),
        "fit_image" => {
            let mut out = Vec::new();
            for image in images() {
                for header in [[0, 0x80], [0b0000_0100, 0x00], [0b1010_0011, 0x01], [0b0110_1110, 0x43]] {
                    out.push([&header[..], &image].concat());
                }
            }
            out
        }
        other => panic!("no fuzz target {other:?}"),
    }
}

fn framed(target: u8, options: (u8, u8), input: &str) -> Vec<u8> {
    [&[target, options.0, options.1][..], input.as_bytes()].concat()
}

/// Texts at the parser's documented edges.
const JSON_EDGES: &[&str] = &[
    r#"{"a":1,"a":2}"#,
    r#"["\ud800", "\udc00x", "\ud83d\ude00", "\ud800\u0041"]"#,
    "[1e400, -0, 0.0e-0, 123456789012345678901234567890, -1.5E+3]",
    "\u{feff}{}",
    " \t\r\n[ ] ",
    r#"{"\u0000":"\/\b\f\n\r\t\""}"#,
];

/// One conformance case: its target (`None` for `extract_images`), option bytes, input text.
struct Case {
    target: Option<Target>,
    options: (u8, u8),
    input: String,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    let mut files = Vec::new();
    collect_json(&conformance_dir().join("fixtures"), &mut files);
    files.sort();
    for file in files {
        let text = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let fixture: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let file_target = fixture["target"].as_str().unwrap_or_default().to_owned();
        for case in fixture["cases"].as_array().into_iter().flatten() {
            let name = case["target"].as_str().unwrap_or(&file_target);
            let target = if name == "extract_images" {
                None
            } else if let Ok(target) = name.parse() {
                Some(target)
            } else {
                continue; // a case of an unknown target name
            };
            let input = match (&case["input"], &case["input_json"]) {
                (Value::Null, Value::String(text)) => text.clone(),
                (input, Value::Null) => match resolve_images(input.clone()) {
                    Some(input) => input.to_string(),
                    None => continue,
                },
                _ => continue,
            };
            out.push(Case {
                target,
                options: options::bytes_for(case.get("options")),
                input,
            });
        }
    }
    out
}

fn collect_json(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            collect_json(&path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
}

/// `{"$image": name}` replaced by the image's base64; `None` when an image is not there (the
/// large generated ones).
fn resolve_images(value: Value) -> Option<Value> {
    Some(match value {
        Value::Object(map) if map.len() == 1 && map.contains_key("$image") => {
            let name = map["$image"].as_str()?;
            let bytes = fs::read(conformance_dir().join("images").join(name)).ok()?;
            Value::String(crate::images::base64(&bytes))
        }
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| resolve_images(v).map(|v| (k, v)))
                .collect::<Option<_>>()?,
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(resolve_images).collect::<Option<_>>()?),
        other => other,
    })
}

/// The test images, and every base64 image payload of the fixtures, as bytes.
fn images() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let dir = conformance_dir().join("images");
    let mut paths: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e != "rs") && !p.ends_with(".gitignore"))
        .collect();
    paths.sort();
    for path in paths {
        out.push(fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())));
    }
    for case in cases() {
        let Ok(value) = serde_json::from_str::<Value>(&case.input) else {
            continue;
        };
        payloads(&value, &mut out);
    }
    out.sort();
    out.dedup();
    out
}

fn payloads(value: &Value, out: &mut Vec<Vec<u8>>) {
    match value {
        Value::Object(map) => {
            if let (Some(Value::String(data)), Some(_)) = (map.get("data"), map.get("mimeType")) {
                if let Ok(bytes) = Bytes::from_base64(Str::borrowed(data)) {
                    if mcp_tool_result::fit::Format::sniff(&bytes.to_vec()).is_some() {
                        out.push(bytes.to_vec());
                    }
                }
            }
            map.values().for_each(|v| payloads(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| payloads(v, out)),
        _ => {}
    }
}
