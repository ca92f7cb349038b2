//! A board's value composed from the parts of its ledger: the parts indexed by the search's
//! symmetry-reduced keys, and the walk down from the root to them.

use super::ledger::{Ledger, PartRecord, position_after};
use super::root::Root;
use crate::board::{Cell, Position};
use crate::boards::rows::Value;
use crate::rules::{Color, Rules};
use crate::search::dfpn;

/// The colour a recorded part's claim is about: the opponent of the side to move for the
/// hold values (`no-loss`, `loss`), the side to move for the win values (`no-win`, `win`).
fn attacker_of(pos: &Position, value: &str) -> Color {
    match value {
        "no-loss" | "loss" => pos.to_move().opponent(),
        _ => pos.to_move(),
    }
}

/// True when the part refutes its attacker (`no-loss`, `no-win`); false when it proves the
/// attacker's win.
fn refutes(part: &PartRecord) -> bool {
    part.value == "no-loss" || part.value == "no-win"
}

/// The ledger's parts indexed by the search's symmetry-reduced keys: each part at the key of
/// its position for its attacker, and every position on the way to it, or to a split, as a
/// prefix (where the composition must look further down).
pub(super) struct Index<'a> {
    pub(super) at: hashbrown::HashMap<[u64; 2], &'a PartRecord>,
    pub(super) prefixes: hashbrown::HashSet<[u64; 2]>,
}

impl<'a> Index<'a> {
    pub(super) fn new(rules: &Rules, ledger: &'a Ledger) -> Index<'a> {
        let mut at = hashbrown::HashMap::new();
        let mut prefixes = hashbrown::HashSet::new();
        for part in &ledger.parts {
            // `load` refused a ledger with a part that is not a position.
            let Ok((cells, end)) = position_after(rules, &part.moves) else {
                continue;
            };
            let attacker = attacker_of(&end, &part.value);
            let key = add_path(rules, &cells, attacker, &mut prefixes);
            at.entry(key).or_insert(part);
        }
        // A split's position is on the way to the parts below it even where those parts
        // were recorded through another order of the same stones (a transposition): the
        // walk must look below it.
        for split in &ledger.splits {
            let Ok((cells, end)) = position_after(rules, &split.moves) else {
                continue;
            };
            let attacker = super::split::attacker_for(&end, &split.goal);
            add_path(rules, &cells, attacker, &mut prefixes);
        }
        Index { at, prefixes }
    }
}

/// Adds the positions on the way from the empty board through `cells` (the last one included)
/// to `prefixes`, keyed for `attacker`; returns the last one's key.
fn add_path(
    rules: &Rules,
    cells: &[Cell],
    attacker: Color,
    prefixes: &mut hashbrown::HashSet<[u64; 2]>,
) -> [u64; 2] {
    let mut pos = Position::new(*rules);
    prefixes.insert(dfpn::key_for(&pos, attacker));
    // Where the turn of the current stone began: a turn's stones may come in any order, and
    // the composition walks them one at a time from its own first stones, so each stone alone
    // after the turn's start is on the way too: otherwise a first turn whose stones no
    // recorded part lists in the walk's order would stay open.
    let mut start = pos.clone();
    for (i, &c) in cells.iter().enumerate() {
        let full = if i < rules.q as usize {
            rules.q
        } else {
            rules.p
        };
        if rules.turn_after(i).1 == full {
            start = pos.clone();
        } else {
            let mut alone = start.clone();
            alone.play(c);
            prefixes.insert(dfpn::key_for(&alone, attacker));
        }
        pos.play(c);
        prefixes.insert(dfpn::key_for(&pos, attacker));
    }
    dfpn::key_for(&pos, attacker)
}

/// How the parts settle a position for one attacker: the shape of its joined proof.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// A recorded part, at the position after `path` (the part itself may have been recorded
    /// as a mirror image of it).
    Part {
        /// The part.
        part: Box<PartRecord>,
        /// The stones from the empty board to this position.
        path: Vec<Cell>,
    },
    /// The side the parts favour is to move: this stone, then the shape after it.
    Move(Cell, Box<Shape>),
    /// The other side is to move: every stone up to symmetry, each with the shape after it.
    Replies(Vec<(Cell, Shape)>),
    /// The game is over here (a line, or a full board): settled by the board, no part.
    Over,
}

impl Shape {
    /// The parts the shape rests on.
    pub fn parts(&self) -> Vec<PartRecord> {
        match self {
            Shape::Part { part, .. } => vec![(**part).clone()],
            Shape::Move(_, s) => s.parts(),
            Shape::Replies(v) => v.iter().flat_map(|(_, s)| s.parts()).collect(),
            Shape::Over => Vec::new(),
        }
    }
}

/// What the ledger shows for one attacker below one position.
#[derive(Debug, Clone, PartialEq)]
enum Status {
    /// The attacker cannot force a win.
    Refuted(Shape),
    /// The attacker forces a win.
    Won(Shape),
    /// Not settled by the parts.
    Open,
}

/// The attacker's status at `pos` (reached by `path`) from the parts: a part at `pos` itself,
/// else, where the defender is to move, one defender stone after which the attacker is
/// refuted (or every one won), and where the attacker is to move, one stone won (or every one
/// refuted), stones up to symmetry. Only positions with a part at or below them are looked
/// into.
fn status(pos: &mut Position, path: &mut Vec<Cell>, attacker: Color, index: &Index<'_>) -> Status {
    let key = dfpn::key_for(pos, attacker);
    if let Some(part) = index.at.get(&key) {
        let shape = Shape::Part {
            part: Box::new((*part).clone()),
            path: path.clone(),
        };
        return if refutes(part) {
            Status::Refuted(shape)
        } else {
            Status::Won(shape)
        };
    }
    if pos.is_over() {
        // A split's stone that ends the game needs no part: the board says who won.
        return if pos.winner() == Some(attacker) {
            Status::Won(Shape::Over)
        } else {
            Status::Refuted(Shape::Over)
        };
    }
    if !index.prefixes.contains(&key) {
        return Status::Open;
    }
    // A decided child settles the position where it favours the side to move; otherwise
    // every child must be decided the same way, and one open child leaves it open.
    let mut all = Vec::new();
    let mut open = false;
    let defending = pos.to_move() != attacker;
    for (cell, child) in dfpn::first_stones(pos, attacker) {
        pos.play(cell);
        if !pos.is_over() && !index.prefixes.contains(&child) {
            pos.undo();
            open = true;
            continue;
        }
        path.push(cell);
        let st = status(pos, path, attacker, index);
        path.pop();
        pos.undo();
        match (st, defending) {
            (Status::Refuted(s), true) => return Status::Refuted(Shape::Move(cell, Box::new(s))),
            (Status::Won(s), false) => return Status::Won(Shape::Move(cell, Box::new(s))),
            (Status::Refuted(s), false) | (Status::Won(s), true) => all.push((cell, s)),
            (Status::Open, _) => open = true,
        }
    }
    if open {
        Status::Open
    } else if defending {
        Status::Won(Shape::Replies(all))
    } else {
        Status::Refuted(Shape::Replies(all))
    }
}

/// How many of the mover's first turns at the root up to symmetry (Black's on an empty board)
/// the ledger's parts refute, of how many there are: a long row's progress from one run to
/// the next.
pub fn first_turns_refuted(root: &Root, ledger: &Ledger) -> (usize, usize) {
    let index = Index::new(&root.rules, ledger);
    let mut pos = root.position();
    let mover = pos.to_move();
    let turns = dfpn::root_turns(&pos, mover);
    let mut refuted = 0;
    for &(a, b, _) in &turns {
        let turn: Vec<Cell> = std::iter::once(a).chain(b).collect();
        for &c in &turn {
            pos.play(c);
        }
        let mut path: Vec<Cell> = root.cells.iter().chain(&turn).copied().collect();
        if matches!(
            status(&mut pos, &mut path, mover, &index),
            Status::Refuted(_)
        ) {
            refuted += 1;
        }
        for _ in &turn {
            pos.undo();
        }
    }
    (refuted, turns.len())
}

/// What the ledger shows about its root.
#[derive(Debug, Clone, PartialEq)]
pub enum Composed {
    /// The value is settled, by the parts listed (with their summed cost).
    Value {
        /// The value for the side to move at the root (Black's on an empty board).
        value: Value,
        /// The parts that settle it.
        parts: Vec<PartRecord>,
        /// The shapes of the proof's claims, in a certificate's order: the colour each is
        /// about, whether it is a win, and its shape from the root (`None`: White's no-win
        /// on an empty board by strategy stealing).
        claims: Vec<(Color, bool, Option<Shape>)>,
    },
    /// Not settled yet.
    Open,
}

/// Composes the root's value from its ledger (see the module comment): the mover's win, else
/// the opponent's win, else (both refuted) a draw.
pub fn compose(root: &Root, ledger: &Ledger) -> Composed {
    let rules = &root.rules;
    let index = Index::new(rules, ledger);
    let mut pos = root.position();
    let mover = pos.to_move();
    let other = mover.opponent();
    let own = status(&mut pos, &mut root.cells.clone(), mover, &index);
    let theirs = if root.needs_opponent_part() {
        Some(status(&mut pos, &mut root.cells.clone(), other, &index))
    } else {
        None
    };
    let settled = |value, claims: Vec<(Color, bool, Option<Shape>)>| {
        // With two stones a turn a part is reached through either of its stones: it is
        // listed (and its cost counted) once.
        let mut parts: Vec<PartRecord> = Vec::new();
        for p in claims
            .iter()
            .flat_map(|(_, _, s)| s.iter().flat_map(Shape::parts))
        {
            if !parts.contains(&p) {
                parts.push(p);
            }
        }
        Composed::Value {
            value,
            parts,
            claims,
        }
    };
    // A certificate lists Black's claim before White's.
    let ordered = |a: (Color, bool, Option<Shape>), b: (Color, bool, Option<Shape>)| {
        if a.0 == Color::Black {
            vec![a, b]
        } else {
            vec![b, a]
        }
    };
    match (own, theirs) {
        (Status::Won(s), _) => settled(Value::Win, vec![(mover, true, Some(s))]),
        (_, Some(Status::Won(s))) => settled(Value::Loss, vec![(other, true, Some(s))]),
        // Strategy stealing (see `search::second_player_cannot_win`).
        (Status::Refuted(b), None) => settled(
            Value::Draw,
            ordered((mover, false, Some(b)), (other, false, None)),
        ),
        (Status::Refuted(b), Some(Status::Refuted(w))) => settled(
            Value::Draw,
            ordered((mover, false, Some(b)), (other, false, Some(w))),
        ),
        _ => Composed::Open,
    }
}
