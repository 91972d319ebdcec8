//! The request id (`x-request-id`, set by the service when the client sends none) of the
//! request a task is serving, so that every event a write appends records it (the audit
//! trail's "which request") without threading it through every handler.
//!
//! [`middleware`] runs each request inside [`REQUEST_ID`]'s scope; [`current`] reads it
//! anywhere in the handler's task. Work a handler spawns onto other tasks does not see it.

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;

/// Longest request id recorded; a longer client-sent id is cut (on a character boundary)
/// rather than refused, since it only labels the request.
pub const MAX_LEN: usize = 200;

tokio::task_local! {
    static REQUEST_ID: Option<String>;
}

/// The request id of the request this task serves, if it runs inside [`middleware`].
pub fn current() -> Option<String> {
    REQUEST_ID.try_with(Clone::clone).ok().flatten()
}

/// Runs `request` with its `x-request-id` available to [`current`].
pub async fn middleware(request: Request, next: Next) -> Response {
    let id = request
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .map(|v| bounded(v.trim()))
        .filter(|v| !v.is_empty());
    REQUEST_ID.scope(id, next.run(request)).await
}

fn bounded(id: &str) -> String {
    let mut end = id.len().min(MAX_LEN);
    while !id.is_char_boundary(end) {
        end -= 1;
    }
    id[..end].to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_id_is_seen_inside_the_scope_only() {
        assert_eq!(current(), None);
        let seen = REQUEST_ID
            .scope(Some("req-1".into()), async { current() })
            .await;
        assert_eq!(seen.as_deref(), Some("req-1"));
        assert_eq!(current(), None);
    }

    #[test]
    fn long_ids_are_cut_on_a_character_boundary() {
        let long = "é".repeat(MAX_LEN);
        let cut = bounded(&long);
        assert!(cut.len() <= MAX_LEN && long.starts_with(&cut));
    }
}
