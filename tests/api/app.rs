//! The browser app (issue 16) end to end: the front end is built (`npm run build` in
//! `app/`), the server serves it at `/app`, and `tests/browser/app.mjs` drives Debian's
//! headless Chromium through it: sign-up, sign-in, ingredients, the builder's live label,
//! save, formats and the plan wall, export, the embed on another page, history, sign-out,
//! with axe-core on every screen. The script asks this test for a plan upgrade (its own
//! SQL) on its stdin/stdout; its timings are printed as JSON lines.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};

use crate::embed::browser_project;
use crate::helpers::TestApp;

/// The front end, built once per test run: both browser tests serve it, and two builds at
/// once would write the same files.
fn build_front_end() -> PathBuf {
    static BUILT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BUILT.get_or_init(build_front_end_now).clone()
}

/// Builds the front end into `app/dist` (installing its packages first when missing).
fn build_front_end_now() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("app");
    if !dir.join("node_modules/esbuild").exists() {
        let installed = std::process::Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&dir)
            .status()
            .expect("npm runs");
        assert!(installed.success(), "npm ci in app/ failed");
    }
    let built = std::process::Command::new("npm")
        .args(["run", "build"])
        .current_dir(&dir)
        .status()
        .expect("npm runs");
    assert!(built.success(), "npm run build in app/ failed");
    let dist = dir.join("dist");
    for file in ["index.html", "app.js", "app.css"] {
        assert!(
            dist.join(file).is_file(),
            "app/dist/{file} missing after the build"
        );
    }
    dist
}

/// Answers one request of the script: `{"plan": "...", "email": "..."}` moves that
/// account to the plan, as support would.
async fn answer(app: &TestApp, ask: &Value) -> bool {
    let (Some(plan), Some(email)) = (ask["plan"].as_str(), ask["email"].as_str()) else {
        return false;
    };
    let updated = sqlx::query("update account set plan_id = $1 where lower(email) = lower($2)")
        .bind(plan)
        .bind(email)
        .execute(&app.pool)
        .await
        .expect("plan update");
    // Every process applies the new plan before the script goes on (as `nls account plan`).
    nls_web::lease::settle(&app.pool).await.expect("settled");
    updated.rows_affected() == 1
}

/// A bound on the whole scenario, far above its usual run (about a minute): each step has
/// its own 10 s limit, so this only catches a step that cannot time out by itself.
const BROWSER_TEST_BOUND: Duration = Duration::from_secs(420);

// Several worker threads: the server under test runs on this test's runtime, and the
// browser's requests (previews, exports, the embed stream) should not queue behind each
// other on one thread while the rest of the suite shares the machine.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_app_works_end_to_end_in_headless_chromium() {
    let Some(output) = run_script("app.mjs").await else {
        return;
    };
    assert!(
        output
            .iter()
            .any(|l| l.contains("\"metric\":\"keystroke_to_preview_ms\"")),
        "the timings were printed"
    );
}

/// Issue 29, items 4 and 5: the Import screen (dry run, row problems, import) and the
/// builder's controls for the rest of the API (package and `us.auto`, voluntary nutrients,
/// front-of-pack, line overrides) and the markets side by side (`tests/browser/app_api.mjs`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_app_imports_and_uses_the_whole_api_in_headless_chromium() {
    let Some(output) = run_script("app_api.mjs").await else {
        return;
    };
    assert!(
        output.iter().any(|l| l.contains("\"stage\":\"Import\"")),
        "the import stage ran"
    );
}

/// Issue 30, item 5: the builder's Reformulate panel (`tests/browser/reformulate.mjs`): a
/// goal out of reach explained, candidates whose labels lack the Chilean seal, a stale apply
/// refused (412) and recomputed, then one click applies a candidate as the next version.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_app_reformulates_a_recipe_in_headless_chromium() {
    let Some(output) = run_script("reformulate.mjs").await else {
        return;
    };
    assert!(
        output.iter().any(|l| l.contains("\"stage\":\"Apply\"")),
        "the apply stage ran"
    );
}

/// Builds the app, serves it, and runs `script` (in `tests/browser`) against it; its
/// output lines, or `None` where the browser tests cannot run here.
async fn run_script(script: &str) -> Option<Vec<String>> {
    let dir = browser_project()?;
    let dist = build_front_end();
    let app = TestApp::spawn_configured(crate::helpers::nats_url(), |config| {
        config.app_dir = dist;
    })
    .await;
    let mut command = tokio::process::Command::new("node");
    command
        .arg(script)
        .current_dir(&dir)
        .env("SERVICE_URL", &app.base)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    // NLS_APP_SCREENSHOTS=<dir> also writes the screenshots of docs/app.
    if let Ok(shots) = std::env::var("NLS_APP_SCREENSHOTS") {
        command.env("SCREENSHOT_DIR", shots);
    }
    let mut child = command.spawn().expect("node starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let mut stderr = child.stderr.take().expect("stderr");
    let errors = tokio::spawn(async move {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text).await;
        text
    });

    let run = async {
        let mut output = Vec::new();
        while let Some(line) = lines.next_line().await.expect("script output") {
            let parsed: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
            if parsed.get("ask").is_some() {
                let reply = if answer(&app, &parsed["ask"]).await {
                    "ok\n"
                } else {
                    "refused\n"
                };
                stdin
                    .write_all(reply.as_bytes())
                    .await
                    .expect("answer the script");
                stdin.flush().await.expect("flush");
            } else {
                eprintln!("{line}");
                output.push(line);
            }
        }
        (output, child.wait().await.expect("node exits"))
    };
    let outcome = tokio::time::timeout(BROWSER_TEST_BOUND, run).await;
    if outcome.is_err() {
        // Killing the script closes its stderr, so what it said so far can be shown.
        let _ = child.start_kill();
    }
    let errors = errors.await.unwrap_or_default();
    let Ok((output, status)) = outcome else {
        panic!(
            "the browser test did not finish within {BROWSER_TEST_BOUND:?} (its last stage is above); its stderr:\n{errors}"
        );
    };
    assert!(
        status.success(),
        "browser checks of {script} failed:\n{}\n{errors}",
        output.join("\n")
    );
    app.finish().await;
    Some(output)
}
