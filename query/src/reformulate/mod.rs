//! `POST /v1/recipes/{id}/reformulate` and `POST /v1/reformulate`: the smallest recipe
//! changes whose label meets goals (no warning seal, a nutrient under a number). The solver
//! (`nls-reformulate`) works on linear amounts; every candidate it finds is then computed
//! again by the same path `POST /v1/analyze` takes, and only those whose printed label
//! meets every goal are answered. Nothing is saved.

pub mod answer;
pub mod body;
pub mod goals;
pub mod profiles;

use std::time::Instant;

use axum::extract::{Path, State};
use axum::Json;
use nls_events::RecipeState;
use nls_nutrition::format::Format;
use nls_readmodel::requests::{EntryBody, RecipeBody};
use nls_readmodel::{extras, views};
use nls_reformulate::bounds::SOLVER_BUDGET;
use nls_reformulate::explain::explain_options;
use nls_reformulate::goal::Context;
use nls_reformulate::search::{same, search_options};
use nls_reformulate::{
    explain, search, Food, GoalError, Line, Plan, Problem, Serving, Unreachable, Weight, MARGINS,
};
use nls_web::{ApiError, ApiJson, Caller, ErrorCode, JsonFields};
use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::analyze::{self, AnalyzeBody, AnalyzeParams};
use crate::http::QueryState;
use answer::{Candidate, GoalMet, ReformResult};
use body::{ReformFields, REFORM_FIELDS};
use goals::GoalSpec;

/// `POST /v1/reformulate`: an analysis body (the fields of `POST /v1/analyze`) and the
/// reformulation fields.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = ReformulationRequest)]
pub struct ReformBody {
    #[serde(flatten)]
    pub analysis: AnalyzeBody,
    #[serde(flatten)]
    pub reform: ReformFields,
}

impl JsonFields for ReformBody {
    const ACCEPTED: &'static [&'static str] = &[
        "label_format",
        "servings",
        "serving_weight_g",
        "serving_size_text",
        "ingredients",
        "racc_g",
        "package",
        "prepared",
        "foods",
        "front_of_pack",
        "front_of_pack_facts",
        "label_formats",
        "voluntary_nutrients",
        "goals",
        "constraints",
        "substitutes",
        "costs",
        "candidates",
        "objective",
    ];
}

/// `POST /v1/recipes/{id}/reformulate`: the reformulation fields, and the formats to print
/// each candidate's label in besides the recipe's.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = RecipeReformulationRequest)]
pub struct RecipeReformBody {
    #[serde(flatten)]
    pub reform: ReformFields,
    /// More markets at once: each candidate's label in each of these formats too
    /// (`labels`), at most 4.
    pub label_formats: Option<Vec<String>>,
}

impl JsonFields for RecipeReformBody {
    const ACCEPTED: &'static [&'static str] = &[
        "goals",
        "constraints",
        "substitutes",
        "costs",
        "candidates",
        "objective",
        "label_formats",
    ];
}

/// Reformulate a stored recipe
///
/// The smallest changes to the recipe's grams (or lines replaced by allowed substitutes)
/// whose label meets every goal: no warning mark (`{"scheme": "cl.fop.alto", "without":
/// ["ALTO EN AZÚCARES"]}`), or a nutrient at most a number (`{"nutrient": "sodium_mg",
/// "at_most": 140, "basis": "per_serving"}`). Each line changes by at most
/// `constraints.max_change_pct` % (default 50); up to `candidates` (default 3) candidates,
/// ranked by least total change in grams (`objective` `change`, the default) or least cost
/// (`cost`, prices in `costs`). Every candidate's label is computed as `POST /v1/analyze`
/// computes it and meets every goal as printed. Nothing is saved: apply a candidate by
/// sending its `ingredients` in `PUT /v1/recipes/{id}`. A goal no recipe within the
/// constraints meets: 422 `goal_unreachable` saying which constraint stands in the way.
#[utoipa::path(post, path = "/v1/recipes/{id}/reformulate", tag = "Recipes",
    operation_id = "reformulateRecipe",
    params(("id" = String, Path, description = "Id of the recipe (`rcp_...`); another account's id is 404.", example = "rcp_01962d3b6a8c7f0e9d2b4c5a6e7f8091")),
    request_body(content = RecipeReformBody, examples(("no_sugar_seal" = (value = json!({
        "goals": [{"scheme": "cl.fop.alto", "without": ["ALTO EN AZÚCARES"]}],
        "constraints": {"fixed_lines": [0], "max_change_pct": 40}}))))),
    responses((status = 200, description = "The candidates, best first.", body = ReformResult)),
    security(("apiKey" = []), ("appSession" = [])))]
#[tracing::instrument(skip_all, fields(account_id = %caller.account_id, recipe_id = %id))]
pub async fn reformulate_recipe(
    State(app): State<QueryState>,
    caller: Caller,
    Path(id): Path<String>,
    body: ApiJson<RecipeReformBody>,
) -> Result<Json<ReformResult>, ApiError> {
    if nls_events::RecipeId::parse(&id).is_none() {
        return Err(ApiError::not_found("recipe"));
    }
    let row = {
        let mut conn = app.pool.acquire().await?;
        views::load_recipe(&mut conn, caller.account_id, &id)
            .await
            .map_err(ApiError::internal)?
            .ok_or_else(|| ApiError::not_found("recipe"))?
    };
    let body = body.value;
    let analysis = recipe_analysis(&row.state, body.label_formats.as_deref())?;
    run(&app, &caller, analysis, &body.reform).await.map(Json)
}

/// Reformulate a recipe given whole
///
/// As `POST /v1/recipes/{id}/reformulate`, for a recipe sent as the body of
/// `POST /v1/analyze` (with `ingredients`; not an aggregate of `foods`) together with the
/// reformulation fields. Nothing is saved.
#[utoipa::path(post, path = "/v1/reformulate", tag = "Analyze", operation_id = "reformulate",
    request_body(content = ReformBody, examples(("sodium" = (value = json!({
        "label_format": "standard", "servings": 4,
        "ingredients": [{"name": "rolled oats", "grams": 150}, {"name": "salt", "grams": 3}],
        "goals": [{"nutrient": "sodium_mg", "at_most": 140, "basis": "per_serving"}]}))))),
    responses((status = 200, description = "The candidates, best first.", body = ReformResult)),
    security(("apiKey" = []), ("appSession" = [])))]
#[tracing::instrument(skip_all, fields(account_id = %caller.account_id))]
pub async fn reformulate(
    State(app): State<QueryState>,
    caller: Caller,
    body: ApiJson<ReformBody>,
) -> Result<Json<ReformResult>, ApiError> {
    // The analysis fields as sent, so each candidate is analysed from the same body.
    let mut analysis: Map<String, Value> = serde_json::from_slice(&body.raw)
        .map_err(|e| ApiError::new(ErrorCode::InvalidJson, e.to_string()))?;
    for field in REFORM_FIELDS {
        analysis.remove(*field);
    }
    run(&app, &caller, analysis, &body.value.reform)
        .await
        .map(Json)
}

/// The analysis body of a stored recipe: its own fields, as a client would send them.
fn recipe_analysis(
    state: &RecipeState,
    label_formats: Option<&[String]>,
) -> Result<Map<String, Value>, ApiError> {
    let mut m = Map::new();
    m.insert("label_format".into(), json!(state.label_format));
    m.insert("servings".into(), json!(state.servings));
    if let Some(w) = state.serving_weight_g {
        m.insert("serving_weight_g".into(), json!(w));
    }
    if let Some(t) = &state.serving_size_text {
        m.insert("serving_size_text".into(), json!(t));
    }
    m.insert("ingredients".into(), to(&state.ingredients)?);
    if let Some(p) = &state.package {
        m.insert("package".into(), to(&extras::package_of(p))?);
    }
    if !state.prepared.is_empty() {
        m.insert(
            "prepared".into(),
            json!({ "ingredients": to(&state.prepared)? }),
        );
    }
    if !state.front_of_pack.is_empty() {
        m.insert("front_of_pack".into(), json!(state.front_of_pack));
    }
    if let Some(f) = &state.front_of_pack_facts {
        m.insert("front_of_pack_facts".into(), to(&extras::facts_of(f))?);
    }
    if !state.voluntary_nutrients.is_empty() {
        m.insert(
            "voluntary_nutrients".into(),
            json!(state.voluntary_nutrients),
        );
    }
    if let Some(ids) = label_formats {
        m.insert("label_formats".into(), json!(ids));
    }
    Ok(m)
}

/// A part of the recipe as JSON (a failure is ours, not the client's).
fn to<T: serde::Serialize>(value: &T) -> Result<Value, ApiError> {
    serde_json::to_value(value).map_err(ApiError::internal)
}

/// An analysis body from `analysis` with `ingredients` (when given) in place of its own.
fn analyze_body(
    analysis: &Map<String, Value>,
    ingredients: Option<Vec<Value>>,
) -> Result<AnalyzeBody, ApiError> {
    let mut m = analysis.clone();
    if let Some(entries) = ingredients {
        m.insert("ingredients".into(), Value::Array(entries));
    }
    serde_json::from_value(Value::Object(m))
        .map_err(|e| ApiError::validation("body", e.to_string()))
}

/// Adds `items` to the string array `field` of `m`, without repeats.
fn add_all(m: &mut Map<String, Value>, field: &str, items: impl IntoIterator<Item = String>) {
    let list = m.entry(field).or_insert_with(|| json!([]));
    if let Value::Array(list) = list {
        for item in items {
            if !list.iter().any(|v| v.as_str() == Some(item.as_str())) {
                list.push(Value::String(item));
            }
        }
    }
}

/// The recipe's label format, as analyze chooses it.
fn recipe_format(
    analysis: &Map<String, Value>,
    caller: &Caller,
) -> Result<&'static Format, ApiError> {
    let asked = analysis
        .get("label_format")
        .and_then(Value::as_str)
        .unwrap_or("standard");
    if nls_web::formats::is_auto(asked) {
        let package: Option<nls_nutrition::package::Package> = analysis
            .get("package")
            .map(|p| serde_json::from_value(p.clone()))
            .transpose()
            .map_err(|e| ApiError::validation("package", e.to_string()))?;
        nls_web::formats::auto_format(package.as_ref(), &caller.plan)
    } else {
        nls_web::formats::label_format_for("label_format", asked, &caller.plan)
    }
}

/// A goal the solver cannot turn into limits, as the client's field error.
fn goal_error(i: usize, err: GoalError) -> ApiError {
    let field = match err {
        GoalError::UnknownScheme(_)
        | GoalError::NotWarning { .. }
        | GoalError::NotGraded { .. }
        | GoalError::GradeInputs { .. } => "scheme",
        GoalError::UnknownMark { .. } | GoalError::NotByGrams { .. } => "without",
        GoalError::UnknownGrade { .. } => "grade_at_least",
        GoalError::UnknownClaim { .. } => "claim",
        // The reference amount is the request's, not the goal's.
        GoalError::NeedsRacc { .. } => return ApiError::validation("racc_g", err.to_string()),
    };
    ApiError::validation(&format!("goals[{i}].{field}"), err.to_string())
}

/// 422 `goal_unreachable` from the solver's explanation.
fn unreachable(u: &Unreachable) -> ApiError {
    let binding: Vec<String> = u
        .binding
        .iter()
        .filter_map(|b| serde_json::to_value(b).ok())
        .filter_map(|v| v["constraint"].as_str().map(str::to_owned))
        .collect();
    let message = if u.limit.is_empty() && binding.iter().any(|b| b == "constraints") {
        "the constraints allow no recipe at all, whatever the goals".to_owned()
    } else if u.limit.is_empty() {
        "no recipe the solver found was confirmed by the label engine".to_owned()
    } else {
        let best = u
            .best
            .map_or_else(|| "nothing".to_owned(), |b| format!("{b:.4}"));
        format!(
            "goals[{}] cannot be reached within the constraints: {} must stay below {}, the \
             least reachable is {best}; in the way: {}",
            u.goal,
            u.limit,
            u.below,
            binding.join(", ")
        )
    };
    let details = serde_json::to_value(u).unwrap_or(Value::Null);
    ApiError::new(ErrorCode::GoalUnreachable, message).with_details(details)
}

/// Solves, confirms and answers one reformulation of the recipe `analysis` describes.
async fn run(
    app: &QueryState,
    caller: &Caller,
    mut analysis: Map<String, Value>,
    reform: &ReformFields,
) -> Result<ReformResult, ApiError> {
    if analysis.contains_key("foods") {
        return Err(ApiError::validation(
            "foods",
            "a reformulation changes one recipe's ingredients, not an aggregate of foods",
        ));
    }
    let entries_json: Vec<Value> = analysis
        .get("ingredients")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let asked_formats: Vec<String> = analysis
        .get("label_formats")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    let checked = body::check(reform, entries_json.len(), asked_formats.len())?;
    let format = recipe_format(&analysis, caller)?;
    let specs = goals::parse(&reform.goals, format, &caller.plan)?;
    let solver_goals = specs.iter().map(GoalSpec::solver_goal).collect::<Vec<_>>();
    // The labels the goals are judged on: their schemes computed, their formats printed.
    let requested: Vec<String> = if asked_formats.is_empty() {
        Vec::new()
    } else {
        let params = crate::labels::LabelsParams {
            formats: Some(asked_formats.join(",")),
            countries: None,
        };
        crate::labels::requested(&params, &caller.plan)?
            .into_iter()
            .map(|(f, _)| f.id.clone())
            .collect()
    };
    let mut extra_formats: Vec<&'static Format> = Vec::new();
    for f in specs.iter().filter_map(GoalSpec::extra_format) {
        if !extra_formats.iter().any(|e| e.id == f.id) {
            extra_formats.push(f);
        }
    }
    add_all(
        &mut analysis,
        "front_of_pack",
        specs.iter().filter_map(|s| s.scheme().map(str::to_owned)),
    );
    if !extra_formats.is_empty() {
        add_all(
            &mut analysis,
            "label_formats",
            extra_formats.iter().map(|f| f.id.clone()),
        );
    }
    let params = AnalyzeParams::default();
    let original = analyze::run(app, caller, &params, analyze_body(&analysis, None)?).await?;
    for (i, spec) in specs.iter().enumerate() {
        if spec.nutrient_known(&original) == Some(false) {
            return Err(ApiError::validation(
                &format!("goals[{i}].nutrient"),
                "the label of the goal's format has no amount of this nutrient",
            ));
        }
    }

    // The lines as the engine reads them, and each food's amounts per 100 g.
    let entry_bodies: Vec<EntryBody> =
        serde_json::from_value(Value::Array(entries_json.clone()))
            .map_err(|e| ApiError::validation("ingredients", e.to_string()))?;
    let change = RecipeBody {
        name: Some("analysis".into()),
        servings: Some(1.0),
        label_format: Some("standard".into()),
        ingredients: Some(entry_bodies),
        ..RecipeBody::default()
    }
    .validate(true)?;
    let entries = change.entries.unwrap_or_default();
    let mut formats: Vec<&Format> = vec![format];
    formats.extend(extra_formats.iter().copied());
    let profiles = {
        let mut conn = app.pool.acquire().await?;
        profiles::profile(
            &mut conn,
            caller.account_id,
            &entries,
            &checked.substitutes,
            &formats,
        )
        .await?
    };
    let cost_of = |id: &str| checked.cost_per_g.get(id).copied();
    let lines: Vec<Line> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let id = original
                .ingredients
                .get(i)
                .map(|r| r.ingredient_id.clone())
                .unwrap_or_default();
            Line {
                grams: e.grams,
                food: Food {
                    cost_per_g: cost_of(&id),
                    id,
                    per_100g: profiles.lines[i].clone(),
                },
                substitutes: profiles
                    .substitutes
                    .get(&i)
                    .into_iter()
                    .flatten()
                    .map(|(id, p)| Food {
                        id: id.clone(),
                        per_100g: p.clone(),
                        cost_per_g: cost_of(id),
                    })
                    .collect(),
            }
        })
        .collect();
    let servings = analysis
        .get("servings")
        .and_then(Value::as_f64)
        .unwrap_or(1.0);
    let serving_g = analysis.get("serving_weight_g").and_then(Value::as_f64);
    let (weight, serving) = match serving_g {
        Some(g) => (Weight::Fixed(servings * g), Serving::Grams(g)),
        None => (Weight::Total, Serving::Count(servings)),
    };
    let facts = match analysis.get("front_of_pack_facts") {
        Some(f) => serde_json::from_value(f.clone())
            .map_err(|e| ApiError::validation("front_of_pack_facts", e.to_string()))?,
        None => nls_nutrition::fop::Facts::default(),
    };
    let product = nls_nutrition::fop::Product::from_label(&original.label, None, facts);
    let date = nls_web::fop::today_utc();
    // Claims are judged per RACC: the request's, else its package category's (as analyze).
    let racc_g = analysis.get("racc_g").and_then(Value::as_f64).or_else(|| {
        analysis
            .get("package")
            .and_then(|p| serde_json::from_value::<nls_nutrition::package::Package>(p.clone()).ok())
            .and_then(|p| p.racc_g())
    });
    let ctx = Context {
        format: &format.id,
        product: &product,
        date: &date,
        serving,
        racc_g,
    };
    // Goals that are one set of limits join the program; a grade is met by any one of
    // several sets (alternatives), tried in combinations by the solver.
    let mut limits = Vec::new();
    let mut alternatives = Vec::new();
    for (i, goal) in solver_goals.iter().enumerate() {
        let mut options = goal.options(i, &ctx).map_err(|e| goal_error(i, e))?;
        if options.len() == 1 {
            limits.extend(options.pop().unwrap_or_default());
        } else {
            alternatives.push(options);
        }
    }
    let problem = Problem {
        lines,
        weight,
        limits,
        constraints: checked.constraints,
        objective: checked.objective,
    };
    if checked.objective == nls_reformulate::Objective::Cost && !problem.costs_known() {
        let mut missing: Vec<&str> = problem
            .lines
            .iter()
            .flat_map(|l| std::iter::once(&l.food).chain(&l.substitutes))
            .filter(|f| f.cost_per_g.is_none())
            .map(|f| f.id.as_str())
            .collect();
        missing.dedup();
        return Err(ApiError::validation(
            "costs",
            format!(
                "objective cost needs every food's price per kg; missing: {}",
                missing.join(", ")
            ),
        ));
    }

    // Solve at each margin in turn until enough candidates are confirmed by the engine.
    let want = checked.candidates;
    let deadline = Instant::now() + SOLVER_BUDGET;
    let mut tried: Vec<Plan> = Vec::new();
    let mut confirmed: Vec<(Plan, Candidate)> = Vec::new();
    let mut margin_used = MARGINS[0];
    'margins: for margin in MARGINS {
        margin_used = margin;
        let plans = if alternatives.is_empty() {
            search(&problem, margin, want, deadline)
        } else {
            search_options(&problem, &alternatives, margin, want, deadline)
        };
        if plans.is_empty() {
            // A larger margin only asks for more.
            break;
        }
        for plan in plans {
            let plan = plan.rounded(&problem);
            if tried.iter().any(|p| same(p, &plan)) {
                continue;
            }
            tried.push(plan.clone());
            let (changed, substitutions, ingredients) =
                answer::changes(&problem, &plan, &entries_json);
            // A line at 0 g leaves the recipe (an entry weighs at least 0.001 g).
            let sent: Vec<Value> = ingredients
                .iter()
                .filter(|e| e["grams"].as_f64().is_some_and(|g| g >= 0.001))
                .cloned()
                .collect();
            // A candidate the engine refuses (e.g. more dry matter than the stated final
            // weight) is not one to offer; the next is tried.
            let result = match analyze::run(
                app,
                caller,
                &params,
                analyze_body(&analysis, Some(sent.clone()))?,
            )
            .await
            {
                Ok(result) => result,
                Err(refused) if refused.code().status().is_client_error() => continue,
                Err(other) => return Err(other),
            };
            if !specs.iter().all(|s| s.met_by(&result)) {
                continue;
            }
            let labels = result
                .labels
                .unwrap_or_default()
                .into_iter()
                .filter(|l| requested.contains(&l.format))
                .collect();
            confirmed.push((
                plan.clone(),
                Candidate {
                    lines: changed,
                    substitutions,
                    ingredients: sent,
                    change_g: (plan.change_g * 10.0).round() / 10.0,
                    cost_change: plan.cost_change.map(|c| (c * 100.0).round() / 100.0),
                    goals_met: specs
                        .iter()
                        .enumerate()
                        .map(|(goal, s)| GoalMet {
                            goal,
                            what: s.what(),
                        })
                        .collect(),
                    label: result.label,
                    labels,
                },
            ));
            if confirmed.len() >= want {
                break 'margins;
            }
        }
    }
    if confirmed.is_empty() {
        let deadline = Instant::now() + SOLVER_BUDGET;
        let why = if alternatives.is_empty() {
            explain(&problem, margin_used, deadline)
        } else {
            explain_options(&problem, &alternatives, margin_used, deadline)
        };
        return Err(unreachable(&why));
    }
    let objective = problem.objective;
    confirmed.sort_by(|a, b| a.0.score(objective).total_cmp(&b.0.score(objective)));
    confirmed.truncate(want);
    Ok(ReformResult {
        candidates: confirmed.into_iter().map(|(_, c)| c).collect(),
    })
}
