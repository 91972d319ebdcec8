//! `GET /v1/audit`: the account's events, for an auditor to take away, as NDJSON
//! (`application/x-ndjson`, the default) or CSV (`Accept: text/csv`).
//!
//! Order and paging: events come in the log's `(txid, position)` order, the order the
//! relay publishes them in (a writing transaction's events together, transactions in the
//! order they began writing), and only events every follower can already see: a
//! transaction still open holds back the ones after it, so a later page never gains an
//! event before its cursor. Each line (or CSV row) carries its `cursor`; a download that
//! stopped at `limit` lines continues with `?cursor=<the last line's cursor>`, the same
//! filters, and ends when a page has fewer lines than its limit.
//!
//! Memory: rows are read in pages of [`PAGE_ROWS`] by keyset and written out before the
//! next page is read, so a download of any length holds one page at a time.

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use nls_web::{ApiError, ApiQuery, Caller, Cursor};
use serde::Deserialize;
use serde_json::json;
use sqlx::{PgPool, Row};
use uuid::Uuid;

use crate::http::QueryState;

/// Rows read (and written out) per database round trip.
pub const PAGE_ROWS: i64 = 200;
/// Lines per download unless `limit` says otherwise.
pub const DEFAULT_LIMIT: i64 = 10_000;
/// Most lines one download may ask for.
pub const MAX_LIMIT: i64 = 1_000_000;
/// Most event types one `types` filter may name.
const MAX_TYPES: usize = 64;

/// The query parameters.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct AuditParams {
    /// RFC 3339: events that occurred at or after this moment (a writing transaction's
    /// start).
    #[param(format = DateTime)]
    pub from: Option<String>,
    /// RFC 3339: events that occurred before this moment.
    #[param(format = DateTime)]
    pub to: Option<String>,
    /// Comma-separated event types, e.g. `recipe_created,ingredient_updated`.
    pub types: Option<String>,
    /// Continue after this line: the `cursor` of the last line received.
    pub cursor: Option<String>,
    /// Most lines in this download (default 10,000).
    #[param(minimum = 1, maximum = 1000000)]
    pub limit: Option<i64>,
}

/// The validated filter of one download.
#[derive(Debug, Clone, PartialEq)]
struct Filter {
    from: Option<DateTime<Utc>>,
    to: Option<DateTime<Utc>>,
    types: Option<Vec<String>>,
    after: (i64, i64),
    limit: i64,
}

fn time(field: &'static str, raw: Option<&str>) -> Result<Option<DateTime<Utc>>, ApiError> {
    raw.map(|text| {
        DateTime::parse_from_rfc3339(text.trim())
            .map(|t| t.with_timezone(&Utc))
            .map_err(|_| {
                ApiError::validation(
                    field,
                    "must be an RFC 3339 timestamp, such as 2026-01-31T12:00:00Z",
                )
            })
    })
    .transpose()
}

impl Filter {
    fn parse(params: &AuditParams) -> Result<Self, ApiError> {
        let from = time("from", params.from.as_deref())?;
        let to = time("to", params.to.as_deref())?;
        if let (Some(from), Some(to)) = (from, to) {
            if to < from {
                return Err(ApiError::validation("to", "must not be before from"));
            }
        }
        let types = match params.types.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(list) => {
                let types: Vec<String> = list.split(',').map(|t| t.trim().to_owned()).collect();
                if types.len() > MAX_TYPES {
                    return Err(ApiError::validation(
                        "types",
                        format!("name at most {MAX_TYPES} event types"),
                    ));
                }
                if let Some(bad) = types.iter().find(|t| {
                    t.is_empty()
                        || t.len() > 64
                        || !t.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
                }) {
                    return Err(ApiError::validation(
                        "types",
                        format!("{bad:?} is not an event type (such as recipe_updated)"),
                    ));
                }
                Some(types)
            }
        };
        let after = match params.cursor.as_deref() {
            None => (0, 0),
            Some(raw) => {
                let key = Cursor::decode(raw)?;
                key.split_once(':')
                    .and_then(|(t, p)| Some((t.parse().ok()?, p.parse().ok()?)))
                    .ok_or_else(|| {
                        ApiError::validation("cursor", "not a cursor returned by this API")
                    })?
            }
        };
        let limit = match params.limit {
            None => DEFAULT_LIMIT,
            Some(n) if (1..=MAX_LIMIT).contains(&n) => n,
            Some(_) => {
                return Err(ApiError::validation(
                    "limit",
                    format!("must be between 1 and {MAX_LIMIT}"),
                ))
            }
        };
        Ok(Self {
            from,
            to,
            types,
            after,
            limit,
        })
    }
}

/// NDJSON or CSV, from the `Accept` header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Ndjson,
    Csv,
}

impl Shape {
    fn from_accept(headers: &HeaderMap) -> Self {
        let wants_csv = headers
            .get_all(header::ACCEPT)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .any(|v| v.to_ascii_lowercase().contains("text/csv"));
        if wants_csv {
            Shape::Csv
        } else {
            Shape::Ndjson
        }
    }

    fn content_type(self) -> &'static str {
        match self {
            Shape::Ndjson => "application/x-ndjson",
            Shape::Csv => "text/csv; charset=utf-8",
        }
    }
}

const CSV_HEADER: &str =
    "cursor,occurred_at,type,schema_version,stream_id,version,actor,request_id,payload\r\n";

/// One event as read for the export.
struct Line {
    txid: i64,
    position: i64,
    occurred_at: DateTime<Utc>,
    event_type: String,
    schema_version: i16,
    stream_id: String,
    version: i64,
    actor: String,
    request_id: Option<String>,
    payload: serde_json::Value,
}

impl Line {
    fn cursor(&self) -> String {
        Cursor::encode(&format!("{}:{}", self.txid, self.position))
    }

    fn write(&self, shape: Shape, out: &mut String) {
        match shape {
            Shape::Ndjson => {
                let value = json!({
                    "cursor": self.cursor(),
                    "position": self.position,
                    "occurred_at": self.occurred_at,
                    "type": self.event_type,
                    "schema_version": self.schema_version,
                    "stream_id": self.stream_id,
                    "version": self.version,
                    "actor": self.actor,
                    "request_id": self.request_id,
                    "payload": self.payload,
                });
                out.push_str(&value.to_string());
                out.push('\n');
            }
            Shape::Csv => {
                let fields = [
                    self.cursor(),
                    self.occurred_at.to_rfc3339(),
                    self.event_type.clone(),
                    self.schema_version.to_string(),
                    self.stream_id.clone(),
                    self.version.to_string(),
                    self.actor.clone(),
                    self.request_id.clone().unwrap_or_default(),
                    self.payload.to_string(),
                ];
                let row: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
                out.push_str(&row.join(","));
                out.push_str("\r\n");
            }
        }
    }
}

/// A CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes
/// doubled. A field that a spreadsheet would run as a formula (`=`, `+`, `-`, `@` first)
/// is prefixed with `'`, so an event payload cannot become code in the auditor's tool.
fn csv_field(field: &str) -> String {
    let guarded = if field.starts_with(['=', '+', '-', '@']) {
        format!("'{field}")
    } else {
        field.to_owned()
    };
    if guarded.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

const PAGE: &str = "select txid::text::bigint as txid_num, position, occurred_at, event_type,
        schema_version, stream_id, stream_version, actor, request_id, payload
     from event
     where account_id = $1
       and (txid, position) > ($2::text::xid8, $3)
       and txid < pg_snapshot_xmin(pg_current_snapshot())
       and ($4::timestamptz is null or occurred_at >= $4)
       and ($5::timestamptz is null or occurred_at < $5)
       and ($6::text[] is null or event_type = any($6))
     order by txid, position
     limit $7";

async fn page(
    pool: &PgPool,
    account: Uuid,
    filter: &Filter,
    after: (i64, i64),
    rows: i64,
) -> Result<Vec<Line>, sqlx::Error> {
    sqlx::query(PAGE)
        .bind(account)
        .bind(after.0.to_string())
        .bind(after.1)
        .bind(filter.from)
        .bind(filter.to)
        .bind(&filter.types)
        .bind(rows)
        .fetch_all(pool)
        .await?
        .iter()
        .map(|row| {
            Ok(Line {
                txid: row.try_get("txid_num")?,
                position: row.try_get("position")?,
                occurred_at: row.try_get("occurred_at")?,
                event_type: row.try_get("event_type")?,
                schema_version: row.try_get("schema_version")?,
                stream_id: row.try_get("stream_id")?,
                version: row.try_get("stream_version")?,
                actor: row.try_get("actor")?,
                request_id: row.try_get("request_id")?,
                payload: row.try_get("payload")?,
            })
        })
        .collect()
}

/// Where the download is: what is left to send after `after`.
struct Progress {
    pool: PgPool,
    account: Uuid,
    filter: Filter,
    shape: Shape,
    after: (i64, i64),
    left: i64,
    started: bool,
}

/// The next chunk of the body: one page of lines (the CSV header first), or the end.
async fn next_chunk(mut at: Progress) -> Option<(Result<String, std::io::Error>, Progress)> {
    if at.left <= 0 {
        return None;
    }
    let lines = match page(
        &at.pool,
        at.account,
        &at.filter,
        at.after,
        at.left.min(PAGE_ROWS),
    )
    .await
    {
        Ok(lines) => lines,
        Err(err) => {
            // The status line is gone; cutting the body short is how the client learns.
            tracing::warn!(error = %err, "audit export stopped by a database error");
            at.left = 0;
            return Some((Err(std::io::Error::other("database error")), at));
        }
    };
    let mut out = String::new();
    if !at.started && at.shape == Shape::Csv {
        out.push_str(CSV_HEADER);
    }
    at.started = true;
    let full = i64::try_from(lines.len()).unwrap_or(i64::MAX) == at.left.min(PAGE_ROWS);
    for line in &lines {
        line.write(at.shape, &mut out);
    }
    at.left -= i64::try_from(lines.len()).unwrap_or(i64::MAX);
    match lines.last() {
        Some(last) if full => at.after = (last.txid, last.position),
        // A short page is the end of what can be seen now.
        _ => at.left = 0,
    }
    if out.is_empty() {
        return None;
    }
    Some((Ok(out), at))
}

/// The account's events as NDJSON or CSV, for audit
///
/// Streams the account's events in the log's order (the order they are published in; each
/// writing transaction's events together). Only events every reader can already see are
/// sent, so continuing from a line's `cursor` never misses one. A download that returned
/// `limit` lines continues with `?cursor=` and the same filters; one with fewer is
/// complete. `Accept: text/csv` gives CSV (RFC 4180, a header row; a field a spreadsheet
/// would run as a formula starts with `'`), anything else NDJSON. The server holds one page
/// of 200 events at a time, whatever the length.
#[utoipa::path(get, path = "/v1/audit", tag = "Audit", operation_id = "exportAudit",
    params(AuditParams),
    responses((status = 200, description = "One event per line, oldest first.", content(
        (String = "application/x-ndjson"),
        (String = "text/csv"),
    ))),
    security(("apiKey" = []), ("appSession" = [])))]
pub async fn export(
    State(app): State<QueryState>,
    caller: Caller,
    headers: HeaderMap,
    ApiQuery(params): ApiQuery<AuditParams>,
) -> Result<Response, ApiError> {
    let filter = Filter::parse(&params)?;
    let shape = Shape::from_accept(&headers);
    let progress = Progress {
        pool: app.pool.clone(),
        account: caller.account_id,
        after: filter.after,
        left: filter.limit,
        filter,
        shape,
        started: false,
    };
    let body = Body::from_stream(futures::stream::unfold(progress, next_chunk));
    let mut response = (StatusCode::OK, body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(shape.content_type()),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(f: impl FnOnce(&mut AuditParams)) -> AuditParams {
        let mut p = AuditParams::default();
        f(&mut p);
        p
    }

    #[test]
    fn filters_are_checked_before_anything_is_read() {
        let ok = Filter::parse(&params(|p| {
            p.from = Some("2026-01-01T00:00:00Z".into());
            p.types = Some("recipe_created, recipe_updated".into());
        }));
        assert_eq!(
            ok.map(|f| (f.types, f.limit, f.after)).ok(),
            Some((
                Some(vec!["recipe_created".into(), "recipe_updated".into()]),
                DEFAULT_LIMIT,
                (0, 0)
            ))
        );
        for bad in [
            params(|p| p.from = Some("yesterday".into())),
            params(|p| {
                p.from = Some("2026-02-01T00:00:00Z".into());
                p.to = Some("2026-01-01T00:00:00Z".into());
            }),
            params(|p| p.types = Some("recipe_created,DROP TABLE".into())),
            params(|p| p.types = Some("a,,b".into())),
            params(|p| p.limit = Some(0)),
            params(|p| p.limit = Some(MAX_LIMIT + 1)),
            params(|p| p.cursor = Some("bm9wZQ".into())),
        ] {
            assert!(Filter::parse(&bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_cursor_round_trips() {
        let line = Line {
            txid: 7_000_123,
            position: 42,
            occurred_at: Utc::now(),
            event_type: "recipe_created".into(),
            schema_version: 1,
            stream_id: "rcp_1".into(),
            version: 1,
            actor: "key:k".into(),
            request_id: None,
            payload: json!({}),
        };
        let parsed = Filter::parse(&params(|p| p.cursor = Some(line.cursor())));
        assert_eq!(parsed.map(|f| f.after).ok(), Some((7_000_123, 42)));
    }

    #[test]
    fn csv_fields_are_quoted_and_never_formulas() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(csv_field("-1"), "'-1");
    }
}
