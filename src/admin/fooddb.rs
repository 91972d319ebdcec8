//! `nls fooddb import`.

use crate::cli::FooddbAction;

pub fn run(action: FooddbAction) -> anyhow::Result<()> {
    let FooddbAction::Import { source, out } = action;
    let stats = nls_fooddb::import_to_file(&source, &out)?;
    eprintln!("nls: wrote {} ({stats:?})", out.display());
    Ok(())
}
