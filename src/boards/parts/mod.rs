//! Solving an empty board part by part (`c6solve table --by-parts DIR`).
//!
//! A board expected to be a draw is shown so by refuting each of Black's first turns: after
//! every first turn (up to symmetry) White holds, that is, Black cannot force a win. Each such
//! claim is a *part*, proven by a solve of its own (`solve --moves TURN --goal hold`), and
//! recorded in a ledger, `DIR/m_n_k_p_q.json`, the moment it is proven. A run stopped anywhere,
//! even on another machine without its table files, so keeps every part it finished; a solve
//! of days is then a series of shorter ones, and the parts can be solved side by side
//! (`--part-workers`).
//!
//! The board's value is composed once the parts are in:
//! - a first turn after which White loses (a part proven `loss`) makes the board a win;
//! - when every first turn is held (`no-loss`), Black cannot win, and White cannot either by
//!   strategy stealing when q = p; otherwise one more part, "Black holds on the empty board"
//!   (the root with no moves, `--goal hold`), decides between a draw and a loss.
//!
//! A first turn too large for one solve is split: automatically with `--part-nodes N` (a part
//! not proven within N nodes is replaced by the parts one stone further down, see [`split`]),
//! or by hand (`--part`): after it, one White reply with Black's no-win proven there
//! (`--goal win`), or, below such a reply, every Black answer in turn; the composition walks
//! down to the parts ([`Shape`]).
//!
//! Parts are matched to positions by the search's own symmetry-reduced keys, so a part
//! recorded as H8 answers for A1 on 8x8. The ledger is trusted as the results' JSON file is:
//! each record names the commit and the command that proved it, so it can be re-run. With
//! certificates on, each part's certificate is written while its table is at hand and the
//! row's certificate joins them ([`crate::proof::join`]), checked before it is recorded.

//!
//! The files:
//! - `ledger`: the ledger of proven parts and its file ([`Ledger`], [`load`], [`save`]);
//! - `compose`: the board's value composed from the parts ([`compose`], [`Shape`]);
//! - `schedule`: the parts still to solve ([`jobs`], [`Job`]);
//! - `solve`: solving them, side by side, and recording each ([`solve_row`]);
//! - `certify`: the parts' certificates and the row the ledger gives, with its joined
//!   certificate;
//! - [`replies`]: White's answers recorded for some first turns, tried first on the others;
//! - `at`: where the ledger is, a directory or a PostgreSQL URL ([`LedgerAt`]);
//! - `ledger_pg`: the ledger in PostgreSQL, claimed part by part under leases ([`PgLedger`]);
//! - `solve_pg`: the worker loop over a PostgreSQL ledger (claim, solve, renew, record);
//! - `effort`: the workers' wall and CPU seconds;
//! - `status`: how far a row's ledger is ([`status`]);
//! - `root`: the position a ledger settles, a row's empty board or a position after moves
//!   ([`Root`]);
//! - `row`: the row solved over either kind of ledger ([`solve_row`]);
//! - [`split`]: parts split automatically when their solve outgrows `--part-nodes`;
//! - `frontier`: the parts still to solve, best first: a job-level proof-number search over
//!   the ledger's tree of parts and splits ([`ordered_jobs`]).

mod at;
mod certify;
mod compose;
mod effort;
mod frontier;
mod ledger;
mod ledger_pg;
pub mod replies;
mod root;
mod row;
mod schedule;
mod solve;
mod solve_pg;
pub mod split;
mod status;

pub use at::LedgerAt;
pub use compose::{Composed, Shape, compose, first_turns_refuted};
pub use frontier::ordered_jobs;
pub use ledger::{Ledger, PartRecord, ledger_path, load, save};
pub use ledger_pg::{PgLedger, Running, SCHEMA_VERSION};
pub use root::Root;
pub use row::solve_row;
pub use schedule::{Certify, Job, check_inputs};
pub use split::SplitRecord;
pub use status::{LedgerStatus, status};
