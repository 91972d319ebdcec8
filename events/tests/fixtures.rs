//! Every shipped `(event_type, schema_version)` has a stored sample under
//! `tests/fixtures/events/<type>.v<N>.json`; all of them must keep decoding, forever.

use std::path::PathBuf;

use nls_events::{DomainEvent, IngredientEvent, RecipeEvent};

fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/events")
}

#[test]
fn every_stored_event_fixture_still_decodes() {
    let mut decoded = 0;
    let entries = std::fs::read_dir(fixtures_dir()).expect("fixtures folder exists");
    for entry in entries {
        let path = entry.expect("readable entry").path();
        let file = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        let Some(stem) = file.strip_suffix(".json") else {
            continue;
        };
        let (event_type, version) = stem.rsplit_once(".v").expect("name is <type>.v<N>.json");
        let version: i16 = version.parse().expect("numeric schema version");
        let payload = serde_json::from_str(&std::fs::read_to_string(&path).expect("readable"))
            .expect("fixture is JSON");
        let result = DomainEvent::decode(event_type, version, payload);
        assert!(result.is_ok(), "{file}: {result:?}");
        decoded += 1;
    }
    assert!(decoded >= 12, "only {decoded} fixtures found");
}

#[test]
fn every_event_kind_the_code_writes_has_a_fixture() {
    let kinds = [
        RecipeEvent::Archived.kind(),
        RecipeEvent::Unarchived.kind(),
        RecipeEvent::EmbedDisabled.kind(),
        RecipeEvent::Deleted.kind(),
        ("recipe_created", 1),
        ("recipe_created", 2),
        ("recipe_updated", 1),
        ("recipe_updated", 2),
        ("recipe_created", 3),
        ("recipe_updated", 3),
        ("recipe_created", 4),
        ("recipe_updated", 4),
        ("recipe_created", 5),
        ("recipe_updated", 5),
        ("recipe_embed_enabled", 1),
        IngredientEvent::Archived.kind(),
        IngredientEvent::Unarchived.kind(),
        IngredientEvent::Deleted.kind(),
        ("ingredient_created", 1),
        ("ingredient_updated", 1),
        ("ingredient_updated", 2),
        ("ingredient_created", 2),
        ("ingredient_updated", 3),
    ];
    for (event_type, version) in kinds {
        let path = fixtures_dir().join(format!("{event_type}.v{version}.json"));
        assert!(path.exists(), "missing fixture {}", path.display());
    }
}
