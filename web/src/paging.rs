//! Cursor paging for lists (API_DECISIONS §8).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// Query parameters every list takes.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// Page size (default 50).
    #[param(minimum = 1, maximum = 200, default = 50)]
    pub limit: Option<i64>,
    /// `next_cursor` of the previous page.
    pub cursor: Option<String>,
    /// Filters by name (case-insensitive substring).
    pub q: Option<String>,
    /// Also list archived items (recipes and ingredients).
    #[param(default = false)]
    pub include_archived: Option<bool>,
}

/// The page parameters alone: documents the lists that read [`ListParams`] but honour only
/// its paging (a webhook's deliveries, an ingredient's history; food search adds `q`).
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)] // read as ListParams or HistoryParams
pub struct PageParams {
    /// Page size (default 50).
    #[param(minimum = 1, maximum = 200, default = 50)]
    limit: Option<i64>,
    /// `next_cursor` of the previous page (opaque).
    cursor: Option<String>,
}

impl ListParams {
    /// The page size: default 50, 1 to 200.
    pub fn page_size(&self) -> Result<i64, ApiError> {
        match self.limit {
            None => Ok(50),
            Some(n) if (1..=200).contains(&n) => Ok(n),
            Some(_) => Err(ApiError::validation("limit", "must be between 1 and 200")),
        }
    }

    /// The decoded cursor: the sort key of the last item of the previous page.
    pub fn after(&self) -> Result<Option<String>, ApiError> {
        self.cursor.as_deref().map(Cursor::decode).transpose()
    }

    /// The name filter, if any (trimmed, at most 200 characters).
    pub fn name_filter(&self) -> Result<Option<String>, ApiError> {
        match self.q.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some(q) if q.chars().count() > 200 => {
                Err(ApiError::validation("q", "must be at most 200 characters"))
            }
            // Postgres text cannot hold NUL; no name holds control characters.
            Some(q) if q.chars().any(char::is_control) => Err(ApiError::validation(
                "q",
                "must not contain control characters",
            )),
            Some(q) => Ok(Some(q.to_owned())),
        }
    }
}

/// An opaque cursor: base64url of the last sort key.
pub struct Cursor;

impl Cursor {
    pub fn encode(key: &str) -> String {
        URL_SAFE_NO_PAD.encode(format!("v1:{key}"))
    }

    pub fn decode(raw: &str) -> Result<String, ApiError> {
        URL_SAFE_NO_PAD
            .decode(raw)
            .ok()
            .and_then(|bytes| String::from_utf8(bytes).ok())
            .filter(|text| !text.chars().any(char::is_control))
            .and_then(|text| text.strip_prefix("v1:").map(str::to_owned))
            .ok_or_else(|| ApiError::validation("cursor", "not a cursor returned by this API"))
    }
}

/// One page of a list.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Page<T> {
    pub data: Vec<T>,
    /// Pass as `cursor` for the next page; null on the last.
    pub next_cursor: Option<String>,
}

impl<T> Page<T> {
    /// Builds a page from `limit + 1` fetched rows: the extra row only signals "more".
    pub fn from_rows(mut rows: Vec<T>, limit: i64, key_of: impl Fn(&T) -> String) -> Self {
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        let more = rows.len() > limit;
        rows.truncate(limit);
        let next_cursor = if more {
            rows.last().map(|last| Cursor::encode(&key_of(last)))
        } else {
            None
        };
        Self {
            data: rows,
            next_cursor,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_garbage_is_refused() {
        let encoded = Cursor::encode("rcp_abc");
        assert_eq!(Cursor::decode(&encoded).ok(), Some("rcp_abc".to_owned()));
        assert!(Cursor::decode("'; drop table event; --").is_err());
    }

    #[test]
    fn a_full_extra_row_means_there_is_a_next_page() {
        let page = Page::from_rows(vec![1, 2, 3], 2, |n| n.to_string());
        assert_eq!(page.data, vec![1, 2]);
        assert!(page.next_cursor.is_some());
        let last = Page::from_rows(vec![1, 2], 2, |n| n.to_string());
        assert!(last.next_cursor.is_none());
    }
}
