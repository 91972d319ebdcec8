//! The catalog of formats, regimes, terms and layouts: every data file under
//! `nutrition/data/` embedded at compile time (build.rs lists them), parsed and validated once.
//! A format is resolved against its regime and the terms of each of its languages, so a
//! [`Format`] carries everything computing and drawing its label needs.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use crate::format::{
    is_date, Amounts, Basis, Declare, Format, FormatFile, LayoutSpec, Section, PLANS, STATUSES,
};
use crate::regime::{allergen_term, Regime, RegimeFile};
use crate::terms::Terms;

include!(concat!(env!("OUT_DIR"), "/data_files.rs"));

/// Why the data files do not make a catalog. The message names the file and the problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {problem}")]
pub struct DataError {
    /// The data file (`formats/us.json`).
    pub file: String,
    /// What is wrong with it.
    pub problem: String,
}

fn data_error(file: &str, problem: impl Into<String>) -> DataError {
    DataError {
        file: file.to_string(),
        problem: problem.into(),
    }
}

/// Every format, regime, terms table and layout, validated.
#[derive(Debug, Clone, PartialEq)]
pub struct Catalog {
    formats: Vec<Format>,
    /// Each format's position by its id and by each alias (names are unique, see `load`):
    /// looked up for every label file served, where a scan of every format's names showed.
    by_name: std::collections::HashMap<String, usize>,
    regimes: Vec<Regime>,
    terms: Vec<Terms>,
    layouts: BTreeMap<String, LayoutSpec>,
    /// Every top-level label field some format's JSON uses.
    wire_keys: BTreeSet<String>,
}

/// A data file given as text: its kind (`formats`, `regimes`, `terms`, `layouts`), its name
/// (for messages) and its contents.
pub type Source<'a> = (&'a str, &'a str, &'a str);

impl Catalog {
    /// The embedded data files.
    pub fn embedded_sources() -> &'static [Source<'static>] {
        DATA_FILES
    }

    /// Parses and validates `sources` (the embedded files, plus any a caller adds).
    pub fn load(sources: &[Source<'_>]) -> Result<Catalog, DataError> {
        let mut format_files = Vec::new();
        let mut regimes: Vec<Regime> = Vec::new();
        let mut terms: Vec<Terms> = Vec::new();
        let mut layouts: BTreeMap<String, LayoutSpec> = BTreeMap::new();
        for (kind, name, text) in sources {
            let file = format!("{kind}/{name}");
            let parse_error = |e: serde_json::Error| data_error(&file, e.to_string());
            match *kind {
                "formats" => {
                    let f: FormatFile = serde_json::from_str(text).map_err(parse_error)?;
                    format_files.push((file, f));
                }
                "regimes" => {
                    let r: RegimeFile = serde_json::from_str(text).map_err(parse_error)?;
                    let r = r.resolve().map_err(|e| data_error(&file, e))?;
                    if regimes.iter().any(|x| x.id == r.id) {
                        return Err(data_error(&file, format!("regime {:?} twice", r.id)));
                    }
                    regimes.push(r);
                }
                "terms" => {
                    let t: Terms = serde_json::from_str(text).map_err(parse_error)?;
                    if !is_language(&t.language) {
                        return Err(data_error(
                            &file,
                            "language must be ISO 639-1 (two letters)",
                        ));
                    }
                    if terms
                        .iter()
                        .any(|x| x.language == t.language && x.regime == t.regime)
                    {
                        return Err(data_error(&file, "terms of this language and regime twice"));
                    }
                    t.check_source_kinds().map_err(|e| data_error(&file, e))?;
                    // A language reads one way whatever the regime.
                    if terms
                        .iter()
                        .any(|x| x.language == t.language && x.direction != t.direction)
                    {
                        return Err(data_error(
                            &file,
                            "direction differs from another terms file of this language",
                        ));
                    }
                    terms.push(t);
                }
                "layouts" => {
                    let l: BTreeMap<String, LayoutSpec> =
                        serde_json::from_str(text).map_err(parse_error)?;
                    layouts.extend(l);
                }
                other => return Err(data_error(&file, format!("unknown kind {other:?}"))),
            }
        }
        let mut formats: Vec<Format> = Vec::new();
        for (file, f) in format_files {
            let format =
                resolve(f, &regimes, &terms, &layouts).map_err(|e| data_error(&file, e))?;
            for name in std::iter::once(&format.id).chain(&format.aliases) {
                if formats.iter().any(|other| other.is_named(name)) {
                    return Err(data_error(&file, format!("format id {name:?} is taken")));
                }
            }
            formats.push(format);
        }
        let wire_keys = formats.iter().flat_map(crate::format::wire_keys).collect();
        let by_name = formats
            .iter()
            .enumerate()
            .flat_map(|(at, f)| {
                std::iter::once(&f.id)
                    .chain(&f.aliases)
                    .map(move |n| (n.clone(), at))
            })
            .collect();
        Ok(Catalog {
            formats,
            by_name,
            regimes,
            terms,
            layouts,
            wire_keys,
        })
    }

    /// The embedded catalog plus `extra` files (a format added from data alone).
    pub fn with(extra: &[Source<'_>]) -> Result<Catalog, DataError> {
        let mut sources: Vec<Source<'_>> = DATA_FILES.to_vec();
        sources.extend_from_slice(extra);
        Catalog::load(&sources)
    }

    /// The format named `id` (its id or an alias).
    pub fn format(&self, id: &str) -> Option<&Format> {
        self.by_name.get(id).and_then(|&at| self.formats.get(at))
    }

    /// Every format, in file order.
    pub fn formats(&self) -> &[Format] {
        &self.formats
    }

    /// Every regime.
    pub fn regimes(&self) -> &[Regime] {
        &self.regimes
    }

    /// Every terms table.
    pub fn terms(&self) -> &[Terms] {
        &self.terms
    }

    /// Every layout.
    pub fn layouts(&self) -> &BTreeMap<String, LayoutSpec> {
        &self.layouts
    }

    /// Whether some format's label JSON has the top-level field `key`.
    pub(crate) fn is_wire_key(&self, key: &str) -> bool {
        self.wire_keys.contains(key)
    }
}

/// The gluten cereals the data records by their English names (Reg. (EU) 1169/2011
/// Annex II point 1; [`crate::allergen`]'s species), which a statement in another language
/// names in its own words (`cereal.<name>`).
pub const GLUTEN_CEREALS: [&str; 4] = ["wheat", "rye", "barley", "oats"];

static EMBEDDED: OnceLock<Result<Catalog, DataError>> = OnceLock::new();

/// The embedded catalog, loaded on first use. An error here is a defect of a data file, which
/// the crate's tests refuse before it ships.
pub fn catalog() -> Result<&'static Catalog, &'static DataError> {
    EMBEDDED.get_or_init(|| Catalog::load(DATA_FILES)).as_ref()
}

/// The embedded format named `id` (its id or an alias).
pub fn format(id: &str) -> Option<&'static Format> {
    catalog().ok()?.format(id)
}

/// Every embedded format.
pub fn formats() -> &'static [Format] {
    catalog().map(Catalog::formats).unwrap_or(&[])
}

fn is_language(s: &str) -> bool {
    s.len() == 2 && s.bytes().all(|b| b.is_ascii_lowercase())
}

fn is_country(s: &str) -> bool {
    s.len() == 2 && s.bytes().all(|b| b.is_ascii_uppercase())
}

/// Common top-level fields of every label object.
const COMMON_FIELDS: [&str; 9] = [
    "format",
    "serving_size",
    "servings_per_container",
    "ingredient_statement",
    "allergens",
    "contains_statement",
    "display",
    "unrounded",
    "notes",
];

fn resolve(
    f: FormatFile,
    regimes: &[Regime],
    terms: &[Terms],
    layouts: &BTreeMap<String, LayoutSpec>,
) -> Result<Format, String> {
    if f.id.trim().is_empty() || f.name.trim().is_empty() || f.family.trim().is_empty() {
        return Err("id, name and family must not be empty".into());
    }
    if f.countries.is_empty() || !f.countries.iter().all(|c| is_country(c)) {
        return Err("countries must be ISO 3166-1 alpha-2 codes (at least one)".into());
    }
    if f.languages.is_empty() || !f.languages.iter().all(|l| is_language(l)) {
        return Err("languages must be ISO 639-1 codes (at least one)".into());
    }
    if !STATUSES.contains(&f.status.as_str()) {
        return Err(format!("status must be one of {STATUSES:?}"));
    }
    if !PLANS.contains(&f.plan.as_str()) {
        return Err(format!("plan must be one of {PLANS:?}"));
    }
    for date in [&f.in_force_from, &f.in_force_until].into_iter().flatten() {
        if !is_date(date) {
            return Err(format!("{date:?} is not a date YYYY-MM-DD"));
        }
    }
    if f.citation.instrument.trim().is_empty() || f.citation.article.trim().is_empty() {
        return Err("citation needs an instrument and an article".into());
    }
    let regime = regimes
        .iter()
        .find(|r| r.id == f.regime)
        .ok_or_else(|| format!("unknown regime {:?}", f.regime))?
        .clone();
    let layout = layouts
        .get(&f.layout)
        .ok_or_else(|| format!("unknown layout {:?}", f.layout))?;
    if !(layout.columns.min..=layout.columns.max).contains(&f.columns.len()) {
        return Err(format!(
            "layout {:?} sets {}..={} columns, the format has {}",
            f.layout,
            layout.columns.min,
            layout.columns.max,
            f.columns.len()
        ));
    }
    let mut column_ids = BTreeSet::new();
    for c in &f.columns {
        if c.id.is_empty() || !column_ids.insert(c.id.as_str()) {
            return Err(format!("column id {:?} is empty or repeated", c.id));
        }
        if COMMON_FIELDS.contains(&c.id.as_str()) {
            return Err(format!("column id {:?} is a label field", c.id));
        }
    }
    let percent_columns = f.columns.iter().filter(|c| c.percent).count();
    if percent_columns > 1
        && !(f.json.percents_by_column && f.json.amounts == Amounts::ColumnBlocks)
    {
        return Err(
            "several columns carry percentages only with column blocks and percents_by_column"
                .into(),
        );
    }
    if f.columns.iter().any(|c| c.basis == Basis::Food)
        && !(f.columns.len() == 1
            && f.json.amounts == Amounts::ColumnBlocks
            && f.json.percents_by_column)
    {
        return Err(
            "a food column (one per food of an aggregate label) is the format's only column, \
             with column blocks and percents_by_column"
                .into(),
        );
    }
    if f.json.amounts == Amounts::TopLevel && f.columns.len() != 1 {
        return Err("top-level amounts need exactly one column".into());
    }
    let mut rows = Vec::with_capacity(f.rows.len());
    let mut keys = BTreeSet::new();
    for r in f.rows {
        if !keys.insert(r.key.clone()) {
            return Err(format!("row {:?} twice", r.key));
        }
        if COMMON_FIELDS.contains(&r.key.as_str()) {
            return Err(format!("row key {:?} is a label field", r.key));
        }
        rows.push(r.resolve()?);
    }
    if rows.is_empty() {
        return Err("a format declares at least one row".into());
    }
    if rows
        .iter()
        .filter(|r| r.style.section == Section::Headline)
        .count()
        > 1
    {
        return Err("at most one headline row".into());
    }
    let mut format_terms = Vec::with_capacity(f.languages.len());
    for language in &f.languages {
        let t = terms
            .iter()
            .find(|t| &t.language == language && t.regime == f.regime)
            .ok_or_else(|| {
                format!(
                    "no terms for language {language:?} of regime {:?}",
                    f.regime
                )
            })?;
        // Every word the layout, the rows, the columns and the regime's statements print.
        let mut needed: Vec<String> = layout.terms.clone();
        if f.json.ingredient_statement_html {
            needed.extend(layout.terms_with_ingredients.iter().cloned());
        }
        needed.extend(rows.iter().map(|r| r.term.clone()));
        needed.extend(
            rows.iter()
                .filter_map(|r| r.style.phrase.as_ref())
                .map(|p| format!("phrase.{p}")),
        );
        needed.extend(
            rows.iter()
                .filter_map(|r| r.also.as_ref())
                .map(|a| a.phrase.clone()),
        );
        if f.json.amounts == Amounts::ColumnBlocks || f.columns.len() > 1 {
            // A food column is headed by each food's name, not by a term.
            let named = f.columns.iter().filter(|c| c.basis != Basis::Food);
            needed.extend(named.clone().map(|c| format!("column.{}", c.id)));
            needed.extend(named.map(|c| format!("column.said.{}", c.id)));
        }
        needed.extend(f.term_overrides.values().cloned());
        // The statement naming what a simplified table leaves off; its list is joined with
        // the language's "list.and" where it has one, else with commas.
        if f.simplified.is_some() {
            needed.push("not_significant".into());
        }
        // The "Contains" statement is printed in every language of the format
        // (21 CFR 101.15(c)(2): every required statement in both languages).
        if let Some(order) = regime.allergens.contains_order.as_ref() {
            needed.push("contains".into());
            needed.extend(order.iter().map(|a| allergen_term(*a)));
        }
        // Allergen words are printed in the ingredient list's HTML, where the format's labels
        // carry one, with its heading; a cereal the data records in English ("barley") is
        // named in the list's own language (Annex II point 1 names the cereal).
        if regime.allergens.emphasise_in_ingredients && f.json.ingredient_statement_html {
            needed.push("ingredients".into());
            needed.extend(regime.allergens.declare.iter().map(|a| allergen_term(*a)));
            if language != "en" && regime.requires_allergen(crate::Allergen::Gluten) {
                needed.extend(GLUTEN_CEREALS.iter().map(|c| format!("cereal.{c}")));
            }
            // Only the required names are emphasised: each declared allergen has them.
            if regime.allergens.required_names_only.is_some() {
                needed.extend(
                    regime
                        .allergens
                        .declare
                        .iter()
                        .map(|a| format!("required_name.{}", a.code())),
                );
            }
        }
        // The term the sugars-based ingredients follow, in every language's list.
        if regime.ingredient_list.group_sugars {
            needed.push("ingredients.sugars".into());
        }
        if let Some(missing) = needed.iter().find(|k| t.get(k).is_none_or(str::is_empty)) {
            return Err(format!(
                "terms {}.{} lack {missing:?}",
                t.language, t.regime
            ));
        }
        format_terms.push(t.clone());
    }
    if let Some(s) = &f.simplified {
        if let Some(k) = s
            .counted
            .iter()
            .find(|k| !rows.iter().any(|r| &r.key == *k))
        {
            return Err(format!("simplified counts {k:?}, which is not a row"));
        }
        if s.min_insignificant == 0 || s.min_insignificant > s.counted.len() {
            return Err("simplified.min_insignificant must be within 1..=counted".into());
        }
        if s.source.trim().is_empty() {
            return Err("simplified needs a source".into());
        }
    }
    // `together` rows need the format's threshold, and a threshold needs such rows.
    let together_rows = rows.iter().any(|r| r.declare == Declare::Together);
    match &f.together {
        Some(t) if !(t.min_g_per_100g.is_finite() && t.min_g_per_100g > 0.0) => {
            return Err("together.min_g_per_100g must be positive".into());
        }
        Some(t) if t.source.trim().is_empty() => return Err("together needs a source".into()),
        Some(_) if !together_rows => return Err("together without a together row".into()),
        None if together_rows => return Err("a together row needs the format's together".into()),
        _ => {}
    }
    let label_id = f.label_id.unwrap_or_else(|| f.id.clone());
    if label_id != f.id && !f.aliases.contains(&label_id) {
        return Err(format!("label_id {label_id:?} must be the id or an alias"));
    }
    Ok(Format {
        label_id,
        id: f.id,
        aliases: f.aliases,
        name: f.name,
        family: f.family,
        countries: f.countries,
        languages: f.languages,
        layout: f.layout,
        columns: f.columns,
        energy: f.energy,
        percent_of: f.percent_of,
        json: f.json,
        rows,
        citation: f.citation,
        status: f.status,
        in_force_from: f.in_force_from,
        in_force_until: f.in_force_until,
        plan: f.plan,
        regime,
        terms: format_terms,
        simplified: f.simplified,
        term_overrides: f.term_overrides,
        liquids_per_100ml: f.liquids_per_100ml.map(|l| l.source),
        role: f.role,
        together: f.together,
        notes: f.notes,
    })
}
