//! The core's facts the Go package needs besides the JSON doors, written to
//! `mcptoolresult/internal/facts/facts.json` and embedded there, so that both Go backends (cgo
//! and wazero) read the same table: the target names, the nesting limit and, for every code,
//! its kind and error family. This test fails when the committed file differs from the core;
//! `MTR_WRITE_FACTS=1 cargo test -p mcp-tool-result-go facts` rewrites it.

use mcp_tool_result::{json, Code, CodeKind, ErrorFamily, Map, Number, Value};

const FACTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/mcptoolresult/internal/facts/facts.json");

fn facts() -> String {
    let mut codes = Map::with_capacity(Code::ALL.len());
    for code in Code::ALL {
        let kind = match code.kind() {
            CodeKind::Error => "error",
            CodeKind::Repair => "repair",
            CodeKind::Notice => "notice",
        };
        let family = match code.family() {
            ErrorFamily::InvalidInput => "invalid_input",
            ErrorFamily::NotFinal => "not_final",
            ErrorFamily::Usage => "usage",
            ErrorFamily::Internal => "internal",
        };
        let mut entry = Map::with_capacity(2);
        entry.push("kind", Value::string(kind.to_owned()));
        entry.push("family", Value::string(family.to_owned()));
        codes.push(code.as_str(), Value::Object(entry));
    }
    let targets = mcp_tool_result::target_names()
        .into_iter()
        .map(|name| Value::string(name.to_owned()))
        .collect();
    let mut facts = Map::with_capacity(3);
    facts.push("targets", Value::Array(targets));
    facts.push(
        "max_depth",
        Value::Number(Number::Int(mcp_tool_result::MAX_DEPTH as i64)),
    );
    facts.push("codes", Value::Object(codes));
    json::to_string_pretty(&Value::Object(facts)) + "\n"
}

#[test]
fn committed_facts_are_the_cores() {
    let want = facts();
    if std::env::var_os("MTR_WRITE_FACTS").is_some() {
        std::fs::write(FACTS, &want).expect("writing facts.json");
    }
    let have = std::fs::read_to_string(FACTS).unwrap_or_default();
    assert!(
        have == want,
        "{FACTS} is stale: run `MTR_WRITE_FACTS=1 cargo test -p mcp-tool-result-go facts` (or `make -C bindings-go facts`)"
    );
}
