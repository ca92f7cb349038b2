//! Several df-pn workers over the one shared table.
//!
//! Every worker runs df-pn from the root over the same [`Table`] (crossbeam scoped threads).
//! What one worker proves or disproves, the others read from the table. To keep them from all
//! following the same most-proving child, a worker marks the nodes on its stack as busy in a
//! small shared array, and a busy child looks harder than it is to the others (a virtual proof
//! number, in the manner of Kaneko 2010 and of the "busy" marks of Benzene and
//! KomoringHeights): see `divert` in [`super::dfpn`]. Workers also re-read their siblings from
//! the table after each child, since other workers may have solved them meanwhile.
//!
//! Values never depend on the number of workers: a node is only ever decided by solved
//! entries, and every solved entry is a proof whichever worker wrote it.
//!
//! [`run_phase`] runs one df-pn run with N workers, which share a [`Control`] besides the
//! table, while the calling thread watches them (limits, Ctrl-C, checkpoints, progress).
//!
//! The design: docs/design.md §7.

use super::control::Control;
use super::dfpn::{Dfpn, Limits, Proof};
use super::tt::Table;
use crate::board::Position;
use crate::error::{Error, Result};
use crate::rules::Color;
use std::time::Duration;

/// Stack of every thread that runs the search (the workers here, the search threads of
/// [`super::solve`] and [`crate::verify::verify`]): the search recurses once per stone, so
/// its depth is the number of empty points (361 on Connect6), with a few KiB per frame.
pub const WORKER_STACK: usize = 256 << 20;

/// What one df-pn run proves: does `attacker` force a win from `pos`?
#[derive(Clone, Copy)]
pub struct Run<'a> {
    /// The shared table.
    pub table: &'a Table,
    /// The root.
    pub pos: &'a Position,
    /// The side whose win is proven or disproven.
    pub attacker: Color,
    /// Node budget and deadline (the node budget counts all workers).
    pub limits: Limits,
    /// Relevance-zone pruning.
    pub zones: bool,
    /// Solve the root's two-stone positions one at a time.
    pub split_turns: bool,
    /// Memory for each worker's zone store, in bytes.
    pub zone_bytes: usize,
}

/// One df-pn run ([`Run`]) with `ctl.threads()` workers.
///
/// The calling thread watches: `watch` is called every `tick` until the workers finish, and
/// may stop them ([`Control::stop`], [`Control::interrupt`]) or park them for a checkpoint
/// ([`Control::pause`]). The first worker to solve the root stops the others.
///
/// Fails when not even one worker thread can be started (fewer than asked still search
/// correctly). Panics if a worker panics (a bug; the caller's thread reports it) or if two
/// workers return contradicting proofs (which would be a bug in the search).
pub fn run_phase(
    run: Run<'_>,
    ctl: &Control,
    tick: Duration,
    mut watch: impl FnMut(&Control),
) -> Result<Proof> {
    ctl.rearm();
    let proofs = crossbeam::thread::scope(|s| {
        let mut start_error = None;
        let mut handles = Vec::new();
        for i in 0..ctl.threads() {
            let mut pos = run.pos.clone();
            ctl.worker_started();
            let spawned = s
                .builder()
                .name(format!("c6solve-worker-{i}"))
                .stack_size(WORKER_STACK)
                .spawn(move |_| {
                    // Counted as finished even if the search panics, so the watcher returns.
                    let _done = Finished(ctl);
                    let mut search = Dfpn::new(run.table, run.attacker, run.limits, 0)
                        .with_zones(run.zones)
                        .with_split_turns(run.split_turns)
                        .with_zone_memory(run.zone_bytes, run.pos.rules().cells())
                        .with_control(ctl);
                    let proof = search.run(&mut pos);
                    search.flush_nodes();
                    if proof != Proof::Unknown {
                        ctl.stop();
                    }
                    proof
                });
            match spawned {
                Ok(h) => handles.push(h),
                Err(e) => {
                    // Fewer workers than asked is still a correct search.
                    ctl.worker_done();
                    if i == 0 {
                        start_error = Some(e);
                    }
                    break;
                }
            }
        }
        if let Some(e) = start_error {
            return Err(Error::Io(format!("cannot start a search thread: {e}")));
        }
        while !ctl.wait_workers(tick) {
            watch(ctl);
        }
        Ok(handles
            .into_iter()
            .map(|h| h.join().expect("a search worker failed"))
            .collect::<Vec<Proof>>())
    })
    .expect("a search worker failed")?;
    let solved: Vec<Proof> = proofs
        .into_iter()
        .filter(|&p| p != Proof::Unknown)
        .collect();
    assert!(
        solved.windows(2).all(|w| w[0] == w[1]),
        "workers disagree on the root: {solved:?}"
    );
    Ok(solved.first().copied().unwrap_or(Proof::Unknown))
}

struct Finished<'a>(&'a Control);

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        self.0.worker_done();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    #[test]
    fn pause_parks_every_worker_and_counts_exactly() {
        let r = Rules::parse("5,5,4,1,1").unwrap();
        let pos = Position::new(r);
        let table = Table::new(8).unwrap();
        let ctl = Control::new(2);
        let mut pauses = 0;
        let run = Run {
            table: &table,
            pos: &pos,
            attacker: Color::Black,
            limits: Limits::default(),
            zones: false,
            split_turns: false,
            zone_bytes: 1 << 20,
        };
        let proof = run_phase(run, &ctl, Duration::from_millis(5), |c| {
            c.pause();
            // Parked: the count cannot move until they go on (unless a worker solved
            // the root meanwhile: then the others are winding down, not parked).
            let n = c.nodes();
            std::thread::sleep(Duration::from_millis(2));
            if !c.is_stopped() {
                assert_eq!(c.nodes(), n);
                pauses += 1;
            }
            c.unpause();
        })
        .expect("workers start");
        assert_eq!(proof, Proof::Disproven, "5,5,4,1,1 is a draw");
        assert!(ctl.nodes() > 0);
        assert!(!ctl.is_interrupted());
        assert!(pauses > 0, "the watcher ran");
    }

    #[test]
    fn interrupt_stops_the_workers() {
        let pos = Position::new(Rules::parse("7,6,5,1,1").unwrap());
        let table = Table::new(8).unwrap();
        let ctl = Control::new(2);
        let run = Run {
            table: &table,
            pos: &pos,
            attacker: Color::Black,
            limits: Limits::default(),
            zones: false,
            split_turns: false,
            zone_bytes: 1 << 20,
        };
        let proof = run_phase(run, &ctl, Duration::from_millis(5), |c| c.interrupt())
            .expect("workers start");
        assert_eq!(proof, Proof::Unknown);
        assert!(ctl.is_interrupted());
    }
}
