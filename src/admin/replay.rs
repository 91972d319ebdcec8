//! `nls replay`: rebuild the read models from the event log.

use indicatif::{ProgressBar, ProgressStyle};

pub async fn run(url: &str) -> anyhow::Result<()> {
    let pool = crate::db::migrate(url).await?;
    // Not inside the replay's first transaction (see `shipped::load`).
    nls_readmodel::shipped::load().map_err(|e| anyhow::anyhow!("embedded data: {e}"))?;
    let before = nls_readmodel::replay::summarize(&pool).await?;
    let bar = ProgressBar::new(before.events.max(0).unsigned_abs());
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} replaying [{bar:40}] {pos}/{len} events ({per_sec})",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    let after = nls_readmodel::replay::rebuild(&pool, |done, total| {
        bar.set_length(total);
        bar.set_position(done);
    })
    .await?;
    bar.finish_and_clear();
    println!("events: {}", after.events);
    println!("recipes: {}", after.recipes);
    println!("ingredients: {}", after.ingredients);
    println!("recipe_usages: {}", after.usages);
    println!("checksum_before: {}", before.checksum);
    println!("checksum: {}", after.checksum);
    println!(
        "matches_live: {}",
        if before.checksum == after.checksum {
            "yes"
        } else {
            "no"
        }
    );
    Ok(())
}
