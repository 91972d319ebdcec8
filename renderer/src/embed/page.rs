//! The embed's static parts: the host-page script, the label page and the 404 page.

use std::sync::LazyLock;

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use sha2::{Digest, Sha256};

use super::hub::Drawn;

/// `GET /embed.js`, served as is.
pub const EMBED_JS: &str = include_str!("embed.js");

/// The label page's only script (inline, allowed by its hash in the CSP).
const PAGE_JS: &str = include_str!("page.js");

const STYLE: &str = "html,body{margin:0;padding:0;background:transparent;overflow:hidden}\
#label{position:relative}\
#label svg{display:block;width:100%;height:auto}\
#label .nls-fop{display:inline-block;vertical-align:top;width:48%;margin:8px 1% 0}\
.nls-sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;\
clip:rect(0,0,0,0);white-space:nowrap;border:0}\
#facts table{border-collapse:collapse;width:100%;font:14px/1.3 sans-serif;color:#000;background:#fff}\
#facts caption{font-weight:bold;text-align:left;padding:4px 0}\
#facts th,#facts td{text-align:left;padding:2px 6px;border-bottom:1px solid #000}\
#facts td{text-align:right}#facts p{font:13px/1.3 sans-serif;margin:6px 0}";

/// Strong ETag of `embed.js` (its content hash).
pub static EMBED_JS_ETAG: LazyLock<String> = LazyLock::new(|| etag(EMBED_JS.as_bytes()));

/// The `Content-Security-Policy` of every embed page: nothing but the inline style, the
/// one known script, and `connect-src 'self'` for the event stream; framable anywhere.
pub static CSP: LazyLock<String> = LazyLock::new(|| {
    let script_hash = STANDARD.encode(Sha256::digest(PAGE_JS.as_bytes()));
    format!(
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-{script_hash}'; \
         connect-src 'self'; img-src 'self' data:; frame-ancestors *; base-uri 'none'; \
         form-action 'none'"
    )
});

/// A strong ETag naming `bytes`.
pub fn etag(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    format!("\"{}\"", crate::cache::hex(&digest[..16]))
}

/// How the label page shows the label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum View {
    /// The drawing, with the data table beside it for screen readers only.
    #[default]
    Drawing,
    /// The data table in place of the drawing (`?view=table`).
    Table,
}

impl View {
    /// `?view=table` asks for the table; anything else is the drawing.
    pub fn from_query(view: Option<&str>) -> View {
        match view {
            Some("table") => View::Table,
            _ => View::Drawing,
        }
    }
}

/// The label page. `label` is `None` when the recipe has no computable label right now (the
/// page stays empty and live). The SVG comes escaped from `draw::svg`, the table and the
/// JSON-LD from [`super::semantic`]; the hash is hex.
pub fn label_page(label: Option<&Drawn>, view: View) -> String {
    let (hash_attr, svg, table, json_ld) = match label {
        Some(drawn) => (
            format!(" data-hash=\"{}\"", drawn.hash),
            &*drawn.svg,
            &*drawn.table,
            &*drawn.json_ld,
        ),
        None => (String::new(), "", "", ""),
    };
    // The drawing is hidden from screen readers, which read the table instead: the same
    // printed texts, as rows and columns with headers.
    let body = match view {
        View::Drawing => format!(
            "<div id=\"drawing\" aria-hidden=\"true\">{svg}</div>\
             <div id=\"facts\" class=\"nls-sr\">{table}</div>"
        ),
        View::Table => format!("<div id=\"facts\">{table}</div>"),
    };
    format!(
        "<!doctype html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>Nutrition Facts</title><style>{STYLE}</style>\
         <script type=\"application/ld+json\" id=\"nutrition-data\">{json_ld}</script></head>\
         <body><main id=\"label\" data-live{hash_attr} aria-live=\"polite\">{body}</main>\
         <script>{PAGE_JS}</script></body></html>\n",
        lang = label.map_or("en", |d| &*d.language),
    )
}

/// The page for an unknown or revoked token: no label data, zero height.
pub fn not_found_page() -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>Label not available</title><style>{STYLE}</style></head>\
         <body><main id=\"label\"></main><script>{PAGE_JS}</script></body></html>\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_csp_allows_exactly_the_inline_script() {
        let hash = STANDARD.encode(Sha256::digest(PAGE_JS.as_bytes()));
        assert!(CSP.contains(&format!("'sha256-{hash}'")));
        assert!(label_page(None, View::Drawing).contains(&format!("<script>{PAGE_JS}</script>")));
        // The 404 page keeps the script (it posts height 0 to the host) but no label data.
        let missing = not_found_page();
        assert!(!missing.contains("<svg"));
        assert!(missing.contains("<main id=\"label\"></main>"));
    }
}
