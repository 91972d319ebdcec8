//! Account passwords: Argon2id hashing and verification, shared by the admin CLI, the
//! export's session tokens and the app's sign-in and sign-up.
//!
//! Both operations cost tens of milliseconds of CPU and 19 MiB of memory: async callers run
//! them through [`hash_blocking`] and [`verify_blocking`], at most [`concurrency`] at once
//! per process. A caller that cannot start one within [`QUEUE_WAIT`] gets 503 `unavailable`
//! with `Retry-After`, so a burst of sign-ins (which anyone may send, with or without an
//! account) costs at most that many cores, and keyed traffic keeps its share of the machine
//! (issue 28).
//!
//! The work runs on [`concurrency`] threads of its own, not tokio's blocking pool: the
//! allocator keeps memory per thread (glibc arenas; mimalloc heaps), so 19 MiB blocks freed
//! on whichever of hundreds of blocking threads ran them stayed resident, and a burst of
//! 400 sign-ins grew the process by 415 MiB even under the bound. On a fixed few threads the
//! blocks are reused: the memory is about [`concurrency`] × 19 MiB whatever the burst.

use std::sync::{mpsc, Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

use tokio::sync::{oneshot, Semaphore, SemaphorePermit};

use std::cell::RefCell;

use argon2::password_hash::{
    self, rand_core::OsRng, Output, ParamsString, PasswordHash, Salt, SaltString,
};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use rand::RngCore;

use crate::error::{ApiError, ErrorCode};

/// How long a password operation waits for its turn before the request is answered 503.
pub const QUEUE_WAIT: Duration = Duration::from_secs(1);

/// Password operations running at once in this process: the number of cores.
pub fn concurrency() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

fn permits() -> &'static Semaphore {
    static PERMITS: OnceLock<Semaphore> = OnceLock::new();
    PERMITS.get_or_init(|| Semaphore::new(concurrency()))
}

/// A turn at hashing, or 503 `unavailable` with `Retry-After: 1` after [`QUEUE_WAIT`].
async fn turn() -> Result<SemaphorePermit<'static>, ApiError> {
    turn_of(permits()).await
}

async fn turn_of(permits: &'static Semaphore) -> Result<SemaphorePermit<'static>, ApiError> {
    match tokio::time::timeout(QUEUE_WAIT, permits.acquire()).await {
        Ok(Ok(permit)) => Ok(permit),
        _ => Err(ApiError::new(
            ErrorCode::Unavailable,
            "too many password checks at once; retry in 1 second",
        )
        .with_retry_after(1)),
    }
}

/// Hashes a password with Argon2id (the crate's defaults: 19 MiB, 2 passes, 1 lane, the
/// OWASP-recommended minimum) into a PHC string.
pub fn hash(password: &str) -> Result<String, password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    let output = compute(
        Algorithm::default(),
        Version::default(),
        &Params::default(),
        password.as_bytes(),
        salt.as_salt(),
    )?;
    Ok(PasswordHash {
        algorithm: Algorithm::default().ident(),
        version: Some(Version::default().into()),
        params: ParamsString::try_from(&Params::default())?,
        salt: Some(salt.as_salt()),
        hash: Some(output),
    }
    .to_string())
}

/// Whether `password` matches the PHC string; `false` on any mismatch or a malformed hash.
pub fn verify(password: &str, phc: &str) -> bool {
    let check = || -> Result<bool, password_hash::Error> {
        let parsed = PasswordHash::new(phc)?;
        let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
            return Ok(false);
        };
        let version = parsed
            .version
            .map(Version::try_from)
            .transpose()?
            .unwrap_or_default();
        let computed = compute(
            Algorithm::try_from(parsed.algorithm)?,
            version,
            &Params::try_from(&parsed)?,
            password.as_bytes(),
            salt,
        )?;
        // `Output`'s equality is constant-time.
        Ok(computed == expected)
    };
    check().unwrap_or(false)
}

/// The Argon2 output of `password`, its memory reused on this thread (module docs): the
/// default 19 MiB is kept per password thread; a larger cost (a hash from other
/// parameters) gets memory of its own for the one call.
fn compute(
    algorithm: Algorithm,
    version: Version,
    params: &Params,
    password: &[u8],
    salt: Salt<'_>,
) -> Result<Output, password_hash::Error> {
    thread_local! {
        static MEMORY: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
    }
    let mut salt_bytes = [0u8; Salt::MAX_LENGTH];
    let salt = salt.decode_b64(&mut salt_bytes)?;
    let argon2 = Argon2::new(algorithm, version, params.clone());
    let blocks = params.block_count();
    let length = params.output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN);
    Output::init_with(length, |out| {
        let kept = Params::default().block_count();
        if blocks > kept {
            return Ok(argon2.hash_password_into(password, salt, out)?);
        }
        MEMORY.with(|memory| {
            let mut memory = memory.borrow_mut();
            if memory.len() < kept {
                memory.resize(kept, Block::default());
            }
            Ok(
                argon2.hash_password_into_with_memory(
                    password,
                    salt,
                    out,
                    &mut memory[..blocks],
                )?,
            )
        })
    })
}

/// A hash of a random password, verified against when the e-mail is unknown, so a sign-in
/// costs the same whether or not the account exists.
pub fn decoy_hash() -> Option<&'static str> {
    static DECOY: OnceLock<Option<String>> = OnceLock::new();
    DECOY
        .get_or_init(|| {
            let mut password = [0u8; 16];
            OsRng.fill_bytes(&mut password);
            let text: String = password.iter().map(|b| format!("{b:02x}")).collect();
            hash(&text).ok()
        })
        .as_deref()
}

#[derive(Debug, thiserror::Error)]
#[error("password task failed: {0}")]
struct PasswordTaskFailed(String);

/// A password operation for a worker thread.
type Job = Box<dyn FnOnce() + Send + 'static>;

/// The queue of the [`concurrency`] password threads, started on first use. Callers hold a
/// turn before they send, so the queue never holds more jobs than there are threads.
fn workers() -> Result<&'static Mutex<mpsc::Sender<Job>>, ApiError> {
    static WORKERS: OnceLock<Option<Mutex<mpsc::Sender<Job>>>> = OnceLock::new();
    WORKERS
        .get_or_init(|| {
            let (send, receive) = mpsc::channel::<Job>();
            let receive = Arc::new(Mutex::new(receive));
            for n in 0..concurrency() {
                let receive = Arc::clone(&receive);
                let started = std::thread::Builder::new()
                    .name(format!("nls-password-{n}"))
                    .spawn(move || loop {
                        // The lock is held only to take a job, not while it runs.
                        let job = receive
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .recv();
                        match job {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    });
                if let Err(err) = started {
                    tracing::error!(error = %err, "could not start a password thread");
                    return None;
                }
            }
            Some(Mutex::new(send))
        })
        .as_ref()
        .ok_or_else(|| ApiError::internal(PasswordTaskFailed("no password threads".into())))
}

/// Runs `work` on a password thread once this caller has a turn (503 after [`QUEUE_WAIT`]).
async fn on_password_thread<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let permit = turn().await?;
    let (done, result) = oneshot::channel();
    // The permit goes with the work: a request dropped while it runs frees no turn early.
    let job: Job = Box::new(move || {
        let _permit = permit;
        let _ = done.send(work());
    });
    workers()?
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .send(job)
        .map_err(|e| ApiError::internal(PasswordTaskFailed(e.to_string())))?;
    result
        .await
        .map_err(|e| ApiError::internal(PasswordTaskFailed(e.to_string())))
}

/// [`hash`] on a password thread.
pub async fn hash_blocking(password: String) -> Result<String, ApiError> {
    on_password_thread(move || hash(&password))
        .await?
        .map_err(|e| ApiError::internal(PasswordTaskFailed(e.to_string())))
}

/// [`verify`] on a password thread; with no hash (unknown account, no password) it checks
/// against the decoy and answers `false`, taking the same time as a real check.
pub async fn verify_blocking(password: String, phc: Option<String>) -> Result<bool, ApiError> {
    let known = phc.is_some();
    // The decoy is hashed on first use: there too, not on an async thread.
    let verified = on_password_thread(move || match phc {
        Some(phc) => verify(&password, &phc),
        None => decoy_hash().is_some_and(|decoy| verify(&password, decoy)),
    })
    .await?;
    Ok(known && verified)
}

#[cfg(test)]
mod bound_tests {
    use super::*;

    /// Issue 28, item 2: with every turn taken, a password check waits [`QUEUE_WAIT`] and
    /// is refused with 503 and `Retry-After`, instead of hashing beyond the bound; a turn
    /// freed in time is taken.
    #[tokio::test]
    async fn a_password_check_beyond_the_bound_is_503_with_retry_after() {
        let bound: &'static Semaphore = Box::leak(Box::new(Semaphore::new(2)));
        let first = turn_of(bound).await.expect("a turn");
        let second = turn_of(bound).await.expect("a turn");
        let started = std::time::Instant::now();
        let Err(error) = turn_of(bound).await else {
            panic!("a third turn beyond a bound of two")
        };
        assert!(started.elapsed() >= QUEUE_WAIT);
        assert_eq!(error.code(), ErrorCode::Unavailable);
        assert_eq!(
            error.code().status(),
            axum::http::StatusCode::SERVICE_UNAVAILABLE
        );
        drop(first);
        assert!(turn_of(bound).await.is_ok());
        drop(second);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_verify_only_against_their_own_hash() {
        let phc = hash("correct horse").unwrap_or_default();
        assert!(verify("correct horse", &phc));
        assert!(!verify("wrong horse", &phc));
        assert!(!verify("correct horse", "not a phc string"));
        assert!(decoy_hash().is_some());
    }

    /// Hashes stored before the memory was reused (the crate's own `hash_password`) still
    /// verify, and new ones verify with the crate's verifier: the PHC strings are the same.
    #[test]
    fn hashes_are_interchangeable_with_the_crates_own() {
        use argon2::{PasswordHasher, PasswordVerifier};
        let salt = SaltString::generate(&mut OsRng);
        let stored = Argon2::default()
            .hash_password(b"correct horse", &salt)
            .map(|h| h.to_string())
            .unwrap_or_default();
        assert!(verify("correct horse", &stored));
        assert!(!verify("correct horse!", &stored));
        let ours = hash("correct horse").unwrap_or_default();
        assert!(
            ours.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{ours}"
        );
        let parsed = PasswordHash::new(&ours);
        assert!(parsed.is_ok_and(|p| Argon2::default()
            .verify_password(b"correct horse", &p)
            .is_ok()));
        // Other parameters (a smaller cost here) are read from the string.
        let small = Argon2::new(
            Algorithm::Argon2id,
            Version::V0x13,
            Params::new(1024, 1, 1, None).unwrap_or_default(),
        )
        .hash_password(b"pw", &salt)
        .map(|h| h.to_string())
        .unwrap_or_default();
        assert!(verify("pw", &small));
        assert!(!verify("pv", &small));
    }

    #[tokio::test]
    async fn an_unknown_account_never_verifies() {
        let decoy = decoy_hash().map(str::to_owned);
        assert!(decoy.is_some());
        // Even the right password for the decoy is refused when the account has no hash.
        assert!(!verify_blocking("anything".into(), None)
            .await
            .unwrap_or(true));
    }
}
