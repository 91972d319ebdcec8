//! `POST /v1/analyze`: a label, its claims and how each entry resolved; nothing is saved.

use axum::extract::State;
use axum::Json;
use nls_events::RecipeState;
use nls_nutrition::fop::Facts;
use nls_nutrition::package::Package;
use nls_readmodel::extras::{self, FoodBody, PreparedBody};
use nls_readmodel::lazy_conn::LazyConn;
use nls_readmodel::requests::{EntryBody, RecipeBody, RecipeChange};
use nls_readmodel::{bounds, derive, resolve, views};
use nls_web::{ApiError, ApiJson, ApiQuery, Caller, JsonFields};
use serde::{Deserialize, Serialize};
use serde_json::json;
use serde_json::value::RawValue;

use crate::http::QueryState;
use crate::labels::{FormatLabel, LabelProblem};

/// The analysis request (spec §2.3 plus `racc_g`).
///
/// `servings` and `ingredients` are required, except for `us.aggr`, which takes `foods`
/// instead. `label_format` `us.auto` picks the first layout the `package` allows in FDA's
/// order of preference among the formats the catalog holds and the plan may use.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = AnalysisRequest)]
pub struct AnalyzeBody {
    /// A format id or alias of `GET /v1/formats`, or `us.auto` (default `standard`).
    #[schema(examples("standard", "eu-1169", "us.auto"))]
    pub label_format: Option<String>,
    #[schema(minimum = 0.001)]
    pub servings: Option<f64>,
    #[schema(minimum = 0.001)]
    pub serving_weight_g: Option<f64>,
    #[schema(examples("1 cup"))]
    pub serving_size_text: Option<String>,
    #[schema(min_items = 1, max_items = 200)]
    pub ingredients: Option<Vec<EntryBody>>,
    /// The reference amount customarily consumed, grams: nutrient content claims are
    /// judged per it (21 CFR 101.13, 101.12(b)); without it (or `package.racc_category`)
    /// no claim is judged and `claims_withheld` says why.
    #[schema(exclusive_minimum = 0, maximum = 100000)]
    pub racc_g: Option<f64>,
    /// The package: which layouts it allows and requires, the RACC category claims use.
    pub package: Option<Package>,
    /// What preparing the food adds (the as-prepared column of `us.v.dual-prep`).
    pub prepared: Option<PreparedBody>,
    /// The foods of a variety pack (one column each in `us.aggr`); replaces `ingredients`.
    pub foods: Option<Vec<FoodBody>>,
    /// Front-of-pack schemes to compute besides the market's mandatory ones.
    pub front_of_pack: Option<Vec<String>>,
    /// What the recipe does not hold and some schemes need (solid or liquid, density, free
    /// sugars, fruit/vegetable share, sweeteners, caffeine, category).
    pub front_of_pack_facts: Option<Facts>,
    /// More markets at once: the label in each of these formats too (`labels`).
    pub label_formats: Option<Vec<String>>,
    /// Voluntary nutrients to declare (nutrient keys), as a recipe's.
    pub voluntary_nutrients: Option<Vec<String>>,
}

impl JsonFields for AnalyzeBody {
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
    ];
}

/// The analysis query string.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AnalyzeParams {
    /// `true`: refuse with 422 `incomplete_nutrient_data` (details: the label's
    /// `missing`) when the label declares a nutrient some ingredient's data lacks, instead
    /// of answering with a label that says so in `missing` and `warnings`.
    #[serde(default)]
    #[param(default = false)]
    pub strict: bool,
    /// Front-of-pack schemes to compute besides the mandatory ones of the label's market,
    /// comma-separated (`uk.fop.tl,eu.fop.nutriscore`); added to the body's
    /// `front_of_pack`. Unknown ids: 400 `validation_failed`.
    #[param(example = "uk.fop.tl,eu.fop.nutriscore")]
    pub fop: Option<String>,
}

/// `POST /v1/analyze`'s answer.
// Members in the order the API has always sent them in (alphabetical, as the JSON objects
// they replaced serialised).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = AnalysisResult)]
pub struct Analysis {
    /// The nutrient content claims the food qualifies for, judged per the reference amount
    /// (`racc_g`, or the RACC of `package.racc_category`; 21 CFR 101.13, 101.12(b)).
    /// Without one: `[]` and `claims_withheld` says why.
    pub claims: Vec<nls_nutrition::claims::Claim>,
    /// Present when claims would be judged (US-family labels) but no reference amount was
    /// given: why `claims` is empty and what to give.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claims_withheld: Option<&'static str>,
    /// Cost of the ingredients when every one has a cost, else null.
    pub cost: Option<f64>,
    /// How each entry resolved.
    pub ingredients: Vec<ResolvedEntry>,
    // The label, for reformulation's checks; the response carries `label_json`.
    #[serde(skip)]
    pub label: nls_nutrition::Label,
    // `label` as JSON, serialised once: measured against the size limit, then written into
    // the response as it is (a second serialisation was a tenth of an analysis).
    /// The label in the format asked for.
    #[serde(rename = "label")]
    #[schema(value_type = nls_nutrition::Label)]
    pub label_json: Box<RawValue>,
    /// With `label_formats`: the label in each of those formats.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub labels: Option<Vec<FormatLabel>>,
}

/// How one entry of an analysis resolved.
// Members in the order the API has always sent them in (alphabetical, as the JSON objects
// they replaced serialised).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ResolvedEntry {
    /// In an aggregate analysis (`us.aggr`): the food (column) the entry belongs to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub food: Option<String>,
    pub grams: f64,
    pub ingredient_id: String,
    pub label_name: String,
    pub name: String,
    /// The line's nutrient overrides per 100 g, when it has any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nutrients: Option<std::collections::BTreeMap<String, f64>>,
    /// What the entry resolved to: the database food's description, or the custom
    /// ingredient's or sub-recipe's name.
    pub resolved_name: String,
    /// Where it resolved (absent for the lines of a stored recipe in an aggregate).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<resolve::Source>,
}

impl ResolvedEntry {
    fn of(
        line: &derive::ResolvedLine,
        source: Option<resolve::Source>,
        food: Option<&str>,
    ) -> Self {
        Self {
            food: food.map(str::to_owned),
            grams: line.grams,
            ingredient_id: line.ingredient_id.clone(),
            label_name: line.label_name.clone(),
            name: line.name.clone(),
            nutrients: line.nutrients.clone(),
            resolved_name: line.resolved_name.clone(),
            source,
        }
    }
}

/// Compute a label and claims; nothing is saved
#[utoipa::path(post, path = "/v1/analyze", tag = "Analyze", operation_id = "analyze",
    params(AnalyzeParams),
    request_body(content = AnalyzeBody, examples(("oat_bar" = (value = json!({
        "label_format": "standard", "servings": 4, "serving_weight_g": 50,
        "ingredients": [{"name": "rolled oats", "grams": 150}, {"name": "honey", "grams": 50}]}))))),
    responses((status = 200, description = "The label, claims and how each entry resolved.", body = Analysis)),
    security(("apiKey" = []), ("appSession" = [])))]
#[tracing::instrument(skip_all, fields(account_id = %caller.account_id))]
pub async fn analyze(
    State(app): State<QueryState>,
    caller: Caller,
    ApiQuery(params): ApiQuery<AnalyzeParams>,
    body: ApiJson<AnalyzeBody>,
) -> Result<Json<Analysis>, ApiError> {
    run(&app, &caller, &params, body.value).await.map(Json)
}

/// The analysis of one request body: what `POST /v1/analyze` answers, and what
/// reformulation re-derives each candidate with (one path, so a candidate's label is the
/// label analyze would print for it).
pub async fn run(
    app: &QueryState,
    caller: &Caller,
    params: &AnalyzeParams,
    body: AnalyzeBody,
) -> Result<Analysis, ApiError> {
    let also = match &body.label_formats {
        Some(ids) => {
            let params = crate::labels::LabelsParams {
                formats: Some(ids.join(",")),
                countries: None,
            };
            crate::labels::requested(&params, &caller.plan)?
                .into_iter()
                .map(|(f, _)| f)
                .collect()
        }
        None => Vec::new(),
    };
    let mut fop = nls_web::fop::scheme_ids(
        "front_of_pack",
        body.front_of_pack.as_deref().unwrap_or_default(),
    )?;
    for id in nls_web::fop::scheme_param("fop", params.fop.as_deref())? {
        if !fop.contains(&id) {
            fop.push(id);
        }
    }
    let facts = nls_web::fop::facts("front_of_pack_facts", body.front_of_pack_facts)?;
    let racc_g = match body.racc_g {
        Some(r) if !(r.is_finite() && r > 0.0 && r <= 100_000.0) => {
            return Err(ApiError::validation(
                "racc_g",
                "must be a number of grams greater than 0",
            ))
        }
        other => other,
    };
    if let Some(p) = &body.package {
        extras::validate_package(p)?;
    }
    // The package's category gives the RACC claims use, unless racc_g says otherwise.
    let racc_g = racc_g.or_else(|| body.package.as_ref().and_then(Package::racc_g));
    let asked = body
        .label_format
        .clone()
        .unwrap_or_else(|| "standard".into());
    let (format, chosen) = if nls_web::formats::is_auto(&asked) {
        let f = nls_web::formats::auto_format(body.package.as_ref(), &caller.plan)?;
        (f, Some(f.id.clone()))
    } else {
        (
            nls_web::formats::label_format_for("label_format", &asked, &caller.plan)?,
            None,
        )
    };
    let prepared = match body.prepared {
        Some(_) if !format.has_prepared_column() => {
            return Err(ApiError::validation(
                "prepared",
                format!(
                    "label format {:?} has no as-prepared column (use us.v.dual-prep)",
                    format.id
                ),
            ))
        }
        Some(p) => Some(p.validate()?),
        None if format.has_prepared_column() => {
            return Err(ApiError::validation(
                "prepared",
                format!(
                    "label format {:?} declares the food as prepared (21 CFR 101.9(e)): give \
                     prepared.ingredients, what preparing the recipe adds",
                    format.id
                ),
            ))
        }
        None => None,
    };
    // Taken only if something must be read: an analysis of database foods by name, with the
    // account's names held in memory, reads nothing.
    let mut db = LazyConn::new(&app.pool);

    if format.has_food_columns() || body.foods.is_some() {
        if !format.has_food_columns() {
            return Err(ApiError::validation(
                "foods",
                format!(
                    "label format {:?} has one column of amounts; foods are for the \
                     aggregate format us.aggr",
                    format.id
                ),
            ));
        }
        if body.ingredients.is_some() {
            return Err(ApiError::validation(
                "ingredients",
                "an aggregate label takes its ingredients from foods[].ingredients",
            ));
        }
        let Some(foods) = body.foods else {
            return Err(ApiError::validation(
                "foods",
                format!(
                    "label format {:?} sets one column per food of a variety pack (21 CFR \
                     101.9(d)(13)(ii)): give 2 to {} foods",
                    format.id,
                    extras::MAX_FOODS
                ),
            ));
        };
        let foods = extras::validate_foods(foods)?;
        let mut inputs = Vec::with_capacity(foods.len());
        let mut ingredients = Vec::new();
        for (i, food) in foods.into_iter().enumerate() {
            let (name, state, resolved, root) = match food {
                extras::FoodChange::Given { name, change } => {
                    let entries = change.entries.clone().unwrap_or_default();
                    let resolved =
                        resolve::resolve(db.get().await?, caller.account_id, &entries).await?;
                    let state = analysis_state(&change, &resolved, &name);
                    (name, state, Some(resolved), "rcp_analysis".to_string())
                }
                extras::FoodChange::Stored { recipe_id, name } => {
                    let row = views::load_recipe(db.get().await?, caller.account_id, &recipe_id)
                        .await
                        .map_err(ApiError::internal)?
                        .ok_or_else(|| {
                            ApiError::validation(
                                &format!("foods[{i}].recipe_id"),
                                "no recipe of the account has this id",
                            )
                        })?;
                    // The recipe's own fields, computed as one standard column.
                    let state = derive::as_pack_food(row.state);
                    (
                        name.unwrap_or_else(|| state.name.clone()),
                        state,
                        None,
                        recipe_id,
                    )
                }
            };
            let derived =
                derive::derive_input(&mut db, caller.account_id, &root, &state, None).await?;
            bounds::check_final_weight(&state, derived.extent.solids_g)?;
            match &resolved {
                Some(resolved) => {
                    ingredients.extend(describe(&derived.lines, resolved, Some(&name)))
                }
                None => ingredients.extend(
                    derived
                        .lines
                        .iter()
                        .map(|line| ResolvedEntry::of(line, None, Some(&name)))
                        .map(|mut entry| {
                            // A stored recipe's lines are listed without their overrides.
                            entry.nutrients = None;
                            entry
                        }),
                ),
            }
            inputs.push(nls_nutrition::Food {
                name,
                recipe: derived.input,
            });
        }
        let extras = nls_nutrition::Extras {
            package: body.package.as_ref(),
            chosen,
            ..Default::default()
        };
        let mut label = nls_nutrition::compute_aggregate(&inputs, format, &extras)
            .map_err(derive::DeriveError::Label)?;
        nls_web::fop::attach(&mut label, &fop, &facts, racc_g, "fop")?;
        let label_json = sized_json(&label)?;
        if params.strict {
            nls_readmodel::api_error::require_complete(&json!({ "missing": label.missing }))?;
        }
        // Claims are made per food, never for the pack as a whole.
        return Ok(Analysis {
            claims: Vec::new(),
            claims_withheld: None,
            cost: None,
            ingredients,
            label,
            label_json,
            labels: None,
        });
    }

    // The same field rules as a recipe; an analysis has no name of its own.
    let change = RecipeBody {
        name: Some("analysis".into()),
        servings: body.servings,
        serving_weight_g: body.serving_weight_g.map(Some),
        serving_size_text: body.serving_size_text.map(Some),
        label_format: Some("standard".into()),
        ingredients: body.ingredients,
        voluntary_nutrients: body.voluntary_nutrients.map(Some),
        ..RecipeBody::default()
    }
    .validate(true)?;
    let entries = change.entries.clone().unwrap_or_default();
    let names = resolve::cached_names(app.auth.as_ref(), &mut db, caller.account_id).await?;
    let resolved = match names
        .as_deref()
        .and_then(|names| resolve::resolve_by_names(names, &entries))
    {
        Some(resolved) => resolved?,
        None => resolve::resolve(db.get().await?, caller.account_id, &entries).await?,
    };
    // Derived in the standard format (one way to build a label's input), then computed in the
    // format asked for with what it takes beyond the recipe.
    let state = analysis_state(&change, &resolved, "analysis");
    // Only the label's input: the label is computed once, below, in the format asked for.
    let derived =
        derive::derive_input(&mut db, caller.account_id, "rcp_analysis", &state, racc_g).await?;
    bounds::check_final_weight(&state, derived.extent.solids_g)?;
    let added = match &prepared {
        Some(entries) => {
            let lines = resolve::resolve(db.get().await?, caller.account_id, entries).await?;
            let additions = RecipeChange {
                servings: Some(1.0),
                ..RecipeChange::default()
            };
            let add_state = analysis_state(&additions, &lines, "prepared");
            derive::derive_input(&mut db, caller.account_id, "rcp_prepared", &add_state, None)
                .await?
                .input
                .ingredients
        }
        None => Vec::new(),
    };
    let extras = nls_nutrition::Extras {
        prepared: &added,
        package: body.package.as_ref(),
        chosen,
        liquid_density_g_per_ml: facts
            .state
            .filter(|s| *s == nls_nutrition::fop::State::Liquid)
            .and(facts.density_g_per_ml),
        liquid: facts.state == Some(nls_nutrition::fop::State::Liquid),
    };
    let mut label = nls_nutrition::compute_label_with(&derived.input, format, &extras)
        .map_err(derive::DeriveError::Label)?;
    nls_web::fop::attach(&mut label, &fop, &facts, racc_g, "fop")?;
    let label_json = sized_json(&label)?;
    if params.strict {
        nls_readmodel::api_error::require_complete(&json!({ "missing": label.missing }))?;
    }
    let claims = nls_nutrition::claims(&derived.input, &label);
    let ingredients = describe(&derived.lines, &resolved, None);
    let claims_withheld = nls_nutrition::claims::racc_missing(&derived.input, &label)
        .then_some(nls_nutrition::claims::RACC_NEEDED);
    let labels = body.label_formats.is_some().then(|| {
        // Each market's label from the same resolved recipe, under its own law.
        also.iter()
            .map(|f| {
                let computed = nls_nutrition::compute_label_with(&derived.input, f, &extras)
                    .map_err(derive::DeriveError::Label)
                    .and_then(|mut label| {
                        label.front_of_pack = nls_nutrition::fop::front_of_pack(
                            &label,
                            &fop,
                            &facts,
                            racc_g,
                            &nls_web::fop::today_utc(),
                        )
                        .map_err(|e| derive::DeriveError::FrontOfPack(e.to_string()))?;
                        Ok(label)
                    });
                FormatLabel::of(&f.id, computed.map_err(|err| LabelProblem::from(&err)))
            })
            .collect()
    });
    Ok(Analysis {
        claims,
        claims_withheld,
        cost: derived.cost,
        ingredients,
        label,
        label_json,
        labels,
    })
}

/// The recipe state an analysis derives: the validated fields and resolved lines.
fn analysis_state(
    change: &RecipeChange,
    resolved: &[(nls_events::recipe::IngredientLine, resolve::Source)],
    name: &str,
) -> RecipeState {
    RecipeState {
        version: 0,
        name: name.into(),
        servings: change.servings.unwrap_or(1.0),
        serving_weight_g: change.serving_weight_g,
        serving_size_text: change.serving_size_text.clone(),
        label_format: "standard".into(),
        ingredients: resolved.iter().map(|(line, _)| line.clone()).collect(),
        voluntary_nutrients: change.voluntary_nutrients.clone().unwrap_or_default(),
        ..Default::default()
    }
}

/// How each entry resolved (with its food's name in an aggregate analysis).
fn describe(
    lines: &[derive::ResolvedLine],
    resolved: &[(nls_events::recipe::IngredientLine, resolve::Source)],
    food: Option<&str>,
) -> Vec<ResolvedEntry> {
    lines
        .iter()
        .zip(resolved)
        .map(|(line, (_, source))| ResolvedEntry::of(line, Some(*source), food))
        .collect()
}

/// The label's JSON, once it meets the label size limit every derived label meets.
fn sized_json(label: &nls_nutrition::Label) -> Result<Box<RawValue>, ApiError> {
    let json = serde_json::value::to_raw_value(label).map_err(ApiError::internal)?;
    bounds::TooLarge::check(bounds::Limit::LabelBytes, json.get().len() as u64)
        .map_err(|e| ApiError::from(derive::DeriveError::TooLarge(e)))?;
    Ok(json)
}
