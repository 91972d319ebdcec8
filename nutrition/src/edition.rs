//! What the engine's results depend on besides code: every embedded data file (formats,
//! regimes, terms, layouts, front-of-pack schemes, reference amounts). A label records the
//! edition of these rules that computed it (`nls_readmodel::edition`).

/// Every embedded rules file as `(name, contents)`, in a fixed order.
pub fn sources() -> Vec<(String, &'static str)> {
    let mut out: Vec<(String, &'static str)> = crate::catalog::DATA_FILES
        .iter()
        .map(|(kind, name, text)| (format!("{kind}/{name}"), *text))
        .collect();
    out.extend(
        crate::fop::data::FILES
            .iter()
            .map(|(name, text)| (format!("fop/{name}"), *text)),
    );
    out.push(("racc.json".to_owned(), crate::racc::DATA));
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_kind_of_rules_file_is_a_source() {
        let names: Vec<String> = super::sources().into_iter().map(|(n, _)| n).collect();
        for prefix in [
            "formats/",
            "regimes/",
            "terms/",
            "layouts/",
            "fop/",
            "racc.json",
        ] {
            assert!(names.iter().any(|n| n.starts_with(prefix)), "{prefix}");
        }
    }
}
