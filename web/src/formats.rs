//! Label formats as every role sees them: the one plan rule, the two format errors, and the
//! public representation of `/v1/formats`.
//!
//! A format's data names the lowest plan that may use it (`nutrition/data/formats/*.json`);
//! the plans' entitlements are the `plan` table (API_DECISIONS §9). Writes, analyze, label
//! files, export and the embed all ask [`FormatPlan::allowed_for`] and build their errors here.

use std::collections::BTreeMap;

use nls_nutrition::Format;
use serde::Serialize;

use crate::{ApiError, ErrorCode, Plan};

/// The plan rule of a format.
pub trait FormatPlan {
    /// Whether an account on `plan` may use this format: a format of the free plan is open to
    /// every plan; any other needs a plan with `all_label_formats` ranked at least as high as
    /// the plan the format names.
    fn allowed_for(&self, plan: &Plan) -> bool;
}

/// The rank of a plan id, as in the `plan` table (free 0, professional 1, business 2).
fn rank(plan_id: &str) -> i16 {
    nls_nutrition::format::PLANS
        .iter()
        .position(|p| *p == plan_id)
        .map_or(i16::MAX, |i| i as i16)
}

impl FormatPlan for Format {
    fn allowed_for(&self, plan: &Plan) -> bool {
        let needed = rank(&self.plan);
        needed == 0 || (plan.all_label_formats && plan.rank >= needed)
    }
}

/// Most ids an unknown format's answer suggests.
const SUGGESTIONS: usize = 5;

/// 400 `unknown_label_format`, naming the value (cut to 40 characters), the nearest ids and
/// `GET /v1/formats`: under 1 KB whatever the catalog holds (issue 29: every id made it 2 KB).
pub fn unknown_label_format(field: &str, id: &str) -> ApiError {
    let ids: Vec<&str> = nls_nutrition::formats()
        .iter()
        .flat_map(|f| std::iter::once(f.id.as_str()).chain(f.aliases.iter().map(String::as_str)))
        .collect();
    let near = nearest(id, &ids);
    let hint = if near.is_empty() {
        String::new()
    } else {
        format!("; nearest: {}", near.join(", "))
    };
    ApiError::new(
        ErrorCode::UnknownLabelFormat,
        format!(
            "unknown {field} {:?}{hint}; GET /v1/formats lists every format",
            id.chars().take(40).collect::<String>(),
        ),
    )
}

/// The ids nearest `asked`, best first, at most [`SUGGESTIONS`]: those it begins (`mx.tab` →
/// `mx.tab.100`, `mx.tab.100-por`), then those within a few edits of it (a typo), then those
/// of its family prefix (`mx.…`). Case is ignored.
fn nearest<'a>(asked: &str, ids: &[&'a str]) -> Vec<&'a str> {
    let asked: String = asked.chars().take(40).collect::<String>().to_lowercase();
    if asked.is_empty() {
        return Vec::new();
    }
    let family = asked.split('.').next().unwrap_or("");
    let mut scored: Vec<(usize, usize, &str)> = ids
        .iter()
        .filter_map(|id| {
            let lower = id.to_lowercase();
            let distance = edit_distance(&asked, &lower);
            let rank = if lower.starts_with(&asked) {
                0
            } else if distance <= 2.max(asked.len() / 4) {
                1
            } else if !family.is_empty() && lower.split('.').next() == Some(family) {
                2
            } else {
                return None;
            };
            Some((rank, distance, *id))
        })
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.2 == b.2);
    scored
        .into_iter()
        .take(SUGGESTIONS)
        .map(|(_, _, id)| id)
        .collect()
}

/// Levenshtein distance of two short strings, by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// 403 `plan_format_not_allowed`, naming the plan the format needs.
pub fn plan_format_not_allowed(format: &Format) -> ApiError {
    ApiError::new(
        ErrorCode::PlanFormatNotAllowed,
        format!(
            "label format {:?} needs the {} plan or higher",
            format.label_id, format.plan
        ),
    )
}

/// The format named `id` (id or alias), or 400 `unknown_label_format` (`field` names the
/// request field in the message).
pub fn label_format(field: &str, id: &str) -> Result<&'static Format, ApiError> {
    nls_nutrition::format(id).ok_or_else(|| unknown_label_format(field, id))
}

/// [`label_format`], then the plan rule (403 `plan_format_not_allowed`).
pub fn label_format_for(field: &str, id: &str, plan: &Plan) -> Result<&'static Format, ApiError> {
    let format = label_format(field, id)?;
    if format.allowed_for(plan) {
        Ok(format)
    } else {
        Err(plan_format_not_allowed(format))
    }
}

/// The format `us.auto` stands for, for a caller on `plan` with `package` (21 CFR 101.9(b)(6),
/// (b)(12), (d)(11)(iii), (j)(13); `nls_nutrition::package`): the first layout of FDA's order of
/// preference that the package allows, the catalog holds and the plan may use. When the
/// package requires a layout the plan may not use, 403 `plan_format_not_allowed` names it;
/// when no allowed layout is in the catalog, 422 `validation_failed` on `label_format`.
pub fn auto_format(
    package: Option<&nls_nutrition::package::Package>,
    plan: &Plan,
) -> Result<&'static Format, ApiError> {
    let report = nls_nutrition::package::assess(&package.cloned().unwrap_or_default());
    let usable = |id: &str| nls_nutrition::format(id).is_some_and(|f| f.allowed_for(plan));
    if let Some(id) = nls_nutrition::package::choose(&report, usable) {
        return label_format("label_format", &id);
    }
    // A required layout the plan may not use is a plan question, not the package's.
    if let Some(format) = report
        .required_formats
        .iter()
        .find_map(|id| nls_nutrition::format(id))
    {
        return Err(plan_format_not_allowed(format));
    }
    Err(ApiError::validation(
        "label_format",
        format!(
            "us.auto: none of the layouts the package allows ({}) is available",
            report.allowed_formats.join(", ")
        ),
    ))
}

/// Whether `id` asks for the layout the package allows (`us.auto`).
pub fn is_auto(id: &str) -> bool {
    id == nls_nutrition::package::AUTO
}

/// The plan rule for a stored label, whose format the catalog may no longer know: a known
/// format follows [`FormatPlan::allowed_for`]; an unknown one only plans with every format.
pub fn check_stored(format: Option<&Format>, plan: &Plan) -> Result<(), ApiError> {
    match format {
        Some(format) if !format.allowed_for(plan) => Err(plan_format_not_allowed(format)),
        None if !plan.all_label_formats => Err(ApiError::new(
            ErrorCode::PlanFormatNotAllowed,
            format!("the {} plan does not cover this label format", plan.id),
        )),
        _ => Ok(()),
    }
}

/// A label format as `GET /v1/formats` shows it.
// Members in the order the API has always sent them in (alphabetical, as the JSON objects
// they replaced serialised).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Format)]
pub struct FormatView {
    pub aliases: Vec<String>,
    pub citation: nls_nutrition::format::Citation,
    pub columns: Vec<ColumnView>,
    pub countries: Vec<String>,
    /// Which way the format's first language reads: a right-to-left format's table is
    /// drawn mirrored (names on the right).
    pub direction: nls_nutrition::terms::Direction,
    pub family: String,
    pub id: String,
    #[schema(format = Date)]
    pub in_force_from: Option<String>,
    pub languages: Vec<String>,
    pub layout: String,
    pub name: String,
    /// What is unconfirmed in the format's data, what falls back to what (e.g. Codex where
    /// a national rule is unconfirmed), and what it leaves out.
    pub notes: Option<String>,
    pub nutrients: Vec<NutrientView>,
    /// The lowest plan that may use it: `free`, `professional` or `business`.
    pub plan: String,
    /// `declaration`: the nutrition declaration. `front_of_pack_repeat`: part of it
    /// repeated for the front of the pack (Reg. (EU) 1169/2011 Art. 30(3), `eu.fop.e.*`),
    /// printed beside the declaration, never in its place, and never a country's default.
    pub role: nls_nutrition::format::Role,
    /// `in_force`, `proposed`, `draft` or `repealed`.
    pub status: String,
}

/// One column of a format's table.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ColumnView {
    pub basis: nls_nutrition::format::Basis,
    pub id: String,
    pub percent: bool,
}

/// One nutrient row a format declares.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NutrientView {
    pub key: String,
    /// The printed name in the format's first language.
    pub name: String,
    /// The reference value the percentages are of, where the format prints them.
    pub reference: Option<ReferenceView>,
    /// The rounding rule's id.
    pub rounding: String,
    /// Present where the format's terms say how far each word is sourced
    /// (reference/sources/LABEL_TERMS_SOURCES.md's kinds: official-text, official-copy,
    /// official-guidance, secondary, oss, oss-unattributed): language (ISO 639-1) → the
    /// kind of source of the nutrient's printed name. Anything but `official-text` is
    /// unconfirmed wording.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub source_kinds: BTreeMap<String, String>,
    pub unit: String,
}

/// A nutrient's reference value and where it comes from.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ReferenceView {
    pub source: String,
    /// `unconfirmed` where the value is not confirmed against an official text (Canada's
    /// daily values); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<&'static str>,
    pub value: f64,
}

/// A format as `/v1/formats` shows it.
pub fn representation(f: &Format) -> FormatView {
    FormatView {
        aliases: f.aliases.clone(),
        citation: f.citation.clone(),
        columns: f
            .columns
            .iter()
            .map(|c| ColumnView {
                basis: c.basis,
                id: c.id.clone(),
                percent: c.percent,
            })
            .collect(),
        countries: f.countries.clone(),
        direction: f.direction(),
        family: f.family.clone(),
        id: f.id.clone(),
        in_force_from: f.in_force_from.clone(),
        languages: f.languages.clone(),
        layout: f.layout.clone(),
        name: f.name.clone(),
        notes: f.notes.clone(),
        nutrients: f
            .rows
            .iter()
            .map(|r| NutrientView {
                key: r.key.clone(),
                name: nls_nutrition::terms::strip_marks(&f.row_name(r)),
                reference: r.reference.as_ref().map(|x| ReferenceView {
                    source: x.source.clone(),
                    status: x.is_unconfirmed().then_some("unconfirmed"),
                    value: x.value,
                }),
                rounding: r.rounding_id.clone(),
                // Where the terms say how far each word is sourced (issue 26, item 7).
                source_kinds: f
                    .terms
                    .iter()
                    .filter_map(|t| Some((t.language.clone(), t.source_kind(&r.term)?.to_owned())))
                    .collect(),
                unit: r.unit.clone(),
            })
            .collect(),
        plan: f.plan.clone(),
        role: f.role,
        status: f.status.clone(),
    }
}

/// `GET /v1/formats?view=light`: the fields of `Format` a picker needs, with the same
/// values.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = FormatLight)]
#[serde(deny_unknown_fields)] // documents `additionalProperties: false`: tells it from a full `Format`
pub struct FormatLightView {
    pub aliases: Vec<String>,
    pub countries: Vec<String>,
    pub family: String,
    pub id: String,
    pub name: String,
    pub plan: String,
    pub role: nls_nutrition::format::Role,
    pub status: String,
}

/// The few fields a format picker needs (`GET /v1/formats?view=light`); [`representation`]
/// is these and the rest.
pub fn light_representation(f: &Format) -> FormatLightView {
    FormatLightView {
        aliases: f.aliases.clone(),
        countries: f.countries.clone(),
        family: f.family.clone(),
        id: f.id.clone(),
        name: f.name.clone(),
        plan: f.plan.clone(),
        role: f.role,
        status: f.status.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_light_representation_is_a_subset_of_the_full_one() {
        let us = nls_nutrition::format("us.v").expect("us.v");
        let light = serde_json::to_value(light_representation(us)).expect("serialises");
        let full = serde_json::to_value(representation(us)).expect("serialises");
        let light = light.as_object().expect("an object");
        assert!(light.len() < 10, "{light:?}");
        for (key, value) in light {
            assert_eq!(Some(value), full.get(key), "{key}");
        }
    }

    /// Issue 29, item 6: an unknown `label_format` answers in under 1 KB, names the nearest
    /// ids and points to `GET /v1/formats`.
    #[test]
    fn an_unknown_format_names_the_nearest_ids_in_under_a_kilobyte() {
        let message = |asked: &str| match unknown_label_format("label_format", asked) {
            ApiError::Client { message, .. } => message,
            ApiError::Internal(_) => String::new(),
        };
        let mx = message("mx.tab");
        // The whole answer is the message, the code and a few bytes of JSON.
        assert!(mx.len() < 900, "{} bytes: {mx}", mx.len());
        assert!(
            mx.contains("mx.tab.100") && mx.contains("mx.tab.100-por"),
            "{mx}"
        );
        assert!(mx.contains("GET /v1/formats"), "{mx}");
        // A typo finds its format; nonsense names none and still points to the list.
        assert!(
            message("standrd").contains("standard"),
            "{}",
            message("standrd")
        );
        let none = message("zzzzzzzzzz");
        assert!(
            !none.contains("nearest") && none.contains("GET /v1/formats"),
            "{none}"
        );
    }

    #[test]
    fn edit_distance_counts_single_character_edits() {
        assert_eq!(edit_distance("standrd", "standard"), 1);
        assert_eq!(edit_distance("uk.tab", "uk.lin"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
    }

    fn plan(id: &str, rank: i16, all: bool) -> Plan {
        Plan {
            id: id.into(),
            rank,
            all_label_formats: all,
            export_file_types: vec![],
            export_watermarked: false,
            live_embed: false,
            rest_access: false,
            rate_limit_per_minute: 60,
            max_concurrent_renders: 5,
            webhooks: false,
        }
    }

    #[test]
    fn free_formats_are_open_to_every_plan_and_the_others_need_all_label_formats() {
        let free = plan("free", 0, false);
        let pro = plan("professional", 1, true);
        let us = nls_nutrition::format("standard").unwrap_or_else(|| panic!("standard"));
        let eu = nls_nutrition::format("eu.tab.ri").unwrap_or_else(|| panic!("eu"));
        assert!(us.allowed_for(&free) && us.allowed_for(&pro));
        assert!(!eu.allowed_for(&free) && eu.allowed_for(&pro));
        let err = label_format_for("label_format", "eu-1169", &free).err();
        assert_eq!(err.map(|e| e.code()), Some(ErrorCode::PlanFormatNotAllowed));
        let err = label_format_for("label_format", "mars", &pro).err();
        assert_eq!(err.map(|e| e.code()), Some(ErrorCode::UnknownLabelFormat));
    }
}
