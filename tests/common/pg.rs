//! A throwaway PostgreSQL server for the ledger tests: the one `C6SOLVE_TEST_PG_URL` names
//! (each test in a database of its own), or else a cluster of its own, made with `initdb`
//! in a temporary directory and listening on a Unix socket there only, stopped when dropped.
//! Neither at hand is a test failure that says what to install: never a silent skip.

use super::TempDir;
use postgres::{Client, NoTls};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The environment variable naming a server to use instead of a cluster of one's own.
pub const URL_VAR: &str = "C6SOLVE_TEST_PG_URL";

/// A server and a fresh database on it.
pub struct Server {
    /// The database's URL, for `--by-parts`.
    pub url: String,
    /// The cluster this test started, if it did (stopped on drop).
    cluster: Option<(PathBuf, TempDir)>,
}

/// `initdb` on the PATH or in Debian's `/usr/lib/postgresql/VERSION/bin`.
fn bin_dir() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut dirs: Vec<PathBuf> = std::env::split_paths(&path).collect();
    if let Ok(entries) = std::fs::read_dir("/usr/lib/postgresql") {
        let mut versions: Vec<PathBuf> = entries.flatten().map(|e| e.path().join("bin")).collect();
        versions.sort();
        dirs.extend(versions.into_iter().rev());
    }
    dirs.into_iter()
        .find(|d| d.join("initdb").is_file() && d.join("pg_ctl").is_file())
}

/// Runs a PostgreSQL program; as root, as `nobody` (initdb and postgres refuse root).
fn pg_command(bin: &Path, program: &str, args: &[&str]) {
    let root = std::fs::metadata("/proc/self")
        .map(|m| m.uid() == 0)
        .unwrap_or(false);
    let exe = bin.join(program);
    let mut cmd = if root {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=nobody", "--regid=nogroup", "--clear-groups"])
            .arg(&exe);
        c
    } else {
        Command::new(&exe)
    };
    // A working directory nobody can enter (initdb checks it).
    let out = cmd
        .args(args)
        .current_dir("/")
        .output()
        .expect("run a PostgreSQL program");
    assert!(
        out.status.success(),
        "{program} {args:?} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `url` with its database name replaced by `db`.
pub fn with_database(url: &str, db: &str) -> String {
    let (scheme, rest) = url.split_once("://").expect("a postgresql:// URL");
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    let query = tail.find('?').map(|i| &tail[i..]).unwrap_or("");
    format!("{scheme}://{authority}/{db}{query}")
}

impl Server {
    /// A server with a new database named after `name`.
    pub fn start(name: &str) -> Server {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let db = format!(
            "c6t_{name}_{}_{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        let (base, cluster) = match std::env::var(URL_VAR) {
            Ok(url) if !url.is_empty() => (url, None),
            _ => {
                let bin = bin_dir().unwrap_or_else(|| {
                    panic!(
                        "NO POSTGRESQL: the ledger tests need a PostgreSQL server: set {URL_VAR} \
                         to one (postgresql://...) or install PostgreSQL (initdb, pg_ctl; \
                         `apt-get install -y postgresql` on Debian, as .ci/run does)"
                    )
                });
                let dir = TempDir::new("pg");
                let owner = std::fs::metadata("/proc/self")
                    .map(|m| m.uid() == 0)
                    .unwrap_or(false);
                if owner {
                    let status = Command::new("chown")
                        .args(["nobody:nogroup", dir.path()])
                        .status()
                        .expect("chown");
                    assert!(status.success());
                }
                let data = dir.file("data");
                let data = data.to_str().unwrap();
                pg_command(
                    &bin,
                    "initdb",
                    &["-D", data, "-U", "c6", "--auth=trust", "-E", "UTF8"],
                );
                let opts = format!("-k {} -c listen_addresses= -c fsync=off", dir.path());
                let log = dir.file("log");
                pg_command(
                    &bin,
                    "pg_ctl",
                    &[
                        "-D",
                        data,
                        "-l",
                        log.to_str().unwrap(),
                        "-o",
                        &opts,
                        "-w",
                        "start",
                    ],
                );
                let url = format!("postgresql:///postgres?host={}&user=c6", dir.path());
                (url, Some((bin, dir)))
            }
        };
        let mut admin = Client::connect(&base, NoTls)
            .unwrap_or_else(|e| panic!("cannot connect to the test server {base}: {e}"));
        admin
            .batch_execute(&format!("CREATE DATABASE {db}"))
            .expect("create the test database");
        Server {
            url: with_database(&base, &db),
            cluster,
        }
    }

    /// A client of the test's database.
    pub fn client(&self) -> Client {
        Client::connect(&self.url, NoTls).expect("connect to the test database")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // Never a panic here (a failing test is unwinding through it): a server that does
        // not stop is left to its directory's removal.
        if let Some((bin, dir)) = &self.cluster {
            let data = dir.file("data");
            let root = std::fs::metadata("/proc/self")
                .map(|m| m.uid() == 0)
                .unwrap_or(false);
            let pg_ctl = bin.join("pg_ctl");
            let mut cmd = if root {
                let mut c = Command::new("setpriv");
                c.args(["--reuid=nobody", "--regid=nogroup", "--clear-groups"])
                    .arg(&pg_ctl);
                c
            } else {
                Command::new(&pg_ctl)
            };
            let _ = cmd
                .args(["-D", &data.display().to_string(), "-m", "immediate", "stop"])
                .current_dir("/")
                .output();
        }
    }
}
