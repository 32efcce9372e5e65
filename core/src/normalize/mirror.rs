//! Whether `structuredContent` repeats the content blocks, so that giving it to the model as
//! text would send the blocks (and their payloads) a second time.

use crate::model::Value;

/// Whether `structured` mirrors `items` (the input's `content` array) or repeats one of their
/// payloads. Mirrors: it is that array itself, or an object whose only member is `content`
/// holding it (compared as parsed JSON). Repeats: any string in it, at any depth (a `data:` URL
/// compared by what follows its comma), equals the `data` or `blob` (or `resource.blob`) of an
/// item, compared the same way.
pub(super) fn repeats_content(structured: &Value<'_>, items: &[Value<'_>]) -> bool {
    if mirrors(structured, items) {
        return true;
    }
    let mut payloads = Vec::new();
    for item in items {
        collect_payloads(item, &mut payloads);
    }
    !payloads.is_empty() && contains_payload(structured, &payloads)
}

fn mirrors(structured: &Value<'_>, items: &[Value<'_>]) -> bool {
    let same = |array: &[Value<'_>]| array.len() == items.len() && array.iter().zip(items).all(|(a, b)| a.json_eq(b));
    match structured {
        Value::Array(array) => same(array),
        Value::Object(map) => {
            map.iter().all(|(k, _)| k.as_str() == "content")
                && matches!(map.get("content"), Some(Value::Array(array)) if same(array))
        }
        _ => false,
    }
}

fn collect_payloads<'v>(item: &'v Value<'_>, out: &mut Vec<&'v str>) {
    let Some(map) = item.as_object() else { return };
    let nested = map.get("resource").and_then(Value::as_object);
    let candidates = [map.get("data"), map.get("blob"), nested.and_then(|r| r.get("blob"))];
    for text in candidates.into_iter().flatten().filter_map(Value::as_str) {
        let body = payload_body(text);
        if !body.is_empty() {
            out.push(body);
        }
    }
}

fn contains_payload(value: &Value<'_>, payloads: &[&str]) -> bool {
    match value {
        Value::String(s) => {
            let body = payload_body(s.as_str());
            payloads.iter().any(|p| p.len() == body.len() && *p == body)
        }
        Value::Array(items) => items.iter().any(|v| contains_payload(v, payloads)),
        Value::Object(map) => map.iter().any(|(_, v)| contains_payload(v, payloads)),
        _ => false,
    }
}

/// The text after a `data:` URL's comma, else the text itself.
fn payload_body(text: &str) -> &str {
    match text.find(',') {
        Some(comma) if text.len() >= 5 && text.as_bytes()[..5].eq_ignore_ascii_case(b"data:") => &text[comma + 1..],
        _ => text,
    }
}
