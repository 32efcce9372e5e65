//! The cheap memory-bound checks (issue 13 §2) under a counting allocator: the same scenarios as
//! `make memory-bounds` at a fraction of the size. Bounds are on memory, never on time.

use fuzz_checks::alloc::{measure, Counting};
use fuzz_checks::memory::{self, Scenario, Size};
use mcp_tool_result::{Code, Map, Options, Target, Value};

#[global_allocator]
static ALLOC: Counting = Counting;

/// Every scenario for every target, one at a time (the counters are process-wide, so this is
/// the only test in this binary).
#[test]
fn conversions_stay_within_their_memory_bounds() {
    let mut broken = Vec::new();
    for Scenario { name, bound, input } in &memory::scenarios(Size::Test) {
        for target in Target::ALL {
            let figure = memory::run(name, target.name(), input);
            assert!(
                figure.ok || figure.error == Some("too_deep"),
                "{name} for {target:?}: {figure:?}"
            );
            broken.extend(memory::violations(&figure, *bound));
        }
    }
    assert!(broken.is_empty(), "memory bounds broken:\n{}", broken.join("\n"));

    // extract_images on the claimed headers does not decode either.
    let input = memory::claimed_images(60_000, 60_000);
    let (result, usage) = measure(|| mcp_tool_result::extract_images_json(&input, ""));
    assert!(result.is_ok());
    assert!(usage.largest <= memory::NOT_DECODED, "{usage:?}");

    // A million levels as a value (the JSON parser stops at MAX_DEPTH already) is refused, not
    // a stack overflow, and takes memory in proportion to the value only.
    let mut deep = Value::Array(Vec::new());
    for _ in 0..1_000_000 {
        deep = Value::Array(vec![deep]);
    }
    let mut root = Map::new();
    root.push("content", Value::Array(Vec::new()));
    root.push("structuredContent", deep);
    let (result, usage) = measure(|| mcp_tool_result::convert(Value::Object(root), Target::Mcp, &Options::default()));
    assert_eq!(result.unwrap_err().code(), Code::TooDeep);
    assert!(usage.peak <= memory::SLACK, "{usage:?}");
}
