//! The families added as data for issue 19: the EU languages reuse the EU rounding and compute
//! the same numbers as `eu.tab.ri`; Codex energy uses the CXG 2-1985 §3.3.1 factors (no fibre
//! factor), and Codex, which sets no rounding, prints at display precision; boundaries of the
//! EU 2012 guidance table (LABEL_RULES.md §3.5 and §8.5) hold on every EU language format.

use super::{one_serving, recipe};
use crate::compute::cxg_2_energy;
use crate::rounding::display_precision;
use crate::Nutrient::*;
use crate::{compute_label, format, formats, NutrientAmounts};

#[test]
fn codex_energy_uses_the_cxg_2_factors_without_a_fibre_factor() {
    // Per 100 g: fat 10 g, carbohydrate 30 g of which fibre 3 g, protein 8 g, alcohol 2 g.
    let mut a = NutrientAmounts::default();
    for (n, v) in [
        (TotalFatG, 10.0),
        (TotalCarbohydrateG, 30.0),
        (DietaryFiberG, 3.0),
        (ProteinG, 8.0),
        (AlcoholG, 2.0),
    ] {
        a.set(n, v);
    }
    // Available carbohydrate 27 g: 27×17 + 8×17 + 10×37 + 2×29 = 459 + 136 + 370 + 58 kJ;
    // 27×4 + 8×4 + 10×9 + 2×7 = 108 + 32 + 90 + 14 kcal.
    let (kj, kcal) = cxg_2_energy(&a);
    assert!((kj - 1023.0).abs() < 1e-9, "{kj}");
    assert!((kcal - 244.0).abs() < 1e-9, "{kcal}");
    // The EU's Annex XIV counts the fibre (8 kJ / 2 kcal per g): 24 kJ and 6 kcal more.
    let (eu_kj, eu_kcal) = crate::compute::annex_xiv_energy(&a);
    assert!((eu_kj - kj - 24.0).abs() < 1e-9 && (eu_kcal - kcal - 6.0).abs() < 1e-9);
}

#[test]
fn codex_labels_declare_the_cxg_2_content_at_display_precision() {
    let r = one_serving(&[
        (TotalFatG, 3.456),
        (SaturatedFatG, 0.08),
        (TotalCarbohydrateG, 12.34),
        (DietaryFiberG, 2.0),
        (TotalSugarsG, 4.05),
        (ProteinG, 0.44),
        (SodiumMg, 123.5),
    ]);
    let label = compute_label(&r, format("codex.tab.en").unwrap()).unwrap();
    let d = |k: &str| label.display[&format!("per_100g.{k}")].clone();
    assert_eq!(d("fat_g"), "3.5g");
    // No "less than" and no zero threshold: Codex sets none.
    assert_eq!(d("saturates_g"), "0.1g");
    assert_eq!(d("carbohydrate_g"), "10.3g");
    assert_eq!(d("sugars_g"), "4.1g");
    assert_eq!(d("protein_g"), "0.4g");
    assert_eq!(d("sodium_mg"), "124mg");
    // (10.34 + 0.44) × 17 + 3.456 × 37 = 311.13 kJ; (10.34 + 0.44) × 4 + 3.456 × 9 kcal.
    assert_eq!(d("energy_kj"), "311kJ");
    assert_eq!(d("energy_kcal"), "74kcal");
}

#[test]
fn display_precision_rounds_half_up_at_its_decimals() {
    for (x, decimals, want) in [
        (0.05, 1, 0.1),
        (0.0499, 1, 0.0),
        (12.25, 1, 12.3),
        (2.5, 0, 3.0),
        (2.4999, 0, 2.0),
        (1023.5, 0, 1024.0),
    ] {
        assert_eq!(
            display_precision(x, decimals).amount,
            want,
            "{x} at {decimals}"
        );
    }
}

#[test]
fn every_eu_language_format_rounds_and_computes_as_the_english_table() {
    let eu = format("eu.tab.ri").unwrap();
    let r = recipe(
        4.0,
        Some(50.0),
        vec![super::ing(
            "a",
            200.0,
            &[
                (TotalFatG, 12.34),
                (SaturatedFatG, 2.34),
                (TotalCarbohydrateG, 30.0),
                (TotalSugarsG, 0.42),
                (ProteinG, 8.0),
                (SodiumMg, 480.0),
            ],
        )],
    );
    let reference = compute_label(&r, eu).unwrap();
    let tables: Vec<_> = formats()
        .iter()
        // Every table of the big 7 (eu.alc.e declares energy only).
        .filter(|f| f.regime.id == "eu-1169" && f.id != "eu.tab.ri" && f.row("fat_g").is_some())
        .collect();
    assert!(tables.len() >= 30, "{}", tables.len());
    for f in tables {
        for row in &f.rows {
            let same = eu.row(&row.key).unwrap();
            assert_eq!(row.rounding_id, same.rounding_id, "{} {}", f.id, row.key);
        }
        let label = compute_label(&r, f).unwrap();
        for key in [
            "energy_kj",
            "energy_kcal",
            "fat_g",
            "saturates_g",
            "sugars_g",
            "salt_g",
        ] {
            assert_eq!(
                label.declared_in("per_100g", key),
                reference.declared_in("per_100g", key),
                "{} {key}",
                f.id
            );
        }
        // LABEL_RULES.md §8.5: fat 12.34 g → 12 g; saturates 2.34 g → 2.3 g; sugars 0.42 g
        // → "<0.5g"; sodium 0.48 g → salt 1.2 g.
        assert_eq!(label.display["per_100g.fat_g"], "12g", "{}", f.id);
        assert_eq!(label.display["per_100g.saturates_g"], "2.3g", "{}", f.id);
        assert_eq!(label.display["per_100g.sugars_g"], "<0.5g", "{}", f.id);
        assert_eq!(label.display["per_100g.salt_g"], "1.2g", "{}", f.id);
    }
}

#[test]
fn unconfirmed_formats_are_drafts_that_say_why() {
    for f in formats() {
        if f.status == "draft" {
            let notes = f.notes.as_deref().unwrap_or_default();
            assert!(
                notes.contains("unconfirmed") || notes.contains("Draft"),
                "{}: a draft names what is unconfirmed",
                f.id
            );
        }
    }
    for id in ["eu.tab.de", "eu.tab.es", "eu.tab.fr", "eu.tab.nl-fr-de"] {
        assert_eq!(format(id).unwrap().status, "in_force", "{id}");
    }
    for id in [
        "eu.tab.el",
        "eu.tab.bg",
        "eu.tab.cs",
        "codex.tab.en",
        "ch.tab.de",
        "tr.tab",
    ] {
        assert_eq!(format(id).unwrap().status, "draft", "{id}");
    }
}

#[test]
fn fsanz_declares_three_significant_figures() {
    use crate::rounding::fsanz_user_guide_3_significant_figures as sf3;
    // LABEL_RULES.md §8.8: 1 523.6 kJ → 1 520 kJ; sodium 45.67 mg → 45.7 mg.
    assert_eq!(sf3(1523.6).amount, 1520.0);
    assert_eq!(sf3(45.67).amount, 45.7);
    assert_eq!(sf3(0.1234).amount, 0.123);
    assert_eq!(sf3(999.5).amount, 1000.0);
    let r = one_serving(&[(SodiumMg, 45.67), (ProteinG, 12.345)]);
    let label = compute_label(&r, format("anz.nip").unwrap()).unwrap();
    assert_eq!(label.display["per_100g.sodium_mg"], "45.7mg");
    assert_eq!(label.display["per_100g.protein_g"], "12.3g");
    // Schedule 12 order: per serving, then per 100 g.
    assert_eq!(label.columns, ["per_serving", "per_100g"]);
}
