//! The certificate file format: the data a certificate holds, shared by the writer (in
//! c6solve) and the checker ([`crate::check`]). Plain data only: no game logic lives here;
//! [`crate::packed`] reads and writes it.
//!
//! A file is the 8 bytes [`MAGIC`], the format [`VERSION`] as a little-endian `u32`, then one
//! [`Certificate`] encoded with bincode 2 (standard configuration: variable-length integers,
//! little-endian). Nothing may follow it.
//!
//! A certificate names the rules and the root position, then holds one or more [`Part`]s,
//! each a claim about one colour ("Black can force a win", "White cannot force a win") with
//! its proof: a table of [`Node`]s (a DAG: a position reached along two paths is one node),
//! the root at index 0. Edges carry the stone played, so the checker replays every position
//! itself instead of trusting stored boards.

use bincode::{Decode, Encode};

/// The first bytes of every certificate file.
pub const MAGIC: &[u8; 8] = b"C6PROOF\x1a";

/// Format version written. Version 2 lets a node be reached as a mirror image of the position
/// it was first reached with (see [`crate::check`]); version 3 adds [`Node::Zoned`]. The
/// bytes are laid out as in version 1 otherwise, and every older file is a valid newer one, so
/// all three are read.
pub const VERSION: u32 = 3;

/// Oldest format version read.
pub const OLDEST_VERSION: u32 = 1;

/// A proof certificate: the rules, the root position and the proven claims.
#[derive(Debug, Clone, PartialEq, Eq, Encode, Decode)]
pub struct Certificate {
    /// m, n, k, p, q.
    pub rules: [u16; 5],
    /// Black stones of the root position (cells `y * m + x`, row 0 at the bottom).
    pub black: Vec<u16>,
    /// White stones of the root position.
    pub white: Vec<u16>,
    /// Side to move at the root: 0 Black, 1 White.
    pub to_move: u8,
    /// Stones the side to move still places in its turn at the root.
    pub stones_left: u16,
    /// The claims with their proofs. A win is one part; a draw is two `NoWin` parts.
    pub parts: Vec<Part>,
}

/// One claim about the root and its proof tree.
#[derive(Debug, Clone, PartialEq, Eq, Encode, Decode)]
pub struct Part {
    /// The colour the claim is about: 0 Black, 1 White.
    pub attacker: u8,
    /// What is claimed for the attacker.
    pub claim: Claim,
    /// The proof; `nodes[0]` is the root position.
    pub nodes: Vec<Node>,
}

/// What a part claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Encode, Decode)]
pub enum Claim {
    /// The attacker forces a win against every defence.
    Win,
    /// The attacker cannot force a win: the defender has a strategy that stops every line.
    NoWin,
}

/// One node of a proof. The *prover* is the side the claim favours: the attacker for
/// [`Claim::Win`], the defender for [`Claim::NoWin`]. At the prover's nodes one move is
/// given; at the other side's nodes every move must be answered.
#[derive(Debug, Clone, PartialEq, Eq, Encode, Decode)]
pub enum Node {
    /// The game is over here (a line was made or the board is full); the checker reads
    /// the result off the board.
    Over,
    /// The prover, to move, plays `cell` and the proof continues at node `child`.
    Move {
        /// The stone played.
        cell: u16,
        /// The node after it.
        child: u32,
    },
    /// The prover's opponent is to move: each listed stone with the node after it. Stones
    /// not listed must be covered by a reason the checker derives itself: a stone that
    /// leaves the prover's threats unstoppable, or that need not be tried first because
    /// any set of this turn's stones that stops the threats holds a listed one; a point in
    /// no live window when another such point is listed; the mirror image of a listed
    /// stone under a symmetry of the board.
    Replies(Vec<(u16, u32)>),
    /// The side to move (the prover) completes a line with the stones of this turn.
    WinNow,
    /// The side to move (the prover's opponent) cannot complete a line this turn and
    /// cannot stop all of the prover's threats: the prover wins next turn.
    Overwhelmed,
    /// [`Claim::NoWin`] only: every window holds a defender stone.
    Dead,
    /// [`Claim::NoWin`] only, one stone a turn: disjoint pairs of empty points such that
    /// every window without a defender stone contains both points of some pair.
    Paired(Vec<(u16, u16)>),
    /// [`Claim::NoWin`] only, any number of stones a turn: disjoint groups of p + 1 empty
    /// points such that every window without a defender stone contains a whole group, and
    /// the attacker, if to move, has at most p stones left in its turn (the argument is in
    /// c6solve's `src/pairing/mod.rs`: the defender answers each group the attacker
    /// touches).
    Grouped(Vec<Vec<u16>>),
    /// [`Claim::NoWin`] for White only, and only as the root of its part: the root is the empty
    /// board with Black to move and q = p, where strategy stealing shows White cannot force a
    /// win (the argument is in c6solve's `search::second_player_cannot_win`).
    StrategyStealing,
    /// [`Claim::NoWin`] only: a potential strategy (Beck's form of the Erdős–Selfridge
    /// criterion; the argument is in c6solve's `src/potential.rs`). With λ = (1 + p)^(1/p) and
    /// Φ the sum of λ^-e over the windows free of defender stones (e = a window's empty
    /// points), Φ is below λ^-r with the attacker to move and r stones left in its turn; below
    /// 1 with the defender to move and at least p stones left; and with the defender to move
    /// and fewer than p left, below λ^-p once the listed defender stones (at most that many,
    /// empty points; none in the other cases) are counted as played. Always by a relative
    /// margin of 1e-9, against rounding.
    /// (Added after the other kinds, so files written before it keep their encoding.)
    Outweighed(Vec<u16>),
    /// [`Claim::Win`] only, the prover's opponent to move with r stones left in its turn: the
    /// replies inside `zone` are handled as in [`Node::Replies`] (listed with their nodes, or
    /// covered by a reason the checker derives), and every reply outside it by one *zone
    /// claim*: node `null` proves the position where the mover gives up its r stones (the
    /// prover to move with a full turn), and reads no point outside `zone` even with r
    /// defender stones added outside it. A turn whose stones all lie outside the zone then
    /// reaches a position that proof covers; any other turn can play a stone inside the zone
    /// first. The checker re-derives what the proof reads (docs/design.md §9.7); zone claims
    /// do not nest.
    /// (Added in version 3, after the other kinds, so older files keep their encoding.)
    Zoned {
        /// Replies inside the zone, each with the node after it.
        replies: Vec<(u16, u32)>,
        /// The points the null move's proof may read.
        zone: Vec<u16>,
        /// The proof of the null move (the mover's turn given up).
        null: u32,
    },
}

/// Why a file could not be read as a certificate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError(pub String);

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Certificate {
    /// The root position and rules alone: this certificate without its parts.
    pub fn head(&self) -> Certificate {
        Certificate {
            rules: self.rules,
            black: self.black.clone(),
            white: self.white.clone(),
            to_move: self.to_move,
            stones_left: self.stones_left,
            parts: Vec::new(),
        }
    }
}
