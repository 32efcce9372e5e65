//! Criterion benchmarks of the core, with the GitHub Copilot Rust SDK's converter side by side
//! when built with `--features peer-bench` (`make bench`).
//!
//! Inputs: one small text block, 10 mixed blocks, one 5 MiB image (validated and not), every
//! target on the mixed and the 5 MiB input, `extract_images`, the JSON-in/JSON-out path for
//! the 5 MiB result, and the image check (`validate_images`) on a real 5 MiB PNG.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use mcp_tool_result::{convert, convert_json, json, Options, Target, Value};

const FIVE_MIB: usize = 5 << 20;

fn small() -> String {
    r#"{"content":[{"type":"text","text":"3 files found"}],"isError":false}"#.to_owned()
}

fn mixed() -> String {
    let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    let blocks = [
        r#"{"type":"text","text":"Analysis complete"}"#.to_owned(),
        format!(r#"{{"type":"image","data":"{png}","mimeType":"image/png"}}"#),
        r#"{"type":"text","text":"Report details follow"}"#.to_owned(),
        r#"{"type":"resource","resource":{"uri":"file:///a.txt","mimeType":"text/plain","text":"hello"}}"#.to_owned(),
        r#"{"type":"resource","resource":{"uri":"file:///r.pdf","mimeType":"application/pdf","blob":"JVBERi0xLjQK"}}"#
            .to_owned(),
        r#"{"type":"text","text":"line 3"}"#.to_owned(),
        format!(r#"{{"type":"image","data":"{png}","mimeType":"image/png"}}"#),
        r#"{"type":"text","text":"line 4"}"#.to_owned(),
        r#"{"type":"resource","resource":{"uri":"file:///b.txt","text":"second"}}"#.to_owned(),
        r#"{"type":"text","text":"done"}"#.to_owned(),
    ];
    format!(r#"{{"content":[{}]}}"#, blocks.join(","))
}

/// A 5 MiB (decoded) PNG-signed payload as one image block.
fn large_image() -> String {
    let mut bytes = vec![0u8; FIVE_MIB];
    bytes[..8].copy_from_slice(b"\x89PNG\r\n\x1a\n");
    for (i, b) in bytes.iter_mut().enumerate().skip(8) {
        *b = (i.wrapping_mul(2_654_435_761) >> 13) as u8;
    }
    let data = base64_simd::STANDARD.encode_to_string(&bytes);
    format!(r#"{{"content":[{{"type":"image","data":"{data}","mimeType":"image/png"}}]}}"#)
}

/// A real PNG of 5 MiB (noise, stored nearly uncompressed) as one image block, and its
/// decoded size.
fn real_png() -> (String, usize) {
    let (width, height) = (1024u32, 1706u32);
    let mut pixels = vec![0u8; (width * height * 3) as usize];
    for (i, b) in pixels.iter_mut().enumerate() {
        *b = (i.wrapping_mul(2_654_435_761) >> 13) as u8;
    }
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header().expect("png header");
    writer.write_image_data(&pixels).expect("png data");
    writer.finish().expect("png end");
    let data = base64_simd::STANDARD.encode_to_string(&bytes);
    let text = format!(r#"{{"content":[{{"type":"image","data":"{data}","mimeType":"image/png"}}]}}"#);
    (text, bytes.len())
}

/// The `mcp` target (which carries the image as it is) on a real 5 MiB PNG: no check, the
/// base64 check alone, then the structural check and a full decode on top of it.
fn bench_image_check(c: &mut Criterion) {
    let (text, size) = real_png();
    let input = json::parse(&text).expect("png input parses");
    let mut group = c.benchmark_group("image_check_5mib_png");
    group.throughput(Throughput::Bytes(size as u64));
    group.sample_size(20);
    for (name, options) in [
        ("none", r#"{"validate_base64":false,"validate_images":"off"}"#),
        ("base64_only", r#"{"validate_images":"off"}"#),
        ("base64_and_structure", r#"{"validate_images":"structure"}"#),
        ("base64_and_decode", r#"{"validate_images":"decode"}"#),
    ] {
        let opts = Options::from_value(&json::parse(options).expect("options parse")).expect("valid options");
        group.bench_function(name, |b| {
            b.iter_batched(
                || input.clone(),
                |value: Value<'_>| drop(convert(value, Target::Mcp, &opts).expect("converts")),
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

fn options(validate: bool) -> Options {
    let text = format!(r#"{{"validate_base64":{validate}}}"#);
    Options::from_value(&json::parse(&text).expect("options parse")).expect("valid options")
}

fn bench_value(c: &mut Criterion, name: &str, text: &str, validate: bool) {
    let input = json::parse(text).expect("bench input parses");
    let opts = options(validate);
    let mut group = c.benchmark_group(name);
    if text.len() > 1 << 20 {
        group.throughput(Throughput::Bytes(text.len() as u64));
    }
    // The routine drops its output, as the peer's does (`b.iter` drops what it returns). Inputs
    // are cloned in batches of 64, so that they are as warm in the cache as a caller's freshly
    // parsed input (criterion's `SmallInput` clones up to a tenth of a sample's iterations, many
    // megabytes of mixed inputs, while the peer reads one input over and over).
    group.bench_function("ours_copilot", |b| {
        b.iter_batched(
            || input.clone(),
            |value: Value<'_>| drop(convert(value, Target::Copilot, &opts).expect("converts")),
            BatchSize::NumIterations(64),
        )
    });
    #[cfg(feature = "peer-bench")]
    {
        let peer_input: serde_json::Value = serde_json::from_str(text).expect("serde_json parses");
        group.bench_function("peer_copilot_rust", |b| {
            b.iter(|| github_copilot_sdk::tool::convert_mcp_call_tool_result(&peer_input).expect("peer converts"))
        });
        // Ours takes its input and frees it; the peer borrows it and its caller frees it after.
        // This row times the peer with that drop, from inputs cloned as ours are.
        group.bench_function("peer_copilot_rust_with_input_drop", |b| {
            b.iter_batched(
                || peer_input.clone(),
                |value: serde_json::Value| {
                    drop(github_copilot_sdk::tool::convert_mcp_call_tool_result(&value).expect("peer converts"));
                    drop(value)
                },
                BatchSize::NumIterations(64),
            )
        });
    }
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_value(c, "small_text", &small(), true);
    bench_value(c, "mixed_10_blocks", &mixed(), true);
    let large = large_image();
    bench_value(c, "image_5mib_validated", &large, true);
    bench_value(c, "image_5mib_unvalidated", &large, false);

    let mixed_text = mixed();
    let mixed_input = json::parse(&mixed_text).expect("mixed input parses");
    let large_input = json::parse(&large).expect("large input parses");
    let defaults = Options::default();
    for target in Target::ALL {
        let mut group = c.benchmark_group(format!("target_{}", target.name()));
        for (case, input) in [
            ("mixed_10_blocks", &mixed_input),
            ("image_5mib_validated", &large_input),
        ] {
            group.bench_function(case, |b| {
                b.iter_batched(
                    || input.clone(),
                    |value: Value<'_>| convert(value, *target, &defaults).expect("converts"),
                    BatchSize::SmallInput,
                )
            });
        }
        group.finish();
    }

    let mut group = c.benchmark_group("extract_images_5mib");
    group.throughput(Throughput::Bytes(large.len() as u64));
    group.bench_function("ours", |b| {
        b.iter_batched(
            || large_input.clone(),
            |value: Value<'_>| mcp_tool_result::extract_images(value, &defaults).expect("extracts"),
            BatchSize::SmallInput,
        )
    });
    group.finish();

    let mut group = c.benchmark_group("json_in_out_5mib");
    group.throughput(Throughput::Bytes(large.len() as u64));
    group.sample_size(30);
    group.bench_function("ours_convert_json", |b| {
        b.iter(|| convert_json(&large, "copilot", "").expect("converts"))
    });
    #[cfg(feature = "peer-bench")]
    group.bench_function("peer_parse_convert_serialize", |b| {
        b.iter(|| {
            let value: serde_json::Value = serde_json::from_str(&large).expect("parses");
            let result = github_copilot_sdk::tool::convert_mcp_call_tool_result(&value).expect("peer converts");
            serde_json::to_string(&result).expect("serializes")
        })
    });
    group.finish();
}

criterion_group!(convert_benches, benches, bench_image_check);
criterion_main!(convert_benches);
