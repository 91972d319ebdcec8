use thiserror::Error;

/// A stored event could not be turned back into a domain event. Never skipped: a consumer
/// that meets one stops and alerts, because skipping would silently corrupt read models.
#[derive(Debug, Error)]
pub enum DecodeError {
    #[error("unknown event type {event_type} v{schema_version}")]
    Unknown {
        event_type: String,
        schema_version: i16,
    },
    #[error("payload of {event_type} v{schema_version} does not match its schema: {source}")]
    Payload {
        event_type: String,
        schema_version: i16,
        #[source]
        source: serde_json::Error,
    },
}

pub(crate) fn payload<T: serde::de::DeserializeOwned>(
    event_type: &str,
    schema_version: i16,
    data: serde_json::Value,
) -> Result<T, DecodeError> {
    serde_json::from_value(data).map_err(|source| DecodeError::Payload {
        event_type: event_type.to_owned(),
        schema_version,
        source,
    })
}
