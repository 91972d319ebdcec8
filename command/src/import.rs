//! Bulk import (issue 29, item 4): a CSV file or an .xlsx sheet of recipe lines, one row per
//! line, read into recipe changes by the rules of `POST /v1/recipes`, with every bad row's
//! problem. Pure: the service resolves the ingredients and writes (service/import.rs).
//!
//! Columns (header row required, any order, names case-insensitive): `recipe`, `servings`,
//! `ingredient`, `grams`, and optionally `serving_weight_g` and `label_format`. The rows of
//! a recipe are together; its recipe-level values (servings, serving weight, format) may
//! be given on one of its rows or repeated identically on each.

pub mod sheet;

use nls_web::{ApiError, ErrorCode};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::requests::{EntryBody, RecipeBody, RecipeChange};
use sheet::{Cell, Row, Sheet};

/// Most recipes one import creates. Each is derived and written in the one transaction,
/// about 3 ms apiece on a debug build (500 recipes of 20 lines in 1.5 s, as
/// `tests/api/imports.rs` prints it), so the largest import stays well inside [`DEADLINE`].
pub const MAX_RECIPES: usize = 2_000;
/// Most problems an answer lists; the count of the rest is given.
pub const MAX_PROBLEMS: usize = 100;
/// How long an import may take from its request's arrival; past it, nothing is written
/// and the answer is 503.
pub const DEADLINE: std::time::Duration = std::time::Duration::from_secs(30);

/// Why a whole file is refused (row problems are [`Problem`]s).
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ImportError {
    #[error("{0}")]
    Unreadable(String),
    #[error("the file has more than {limit} rows besides the header")]
    TooManyRows { limit: usize },
    #[error("the file holds more than {limit} recipes")]
    TooManyRecipes { limit: usize },
    #[error("the .xlsx file unpacks to more than {limit} bytes")]
    TooLarge { limit: u64 },
    #[error("the file has no header row")]
    NoHeader,
    /// Rows that cannot be imported; `more` problems were left out of the list.
    #[error("{} row problem(s)", .problems.len() + .more)]
    Rows { problems: Vec<Problem>, more: usize },
    /// The import did not finish within its time.
    #[error("the import did not finish within {secs} s")]
    Deadline { secs: u64 },
}

/// One row's problem: `row` as the file numbers it (the header is row 1), the column, and
/// the error code the same problem has in a single create.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ImportProblem)]
pub struct Problem {
    pub row: usize,
    pub field: String,
    pub problem: String,
    pub code: String,
    /// Foods close to an ingredient name that matched nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<serde_json::Value>>)]
    pub suggestions: Option<serde_json::Value>,
}

impl Problem {
    fn new(row: usize, field: &str, problem: impl Into<String>) -> Self {
        Self {
            row,
            field: field.to_owned(),
            problem: problem.into(),
            code: ErrorCode::ValidationFailed.as_str().to_owned(),
            suggestions: None,
        }
    }

    /// The problem a single create would answer with `error`, placed at `row`; `field` is
    /// the column when the error names none the import knows.
    pub fn from_api(row: usize, field: &str, error: ApiError) -> Self {
        let error_code = error.code();
        let code = error_code.as_str().to_owned();
        let ApiError::Client {
            message, details, ..
        } = error
        else {
            return Self {
                code,
                ..Self::new(row, field, "could not be checked")
            };
        };
        let detail = details.as_ref().and_then(|d| match d {
            serde_json::Value::Array(items) => items.first(),
            other => Some(other),
        });
        let named = detail
            .and_then(|d| d["field"].as_str())
            .and_then(column_of)
            .or_else(|| column_of_code(error_code))
            .unwrap_or(field);
        // The message says which JSON field; the column says it here.
        let problem = match message.split_once(": ") {
            Some((head, rest)) if !head.contains(' ') => rest.to_owned(),
            _ => message,
        };
        Self {
            row,
            field: named.to_owned(),
            problem,
            code,
            suggestions: detail.and_then(|d| d.get("suggestions")).cloned(),
        }
    }
}

/// The column a refusal that names no field is about.
fn column_of_code(code: ErrorCode) -> Option<&'static str> {
    match code {
        ErrorCode::UnknownLabelFormat
        | ErrorCode::PlanFormatNotAllowed
        | ErrorCode::FormatNotPermitted => Some("label_format"),
        ErrorCode::UnknownIngredient => Some("ingredient"),
        _ => None,
    }
}

/// The column of the file a JSON field of a recipe body comes from.
fn column_of(field: &str) -> Option<&'static str> {
    let tail = field.rsplit('.').next().unwrap_or(field);
    Some(match tail {
        "name" if !field.starts_with("ingredients") => "recipe",
        "name" | "ingredient_id" => "ingredient",
        "grams" => "grams",
        "servings" => "servings",
        "serving_weight_g" => "serving_weight_g",
        "label_format" => "label_format",
        "ingredients" => "ingredient",
        _ => return None,
    })
}

/// The columns a file may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Recipe,
    Servings,
    Ingredient,
    Grams,
    ServingWeightG,
    LabelFormat,
}

impl Column {
    const ALL: [Column; 6] = [
        Column::Recipe,
        Column::Servings,
        Column::Ingredient,
        Column::Grams,
        Column::ServingWeightG,
        Column::LabelFormat,
    ];

    fn name(self) -> &'static str {
        match self {
            Column::Recipe => "recipe",
            Column::Servings => "servings",
            Column::Ingredient => "ingredient",
            Column::Grams => "grams",
            Column::ServingWeightG => "serving_weight_g",
            Column::LabelFormat => "label_format",
        }
    }

    fn required(self) -> bool {
        matches!(
            self,
            Column::Recipe | Column::Servings | Column::Ingredient | Column::Grams
        )
    }
}

/// A recipe the file describes, checked: the change a create would take, and the row of
/// each of its ingredient entries (in order).
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedRecipe {
    pub name: String,
    pub rows: Vec<usize>,
    pub change: RecipeChange,
}

/// What a file describes: the recipes whose rows are all good, and every problem.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Plan {
    pub recipes: Vec<PlannedRecipe>,
    pub problems: Problems,
}

/// Problems, the first [`MAX_PROBLEMS`] kept.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Problems {
    pub listed: Vec<Problem>,
    pub more: usize,
}

impl Problems {
    pub fn push(&mut self, problem: Problem) {
        if self.listed.len() < MAX_PROBLEMS {
            self.listed.push(problem);
        } else {
            self.more += 1;
        }
    }

    pub fn is_empty(&self) -> bool {
        self.listed.is_empty()
    }

    pub fn len(&self) -> usize {
        self.listed.len() + self.more
    }

    /// Sorted by row, then as found (the service adds problems after the file's own).
    pub fn into_error(mut self) -> ImportError {
        self.listed.sort_by_key(|p| p.row);
        ImportError::Rows {
            problems: self.listed,
            more: self.more,
        }
    }
}

/// Where each column is in the file.
struct Header {
    columns: Vec<Option<Column>>,
}

impl Header {
    fn read(row: &Row, problems: &mut Problems) -> Self {
        let mut columns = Vec::with_capacity(row.cells.len());
        for cell in &row.cells {
            let name = match cell {
                Cell::Text(t) => t.trim().to_lowercase(),
                Cell::Empty => String::new(),
                Cell::Number(n) => n.to_string(),
                Cell::Invalid(_) => "?".to_owned(),
            };
            let column = Column::ALL.into_iter().find(|c| c.name() == name);
            if column.is_some() && columns.contains(&column) {
                problems.push(Problem::new(row.number, &name, "is a column twice"));
            } else if column.is_none() && !name.is_empty() {
                problems.push(Problem::new(
                    row.number,
                    &name.chars().take(40).collect::<String>(),
                    format!(
                        "is not a column; the columns are {}",
                        Column::ALL.map(Column::name).join(", ")
                    ),
                ));
            }
            columns.push(column);
        }
        for column in Column::ALL {
            if column.required() && !columns.contains(&Some(column)) {
                problems.push(Problem::new(
                    row.number,
                    column.name(),
                    "is a required column",
                ));
            }
        }
        Self { columns }
    }

    fn cell<'r>(&self, row: &'r Row, column: Column) -> &'r Cell {
        self.columns
            .iter()
            .position(|c| *c == Some(column))
            .and_then(|i| row.cells.get(i))
            .unwrap_or(&Cell::Empty)
    }

    /// Values in columns without a header.
    fn stray(&self, row: &Row) -> bool {
        row.beyond
            || row.cells.iter().enumerate().any(|(i, cell)| {
                !cell.is_empty() && self.columns.get(i).is_none_or(Option::is_none)
            })
    }
}

/// Reads the recipes of `sheet` and the problem of every bad row.
pub fn plan(sheet: &Sheet) -> Result<Plan, ImportError> {
    let Some((header_row, rows)) = sheet.rows.split_first() else {
        return Err(ImportError::NoHeader);
    };
    if rows.len() > sheet::MAX_ROWS {
        return Err(ImportError::TooManyRows {
            limit: sheet::MAX_ROWS,
        });
    }
    let mut problems = Problems::default();
    let header = Header::read(header_row, &mut problems);
    if !problems.is_empty() {
        return Ok(Plan {
            recipes: Vec::new(),
            problems,
        });
    }
    let groups = group(&header, rows, &mut problems)?;
    let recipes = groups
        .into_iter()
        .filter_map(|g| g.check(&header, &mut problems))
        .collect();
    Ok(Plan { recipes, problems })
}

/// The rows of one recipe.
struct Group<'a> {
    name: String,
    rows: Vec<&'a Row>,
}

/// Rows grouped by recipe, in order; a recipe whose name comes back after another's is a
/// problem of each row that comes back.
fn group<'a>(
    header: &Header,
    rows: &'a [Row],
    problems: &mut Problems,
) -> Result<Vec<Group<'a>>, ImportError> {
    let mut groups: Vec<Group<'a>> = Vec::new();
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for row in rows {
        if header.stray(row) {
            problems.push(Problem::new(
                row.number,
                "",
                "has a value in a column without a header",
            ));
        }
        let name = match text(header.cell(row, Column::Recipe)) {
            Ok(Some(name)) => name,
            Ok(None) => {
                problems.push(Problem::new(row.number, "recipe", "is required"));
                continue;
            }
            Err(why) => {
                problems.push(Problem::new(row.number, "recipe", why));
                continue;
            }
        };
        if let Some(last) = groups.last_mut().filter(|g| g.name == name) {
            last.rows.push(row);
            continue;
        }
        if let Some(&at) = seen.get(&name) {
            let earlier = &groups[at];
            problems.push(Problem::new(
                row.number,
                "recipe",
                format!(
                    "{:?} is also in rows {}–{}; the rows of a recipe must be together",
                    name.chars().take(80).collect::<String>(),
                    earlier.rows.first().map_or(0, |r| r.number),
                    earlier.rows.last().map_or(0, |r| r.number),
                ),
            ));
            continue;
        }
        if groups.len() == MAX_RECIPES {
            return Err(ImportError::TooManyRecipes { limit: MAX_RECIPES });
        }
        seen.insert(name.clone(), groups.len());
        groups.push(Group {
            name,
            rows: vec![row],
        });
    }
    Ok(groups)
}

/// A recipe-level value: from the first of the recipe's rows that gives it; every other
/// row gives the same or nothing.
struct RecipeValue<T> {
    value: Option<T>,
    row: usize,
}

impl<'a> Group<'a> {
    fn value<T: PartialEq + Clone>(
        &self,
        header: &Header,
        column: Column,
        read: impl Fn(&Cell) -> Result<Option<T>, String>,
        problems: &mut Problems,
    ) -> Option<RecipeValue<T>> {
        let mut found: Option<RecipeValue<T>> = None;
        let mut ok = true;
        for row in &self.rows {
            match read(header.cell(row, column)) {
                Err(why) => {
                    problems.push(Problem::new(row.number, column.name(), why));
                    ok = false;
                }
                Ok(None) => {}
                Ok(Some(value)) => match &found {
                    None => {
                        found = Some(RecipeValue {
                            value: Some(value),
                            row: row.number,
                        })
                    }
                    Some(first) if first.value.as_ref() == Some(&value) => {}
                    Some(first) => {
                        problems.push(Problem::new(
                            row.number,
                            column.name(),
                            format!(
                                "differs from row {} of the same recipe; give it once or the \
                                 same on each row",
                                first.row
                            ),
                        ));
                        ok = false;
                    }
                },
            }
        }
        ok.then(|| {
            found.unwrap_or(RecipeValue {
                value: None,
                row: self.rows.first().map_or(0, |r| r.number),
            })
        })
    }

    /// The recipe's change when every row of it is good; otherwise its problems.
    fn check(self, header: &Header, problems: &mut Problems) -> Option<PlannedRecipe> {
        let before = problems.len();
        let first = self.rows.first().map_or(0, |r| r.number);
        let servings = self.value(header, Column::Servings, number, problems);
        let weight = self.value(header, Column::ServingWeightG, number, problems);
        let format = self.value(header, Column::LabelFormat, text, problems);
        if let Some(servings) = &servings {
            if servings.value.is_none() {
                problems.push(Problem::new(servings.row, "servings", "is required"));
            }
        }
        // The recipe's own fields, checked alone so that each problem names its row.
        if let (Some(servings), Some(weight)) = (&servings, &weight) {
            let body = RecipeBody {
                name: Some(self.name.clone()),
                servings: servings.value,
                serving_weight_g: weight.value.map(Some),
                ..RecipeBody::default()
            };
            if let Err(error) = body.validate(false) {
                let at = match error_column(&error) {
                    Some("servings") => servings.row,
                    Some("serving_weight_g") => weight.row,
                    _ => first,
                };
                problems.push(Problem::from_api(at, "recipe", error));
            }
        }
        let mut entries = Vec::with_capacity(self.rows.len());
        for row in &self.rows {
            if let Some(entry) = entry(header, row, problems) {
                entries.push(entry);
            }
        }
        if problems.len() > before {
            return None;
        }
        let body = RecipeBody {
            name: Some(self.name.clone()),
            servings: servings.and_then(|s| s.value),
            serving_weight_g: weight.and_then(|w| w.value).map(Some),
            label_format: format.and_then(|f| f.value),
            ingredients: Some(entries),
            ..RecipeBody::default()
        };
        match body.validate(true) {
            Ok(change) => Some(PlannedRecipe {
                name: self.name,
                rows: self.rows.iter().map(|r| r.number).collect(),
                change,
            }),
            Err(error) => {
                problems.push(Problem::from_api(first, "recipe", error));
                None
            }
        }
    }
}

/// The column an error of a recipe body names.
fn error_column(error: &ApiError) -> Option<&'static str> {
    let ApiError::Client {
        details: Some(serde_json::Value::Array(items)),
        ..
    } = error
    else {
        return None;
    };
    items.first()?["field"].as_str().and_then(column_of)
}

/// A row's ingredient entry, checked by the rules of a recipe's `ingredients`.
fn entry(header: &Header, row: &Row, problems: &mut Problems) -> Option<EntryBody> {
    let reference = match text(header.cell(row, Column::Ingredient)) {
        Ok(Some(reference)) => Some(reference),
        Ok(None) => {
            problems.push(Problem::new(row.number, "ingredient", "is required"));
            None
        }
        Err(why) => {
            problems.push(Problem::new(row.number, "ingredient", why));
            None
        }
    };
    let grams = match number(header.cell(row, Column::Grams)) {
        Ok(Some(grams)) => Some(grams),
        Ok(None) => {
            problems.push(Problem::new(row.number, "grams", "is required"));
            None
        }
        Err(why) => {
            problems.push(Problem::new(row.number, "grams", why));
            None
        }
    };
    let (reference, grams) = (reference?, grams?);
    let is_id = ["ing_", "rcp_", "fooddb:"]
        .iter()
        .any(|prefix| reference.starts_with(prefix));
    let body = |reference: String| {
        let (ingredient_id, name) = if is_id {
            (Some(reference), None)
        } else {
            (None, Some(reference))
        };
        EntryBody {
            ingredient_id,
            name,
            label_name: None,
            grams,
            nutrients: None,
            added_nutrients: None,
            label_names: None,
            _resolved_name: None,
        }
    };
    // One entry alone, so that every bad row is reported, not only a recipe's first.
    let alone = RecipeBody {
        ingredients: Some(vec![body(reference.clone())]),
        ..RecipeBody::default()
    };
    match alone.validate(false) {
        Ok(_) => Some(body(reference)),
        Err(error) => {
            problems.push(Problem::from_api(row.number, "ingredient", error));
            None
        }
    }
}

/// A text cell's text (`None` when empty); a number reads as it is written.
fn text(cell: &Cell) -> Result<Option<String>, String> {
    match cell {
        Cell::Empty => Ok(None),
        Cell::Text(t) if t.trim().is_empty() => Ok(None),
        Cell::Text(t) => Ok(Some(t.trim().to_owned())),
        Cell::Number(n) => Ok(Some(n.to_string())),
        Cell::Invalid(why) => Err(why.clone()),
    }
}

/// A number cell's number (`None` when empty). Text must be a plain decimal number: a
/// point for decimals and no thousands separators, since `1,000` would otherwise be read
/// either as a thousand or as one.
fn number(cell: &Cell) -> Result<Option<f64>, String> {
    match cell {
        Cell::Empty => Ok(None),
        Cell::Number(n) => Ok(Some(*n)),
        Cell::Text(t) if t.trim().is_empty() => Ok(None),
        Cell::Text(t) => {
            let t = t.trim();
            let plain = t
                .bytes()
                .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E'));
            match t.parse::<f64>() {
                Ok(n) if plain => Ok(Some(n)),
                _ => Err(format!(
                    "{:?} is not a number (write a point for decimals and no thousands \
                     separators)",
                    t.chars().take(40).collect::<String>()
                )),
            }
        }
        Cell::Invalid(why) => Err(why.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn planned(csv: &str) -> Plan {
        plan(&sheet::read_csv(csv.as_bytes()).expect("test input")).expect("test input")
    }

    fn problems(plan: &Plan) -> Vec<(usize, &str, &str)> {
        let mut listed: Vec<_> = plan
            .problems
            .listed
            .iter()
            .map(|p| (p.row, p.field.as_str(), p.problem.as_str()))
            .collect();
        listed.sort_by_key(|p| p.0);
        listed
    }

    #[test]
    fn rows_become_recipes_with_their_lines() {
        let plan = planned(
            "Grams,Recipe,ingredient,servings,label_format\n\
             250,Bread,Wheat flour,4,\n\
             5,Bread,ing_0190b3a0c1f87000a000000000000000,,\n\
             100,Cake,fooddb:170632,2,ca.standard\n",
        );
        assert!(plan.problems.is_empty(), "{:?}", plan.problems);
        assert_eq!(plan.recipes.len(), 2);
        let bread = &plan.recipes[0];
        assert_eq!(bread.rows, vec![2, 3]);
        assert_eq!(bread.change.servings, Some(4.0));
        let entries = bread.change.entries.as_ref().expect("test input");
        assert_eq!(entries[0].name.as_deref(), Some("Wheat flour"));
        assert_eq!(entries[0].grams, 250.0);
        assert!(entries[1]
            .ingredient_id
            .as_deref()
            .expect("test input")
            .starts_with("ing_"));
        let cake = &plan.recipes[1];
        assert_eq!(cake.change.label_format.as_deref(), Some("ca.standard"));
        assert_eq!(
            cake.change.entries.as_ref().expect("test input")[0]
                .ingredient_id
                .as_deref(),
            Some("fooddb:170632")
        );
    }

    #[test]
    fn every_bad_row_names_its_row_and_column() {
        let plan = planned(
            "recipe,servings,ingredient,grams\n\
             Bread,4,Flour,250\n\
             Bread,,Salt,-1\n\
             Bread,,,5\n\
             Cake,x,Sugar,1,000\n\
             Soup,2,Water,1e7\n",
        );
        assert!(plan.recipes.is_empty());
        assert_eq!(
            problems(&plan),
            vec![
                (
                    3,
                    "grams",
                    "must be a number greater than 0 and at most 1000000"
                ),
                (4, "ingredient", "is required"),
                (5, "", "has a value in a column without a header"),
                (
                    5,
                    "servings",
                    "\"x\" is not a number (write a point for decimals and no thousands separators)"
                ),
                (6, "grams", "is too large: must be at most 1000000"),
            ]
        );
    }

    #[test]
    fn a_recipe_that_comes_back_after_another_is_refused_where_it_comes_back() {
        let plan = planned(
            "recipe,servings,ingredient,grams\n\
             Bread,4,Flour,250\n\
             Cake,2,Sugar,100\n\
             Bread,4,Salt,5\n",
        );
        assert_eq!(
            problems(&plan),
            vec![(
                4,
                "recipe",
                "\"Bread\" is also in rows 2–2; the rows of a recipe must be together"
            )]
        );
        assert_eq!(plan.recipes.len(), 2);
    }

    #[test]
    fn recipe_values_given_twice_must_agree() {
        let plan = planned(
            "recipe,servings,ingredient,grams,serving_weight_g\n\
             Bread,4,Flour,250,\n\
             Bread,5,Salt,5,\n\
             Cake,,Sugar,100,30\n",
        );
        assert_eq!(
            problems(&plan),
            vec![
                (
                    3,
                    "servings",
                    "differs from row 2 of the same recipe; give it once or the same on each row"
                ),
                (4, "servings", "is required"),
            ]
        );
    }

    #[test]
    fn the_header_names_known_columns_once_and_all_required_ones() {
        let plan = planned("recipe,recipe,grams,colour\nBread,1,2,3\n");
        let got = problems(&plan);
        assert!(got.contains(&(1, "recipe", "is a column twice")), "{got:?}");
        assert!(got.iter().any(|p| p.1 == "colour"), "{got:?}");
        assert!(got.contains(&(1, "servings", "is a required column")));
        assert!(got.contains(&(1, "ingredient", "is a required column")));
        assert!(plan.recipes.is_empty());
        assert_eq!(
            plan_of(Sheet::default()),
            Err(ImportError::NoHeader),
            "an empty file"
        );
    }

    fn plan_of(sheet: Sheet) -> Result<Plan, ImportError> {
        plan(&sheet)
    }

    #[test]
    fn a_recipe_over_200_lines_is_refused_at_its_first_row() {
        let mut csv = String::from("recipe,servings,ingredient,grams\n");
        for _ in 0..201 {
            csv.push_str("Big,1,Flour,1\n");
        }
        let plan = planned(&csv);
        assert_eq!(
            problems(&plan),
            vec![(2, "ingredient", "must have 1 to 200 entries")]
        );
    }

    #[test]
    fn problems_are_bounded_and_counted() {
        let mut csv = String::from("recipe,servings,ingredient,grams\n");
        for i in 0..150 {
            csv.push_str(&format!("R{i},1,Flour,0\n"));
        }
        let plan = planned(&csv);
        assert_eq!(plan.problems.listed.len(), MAX_PROBLEMS);
        assert_eq!(plan.problems.more, 50);
    }

    #[test]
    fn more_recipes_than_the_bound_are_refused() {
        let mut csv = String::from("recipe,servings,ingredient,grams\n");
        for i in 0..=MAX_RECIPES {
            csv.push_str(&format!("R{i},1,Flour,1\n"));
        }
        assert_eq!(
            plan(&sheet::read_csv(csv.as_bytes()).expect("test input")),
            Err(ImportError::TooManyRecipes { limit: MAX_RECIPES })
        );
    }

    #[test]
    fn spreadsheet_values_that_are_not_numbers_or_text_are_row_problems() {
        let sheet = Sheet {
            rows: vec![
                Row {
                    number: 1,
                    cells: ["recipe", "servings", "ingredient", "grams"]
                        .map(|t| Cell::Text(t.into()))
                        .to_vec(),
                    beyond: false,
                },
                Row {
                    number: 2,
                    cells: vec![
                        Cell::Number(2024.0),
                        Cell::Number(2.0),
                        Cell::Text("Flour".into()),
                        Cell::Invalid("is a spreadsheet error (#DIV/0!)".into()),
                    ],
                    beyond: false,
                },
            ],
        };
        let plan = plan(&sheet).expect("test input");
        assert_eq!(
            problems(&plan),
            vec![(2, "grams", "is a spreadsheet error (#DIV/0!)")]
        );
    }
}
