//! What the df-pn workers of one solve share besides the table: the node count, a stop
//! flag, the gate that parks them while a checkpoint is taken, and the busy marks that
//! spread several workers over different children (see `divert` in [`super::dfpn`]).
//!
//! A lone searcher runs without one; [`super::parallel::run_phase`] gives every worker the
//! same [`Control`], and the calling thread drives it (stop, interrupt, pause).
//!
//! The design: docs/design.md §7 (threads), §8 (checkpoints).

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// Busy marks kept (a power of two); a worker's stack holds at most a few hundred nodes, so
/// false "busy" readings from two keys sharing a slot are rare and only cost search order.
const BUSY_SLOTS: usize = 1 << 16;

/// What the workers of one solve share besides the table.
pub struct Control {
    /// Nodes counted by all workers of this session (each adds its count in batches).
    nodes: AtomicU64,
    /// Set whenever the workers must look at the gate: stop or pause. The hot path reads only
    /// this flag.
    attention: AtomicBool,
    stop: AtomicBool,
    interrupted: AtomicBool,
    gate: Mutex<Gate>,
    cv: Condvar,
    /// Busy marks by key; empty with one worker.
    busy: Vec<AtomicU32>,
    threads: usize,
}

#[derive(Default)]
struct Gate {
    /// A checkpoint wants every running worker parked.
    pausing: bool,
    /// Workers parked at the gate.
    paused: usize,
    /// Workers started and not yet finished.
    running: usize,
}

impl Control {
    /// Control for `threads` workers (at least one).
    pub fn new(threads: usize) -> Control {
        let threads = threads.max(1);
        let busy = if threads > 1 {
            (0..BUSY_SLOTS).map(|_| AtomicU32::new(0)).collect()
        } else {
            Vec::new()
        };
        Control {
            nodes: AtomicU64::new(0),
            attention: AtomicBool::new(false),
            stop: AtomicBool::new(false),
            interrupted: AtomicBool::new(false),
            gate: Mutex::new(Gate::default()),
            cv: Condvar::new(),
            busy,
            threads,
        }
    }

    /// Workers per run.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// True with more than one worker: busy marks and sibling refreshes are on.
    #[inline]
    pub fn is_shared(&self) -> bool {
        self.threads > 1
    }

    /// Nodes counted so far by all workers (up to each worker's last batch).
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Adds a worker's batch of nodes.
    pub fn add_nodes(&self, n: u64) {
        if n > 0 {
            self.nodes.fetch_add(n, Ordering::Relaxed);
        }
    }

    /// True when a worker must call [`Control::check_in`].
    #[inline]
    pub fn needs_attention(&self) -> bool {
        self.attention.load(Ordering::Relaxed)
    }

    fn lock(&self) -> MutexGuard<'_, Gate> {
        // A worker that panicked while holding the lock poisons it; the gate's counters are
        // still meaningful, and the panic itself is reported by the scope.
        self.gate.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Tells every worker to stop as soon as it next looks.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.attention.store(true, Ordering::Release);
        let _g = self.lock();
        self.cv.notify_all();
    }

    /// Stops the workers because the user asked (Ctrl-C, SIGTERM).
    pub fn interrupt(&self) {
        self.interrupted.store(true, Ordering::Relaxed);
        self.stop();
    }

    /// True once [`Control::stop`] was called in this run.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// True once [`Control::interrupt`] was called.
    pub fn is_interrupted(&self) -> bool {
        self.interrupted.load(Ordering::Relaxed)
    }

    /// Clears the stop flag before the next run (the node count carries on).
    pub(super) fn rearm(&self) {
        self.stop.store(false, Ordering::Relaxed);
        self.attention.store(false, Ordering::Relaxed);
    }

    /// Called by a worker when [`Control::needs_attention`]: parks it while a checkpoint is
    /// taken. Returns true when the worker must stop.
    pub fn check_in(&self) -> bool {
        let mut g = self.lock();
        if g.pausing && !self.is_stopped() {
            g.paused += 1;
            self.cv.notify_all();
            while g.pausing && !self.is_stopped() {
                g = self.cv.wait(g).unwrap_or_else(|e| e.into_inner());
            }
            g.paused -= 1;
        }
        self.is_stopped()
    }

    /// Parks every running worker (they finish their current step first). Returns once all
    /// are parked or finished; [`Control::unpause`] lets them go on.
    pub fn pause(&self) {
        let mut g = self.lock();
        g.pausing = true;
        self.attention.store(true, Ordering::Release);
        while g.paused < g.running && !self.is_stopped() {
            g = self.cv.wait(g).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Lets parked workers go on.
    pub fn unpause(&self) {
        let mut g = self.lock();
        g.pausing = false;
        self.attention.store(self.is_stopped(), Ordering::Release);
        self.cv.notify_all();
    }

    pub(super) fn worker_started(&self) {
        self.lock().running += 1;
    }

    pub(super) fn worker_done(&self) {
        let mut g = self.lock();
        g.running -= 1;
        self.cv.notify_all();
    }

    /// Waits up to `timeout` for every worker to finish; true when none is running.
    pub(super) fn wait_workers(&self, timeout: Duration) -> bool {
        let g = self.lock();
        if g.running == 0 {
            return true;
        }
        let (g, _) = self
            .cv
            .wait_timeout(g, timeout)
            .unwrap_or_else(|e| e.into_inner());
        g.running == 0
    }

    #[inline]
    fn slot(&self, key: [u64; 2]) -> &AtomicU32 {
        // key[0] picks the table bucket; key[1] is independent of it.
        &self.busy[key[1] as usize & (BUSY_SLOTS - 1)]
    }

    /// Marks a node as being searched by this worker.
    #[inline]
    pub fn enter(&self, key: [u64; 2]) {
        self.slot(key).fetch_add(1, Ordering::Relaxed);
    }

    /// Clears the mark of [`Control::enter`].
    #[inline]
    pub fn leave(&self, key: [u64; 2]) {
        self.slot(key).fetch_sub(1, Ordering::Relaxed);
    }

    /// True when some worker is searching `key` (or a key sharing its slot).
    #[inline]
    pub fn is_busy(&self, key: [u64; 2]) -> bool {
        self.slot(key).load(Ordering::Relaxed) > 0
    }
}
