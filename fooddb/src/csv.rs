//! A minimal reader for the RFC 4180 CSV files of the SR Legacy release.
//!
//! The files are small, quoted and UTF-8 (ASCII in practice); a hand-written reader keeps
//! the crate free of a CSV dependency and lets errors carry the physical line number.

/// One parsed record and the 1-based line it starts on.
pub(crate) struct Record {
    pub line: usize,
    pub fields: Vec<String>,
}

/// Why a CSV record could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CsvError {
    pub line: usize,
    pub message: String,
}

/// Splits `text` into records. Quoted fields may contain commas, doubled quotes and
/// newlines; a quote that is never closed is an error at the line where it opened.
pub(crate) fn parse(text: &str) -> Result<Vec<Record>, CsvError> {
    let mut records = Vec::new();
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut chars = text.chars().peekable();
    let mut line = 1;
    let mut record_line = 1;
    let mut in_quotes = false;
    let mut quote_line = 0;
    let mut at_field_start = true;
    while let Some(c) = chars.next() {
        if in_quotes {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => in_quotes = false,
                '\n' => {
                    line += 1;
                    field.push('\n');
                }
                _ => field.push(c),
            }
            continue;
        }
        match c {
            '"' if at_field_start => {
                in_quotes = true;
                quote_line = line;
                at_field_start = false;
            }
            ',' => {
                fields.push(std::mem::take(&mut field));
                at_field_start = true;
            }
            '\r' => {}
            '\n' => {
                fields.push(std::mem::take(&mut field));
                // A blank line carries no record (files end with a newline).
                if !(fields.len() == 1 && fields[0].is_empty()) {
                    records.push(Record {
                        line: record_line,
                        fields: std::mem::take(&mut fields),
                    });
                }
                fields.clear();
                line += 1;
                record_line = line;
                at_field_start = true;
            }
            _ => {
                field.push(c);
                at_field_start = false;
            }
        }
    }
    if in_quotes {
        return Err(CsvError {
            line: quote_line,
            message: "quoted field is never closed".into(),
        });
    }
    if !field.is_empty() || !fields.is_empty() {
        fields.push(field);
        records.push(Record {
            line: record_line,
            fields,
        });
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_fields_keep_commas_and_doubled_quotes() {
        let records = parse("\"a\",\"b, c\",\"1\"\"\"\n\"x\",,\"\"\n").expect("valid csv");
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].fields, vec!["a", "b, c", "1\""]);
        assert_eq!(records[1].fields, vec!["x", "", ""]);
        assert_eq!(records[1].line, 2);
    }

    #[test]
    fn an_unclosed_quote_is_reported_at_its_line() {
        let err = parse("\"a\"\n\"b,\n").err().expect("error");
        assert_eq!(err.line, 2);
    }

    #[test]
    fn a_last_line_without_newline_is_a_record() {
        let records = parse("a,b\nc,d").expect("valid csv");
        assert_eq!(records[1].fields, vec!["c", "d"]);
    }
}
