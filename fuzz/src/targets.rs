//! Fuzz target bodies: each takes arbitrary bytes and must return (an `Ok` or a typed
//! error), never panic. Shared by `fuzz/fuzz_targets/*` (libFuzzer, nightly) and the
//! stable smoke test `tests/api/security.rs::decoders_and_the_label_pipeline_never_panic`.

use nls_nutrition::{Label, RecipeInput};
use nls_query::analyze::AnalyzeBody;
use nls_readmodel::requests::{IngredientBody, RecipeBody};
use nls_renderer::draw::{self, RenderOptions};
use nls_web::json::decode;

/// `POST`/`PUT /v1/recipes` bodies: decode, then the field rules of create and update.
pub fn recipe_body(data: &[u8]) {
    if let Ok(body) = decode::<RecipeBody>(data) {
        let _ = body.validate(true);
    }
    if let Ok(body) = decode::<RecipeBody>(data) {
        let _ = body.validate(false);
    }
}

/// `POST`/`PUT /v1/ingredients` bodies.
pub fn ingredient_body(data: &[u8]) {
    if let Ok(body) = decode::<IngredientBody>(data) {
        let _ = body.validate(true);
    }
    if let Ok(body) = decode::<IngredientBody>(data) {
        let _ = body.validate(false);
    }
}

/// `POST /v1/analyze` bodies (decoding; the rules are the recipe's, fuzzed above).
pub fn analyze_body(data: &[u8]) {
    let _ = decode::<AnalyzeBody>(data);
}

/// The export function's label state: any JSON that decodes to a `Label` renders to SVG or
/// gives a `RenderError`.
pub fn export_label(data: &[u8]) {
    if let Ok(label) = serde_json::from_slice::<Label>(data) {
        let _ = draw::svg(&label, &RenderOptions::default());
    }
}

/// The label pipeline: the first byte picks one of the label formats, the rest is a
/// resolved recipe; it gives a label (which gets claims and renders) or a `LabelError`.
pub fn label_pipeline(data: &[u8]) {
    let Some((&pick, json)) = data.split_first() else {
        return;
    };
    let formats = nls_nutrition::formats();
    if formats.is_empty() {
        return;
    }
    let format = &formats[usize::from(pick) % formats.len()];
    let Ok(input) = serde_json::from_slice::<RecipeInput>(json) else {
        return;
    };
    if let Ok(label) = nls_nutrition::compute_label(&input, format) {
        let _ = nls_nutrition::claims(&input, &label);
        let _ = draw::svg(&label, &RenderOptions::default());
    }
}

/// `POST /auth/v1/signup` bodies: decode, then the field rules (account names and e-mail
/// addresses refuse what recipe names refuse: controls, bidi and zero-width characters).
pub fn sign_up_body(data: &[u8]) {
    if let Ok(body) = decode::<nls_web::app_session::SignUp>(data) {
        let _ = nls_web::app_session::sign_up_problems(&body);
    }
}

/// Webhook target URLs, and the property behind the address check: an IPv4 address that is
/// refused stays refused in every IPv6 form that reaches it (IPv4-mapped, IPv4-compatible,
/// NAT64 well-known and local-use prefixes, 6to4, Teredo, SIIT).
pub fn webhook_url(data: &[u8]) {
    use nls_webhooks::guard::{is_public, Policy};
    use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
    let policy = Policy {
        allow_private: false,
        allow_http: false,
    };
    let _ = policy.check_url(&String::from_utf8_lossy(data));
    let Some(octets) = data.get(..4) else {
        return;
    };
    let v4 = Ipv4Addr::new(octets[0], octets[1], octets[2], octets[3]);
    if is_public(IpAddr::V4(v4)) {
        return;
    }
    let [a, b, c, d] = v4.octets().map(u16::from);
    let (hi, lo) = ((a << 8) | b, (c << 8) | d);
    let forms = [
        v4.to_ipv6_mapped(),
        Ipv6Addr::new(0, 0, 0, 0, 0, 0, hi, lo),
        Ipv6Addr::new(0x64, 0xff9b, 0, 0, 0, 0, hi, lo),
        Ipv6Addr::new(0x64, 0xff9b, 1, 0, 0, 0, hi, lo),
        Ipv6Addr::new(0x2002, hi, lo, 0, 0, 0, 0, 1),
        Ipv6Addr::new(0x2001, 0, 0, 0, 0, 0, !hi, !lo),
        Ipv6Addr::new(0, 0, 0, 0, 0xffff, 0, hi, lo),
    ];
    for form in forms {
        assert!(
            !is_public(IpAddr::V6(form)),
            "{v4} is refused but {form} reaches it"
        );
    }
}

/// A target body.
pub type Target = fn(&[u8]);

/// Every target by name (for the smoke test and the corpus layout).
pub const TARGETS: &[(&str, Target)] = &[
    ("recipe_body", recipe_body),
    ("ingredient_body", ingredient_body),
    ("analyze_body", analyze_body),
    ("export_label", export_label),
    ("label_pipeline", label_pipeline),
    ("sign_up_body", sign_up_body),
    ("webhook_url", webhook_url),
    ("import_file", import_file),
];

/// `POST /v1/imports` files: the first byte picks CSV (even) or .xlsx (odd), the rest is the
/// file. Reading and checking give recipes or problems, never a panic, and what they give
/// holds together: each recipe has one row per entry, rows past the header, problems
/// bounded.
pub fn import_file(data: &[u8]) {
    use nls_command::import::{self, sheet};
    let Some((&pick, file)) = data.split_first() else {
        return;
    };
    let read = if pick % 2 == 0 {
        sheet::read_csv(file)
    } else {
        sheet::read_xlsx(file)
    };
    let Ok(sheet) = read else {
        return;
    };
    assert!(sheet.rows.len() <= sheet::MAX_ROWS + 1);
    let Ok(plan) = import::plan(&sheet) else {
        return;
    };
    assert!(plan.problems.listed.len() <= import::MAX_PROBLEMS);
    let header = sheet.rows.first().map_or(0, |r| r.number);
    for recipe in &plan.recipes {
        let entries = recipe.change.entries.as_ref().map_or(0, Vec::len);
        assert!(entries > 0 && entries == recipe.rows.len());
        assert!(recipe.rows.iter().all(|row| *row > header));
    }
}
