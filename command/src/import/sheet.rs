//! Reading an import file into rows of cells: CSV (the `csv` crate) or the first sheet of
//! an .xlsx workbook (`calamine`). Bounded before anything grows with the input: rows,
//! columns, and what an .xlsx unpacks to.

use std::io::{Cursor, Read};

use calamine::{DataRef, Reader, Xlsx};

use super::ImportError;

/// Most data rows a file may hold (the header not counted).
pub const MAX_ROWS: usize = 10_000;
/// Columns read; a value further right is reported, never stored.
pub const MAX_COLUMNS: usize = 32;
/// Most bytes an .xlsx may unpack to, all its parts together. A 10,000-row sheet of recipe
/// lines unpacks to about 1.5 MiB; a file past this is refused before it is parsed (a
/// 1 MiB zip can otherwise unpack to a gigabyte).
pub const MAX_XLSX_UNPACKED_BYTES: u64 = 32 * 1024 * 1024;

/// One cell as read.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Empty,
    Text(String),
    Number(f64),
    /// A value that is neither text nor a number (a spreadsheet error, a date, a boolean),
    /// with what it was.
    Invalid(String),
}

impl Cell {
    pub fn is_empty(&self) -> bool {
        match self {
            Cell::Empty => true,
            Cell::Text(t) => t.trim().is_empty(),
            _ => false,
        }
    }
}

/// A row of the file: its number as the file shows it (the header is usually row 1) and
/// its first [`MAX_COLUMNS`] cells.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub number: usize,
    pub cells: Vec<Cell>,
    /// Whether the row has a value beyond [`MAX_COLUMNS`].
    pub beyond: bool,
}

impl Row {
    pub fn is_empty(&self) -> bool {
        !self.beyond && self.cells.iter().all(Cell::is_empty)
    }
}

/// The non-empty rows of a file, in order; the first is the header.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Sheet {
    pub rows: Vec<Row>,
}

impl Sheet {
    /// Adds a row unless it is empty; refuses a row past the header and [`MAX_ROWS`].
    fn push(&mut self, row: Row) -> Result<(), ImportError> {
        if row.is_empty() {
            return Ok(());
        }
        if self.rows.len() > MAX_ROWS {
            return Err(ImportError::TooManyRows { limit: MAX_ROWS });
        }
        self.rows.push(row);
        Ok(())
    }
}

/// A CSV file: UTF-8 (a leading byte order mark is skipped), comma-separated, or
/// semicolon-separated when the first line has semicolons and no comma (what spreadsheets
/// write where the comma is the decimal mark). Rows are numbered by the line they start on.
pub fn read_csv(bytes: &[u8]) -> Result<Sheet, ImportError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let first_line = bytes.split(|b| *b == b'\n').next().unwrap_or_default();
    let delimiter = if !first_line.contains(&b',') && first_line.contains(&b';') {
        b';'
    } else {
        b','
    };
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .from_reader(bytes);
    let mut sheet = Sheet::default();
    let mut record = csv::ByteRecord::new();
    loop {
        match reader.read_byte_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(err) => {
                let line = err.position().map_or(0, |p| p.line());
                return Err(ImportError::Unreadable(format!(
                    "the CSV cannot be read at line {line}: {}",
                    csv_problem(&err)
                )));
            }
        }
        let number = record
            .position()
            .map_or(sheet.rows.len() + 1, |p| p.line() as usize);
        let cells = record
            .iter()
            .take(MAX_COLUMNS)
            .map(|field| match std::str::from_utf8(field) {
                Ok(text) if text.trim().is_empty() => Cell::Empty,
                Ok(text) => Cell::Text(text.to_owned()),
                Err(_) => {
                    Cell::Invalid("is not UTF-8 text; save the file as \"CSV UTF-8\"".to_owned())
                }
            })
            .collect();
        let beyond = record
            .iter()
            .skip(MAX_COLUMNS)
            .any(|f| !f.iter().all(u8::is_ascii_whitespace));
        sheet.push(Row {
            number,
            cells,
            beyond,
        })?;
    }
    Ok(sheet)
}

/// What went wrong in a CSV, without the crate's internal wording of positions.
fn csv_problem(err: &csv::Error) -> String {
    match err.kind() {
        csv::ErrorKind::Utf8 { .. } => "a field is not UTF-8 text".to_owned(),
        _ => "malformed quoting".to_owned(),
    }
}

/// The first sheet of an .xlsx workbook. Rows keep the sheet's numbers (row 1 is the
/// sheet's first row, empty or not).
pub fn read_xlsx(bytes: &[u8]) -> Result<Sheet, ImportError> {
    check_unpacked_size(bytes)?;
    let unreadable = |e: calamine::XlsxError| {
        ImportError::Unreadable(format!("the .xlsx file cannot be read: {e}"))
    };
    let mut workbook: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).map_err(unreadable)?;
    let Some(first) = workbook.sheet_names().first().cloned() else {
        return Err(ImportError::Unreadable(
            "the .xlsx file has no sheet".to_owned(),
        ));
    };
    let mut cells = workbook
        .worksheet_cells_reader(&first)
        .map_err(unreadable)?;
    let mut sheet = Sheet::default();
    let mut current: Option<Row> = None;
    while let Some(cell) = cells.next_cell().map_err(unreadable)? {
        let (row, column) = cell.get_position();
        let number = row as usize + 1;
        if current.as_ref().is_some_and(|r| r.number != number) {
            if let Some(done) = current.take() {
                sheet.push(done)?;
            }
        }
        // Cells come in order of rows; a row far below the last is still one row, so the
        // bound on rows holds however far apart they are.
        let row = current.get_or_insert_with(|| Row {
            number,
            cells: Vec::new(),
            beyond: false,
        });
        let value = xlsx_cell(cell.get_value());
        let column = column as usize;
        if column >= MAX_COLUMNS {
            row.beyond |= !value.is_empty();
            continue;
        }
        if row.cells.len() <= column {
            row.cells.resize(column + 1, Cell::Empty);
        }
        row.cells[column] = value;
    }
    if let Some(done) = current {
        sheet.push(done)?;
    }
    Ok(sheet)
}

fn xlsx_cell(value: &DataRef<'_>) -> Cell {
    match value {
        DataRef::Empty => Cell::Empty,
        DataRef::String(s) | DataRef::DateTimeIso(s) | DataRef::DurationIso(s) => {
            Cell::Text(s.clone())
        }
        DataRef::SharedString(s) => Cell::Text((*s).to_owned()),
        DataRef::Float(f) => Cell::Number(*f),
        DataRef::Int(i) => Cell::Number(*i as f64),
        DataRef::Bool(b) => Cell::Invalid(format!(
            "is a true/false value ({}), not text or a number",
            if *b { "TRUE" } else { "FALSE" }
        )),
        DataRef::DateTime(_) => {
            Cell::Invalid("is formatted as a date; format the cell as a number or text".into())
        }
        DataRef::Error(e) => Cell::Invalid(format!("is a spreadsheet error ({e})")),
    }
}

/// Refuses an .xlsx whose parts unpack to more than [`MAX_XLSX_UNPACKED_BYTES`], by
/// unpacking them (the sizes a zip declares can lie) and stopping at the bound.
fn check_unpacked_size(bytes: &[u8]) -> Result<(), ImportError> {
    let not_xlsx =
        |e: zip::result::ZipError| ImportError::Unreadable(format!("not an .xlsx file: {e}"));
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).map_err(not_xlsx)?;
    let mut left = MAX_XLSX_UNPACKED_BYTES;
    for index in 0..archive.len() {
        let part = archive.by_index(index).map_err(not_xlsx)?;
        let read = std::io::copy(&mut part.take(left + 1), &mut std::io::sink())
            .map_err(|e| ImportError::Unreadable(format!("not an .xlsx file: {e}")))?;
        if read > left {
            return Err(ImportError::TooLarge {
                limit: MAX_XLSX_UNPACKED_BYTES,
            });
        }
        left -= read;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(sheet: &Sheet) -> Vec<(usize, Vec<String>)> {
        sheet
            .rows
            .iter()
            .map(|r| {
                let cells = r
                    .cells
                    .iter()
                    .map(|c| match c {
                        Cell::Empty => String::new(),
                        Cell::Text(t) => t.clone(),
                        Cell::Number(n) => format!("#{n}"),
                        Cell::Invalid(why) => format!("!{why}"),
                    })
                    .collect();
                (r.number, cells)
            })
            .collect()
    }

    #[test]
    fn csv_rows_keep_their_line_numbers_and_skip_blank_lines() {
        let sheet = read_csv(b"\xEF\xBB\xBFrecipe,grams\nBread,\"1\n0\"\n\n,\nCake,5\n")
            .expect("test input");
        assert_eq!(
            texts(&sheet),
            vec![
                (1, vec!["recipe".into(), "grams".into()]),
                (2, vec!["Bread".into(), "1\n0".into()]),
                (6, vec!["Cake".into(), "5".into()]),
            ]
        );
    }

    #[test]
    fn semicolons_separate_when_the_header_has_no_comma() {
        let sheet = read_csv(b"recipe;grams\nBread;100\n").expect("test input");
        assert_eq!(texts(&sheet)[1].1, vec!["Bread", "100"]);
    }

    #[test]
    fn invalid_utf8_is_a_cell_problem_and_far_columns_are_flagged() {
        let mut line = b"a\xFF".to_vec();
        line.extend(std::iter::repeat_n(b",".as_slice(), MAX_COLUMNS).flatten());
        line.extend(b"x\n");
        let sheet = read_csv(&line).expect("test input");
        assert!(matches!(sheet.rows[0].cells[0], Cell::Invalid(_)));
        assert_eq!(sheet.rows[0].cells.len(), MAX_COLUMNS);
        assert!(sheet.rows[0].beyond);
    }

    #[test]
    fn more_rows_than_the_bound_are_refused() {
        let mut csv = String::from("recipe\n");
        for i in 0..MAX_ROWS {
            csv.push_str(&format!("r{i}\n"));
        }
        assert_eq!(
            read_csv(csv.as_bytes()).expect("test input").rows.len(),
            MAX_ROWS + 1
        );
        csv.push_str("one more\n");
        assert_eq!(
            read_csv(csv.as_bytes()),
            Err(ImportError::TooManyRows { limit: MAX_ROWS })
        );
    }

    fn workbook(rows: &[&[Option<&str>]]) -> Vec<u8> {
        let mut book = rust_xlsxwriter::Workbook::new();
        let sheet = book.add_worksheet();
        for (r, row) in rows.iter().enumerate() {
            for (c, value) in row.iter().enumerate() {
                let Some(value) = value else { continue };
                let (r, c) = (r as u32, c as u16);
                match value.parse::<f64>() {
                    Ok(n) => sheet.write_number(r, c, n).map(|_| ()),
                    Err(_) => sheet.write_string(r, c, *value).map(|_| ()),
                }
                .expect("test input");
            }
        }
        book.add_worksheet()
            .write_string(0, 0, "second sheet")
            .expect("test input");
        book.save_to_buffer().expect("test input")
    }

    #[test]
    fn xlsx_reads_the_first_sheet_with_numbers_as_numbers() {
        let bytes = workbook(&[
            &[Some("recipe"), Some("grams")],
            &[None, None],
            &[Some("Bread"), Some("12.5")],
            &[None, Some("7")],
        ]);
        let sheet = read_xlsx(&bytes).expect("test input");
        assert_eq!(
            texts(&sheet),
            vec![
                (1, vec!["recipe".into(), "grams".into()]),
                (3, vec!["Bread".into(), "#12.5".into()]),
                (4, vec![String::new(), "#7".into()]),
            ]
        );
    }

    #[test]
    fn a_zip_that_unpacks_past_the_bound_is_refused_unread() {
        use std::io::Write;
        let mut out = Cursor::new(Vec::new());
        let mut zip = zip::ZipWriter::new(&mut out);
        zip.start_file(
            "xl/sharedStrings.xml",
            zip::write::SimpleFileOptions::default(),
        )
        .expect("test input");
        let block = vec![b' '; 1 << 20];
        for _ in 0..=MAX_XLSX_UNPACKED_BYTES >> 20 {
            zip.write_all(&block).expect("test input");
        }
        zip.finish().expect("test input");
        let bytes = out.into_inner();
        assert!(bytes.len() < 1 << 20, "{} bytes", bytes.len());
        assert_eq!(
            read_xlsx(&bytes),
            Err(ImportError::TooLarge {
                limit: MAX_XLSX_UNPACKED_BYTES
            })
        );
    }

    #[test]
    fn what_is_not_an_xlsx_is_unreadable() {
        assert!(matches!(
            read_xlsx(b"recipe,grams\n"),
            Err(ImportError::Unreadable(_))
        ));
    }
}
