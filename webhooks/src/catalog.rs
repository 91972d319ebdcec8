//! Which notifications the log's events make, and what each one's `data` holds. Pure:
//! the fan-out adds what only the read models know (a recipe's current name, the
//! printed-label changes).

use nls_events::Envelope;
use serde_json::{json, Map, Value};

/// Every event type an endpoint may subscribe to.
pub const SUBSCRIBABLE: &[&str] = &[
    LABEL_CHANGED,
    "recipe.created",
    "recipe.updated",
    "recipe.deleted",
    "ingredient.updated",
    "embed.disabled",
];
pub const LABEL_CHANGED: &str = "label.changed";
/// Sent by `POST /v1/webhooks/{id}/test` whatever the subscription.
pub const PING: &str = "ping";
/// Written to an endpoint's delivery log (never sent) when it is disabled for failing.
pub const ENDPOINT_DISABLED: &str = "endpoint.disabled";

/// A notification one event makes, before it is addressed to endpoints.
#[derive(Debug, Clone, PartialEq)]
pub struct Notification {
    pub event_type: &'static str,
    /// Notifications with one key reach an endpoint in the order of their events.
    pub ordering_key: String,
    pub data: Value,
}

/// The notification the event itself makes, if any (`label.changed` comes from the label
/// changes it caused, see `crate::fanout`).
pub fn direct(event: &Envelope) -> Option<Notification> {
    let (event_type, id_field) = match event.event_type.as_str() {
        "recipe_created" => ("recipe.created", "recipe_id"),
        "recipe_updated" => ("recipe.updated", "recipe_id"),
        "recipe_deleted" => ("recipe.deleted", "recipe_id"),
        "recipe_embed_disabled" => ("embed.disabled", "recipe_id"),
        "ingredient_updated" => ("ingredient.updated", "ingredient_id"),
        _ => return None,
    };
    let mut data = Map::new();
    data.insert(id_field.into(), json!(event.stream_id));
    data.insert("version".into(), json!(event.stream_version));
    if let Some(name) = event.payload.get("name").filter(|n| n.is_string()) {
        data.insert("name".into(), name.clone());
    }
    if matches!(event_type, "recipe.updated" | "ingredient.updated") {
        data.insert("fields".into(), json!(changed_fields(&event.payload)));
    }
    Some(Notification {
        event_type,
        ordering_key: event.stream_id.clone(),
        data: Value::Object(data),
    })
}

/// The fields an update set or cleared, sorted: what changed, not to what (the receiver
/// reads the resource for that).
fn changed_fields(payload: &Value) -> Vec<String> {
    let mut fields: Vec<String> = payload
        .as_object()
        .map(|o| o.keys().filter(|k| *k != "cleared").cloned().collect())
        .unwrap_or_default();
    if let Some(cleared) = payload.get("cleared").and_then(Value::as_array) {
        fields.extend(cleared.iter().filter_map(Value::as_str).map(str::to_owned));
    }
    fields.sort();
    fields.dedup();
    fields
}

/// The body sent: `{"type", "timestamp", "data"}` (Standard Webhooks).
pub fn body(event_type: &str, timestamp: chrono::DateTime<chrono::Utc>, data: Value) -> Value {
    json!({
        "type": event_type,
        "timestamp": timestamp.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        "data": data,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use uuid::Uuid;

    fn event(event_type: &str, payload: Value) -> Envelope {
        Envelope {
            position: 7,
            event_id: Uuid::now_v7(),
            stream_id: "rcp_0190".into(),
            stream_version: 3,
            event_type: event_type.into(),
            schema_version: 1,
            payload,
            account_id: Uuid::now_v7(),
            actor: "key:x".into(),
            occurred_at: chrono::Utc::now(),
            correlation_id: Uuid::now_v7(),
            causation_id: None,
            request_id: None,
        }
    }

    #[test]
    fn updates_name_the_fields_they_set_or_cleared() {
        let n = direct(&event(
            "recipe_updated",
            json!({"name": "Scones", "servings": 8, "cleared": ["package"]}),
        ))
        .expect("recipe_updated notifies");
        assert_eq!(n.event_type, "recipe.updated");
        assert_eq!(n.ordering_key, "rcp_0190");
        assert_eq!(
            n.data,
            json!({"recipe_id": "rcp_0190", "version": 3, "name": "Scones",
                   "fields": ["name", "package", "servings"]})
        );
    }

    #[test]
    fn each_subscribable_event_has_its_source_and_others_notify_nothing() {
        for (log_type, public) in [
            ("recipe_created", "recipe.created"),
            ("recipe_deleted", "recipe.deleted"),
            ("recipe_embed_disabled", "embed.disabled"),
            ("ingredient_updated", "ingredient.updated"),
        ] {
            let n = direct(&event(log_type, json!({}))).expect(log_type);
            assert_eq!(n.event_type, public);
            assert!(SUBSCRIBABLE.contains(&n.event_type));
        }
        for silent in [
            "recipe_archived",
            "recipe_embed_enabled",
            "ingredient_created",
        ] {
            assert_eq!(direct(&event(silent, json!({}))), None, "{silent}");
        }
    }
}
