//! `nls account create`.

use anyhow::{bail, Context};

use crate::cli::AccountAction;

/// Hashes a password as every sign-in path verifies it (`nls_web::password`).
pub fn hash_password(password: &str) -> anyhow::Result<String> {
    nls_web::password::hash(password).map_err(|e| anyhow::anyhow!("cannot hash password: {e}"))
}

pub async fn run(url: &str, action: AccountAction) -> anyhow::Result<()> {
    match action {
        AccountAction::Create {
            name,
            email,
            plan,
            password,
            api_early_access,
        } => create(url, &name, &email, &plan, password, api_early_access).await,
        AccountAction::Plan { account, plan } => change_plan(url, &account, &plan).await,
    }
}

/// `nls account plan`: the new plan, applied by every serving process before it returns
/// (the change notifies them from a trigger; web/src/lease.rs).
async fn change_plan(url: &str, account: &str, plan: &str) -> anyhow::Result<()> {
    let account_id =
        uuid::Uuid::parse_str(account.trim()).context("--account must be an account id")?;
    let pool = crate::db::migrate(url).await?;
    let updated = sqlx::query("update account set plan_id = $2 where account_id = $1")
        .bind(account_id)
        .bind(plan)
        .execute(&pool)
        .await?;
    if updated.rows_affected() == 0 {
        bail!("no account {account_id}");
    }
    nls_web::lease::settle(&pool)
        .await
        .context("the plan is changed, but not every process confirmed it yet")?;
    eprintln!("nls: account {account_id} is on the {plan} plan");
    Ok(())
}

async fn create(
    url: &str,
    name: &str,
    email: &str,
    plan: &str,
    password: Option<String>,
    api_early_access: bool,
) -> anyhow::Result<()> {
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
    .bind(plan)
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
