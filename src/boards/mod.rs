//! The small-board results: the value of the empty board of every Connect(m,n,k,p,q) in a
//! range, kept in `results/small-boards.json` (a list of [`Row`]s) and rendered as
//! `results/small-boards.md` (the `c6solve table` command).
//!
//! The JSON file is the results' memory: a run keeps every row already in it, skips rules
//! whose value is proven there, and writes both files after every row, so an interrupted run
//! loses at most the row it was solving and re-running the same command continues. A row that
//! ends unknown is recorded as unknown with the limit it had, never with a value; it is tried
//! again only by a run with a larger time limit. With a table directory (`--tt-dir`) each row
//! keeps its transposition table in a file there, so a retried row starts from what it proved
//! before.
//!
//! The files:
//! - `rows`: a row ([`Row`], [`Value`], [`Literature`]);
//! - `store`: the JSON file of rows: [`load`], [`save`], [`merge`], [`merge_file`];
//! - `specs`: the rule sets a run covers: [`parse_range`], [`parse_boards`], [`expand`],
//!   [`order`];
//! - `literature`: published values ([`literature`], [`literature_rules`]);
//! - `checks`: the monotonicity and consistency checks ([`check`]);
//! - `markdown`: the Markdown rendering ([`markdown`]);
//! - `options`: what a run solves and where it writes ([`BoardsOptions`]);
//! - `run`: the run over the rule sets ([`run`], [`Step`], [`solve_row`]);
//! - `made`: the rows a run makes and what their `how` says ([`how`]);
//! - `certificates`: writing a row's certificate ([`with_certificate_of`]);
//! - [`backing`]: whether a row's certificate file still backs it;
//! - [`parts`]: solving a board part by part (`--by-parts`).

pub mod backing;
pub(crate) mod certificates;
mod checks;
mod literature;
pub(crate) mod made;
mod markdown;
pub(crate) mod options;
pub mod parts;
pub(crate) mod rows;
mod run;
mod specs;
pub(crate) mod store;

pub use certificates::with_certificate_of;
pub use checks::check;
pub use literature::{literature, literature_rules};
pub use made::how;
pub use markdown::markdown;
pub use options::BoardsOptions;
pub use rows::{Effort, Literature, Row, Value};
pub use run::{Step, run, solve_row};
pub use specs::{expand, order, parse_boards, parse_range};
pub use store::{load, merge, merge_file, save};

#[cfg(test)]
mod tests;
