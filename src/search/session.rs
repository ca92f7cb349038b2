//! One solve as it runs: its df-pn runs with N workers ([`super::parallel`]), watched from
//! the search thread for limits, Ctrl-C, checkpoints ([`super::checkpoint`]) and the progress
//! line.
//!
//! The design: docs/design.md §2.5 (the runs of a goal), §8 (checkpoints).

use super::checkpoint::{self, Checkpoint};
use super::control::Control;
use super::dfpn::{self, Limits, Proof};
use super::parallel;
use super::tt::Table;
use super::{SolveOptions, default_threads};
use crate::board::Position;
use crate::error::{Error, Result};
use crate::rules::Color;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Checkpoint interval when `--tt FILE` is given without `--checkpoint-every`. A checkpoint
/// writes back what the table changed (results/threads.md measures the cost per GiB): every
/// five minutes keeps that to a small share of the run, and bounds what a crash loses.
pub const DEFAULT_CHECKPOINT_EVERY: Duration = Duration::from_secs(300);

/// How often the watcher wakes (the workers' end wakes it at once).
const TICK: Duration = Duration::from_millis(100);

/// How often the progress line reads the table's fill (it samples up to 8 MiB of buckets).
const FILL_EVERY: Duration = Duration::from_secs(2);

/// A solve in progress.
pub(crate) struct Session<'a> {
    pos: &'a Position,
    opts: &'a SolveOptions,
    table: &'a Table,
    /// This session's start.
    pub start: Instant,
    deadline: Option<Instant>,
    /// The checkpoint file and interval, when the table is a file.
    ckpt: Option<(PathBuf, Duration)>,
    last_ckpt: Option<Instant>,
    /// The metadata as of the last checkpoint; its counters are the previous sessions' at
    /// first.
    meta: Checkpoint,
    /// Counters of the sessions before this one.
    pub prior_nodes: u64,
    /// Seconds of the sessions before this one.
    pub prior_seconds: f64,
    /// True when this session continues a checkpoint.
    pub resumed: bool,
    /// Checkpoints written by this session.
    pub checkpoints: u64,
    /// Workers per run.
    pub threads: usize,
    /// The shared counters and flags of the workers.
    pub ctl: Control,
    bar: Option<ProgressBar>,
    fill: (Option<Instant>, f64),
    /// The keys of the root's turns a split-turns run solves one at a time, for the attacker
    /// they were listed for (see [`Session::turns_line`]).
    turns: Option<(Color, Vec<[u64; 2]>)>,
    error: Option<Error>,
}

impl<'a> Session<'a> {
    /// A session of the solve of `pos`, continuing `resume` if given.
    pub fn new(
        pos: &'a Position,
        opts: &'a SolveOptions,
        table: &'a Table,
        resume: Option<Checkpoint>,
    ) -> Session<'a> {
        let start = Instant::now();
        let threads = if opts.threads == 0 {
            default_threads()
        } else {
            opts.threads
        };
        let resumed = resume.is_some();
        let mut meta = Checkpoint::fresh(pos, opts, threads);
        if let Some(ck) = resume {
            meta.phase = ck.phase;
            meta.nodes = ck.nodes;
            meta.seconds = ck.seconds;
            meta.sessions = ck.sessions + 1;
            meta.checkpoints = ck.checkpoints;
        }
        let ckpt = opts.tt_file.as_ref().map(|tt| {
            let every = opts.checkpoint_every.unwrap_or(DEFAULT_CHECKPOINT_EVERY);
            (checkpoint::path_for(tt), every)
        });
        let bar = opts.progress.then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(4));
            let style = ProgressStyle::with_template("{spinner} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner());
            bar.set_style(style);
            bar
        });
        Session {
            pos,
            opts,
            table,
            start,
            deadline: opts.time_limit.map(|d| start + d),
            ckpt,
            last_ckpt: None,
            prior_nodes: meta.nodes,
            prior_seconds: meta.seconds,
            meta,
            resumed,
            checkpoints: 0,
            threads,
            ctl: Control::new(threads),
            bar,
            fill: (None, 0.0),
            turns: None,
            error: None,
        }
    }

    /// The run a resumed solve continues: 1 or 2.
    pub fn phase(&self) -> u8 {
        self.meta.phase
    }

    /// The search limits of this session.
    pub fn limits(&self) -> Limits {
        Limits {
            max_nodes: self.opts.max_nodes,
            deadline: self.deadline,
        }
    }

    /// The checkpoint file, when the table is a file.
    pub fn checkpoint_path(&self) -> Option<&PathBuf> {
        self.ckpt.as_ref().map(|c| &c.0)
    }

    /// Runs df-pn run `phase` (1 or 2) for `attacker` with all workers. Fails only when a
    /// checkpoint cannot be written (the workers are then stopped).
    pub fn run(&mut self, phase: u8, attacker: Color) -> Result<Proof> {
        self.meta.phase = phase;
        let ctl = std::mem::replace(&mut self.ctl, Control::new(1));
        let run = parallel::Run {
            table: self.table,
            pos: self.pos,
            attacker,
            limits: self.limits(),
            zones: self.opts.zones,
            split_turns: self.opts.split_turns,
            zone_bytes: super::zone_memory(self.opts.tt_mib) / ctl.threads(),
        };
        let proof = parallel::run_phase(run, &ctl, TICK, |c| self.watch(c, attacker))?;
        self.ctl = ctl;
        match self.error.take() {
            Some(e) => Err(e),
            None => Ok(proof),
        }
    }

    /// Called every tick while the workers run.
    fn watch(&mut self, ctl: &Control, attacker: Color) {
        if let Some(flag) = &self.opts.interrupt
            && flag.load(Ordering::Relaxed)
            && !ctl.is_interrupted()
        {
            ctl.interrupt();
        }
        if let Some(d) = self.deadline
            && Instant::now() >= d
        {
            ctl.stop();
        }
        if let Some((_, every)) = &self.ckpt
            && !ctl.is_stopped()
            && self.last_ckpt.unwrap_or(self.start).elapsed() >= *every
        {
            ctl.pause();
            let written = self.write_checkpoint(ctl.nodes());
            ctl.unpause();
            match written {
                Ok(()) => self.log_checkpoint(ctl, attacker),
                Err(e) => {
                    self.error = Some(e);
                    ctl.stop();
                }
            }
        }
        self.draw(ctl, attacker);
    }

    /// One line on stderr for a checkpoint just written, when a progress line was asked for
    /// but stderr is no terminal (a solve left running under `nohup` or a service): its log
    /// then shows how far the solve got, as the progress line would.
    fn log_checkpoint(&mut self, ctl: &Control, attacker: Color) {
        if self.bar.as_ref().is_some_and(ProgressBar::is_hidden) {
            let status = self.status(ctl, attacker, false);
            eprintln!("checkpoint {}: {status}", self.meta.checkpoints);
        }
    }

    /// Flushes the table and writes the metadata, with this session's `nodes` so far.
    fn write_checkpoint(&mut self, nodes: u64) -> Result<()> {
        let Some((path, _)) = &self.ckpt else {
            return Ok(());
        };
        let name = path.display().to_string();
        self.table
            .flush()
            .map_err(|e| Error::Io(format!("checkpoint: cannot write the table back: {e}")))?;
        let mut ck = self.meta.clone();
        ck.nodes = self.prior_nodes + nodes;
        ck.seconds = self.prior_seconds + self.start.elapsed().as_secs_f64();
        ck.checkpoints += 1;
        checkpoint::write(path, &ck)
            .map_err(|e| Error::Io(format!("cannot write checkpoint {name}: {e}")))?;
        self.meta = ck;
        self.checkpoints += 1;
        self.last_ckpt = Some(Instant::now());
        Ok(())
    }

    /// Ends the session with a last checkpoint (`nodes` is this session's count), proven or
    /// not: the table file then holds the proof and the checkpoint the whole solve's totals.
    /// A proven solve's checkpoint is removed only once the caller is done with the table
    /// (see [`super::solve_then`]): a crash while a certificate is written, which can take
    /// as long as the solve, then loses neither the proof nor the totals, and the same
    /// command answers at once.
    pub fn finish(&mut self, nodes: u64) -> Result<()> {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
        self.write_checkpoint(nodes)
    }

    /// Updates the progress line (see [`Session::status`]).
    fn draw(&mut self, ctl: &Control, attacker: Color) {
        // A handle (the bar is shared inside), so `status` may borrow `self` mutably.
        let Some(bar) = self.bar.clone().filter(|b| !b.is_hidden()) else {
            return;
        };
        bar.set_message(self.status(ctl, attacker, true));
        bar.tick();
    }

    /// Where the solve is: elapsed (all sessions), nodes, nodes/s, the root's numbers in the
    /// current run, table fill, and with `since_checkpoint` how long ago the last checkpoint was.
    fn status(&mut self, ctl: &Control, attacker: Color, since_checkpoint: bool) -> String {
        let now = Instant::now();
        if self.fill.0.is_none_or(|t| now - t >= FILL_EVERY) {
            self.fill = (Some(now), self.table.fill());
        }
        let secs = self.start.elapsed().as_secs_f64();
        let nodes = ctl.nodes();
        let root = self.table.probe(dfpn::key_for(self.pos, attacker));
        let (pn, dn) = root.map_or((1, 1), |e| (e.pn, e.dn));
        let num = |x: u32| {
            if x == super::tt::INF {
                "inf".to_string()
            } else {
                x.to_string()
            }
        };
        let ckpt = match (&self.ckpt, self.last_ckpt) {
            _ if !since_checkpoint => String::new(),
            (None, _) => String::new(),
            (Some(_), None) => "  checkpoint: none yet".to_string(),
            (Some(_), Some(t)) => format!("  checkpoint: {} ago", clock(t.elapsed().as_secs_f64())),
        };
        let turns = self.turns_line(attacker);
        format!(
            "{}  {} nodes  {}/s  run {}: root pn {} dn {}{turns}  table {:.1}%{ckpt}",
            clock(self.prior_seconds + secs),
            si(self.prior_nodes + nodes),
            si((nodes as f64 / secs.max(1e-3)) as u64),
            self.meta.phase,
            num(pn),
            num(dn),
            100.0 * self.fill.1,
        )
    }

    /// With `--split-turns`, how many of the root's turns the table holds as refuted, e.g.
    /// `turns refuted 3 of 10`: the root's own numbers stay at 1 until the last turn is
    /// settled, so this is the only sign of how far such a run got. Empty otherwise.
    fn turns_line(&mut self, attacker: Color) -> String {
        if !self.opts.split_turns || !dfpn::splits(self.pos, attacker) {
            return String::new();
        }
        if self.turns.as_ref().is_none_or(|(a, _)| *a != attacker) {
            let keys = dfpn::root_turns(self.pos, attacker)
                .into_iter()
                .map(|(_, _, key)| key)
                .collect();
            self.turns = Some((attacker, keys));
        }
        let keys = self.turns.as_ref().map_or(&[][..], |(_, k)| &k[..]);
        let refuted = keys
            .iter()
            .filter(|&&k| self.table.probe(k).is_some_and(|e| e.dn == 0))
            .count();
        format!("  turns refuted {refuted} of {}", keys.len())
    }
}

/// Seconds as `h:mm:ss`.
fn clock(secs: f64) -> String {
    let s = secs as u64;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// A count with a k, M or G suffix.
fn si(n: u64) -> String {
    match n {
        n if n < 10_000 => n.to_string(),
        n if n < 10_000_000 => format!("{:.1}k", n as f64 / 1e3),
        n if n < 10_000_000_000 => format!("{:.1}M", n as f64 / 1e6),
        n => format!("{:.1}G", n as f64 / 1e9),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(clock(3725.4), "1:02:05");
        assert_eq!(si(999), "999");
        assert_eq!(si(12_345), "12.3k");
        assert_eq!(si(45_600_000), "45.6M");
    }
}
