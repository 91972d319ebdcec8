//! A label's JSON as the service carries it between the engine, the database and the
//! response. A label just derived is kept as the canonical bytes the engine serialised once
//! (hashed, measured against the size limit, bound to the statement and written into the
//! response as they are); one read back from the database is the tree sqlx decoded. A create
//! used to turn its label into a tree and serialise that tree twice more (a tenth of the
//! server's time in a create's profile, session 22).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::Value;

#[derive(Debug, Clone)]
pub enum LabelJson {
    /// The engine's canonical serialisation of a [`nls_nutrition::Label`].
    Canonical(Box<RawValue>),
    /// A label read back from storage.
    Tree(Value),
}

impl LabelJson {
    /// The label as a tree (parsed, for a canonical one: for the rarer paths that inspect
    /// it, such as recording a printed change).
    pub fn to_value(&self) -> Result<Value, serde_json::Error> {
        match self {
            Self::Canonical(raw) => serde_json::from_str(raw.get()),
            Self::Tree(value) => Ok(value.clone()),
        }
    }

    /// [`Self::to_value`], taking the label.
    pub fn into_value(self) -> Result<Value, serde_json::Error> {
        match self {
            Self::Canonical(raw) => serde_json::from_str(raw.get()),
            Self::Tree(value) => Ok(value),
        }
    }
}

/// An optional label as a tree, for the paths that read its fields (drawing, strict checks,
/// the label history's printed changes).
pub fn tree(label: Option<LabelJson>) -> Result<Option<Value>, serde_json::Error> {
    label.map(LabelJson::into_value).transpose()
}

impl From<Value> for LabelJson {
    fn from(value: Value) -> Self {
        Self::Tree(value)
    }
}

impl Serialize for LabelJson {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Canonical(raw) => raw.serialize(serializer),
            Self::Tree(value) => value.serialize(serializer),
        }
    }
}

/// A label read from JSON (a client's, a test's) is a tree.
impl<'de> Deserialize<'de> for LabelJson {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Value::deserialize(deserializer).map(Self::Tree)
    }
}

/// Equal when the JSON is (key order and spacing aside): for tests and change detection.
impl PartialEq for LabelJson {
    fn eq(&self, other: &Self) -> bool {
        match (self.to_value(), other.to_value()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_canonical_label_serialises_to_its_own_bytes_and_equals_its_tree() {
        let bytes = br#"{"format":"us_fda_standard","calories":400.0,"lines":[1,2]}"#.to_vec();
        let text = String::from_utf8(bytes.clone()).expect("utf-8");
        let canonical = LabelJson::Canonical(RawValue::from_string(text).expect("json"));
        assert_eq!(serde_json::to_vec(&canonical).expect("serialised"), bytes);
        let tree = LabelJson::Tree(serde_json::from_slice(&bytes).expect("json"));
        assert_eq!(canonical, tree);
        assert_eq!(canonical.into_value().expect("tree")["calories"], 400.0);
    }
}
