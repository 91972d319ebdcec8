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
#label svg{display:block;width:100%;height:auto}\
#label .nls-fop{display:inline-block;vertical-align:top;width:48%;margin:8px 1% 0}";

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

/// The label page. `label` is `None` when the recipe has no computable label right now (the
/// page stays empty and live). The SVG comes escaped from `draw::svg`; the hash is hex.
pub fn label_page(label: Option<&Drawn>) -> String {
    let (hash_attr, svg) = match label {
        Some(drawn) => (format!(" data-hash=\"{}\"", drawn.hash), &*drawn.svg),
        None => (String::new(), ""),
    };
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>Nutrition Facts</title><style>{STYLE}</style></head>\
         <body><main id=\"label\" data-live{hash_attr} aria-live=\"polite\">{svg}</main>\
         <script>{PAGE_JS}</script></body></html>\n"
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
        assert!(label_page(None).contains(&format!("<script>{PAGE_JS}</script>")));
        // The 404 page keeps the script (it posts height 0 to the host) but no label data.
        let missing = not_found_page();
        assert!(!missing.contains("<svg"));
        assert!(missing.contains("<main id=\"label\"></main>"));
    }
}
