//! Sessions of the browser app (issue 16): sign-up, sign-in and sign-out at
//! `/auth/v1/signup` and `/auth/v1/session`, and the middleware that lets a signed-in
//! browser call the same `/v1` API (and the export function) every other client uses.
//!
//! # The cookie
//!
//! `nls_session=nlsa_<256 random bits>`; `HttpOnly` (no script reads it), `SameSite=Lax`
//! (not sent with cross-site subrequests or cross-site POSTs), `Path=/`, `Secure` when the
//! site is served over HTTPS, and valid for [`SESSION_LIFETIME_SECS`]. Only its SHA-256 is
//! stored (`app_session`); a sign-out returns once every process has dropped the session
//! from its cache ([`crate::lease`]), so no process serves it afterwards.
//!
//! # CSRF
//!
//! Every state-changing request made with the cookie must carry `X-CSRF-Token`, the
//! token the session endpoints return: SHA-256 of a domain string and the cookie's value,
//! so it is never stored and only a page that was given it (same origin) can send it. On
//! top of that, a request whose `Origin` is present and not the site's own is refused, and so
//! is one a browser marks `Sec-Fetch-Site: cross-site`. Sign-in and sign-up, which have no
//! session yet, get the origin checks (against login CSRF).
//!
//! # Plans and limits
//!
//! The app is open to every plan: the REST gate (Business or API early access) is for
//! keys, but every plan rule (formats, file types, watermark, embed, webhooks) applies to
//! the app's calls as to a key's. An account's sessions share one request bucket of
//! [`APP_REQUESTS_PER_MINUTE`] in the shared `rate_limit` table, keyed by the account (issue
//! 28: a bucket per session let an account multiply its rate by signing in again): the live
//! preview sends an analyze on every pause in typing, which a key's 60 a minute would
//! starve. An account holds at most [`MAX_SESSIONS_PER_ACCOUNT`] live sessions; starting one
//! more ends the oldest.

use axum::extract::{FromRef, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use sqlx::{PgPool, Row};
use subtle::ConstantTimeEq;
use uuid::Uuid;

use crate::auth::{Caller, Plan, Via};
use crate::auth_cache::AuthCache;
use crate::error::{ApiError, ErrorCode};
use crate::json::{ApiJson, JsonFields};
use crate::rate_limit::Decision;

/// The cookie's name.
pub const COOKIE: &str = "nls_session";
/// The header that carries the CSRF token.
pub const CSRF_HEADER: &str = "x-csrf-token";
/// How long a session lasts from sign-in: a working day and then some.
pub const SESSION_LIFETIME_SECS: i64 = 12 * 3600;
/// Requests per minute of an account's app sessions together (one bucket, burst as large).
pub const APP_REQUESTS_PER_MINUTE: u32 = 600;
/// Live app sessions an account may hold (browsers and devices signed in at once).
pub const MAX_SESSIONS_PER_ACCOUNT: i64 = 10;
/// The shortest password a sign-up accepts (NIST SP 800-63B §5.1.1.2 asks for at least 8;
/// we ask a little more of accounts anyone can create).
pub const MIN_PASSWORD_CHARS: usize = 10;
/// The longest password hashed: Argon2's cost grows with it.
pub const MAX_PASSWORD_BYTES: usize = 1024;

const TOKEN_PREFIX: &str = "nlsa_";
/// 32 random bytes in unpadded base64url.
const TOKEN_SUFFIX_LEN: usize = 43;
/// Domain separation for the CSRF token, so it can never equal any other derived value.
const CSRF_DOMAIN: &[u8] = b"nls app csrf v1\0";

/// What the session routes and the middleware need.
#[derive(Debug, Clone)]
pub struct AppSessions {
    pub pool: PgPool,
    /// `{site_url}`, whose origin is always accepted and whose scheme decides `Secure`.
    pub site_url: String,
    /// Who each cookie is, without a database read per request.
    pub cache: AuthCache,
}

impl AppSessions {
    fn site_is_https(&self) -> bool {
        self.site_url.starts_with("https://")
    }
}

/// A session cookie's value: its clear token, which the client holds, and its digest.
struct SessionToken {
    clear: String,
    hash: Vec<u8>,
}

impl SessionToken {
    fn generate() -> Self {
        let mut bytes = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        let clear = format!("{TOKEN_PREFIX}{}", URL_SAFE_NO_PAD.encode(bytes));
        Self {
            hash: Sha256::digest(clear.as_bytes()).to_vec(),
            clear,
        }
    }

    fn from_clear(clear: &str) -> Self {
        Self {
            hash: Sha256::digest(clear.as_bytes()).to_vec(),
            clear: clear.to_owned(),
        }
    }

    /// The CSRF token of this session.
    fn csrf(&self) -> String {
        csrf_token(&self.clear)
    }
}

/// The CSRF token that goes with a session cookie's value.
pub fn csrf_token(clear: &str) -> String {
    let mut digest = Sha256::new();
    digest.update(CSRF_DOMAIN);
    digest.update(clear.as_bytes());
    URL_SAFE_NO_PAD.encode(digest.finalize())
}

/// Whether `text` has the shape of a session cookie value (checked before any lookup).
fn looks_like_token(text: &str) -> bool {
    text.strip_prefix(TOKEN_PREFIX).is_some_and(|suffix| {
        suffix.len() == TOKEN_SUFFIX_LEN
            && suffix
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    })
}

/// The session cookie's value among the request's `Cookie` headers, if one has our shape.
fn cookie_token(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, value)| *name == COOKIE && looks_like_token(value))
        .map(|(_, value)| value)
}

/// Methods that change nothing (RFC 9110 §9.2.1), which need no CSRF token.
fn is_safe(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

fn csrf_failed(message: &str) -> ApiError {
    ApiError::new(ErrorCode::CsrfFailed, message)
}

/// `scheme://host[:port]` of a URL, lower-cased, without a default port.
fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let authority = rest.split(['/', '?', '#']).next()?.to_ascii_lowercase();
    let scheme = scheme.to_ascii_lowercase();
    let authority = match (scheme.as_str(), authority.rsplit_once(':')) {
        ("http", Some((host, "80"))) | ("https", Some((host, "443"))) => host.to_owned(),
        _ => authority,
    };
    (!authority.is_empty()).then(|| format!("{scheme}://{authority}"))
}

/// Refuses a request a browser sent from another site: `Sec-Fetch-Site: cross-site`, or an
/// `Origin` that is neither the configured site nor the host the request was sent to.
/// Clients that send neither header (no browser) pass; the CSRF token still guards them.
fn check_same_origin(headers: &HeaderMap, sessions: &AppSessions) -> Result<(), ApiError> {
    let header_text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    if header_text("sec-fetch-site").is_some_and(|site| site.eq_ignore_ascii_case("cross-site")) {
        return Err(csrf_failed("requests from other sites are refused"));
    }
    let Some(origin) = header_text("origin") else {
        return Ok(());
    };
    let origin =
        origin_of(origin).ok_or_else(|| csrf_failed("requests from other sites are refused"))?;
    if origin_of(&sessions.site_url).is_some_and(|site| site == origin) {
        return Ok(());
    }
    // Behind a proxy or on another name for this host: the authority the browser used.
    let host = header_text("x-forwarded-host")
        .or_else(|| header_text("host"))
        .map(str::to_ascii_lowercase);
    let authority = origin.split_once("://").map(|(_, a)| a);
    let same_host = match (host.as_deref(), authority) {
        (Some(host), Some(authority)) => {
            host == authority
                // nginx's `$host` drops the port: compare host names then.
                || authority.split(':').next() == Some(host)
        }
        _ => false,
    };
    if same_host {
        Ok(())
    } else {
        Err(csrf_failed("requests from other sites are refused"))
    }
}

/// Refuses a state-changing request without the session's CSRF token.
fn check_csrf(headers: &HeaderMap, token: &SessionToken) -> Result<(), ApiError> {
    let sent = headers
        .get(CSRF_HEADER)
        .map(|v| v.as_bytes())
        .unwrap_or_default();
    let expected = token.csrf();
    if bool::from(sent.ct_eq(expected.as_bytes())) {
        Ok(())
    } else {
        Err(csrf_failed(
            "missing or wrong X-CSRF-Token header; take the csrf_token from GET /auth/v1/session",
        ))
    }
}

/// A live session's caller, and how long it has left (`left_secs`).
const AUTHENTICATE: &str = "
select s.session_id, a.account_id, p.*,
       extract(epoch from (s.expires_at - now()))::float8 as left_secs
from app_session s
join account a on a.account_id = s.account_id
join plan p on p.plan_id = a.plan_id
where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()";

/// The caller behind a session cookie: from the process's cache, else read and cached.
async fn authenticate(
    sessions: &AppSessions,
    token: &SessionToken,
) -> Result<Option<Caller>, ApiError> {
    crate::auth_cache::cached(
        Some(&sessions.cache),
        AuthCache::app_sessions,
        &token.hash,
        || async {
            let Some(row) = sqlx::query(AUTHENTICATE)
                .bind(&token.hash)
                .fetch_optional(&sessions.pool)
                .await?
            else {
                return Ok(None);
            };
            let caller = Caller {
                account_id: row.try_get("account_id")?,
                key_id: row.try_get("session_id")?,
                plan: std::sync::Arc::new(Plan::from_row(&row)?),
                via: Via::AppSession,
            };
            Ok(Some((caller, Some(crate::session::left_of(&row)?))))
        },
    )
    .await
}

/// The session behind a cookie, its account and plan, without counting anything.
const LOOK_UP: &str = r#"
select s.session_id,
       to_char(s.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as expires_at,
       a.account_id, a.name, a.email, p.*
from app_session s
join account a on a.account_id = s.account_id
join plan p on p.plan_id = a.plan_id
where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()"#;

fn session_ended() -> ApiError {
    ApiError::new(
        ErrorCode::Unauthorized,
        "your session has ended (signed out or expired); sign in again",
    )
}

/// The middleware (`axum::middleware::from_fn_with_state`), outside the REST limiter: a
/// request to `/v1/` or `/functions/v1/` without an `Authorization` header but with the
/// app's cookie is authenticated by it, CSRF-checked when it changes state, counted in
/// the session's bucket, and handed on with its [`Caller`]. Anything else passes untouched.
pub async fn middleware(
    State(sessions): State<std::sync::Arc<AppSessions>>,
    mut request: Request,
    next: Next,
) -> Response {
    let path = request.uri().path();
    let guarded = crate::rate_limit::is_limited_path(path) || path.starts_with("/functions/v1/");
    if !guarded || request.headers().contains_key(header::AUTHORIZATION) {
        return next.run(request).await;
    }
    let Some(token) = cookie_token(request.headers()).map(SessionToken::from_clear) else {
        return next.run(request).await;
    };
    if !is_safe(request.method()) {
        let checked = check_same_origin(request.headers(), &sessions)
            .and_then(|()| check_csrf(request.headers(), &token));
        if let Err(err) = checked {
            return err.into_response();
        }
    }
    let caller = match authenticate(&sessions, &token).await {
        Ok(Some(caller)) => caller,
        Ok(None) => return session_ended().into_response(),
        Err(err) => return err.into_response(),
    };
    // The account's sessions share one bucket, keyed by the account id (which no API key
    // shares: both are UUIDv7s).
    let (admitted, ahead) = match crate::rate_limit::count(
        &sessions.pool,
        caller.account_id,
        APP_REQUESTS_PER_MINUTE,
        1,
    )
    .await
    {
        Ok(counted) => (counted.admitted, counted.ahead),
        Err(err) => return ApiError::from(err).into_response(),
    };
    if !admitted {
        let decision = Decision::refused(APP_REQUESTS_PER_MINUTE, ahead);
        let wait = decision.retry_after_secs.unwrap_or(1);
        let mut response = ApiError::new(
            ErrorCode::RateLimited,
            format!(
                "more than {APP_REQUESTS_PER_MINUTE} requests a minute from this account's \
                 app sessions; retry in {wait} second{}",
                if wait == 1 { "" } else { "s" }
            ),
        )
        .with_retry_after(wait)
        .into_response();
        decision.apply(&mut response);
        return response;
    }
    request.extensions_mut().insert(caller);
    let mut response = next.run(request).await;
    Decision::allowed(APP_REQUESTS_PER_MINUTE, ahead).apply(&mut response);
    response
}

/// `POST /auth/v1/signup` body.
#[derive(Deserialize, utoipa::ToSchema)]
#[schema(as = SignUpRequest)]
pub struct SignUp {
    #[schema(max_length = 254)]
    email: String,
    #[schema(min_length = 10, max_length = 1024)]
    password: String,
    #[schema(min_length = 1, max_length = 200)]
    account_name: String,
}

impl std::fmt::Debug for SignUp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SignUp")
            .field("password", &"<redacted>")
            .finish_non_exhaustive()
    }
}

impl JsonFields for SignUp {
    const ACCEPTED: &'static [&'static str] = &["email", "password", "account_name"];
}

/// The problems of a sign-up, field by field (`details` of 400 `validation_failed`).
pub fn sign_up_problems(request: &SignUp) -> Vec<Value> {
    let mut problems = Vec::new();
    let mut problem =
        |field: &str, text: String| problems.push(json!({"field": field, "problem": text}));
    let email = request.email.trim();
    let well_formed = email.split_once('@').is_some_and(|(local, domain)| {
        !local.is_empty()
            && domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
    });
    if email.len() > 254
        || !well_formed
        || email.chars().any(|c| c.is_whitespace() || c.is_control())
    {
        problem("email", "is not an e-mail address".into());
    } else if let Some(c) = crate::text::first_unprintable(email) {
        problem("email", crate::text::unprintable_problem(c));
    }
    let chars = request.password.chars().count();
    if chars < MIN_PASSWORD_CHARS {
        problem(
            "password",
            format!("must have at least {MIN_PASSWORD_CHARS} characters (it has {chars})"),
        );
    } else if request.password.len() > MAX_PASSWORD_BYTES {
        problem(
            "password",
            format!("must have at most {MAX_PASSWORD_BYTES} bytes"),
        );
    }
    let name = request.account_name.trim();
    if name.is_empty() || name.chars().count() > 200 {
        problem("account_name", "must have 1 to 200 characters".into());
    } else if let Some(c) = crate::text::first_unprintable(name) {
        problem("account_name", crate::text::unprintable_problem(c));
    }
    problems
}

/// The session endpoints' body: the account, its plan, the CSRF token and the expiry.
// Members in the order the API has always sent them in.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AppSession {
    account: SessionAccount,
    /// Send as `X-CSRF-Token` with every POST, PUT and DELETE of this session.
    csrf_token: String,
    #[schema(format = DateTime)]
    expires_at: String,
}

/// The signed-in account.
#[derive(Debug, Serialize, utoipa::ToSchema)]
struct SessionAccount {
    email: String,
    id: Uuid,
    name: String,
    plan: PlanView,
}

/// A plan's entitlements as the app shows them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PlanView {
    all_label_formats: bool,
    export_file_types: Vec<String>,
    export_watermarked: bool,
    /// `free`, `professional` or `business`.
    id: String,
    live_embed: bool,
    max_concurrent_renders: i32,
    rate_limit_per_minute: i32,
    rest_access: bool,
    webhooks: bool,
}

impl PlanView {
    /// What `plan` lets its accounts do.
    pub fn of(plan: &Plan) -> Self {
        Self {
            id: plan.id.clone(),
            all_label_formats: plan.all_label_formats,
            export_file_types: plan.export_file_types.clone(),
            export_watermarked: plan.export_watermarked,
            live_embed: plan.live_embed,
            rest_access: plan.rest_access,
            webhooks: plan.webhooks,
            rate_limit_per_minute: plan.rate_limit_per_minute,
            max_concurrent_renders: plan.max_concurrent_renders,
        }
    }
}

fn session_body(row: &sqlx::postgres::PgRow, csrf: &str) -> Result<AppSession, ApiError> {
    let plan = Plan::from_row(row)?;
    Ok(AppSession {
        account: SessionAccount {
            id: row.try_get("account_id")?,
            name: row.try_get("name")?,
            email: row.try_get("email")?,
            plan: PlanView::of(&plan),
        },
        csrf_token: csrf.to_owned(),
        expires_at: row.try_get("expires_at")?,
    })
}

/// The cookie that carries `token`, or (with `None`) the one that clears it.
fn set_cookie(token: Option<&SessionToken>, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    let text = match token {
        Some(token) => format!(
            "{COOKIE}={}; Path=/; HttpOnly; SameSite=Lax; Max-Age={SESSION_LIFETIME_SECS}{secure}",
            token.clear
        ),
        None => format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}"),
    };
    // Built from base64url and fixed text only, so always a valid header value.
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// Whether the request reached us over HTTPS (directly per the site URL, or per the proxy).
fn over_https(headers: &HeaderMap, sessions: &AppSessions) -> bool {
    sessions.site_is_https()
        || headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|proto| proto.eq_ignore_ascii_case("https"))
}

/// The answer that starts a session: the body, the cookie, and no caching.
async fn start_session(
    sessions: &AppSessions,
    headers: &HeaderMap,
    account_id: Uuid,
    status: StatusCode,
) -> Result<Response, ApiError> {
    let token = SessionToken::generate();
    sqlx::query(
        "insert into app_session (session_id, token_hash, account_id, expires_at)
         values ($1, $2, $3, now() + make_interval(secs => $4))",
    )
    .bind(Uuid::now_v7())
    .bind(&token.hash)
    .bind(account_id)
    .bind(SESSION_LIFETIME_SECS as f64)
    .execute(&sessions.pool)
    .await?;
    // The account's live sessions beyond the cap, oldest first, end now: in every process
    // before the new one is handed out.
    let ended = sqlx::query(
        "update app_session set revoked_at = now()
         where session_id in (
             select session_id from app_session
             where account_id = $1 and revoked_at is null and expires_at > now()
             order by session_id desc
             offset $2)",
    )
    .bind(account_id)
    .bind(MAX_SESSIONS_PER_ACCOUNT)
    .execute(&sessions.pool)
    .await?;
    if ended.rows_affected() > 0 {
        crate::lease::settle(&sessions.pool).await?;
    }
    let row = sqlx::query(LOOK_UP)
        .bind(&token.hash)
        .fetch_one(&sessions.pool)
        .await?;
    let body = session_body(&row, &token.csrf())?;
    tracing::info!(%account_id, "app session started");
    let mut response = (status, Json(body)).into_response();
    let headers_out = response.headers_mut();
    headers_out.insert(
        header::SET_COOKIE,
        set_cookie(Some(&token), over_https(headers, sessions)),
    );
    headers_out.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// Create an account on the free plan and sign in to the app
///
/// Creates an account on the free plan and starts an app session. 400 `validation_failed`
/// (`details` per field: an e-mail address, a password of at least 10 characters, an
/// account name of 1 to 200), 409 `email_taken`, 429 `rate_limited` (a client's sign-ups
/// per hour, and the address's sign-in attempts, which sign-ups count too), 403
/// `csrf_failed` from another origin.
#[utoipa::path(post, path = "/auth/v1/signup", tag = "App", operation_id = "signUp",
    request_body(content = SignUp, examples(("sign_up" = (value = json!({"email": "owner@example.com", "password": "correct horse battery", "account_name": "Corner Bakery"}))))),
    responses((status = 201, description = "The new account, signed in: `Set-Cookie: nls_session=...`.", body = AppSession, headers(("Set-Cookie" = String, description = "`nls_session=...; Path=/; HttpOnly; SameSite=Lax; Max-Age=43200` (and `Secure` over HTTPS).")))))]
#[tracing::instrument(skip_all)]
async fn sign_up(
    State(sessions): State<AppSessions>,
    client: crate::client_addr::ClientAddr,
    headers: HeaderMap,
    ApiJson { value: request, .. }: ApiJson<SignUp>,
) -> Result<Response, ApiError> {
    check_same_origin(&headers, &sessions)?;
    let problems = sign_up_problems(&request);
    if !problems.is_empty() {
        return Err(ApiError::new(
            ErrorCode::ValidationFailed,
            "the sign-up has invalid fields",
        )
        .with_details(Value::Array(problems)));
    }
    crate::sign_in_limit::admit_sign_up(&sessions.pool, &request.email, client).await?;
    let password_hash = crate::password::hash_blocking(request.password).await?;
    let account_id = Uuid::now_v7();
    let inserted = sqlx::query(
        "insert into account (account_id, name, email, plan_id, password_hash)
         values ($1, $2, $3, 'free', $4)",
    )
    .bind(account_id)
    .bind(request.account_name.trim())
    .bind(request.email.trim())
    .bind(password_hash)
    .execute(&sessions.pool)
    .await;
    if let Err(err) = inserted {
        return Err(match err.as_database_error().and_then(|d| d.constraint()) {
            Some("account_email_key") => ApiError::new(
                ErrorCode::EmailTaken,
                "an account with this e-mail address exists already; sign in instead",
            ),
            _ => ApiError::from(err),
        });
    }
    tracing::info!(%account_id, "account signed up");
    start_session(&sessions, &headers, account_id, StatusCode::CREATED).await
}

/// Sign in to the app with e-mail and password
///
/// 401 `unauthorized` for any wrong e-mail or password (one message), 429 `rate_limited`
/// past the address's attempts.
#[utoipa::path(post, path = "/auth/v1/session", tag = "App", operation_id = "signIn",
    request_body(content = crate::session::TokenRequest, examples(("sign_in" = (value = json!({"email": "owner@example.com", "password": "correct horse battery"}))))),
    responses((status = 200, description = "Signed in: `Set-Cookie: nls_session=...`.", body = AppSession, headers(("Set-Cookie" = String, description = "`nls_session=...; Path=/; HttpOnly; SameSite=Lax; Max-Age=43200` (and `Secure` over HTTPS).")))))]
#[tracing::instrument(skip_all)]
async fn sign_in(
    State(sessions): State<AppSessions>,
    client: crate::client_addr::ClientAddr,
    headers: HeaderMap,
    ApiJson { value: request, .. }: ApiJson<crate::session::TokenRequest>,
) -> Result<Response, ApiError> {
    check_same_origin(&headers, &sessions)?;
    let account_id =
        crate::session::check_credentials(&sessions.pool, &request.email, request.password, client)
            .await?;
    start_session(&sessions, &headers, account_id, StatusCode::OK).await
}

/// The signed-in account, its plan and the CSRF token
///
/// 401 without a session.
#[utoipa::path(get, path = "/auth/v1/session", tag = "App", operation_id = "currentSession",
    responses((status = 200, description = "The signed-in account.", body = AppSession)),
    security(("appSession" = [])))]
async fn current(
    State(sessions): State<AppSessions>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let token = cookie_token(&headers)
        .map(SessionToken::from_clear)
        .ok_or_else(|| ApiError::new(ErrorCode::Unauthorized, "not signed in"))?;
    let row = sqlx::query(LOOK_UP)
        .bind(&token.hash)
        .fetch_optional(&sessions.pool)
        .await?
        .ok_or_else(session_ended)?;
    let mut response = Json(session_body(&row, &token.csrf())?).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// Sign out of the app
///
/// 204 and the cookie cleared. A live session needs its CSRF token (else 403
/// `csrf_failed`); without one there is nothing to end.
#[utoipa::path(delete, path = "/auth/v1/session", tag = "App", operation_id = "signOut",
    responses((status = 204, description = "Signed out: the session no longer works anywhere, and the cookie is cleared.")),
    security(("appSession" = [])))]
async fn sign_out(
    State(sessions): State<AppSessions>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if let Some(token) = cookie_token(&headers).map(SessionToken::from_clear) {
        check_same_origin(&headers, &sessions)?;
        let live: Option<Uuid> = sqlx::query_scalar(
            "select session_id from app_session
             where token_hash = $1 and revoked_at is null and expires_at > now()",
        )
        .bind(&token.hash)
        .fetch_optional(&sessions.pool)
        .await?;
        if let Some(session_id) = live {
            check_csrf(&headers, &token)?;
            sqlx::query("update app_session set revoked_at = now() where session_id = $1")
                .bind(session_id)
                .execute(&sessions.pool)
                .await?;
            // Ended in every process before the answer (issue 27).
            crate::lease::settle(&sessions.pool).await?;
        }
    }
    let mut response = StatusCode::NO_CONTENT.into_response();
    response.headers_mut().insert(
        header::SET_COOKIE,
        set_cookie(None, over_https(&headers, &sessions)),
    );
    Ok(response)
}

/// The app's session routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    AppSessions: FromRef<S>,
{
    Router::new().route("/auth/v1/signup", post(sign_up)).route(
        "/auth/v1/session",
        post(sign_in).get(current).delete(sign_out),
    )
}

/// The operations of [`router`].
#[derive(utoipa::OpenApi)]
#[openapi(paths(sign_up, sign_in, current, sign_out))]
pub struct Api;

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            if let Ok(value) = HeaderValue::from_str(value) {
                map.append(*name, value);
            }
        }
        map
    }

    fn sessions(site: &str) -> AppSessions {
        AppSessions {
            pool: PgPool::connect_lazy("postgres://localhost/unused")
                .unwrap_or_else(|_| unreachable!("a lazy pool never connects while it is built")),
            site_url: site.into(),
            cache: AuthCache::new(),
        }
    }

    #[test]
    fn the_cookie_is_found_among_others_and_only_with_our_shape() {
        let token = SessionToken::generate();
        let cookie = format!("theme=dark; {COOKIE}={}; other=1", token.clear);
        assert_eq!(
            cookie_token(&headers(&[("cookie", &cookie)])),
            Some(token.clear.as_str())
        );
        assert_eq!(
            cookie_token(&headers(&[("cookie", "nls_session=nlsa_short")])),
            None
        );
        assert_eq!(
            cookie_token(&headers(&[("cookie", "x=1"), ("cookie", &cookie)])),
            Some(token.clear.as_str())
        );
    }

    #[test]
    fn the_csrf_token_belongs_to_its_session_only() {
        let one = SessionToken::generate();
        let other = SessionToken::generate();
        assert_ne!(one.csrf(), other.csrf());
        assert_ne!(one.csrf(), one.clear);
        assert!(check_csrf(&headers(&[(CSRF_HEADER, &one.csrf())]), &one).is_ok());
        assert!(check_csrf(&headers(&[(CSRF_HEADER, &other.csrf())]), &one).is_err());
        assert!(check_csrf(&HeaderMap::new(), &one).is_err());
    }

    #[tokio::test]
    async fn other_origins_are_refused_and_ours_pass() {
        let s = sessions("http://127.0.0.1:8080");
        let ok = |h: HeaderMap| check_same_origin(&h, &s).is_ok();
        assert!(
            ok(HeaderMap::new()),
            "no browser headers: the CSRF token decides"
        );
        assert!(ok(headers(&[("origin", "http://127.0.0.1:8080")])));
        assert!(ok(headers(&[
            ("origin", "http://labels.example:8080"),
            ("host", "labels.example:8080")
        ])));
        assert!(ok(headers(&[
            ("origin", "https://labels.example"),
            ("host", "labels.example")
        ])));
        assert!(!ok(headers(&[
            ("origin", "https://evil.example"),
            ("host", "labels.example")
        ])));
        assert!(!ok(headers(&[
            ("origin", "null"),
            ("host", "labels.example")
        ])));
        assert!(!ok(headers(&[("sec-fetch-site", "cross-site")])));
    }

    #[test]
    fn origins_compare_without_default_ports_or_case() {
        assert_eq!(
            origin_of("HTTPS://Labels.Example:443/app"),
            Some("https://labels.example".into())
        );
        assert_eq!(origin_of("http://a:8080"), Some("http://a:8080".into()));
        assert_eq!(origin_of("null"), None);
    }

    #[test]
    fn sign_ups_are_checked_field_by_field() {
        let good = SignUp {
            email: "baker@example.com".into(),
            password: "correct horse battery".into(),
            account_name: "Corner Bakery".into(),
        };
        assert!(sign_up_problems(&good).is_empty());
        let bad = SignUp {
            email: "baker@localhost".into(),
            password: "short".into(),
            account_name: " ".into(),
        };
        let fields: Vec<String> = sign_up_problems(&bad)
            .iter()
            .filter_map(|p| p["field"].as_str().map(str::to_owned))
            .collect();
        assert_eq!(fields, ["email", "password", "account_name"]);
        // A NUL or another control character is no address (and Postgres refuses a NUL).
        let nul = SignUp {
            email: "ba\u{0}ker@example.com".into(),
            ..good
        };
        assert_eq!(sign_up_problems(&nul)[0]["field"], "email");
    }

    #[test]
    fn cookies_are_http_only_lax_and_secure_over_https() {
        let token = SessionToken::generate();
        let plain = set_cookie(Some(&token), false);
        let text = plain.to_str().unwrap_or_default();
        assert!(
            text.contains("HttpOnly") && text.contains("SameSite=Lax") && !text.contains("Secure")
        );
        let secure = set_cookie(Some(&token), true);
        assert!(secure.to_str().unwrap_or_default().ends_with("; Secure"));
        assert!(set_cookie(None, false)
            .to_str()
            .unwrap_or_default()
            .contains("Max-Age=0"));
    }
}
