//! Table keys: the key of a node (symmetry-reduced stones, side to move, stones left,
//! attacker), the salt that keeps threat-space nodes apart ([`Mode`]), and the root's
//! first stones and turns as keys, which the split-turns runs, the progress line and the
//! by-parts tables share.
//!
//! The design: docs/design.md §2.6; the threat-space salt §3.3; split turns §5.11.

use super::Dfpn;
use crate::board::{Cell, Position};
use crate::rules::Color;
use crate::threats;

/// Which search a node belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// The main search over every move (defender moves outside null-move zones pruned).
    Main,
    /// Threat-space search (VCDT in NCTU6's terms, VCF when p = 1): the attacker plays only
    /// forcing turns (see [`super::probes::forcing_stone`]), so every defender stone is a
    /// forced block and nothing of the defender's is pruned. A proof here is a proof; a
    /// disproof only says there is no forcing win. Its nodes live under salted keys so that
    /// its restricted numbers never mix with the main search's; proven nodes record their
    /// zones.
    Tss,
}

impl Mode {
    /// The table key of a node in this mode.
    pub(super) fn salted(self, key: [u64; 2]) -> [u64; 2] {
        match self {
            Mode::Main => key,
            Mode::Tss => [key[0] ^ TSS_SALT[0], key[1] ^ TSS_SALT[1]],
        }
    }
}

/// Mixed into the keys of threat-space nodes.
const TSS_SALT: [u64; 2] = [0x6a09_e667_f3bc_c908, 0xbb67_ae85_84ca_a73b];

impl Dfpn<'_> {
    /// The table key of `pos` for this run's attacker in the main search.
    pub fn key(&self, pos: &Position) -> [u64; 2] {
        self.mode_key(pos, Mode::Main)
    }

    pub(super) fn mode_key(&self, pos: &Position, mode: Mode) -> [u64; 2] {
        mode.salted(key_for(pos, self.attacker))
    }

    pub(super) fn child_key(&self, pos: &Position, cell: Cell, mode: Mode) -> [u64; 2] {
        let me = pos.to_move();
        let (next, left) = if pos.stones_left() > 1 {
            (me, pos.stones_left() - 1)
        } else {
            (me.opponent(), pos.rules().p)
        };
        let k = node_key(
            pos.stone_key_after(cell, me),
            next,
            left,
            self.attacker,
            pos,
        );
        mode.salted(k)
    }
}

/// The table key of `pos` in a run that proves "`attacker` wins".
pub fn key_for(pos: &Position, attacker: Color) -> [u64; 2] {
    node_key(
        pos.stone_key(),
        pos.to_move(),
        pos.stones_left(),
        attacker,
        pos,
    )
}

/// The first stones of the side to move in `pos`, one per class up to symmetry (the first
/// point of each class, in board order), each with the key for `attacker` of the position
/// after it.
pub fn first_stones(pos: &Position, attacker: Color) -> Vec<(Cell, [u64; 2])> {
    let mut child = pos.clone();
    let mut out: Vec<(Cell, [u64; 2])> = Vec::new();
    for cell in pos.empty_points() {
        child.play(cell);
        let key = key_for(&child, attacker);
        child.undo();
        // Symmetric stones share a key: keep the first of each class.
        if !out.iter().any(|&(_, k)| k == key) {
            out.push((cell, key));
        }
    }
    out
}

/// True when a split-turns run (see [`Dfpn::with_split_turns`]) solves `pos` one turn at a
/// time: the attacker is to move and cannot win with the stones it has left.
pub fn splits(pos: &Position, attacker: Color) -> bool {
    pos.to_move() == attacker
        && !pos.is_over()
        && !threats::can_win_with(pos, attacker, pos.stones_left())
}

/// The turns a split-turns run solves one at a time from `pos` (see
/// [`Dfpn::with_split_turns`]): the positions after the side to move's next two stones (its
/// one stone, when one is left), one per class up to symmetry, as the stones played and the
/// position's key for `attacker`.
pub fn root_turns(pos: &Position, attacker: Color) -> Vec<(Cell, Option<Cell>, [u64; 2])> {
    if pos.stones_left() >= 2 {
        two_stone_turns(pos, attacker)
            .into_iter()
            .map(|(a, b, key)| (a, Some(b), key))
            .collect()
    } else {
        first_stones(pos, attacker)
            .into_iter()
            .map(|(a, key)| (a, None, key))
            .collect()
    }
}

/// The positions after two stones of the side to move in `pos`, one per class up to
/// symmetry, as the two points and the position's key for `attacker`: the first stones of
/// [`first_stones`], then every second stone after each.
pub fn two_stone_turns(pos: &Position, attacker: Color) -> Vec<(Cell, Cell, [u64; 2])> {
    let mut child = pos.clone();
    let mut seen = hashbrown::HashSet::new();
    let mut out = Vec::new();
    for (a, _) in first_stones(pos, attacker) {
        child.play(a);
        for b in pos.empty_points().filter(|&c| c != a) {
            child.play(b);
            let key = key_for(&child, attacker);
            child.undo();
            if seen.insert(key) {
                out.push((a, b, key));
            }
        }
        child.undo();
    }
    out
}

/// The table key of a node: symmetry-reduced stones, side to move, stones left, attacker.
fn node_key(
    stones: [u64; 2],
    to_move: Color,
    stones_left: u16,
    attacker: Color,
    pos: &Position,
) -> [u64; 2] {
    let slot = attacker.index() * 32 + to_move.index() * 16 + stones_left as usize;
    let t = pos.geometry().turn_key(slot);
    [stones[0] ^ t[0], stones[1] ^ t[1]]
}
