//! `nls account create`.

use anyhow::{bail, Context};

use crate::cli::AccountAction;

/// Hashes a password as every sign-in path verifies it (`nls_web::password`).
pub fn hash_password(password: &str) -> anyhow::Result<String> {
    nls_web::password::hash(password).map_err(|e| anyhow::anyhow!("cannot hash password: {e}"))
}

pub async fn run(url: &str, action: AccountAction) -> anyhow::Result<()> {
    let AccountAction::Create {
        name,
        email,
        plan,
        password,
        api_early_access,
    } = action;
    let name = name.trim();
    let email = email.trim();
    if name.is_empty() || name.chars().count() > 200 {
        bail!("--name must be 1 to 200 characters");
    }
    if email.len() > 254 || !email.contains('@') || email.starts_with('@') || email.ends_with('@') {
        bail!("--email is not an e-mail address");
    }
    let password_hash = match password.as_deref() {
        Some(p) if p.len() < 8 => bail!("--password must have at least 8 characters"),
        Some(p) => Some(hash_password(p)?),
        None => None,
    };
    let pool = crate::db::migrate(url).await?;
    let id = uuid::Uuid::now_v7();
    sqlx::query(
        "insert into account (account_id, name, email, plan_id, password_hash, api_early_access)
         values ($1, $2, $3, $4, $5, $6)",
    )
    .bind(id)
    .bind(name)
    .bind(email)
    .bind(&plan)
    .bind(password_hash)
    .bind(api_early_access)
    .execute(&pool)
    .await
    .map_err(
        |err| match err.as_database_error().and_then(|d| d.constraint()) {
            Some("account_email_key") => {
                anyhow::anyhow!("an account with this e-mail already exists")
            }
            _ => anyhow::Error::new(err),
        },
    )
    .context("cannot create the account")?;
    println!("{id}");
    Ok(())
}
