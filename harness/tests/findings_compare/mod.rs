//! Two findings files compared field by field (shared by the tests that say two ways of
//! triaging give one run: merged shards, streamed batches).

use serde_json::Value;

/// Set every `seconds` to 0.
pub fn without_seconds(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                if key == "seconds" {
                    *v = Value::from(0.0);
                } else {
                    without_seconds(v);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(without_seconds),
        _ => {}
    }
}

/// The first place two JSON values differ, as a path with both values.
pub fn first_difference(path: &str, a: &Value, b: &Value) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            keys.into_iter().find_map(|k| {
                let null = Value::Null;
                let (v, w) = (x.get(k).unwrap_or(&null), y.get(k).unwrap_or(&null));
                first_difference(&format!("{path}.{k}"), v, w)
            })
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (v, w))| first_difference(&format!("{path}[{i}]"), v, w)),
        _ if a == b => None,
        _ => {
            let show = |v: &Value| {
                let text = v.to_string();
                text.chars().take(400).collect::<String>()
            };
            Some(format!("{path}: {} / {}", show(a), show(b)))
        }
    }
}
