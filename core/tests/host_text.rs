//! Host strings read on demand ([`HostText`]) convert exactly as the same strings given whole,
//! and a payload passed through with validation off is never read past its head.

use std::sync::atomic::{AtomicUsize, Ordering};

use mcp_tool_result::__private::{HostId, HostSource, HostText, HOST_HEAD};
use mcp_tool_result::{convert, json, Map, Options, Str, Target, Value};
use proptest::prelude::*;

/// A host string held as Latin-1 code units, counting its reads.
struct Source {
    units: Vec<u8>,
    reads: AtomicUsize,
}

impl Source {
    fn new(units: Vec<u8>) -> Self {
        Source {
            units,
            reads: AtomicUsize::new(0),
        }
    }

    fn reads(&self) -> usize {
        self.reads.load(Ordering::Relaxed)
    }

    fn lazy(&self) -> HostText<'_> {
        let head = &self.units[..self.units.len().min(HOST_HEAD)];
        HostText::new(HostId(0), self.units.len(), head, self)
    }

    /// The UTF-8 text of the units, as a binding reading the whole string would give it.
    fn utf8(&self) -> String {
        self.units.iter().map(|&b| char::from(b)).collect()
    }
}

impl HostSource for Source {
    fn latin1(&self) -> Vec<u8> {
        self.reads.fetch_add(1, Ordering::Relaxed);
        self.units.clone()
    }
}

/// A result of two image blocks with the same payload (so that total caps count both).
fn image(data: Str<'_>) -> Value<'_> {
    let block = |data| {
        let mut block = Map::new();
        block.push("type", Value::string("image"));
        block.push("data", Value::String(data));
        block.push("mimeType", Value::string("image/png"));
        Value::Object(block)
    };
    let mut result = Map::new();
    result.push("content", Value::Array(vec![block(data.clone()), block(data)]));
    Value::Object(result)
}

fn options(json_text: &str) -> Options {
    Options::from_value(&json::parse(json_text).unwrap()).unwrap()
}

/// A PNG header of 640x480, then `len` bytes of filler, as base64.
fn png(len: usize) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    bytes.extend_from_slice(&640u32.to_be_bytes());
    bytes.extend_from_slice(&480u32.to_be_bytes());
    bytes.extend((0..len).map(|i| ((i * 2_654_435_761usize) >> 24) as u8));
    base64_simd::STANDARD.encode_to_string(&bytes).into_bytes()
}

/// The conversion of `units` given lazily and given whole: same JSON text; the lazy payload
/// passed through keeps its host handle.
fn same_as_whole(units: &[u8], target: Target, opts: &Options) -> usize {
    let source = Source::new(units.to_vec());
    let text = source.lazy();
    let whole = source.utf8();
    let lazy = convert(image(Str::host_text(&text)), target, opts);
    let eager = convert(image(Str::host(&whole, HostId(0))), target, opts);
    match (lazy, eager) {
        (Ok(lazy), Ok(eager)) => {
            let (lazy, eager) = (lazy.into_value(), eager.into_value());
            assert_eq!(json::to_string(&lazy), json::to_string(&eager), "{target:?}");
            assert_eq!(hosts(&lazy), hosts(&eager), "{target:?}");
        }
        (Err(lazy), Err(eager)) => assert_eq!(lazy.to_string(), eager.to_string()),
        (lazy, eager) => panic!("{target:?}: lazy {:?}, whole {:?}", lazy.is_ok(), eager.is_ok()),
    }
    source.reads()
}

/// The JSON Pointers of the strings that carry a host handle.
fn hosts(value: &Value<'_>) -> Vec<String> {
    fn walk(value: &Value<'_>, at: String, out: &mut Vec<String>) {
        match value {
            Value::String(s) if s.host_id().is_some() => out.push(at),
            Value::Bytes(b) if b.as_base64_str().host_id().is_some() => out.push(at),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .for_each(|(i, v)| walk(v, format!("{at}/{i}"), out)),
            Value::Object(map) => map
                .iter()
                .for_each(|(k, v)| walk(v, format!("{at}/{}", k.as_str()), out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(value, String::new(), &mut out);
    out
}

const OPTION_SETS: &[&str] = &[
    "{}",
    r#"{"validate_base64": false}"#,
    r#"{"validate_base64": false, "max_image_dimension": 100}"#,
    r#"{"validate_base64": false, "max_total_bytes": 10, "fit_images": "off"}"#,
    r#"{"validate_base64": false, "max_total_bytes": 5000, "fit_images": "off"}"#,
    r#"{"host": "node", "payload": "sdk"}"#,
    r#"{"host": "python", "payload": "sdk", "validate_base64": false}"#,
    r#"{"strict": true, "validate_base64": false}"#,
];

#[test]
fn passed_through_unread_with_validation_off() {
    let source = Source::new(png(300_000));
    let text = source.lazy();
    let out = convert(
        image(Str::host_text(&text)),
        Target::Copilot,
        &options(r#"{"validate_base64": false, "validate_images": "off"}"#),
    )
    .unwrap()
    .output;
    let data = &out.as_object().unwrap().get("binaryResultsForLlm").unwrap();
    let Value::Array(items) = data else { panic!("{data:?}") };
    let data = items[0].as_object().unwrap().get("data").unwrap();
    let Value::String(data) = data else { panic!("{data:?}") };
    assert_eq!(data.host_id(), Some(HostId(0)));
    assert_eq!(source.reads(), 0);
}

#[test]
fn read_once_when_validated() {
    let units = png(300_000);
    assert_eq!(same_as_whole(&units, Target::Copilot, &options("{}")), 1);
    assert_eq!(same_as_whole(&units, Target::Anthropic, &options("{}")), 1);
}

#[test]
fn every_target_and_payload_as_given_whole() {
    let mut non_ascii = png(3_000);
    non_ascii[2_000] = 0xe9;
    let mut padded = png(3_001);
    padded.push(b' ');
    let jpeg = {
        let mut bytes = b"\xFF\xD8\xFF\xE1\x10\x00".to_vec();
        bytes.resize(0x1004, 0);
        bytes.extend_from_slice(b"\xFF\xC0\x00\x11\x08\x01\xe0\x02\x80");
        base64_simd::STANDARD.encode_to_string(&bytes).into_bytes()
    };
    let payloads: Vec<Vec<u8>> = vec![
        png(3_000),
        non_ascii,
        padded,
        jpeg,
        b"\xe9PNG".repeat(400),
        [b"data:image/png;base64,".as_slice(), &png(3_000)].concat(),
        b"https://example.com/a.png".to_vec(),
        Vec::new(),
    ];
    for units in &payloads {
        for opts in OPTION_SETS {
            for &target in Target::ALL {
                same_as_whole(units, target, &options(opts));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Latin-1 payloads of every sort convert as they do given whole.
    #[test]
    fn any_latin1_payload_as_given_whole(
        units in prop_oneof![
            proptest::collection::vec(any::<u8>(), 0..200),
            "[A-Za-z0-9+/]{0,200}={0,2}".prop_map(String::into_bytes),
            "(data:|DATA:|http://|file://)?[A-Za-z0-9+/=,;:\u{e9}]{0,100}".prop_map(|s| s.chars().map(|c| c as u8).collect()),
        ],
        target in proptest::sample::select(Target::ALL),
        opts in proptest::sample::select(OPTION_SETS),
    ) {
        same_as_whole(&units, target, &options(opts));
    }
}
