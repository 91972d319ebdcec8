//! The data the binary carries (food table, formats, terms, schemes, reference amounts)
//! is decompressed, parsed and digested on first use. [`load`] does all of it up front.

/// Loads every embedded data set a label derivation reads, or says which one is broken.
///
/// Call it before the first transaction that may derive a label. Loading takes a moment
/// (seconds in a debug build on a busy machine), and spent inside a transaction it is
/// time the session sits idle holding locks; Postgres ends such a session after
/// `idle_in_transaction_session_timeout` (see the binary's `db` module), which once failed
/// a replay half way.
pub fn load() -> Result<(), String> {
    nls_fooddb::try_shipped().map_err(|e| format!("food table: {e}"))?;
    // Unusable sub-ingredient data lists none; the crate's tests refuse such a file.
    let _ = nls_fooddb::sub_ingredients_for("");
    nls_nutrition::catalog::catalog().map_err(|e| e.to_string())?;
    nls_nutrition::fop::schemes().map_err(|e| e.to_string())?;
    nls_nutrition::countries::all();
    nls_nutrition::racc::table();
    crate::edition::current();
    Ok(())
}
