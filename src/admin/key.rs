//! `nls key create` and `nls key revoke`.

use anyhow::{bail, Context};
use nls_web::auth::{generate_key, hash_key, looks_like_key};
use uuid::Uuid;

use crate::cli::KeyAction;

pub async fn run(url: &str, action: KeyAction) -> anyhow::Result<()> {
    let pool = crate::db::migrate(url).await?;
    match action {
        KeyAction::Create { account } => {
            let account_id =
                Uuid::parse_str(account.trim()).context("--account must be an account id")?;
            let exists: bool =
                sqlx::query_scalar("select exists(select 1 from account where account_id = $1)")
                    .bind(account_id)
                    .fetch_one(&pool)
                    .await?;
            if !exists {
                bail!("no account {account_id}");
            }
            let key = generate_key();
            sqlx::query(
                "insert into api_key (key_id, account_id, key_hash, key_prefix) values ($1, $2, $3, $4)",
            )
            .bind(key.key_id)
            .bind(account_id)
            .bind(&key.hash)
            .bind(&key.prefix)
            .execute(&pool)
            .await?;
            eprintln!(
                "nls: key {} created; it is shown once, store it now",
                key.key_id
            );
            println!("{}", key.clear);
            Ok(())
        }
        KeyAction::Revoke { key_or_key_id } => {
            let text = key_or_key_id.trim();
            let revoked = if looks_like_key(text) {
                sqlx::query("update api_key set revoked_at = now() where key_hash = $1 and revoked_at is null")
                    .bind(hash_key(text))
                    .execute(&pool)
                    .await?
            } else {
                let id = Uuid::parse_str(text).context("give the key (nls_...) or its id")?;
                sqlx::query("update api_key set revoked_at = now() where key_id = $1 and revoked_at is null")
                    .bind(id)
                    .execute(&pool)
                    .await?
            };
            if revoked.rows_affected() == 0 {
                bail!("no active key matches");
            }
            // Returns once every serving process has dropped the key (or lost its lease):
            // from then on no process serves it (web/src/lease.rs).
            nls_web::lease::settle(&pool)
                .await
                .context("the key is revoked, but not every process confirmed it yet")?;
            eprintln!("nls: key revoked");
            Ok(())
        }
    }
}
