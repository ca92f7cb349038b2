//! c6solve: proves the value of positions in Connect(m,n,k,p,q) games (Connect6, Gomoku,
//! tic-tac-toe and the rest of the family) with depth-first proof-number search.
//!
//! Every value it answers is proven; when a time or node limit runs out the answer is
//! [`Outcome::Unknown`]. A proven answer can be written out as a certificate
//! ([`proof`]) that an independent checker ([`proof::check`]) verifies.
//!
//! # Quick start
//!
//! Add the crate (`c6solve = { git = "..." }` or a path dependency), then:
//!
//! ```
//! use c6solve::{Outcome, Position, Rules, SolveOptions, notation, solve};
//!
//! // Tic-tac-toe after X in the centre, O in a corner, X in another corner.
//! let rules = Rules::tictactoe();
//! let moves = notation::parse_moves(&rules, "B2 A1 C1")?;
//! let pos = Position::from_moves(rules, &moves)?;
//! // O to move holds: a draw.
//! let report = solve(&pos, &SolveOptions::default())?;
//! assert_eq!(report.value, Outcome::Draw);
//! // The best stones come as points, written the way players write them.
//! let best: Vec<String> = report.best.iter().map(|p| p.to_string()).collect();
//! assert_eq!(best, ["A3"]); // O must block the diagonal C1-B2-A3
//! # Ok::<(), c6solve::Error>(())
//! ```
//!
//! # The main tasks
//!
//! **Prove a small board** (the empty board of a rule set), with limits:
//!
//! ```
//! use c6solve::{Outcome, Position, Rules, SolveOptions, solve};
//! use std::time::Duration;
//!
//! let rules = Rules::parse("4,3,3,1,1")?; // 4x3, three in a row, one stone a turn
//! let opts = SolveOptions {
//!     time_limit: Some(Duration::from_secs(60)),
//!     max_nodes: Some(10_000_000),
//!     tt_mib: 16,
//!     threads: 1,
//!     ..SolveOptions::default()
//! };
//! let report = solve(&Position::new(rules), &opts)?;
//! assert_eq!(report.value, Outcome::Win); // the first player wins
//! # Ok::<(), c6solve::Error>(())
//! ```
//!
//! **Verify a kill line**: after each of the attacker's turns its win must be proven
//! against every defence ([`verify`]):
//!
//! ```
//! use c6solve::verify::{self, Verdict, VerifyOptions};
//! use c6solve::{Position, Rules, notation};
//!
//! let rules = Rules::tictactoe();
//! let pos = Position::from_moves(rules, &notation::parse_moves(&rules, "B2 A2")?)?;
//! // X takes A1 (threatening C3), O must take C3, X takes C1: two threats, a win.
//! let line = verify::parse_line(&rules, "A1, C3, C1")?;
//! let report = verify::verify(&pos, &line, &VerifyOptions::default())?;
//! assert_eq!(report.verdict, Verdict::Verified);
//! # Ok::<(), c6solve::Error>(())
//! ```
//!
//! **Read an SGF record** (Little Golem or GoGui, [`notation::sgf`]) and solve it:
//!
//! ```
//! use c6solve::notation::sgf::parse_sgf;
//! use c6solve::{Outcome, Position, Rules, SolveOptions, solve};
//!
//! let rules = Rules::tictactoe();
//! // SGF points are column then row, both from the top left: bb is B2, aa is A3.
//! let moves = parse_sgf(&rules, "(;FF[4]SZ[3];B[bb];W[ab])")?;
//! let pos = Position::from_moves(rules, &moves)?;
//! assert_eq!(pos.to_move(), c6solve::Color::Black);
//! let report = solve(&pos, &SolveOptions { tt_mib: 16, ..SolveOptions::default() })?;
//! assert_eq!(report.value, Outcome::Win); // O on an edge next to the centre loses
//! # Ok::<(), c6solve::Error>(())
//! ```
//!
//! **Write and check a certificate**: [`search::solve_then`] hands over the table the
//! search filled, [`proof::cert::certify`] reads the proof out of it, and the checker,
//! which shares no code with the search, verifies it:
//!
//! ```
//! use c6solve::proof::{cert, check};
//! use c6solve::search::{memory_table, solve_then};
//! use c6solve::{Outcome, Position, Rules, SolveOptions};
//!
//! let pos = Position::new(Rules::parse("4,3,3,1,1")?);
//! let opts = SolveOptions { tt_mib: 16, threads: 1, ..SolveOptions::default() };
//! let (report, cert) = solve_then(&pos, &opts, memory_table(16)?, |pos, report, table| {
//!     cert::certify(table, pos, report, None)
//! })?;
//! let cert = cert.expect("a win always has a certificate");
//! let summary = check::check_packed(&cert).expect("the proof checks");
//! assert_eq!(report.value, Outcome::Win);
//! assert_eq!(summary.claims, ["Black (to move) forces a win"]);
//! # Ok::<(), c6solve::Error>(())
//! ```
//!
//! Runnable versions of these, on a real Connect6 kill, are in the crate's `examples/`
//! directory (`cargo run --release --example solve_puzzle`). The GTP engine for GoGui is
//! [`gtp`]; the command line (`c6solve`) is a thin layer over this library.
//!
//! # Where things are
//!
//! - Rules, points and positions: [`Rules`], [`Point`], [`Position`], [`notation`],
//!   [`input`] (positions from move lists, SGF files and diagrams).
//! - Solving: [`solve`], [`SolveOptions`], [`SolveReport`], and the rest of [`search`].
//! - Tasks: [`verify`] (kill lines), [`proof`] (certificates), [`show`] (pictures),
//!   [`puzzles`] (suites), [`boards`] (tables of small boards), [`gtp`] (the GTP engine).

pub mod board;
pub mod boards;
pub mod error;
pub mod explorer;
pub mod files;
pub mod geometry;
pub mod gtp;
pub mod input;
pub mod lab;
pub mod notation;
pub mod pairing;
pub mod point;
pub mod potential;
pub mod proof;
pub mod puzzles;
pub mod render;
pub mod rules;
pub mod search;
pub mod show;
pub mod threats;
pub mod units;
pub mod verify;
pub mod zone;

pub use board::{Cell, Geometry, Position};
pub use error::{Error, Result};
pub use point::Point;
pub use rules::{Color, Rules};
pub use search::{Goal, Outcome, SolveOptions, SolveReport, solve};
