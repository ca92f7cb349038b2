//! Speculative searches and their back-offs: the threat-space search ([`Mode::Tss`]) at
//! the root, as a probe at new attacker nodes and, with the sides swapped, for the
//! defender ([`Dfpn::defender_wins`]); the moves it allows ([`forcing_stone`]); the budget
//! of a null move's search; and the [`Throttle`] that backs each kind off while it fails
//! or costs more than it saves.
//!
//! The design: docs/design.md §3.2 (forcing stones), §3.3 (threat-space search), §3.4
//! (back-off), §3.5 (the defender's wins), §4.2 (null moves).

use super::keys::{Mode, key_for};
use super::{Dfpn, Limits};
use crate::board::{Cell, Position};
use crate::search::movegen;
use crate::search::tt::{INF, Pn};
use crate::threats;
use crate::threats::Defence;

/// Node budget of the threat-space search at the root of a run.
pub(super) const ROOT_TSS_NODES: u64 = 200_000;

/// Node budget of the threat-space probe at each new attacker node of the main search.
pub(super) const PROBE_TSS_NODES: u64 = 64;

/// Node budget of the threat-space probe at a new attacker node of the main search on an
/// open board (at least [`MANY_MOVES`] empty points, so about 300 moves on 19x19) while the
/// probes pay (see [`Throttle::paying`]): there, once a 64-node probe fails, df-pn spreads
/// over the quiet stones and their defender nodes (each with its own null-move probe)
/// before it reaches the forcing line, which a larger threat-space search finds directly.
/// Where probes mostly fail (a run disproving a win) the budget stays at
/// [`PROBE_TSS_NODES`], as on the small boards (results/experiments/open-board-probes.md).
const OPEN_PROBE_TSS_NODES: u64 = 4096;

/// Node budget of the defender's threat-space probe ([`Dfpn::defender_wins`]) on an open
/// board (at least [`MANY_MOVES`] empty points) while those probes pay. Where the loser of
/// a game had a forcing win of its own, that win refutes the attacker's kill; on 19x19 it
/// is often beyond 64 nodes, and the attacker's large probes ([`OPEN_PROBE_TSS_NODES`])
/// then prove win after win in side lines instead. The smallest budget that found those
/// wins; larger ones found no more (results/experiments/open-board-probes.md).
const OPEN_COUNTER_TSS_NODES: u64 = 256;

/// A deeper threat-space search at an attacker node the main search comes back to may take
/// one node in this many of the work done below the node (see [`Dfpn::deeper_tss_proves`]).
pub(super) const TSS_WORK_SHARE: u64 = 4;

/// Budget of a deeper threat-space search inside the loop of an attacker node with `moves`
/// moves, once the work below it has doubled to `work` (see [`Dfpn::deeper_tss_proves`]).
/// Where the node has many moves (an open board: about 300 on 19x19), df-pn spreading over
/// its quiet stones costs far more than a search of the forcing ones, and the search gets
/// [`TSS_WORK_SHARE`]'s share of the work, as on coming back to the node; with fewer moves
/// (the small boards) only [`LOOP_TSS_WORK_SHARE`]'s, since a quarter there cost 8,8,5,2,2
/// a quarter more nodes (results/experiments/forcing-in-the-loop.md).
pub(super) fn loop_tss_budget(work: u64, moves: usize) -> u64 {
    if moves >= MANY_MOVES {
        work / TSS_WORK_SHARE
    } else {
        work / LOOP_TSS_WORK_SHARE
    }
}

/// The size of an open board (see [`loop_tss_budget`], [`open_board_budget`] and
/// [`super::zones::null_move_searched`]).
pub(super) const MANY_MOVES: usize = 128;

/// The budget of a threat-space probe at a new node `pos`: `open` on an open board (at least
/// [`MANY_MOVES`] empty points) while the probes that `throttle` backs off pay (see
/// [`Throttle::paying`]), else [`PROBE_TSS_NODES`].
fn open_board_budget(pos: &Position, throttle: &Throttle, open: u64) -> u64 {
    if pos.empties() >= MANY_MOVES && throttle.paying() {
        open
    } else {
        PROBE_TSS_NODES
    }
}

/// See [`loop_tss_budget`].
const LOOP_TSS_WORK_SHARE: u64 = 16;

/// The state of a searcher's speculative searches.
pub(super) struct Probes {
    /// Node count at which the current threat-space sub-search stops (see [`Mode::Tss`]).
    pub(super) sub_limit: Option<u64>,
    /// Back-off of the threat-space probes at new attacker nodes.
    pub(super) tss: Throttle,
    /// Back-off of the null-move searches at defender nodes.
    pub(super) null_moves: Throttle,
    /// Back-off of the null moves the main search proves where the threat-space search
    /// failed.
    pub(super) main_nulls: Throttle,
    /// True while the main search proves a null move (such searches do not nest).
    pub(super) in_null: bool,
    /// Node count at which the running main-search proof of a null move stops.
    pub(super) null_limit: Option<u64>,
    /// Node count at which the main search from the root hands over to the next, larger
    /// threat-space search of the root (see `Dfpn::run_with_forcing_root`).
    pub(super) chunk_limit: Option<u64>,
    /// Back-off of the threat-space probes for the defender (see [`Dfpn::defender_wins`]).
    pub(super) counter: Throttle,
    /// Nodes those probes have taken.
    pub(super) counter_spent: u64,
}

impl Probes {
    /// No sub-search running, every back-off at its start.
    pub(super) fn new() -> Probes {
        Probes {
            sub_limit: None,
            tss: Throttle::for_probes(),
            null_moves: Throttle::default(),
            main_nulls: Throttle::default(),
            in_null: false,
            null_limit: None,
            chunk_limit: None,
            counter: Throttle::for_probes(),
            counter_spent: 0,
        }
    }
}

impl Dfpn<'_> {
    /// A threat-space search from `pos` (an attacker node) of at most `budget` nodes.
    /// Returns its numbers: a proof is a real proof (stored for the main search too), while
    /// anything else only says no forcing win was found.
    pub(super) fn sub_search(&mut self, pos: &mut Position, budget: u64) -> (Pn, Pn) {
        debug_assert!(
            self.probes.sub_limit.is_none(),
            "threat-space searches do not nest"
        );
        self.probes.sub_limit = Some(self.nodes + budget);
        let nums = self.mid(pos, INF, INF, Mode::Tss);
        self.probes.sub_limit = None;
        nums
    }

    /// The threat-space probe at a new attacker node `pos` of the main search: true if it
    /// proves the node won. Its budget is [`PROBE_TSS_NODES`], or [`OPEN_PROBE_TSS_NODES`]
    /// on an open board while the probes pay.
    pub(super) fn probe_proves(&mut self, pos: &mut Position) -> bool {
        let budget = self.probe_budget(pos);
        self.tss_proves(pos, budget)
    }

    /// The budget of [`Dfpn::probe_proves`] at `pos`.
    fn probe_budget(&self, pos: &Position) -> u64 {
        open_board_budget(pos, &self.probes.tss, OPEN_PROBE_TSS_NODES)
    }

    /// True if a threat-space search of at most `budget` nodes proves the attacker node
    /// `pos` won. Skipped when the table already holds a threat-space search of it that
    /// failed or spent the budget.
    pub(super) fn tss_proves(&mut self, pos: &mut Position, budget: u64) -> bool {
        if self.probes.sub_limit.is_some() {
            return false;
        }
        if self.forcing_search_spent(pos, budget) || !self.probes.tss.allow() {
            return false;
        }
        let proved = self.sub_search(pos, budget).0 == 0;
        self.probes.tss.record(proved);
        proved
    }

    /// True if a deeper threat-space search of `budget` nodes proves the attacker node `pos`
    /// won. Tried where the main search has worked below the node: on coming back to it,
    /// with [`TSS_WORK_SHARE`]'s share of the work done below it on its last visits, and
    /// while its own loop keeps working, with [`loop_tss_budget`] each time that work
    /// doubles. A try is made only once its budget is twice what the last try took, so
    /// the tries cost at most about twice the last one. A forcing kill too long for the
    /// 64-node probe at a new node is then found by a search that looks at forcing stones
    /// only, where the main search spreads over every quiet stone
    /// (results/experiments/deeper-tss-probes.md, results/experiments/forcing-in-the-loop.md).
    /// Where forcing wins are rare (the small boards' draws) such nodes are found "no forcing
    /// win" once and for all.
    pub(super) fn deeper_tss_proves(&mut self, pos: &mut Position, budget: u64) -> bool {
        if self.probes.sub_limit.is_some() || budget < 2 * PROBE_TSS_NODES {
            return false;
        }
        // Tried already unless the budget at least doubles the last try's work.
        if self.forcing_search_spent(pos, budget / 2 + 1) {
            return false;
        }
        self.sub_search(pos, budget).0 == 0
    }

    /// The budget of the defender's probe in [`Dfpn::defender_wins`] at `pos`.
    fn counter_budget(&self, pos: &Position) -> u64 {
        open_board_budget(pos, &self.probes.counter, OPEN_COUNTER_TSS_NODES)
    }

    /// True if the table holds a threat-space search of the attacker node `pos` that showed
    /// it has no forcing win, or that took at least `work` nodes.
    fn forcing_search_spent(&self, pos: &Position, work: u64) -> bool {
        self.tt
            .probe(self.mode_key(pos, Mode::Tss))
            .is_some_and(|e| e.dn == 0 || e.work as u64 >= work)
    }

    /// True if the defender is proved to force a win of its own from `pos`, so that the
    /// attacker cannot: the table holds that proof (from a run or probe with the sides
    /// swapped, such as the other run of the same solve), or, at a new node with the defender
    /// to move, a threat-space probe with the sides swapped finds it. Two or more stones a
    /// turn only. Where the defender is the stronger side (Black's losses with q < p) nearly
    /// every attacker stone hands it a forcing win, and without this each one needed a
    /// holding strategy found by the main search. The probe's budget is
    /// [`Dfpn::counter_budget`]; it backs off like the attacker's (see [`Throttle`]) and
    /// takes at most one node in [`COUNTER_SHARE`].
    pub(super) fn defender_wins(&mut self, pos: &mut Position, seen: bool) -> bool {
        // One stone a turn: no row is a loss for Black (q = p), and the probes cost time
        // for nothing there (results/experiments/dropped-search-ideas.md).
        if pos.rules().p < 2 {
            return false;
        }
        let defender = self.attacker.opponent();
        if self
            .tt
            .probe(key_for(pos, defender))
            .is_some_and(|e| e.pn == 0)
        {
            return true;
        }
        if seen || pos.to_move() != defender {
            return false;
        }
        let affordable = self.probes.counter_spent <= COUNTER_CREDIT + self.nodes / COUNTER_SHARE;
        if !affordable || !self.probes.counter.allow() {
            return false;
        }
        let limits = Limits {
            max_nodes: None,
            deadline: self.limits.deadline,
        };
        let mut probe = Dfpn::new(self.tt, defender, limits, self.nodes);
        let won = probe.tss_proves(pos, self.counter_budget(pos));
        self.probes.counter_spent += probe.nodes - self.nodes;
        self.nodes = probe.nodes;
        self.probes.counter.record(won);
        won
    }
}

/// The attacker's stones at a threat-space node, best first: exactly the moves of
/// [`movegen::generate`] for which [`forcing_stone`] holds, in the same order. With the
/// attacker free to move, only the points that can pass [`forcing_stone`] are gathered and
/// ordered (on 19x19 a few dozen of some 300 empty points): with stones to come, the empty
/// points of the windows those stones could still make threats; for the last stone, the
/// empty points of the threat windows and of the windows it would lift to a threat (a stone
/// on neither leaves the threats as they are, so it forces only where they already reach p,
/// and then every stone does, which takes the full list). `now` as for [`forcing_stone`].
pub(super) fn forcing_moves(pos: &Position, defence: &Defence, now: &[Vec<Cell>]) -> Vec<Cell> {
    let forced = matches!(defence, Defence::Block(_));
    let candidates = match defence {
        Defence::Free => forcing_candidates(pos, now),
        _ => None,
    };
    let mut moves = match candidates {
        Some(mut cells) => {
            movegen::order(pos, &mut cells);
            cells
        }
        None => movegen::generate(pos, defence),
    };
    moves.retain(|&c| forcing_stone(pos, c, forced, now));
    moves
}

/// The empty points that can be forcing stones of a free attacker, in ascending order (the
/// order [`movegen::generate`] starts from, so ordering them keeps its ties), or `None` when
/// every point can (see [`forcing_moves`]). They are the points of the windows the attacker
/// could complete with the turn's stones left plus one more turn: with stones to come, the
/// windows those stones can still make threats; for the last stone, the threat windows
/// and those it lifts to one (k - p - 1 stones or more).
fn forcing_candidates(pos: &Position, now: &[Vec<Cell>]) -> Option<Vec<Cell>> {
    let (p, r) = (pos.rules().p, pos.stones_left());
    if r == 1 && threats::hitting_number(now, p + 1) >= p {
        return None;
    }
    let geo = pos.geometry();
    let mut marked = vec![false; pos.rules().cells()];
    for w in threats::windows_within(pos, pos.to_move(), p + r) {
        for &c in geo.window(w) {
            marked[c as usize] = true;
        }
    }
    Some(
        (0..pos.rules().cells() as Cell)
            .filter(|&c| marked[c as usize] && pos.is_empty(c))
            .collect(),
    )
}

/// True if the attacker's stone `cell` can be part of a forcing turn: one that ends with at
/// least p threats, so that every stone of the defender's reply is a forced block. With
/// stones still to come in the turn, the stone must lie in a window that those stones could
/// still make a threat; the turn's last stone must leave p threats. A forced block (the
/// defender has threats of its own) is always allowed. `now` holds the attacker's threat
/// windows before the stone (computed once per node).
pub(super) fn forcing_stone(pos: &Position, cell: Cell, forced: bool, now: &[Vec<Cell>]) -> bool {
    let (k, p) = (pos.rules().k as usize, pos.rules().p);
    let r = pos.stones_left() as usize;
    let me = pos.to_move();
    let geo = pos.geometry();
    if r > 1 {
        if forced {
            return true;
        }
        let need = k.saturating_sub(p as usize + r) as u8;
        return geo
            .windows_of(cell)
            .iter()
            .any(|&w| pos.window_live(w, me) && pos.window_count(w, me) >= need);
    }
    // The last stone: the threat windows after it are those of now, less the stone's point,
    // and the windows through it that it lifts to k - p stones.
    let threshold = k.saturating_sub(p as usize) as u8;
    let mut after: Vec<Vec<Cell>> = now
        .iter()
        .map(|w| w.iter().copied().filter(|&c| c != cell).collect())
        .collect();
    for &w in geo.windows_of(cell) {
        if pos.window_live(w, me) && pos.window_count(w, me) + 1 == threshold {
            let empties = geo.window(w).iter().copied();
            after.push(empties.filter(|&c| c != cell && pos.is_empty(c)).collect());
        }
    }
    !after.is_empty() && threats::hitting_number(&after, p + 1) >= p
}

/// Node budget of a null move's threat-space proof at a node with `moves` defender moves:
/// about what expanding the moves costs, which the zone saves when it is narrow.
pub(super) fn null_budget(moves: usize) -> u64 {
    (moves as u64 * 2).max(16)
}

/// Node budget of one try of the main search at a null move, at a node with `moves`
/// defender moves: a few times what expanding the moves costs, which the zone saves when it
/// is narrow.
pub(super) fn main_null_budget(moves: usize) -> u64 {
    (moves as u64 * MAIN_NULL_SHARE).max(64)
}

/// See [`main_null_budget`].
const MAIN_NULL_SHARE: u64 = 4;

/// A null move's search may take this share of the work already done below its defender
/// node (1 in N), when that is more than the base budget: the node's work grows each time
/// df-pn comes back to it, and so does what its null move may cost, so a node the search
/// keeps returning to gets an ever deeper try while one visited once costs little.
pub(super) const NULL_WORK_SHARE: u64 = 2;

/// Decides whether to try a speculative search (a threat-space probe, a null move), backing
/// off while it keeps failing: once the tries outnumber `BACK_OFF` times the successes (plus
/// one), only every `BACK_OFF`-th chance is taken, and past `rare` times (probes: one success
/// in [`RARE_PROBES`] tries) every `BACK_OFF`²-th. On the small boards' draws nearly every
/// try fails and the back-off saves their cost, while where tries succeed often (Connect6
/// kills) they keep being made (docs/design.md §3.4).
///
/// Null moves also back off while they cost more than they save: a success pays only
/// through the defender moves its zone prunes, and where zones cover nearly the whole board
/// the successes are frequent but buy little. Past [`NULL_COST`] only every `BACK_OFF`³-th
/// chance is taken, which keeps the count current without paying for it. The figures behind
/// both steps: results/experiments/search-constants.md and
/// results/experiments/null-move-cost.md.
#[derive(Debug, Default)]
pub(super) struct Throttle {
    tries: u64,
    hits: u64,
    chances: u64,
    /// Nodes the tries have cost (null moves only).
    pub(super) spent: u64,
    /// Defender moves the successes pruned (null moves only).
    pub(super) saved: u64,
    /// Tries per success past which only every `BACK_OFF`²-th chance is taken (0: never).
    rare: u64,
}

/// See [`Throttle`].
const BACK_OFF: u64 = 8;

/// Tries per success of the threat-space probes past which only every `BACK_OFF`²-th
/// chance is taken.
const RARE_PROBES: u64 = 16;

/// Nodes the defender's threat-space probes may take before they count against the search.
const COUNTER_CREDIT: u64 = 4096;

/// Past the credit, the defender's probes take at most one node in this many.
const COUNTER_SHARE: u64 = 32;

/// Null-move search nodes allowed per defender move pruned, before backing off.
const NULL_COST: u64 = 1;

/// Pruned moves credited before any are counted, so the first tries are always made.
const NULL_CREDIT: u64 = 256;

impl Throttle {
    /// The back-off of threat-space probes: both steps, no cost rule.
    fn for_probes() -> Throttle {
        Throttle {
            rare: RARE_PROBES,
            ..Throttle::default()
        }
    }

    pub(super) fn allow(&mut self) -> bool {
        self.chances += 1;
        let hits_pay = self.paying();
        let cost_pays = self.spent <= NULL_COST * (self.saved + NULL_CREDIT);
        let rare = self.rare > 0 && self.tries >= self.rare * (self.hits + 1);
        if !cost_pays {
            return self.chances.is_multiple_of(BACK_OFF * BACK_OFF * BACK_OFF);
        }
        if rare {
            return self.chances.is_multiple_of(BACK_OFF * BACK_OFF);
        }
        hits_pay || self.chances.is_multiple_of(BACK_OFF)
    }

    /// True while the tries number fewer than [`BACK_OFF`] times the successes plus one:
    /// about one try in `BACK_OFF` succeeds, or there have been fewer than `BACK_OFF` tries.
    pub(super) fn paying(&self) -> bool {
        self.tries < BACK_OFF * (self.hits + 1)
    }

    pub(super) fn record(&mut self, hit: bool) {
        self.tries += 1;
        self.hits += hit as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_moves, parse_point};
    use crate::rules::{Color, Rules};
    use crate::search::dfpn::Proof;
    use crate::search::dfpn::tests::connect6_after;
    use crate::search::tt::Table;

    fn c6_stones(black: &str, white: &str, to_move: Color, left: u16) -> Position {
        let r = Rules::connect6();
        let b = parse_moves(&r, black).unwrap();
        let w = parse_moves(&r, white).unwrap();
        Position::from_stones(r, &b, &w, Some((to_move, left))).unwrap()
    }

    fn at(p: &str) -> Cell {
        parse_point(&Rules::connect6(), p).unwrap()
    }

    /// The positions after each stone of a pseudo-random game of up to `len` stones, while
    /// the game goes on.
    fn random_positions(rules: &Rules, seed: u64, len: usize) -> Vec<Position> {
        let mut pos = Position::new(*rules);
        let mut out = Vec::new();
        for c in crate::notation::random_game(rules, seed, len) {
            pos.play(c);
            if pos.is_over() {
                break;
            }
            out.push(pos.clone());
        }
        out
    }

    fn forcing(pos: &Position, point: &str) -> bool {
        let now = threats::threat_windows(pos, pos.to_move(), pos.rules().p);
        forcing_stone(pos, at(point), false, &now)
    }

    #[test]
    fn a_node_searched_again_gets_a_deeper_threat_space_search() {
        // Real game lg1730392, White to move after Black's blocks Q4 E3: White's forcing
        // kill (P6 P7, N5 M4, M5 O5, then six) takes the threat-space search thousands of
        // nodes, far past the 64-node probe at a new node.
        let mut pos = connect6_after(
            "K10 L11 K8 L9 M9 N9 M8 O8 O10 O9 L7 K6 M6 O6 N7 N6 O7 P8 K11 M11 L10 J8 \
             M10 H8 H10 J7 H6 J6 H7 G8 H12 J13 F7 H9 G10 G12 F11 P5 G5 Q4 E3",
        );
        let table = Table::new(64).unwrap();
        let mut run = Dfpn::new(&table, Color::White, Limits::default(), 0);
        assert!(
            !run.tss_proves(&mut pos, PROBE_TSS_NODES),
            "the probe is too small"
        );
        // Little work below the node: no deeper search.
        let before = run.nodes;
        assert!(!run.deeper_tss_proves(&mut pos, PROBE_TSS_NODES));
        assert_eq!(
            run.nodes, before,
            "a search too small to double the last was not made"
        );
        // Enough work below the node: the deeper search proves the kill, a real proof
        // stored for the main search.
        assert!(run.deeper_tss_proves(&mut pos, 100_000));
        assert_eq!(table.probe(run.key(&pos)).map(|e| e.pn), Some(0));
    }

    #[test]
    fn a_new_node_on_an_open_board_gets_a_larger_probe_while_probes_pay() {
        // Real game nz2890 five turns before White's six, White's quiet L12 L13 and a line
        // of the hold proof after it (Black L10 K9, White K6 L15, Black L14 M11): White's
        // forcing kill (M12 N12 first) is out of reach of the 64-node probe and within the
        // open board's.
        let mut pos = connect6_after(
            "K10 J9 L9 H9 L7 M10 N9 K8 K7 K12 L11 J13 O8 L12 L13 L10 K9 K6 L15 L14 M11",
        );
        let table = Table::new(64).unwrap();
        let mut run = Dfpn::new(&table, Color::White, Limits::default(), 0);
        assert!(
            !run.tss_proves(&mut pos, PROBE_TSS_NODES),
            "the small probe is too small"
        );
        let table = Table::new(64).unwrap();
        let mut run = Dfpn::new(&table, Color::White, Limits::default(), 0);
        assert_eq!(run.probe_budget(&pos), OPEN_PROBE_TSS_NODES);
        assert!(
            run.probe_proves(&mut pos),
            "the open board's probe proves the kill"
        );
        assert_eq!(table.probe(run.key(&pos)).map(|e| e.pn), Some(0));

        // Once the probes stop paying (a run disproving a win), the budget drops back.
        let table = Table::new(64).unwrap();
        let mut run = Dfpn::new(&table, Color::White, Limits::default(), 0);
        for _ in 0..BACK_OFF {
            run.probes.tss.record(false);
        }
        assert_eq!(run.probe_budget(&pos), PROBE_TSS_NODES);
        run.probes.tss.record(true);
        assert_eq!(run.probe_budget(&pos), OPEN_PROBE_TSS_NODES);

        // A small board keeps the small probe.
        let small = Position::new(Rules::new(9, 9, 6, 2, 1).unwrap());
        let run = Dfpn::new(&table, Color::Black, Limits::default(), 0);
        assert_eq!(run.probe_budget(&small), PROBE_TSS_NODES);
    }

    #[test]
    fn null_moves_back_off_when_they_cost_more_than_they_prune() {
        let allowed = |t: &mut Throttle, chances: u64| (0..chances).filter(|_| t.allow()).count();
        // Every try a success that pays for itself: always tried.
        let mut paying = Throttle::default();
        for _ in 0..1000 {
            assert!(paying.allow());
            paying.record(true);
            paying.spent += 20;
            paying.saved += 30;
        }
        // Successes that cost more than they prune: past the credit only one chance in
        // BACK_OFF^3 is taken, however often they succeed.
        let mut costly = Throttle {
            tries: 1000,
            hits: 1000,
            saved: 100,
            spent: NULL_COST * (100 + NULL_CREDIT) + 1,
            ..Throttle::default()
        };
        assert_eq!(allowed(&mut costly, 512 * 10), 10);
        // Cheap but failing: the hit-rate back-off (one chance in BACK_OFF).
        let mut failing = Throttle {
            tries: 1000,
            ..Throttle::default()
        };
        assert_eq!(allowed(&mut failing, 8 * 10), 10);
    }

    #[test]
    fn probes_back_off_further_when_they_rarely_succeed() {
        let allowed = |t: &mut Throttle, chances: u64| (0..chances).filter(|_| t.allow()).count();
        // One success in 100 tries: past RARE_PROBES tries per success, one chance in 64.
        let mut rare = Throttle {
            tries: 1000,
            hits: 10,
            ..Throttle::for_probes()
        };
        assert_eq!(allowed(&mut rare, 64 * 10), 10);
        // One in ten: the ordinary back-off, one chance in 8.
        let mut some = Throttle {
            tries: 1000,
            hits: 100,
            ..Throttle::for_probes()
        };
        assert_eq!(allowed(&mut some, 8 * 10), 10);
    }

    /// Connect(6,6,4,2,1) is a loss for Black: after some of Black's first stones White's
    /// forcing win is found by the defender's probe alone, and each one it claims is a White
    /// win by a search of its own (White as the attacker, no zones). A proof stored by that
    /// search is then read from the table by a Black run, without a probe.
    #[test]
    fn the_defenders_forcing_wins_disprove_the_attacker() {
        let rules = Rules::new(6, 6, 4, 2, 1).unwrap();
        let mut claimed = 0;
        for cell in 0..rules.cells() as Cell {
            let mut pos = Position::new(rules);
            pos.play(cell);
            let table = Table::new(16).unwrap();
            let mut black = Dfpn::new(&table, Color::Black, Limits::default(), 0);
            if !black.defender_wins(&mut pos, false) {
                continue;
            }
            claimed += 1;
            let other = Table::new(16).unwrap();
            let mut white = Dfpn::new(&other, Color::White, Limits::default(), 0);
            assert_eq!(white.run(&mut pos), Proof::Proven, "after {cell}");
            let mut black = Dfpn::new(&other, Color::Black, Limits::default(), 0);
            assert!(
                black.defender_wins(&mut pos, true),
                "stored proof after {cell}"
            );
        }
        assert!(
            claimed > 0,
            "no first stone gave White a forcing win the probe finds"
        );
    }

    #[test]
    fn on_an_open_board_the_defenders_probe_finds_the_loser_s_forcing_win() {
        // Real game nz2336 five turns before Black's six: White, the loser, had a forcing
        // win. After Black's M9 M14 it is out of reach of the 64-node probe and within the
        // open board's; the whole refutation then takes a few hundred nodes.
        let root = "K10 K9 L10 L11 J11 L9 L12 H11 J9 K11 M12 G11 H8 G7 J10 H10 K8 F12 L7 H7 \
                    G6 H9 M13 G8 N14 G9 J8 K7 J6 L8 L6 L5 F11 E11 M11 K5 N12 F9 L4 E9 H12 \
                    H13 F6 F5 H5 J5 M10";
        let mut pos = connect6_after(&format!("{root} M9 M14"));
        let table = Table::new(64).unwrap();
        let mut white = Dfpn::new(&table, Color::White, Limits::default(), 0);
        assert!(!white.tss_proves(&mut pos, PROBE_TSS_NODES), "too small");
        let table = Table::new(64).unwrap();
        let mut black = Dfpn::new(&table, Color::Black, Limits::default(), 0);
        assert_eq!(black.counter_budget(&pos), OPEN_COUNTER_TSS_NODES);
        assert!(black.defender_wins(&mut pos, false));

        let mut pos = connect6_after(root);
        let table = Table::new(64).unwrap();
        let limits = Limits {
            max_nodes: Some(20_000),
            deadline: None,
        };
        let mut black = Dfpn::new(&table, Color::Black, limits, 0);
        assert_eq!(black.run(&mut pos), Proof::Disproven);

        // A small board keeps the small probe.
        let small = Position::new(Rules::new(9, 9, 6, 2, 1).unwrap());
        assert_eq!(black.counter_budget(&small), PROBE_TSS_NODES);
    }

    #[test]
    fn forcing_stones_end_the_turn_with_p_threats() {
        // Black has a live three on row 10 and one stone left: J10 makes a live four (two
        // threats, both White stones forced); A1 makes nothing.
        let pos = c6_stones("F10 G10 H10", "K12 L12", Color::Black, 1);
        assert!(forcing(&pos, "J10"));
        assert!(!forcing(&pos, "A1"));
        // Blocked on the right, the four is dead: one threat leaves White a free stone.
        let pos = c6_stones("F10 G10 H10", "K10 L12", Color::Black, 1);
        assert!(!forcing(&pos, "J10"));
        // With two stones to play, a stone next to the three may still become part of one.
        let pos = c6_stones("F10 G10 H10", "K12 L12 M12", Color::Black, 2);
        assert!(forcing(&pos, "J10"));
        assert!(!forcing(&pos, "A1"));
    }

    #[test]
    fn forcing_stone_agrees_with_playing_and_counting() {
        // The incremental test of the turn's last stone against the definition: play the
        // stone and count the attacker's threats. Random dense positions, p = 2 and 3.
        let mut forcing = 0;
        for (i, rules) in [Rules::new(9, 9, 6, 2, 1), Rules::new(8, 8, 6, 3, 2)]
            .into_iter()
            .enumerate()
        {
            let rules = rules.unwrap();
            for seed in 0..60u64 {
                for pos in random_positions(&rules, seed * 7 + i as u64, 40) {
                    if pos.stones_left() != 1 {
                        continue;
                    }
                    let me = pos.to_move();
                    if threats::can_win_with(&pos, me, 1) {
                        continue;
                    }
                    let now = threats::threat_windows(&pos, me, rules.p);
                    for cell in pos.empty_points() {
                        let fast = forcing_stone(&pos, cell, false, &now);
                        let mut after = pos.clone();
                        after.play(cell);
                        let slow = threats::threat_count(&after, me) >= rules.p;
                        assert_eq!(fast, slow, "seed {seed}, cell {cell}");
                        forcing += fast as usize;
                    }
                }
            }
        }
        assert!(forcing > 50, "too few forcing stones sampled: {forcing}");
    }

    #[test]
    fn forcing_moves_are_the_ordered_moves_that_force() {
        // The gathered candidates against the definition: every move of the full list that
        // passes forcing_stone, in the full list's order. Random dense positions, every
        // stone of a turn, p = 1, 2 and 3 (k - p - r down to 0).
        let mut forcing = 0;
        let rules = [
            Rules::new(19, 19, 6, 2, 1),
            Rules::new(9, 9, 6, 2, 1),
            Rules::new(8, 8, 6, 3, 2),
            Rules::new(9, 9, 5, 1, 1),
            Rules::new(6, 6, 4, 2, 1),
        ];
        for (i, rules) in rules.into_iter().enumerate() {
            let rules = rules.unwrap();
            for seed in 0..40u64 {
                for pos in random_positions(&rules, seed * 11 + i as u64, 60) {
                    let me = pos.to_move();
                    if threats::can_win_with(&pos, me, pos.stones_left()) {
                        continue;
                    }
                    let defence = threats::defence(&pos);
                    let now = threats::threat_windows(&pos, me, rules.p);
                    let forced = matches!(defence, Defence::Block(_));
                    let mut all = movegen::generate(&pos, &defence);
                    all.retain(|&c| forcing_stone(&pos, c, forced, &now));
                    assert_eq!(
                        forcing_moves(&pos, &defence, &now),
                        all,
                        "{rules}, seed {seed}"
                    );
                    forcing += all.len();
                }
            }
        }
        assert!(forcing > 500, "too few forcing stones sampled: {forcing}");
    }

    #[test]
    fn threat_space_search_proves_a_double_four_and_nothing_quiet() {
        let table = Table::new(16).unwrap();
        // Two live threes: J10 and J5 make two live fours, four threats against two stones.
        let mut pos = c6_stones("F10 G10 H10 F5 G5 H5", "A19 B19 C19 T1 S1", Color::Black, 2);
        let mut run = Dfpn::new(&table, Color::Black, Limits::default(), 0);
        assert_eq!(run.sub_search(&mut pos, 1000).0, 0);
        // Its proof is stored for the main search.
        assert_eq!(table.probe(run.key(&pos)).map(|e| e.pn), Some(0));
        // A lone stone has no forcing win: the threat-space search fails, proving nothing.
        let mut pos = c6_stones("K10", "", Color::White, 2);
        let mut run = Dfpn::new(&table, Color::White, Limits::default(), 0);
        assert_ne!(run.sub_search(&mut pos, 1000).0, 0);
        assert_eq!(table.probe(run.key(&pos)), None);
    }
}
