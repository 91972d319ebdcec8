//! The process's own counters for `/metrics` (API_DECISIONS §1), in the Prometheus text
//! format 0.0.4.
//!
//! Requests are counted per route template (`/v1/recipes/{id}`), method and status, with a
//! latency histogram per route and method. No label carries an id, an account or a key:
//! the page is public, like `/readyz`, and holds nothing about any tenant.
//!
//! Recording is lock-free once a route has been seen (a read lock to find its series, then
//! atomic adds), so the label-file hot path pays well under a microsecond for it.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, PoisonError, RwLock};
use std::time::{Duration, Instant};

use axum::extract::{MatchedPath, Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;

/// Upper bounds of the latency buckets, in seconds (`+Inf` follows).
const BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];

/// Status codes are counted in one slot each; anything outside 100..=599 shares the last.
const STATUS_SLOTS: usize = 501;

/// Where a served label file came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileSource {
    /// The in-memory hot files.
    Memory,
    /// The `label_file` table.
    Database,
    /// Drawn for this request.
    Drawn,
}

impl FileSource {
    const ALL: [FileSource; 3] = [FileSource::Memory, FileSource::Database, FileSource::Drawn];

    fn name(self) -> &'static str {
        match self {
            FileSource::Memory => "memory",
            FileSource::Database => "database",
            FileSource::Drawn => "drawn",
        }
    }
}

/// The counters of one server. Cheap to clone (one `Arc`).
#[derive(Debug, Clone, Default)]
pub struct Metrics(Arc<Registry>);

#[derive(Debug, Default)]
struct Registry {
    /// Route template, then method.
    routes: RwLock<HashMap<String, HashMap<Method, Arc<RouteSeries>>>>,
    unmatched: AtomicU64,
    rate_limited: AtomicU64,
    label_files: [AtomicU64; 3],
}

/// One route and method: a latency histogram and a count per status.
#[derive(Debug)]
struct RouteSeries {
    /// Non-cumulative: `buckets[i]` counts durations in `(BUCKETS[i-1], BUCKETS[i]]`, the
    /// last one those above every bound.
    buckets: [AtomicU64; BUCKETS.len() + 1],
    sum_nanos: AtomicU64,
    statuses: Box<[AtomicU64]>,
}

impl RouteSeries {
    fn new() -> Self {
        Self {
            buckets: Default::default(),
            sum_nanos: AtomicU64::new(0),
            statuses: (0..STATUS_SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn record(&self, status: u16, elapsed: Duration) {
        let seconds = elapsed.as_secs_f64();
        let bucket = BUCKETS
            .iter()
            .position(|bound| seconds <= *bound)
            .unwrap_or(BUCKETS.len());
        self.buckets[bucket].fetch_add(1, Ordering::Relaxed);
        let nanos = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX);
        self.sum_nanos.fetch_add(nanos, Ordering::Relaxed);
        let slot = usize::from(status)
            .checked_sub(100)
            .filter(|s| *s < STATUS_SLOTS - 1)
            .unwrap_or(STATUS_SLOTS - 1);
        self.statuses[slot].fetch_add(1, Ordering::Relaxed);
    }
}

impl Metrics {
    /// Counts one request of `route` (a template) that got `status` after `elapsed`.
    pub fn record_request(&self, route: &str, method: &Method, status: u16, elapsed: Duration) {
        let found = {
            let routes = self.0.routes.read().unwrap_or_else(PoisonError::into_inner);
            routes.get(route).and_then(|m| m.get(method)).cloned()
        };
        let series = match found {
            Some(series) => series,
            // The first request of a route and method in this process.
            None => {
                let mut routes = self
                    .0
                    .routes
                    .write()
                    .unwrap_or_else(PoisonError::into_inner);
                Arc::clone(
                    routes
                        .entry(route.to_owned())
                        .or_default()
                        .entry(method.clone())
                        .or_insert_with(|| Arc::new(RouteSeries::new())),
                )
            }
        };
        series.record(status, elapsed);
    }

    /// Counts a request no route serves.
    pub fn record_unmatched(&self) {
        self.0.unmatched.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a request the rate limiter refused (it never reaches its route).
    pub fn record_rate_limited(&self) {
        self.0.rate_limited.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a label file served from `source`.
    pub fn record_label_file(&self, source: FileSource) {
        // Declaration order: the discriminant is the slot.
        self.0.label_files[source as usize].fetch_add(1, Ordering::Relaxed);
    }

    /// The counters as exposition text; `gauges` (name, help, value) are appended.
    pub fn render(&self, gauges: &[(&str, &str, f64)]) -> String {
        let mut out = String::with_capacity(8 * 1024);
        let mut routes: Vec<((String, Method), Arc<RouteSeries>)> = self
            .0
            .routes
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .flat_map(|(route, methods)| {
                methods
                    .iter()
                    .map(|(method, series)| ((route.clone(), method.clone()), Arc::clone(series)))
            })
            .collect();
        routes.sort_by(|a, b| (&a.0 .0, a.0 .1.as_str()).cmp(&(&b.0 .0, b.0 .1.as_str())));

        out.push_str("# HELP nls_http_requests_total Requests answered, by route template, method and status.\n");
        out.push_str("# TYPE nls_http_requests_total counter\n");
        for ((route, method), series) in &routes {
            for (slot, count) in series.statuses.iter().enumerate() {
                let count = count.load(Ordering::Relaxed);
                if count == 0 {
                    continue;
                }
                let status = if slot == STATUS_SLOTS - 1 {
                    "other".to_owned()
                } else {
                    (slot + 100).to_string()
                };
                let _ = writeln!(
                    out,
                    "nls_http_requests_total{{route=\"{}\",method=\"{method}\",status=\"{status}\"}} {count}",
                    escape(route)
                );
            }
        }

        out.push_str("# HELP nls_http_request_duration_seconds Time from the request reaching its route to the response, by route template and method.\n");
        out.push_str("# TYPE nls_http_request_duration_seconds histogram\n");
        for ((route, method), series) in &routes {
            let labels = format!("route=\"{}\",method=\"{method}\"", escape(route));
            let mut cumulative = 0u64;
            for (i, bound) in BUCKETS.iter().enumerate() {
                cumulative += series.buckets[i].load(Ordering::Relaxed);
                let _ = writeln!(
                    out,
                    "nls_http_request_duration_seconds_bucket{{{labels},le=\"{bound}\"}} {cumulative}"
                );
            }
            cumulative += series.buckets[BUCKETS.len()].load(Ordering::Relaxed);
            let _ = writeln!(
                out,
                "nls_http_request_duration_seconds_bucket{{{labels},le=\"+Inf\"}} {cumulative}"
            );
            let sum = series.sum_nanos.load(Ordering::Relaxed) as f64 / 1e9;
            let _ = writeln!(
                out,
                "nls_http_request_duration_seconds_sum{{{labels}}} {sum}"
            );
            let _ = writeln!(
                out,
                "nls_http_request_duration_seconds_count{{{labels}}} {cumulative}"
            );
        }

        counter(
            &mut out,
            "nls_http_unmatched_requests_total",
            "Requests for a path or method no route serves.",
            self.0.unmatched.load(Ordering::Relaxed),
        );
        counter(
            &mut out,
            "nls_http_rate_limited_total",
            "REST requests refused by the per-key rate limit (429).",
            self.0.rate_limited.load(Ordering::Relaxed),
        );
        out.push_str("# HELP nls_label_files_served_total Label files served, by where the bytes came from.\n");
        out.push_str("# TYPE nls_label_files_served_total counter\n");
        for (source, count) in FileSource::ALL.iter().zip(&self.0.label_files) {
            let _ = writeln!(
                out,
                "nls_label_files_served_total{{source=\"{}\"}} {}",
                source.name(),
                count.load(Ordering::Relaxed)
            );
        }
        for (name, help, value) in gauges {
            let _ = writeln!(
                out,
                "# HELP {name} {help}\n# TYPE {name} gauge\n{name} {value}"
            );
        }
        out
    }
}

fn counter(out: &mut String, name: &str, help: &str, value: u64) {
    let _ = writeln!(
        out,
        "# HELP {name} {help}\n# TYPE {name} counter\n{name} {value}"
    );
}

/// A label value with `\`, `"` and newlines escaped, as the text format requires.
fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// Route middleware (`Router::route_layer`, so the matched template is known): times the
/// request and counts it under its route.
pub async fn track(State(metrics): State<Metrics>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    // A route layer always has the template; unmatched requests reach the fallback, which
    // counts them itself.
    let route = request.extensions().get::<MatchedPath>().cloned();
    let response = next.run(request).await;
    if let Some(route) = route {
        metrics.record_request(
            route.as_str(),
            &method,
            response.status().as_u16(),
            started.elapsed(),
        );
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
        text.lines().find(|l| l.starts_with(prefix))
    }

    #[test]
    fn requests_are_counted_by_route_method_and_status() {
        let metrics = Metrics::default();
        for _ in 0..3 {
            metrics.record_request("/v1/recipes", &Method::POST, 201, Duration::from_millis(2));
        }
        metrics.record_request(
            "/v1/recipes",
            &Method::POST,
            400,
            Duration::from_micros(300),
        );
        let text = metrics.render(&[]);
        assert_eq!(
            line(
                &text,
                "nls_http_requests_total{route=\"/v1/recipes\",method=\"POST\",status=\"201\"}"
            ),
            Some("nls_http_requests_total{route=\"/v1/recipes\",method=\"POST\",status=\"201\"} 3")
        );
        assert!(text.contains("status=\"400\"} 1"), "{text}");
        assert!(
            !text.contains("status=\"500\""),
            "only statuses seen: {text}"
        );
    }

    #[test]
    fn the_histogram_is_cumulative_and_ends_with_the_count() {
        let metrics = Metrics::default();
        let route = "/v1/recipes/{id}";
        for ms in [0.5, 2.0, 2.0, 40.0, 20_000.0] {
            metrics.record_request(route, &Method::GET, 200, Duration::from_secs_f64(ms / 1e3));
        }
        let text = metrics.render(&[]);
        let bucket = |le: &str| {
            let prefix = format!(
                "nls_http_request_duration_seconds_bucket{{route=\"{route}\",method=\"GET\",le=\"{le}\"}} "
            );
            line(&text, &prefix)
                .and_then(|l| l.rsplit(' ').next())
                .and_then(|n| n.parse::<u64>().ok())
        };
        assert_eq!(bucket("0.001"), Some(1));
        assert_eq!(bucket("0.0025"), Some(3));
        assert_eq!(bucket("0.05"), Some(4));
        assert_eq!(bucket("10"), Some(4));
        assert_eq!(bucket("+Inf"), Some(5));
        assert!(text.contains(&format!(
            "nls_http_request_duration_seconds_count{{route=\"{route}\",method=\"GET\"}} 5"
        )));
    }

    #[test]
    fn label_files_gauges_and_escaping() {
        let metrics = Metrics::default();
        metrics.record_label_file(FileSource::Memory);
        metrics.record_label_file(FileSource::Memory);
        metrics.record_label_file(FileSource::Drawn);
        metrics.record_request("/odd\"path", &Method::GET, 200, Duration::ZERO);
        let text = metrics.render(&[("nls_embed_streams", "Open embed streams.", 7.0)]);
        assert!(text.contains("nls_label_files_served_total{source=\"memory\"} 2"));
        assert!(text.contains("nls_label_files_served_total{source=\"database\"} 0"));
        assert!(text.contains("nls_label_files_served_total{source=\"drawn\"} 1"));
        assert!(text.contains("# TYPE nls_embed_streams gauge\nnls_embed_streams 7"));
        assert!(text.contains("route=\"/odd\\\"path\""), "{text}");
    }
}
