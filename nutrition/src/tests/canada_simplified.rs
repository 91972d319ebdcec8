//! Canada's simplified formats (issue 26): FDR B.01.401(6) and B.01.455 (C.R.C., c. 870,
//! consolidated 2026-06-15, Justice Canada's official XML, English and French). The table may
//! be simplified when six or more of the energy value and the nutrients of items 2 to 5 and 7
//! to 15 may be expressed as "0"; it then holds the serving, energy, fat, carbohydrate and
//! protein (6)(a)-(e), the nutrients of items 4, 5, 7, 8, 10, 11 and 13 to 15 that may not be
//! expressed as "0" (6)(i), those asked for (6)(f)-(h), and the statement of (6)(j) naming the
//! others: "Not a significant source of …" / « Source négligeable de … ».

use super::{ing, recipe};
use crate::error::LabelError;
use crate::Nutrient::*;
use crate::{compute_label, Label, Nutrient, RecipeInput};

const SIMPLIFIED: [&str; 3] = ["ca.simpl.bi", "ca.simpl.pair", "ca.simpl.hor.bi"];

/// The nutrients of items 2 to 15 the data gives, all 0 unless `amounts` says otherwise: a
/// nutrient the data lacks is unknown, not zero, and would leave the label incomplete.
fn food(amounts: &[(Nutrient, f64)]) -> RecipeInput {
    let mut all: Vec<(Nutrient, f64)> = [
        TotalFatG,
        SaturatedFatG,
        TransFatG,
        CholesterolMg,
        SodiumMg,
        TotalCarbohydrateG,
        DietaryFiberG,
        TotalSugarsG,
        ProteinG,
        PotassiumMg,
        CalciumMg,
        IronMg,
    ]
    .into_iter()
    .map(|n| (n, 0.0))
    .collect();
    for (n, v) in amounts {
        if let Some(slot) = all.iter_mut().find(|(m, _)| m == n) {
            slot.1 = *v;
        }
    }
    // One serving of the 100 g ingredient: its amounts per 100 g are those of the serving.
    recipe(1.0, None, vec![ing("food", 100.0, &all)])
}

fn in_format(r: &RecipeInput, id: &str) -> Result<Label, LabelError> {
    compute_label(r, crate::format(id).unwrap())
}

/// A soft drink: 10 g of sugars and 20 mg of sodium in a serving; energy, carbohydrate,
/// sugars and sodium may not be expressed as "0", the nine others may.
fn soft_drink() -> RecipeInput {
    food(&[
        (TotalCarbohydrateG, 10.0),
        (TotalSugarsG, 10.0),
        (SodiumMg, 20.0),
    ])
}

#[test]
fn the_three_simplified_formats_are_in_force_and_count_the_thirteen_items() {
    for id in SIMPLIFIED {
        let f = crate::format(id).unwrap();
        assert_eq!(f.status, "in_force", "{id}");
        let rule = f.simplified.as_ref().unwrap();
        // Items 2 to 5 and 7 to 15 of the table to B.01.401 (item 6 is a percentage only).
        assert_eq!(rule.counted.len(), 13, "{id}");
        assert!(!rule.counted.iter().any(|k| k == "saturated_plus_trans"));
        assert_eq!(rule.min_insignificant, 6, "{id}");
        assert!(rule.keep_asked, "{id}: B.01.401(6)(f)-(h)");
    }
}

#[test]
fn b01_401_6_six_nutrients_at_zero_allow_the_table_five_refuse_it() {
    // Seven may not be "0": energy, fat, saturated, carbohydrate, sugars, protein, sodium;
    // six may: trans, cholesterol, fibre, potassium, calcium, iron.
    let six = [
        (TotalFatG, 1.0),
        (SaturatedFatG, 1.0),
        (TotalCarbohydrateG, 10.0),
        (TotalSugarsG, 10.0),
        (ProteinG, 2.0),
        (SodiumMg, 100.0),
    ];
    for id in SIMPLIFIED {
        assert!(in_format(&food(&six), id).is_ok(), "{id}");
        // Potassium at 100 mg: five left.
        let mut five = six.to_vec();
        five.push((PotassiumMg, 100.0));
        match in_format(&food(&five), id) {
            Err(LabelError::FormatNotPermitted {
                insignificant,
                needed,
                counted,
                ..
            }) => assert_eq!((insignificant, needed, counted), (5, 6, 13), "{id}"),
            other => panic!("{id}: {other:?}"),
        }
    }
}

#[test]
fn b01_401_6_a_to_e_energy_fat_carbohydrate_and_protein_stay_declared_at_zero() {
    let l = in_format(&soft_drink(), "ca.simpl.bi").unwrap();
    let declared: Vec<&str> = l.rows.iter().map(|r| r.key.as_str()).collect();
    // (i): of items 4, 5, 7, 8, 10, 11 and 13 to 15 only sugars and sodium are not "0".
    assert_eq!(
        declared,
        vec![
            "energy_kcal",
            "fat_g",
            "carbohydrate_g",
            "sugars_g",
            "protein_g",
            "sodium_mg"
        ]
    );
    let fat = &l.row("fat_g").unwrap().cells[0];
    assert_eq!((fat.amount, fat.percent), (0.0, Some(0.0)));
    assert_eq!(l.row("protein_g").unwrap().cells[0].amount, 0.0);
}

#[test]
fn b01_401_6_j_names_each_omitted_nutrient_in_english_and_in_french() {
    let l = in_format(&soft_drink(), "ca.simpl.bi").unwrap();
    let en = "Not a significant source of saturated fat, trans fat, fibre, cholesterol, \
              potassium, calcium, iron";
    let fr = "Source négligeable de lipides saturés, lipides trans, fibres, cholestérol, \
              potassium, calcium, fer";
    assert_eq!(l.display["not_significant.en"], en);
    assert_eq!(l.display["not_significant.fr"], fr);
    // The first language's statement also under the key a unilingual simplified label uses.
    assert_eq!(l.display["not_significant"], en);
    let pair = in_format(&soft_drink(), "ca.simpl.pair").unwrap();
    assert_eq!(pair.display["not_significant.fr"], fr);
}

#[test]
fn item_6_the_sum_of_saturated_and_trans_goes_with_them() {
    // Both "0": neither, nor their sum's percentage, is declared.
    let l = in_format(&soft_drink(), "ca.simpl.bi").unwrap();
    assert!(l.row("saturated_plus_trans").is_none());
    // An oil-like food: saturated 2 g stays (it may not be "0"), trans "0" is named, and
    // the sum's percentage is 2 g of the 20 g daily value: 10 %.
    let oil = food(&[(TotalFatG, 14.0), (SaturatedFatG, 2.0)]);
    let l = in_format(&oil, "ca.simpl.bi").unwrap();
    assert!(l.row("saturates_g").is_some());
    assert!(l.row("trans_fat_g").is_none());
    assert_eq!(
        l.row("saturated_plus_trans").unwrap().cells[0].percent,
        Some(10.0)
    );
    assert!(l.display["not_significant.en"].starts_with("Not a significant source of trans fat,"));
}

#[test]
fn b01_401_6_f_to_h_a_nutrient_asked_for_stays_declared_at_zero() {
    // Calcium named in voluntary_nutrients (a representation about it, or added):
    // declared though it may be "0", and not named as omitted.
    let mut drink = soft_drink();
    drink.voluntary_nutrients = ["calcium_mg".to_string()].into_iter().collect();
    let l = in_format(&drink, "ca.simpl.bi").unwrap();
    assert_eq!(l.row("calcium_mg").unwrap().cells[0].amount, 0.0);
    assert!(!l.display["not_significant.en"].contains("calcium"));
    // Without the request it is omitted.
    let l = in_format(&soft_drink(), "ca.simpl.bi").unwrap();
    assert!(l.row("calcium_mg").is_none());
}
