//! Runs every case of `conformance/fixtures` through both doors of the core: the value model
//! (`convert`) and JSON text (`convert_json`, with the bytes pointers of `convert_str`, as the
//! Go and wasm bindings do); both must give the fixture's answer, with bytes values at exactly
//! the case's `bytes` pointers (compared as base64).
//! Options get `"payload": "wire"` when the case does not set `payload`.
//!
//! Inputs may name test images (`{"$image": name}`, resolved to base64 from `conformance/images`)
//! and cases may pin fitted payloads (`payloads`: sha256, format, size and byte bound at a
//! pointer where `expected` holds `"$payload"`).
//!
//! `CONFORMANCE_DIR` overrides the fixture folder, `CONFORMANCE_FILTER` keeps the case keys
//! containing it, `CONFORMANCE_COUNT_FILE` receives the number of cases run, and
//! `CONFORMANCE_OUTPUTS` receives one line per case: its key, a tab and the JSON door's exact
//! output text (messages included) or its error (`error <code> <path>`), so that two builds'
//! outputs can be compared byte for byte (`sha256sum`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use mcp_tool_result::__private::bytes_pointers;
use mcp_tool_result::{
    convert, convert_json, convert_str, extract_images, extract_images_json, fit, json, ConvertError, Door, Map,
    Options, Str, Target, Value,
};
use sha2::{Digest, Sha256};

fn main() -> ExitCode {
    let dir = std::env::var_os("CONFORMANCE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../conformance/fixtures"));
    let filter = std::env::var("CONFORMANCE_FILTER").unwrap_or_default();
    let mut files = Vec::new();
    collect(&dir, &mut files);
    files.sort();
    let (mut ran, mut failures, mut outputs) = (0usize, Vec::new(), String::new());
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("reading {}: {e}", file.display()));
        let fixture = json::parse(&text).unwrap_or_else(|e| panic!("parsing {}: {e}", file.display()));
        let topic = field(&fixture, "topic").and_then(Value::as_str).unwrap_or("?");
        let file_target = field(&fixture, "target").and_then(Value::as_str).unwrap_or("?");
        let Some(Value::Array(cases)) = field(&fixture, "cases") else {
            panic!("{}: no cases", file.display())
        };
        for case in cases {
            let id = field(case, "id").and_then(Value::as_str).unwrap_or("?");
            let key = format!("{file_target}/{topic}#{id}");
            if !key.contains(&filter) {
                continue;
            }
            ran += 1;
            if let Err(problem) = run_case(case, file_target, &key, &mut outputs) {
                failures.push(format!("{key}: {problem}"));
            }
        }
    }
    for failure in &failures {
        eprintln!("FAIL {failure}\n");
    }
    println!(
        "conformance rust: ran {ran} cases from {} files, {} failed",
        files.len(),
        failures.len()
    );
    println!("{} passed, {} failed", ran - failures.len(), failures.len());
    if let Some(path) = std::env::var_os("CONFORMANCE_COUNT_FILE") {
        std::fs::write(path, ran.to_string()).expect("writing CONFORMANCE_COUNT_FILE");
    }
    if let Some(path) = std::env::var_os("CONFORMANCE_OUTPUTS") {
        std::fs::write(path, outputs).expect("writing CONFORMANCE_OUTPUTS");
    }
    if failures.is_empty() && ran > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "json") {
            files.push(path);
        }
    }
}

fn field<'v, 'a>(value: &'v Value<'a>, key: &str) -> Option<&'v Value<'a>> {
    value.as_object().and_then(|m| m.get(key))
}

/// The outcome of one door: the Conversion value with its bytes pointers, or the error's `{code, path}`.
type Outcome = Result<(Value<'static>, Vec<String>), (String, String)>;

/// The case's options with `"payload": "wire"` added when it does not set `payload`.
fn with_default_payload(options: Option<&Value<'_>>) -> Value<'static> {
    let mut map = Map::new();
    let mut has_payload = false;
    if let Some(Value::Object(given)) = options {
        for (key, value) in given.iter() {
            has_payload |= key.as_str() == "payload";
            map.push(key.clone().into_owned(), value.clone().into_owned());
        }
    } else if let Some(other) = options {
        return other.clone().into_owned();
    }
    if !has_payload {
        map.push("payload", Value::String(Str::borrowed("wire")));
    }
    Value::Object(map)
}

/// The value with every bytes value replaced by its base64 string.
fn bytes_as_base64(value: Value<'static>) -> Value<'static> {
    match value {
        Value::Bytes(b) => Value::String(b.into_base64_str()),
        Value::Array(items) => Value::Array(items.into_iter().map(bytes_as_base64).collect()),
        Value::Object(map) => Value::Object(
            map.into_entries()
                .into_iter()
                .map(|(k, v)| (k, bytes_as_base64(v)))
                .collect(),
        ),
        other => other,
    }
}

/// The case's `bytes` pointers (absent: none), sorted.
fn expected_bytes(case: &Value<'_>) -> Result<Vec<String>, String> {
    let mut out = match field(case, "bytes") {
        None => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|p| p.as_str().map(str::to_owned).ok_or("bytes holds a non-string"))
            .collect::<Result<_, _>>()?,
        Some(_) => return Err("bytes must be an array of JSON Pointers".into()),
    };
    out.sort();
    Ok(out)
}

fn run_case(case: &Value<'_>, file_target: &str, key: &str, outputs: &mut String) -> Result<(), String> {
    let target = field(case, "target").and_then(Value::as_str).unwrap_or(file_target);
    let extract = target == "extract_images";
    let options = if extract {
        field(case, "options").cloned().unwrap_or(Value::Null)
    } else {
        with_default_payload(field(case, "options"))
    };
    let options_text = json::to_string(&options);
    let input_text = match (field(case, "input"), field(case, "input_json")) {
        (Some(input), None) => json::to_string(&resolve_images(input.clone().into_owned())?),
        (None, Some(Value::String(text))) => text.as_str().to_owned(),
        _ => return Err("needs exactly one of input / input_json".into()),
    };

    // Files of the pseudo-target `extract_images` run `extract_images` instead of `convert`.
    let text_result = if extract {
        extract_images_json(&input_text, &options_text).map(|json| (json, Vec::new()))
    } else {
        convert_json(&input_text, target, &options_text).and_then(|json| {
            let options = Options::from_json(&options_text)?;
            let value = convert_str(&input_text, target.parse()?, &options)?.into_value();
            Ok((json, bytes_pointers(&value)))
        })
    };
    match &text_result {
        Ok((text, _)) => outputs.push_str(&format!("{key}\t{text}\n")),
        Err(e) => outputs.push_str(&format!("{key}\terror {} {}\n", e.code().as_str(), e.path())),
    }
    let from_text: Outcome = text_result
        .map(|(text, bytes)| {
            let value = json::parse(&text)
                .expect("the JSON door writes valid JSON")
                .into_owned();
            (value, bytes)
        })
        .map_err(|e| (e.code().as_str().to_owned(), e.path().to_owned()));
    // As a caller would: the target and the options are read before the input is parsed.
    let from_value: Outcome = (|| -> Result<Value<'static>, ConvertError> {
        if extract {
            let options = Options::from_value_for(Door::ExtractImages, &options)?;
            let input = json::parse(&input_text)?;
            return Ok(extract_images(input, &options)?.into_value().into_owned());
        }
        let target: Target = target.parse()?;
        let options = Options::from_value(&options)?;
        let input = json::parse(&input_text)?;
        Ok(convert(input, target, &options)?.into_value().into_owned())
    })()
    .map(|value| {
        let pointers = bytes_pointers(&value);
        (bytes_as_base64(value), pointers)
    })
    .map_err(|e| (e.code().as_str().to_owned(), e.path().to_owned()));
    let want_bytes = expected_bytes(case)?;

    let expected = field(case, "expected");
    let expected_error = field(case, "expected_error");
    for (door, outcome) in [("json", from_text), ("value", from_value)] {
        match (outcome, expected, expected_error) {
            (Ok((actual, mut pointers)), Some(expected), None) => {
                pointers.sort();
                if pointers != want_bytes {
                    return Err(format!(
                        "[{door}] bytes values at {pointers:?}, expected at {want_bytes:?}"
                    ));
                }
                let actual = without_messages(actual).map_err(|e| format!("[{door}] {e}"))?;
                let actual = check_payloads(actual, field(case, "payloads")).map_err(|e| format!("[{door}] {e}"))?;
                if !actual.json_eq(expected) {
                    return Err(format!(
                        "[{door}] conversion differs\n  expected: {}\n  actual:   {}",
                        json::to_string(expected),
                        json::to_string(&actual)
                    ));
                }
            }
            (Err((code, path)), None, Some(expected)) => {
                let want_code = field(expected, "code").and_then(Value::as_str).unwrap_or("?");
                let want_path = field(expected, "path").and_then(Value::as_str).unwrap_or("?");
                if code != want_code || path != want_path {
                    return Err(format!(
                        "[{door}] expected error {want_code} at {want_path:?}, got {code} at {path:?}"
                    ));
                }
            }
            (Ok((actual, _)), None, Some(expected)) => {
                return Err(format!(
                    "[{door}] expected error {}, got {}",
                    json::to_string(expected),
                    json::to_string(&actual)
                ))
            }
            (Err((code, path)), Some(expected), None) => {
                return Err(format!(
                    "[{door}] unexpected error {code} at {path:?}; expected {}",
                    json::to_string(expected)
                ))
            }
            _ => return Err("needs exactly one of expected / expected_error".into()),
        }
    }
    Ok(())
}

/// Checks every diagnostic has a non-empty message and removes it (Conversions and Extractions).
fn without_messages(conversion: Value<'static>) -> Result<Value<'static>, String> {
    let Value::Object(map) = conversion else {
        return Err("conversion is not an object".into());
    };
    let mut out = mcp_tool_result::Map::new();
    for (key, value) in map.into_entries() {
        if key.as_str() != "diagnostics" {
            out.push(key, value);
            continue;
        }
        let Value::Array(items) = value else {
            return Err("diagnostics is not an array".into());
        };
        let mut stripped = Vec::with_capacity(items.len());
        for item in items {
            let Value::Object(d) = item else {
                return Err("a diagnostic is not an object".into());
            };
            let mut kept = mcp_tool_result::Map::new();
            for (k, v) in d.into_entries() {
                if k.as_str() == "message" {
                    if v.as_str().is_none_or(str::is_empty) {
                        return Err("a diagnostic has an empty message".into());
                    }
                } else {
                    kept.push(k, v);
                }
            }
            stripped.push(Value::Object(kept));
        }
        out.push(key, Value::Array(stripped));
    }
    Ok(Value::Object(out))
}

/// The folder of the test images; large ones are in its `generated/` folder.
fn images_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../conformance/images")
}

/// The value with every `{"$image": name}` object replaced by the base64 of that image.
fn resolve_images(value: Value<'static>) -> Result<Value<'static>, String> {
    Ok(match value {
        Value::Object(map) if map.len() == 1 && map.contains_key("$image") => {
            let name = map
                .get("$image")
                .and_then(Value::as_str)
                .ok_or("$image must name a file")?;
            let dir = images_dir();
            let bytes = std::fs::read(dir.join(name))
                .or_else(|_| std::fs::read(dir.join("generated").join(name)))
                .map_err(|e| format!("test image {name}: {e} (run `make conformance-images`)"))?;
            Value::string(base64_simd::STANDARD.encode_to_string(&bytes))
        }
        Value::Object(map) => Value::Object(
            map.into_entries()
                .into_iter()
                .map(|(k, v)| resolve_images(v).map(|v| (k, v)))
                .collect::<Result<_, _>>()?,
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(resolve_images).collect::<Result<_, _>>()?),
        other => other,
    })
}

/// Checks each pinned payload and replaces it by `"$payload"` for the comparison with `expected`.
fn check_payloads(mut actual: Value<'static>, payloads: Option<&Value<'_>>) -> Result<Value<'static>, String> {
    let Some(Value::Object(payloads)) = payloads else {
        return Ok(actual);
    };
    for (pointer, want) in payloads.iter() {
        let tokens: Vec<String> = pointer
            .as_str()
            .split('/')
            .skip(1)
            .map(|t| t.replace("~1", "/").replace("~0", "~"))
            .collect();
        let mut found = None;
        actual = take_at(actual, &tokens, &mut found);
        let text = found.ok_or_else(|| format!("no string at payload pointer {}", pointer.as_str()))?;
        let bytes = base64_simd::STANDARD
            .decode_to_vec(text.as_bytes())
            .map_err(|_| "payload is not base64")?;
        let digest: String = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
        let (format, width, height) = fit::inspect(&bytes).ok_or("payload is not a readable image")?;
        let got = format!(
            "{} {}x{} {} bytes sha256 {digest}",
            format.name(),
            width,
            height,
            bytes.len()
        );
        let text_of = |k: &str| field(want, k).and_then(Value::as_str).unwrap_or("?").to_owned();
        let count = |k: &str| field(want, k).and_then(Value::as_count).unwrap_or(0);
        let expected = format!(
            "{} {}x{} sha256 {}",
            text_of("format"),
            count("width"),
            count("height"),
            text_of("sha256")
        );
        let max = count("max_bytes");
        if format.name() != text_of("format")
            || u64::from(width) != count("width")
            || u64::from(height) != count("height")
            || digest != text_of("sha256")
            || bytes.len() as u64 > max
        {
            return Err(format!(
                "payload at {}: got {got}, expected {expected}, at most {max} bytes",
                pointer.as_str()
            ));
        }
    }
    Ok(actual)
}

/// `value` with the string at `tokens` moved into `found` and replaced by `"$payload"` (after
/// the comma of a data URL).
fn take_at(value: Value<'static>, tokens: &[String], found: &mut Option<String>) -> Value<'static> {
    let Some((first, rest)) = tokens.split_first() else {
        return match value {
            // A data URL keeps its prefix: `data:<mime>;base64,$payload`.
            Value::String(s) => match s.as_str().split_once(',').filter(|_| s.as_str().starts_with("data:")) {
                Some((prefix, data)) => {
                    *found = Some(data.to_owned());
                    Value::string(format!("{prefix},$payload"))
                }
                None => {
                    *found = Some(s.as_str().to_owned());
                    Value::string("$payload")
                }
            },
            other => other,
        };
    };
    match value {
        Value::Object(map) => Value::Object(
            map.into_entries()
                .into_iter()
                .map(|(k, v)| {
                    let v = if k.as_str() == first {
                        take_at(v, rest, found)
                    } else {
                        v
                    };
                    (k, v)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(
            items
                .into_iter()
                .enumerate()
                .map(|(i, v)| {
                    if first.parse() == Ok(i) {
                        take_at(v, rest, found)
                    } else {
                        v
                    }
                })
                .collect(),
        ),
        other => other,
    }
}
