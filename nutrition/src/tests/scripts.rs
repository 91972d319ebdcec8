//! Issue 26, item 7: the GCC, Israeli, Thai and Vietnamese drafts. Every printed term keeps
//! the kind of source it comes from (LABEL_TERMS_SOURCES.md's classification); Arabic and
//! Hebrew read right to left; a bilingual Arabic/English format gives each side its words.

use crate::catalog::Catalog;
use crate::terms::{Direction, SOURCE_KINDS};
use crate::{catalog, compute_label};

use super::{ing, recipe};
use crate::Nutrient::*;

/// The new formats, their languages and the kinds their terms must come from.
const DRAFTS: [(&str, &[&str]); 4] = [
    ("gcc.v.ar-en", &["ar", "en"]),
    ("il.tab", &["he"]),
    ("th.full", &["th"]),
    ("vn.v", &["vi"]),
];

#[test]
fn every_new_script_format_is_a_draft_whose_terms_each_name_their_source_kind() {
    let c = catalog().unwrap();
    for (id, languages) in DRAFTS {
        let f = c
            .format(id)
            .unwrap_or_else(|| panic!("{id} not in the catalog"));
        assert_eq!(f.status, "draft", "{id}");
        assert_eq!(f.languages, languages.to_vec(), "{id}");
        assert!(
            f.notes
                .as_deref()
                .is_some_and(|n| n.contains("unconfirmed")),
            "{id}: its notes say what is unconfirmed"
        );
        for t in &f.terms {
            for row in &f.rows {
                let kind = t.source_kind(&row.term);
                assert!(
                    kind.is_some_and(|k| SOURCE_KINDS.contains(&k) && k != "quantity"),
                    "{id} {}: {} has source kind {kind:?}",
                    t.language,
                    row.term
                );
            }
        }
    }
}

#[test]
fn arabic_and_hebrew_read_right_to_left_and_the_others_left_to_right() {
    let c = catalog().unwrap();
    for t in c.terms() {
        let rtl = ["ar", "he"].contains(&t.language.as_str());
        assert_eq!(
            t.direction,
            if rtl { Direction::Rtl } else { Direction::Ltr },
            "{}.{}",
            t.language,
            t.regime
        );
    }
    let gcc = c.format("gcc.v.ar-en").unwrap();
    assert_eq!(gcc.direction(), Direction::Rtl);
    assert!(gcc.reads_both_ways());
    assert!(!c.format("il.tab").unwrap().reads_both_ways());
    assert_eq!(c.format("vn.v").unwrap().direction(), Direction::Ltr);
    // Each side's words: Arabic on the right, English on the left; both in `term`.
    let energy = "nutrient.energy";
    assert_eq!(gcc.term_reading(energy, Direction::Rtl), "الطاقة");
    assert_eq!(gcc.term_reading(energy, Direction::Ltr), "Energy");
    assert_eq!(gcc.term(energy), "الطاقة / Energy");
}

/// The catalog with `edit` applied to the Hebrew terms file's JSON.
fn hebrew_with(edit: impl FnOnce(&mut serde_json::Value)) -> Result<Catalog, crate::DataError> {
    super::catalog::edited("terms", "he.il-moh.json", edit)
}

#[test]
fn a_term_without_a_known_source_kind_or_a_direction_at_odds_is_refused() {
    let err = |r: Result<Catalog, crate::DataError>| r.err().map(|e| e.to_string());
    let missing = hebrew_with(|v| {
        v["source_kinds"]
            .as_object_mut()
            .unwrap()
            .remove("nutrient.sodium_mg");
    });
    assert!(err(missing).is_some_and(|e| e.contains("\"nutrient.sodium_mg\" has no source kind")),);
    let unknown = hebrew_with(|v| v["source_kinds"]["nutrient.sodium_mg"] = "hearsay".into());
    assert!(err(unknown).is_some_and(|e| e.contains("\"hearsay\"")));
    let stray = hebrew_with(|v| v["source_kinds"]["nutrient.nothing"] = "oss".into());
    assert!(err(stray).is_some_and(|e| e.contains("which is no term")));
    // Hebrew in another regime reading left to right would contradict this file.
    let hebrew = Catalog::embedded_sources()
        .iter()
        .find(|s| s.1 == "he.il-moh.json")
        .unwrap()
        .2
        .replace("\"regime\": \"il-moh\"", "\"regime\": \"codex\"")
        .replace("\"direction\": \"rtl\"", "\"direction\": \"ltr\"");
    let mut sources = Catalog::embedded_sources().to_vec();
    sources.push(("terms", "he.codex.json", &hebrew));
    assert!(err(Catalog::load(&sources)).is_some_and(|e| e.contains("direction differs")));
}

#[test]
fn the_new_drafts_compute_their_rows_in_order_with_display_precision() {
    let r = recipe(
        1.0,
        Some(100.0),
        vec![ing(
            "a",
            100.0,
            &[
                (Calories, 250.0),
                (TotalFatG, 12.34),
                (SaturatedFatG, 4.0),
                (SodiumMg, 412.6),
                (TotalCarbohydrateG, 30.0),
                (TotalSugarsG, 9.96),
                (ProteinG, 5.0),
            ],
        )],
    );
    let vn = compute_label(&r, crate::format("vn.v").unwrap()).unwrap();
    let keys: Vec<&str> = vn.rows.iter().map(|row| row.key.as_str()).collect();
    assert_eq!(
        keys,
        [
            "energy_kcal",
            "protein_g",
            "carbohydrate_g",
            "fat_g",
            "sodium_mg"
        ]
    );
    assert_eq!(vn.display["per_100g.fat_g"], "12.3g");
    assert_eq!(vn.display["per_100g.sodium_mg"], "413mg");
    let il = compute_label(&r, crate::format("il.tab").unwrap()).unwrap();
    // Rows the data does not know (trans fat, cholesterol, fibre) are left off.
    assert!(il.row("cholesterol_mg").is_none() && il.row("fibre_g").is_none());
    assert_eq!(il.display["per_100g.sugars_g"], "10g");
}

#[test]
fn the_gulf_israel_thailand_and_vietnam_get_their_new_draft_by_default() {
    for (code, id) in [
        ("SA", "gcc.v.ar-en"),
        ("AE", "gcc.v.ar-en"),
        ("KW", "gcc.v.ar-en"),
        ("QA", "gcc.v.ar-en"),
        ("BH", "gcc.v.ar-en"),
        ("OM", "gcc.v.ar-en"),
        ("YE", "gcc.v.ar-en"),
        ("IL", "il.tab"),
        ("TH", "th.full"),
        ("VN", "vn.v"),
    ] {
        let country = crate::countries::country(code).unwrap();
        let serving: Vec<&crate::Format> = crate::formats()
            .iter()
            .filter(|f| f.countries.iter().any(|c| c == code))
            .collect();
        let default = crate::countries::default_format(code, &serving);
        assert_eq!(default.map(|f| f.id.as_str()), Some(id), "{code}");
        // Its first language is the country's first label language (FORMATS.md §2).
        assert_eq!(
            default.map(|f| &f.languages[0]),
            country.languages.first(),
            "{code}"
        );
    }
}
