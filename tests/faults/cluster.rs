//! The system under fault: a private Postgres cluster and nats-server the suite may crash
//! and restart, and `nls` processes, one role each, it may kill, pause and start again.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

fn wait_for_port(port: u16, what: &str, within: Duration) {
    let deadline = Instant::now() + within;
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "{what} did not listen on {port}");
        std::thread::sleep(Duration::from_millis(25));
    }
}

fn scratch_dir(kind: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "nls-faults-{kind}-{}",
        uuid::Uuid::new_v4().simple()
    ))
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| o.stdout.trim_ascii() == b"0")
        .unwrap_or(false)
}

/// Postgres's own tools: `NLS_PG_BINDIR`, else the newest `/usr/lib/postgresql/*/bin`.
fn pg_bindir() -> PathBuf {
    if let Ok(dir) = std::env::var("NLS_PG_BINDIR") {
        return dir.into();
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let v = e.file_name().to_str()?.parse().ok()?;
            Some((v, e.path().join("bin")))
        })
        .collect();
    versions.sort();
    versions
        .pop()
        .map(|(_, p)| p)
        .expect("Postgres server binaries (Debian package postgresql) for the fault suite")
}

/// A Postgres cluster of the suite's own, with fsync on: what a crash keeps is what a
/// committed write promised.
pub struct Postgres {
    dir: PathBuf,
    bin: PathBuf,
    pub port: u16,
    as_postgres: bool,
}

impl Postgres {
    pub fn start() -> Self {
        let dir = scratch_dir("pg");
        std::fs::create_dir_all(&dir).expect("pg dir");
        let as_postgres = is_root();
        if as_postgres {
            // initdb refuses to run as root: the cluster belongs to the postgres user.
            let status = Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(&dir)
                .status()
                .expect("chown");
            assert!(status.success());
        }
        let pg = Self {
            dir,
            bin: pg_bindir(),
            port: free_port(),
            as_postgres,
        };
        let out = pg
            .tool("initdb")
            .arg("-D")
            .arg(pg.data())
            .args(["-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C"])
            .output()
            .expect("initdb runs");
        assert!(
            out.status.success(),
            "initdb: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        pg.resume();
        pg
    }

    fn data(&self) -> PathBuf {
        self.dir.join("data")
    }

    fn tool(&self, name: &str) -> Command {
        let path = self.bin.join(name);
        if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(path);
            c
        } else {
            Command::new(path)
        }
    }

    pub fn url(&self, db: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{db}", self.port)
    }

    pub fn resume(&self) {
        let out = self
            .tool("pg_ctl")
            .arg("-D")
            .arg(self.data())
            .arg("-l")
            .arg(self.dir.join("postgres.log"))
            .args(["-w", "-t", "60", "-o"])
            .arg(format!(
                "-p {} -k {} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=on",
                self.port,
                self.dir.display()
            ))
            .arg("start")
            .stdout(Stdio::null())
            .output()
            .expect("pg_ctl start");
        assert!(
            out.status.success(),
            "pg_ctl start: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        wait_for_port(self.port, "postgres", Duration::from_secs(30));
    }

    /// Stops like a power cut: no checkpoint, recovery from the WAL at the next start.
    pub fn crash(&self) {
        let _ = self
            .tool("pg_ctl")
            .arg("-D")
            .arg(self.data())
            .args(["-m", "immediate", "-w", "stop"])
            .output();
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        self.crash();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn nats_binary() -> String {
    std::env::var("NLS_NATS_SERVER_BIN").unwrap_or_else(|_| {
        [
            "/usr/sbin/nats-server",
            "/usr/bin/nats-server",
            "/usr/local/bin/nats-server",
        ]
        .into_iter()
        .find(|p| Path::new(p).exists())
        .unwrap_or("nats-server")
        .to_owned()
    })
}

/// A nats-server with JetStream on a file store of the suite's own.
pub struct Nats {
    child: Option<Child>,
    pub port: u16,
    dir: PathBuf,
}

impl Nats {
    pub fn start() -> Self {
        let dir = scratch_dir("nats");
        std::fs::create_dir_all(&dir).expect("nats dir");
        let mut nats = Self {
            child: None,
            port: free_port(),
            dir,
        };
        nats.resume(None);
        nats
    }

    pub fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }

    /// Starts the server; `max_file_store` caps JetStream's file store (bytes).
    pub fn resume(&mut self, max_file_store: Option<u64>) {
        let config = self.dir.join("nats.conf");
        let limit = max_file_store
            .map(|b| format!("  max_file_store: {b}\n"))
            .unwrap_or_default();
        std::fs::write(
            &config,
            format!(
                "listen: 127.0.0.1:{}\njetstream {{\n  store_dir: \"{}\"\n{limit}}}\n",
                self.port,
                self.dir.join("store").display()
            ),
        )
        .expect("nats config");
        let child = Command::new(nats_binary())
            .arg("-c")
            .arg(&config)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nats-server starts (install the nats-server package)");
        self.child = Some(child);
        wait_for_port(self.port, "nats-server", Duration::from_secs(10));
    }

    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for Nats {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// One `nls serve --role <role>` process.
pub struct Node {
    pub role: &'static str,
    pub port: u16,
    child: Option<Child>,
    env: Vec<(String, String)>,
    log: PathBuf,
}

impl Node {
    pub fn start(role: &'static str, env: &[(String, String)], logs: &Path) -> Self {
        let port = free_port();
        let mut node = Self {
            role,
            port,
            child: None,
            env: env.to_vec(),
            log: logs.join(format!("{role}-{port}.log")),
        };
        node.resume();
        node
    }

    pub fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    pub fn resume(&mut self) {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .expect("node log");
        let child = Command::new(env!("CARGO_BIN_EXE_nls"))
            .args(["serve", "--role", self.role])
            .envs(self.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .env("NLS_LISTEN", format!("127.0.0.1:{}", self.port))
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("nls starts");
        self.child = Some(child);
        wait_for_port(self.port, self.role, Duration::from_secs(60));
    }

    /// `kill -9`: no drain, no acknowledgement, no goodbye.
    pub fn kill9(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    pub fn signal(&self, signal: &str) {
        if let Some(pid) = self.pid() {
            let _ = Command::new("kill")
                .args([&format!("-{signal}"), &pid.to_string()])
                .status();
        }
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        self.signal("CONT");
        self.kill9();
    }
}
