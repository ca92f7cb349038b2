//! Writing zone claims ([`Node::Zoned`]): at a node where the prover's opponent is to move in
//! a proof of a win, the writer proves the *null move* (the opponent gives up the rest of its
//! turn) and writes that proof in zone mode, collecting every point the checker will ask to lie
//! inside the zone (docs/design.md §9.7). When the zone leaves replies out, only the replies
//! inside it are written; the others are covered by the claim and never searched.
//!
//! A proof written in zone mode keeps its own map of positions (exact positions, not mirror
//! images: the checker recognises nodes there only as the very same position) and lists every
//! reply without dropping symmetric ones (extra stones break symmetry). It reads, and so puts in
//! the zone: the prover's stones; a window it completes; the prover's threat windows where the
//! replies are forced or too few; every window the defender could complete with the extra
//! stones and its stones of the turn (the guard); and the listed replies.

use super::{Extractor, NoCertificate};
use crate::board::{Cell, Position};
use crate::search::movegen;
use crate::threats::{self, Defence};
use crate::zone::{Zone, add_defender_windows};
use c6check::format::{Claim, Node};
use hashbrown::HashMap;

/// Node budget of the search that proves a null move, when the table does not already hold
/// its proof.
const NULL_PROOF_BUDGET: u64 = 20_000;

/// Fewest replies at a node for a zone claim to be tried: below it, listing them costs less
/// than the null move's search.
const MIN_REPLIES_FOR_CLAIM: usize = 3;

/// A zone claim ready to write: the replies inside the zone, the zone, the null move's node.
pub(super) struct ZoneClaim {
    /// The replies inside the zone, in move order.
    pub(super) inside: Vec<Cell>,
    /// The zone's points, increasing.
    pub(super) zone: Vec<Cell>,
    /// The node of the null move's proof.
    pub(super) null: u32,
}

/// The state of one zone claim's proof being written.
pub(super) struct ZoneWriting {
    /// Defender stones the proof must allow outside the zone: the stones left in the turn
    /// given up.
    extra: u16,
    /// Node ids and the points they read, by exact position: the symmetry-reduced stone key
    /// and the symmetry that reduces it (two positions agree in both only if they are equal).
    memo: HashMap<([u64; 2], usize), (u32, Zone)>,
    /// The one node that stands for every finished game in this proof.
    over: Option<u32>,
}

impl Extractor<'_> {
    /// The zone claim of the opponent's node `pos` (its replies `moves`), if one leaves
    /// replies out: the replies inside the zone, the zone, and the null move's node. Nodes
    /// written for a claim that leaves nothing out are taken back.
    pub(super) fn zone_claim(
        &mut self,
        pos: &mut Position,
        moves: &[Cell],
    ) -> Result<Option<ZoneClaim>, NoCertificate> {
        if self.claim != Claim::Win || !self.zone_claims || moves.len() < MIN_REPLIES_FOR_CLAIM {
            return Ok(None);
        }
        let (me, left) = (pos.to_move(), pos.stones_left());
        pos.pass_turn();
        let proved = self.search(pos, NULL_PROOF_BUDGET) == Some(true);
        let mark = self.out.mark();
        let written = if proved {
            let mut zw = ZoneWriting {
                extra: left,
                memo: HashMap::new(),
                over: None,
            };
            self.zone_node(pos, &mut zw)
        } else {
            Err(NoCertificate::Unknown)
        };
        pos.set_turn(me, left);
        let (null, zone) = match written {
            Ok(w) => w,
            Err(NoCertificate::Unknown | NoCertificate::Failed(_)) => {
                self.out.truncate(mark);
                return Ok(None);
            }
            Err(e) => return Err(e),
        };
        let inside: Vec<Cell> = moves
            .iter()
            .copied()
            .filter(|&c| zone.contains(c))
            .collect();
        if inside.len() == moves.len() {
            self.out.truncate(mark);
            return Ok(None);
        }
        self.claims += 1;
        Ok(Some(ZoneClaim {
            inside,
            zone: zone.cells().collect(),
            null,
        }))
    }

    /// Writes the node of `pos` in zone mode: its id and the points it reads.
    fn zone_node(
        &mut self,
        pos: &mut Position,
        zw: &mut ZoneWriting,
    ) -> Result<(u32, Zone), NoCertificate> {
        if pos.is_over() {
            if pos.winner() != Some(self.prover) {
                return Err(self.fail(pos, "a zone proof ends without the prover's line"));
            }
            if let Some(id) = zw.over {
                return Ok((id, Zone::empty(pos.rules().cells())));
            }
            let id = self.push()?;
            self.out.set(id, &Node::Over);
            zw.over = Some(id);
            return Ok((id, Zone::empty(pos.rules().cells())));
        }
        let key = (pos.stone_key(), pos.canonical_symmetry());
        if let Some((id, reads)) = zw.memo.get(&key) {
            return Ok((*id, reads.clone()));
        }
        let id = self.push()?;
        let (node, reads) = self.zone_build(pos, zw)?;
        self.out.set(id, &node);
        zw.memo.insert(key, (id, reads.clone()));
        Ok((id, reads))
    }

    /// The node of `pos` in zone mode and the points it reads (the checker's zone mode,
    /// `crates/c6check/src/check/zone.rs`, asks for each of them).
    fn zone_build(
        &mut self,
        pos: &mut Position,
        zw: &mut ZoneWriting,
    ) -> Result<(Node, Zone), NoCertificate> {
        let (me, r) = (pos.to_move(), pos.stones_left());
        let defender = self.prover.opponent();
        let mut reads = Zone::empty(pos.rules().cells());
        // The guard: defender windows the extra stones and its turn's stones could complete.
        let reach = zw.extra + if me == defender { r } else { 0 };
        add_defender_windows(&mut reads, pos, defender, reach);
        if threats::can_win_with(pos, me, r) {
            if me != self.prover {
                return Err(self.fail(pos, "the other side wins at once"));
            }
            let cells = threats::winning_cells(pos, me, r).expect("a window to complete");
            for c in cells {
                reads.insert(c);
            }
            return Ok((Node::WinNow, reads));
        }
        let defence = threats::defence(pos);
        let prover_threats =
            |pos: &Position| threats::threat_windows(pos, self.prover, pos.rules().p);
        if defence == Defence::Lost {
            if me == self.prover {
                return Err(self.fail(pos, "the prover faces threats it cannot stop"));
            }
            reads.add_windows(&prover_threats(pos));
            return Ok((Node::Overwhelmed, reads));
        }
        let moves = movegen::generate(pos, &defence);
        if me == self.prover {
            let cell = self
                .known_child(pos, &moves)
                .or_else(|| self.searched_child(pos, &moves));
            let Some(cell) = cell else {
                return Err(self.fail(pos, "no child is solved for the prover"));
            };
            let child = self.zone_child(pos, cell, zw, &mut reads)?;
            return Ok((Node::Move { cell, child }, reads));
        }
        if matches!(defence, Defence::Block(_)) {
            reads.add_windows(&prover_threats(pos));
        }
        let mut list = Vec::with_capacity(moves.len());
        for cell in moves {
            let child = self.zone_child(pos, cell, zw, &mut reads)?;
            list.push((cell, child));
        }
        Ok((Node::Replies(list), reads))
    }

    /// Writes the child after `cell` in zone mode, adding `cell` and what the child reads to
    /// `reads`.
    fn zone_child(
        &mut self,
        pos: &mut Position,
        cell: Cell,
        zw: &mut ZoneWriting,
        reads: &mut Zone,
    ) -> Result<u32, NoCertificate> {
        reads.insert(cell);
        pos.play(cell);
        let res = self.zone_node(pos, zw);
        pos.undo();
        let (id, child_reads) = res?;
        reads.union_with(&child_reads);
        Ok(id)
    }
}
