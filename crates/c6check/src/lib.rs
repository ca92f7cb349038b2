//! c6check: the independent checker of c6solve's proof certificates.
//!
//! A certificate claims the value of a position in a Connect(m,n,k,p,q) game (k in a row wins,
//! p stones a turn, q on Black's first) and carries the proof: for each claim ("Black forces a
//! win", "White cannot force a win"), a strategy as a DAG of nodes whose edges are the stones
//! played. [`check::check`] replays every edge from the root on its own board and accepts the
//! certificate only if the strategy reaches nothing but positions where the claim holds: the
//! prover's given moves are legal, every reply of the other side is answered or shown to need
//! no answer by a reason the checker derives itself (threats, dead points, symmetry), and every
//! leaf holds (a line made, an unstoppable threat, a pairing, a potential, strategy stealing).
//! The reasons are set out in the notes of the module [`check`](mod@check) and in
//! docs/design.md §9.
//!
//! Why a crate of its own: a result of the solver is to be believed because a separate
//! program, sharing no code with the search, confirmed it. This crate depends on no code of
//! c6solve (its `Cargo.toml` lists only bincode), so a fault in the search, its board, its
//! move generation or its pruning cannot make the checker accept a wrong proof: the checker
//! has its own board, windows, symmetries, line test and reading of the rules' numbers.
//!
//! The modules: [`format`](mod@format) is the data a certificate holds, [`packed`] its file
//! form (reader and writer, nodes kept encoded so a proof of tens of millions of nodes fits in
//! about the memory of its file), [`check`](mod@check) the checker ([`check::check`],
//! [`check::check_packed`]). The checker's functions are not re-exported at the root, so that
//! `c6check::check` names only the module.

pub mod check;
pub mod format;
pub mod packed;

pub use format::{Certificate, Claim, MAGIC, Node, OLDEST_VERSION, Part, ReadError, VERSION};
pub use packed::{Packed, PackedPart, encode_node};
