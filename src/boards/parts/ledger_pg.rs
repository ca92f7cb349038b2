//! The ledger of parts in a PostgreSQL database, shared by any number of worker processes.
//!
//! One table row per part (`c6solve_parts`), keyed by the ledger's root (the `rules` column:
//! `m,n,k,p,q`, or `m,n,k,p,q@MOVES` for a position, see [`Root::key`]) and the part's moves, in one
//! of three states: `open` (to solve), `running` (claimed by `worker` until `lease_until`) and
//! `done` (the [`PartRecord`] as JSON, its value, and its certificate's bytes with their
//! SHA-256). Every time is the server's `now()`, so the workers' clocks never matter.
//!
//! The protocol (see docs/design.md):
//! - **claim**: in one transaction, `SELECT ... FOR UPDATE SKIP LOCKED` picks an open part, or
//!   a running one whose lease expired, and marks it running with this worker's name and a
//!   lease; two claimers never get the same row (the row lock), and a running row with a live
//!   lease is not claimable;
//! - **renew**: while it solves, a worker's lease thread moves `lease_until` forward, only
//!   while the row is still its own (`worker` = its name, `running`); when that fails the
//!   part was claimed again after the lease expired, and the worker stops solving it;
//! - **record**: in one transaction, the result (record, certificate, SHA-256) is written
//!   only if the row is still the worker's own running claim: a part is recorded once.
//!
//! The schema is created and migrated by c6solve ([`migrate`]) under an advisory lock, with
//! its version in `c6solve_schema_version`.

use super::ledger::{Ledger, PartRecord, accepted, goal_name, position_after};
use super::root::Root;
use super::split::SplitRecord;
use crate::board::Position;
use crate::boards::backing::sha256_hex;
use crate::boards::rows::Effort;
use crate::error::{Error, Result};
use crate::files::bounded::{self, Kind};
use crate::proof;
use postgres::{Client, NoTls, Transaction};
use std::path::Path;
use std::time::Duration;

/// The schema version this c6solve writes; `MIGRATIONS``[i]` takes version `i` to `i + 1`.
pub const SCHEMA_VERSION: i32 = 2;

/// The migrations, in order (see [`SCHEMA_VERSION`]).
const MIGRATIONS: [&str; SCHEMA_VERSION as usize] = [
    "
    CREATE TABLE c6solve_parts (
        rules text NOT NULL,
        moves text NOT NULL,
        goal text NOT NULL,
        state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'running', 'done')),
        worker text,
        host text,
        claimed_at timestamptz,
        lease_until timestamptz,
        claims integer NOT NULL DEFAULT 0,
        value text,
        record text,
        certificate bytea,
        certificate_sha256 text,
        done_at timestamptz,
        PRIMARY KEY (rules, moves)
    );
    CREATE TABLE c6solve_workers (
        rules text NOT NULL,
        worker text NOT NULL,
        host text NOT NULL,
        started timestamptz NOT NULL DEFAULT now(),
        last_seen timestamptz NOT NULL DEFAULT now(),
        cpu_seconds double precision NOT NULL DEFAULT 0,
        parts integer NOT NULL DEFAULT 0,
        PRIMARY KEY (rules, worker)
    );
",
    "
    ALTER TABLE c6solve_parts DROP CONSTRAINT c6solve_parts_state_check;
    ALTER TABLE c6solve_parts ADD CONSTRAINT c6solve_parts_state_check
        CHECK (state IN ('open', 'running', 'done', 'split'));
    ALTER TABLE c6solve_parts ADD COLUMN split text;
",
];

/// Any number that the c6solve workers of one database agree on: the advisory lock that
/// serialises their migrations.
const MIGRATION_LOCK: i64 = 0x6336_736f_6c76;

/// How long connecting may take when the URL does not say (`connect_timeout`).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// A connection to the ledger of one row.
pub struct PgLedger {
    client: Client,
    /// The URL without its password, for messages.
    shown: String,
    /// The root's key: `m,n,k,p,q`, or `m,n,k,p,q@MOVES` (the `rules` column).
    rules: String,
    /// This worker's name: `host:pid`.
    worker: String,
    host: String,
}

/// A part claimed by another worker, as `status` shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Running {
    /// The part's moves.
    pub moves: String,
    /// The worker's host.
    pub host: String,
    /// The worker, `host:pid`.
    pub worker: String,
    /// When it claimed the part (UTC).
    pub since: String,
    /// Seconds its lease has left (negative: expired, the part is claimable again).
    pub lease_left: f64,
}

/// One line for a PostgreSQL error (the server's own message may hold line breaks).
fn one_line(e: &postgres::Error) -> String {
    let text = match e.as_db_error() {
        Some(db) => format!("{}: {}", db.severity(), db.message()),
        None => {
            // The driver's text, with the cause (connection refused, no such socket, ...).
            let mut text = e.to_string();
            let mut source = std::error::Error::source(e);
            while let Some(s) = source {
                text.push_str(&format!(": {s}"));
                source = s.source();
            }
            text
        }
    };
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// This machine's name, `unknown` where it cannot be read.
pub fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "unknown".into())
}

impl PgLedger {
    /// Connects to `url` and creates or migrates the schema: one clear error when the URL is
    /// not one, the server cannot be reached, or its schema is newer than this c6solve.
    pub fn open(url: &str, root: &Root) -> Result<PgLedger> {
        let shown = super::at::without_password(url);
        let mut config: postgres::Config = url.parse().map_err(|e: postgres::Error| {
            Error::Option(format!("--by-parts {shown}: {}", one_line(&e)))
        })?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        let client = config.connect(NoTls).map_err(|e| {
            Error::Io(format!(
                "cannot connect to the ledger {shown}: {}",
                one_line(&e)
            ))
        })?;
        let host = host_name();
        let mut ledger = PgLedger {
            client,
            shown,
            rules: root.key(),
            worker: format!("{host}:{}", std::process::id()),
            host,
        };
        ledger.migrate()?;
        Ok(ledger)
    }

    /// An error from the database, naming the ledger.
    fn err(&self, e: postgres::Error) -> Error {
        Error::Io(format!("ledger {}: {}", self.shown, one_line(&e)))
    }

    /// Creates the schema or brings it to [`SCHEMA_VERSION`], in one transaction under an
    /// advisory lock (workers starting together migrate once).
    fn migrate(&mut self) -> Result<()> {
        let shown = self.shown.clone();
        let run = |tx: &mut Transaction<'_>| -> std::result::Result<i32, postgres::Error> {
            tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
            tx.batch_execute(
                "CREATE TABLE IF NOT EXISTS c6solve_schema_version (version integer NOT NULL)",
            )?;
            let version: i32 = tx
                .query_opt("SELECT max(version) FROM c6solve_schema_version", &[])?
                .and_then(|r| r.get::<_, Option<i32>>(0))
                .unwrap_or(0);
            if version > SCHEMA_VERSION {
                return Ok(version);
            }
            for m in &MIGRATIONS[version as usize..] {
                tx.batch_execute(m)?;
            }
            tx.execute("DELETE FROM c6solve_schema_version", &[])?;
            tx.execute(
                "INSERT INTO c6solve_schema_version VALUES ($1)",
                &[&SCHEMA_VERSION],
            )?;
            Ok(version)
        };
        let mut tx = self.client.transaction().map_err(|e| self_err(&shown, e))?;
        let version = run(&mut tx).map_err(|e| self_err(&shown, e))?;
        if version > SCHEMA_VERSION {
            return Err(Error::Io(format!(
                "ledger {shown}: schema version {version} is newer than this c6solve's \
                 ({SCHEMA_VERSION}); use a newer c6solve"
            )));
        }
        tx.commit().map_err(|e| self_err(&shown, e))
    }

    /// Adds the parts of `jobs` (moves and goal) that the ledger does not hold yet, as open.
    pub fn offer(&mut self, jobs: &[(String, &'static str)]) -> Result<()> {
        let moves: Vec<&str> = jobs.iter().map(|(m, _)| m.as_str()).collect();
        let goals: Vec<&str> = jobs.iter().map(|(_, g)| *g).collect();
        self.client
            .execute(
                "INSERT INTO c6solve_parts (rules, moves, goal)
                 SELECT $1, m, g FROM unnest($2::text[], $3::text[]) AS j(m, g)
                 ON CONFLICT DO NOTHING",
                &[&self.rules, &moves, &goals],
            )
            .map(|_| ())
            .map_err(|e| self.err(e))
    }

    /// Claims one of the parts `wanted` (in its order): an open one, or a running one whose
    /// lease expired; `None` when every one is done or held under a live lease.
    pub fn claim(&mut self, wanted: &[String], lease: Duration) -> Result<Option<String>> {
        let (rules, worker, host) = (self.rules.clone(), self.worker.clone(), self.host.clone());
        let secs = lease.as_secs_f64();
        let run = |c: &mut Client| -> std::result::Result<Option<String>, postgres::Error> {
            let mut tx = c.transaction()?;
            let Some(row) = tx.query_opt(
                "SELECT moves FROM c6solve_parts
                 WHERE rules = $1 AND moves = ANY($2)
                   AND (state = 'open' OR (state = 'running' AND lease_until < now()))
                 ORDER BY array_position($2::text[], moves)
                 LIMIT 1 FOR UPDATE SKIP LOCKED",
                &[&rules, &wanted],
            )?
            else {
                return Ok(None);
            };
            let moves: String = row.get(0);
            tx.execute(
                "UPDATE c6solve_parts SET state = 'running', worker = $3, host = $4,
                     claimed_at = now(), lease_until = now() + $5 * interval '1 second',
                     claims = claims + 1
                 WHERE rules = $1 AND moves = $2",
                &[&rules, &moves, &worker, &host, &secs],
            )?;
            tx.execute(
                "INSERT INTO c6solve_workers (rules, worker, host) VALUES ($1, $2, $3)
                 ON CONFLICT DO NOTHING",
                &[&rules, &worker, &host],
            )?;
            tx.commit()?;
            Ok(Some(moves))
        };
        run(&mut self.client).map_err(|e| self.err(e))
    }

    /// True when one of `wanted` is not done yet: held by a worker (a live lease), claimable
    /// again (an expired one), or open but locked by another worker's claim in flight (which
    /// `claim`'s `SKIP LOCKED` passed over). A worker that found nothing to claim waits while
    /// this holds: only when every part it wants is done has it nothing left to wait for.
    pub fn any_left(&mut self, wanted: &[String]) -> Result<bool> {
        self.client
            .query_one(
                "SELECT count(*) FROM c6solve_parts WHERE rules = $1 AND moves = ANY($2)
                   AND state <> 'done'",
                &[&self.rules, &wanted],
            )
            .map(|r| r.get::<_, i64>(0) > 0)
            .map_err(|e| self.err(e))
    }

    /// Moves this worker's lease on `moves` forward by `lease`, and records its CPU time;
    /// false when the part is no longer its own (claimed again after the lease expired).
    pub fn renew(&mut self, moves: &str, lease: Duration) -> Result<bool> {
        let secs = lease.as_secs_f64();
        let n = self
            .client
            .execute(
                "UPDATE c6solve_parts SET lease_until = now() + $4 * interval '1 second'
                 WHERE rules = $1 AND moves = $2 AND worker = $3 AND state = 'running'",
                &[&self.rules, &moves, &self.worker, &secs],
            )
            .map_err(|e| self.err(e))?;
        self.heartbeat(0)?;
        Ok(n == 1)
    }

    /// Records this worker's CPU seconds so far and that it is alive; `parts` more proven.
    fn heartbeat(&mut self, parts: i32) -> Result<()> {
        let cpu = super::effort::cpu_seconds().unwrap_or(0.0);
        self.client
            .execute(
                "UPDATE c6solve_workers SET last_seen = now(), cpu_seconds = $3,
                     parts = parts + $4
                 WHERE rules = $1 AND worker = $2",
                &[&self.rules, &self.worker, &cpu, &parts],
            )
            .map(|_| ())
            .map_err(|e| self.err(e))
    }

    /// Records `part`, proven for the claimed part `claimed`, with its certificate's bytes,
    /// in one transaction, only if the claim is still this worker's: false (nothing written)
    /// when it is not. A part proven below the claimed one (a reply trial's) replaces it.
    pub fn record(
        &mut self,
        claimed: &str,
        part: &PartRecord,
        certificate: Option<&[u8]>,
    ) -> Result<bool> {
        let (rules, worker) = (self.rules.clone(), self.worker.clone());
        let record = serde_json::to_string(&PartRecord {
            certificate: None,
            ..part.clone()
        })
        .map_err(|e| Error::Io(format!("cannot encode a part: {e}")))?;
        let sha = part.certificate_sha256.clone();
        let goal = goal_name(part.goal());
        let cpu = super::effort::cpu_seconds().unwrap_or(0.0);
        let run = |c: &mut Client| -> std::result::Result<bool, postgres::Error> {
            let mut tx = c.transaction()?;
            let mine = tx.query_opt(
                "SELECT 1 FROM c6solve_parts WHERE rules = $1 AND moves = $2 AND worker = $3
                   AND state = 'running' FOR UPDATE",
                &[&rules, &claimed, &worker],
            )?;
            if mine.is_none() {
                return Ok(false);
            }
            if part.moves != claimed {
                tx.execute(
                    "DELETE FROM c6solve_parts WHERE rules = $1 AND moves = $2",
                    &[&rules, &claimed],
                )?;
                tx.execute(
                    "INSERT INTO c6solve_parts (rules, moves, goal) VALUES ($1, $2, $3)
                     ON CONFLICT DO NOTHING",
                    &[&rules, &part.moves, &goal],
                )?;
            }
            let n = tx.execute(
                "UPDATE c6solve_parts SET state = 'done', value = $3, record = $4,
                     certificate = $5, certificate_sha256 = $6, done_at = now(),
                     lease_until = NULL, worker = $7
                 WHERE rules = $1 AND moves = $2 AND state <> 'done'",
                &[
                    &rules,
                    &part.moves,
                    &part.value,
                    &record,
                    &certificate,
                    &sha,
                    &worker,
                ],
            )?;
            tx.execute(
                "UPDATE c6solve_workers SET last_seen = now(), cpu_seconds = $3,
                     parts = parts + 1
                 WHERE rules = $1 AND worker = $2",
                &[&rules, &worker, &cpu],
            )?;
            tx.commit()?;
            Ok(n == 1)
        };
        run(&mut self.client).map_err(|e| self.err(e))
    }

    /// Gives a claimed part back (open again) when its solve stopped unproven: its
    /// checkpoint, in a shared `--tt-dir`, keeps its work for the next claimant.
    pub fn release(&mut self, moves: &str) -> Result<()> {
        self.client
            .execute(
                "UPDATE c6solve_parts SET state = 'open', lease_until = NULL
                 WHERE rules = $1 AND moves = $2 AND worker = $3 AND state = 'running'",
                &[&self.rules, &moves, &self.worker],
            )
            .map_err(|e| self.err(e))?;
        self.heartbeat(0)
    }

    /// Records that the claimed part `claimed` was split ([`super::split`]), in one
    /// transaction, only if the claim is still this worker's: false (nothing written) when it
    /// is not. The parts below it are then offered by whichever worker schedules next.
    pub fn record_split(&mut self, claimed: &str, split: &SplitRecord) -> Result<bool> {
        let text = serde_json::to_string(split)
            .map_err(|e| Error::Io(format!("cannot encode a split: {e}")))?;
        let n = self
            .client
            .execute(
                "UPDATE c6solve_parts SET state = 'split', split = $4, done_at = now(),
                     lease_until = NULL
                 WHERE rules = $1 AND moves = $2 AND worker = $3 AND state = 'running'",
                &[&self.rules, &claimed, &self.worker, &text],
            )
            .map_err(|e| self.err(e))?;
        self.heartbeat(0)?;
        Ok(n == 1)
    }

    /// Copies the parts and splits of `ledger`, a directory ledger of the same root, into the
    /// database in one transaction; a part or split the database already holds (in any
    /// state) is kept as it is. With `certificates`, each part goes in with its certificate's
    /// bytes, read from the file its record names (relative to the current directory), which
    /// must have the SHA-256 the record holds and be accepted by the checker as a proof of
    /// the part's value; without, the values go in as recorded, with no certificate. The
    /// directory's sessions are not copied: the database's effort counts its own workers.
    /// Returns the parts and the splits added.
    pub fn import(
        &mut self,
        root: &Root,
        ledger: &Ledger,
        certificates: bool,
    ) -> Result<(usize, usize)> {
        let mut parts = Vec::new();
        for part in &ledger.parts {
            let bad = |why: String| {
                Error::Io(format!(
                    "--import-ledger: part '{}' of {root}: {why}; nothing imported",
                    part.moves
                ))
            };
            let (_, pos) =
                position_after(&root.rules, &part.moves).map_err(|e| bad(e.to_string()))?;
            let (bytes, sha) = if certificates {
                let (Some(file), Some(sha)) = (&part.certificate, &part.certificate_sha256) else {
                    return Err(bad("it has no certificate".into()));
                };
                let bytes = bounded::read(Path::new(file), Kind::Certificate)
                    .map_err(|e| bad(format!("cannot read its certificate {file}: {e}")))?;
                check_certificate(&pos, &part.value, sha, &bytes)
                    .map_err(|why| bad(format!("{file}: {why}")))?;
                (Some(bytes), Some(sha.clone()))
            } else {
                (None, None)
            };
            let record = serde_json::to_string(&PartRecord {
                certificate: None,
                certificate_sha256: sha.clone(),
                ..part.clone()
            })
            .map_err(|e| Error::Io(format!("cannot encode a part: {e}")))?;
            parts.push((part, record, bytes, sha));
        }
        let mut splits = Vec::new();
        for split in &ledger.splits {
            let text = serde_json::to_string(split)
                .map_err(|e| Error::Io(format!("cannot encode a split: {e}")))?;
            splits.push((split, text));
        }
        let (rules, host) = (self.rules.clone(), self.host.clone());
        let run = |c: &mut Client| -> std::result::Result<(usize, usize), postgres::Error> {
            let mut tx = c.transaction()?;
            let mut added = (0, 0);
            // clock_timestamp(), not now(): the rows keep the directory's order.
            for (part, record, bytes, sha) in &parts {
                added.0 += tx.execute(
                    "INSERT INTO c6solve_parts (rules, moves, goal, state, value, record,
                         certificate, certificate_sha256, done_at, worker, host)
                     VALUES ($1, $2, $3, 'done', $4, $5, $6, $7, clock_timestamp(), 'import', $8)
                     ON CONFLICT DO NOTHING",
                    &[
                        &rules,
                        &part.moves,
                        &goal_name(part.goal()),
                        &part.value,
                        record,
                        bytes,
                        sha,
                        &host,
                    ],
                )? as usize;
            }
            for (split, text) in &splits {
                added.1 += tx.execute(
                    "INSERT INTO c6solve_parts (rules, moves, goal, state, split, done_at,
                         worker, host)
                     VALUES ($1, $2, $3, 'split', $4, clock_timestamp(), 'import', $5)
                     ON CONFLICT DO NOTHING",
                    &[&rules, &split.moves, &split.goal, text, &host],
                )? as usize;
            }
            tx.commit()?;
            Ok(added)
        };
        run(&mut self.client).map_err(|e| self.err(e))
    }

    /// The proven parts as a [`Ledger`], without their certificates (for scheduling).
    pub fn records(&mut self, root: &Root) -> Result<Ledger> {
        self.done(root, None, false)
    }

    /// The proven parts as a [`Ledger`], each certificate checked: its bytes must have the
    /// SHA-256 its row and its record name, and the independent checker must accept it as a
    /// proof of the row's value at the row's position. Anything else is a tampered or damaged
    /// row, and an error. With `cert_dir`, each certificate is written to
    /// `CERT-DIR/STEM/MOVES.c6proof` for the joined certificate to read (the root's stem,
    /// `m_n_k_p_q` for a row).
    pub fn verified(&mut self, root: &Root, cert_dir: Option<&Path>) -> Result<Ledger> {
        self.done(root, cert_dir, true)
    }

    fn done(&mut self, root: &Root, cert_dir: Option<&Path>, check: bool) -> Result<Ledger> {
        let rules = &root.rules;
        let columns = if check { "certificate" } else { "NULL::bytea" };
        let rows = self
            .client
            .query(
                &format!(
                    "SELECT moves, value, record, certificate_sha256, {columns}
                     FROM c6solve_parts WHERE rules = $1 AND state = 'done'
                     ORDER BY done_at, moves"
                ),
                &[&self.rules],
            )
            .map_err(|e| self.err(e))?;
        let mut parts = Vec::new();
        for row in rows {
            let moves: String = row.get(0);
            let value: Option<String> = row.get(1);
            let record: Option<String> = row.get(2);
            let sha: Option<String> = row.get(3);
            let bytes: Option<Vec<u8>> = row.get(4);
            let bad = |why: &str| {
                Error::Io(format!(
                    "ledger {}: part '{moves}' of {root}: {why}; the row is refused \
                     (tampered with or damaged)",
                    self.shown
                ))
            };
            let mut part: PartRecord = record
                .as_deref()
                .and_then(|r| serde_json::from_str(r).ok())
                .ok_or_else(|| bad("its record is not a part record"))?;
            if part.moves != moves || Some(&part.value) != value.as_ref() {
                return Err(bad("its record does not match its moves and value"));
            }
            if !["no-loss", "loss", "no-win", "win"].contains(&part.value.as_str()) {
                return Err(bad(&format!("value '{}'", part.value)));
            }
            let (_, pos) = position_after(rules, &moves).map_err(|e| bad(&e.to_string()))?;
            if part.certificate_sha256 != sha {
                return Err(bad(
                    "its certificate's SHA-256 is not the one its record holds",
                ));
            }
            part.certificate = None;
            if check && let Some(sha) = &sha {
                let bytes = bytes.ok_or_else(|| bad("its certificate is missing"))?;
                check_certificate(&pos, &part.value, sha, &bytes).map_err(|why| bad(&why))?;
                if let Some(dir) = cert_dir {
                    let name = super::schedule::moves_name(&moves);
                    let file = dir.join(root.stem()).join(format!("{name}.c6proof"));
                    if let Some(d) = file.parent() {
                        std::fs::create_dir_all(d).map_err(|e| {
                            Error::Io(format!("cannot create {}: {e}", d.display()))
                        })?;
                    }
                    crate::files::atomic::write(&file, &bytes)?;
                    part.certificate = Some(file.display().to_string());
                }
            }
            parts.push(part);
        }
        let splits = self.splits(root)?;
        Ok(Ledger {
            parts,
            splits,
            ..Ledger::empty(root)
        })
    }

    /// The splits recorded: a row whose split does not read or is not for its moves is
    /// refused, like a damaged part.
    fn splits(&mut self, root: &Root) -> Result<Vec<SplitRecord>> {
        let rows = self
            .client
            .query(
                "SELECT moves, split FROM c6solve_parts WHERE rules = $1 AND state = 'split'
                 ORDER BY done_at, moves",
                &[&self.rules],
            )
            .map_err(|e| self.err(e))?;
        let mut out = Vec::new();
        for row in rows {
            let moves: String = row.get(0);
            let text: Option<String> = row.get(1);
            let split: Option<SplitRecord> =
                text.as_deref().and_then(|t| serde_json::from_str(t).ok());
            match split {
                Some(s) if s.moves == moves && s.invalid(root).is_none() => out.push(s),
                _ => {
                    return Err(Error::Io(format!(
                        "ledger {}: split '{moves}' of {root}: its record is not a split of \
                         that position; the row is refused (tampered with or damaged)",
                        self.shown
                    )));
                }
            }
        }
        Ok(out)
    }

    /// The parts claimed and not done: who holds each, since when, and its lease.
    pub fn running(&mut self) -> Result<Vec<Running>> {
        let rows = self
            .client
            .query(
                "SELECT moves, coalesce(host, ''), coalesce(worker, ''),
                     to_char(claimed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),
                     extract(epoch FROM lease_until - now())::float8
                 FROM c6solve_parts WHERE rules = $1 AND state = 'running' ORDER BY claimed_at",
                &[&self.rules],
            )
            .map_err(|e| self.err(e))?;
        Ok(rows
            .iter()
            .map(|r| Running {
                moves: r.get(0),
                host: r.get(1),
                worker: r.get(2),
                since: r.get::<_, Option<String>>(3).unwrap_or_default(),
                lease_left: r.get::<_, Option<f64>>(4).unwrap_or(0.0),
            })
            .collect())
    }

    /// Done parts whose certificate bytes no longer have their recorded SHA-256 (checked by
    /// the server, without fetching the bytes): for `status`.
    pub fn mismatched(&mut self) -> Result<Vec<String>> {
        let rows = self
            .client
            .query(
                "SELECT moves FROM c6solve_parts WHERE rules = $1 AND state = 'done'
                   AND certificate_sha256 IS NOT NULL
                   AND (certificate IS NULL
                        OR encode(sha256(certificate), 'hex') <> certificate_sha256)",
                &[&self.rules],
            )
            .map_err(|e| self.err(e))?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// What the row's workers have spent: how many worker processes claimed parts, the
    /// wall seconds from the first one's start to the last one's last report, and their
    /// CPU seconds (each process's own, up to its last report).
    pub fn effort(&mut self) -> Result<Option<Effort>> {
        let row = self
            .client
            .query_one(
                "SELECT count(*), extract(epoch FROM max(last_seen) - min(started))::float8,
                     sum(cpu_seconds)
                 FROM c6solve_workers WHERE rules = $1",
                &[&self.rules],
            )
            .map_err(|e| self.err(e))?;
        let workers: i64 = row.get(0);
        Ok((workers > 0).then(|| Effort {
            workers: workers as u32,
            wall_seconds: round2(row.get::<_, Option<f64>>(1).unwrap_or(0.0)),
            cpu_seconds: round2(row.get::<_, Option<f64>>(2).unwrap_or(0.0)),
        }))
    }

    /// The worker's own heartbeat at the end of its run.
    pub fn finish(&mut self) -> Result<()> {
        self.heartbeat(0)
    }
}

/// Whether `bytes` is a part's certificate as recorded: it has the SHA-256 `sha`, and the
/// independent checker accepts it as a proof of the part value `value` at `pos`; the reason
/// when it is not.
fn check_certificate(
    pos: &Position,
    value: &str,
    sha: &str,
    bytes: &[u8],
) -> std::result::Result<(), String> {
    if sha256_hex(bytes) != sha {
        return Err("its certificate does not have the SHA-256 the ledger recorded".into());
    }
    let packed = proof::Packed::read_from(bytes)
        .map_err(|e| format!("its certificate does not read: {e}"))?;
    accepted(&packed, pos, value).map(|_| ())
}

/// An error of a closure run before `self` is at hand again.
fn self_err(shown: &str, e: postgres::Error) -> Error {
    Error::Io(format!("ledger {shown}: {}", one_line(&e)))
}

/// Seconds to two decimals, as the table writes times.
fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}
