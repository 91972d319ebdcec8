//! Parsing a JSON body strictly: an object with the same key twice is refused (RFC 8259
//! leaves its meaning open, and two readers of one body must never see different values),
//! and serde's messages are put in the API's words (field paths, JSON type names) rather
//! than the server's Rust types.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// Parses `raw` as one JSON value, refusing an object that repeats a key.
pub fn parse_unique(raw: &[u8]) -> Result<Value, serde_json::Error> {
    let mut deserializer = serde_json::Deserializer::from_slice(raw);
    let value = UniqueKeys.deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(value)
}

/// The prefix of the error [`parse_unique`] gives for a repeated key.
pub const DUPLICATE_KEY: &str = "duplicate key";

struct UniqueKeys;

impl<'de> DeserializeSeed<'de> for UniqueKeys {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for UniqueKeys {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        serde_json::Number::from_f64(v)
            .map(Value::Number)
            .ok_or_else(|| E::custom("number out of range"))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(UniqueKeys)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                let shown: String = key.chars().take(64).collect();
                return Err(de::Error::custom(format!("{DUPLICATE_KEY} {shown:?}")));
            }
            let value = map.next_value_seed(UniqueKeys)?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

/// A serde message in the API's words: JSON type names instead of Rust ones (`f64`,
/// `struct EntryBody`, `sequence`, `map`).
pub fn api_words(message: &str) -> String {
    let mut out = message.to_owned();
    // `expected struct SomeType` / `expected enum SomeType`: the name is the server's.
    for kind in ["struct ", "enum "] {
        while let Some(start) = out.find(&format!("expected {kind}")) {
            let name_start = start + "expected ".len() + kind.len();
            let name_end = out[name_start..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(out.len(), |i| name_start + i);
            let word = if kind == "struct " {
                "an object"
            } else {
                "one of the allowed values"
            };
            out.replace_range(start..name_end, &format!("expected {word}"));
        }
    }
    const WORDS: &[(&str, &str)] = &[
        ("expected f64", "expected a number"),
        ("expected f32", "expected a number"),
        ("expected i64", "expected an integer"),
        ("expected i32", "expected an integer"),
        ("expected i16", "expected an integer"),
        ("expected u64", "expected a non-negative integer"),
        ("expected u32", "expected a non-negative integer"),
        ("expected u16", "expected a non-negative integer"),
        ("expected u8", "expected a non-negative integer"),
        ("expected usize", "expected a non-negative integer"),
        ("expected a sequence", "expected an array"),
        ("expected a map", "expected an object"),
        ("expected unit", "expected null"),
        ("invalid type: map", "invalid type: object"),
        ("invalid type: sequence", "invalid type: array"),
        ("invalid type: unit value", "invalid type: null"),
        ("invalid type: floating point", "invalid type: number"),
        ("invalid type: integer", "invalid type: number"),
        ("invalid value: floating point", "invalid value: number"),
        ("invalid value: integer", "invalid value: number"),
    ];
    for (rust, api) in WORDS {
        out = out.replace(rust, api);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_keys_are_refused_at_any_depth() {
        assert!(parse_unique(br#"{"a":1,"b":2}"#).is_ok());
        for body in [
            &br#"{"a":1,"a":2}"#[..],
            br#"{"x":[{"g":1,"g":1}]}"#,
            br#"{"x":{"y":{"z":1,"z":1}}}"#,
        ] {
            let err = parse_unique(body).err().map(|e| e.to_string());
            assert!(
                err.as_deref().is_some_and(|e| e.starts_with(DUPLICATE_KEY)),
                "{err:?}"
            );
        }
    }

    #[test]
    fn values_parse_as_serde_json_parses_them() {
        let body = br#"{"a":[1,-2,3.5,"s",true,null,{"b":{}}],"c":18446744073709551615}"#;
        assert_eq!(
            parse_unique(body).ok(),
            serde_json::from_slice::<Value>(body).ok()
        );
        assert!(parse_unique(b"{} x").is_err());
    }

    #[test]
    fn rust_types_become_json_words() {
        assert_eq!(
            api_words("invalid type: string \"ten\", expected f64"),
            "invalid type: string \"ten\", expected a number"
        );
        assert_eq!(
            api_words("invalid type: integer `5`, expected struct EntryBody"),
            "invalid type: number `5`, expected an object"
        );
        assert_eq!(
            api_words("invalid type: map, expected a sequence"),
            "invalid type: object, expected an array"
        );
    }
}
