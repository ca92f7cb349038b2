//! Nodes the rules decide without search: a win now, no live window or empty point left,
//! more threats than the defender can block, the potential criterion, and pairing
//! strategies (for the attacker to move, or after a defender stone). Each keeps the no-win
//! zone of what it read for the parent (see [`super::zones`]).
//!
//! The rules and their soundness: docs/design.md §5.1, §5.2, §5.4, §5.6 to §5.9; their
//! zones §5.10.

use super::Dfpn;
use super::keys::Mode;
use crate::board::Position;
use crate::pairing;
use crate::potential;
use crate::rules::Color;
use crate::threats::{self, Defence};
use crate::zone::{self, Zone};

/// Options the cover search may try when looking for a pairing strategy at one node (see
/// [`pairing`]). The search is exact within it, and covers found or refuted cost a few
/// microseconds, so the bound only caps rare hard cases (docs/design.md §5.7). Why 4096:
/// results/experiments/search-constants.md.
pub const PAIRING_BUDGET: u32 = 4096;

/// Options the cover search may try for each defender stone tried by
/// [`pairing::pairing_reply`] (docs/design.md §5.8). Why 64:
/// results/experiments/search-constants.md.
pub const REPLY_BUDGET: u32 = 64;

/// Whether the search looks for a pairing strategy at `pos`: for the attacker to move
/// (`reply` false, see `decided`), or for a defender stone after which one holds (`reply`
/// true, [`pairing::reply_groups`]). Not where the attacker's live windows per empty point
/// reach a bound measured per p, above which no search found a cover on any row tried: with
/// one stone a turn 1 for the attacker's; with two, 0.7 for the attacker's and 0.8 for the
/// defender's (docs/design.md §5.7; the counts: results/experiments/pairing-gate.md). This
/// only decides where to look; a pairing found is a full cover, so what is claimed does not
/// change.
pub(super) fn worth_pairing(pos: &Position, attacker: Color, reply: bool) -> bool {
    let tenths = match (pos.rules().p, reply) {
        (1, false) => 10,
        (2, false) => 7,
        (2, true) => 8,
        _ => return true,
    };
    (pos.live_windows(attacker) as usize) * 10 < tenths * pos.empties()
}

impl Dfpn<'_> {
    /// The node's value when the rules decide it without search: `Some(true)` if the attacker
    /// has won, `Some(false)` if it cannot win any more. `wins_now` says the side to move can
    /// complete a line with its stones left (computed once by the caller).
    /// `seen` says the node is already in the table unsolved: the pairing search, the one
    /// costly rule here, already failed on an earlier visit and is not repeated (it reads
    /// only the position, so its answer cannot have changed). In [`Mode::Tss`] a defender
    /// left free to move ends the threat sequence: "no forcing win" there, nothing more.
    pub(super) fn decided(
        &mut self,
        key: [u64; 2],
        pos: &Position,
        wins_now: bool,
        defence: &Defence,
        seen: bool,
        mode: Mode,
    ) -> Option<bool> {
        let me = pos.to_move();
        let (attacker, defender) = (self.attacker, self.attacker.opponent());
        if wins_now {
            if me == defender {
                self.keep_zone(key, pos, mode, || {
                    let window = threats::winning_cells(pos, me, pos.stones_left())
                        .expect("decided as a win now");
                    let mut zone = Zone::empty(pos.rules().cells());
                    zone.add_windows(&[window]);
                    zone::guard_attacker_windows(&mut zone, pos, attacker, 0);
                    zone
                });
            }
            return Some(me == attacker);
        }
        if pos.empties() == 0 || pos.live_windows(attacker) == 0 {
            self.keep_zone(key, pos, mode, || Zone::empty(pos.rules().cells()));
            return Some(false);
        }
        if *defence == Defence::Lost {
            if me == attacker {
                self.keep_zone(key, pos, mode, || {
                    let mut zone = Zone::empty(pos.rules().cells());
                    zone.add_windows(&threats::threat_windows(pos, defender, pos.rules().p));
                    zone::guard_attacker_windows(&mut zone, pos, attacker, pos.stones_left());
                    zone
                });
            }
            return Some(me != attacker);
        }
        if mode == Mode::Tss {
            return (me != self.attacker && *defence == Defence::Free).then_some(false);
        }
        // The potential criterion costs O(k) at most nodes, so it goes before the pairings;
        // it closes the nodes where few windows remain but overlap too much to be paired.
        if !seen && potential::attacker_is_outweighed(pos, attacker) {
            self.keep_zone(key, pos, mode, || zone::live_window_cells(pos, attacker));
            return Some(false);
        }
        // Pairing is tried where the attacker is to move only: a pairing at a defender node
        // survives any defender stone, so its children find it one ply later, and checking
        // defender nodes too costs time for no fewer nodes
        // (results/experiments/search-constants.md). Either way the strategy's zone is kept
        // for the parent, whose siblings it may disprove too.
        if !seen
            && me == attacker
            && worth_pairing(pos, attacker, false)
            && let Some(groups) = pairing::attacker_groups(pos, attacker, PAIRING_BUDGET)
        {
            self.keep_strategy_zone(key, pos, mode, &[], &groups);
            return Some(false);
        }
        // At a defender node, a stone after which a pairing holds disproves the node at once
        // instead of leaving df-pn to find that child among all the others.
        if !seen
            && me != self.attacker
            && pos.rules().p >= 2
            && worth_pairing(pos, attacker, true)
            && let Some((stone, groups)) = pairing::reply_groups(pos, attacker, REPLY_BUDGET)
        {
            self.keep_strategy_zone(key, pos, mode, &[stone], &groups);
            return Some(false);
        }
        None
    }
}
