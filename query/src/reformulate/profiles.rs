//! Each food's amounts per 100 g as the label engine computes them, in every format a goal
//! reads: the engine's own answer for 100 g of the food alone, so the solver's linear
//! amounts are the ones the label will be computed from.

use std::collections::{BTreeMap, BTreeSet};

use nls_events::recipe::IngredientLine;
use nls_events::RecipeState;
use nls_nutrition::format::Format;
use nls_nutrition::{RecipeInput, ResolvedIngredient};
use nls_readmodel::lazy_conn::LazyConn;
use nls_readmodel::resolve::{self, Entry, ResolveError};
use nls_readmodel::{bounds, derive};
use nls_reformulate::Profile;
use nls_web::ApiError;
use sqlx::PgConnection;
use uuid::Uuid;

/// The profiles of a recipe's lines and of their substitutes.
#[derive(Debug)]
pub struct Profiles {
    /// Per line, in order.
    pub lines: Vec<Profile>,
    /// Per substituted line: its substitutes' ids as resolved and their profiles.
    pub substitutes: BTreeMap<usize, Vec<(String, Profile)>>,
}

/// Profiles every line of `entries` (with its own overrides) and every substitute, in
/// `formats`: the foods are resolved and expanded once, together, as the lines of one
/// recipe; then each is computed alone at 100 g.
pub async fn profile(
    conn: &mut PgConnection,
    account_id: Uuid,
    entries: &[Entry],
    substitutes: &BTreeMap<usize, Vec<String>>,
    formats: &[&Format],
) -> Result<Profiles, ApiError> {
    let n = entries.len();
    let mut all: Vec<Entry> = entries
        .iter()
        .map(|e| Entry {
            grams: 100.0,
            ..e.clone()
        })
        .collect();
    // Where each substitute lands in `all`, for error messages: (line, its k-th).
    let mut at: Vec<(usize, usize)> = Vec::new();
    for (&line, ids) in substitutes {
        for (k, id) in ids.iter().enumerate() {
            all.push(Entry {
                ingredient_id: Some(id.clone()),
                name: None,
                label_name: None,
                grams: 100.0,
                nutrients: None,
                added_nutrients: Vec::new(),
                label_names: BTreeMap::new(),
            });
            at.push((line, k));
        }
    }
    let resolved = resolve::resolve(conn, account_id, &all)
        .await
        .map_err(|err| match err {
            ResolveError::UnknownId { index, reference } if index >= n => {
                let (line, k) = at[index - n];
                let k_field = substitutes
                    .keys()
                    .position(|&l| l == line)
                    .unwrap_or_default();
                ApiError::new(
                    nls_web::ErrorCode::UnknownIngredient,
                    format!("substitutes[{k_field}].ingredients[{k}]: {reference} does not exist"),
                )
                .with_details(serde_json::json!([{
                    "field": format!("substitutes[{k_field}].ingredients[{k}]"),
                    "problem": "unknown id"
                }]))
            }
            other => ApiError::from(other),
        })?;
    let lines: Vec<IngredientLine> = resolved.into_iter().map(|(line, _)| line).collect();
    let state = RecipeState {
        name: "profiles".into(),
        servings: 1.0,
        label_format: "standard".into(),
        ingredients: lines.clone(),
        ..Default::default()
    };
    let derived = derive::derive_input(
        &mut LazyConn::held(conn),
        account_id,
        "rcp_reformulate",
        &state,
        None,
    )
    .await?;
    // The engine merges identical lines; find each line's merged ingredient again.
    let merged = bounds::merged_lines(&lines);
    let same = |a: &IngredientLine, b: &IngredientLine| {
        a.ingredient_id == b.ingredient_id
            && a.label_name == b.label_name
            && a.nutrients == b.nutrients
            && a.added_nutrients == b.added_nutrients
    };
    let mut cache: BTreeMap<usize, Profile> = BTreeMap::new();
    let mut profile_of = |line: &IngredientLine| -> Result<Profile, ApiError> {
        let i = merged
            .iter()
            .position(|m| same(m, line))
            .ok_or_else(|| ApiError::internal(std::io::Error::other("profiled line not merged")))?;
        if let Some(p) = cache.get(&i) {
            return Ok(p.clone());
        }
        let ingredient = derived.input.ingredients.get(i).ok_or_else(|| {
            ApiError::internal(std::io::Error::other("profiled line has no input"))
        })?;
        let p = alone(ingredient, formats)?;
        cache.insert(i, p.clone());
        Ok(p)
    };
    let mut out = Profiles {
        lines: Vec::with_capacity(n),
        substitutes: BTreeMap::new(),
    };
    for line in &lines[..n] {
        out.lines.push(profile_of(line)?);
    }
    for (line, (l, _)) in lines[n..].iter().zip(&at) {
        let p = profile_of(line)?;
        out.substitutes
            .entry(*l)
            .or_default()
            .push((line.ingredient_id.clone(), p));
    }
    Ok(out)
}

/// 100 g of `ingredient` alone, one serving: its label's exact per-serving amounts are its
/// amounts per 100 g.
fn alone(ingredient: &ResolvedIngredient, formats: &[&Format]) -> Result<Profile, ApiError> {
    let input = RecipeInput {
        servings: 1.0,
        serving_weight_g: None,
        serving_size_text: None,
        racc_g: None,
        ingredients: vec![ResolvedIngredient {
            grams: 100.0,
            ..ingredient.clone()
        }],
        voluntary_nutrients: BTreeSet::new(),
    };
    let mut by_format = BTreeMap::new();
    for format in formats {
        let label = nls_nutrition::compute_label_with(&input, format, &Default::default())
            .map_err(derive::DeriveError::Label)?;
        by_format.insert(format.id.clone(), label.unrounded);
    }
    Ok(Profile(by_format))
}
