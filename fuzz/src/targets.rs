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

/// A target body.
pub type Target = fn(&[u8]);

/// Every target by name (for the smoke test and the corpus layout).
pub const TARGETS: &[(&str, Target)] = &[
    ("recipe_body", recipe_body),
    ("ingredient_body", ingredient_body),
    ("analyze_body", analyze_body),
    ("export_label", export_label),
    ("label_pipeline", label_pipeline),
];
