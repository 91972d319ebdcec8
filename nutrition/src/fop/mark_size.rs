//! How large a scheme's marks must be printed, from the package's principal display surface,
//! where the scheme's data holds a size table (Mexico's NOM-051, Appendix A, table A1).
//! Pure: the table is data, the area is a fact the request gives
//! (`front_of_pack_facts.principal_display_area_cm2`); without it nothing is said.

use serde::{Deserialize, Serialize};

use super::data::Status;

/// A scheme's size table, as its data file holds it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SizeTable {
    /// `unconfirmed` unless the table was read in the law's own text.
    pub status: Status,
    pub citation: String,
    /// Where the figures were read, and how far to trust them.
    pub source: String,
    /// Rows by ascending upper bound of the area (inclusive); the last row has none.
    pub rows: Vec<SizeRow>,
    /// At or below this area, one mark stating how many limits are exceeded replaces the
    /// individual marks.
    #[serde(default)]
    pub single_mark_up_to_cm2: Option<f64>,
    /// The citation of that rule.
    #[serde(default)]
    pub single_mark_citation: Option<String>,
}

/// One row of a size table: a mark of fixed width and height, or a share of the surface.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SizeRow {
    /// The largest area this row covers, cm² (inclusive); `None` for the last row.
    #[serde(default)]
    pub up_to_cm2: Option<f64>,
    #[serde(default)]
    pub width_cm: Option<f64>,
    #[serde(default)]
    pub height_cm: Option<f64>,
    /// "At least this share of the principal display surface", %.
    #[serde(default)]
    pub share_of_area_pct: Option<f64>,
}

/// The size a label's marks take on its package, as the label JSON carries it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkSize {
    /// The principal display surface it was read for, cm².
    pub display_area_cm2: f64,
    /// Each mark's width and height, cm.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width_cm: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height_cm: Option<f64>,
    /// For the smallest surfaces: the marks take at least this share of it, %.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub share_of_area_pct: Option<f64>,
    /// One mark with the number of limits exceeded replaces the individual marks.
    pub single_mark: bool,
    pub status: Status,
    pub citation: String,
}

impl SizeTable {
    /// Checks the table: bounds ascend, only the last row is open, each row is one kind.
    pub fn check(&self) -> Result<(), String> {
        let Some((last, bounded)) = self.rows.split_last() else {
            return Err("mark_sizes needs rows".into());
        };
        if last.up_to_cm2.is_some() {
            return Err("mark_sizes: the last row has no up_to_cm2".into());
        }
        let mut previous = 0.0;
        for row in bounded {
            match row.up_to_cm2 {
                Some(b) if b.is_finite() && b > previous => previous = b,
                _ => return Err("mark_sizes: up_to_cm2 must ascend, open only last".into()),
            }
        }
        for row in &self.rows {
            let sized =
                matches!((row.width_cm, row.height_cm), (Some(w), Some(h)) if w > 0.0 && h > 0.0);
            let share = row.share_of_area_pct.is_some_and(|p| p > 0.0 && p <= 100.0);
            if sized == share {
                return Err(
                    "mark_sizes: each row gives width_cm and height_cm, or share_of_area_pct"
                        .into(),
                );
            }
        }
        Ok(())
    }

    /// The size for a surface of `area_cm2` (> 0), with `marks` marks to print.
    pub fn size_for(&self, area_cm2: f64, marks: usize) -> Option<MarkSize> {
        let row = self
            .rows
            .iter()
            .find(|r| r.up_to_cm2.is_none_or(|b| area_cm2 <= b))?;
        let single_mark = marks > 1 && self.single_mark_up_to_cm2.is_some_and(|b| area_cm2 <= b);
        let mut citation = self.citation.clone();
        if single_mark {
            if let Some(c) = &self.single_mark_citation {
                citation = format!("{citation}; {c}");
            }
        }
        Some(MarkSize {
            display_area_cm2: area_cm2,
            width_cm: row.width_cm,
            height_cm: row.height_cm,
            share_of_area_pct: row.share_of_area_pct,
            single_mark,
            status: self.status,
            citation,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> SizeTable {
        let row = |up: Option<f64>, w: f64, h: f64| SizeRow {
            up_to_cm2: up,
            width_cm: Some(w),
            height_cm: Some(h),
            share_of_area_pct: None,
        };
        SizeTable {
            status: Status::Unconfirmed,
            citation: "table A1".into(),
            source: "test".into(),
            rows: vec![
                SizeRow {
                    up_to_cm2: Some(5.0),
                    width_cm: None,
                    height_cm: None,
                    share_of_area_pct: Some(15.0),
                },
                row(Some(30.0), 1.0, 1.11),
                row(Some(60.0), 1.5, 1.66),
                row(None, 3.5, 3.88),
            ],
            single_mark_up_to_cm2: Some(40.0),
            single_mark_citation: Some("4.5.3.4.2".into()),
        }
    }

    #[test]
    fn bounds_are_inclusive_and_the_last_row_is_open() {
        let t = table();
        assert!(t.check().is_ok());
        let at = |a: f64| t.size_for(a, 1).expect("a row");
        assert_eq!(at(5.0).share_of_area_pct, Some(15.0));
        assert_eq!(at(5.01).width_cm, Some(1.0));
        assert_eq!(at(30.0).height_cm, Some(1.11));
        assert_eq!(at(30.5).width_cm, Some(1.5));
        assert_eq!(at(10_000.0).width_cm, Some(3.5));
    }

    #[test]
    fn one_mark_replaces_several_on_small_surfaces_only() {
        let t = table();
        let small = t.size_for(40.0, 2).expect("a row");
        assert!(small.single_mark);
        assert!(small.citation.ends_with("4.5.3.4.2"));
        assert!(!t.size_for(40.5, 2).expect("a row").single_mark);
        // A single mark is already one mark.
        assert!(!t.size_for(20.0, 1).expect("a row").single_mark);
    }

    #[test]
    fn a_malformed_table_is_refused() {
        let mut t = table();
        t.rows.swap(1, 2);
        assert!(t.check().is_err());
        let mut t = table();
        t.rows[1].share_of_area_pct = Some(10.0);
        assert!(t.check().is_err());
        let mut t = table();
        t.rows.pop();
        assert!(t.check().is_err());
    }
}
