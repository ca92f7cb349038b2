//! Puzzle suites: positions with a proven expected value, the runner behind
//! `c6solve puzzles`, and the Markdown report of `c6solve puzzles --report`.
//!
//! A suite file (`*.puzzles`) is a list of records, one `key: value` a line, each record
//! starting at its `id:` line. Blank lines and lines starting with `#` are ignored; lines
//! starting with `#|` are comments that the report copies (the harvest statistics). Keys:
//!
//! | key | required | meaning |
//! | --- | --- | --- |
//! | `id` | yes | unique name in the suite: letters, digits, `-`, `_`, `.` |
//! | `source` | yes | the game id in `../shared/data/connect6-games.jsonl`, or `hand-made` |
//! | `rules` | yes | `m,n,k,p,q` or a name (`connect6`, `gomoku`, `tictactoe`) |
//! | `moves` | one of | single stones in play order, Go-style points; empty: the empty board |
//! | `diagram` | one of | an ASCII diagram file, relative to the suite file |
//! | `goal` | yes | `win` (can the side to move force a win?) or `value` (win, loss or draw) |
//! | `expect` | yes | `win` or `no-win` with goal `win`; `win`, `loss` or `draw` with goal `value` |
//! | `depth` | no | turns of the kill: the side to move's for `win`, the opponent's for `loss` |
//! | `best` | no | the winning stones of this turn as found when the puzzle was made (shown only) |
//! | `tags` | no | space-separated words; `fast` puzzles run in `cargo test` |
//! | `note` | no | free text |
//!
//! Every record is checked when the file is read (rules, points, legality of the moves, the
//! goal/expect pair), so a bad record is one error line naming the file and line.
//!
//! Suite files are read by [`load`] (`suite.rs`), run one puzzle at a time by [`run`]
//! (`runner.rs`), and reported as Markdown by [`markdown`] (`report.rs`).

pub mod harvest;
mod report;
mod runner;
mod suite;

pub use report::{Report, markdown, node_ratio, report};
pub(crate) use runner::solve_options;
pub use runner::{
    RunOptions, RunRow, Summary, Verdict, json, run, run_one, summarize, table_header, table_line,
};
pub use suite::{Puzzle, SUITE_EXTENSION, Suite, load, parse_suite};
