//! Writing certificates: after a solve, the proof is read back out of the transposition
//! table as a DAG of [`Node`]s.
//!
//! The walk mirrors the search's own rules, so that the certificate holds exactly what the
//! search relied on: the same terminal tests (a win this turn, too many threats, no live
//! window, a pairing strategy) and the same move lists (forced blocks, one representative
//! dead point, symmetric duplicates dropped). At the prover's nodes it keeps one child the
//! table holds as solved the prover's way; a child missing from the table (replaced) is
//! searched again with a node budget. Positions reached along two paths become one node, and
//! so do mirror images of each other (format version 2): the node's moves are given for the
//! position the walk reached first, and the checker maps them onto the other itself.
//!
//! Nothing here is trusted: [`super::check`] re-derives every fact. The design is argued in
//! docs/design.md §9.6.

use crate::board::{Cell, Position};
use crate::pairing;
use crate::potential;
use crate::rules::Color;
use crate::search::dfpn::{Dfpn, Limits, PAIRING_BUDGET, Proof, REPLY_BUDGET};
use crate::search::movegen;
use crate::search::tt::Table;
use crate::search::{Outcome, SolveReport};
use crate::threats::{self, Defence};
use c6check::format::{Certificate, Claim, Node};
use c6check::packed::{Packed, PackedPart, encode_node};
use hashbrown::HashMap;
use std::time::Instant;

mod zoned;

/// Node budgets for searching again the children that were replaced in the table, in rounds:
/// every candidate child gets the first budget, those still open the next, and so on, so a
/// child that settles quickly is not kept waiting behind others that use a whole budget
/// (results/experiments/search-constants.md).
const RESOLVE_BUDGETS: [u64; 4] = [20_000, 200_000, 2_000_000, 20_000_000];

/// How often [`Writing::progress`] prints a line.
const PROGRESS_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// Why no certificate was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoCertificate {
    /// The solve proved nothing (`unknown`).
    Unknown,
    /// A disproof has more nodes than the limit allows.
    TooBig(usize),
    /// The table did not yield a proof (a bug, or a child that could not be solved again
    /// within the last of the resolve budgets).
    Failed(String),
    /// The deadline passed before the proof was written out.
    OutOfTime,
}

impl std::fmt::Display for NoCertificate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoCertificate::Unknown => f.write_str("the result is unknown, so there is no proof"),
            NoCertificate::TooBig(max) => write!(
                f,
                "the disproof has more than {max} nodes (raise --proof-max-nodes)"
            ),
            NoCertificate::Failed(why) => write!(f, "the proof could not be extracted: {why}"),
            NoCertificate::OutOfTime => f.write_str(
                "writing the proof out took longer than allowed (children the table lost or the \
                 zones left out had to be searched again)",
            ),
        }
    }
}

/// How a proof is written out: its limits, and whether to say how it goes.
#[derive(Debug, Clone, Copy, Default)]
pub struct Writing {
    /// Largest no-win part (draws and no-wins), in nodes ([`NoCertificate::TooBig`]); wins
    /// are not bounded.
    pub max_disproof_nodes: Option<usize>,
    /// When to give up ([`NoCertificate::OutOfTime`]).
    pub deadline: Option<Instant>,
    /// A line on stderr every minute: the nodes written and the children searched again
    /// (a proof of tens of millions of nodes takes a while).
    pub progress: bool,
    /// Write every reply of the opponent's nodes, with no zone claims (docs/design.md §9.7):
    /// the form older checkers read, and a measure of what the claims save.
    pub without_zone_claims: bool,
}

/// The certificate of a solve's result, read from the table the solve used.
/// `max_disproof_nodes` bounds each no-win part (draws and no-wins); wins are not bounded.
pub fn certify(
    table: &Table,
    pos: &Position,
    report: &SolveReport,
    max_disproof_nodes: Option<usize>,
) -> Result<Packed, NoCertificate> {
    let how = Writing {
        max_disproof_nodes,
        ..Writing::default()
    };
    certify_with(table, pos, report, &how)
}

/// [`certify`] as `how` says.
pub fn certify_with(
    table: &Table,
    pos: &Position,
    report: &SolveReport,
    how: &Writing,
) -> Result<Packed, NoCertificate> {
    let me = pos.to_move();
    let claims: Vec<(Color, Claim)> = match report.value {
        Outcome::Win => vec![(me, Claim::Win)],
        Outcome::Loss => vec![(me.opponent(), Claim::Win)],
        Outcome::Draw => vec![(me, Claim::NoWin), (me.opponent(), Claim::NoWin)],
        Outcome::NoWin => vec![(me, Claim::NoWin)],
        Outcome::NoLoss => vec![(me.opponent(), Claim::NoWin)],
        Outcome::Unknown => return Err(NoCertificate::Unknown),
    };
    let mut parts = Vec::new();
    for (attacker, claim) in claims {
        // The search did not prove this claim; the certificate names the theorem it used.
        if claim == Claim::NoWin
            && attacker == Color::White
            && crate::search::second_player_cannot_win(pos)
        {
            let mut out = NodeWriter::default();
            let root = out.reserve();
            out.set(root, &Node::StrategyStealing);
            parts.push(out.finish(attacker, claim));
            continue;
        }
        parts.push(extract(table, pos, attacker, claim, how)?);
    }
    Ok(Packed {
        head: header(pos),
        parts,
    })
}

/// The rules and root position of a certificate for `pos`, without parts.
pub fn header(pos: &Position) -> Certificate {
    let r = pos.rules();
    let cells = r.cells() as Cell;
    let stones = |c: Color| (0..cells).filter(|&x| pos.at(x) == Some(c)).collect();
    Certificate {
        rules: [r.width, r.height, r.k, r.p, r.q],
        black: stones(Color::Black),
        white: stones(Color::White),
        to_move: pos.to_move().index() as u8,
        stones_left: pos.stones_left(),
        parts: Vec::new(),
    }
}

/// Reads the proof of `claim` for `attacker` from `pos` out of `table`.
pub fn extract(
    table: &Table,
    pos: &Position,
    attacker: Color,
    claim: Claim,
    how: &Writing,
) -> Result<PackedPart, NoCertificate> {
    let now = Instant::now();
    let mut ex = Extractor {
        table,
        probe: Dfpn::new(table, attacker, Limits::default(), 0),
        prover_probe: Dfpn::new(table, attacker.opponent(), Limits::default(), 0),
        attacker,
        claim,
        prover: match claim {
            Claim::Win => attacker,
            Claim::NoWin => attacker.opponent(),
        },
        out: NodeWriter::default(),
        memo: HashMap::new(),
        over: None,
        max_nodes: match claim {
            Claim::Win => None,
            Claim::NoWin => how.max_disproof_nodes,
        },
        deadline: how.deadline,
        progress: how.progress.then_some(now + PROGRESS_EVERY),
        started: now,
        searched: 0,
        zone_claims: !how.without_zone_claims,
        claims: 0,
    };
    let mut pos = pos.clone();
    ex.node(&mut pos)?;
    // The transposition map goes before the nodes are laid out: of the two, only one is held
    // at a time beside the nodes.
    let Extractor { out, memo, .. } = ex;
    drop(memo);
    Ok(out.finish(attacker, claim))
}

/// The nodes of a part as they are made: each is encoded when it is finished, in the order
/// nodes finish (children before their parent), and put in id order (ids are given when a
/// node is started, the root 0) only at the end. A node so takes about the bytes of its
/// encoding, plus 12 bytes for where it lies.
#[derive(Default)]
struct NodeWriter {
    /// Encoded nodes in the order they were finished.
    bytes: Vec<u8>,
    /// Per id: where its encoding starts in `bytes` (`u64::MAX` while unfinished).
    starts: Vec<u64>,
    /// Per id: the length of its encoding.
    lens: Vec<u32>,
}

impl NodeWriter {
    fn len(&self) -> usize {
        self.starts.len()
    }

    /// A new node's id; [`NodeWriter::set`] gives its contents.
    fn reserve(&mut self) -> u32 {
        self.starts.push(u64::MAX);
        self.lens.push(0);
        self.starts.len() as u32 - 1
    }

    fn set(&mut self, id: u32, node: &Node) {
        let start = self.bytes.len();
        encode_node(node, &mut self.bytes);
        self.starts[id as usize] = start as u64;
        self.lens[id as usize] = (self.bytes.len() - start) as u32;
    }

    /// Where the writing stands: nodes reserved and bytes encoded.
    fn mark(&self) -> (usize, usize) {
        (self.starts.len(), self.bytes.len())
    }

    /// Takes back every node reserved since `mark`. Only nodes reserved since then may have
    /// been set since then (a node is set after its children, before its parent).
    fn truncate(&mut self, (nodes, bytes): (usize, usize)) {
        debug_assert!(
            self.starts[..nodes]
                .iter()
                .all(|&s| s == u64::MAX || s < bytes as u64)
        );
        self.starts.truncate(nodes);
        self.lens.truncate(nodes);
        self.bytes.truncate(bytes);
    }

    /// The part, its nodes laid out in id order.
    fn finish(self, attacker: Color, claim: Claim) -> PackedPart {
        let mut bytes = Vec::with_capacity(self.bytes.len());
        let mut starts = Vec::with_capacity(self.starts.len());
        for (&start, &len) in self.starts.iter().zip(&self.lens) {
            assert!(start != u64::MAX, "every reserved node is set");
            starts.push(bytes.len() as u64);
            bytes.extend_from_slice(&self.bytes[start as usize..start as usize + len as usize]);
        }
        PackedPart::new(attacker.index() as u8, claim, bytes, starts)
    }
}

/// The certificate node of a pairing strategy: pairs when one stone a turn (the form every
/// checker of format 1 reads), groups of p + 1 otherwise.
fn grouped(p: u16, groups: Vec<Vec<Cell>>) -> Node {
    if p == 1 {
        Node::Paired(groups.into_iter().map(|g| (g[0], g[1])).collect())
    } else {
        Node::Grouped(groups)
    }
}

struct Extractor<'t> {
    table: &'t Table,
    /// Reads children's numbers from the table.
    probe: Dfpn<'t>,
    /// Reads them with the sides swapped: the defender's own wins (used for no-win claims).
    prover_probe: Dfpn<'t>,
    attacker: Color,
    claim: Claim,
    prover: Color,
    out: NodeWriter,
    /// Node ids by position up to symmetry: 96 bits of the board's symmetry-reduced stone key
    /// (a collision could only make the checker refuse the file, never accept a wrong one).
    /// The stones alone give the turn: from the root, the number of stones played fixes the
    /// side to move and its stones left.
    memo: HashMap<[u32; 3], u32>,
    /// The one node that stands for every finished game.
    over: Option<u32>,
    max_nodes: Option<usize>,
    /// When to give up.
    deadline: Option<Instant>,
    /// When to print the next progress line, if at all.
    progress: Option<Instant>,
    started: Instant,
    /// Children searched again so far.
    searched: u64,
    /// Whether the opponent's nodes of a win may carry zone claims.
    zone_claims: bool,
    /// Zone claims written.
    claims: u64,
}

impl Extractor<'_> {
    fn node(&mut self, pos: &mut Position) -> Result<u32, NoCertificate> {
        if pos.is_over() {
            if let Some(id) = self.over {
                return Ok(id);
            }
            let id = self.push()?;
            self.out.set(id, &Node::Over);
            self.over = Some(id);
            return Ok(id);
        }
        let k = pos.stone_key();
        let key = [k[0] as u32, (k[0] >> 32) as u32, k[1] as u32];
        if let Some(&id) = self.memo.get(&key) {
            return Ok(id);
        }
        let id = self.push()?;
        self.memo.insert(key, id);
        let node = self.build(pos)?;
        self.out.set(id, &node);
        Ok(id)
    }

    /// A new node's id; the caller sets the node once it is built.
    fn push(&mut self) -> Result<u32, NoCertificate> {
        if let Some(max) = self.max_nodes
            && self.out.len() >= max
        {
            return Err(NoCertificate::TooBig(max));
        }
        if self.out.len().is_multiple_of(1024) {
            if self.past_deadline() {
                return Err(NoCertificate::OutOfTime);
            }
            self.report();
        }
        Ok(self.out.reserve())
    }

    /// The progress line, when one is due.
    fn report(&mut self) {
        let Some(due) = self.progress else { return };
        let now = Instant::now();
        if now < due {
            return;
        }
        self.progress = Some(now + PROGRESS_EVERY);
        let verb = match self.claim {
            Claim::Win => "forces a win",
            Claim::NoWin => "cannot force a win",
        };
        eprintln!(
            "writing the proof that {} {verb}: {} nodes, {} zone claims, {} children searched \
             again, {:.0} s",
            self.attacker,
            self.out.len(),
            self.claims,
            self.searched,
            (now - self.started).as_secs_f64()
        );
    }

    fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn fail(&self, pos: &Position, why: &str) -> NoCertificate {
        if self.past_deadline() {
            return NoCertificate::OutOfTime;
        }
        let moves: Vec<Cell> = pos.moves().collect();
        let line = crate::notation::format_moves(pos.rules(), &moves);
        NoCertificate::Failed(format!("{why} after '{line}'"))
    }

    fn build(&mut self, pos: &mut Position) -> Result<Node, NoCertificate> {
        let (me, r) = (pos.to_move(), pos.stones_left());
        if threats::can_win_with(pos, me, r) {
            return if me == self.prover {
                Ok(Node::WinNow)
            } else {
                Err(self.fail(pos, "the other side wins at once"))
            };
        }
        if self.claim == Claim::NoWin && pos.live_windows(self.attacker) == 0 {
            return Ok(Node::Dead);
        }
        let defence = threats::defence(pos);
        if defence == Defence::Lost {
            return if me != self.prover {
                Ok(Node::Overwhelmed)
            } else {
                Err(self.fail(pos, "the prover faces threats it cannot stop"))
            };
        }
        if self.claim == Claim::NoWin {
            // The search claims pairings where the attacker is to move; here they are tried
            // at every node, since a defender stone of a pairing reply (below) leads to a
            // node where the defender may still be to move.
            if let Some(stones) = potential::outweighing_stones(pos, self.attacker) {
                return Ok(Node::Outweighed(stones));
            }
            if let Some(groups) = pairing::attacker_groups(pos, self.attacker, PAIRING_BUDGET) {
                return Ok(grouped(pos.rules().p, groups));
            }
        }
        let moves = movegen::generate(pos, &defence);
        if me == self.prover {
            // A pairing reply first, as the search tries it: its leaf is the smallest proof
            // (the alternative measured: results/experiments/certificate-memory.md).
            let reply = (self.claim == Claim::NoWin && pos.rules().p >= 2)
                .then(|| pairing::pairing_reply(pos, self.attacker, REPLY_BUDGET))
                .flatten();
            let cell = reply
                .or_else(|| self.known_child(pos, &moves))
                .or_else(|| self.searched_child(pos, &moves));
            let Some(cell) = cell else {
                return Err(self.fail(pos, "no child is solved for the prover"));
            };
            let child = self.child(pos, cell)?;
            return Ok(Node::Move { cell, child });
        }
        // A zone claim covers the replies outside its zone; only those inside are written.
        let claim = self.zone_claim(pos, &moves)?;
        let moves = match &claim {
            Some(claim) => claim.inside.clone(),
            None => moves,
        };
        let mut seen: Vec<[u64; 2]> = Vec::new();
        let symmetric = pos.has_symmetry();
        let mut list = Vec::with_capacity(moves.len());
        for cell in moves {
            // The search skips a move whose position is a mirror image of an earlier one's;
            // the checker recognises the symmetry itself.
            if symmetric {
                let key = pos.stone_key_after(cell, me);
                if seen.contains(&key) {
                    continue;
                }
                seen.push(key);
            }
            let child = self.child(pos, cell)?;
            list.push((cell, child));
        }
        Ok(match claim {
            Some(claim) => Node::Zoned {
                replies: list,
                zone: claim.zone,
                null: claim.null,
            },
            None => Node::Replies(list),
        })
    }

    fn child(&mut self, pos: &mut Position, cell: Cell) -> Result<u32, NoCertificate> {
        pos.play(cell);
        let id = self.node(pos);
        pos.undo();
        id
    }

    /// A move the table holds as solved the prover's way: the first in move order, so the
    /// table is probed only up to it, not at every move
    /// (results/experiments/certificate-memory.md).
    fn known_child(&self, pos: &mut Position, moves: &[Cell]) -> Option<Cell> {
        if let Some(&c) = moves
            .iter()
            .find(|&&c| self.good(self.probe.child_numbers(pos, c)))
        {
            return Some(c);
        }
        // A no-win the search took from the prover's own forcing win (see
        // `Dfpn::defender_wins`): that proof is stored with the sides swapped.
        if self.claim == Claim::NoWin {
            return moves
                .iter()
                .copied()
                .find(|&c| self.prover_probe.child_numbers(pos, c).0 == 0);
        }
        None
    }

    /// True if a child's numbers say it is solved the prover's way.
    fn good(&self, (pn, dn): (u32, u32)) -> bool {
        match self.claim {
            Claim::Win => pn == 0,
            Claim::NoWin => dn == 0,
        }
    }

    /// One search from `pos` within `budget` nodes and the deadline, counted: `Some(true)`
    /// when it proves the claim there, `Some(false)` when it refutes it, `None` when a limit
    /// ran out. What it solves stays in the table.
    fn search(&mut self, pos: &mut Position, budget: u64) -> Option<bool> {
        let limits = Limits {
            max_nodes: Some(budget),
            deadline: self.deadline,
        };
        let proof = Dfpn::new(self.table, self.attacker, limits, 0).run(pos);
        self.searched += 1;
        self.report();
        match (proof, self.claim) {
            (Proof::Unknown, _) => None,
            (Proof::Proven, Claim::Win) | (Proof::Disproven, Claim::NoWin) => Some(true),
            _ => Some(false),
        }
    }

    /// True when a search from `pos` (the prover to move) proves the claim there, within the
    /// budgets.
    fn searched_node(&mut self, pos: &mut Position) -> bool {
        for budget in RESOLVE_BUDGETS {
            if self.past_deadline() {
                return false;
            }
            if let Some(proved) = self.search(pos, budget) {
                return proved;
            }
        }
        false
    }

    /// A move searched again and found solved the prover's way. First the node itself is
    /// searched, in growing budgets, and a move it solved is taken from the table: a node
    /// the table does not hold at all (reached by an attacker move the solve's zones left
    /// out) then costs one search over its moves, where searching each move in turn first
    /// spends a budget on every move that does not work
    /// (results/experiments/zone-solve-certificates.md). Failing that, each move not known
    /// to go the other way is searched, in rounds of growing budgets.
    fn searched_child(&mut self, pos: &mut Position, moves: &[Cell]) -> Option<Cell> {
        if self.searched_node(pos)
            && let Some(c) = self.known_child(pos, moves)
        {
            return Some(c);
        }
        let wrong = |(pn, dn): (u32, u32)| match self.claim {
            Claim::Win => dn == 0,
            Claim::NoWin => pn == 0,
        };
        let mut open: Vec<Cell> = moves
            .iter()
            .copied()
            .filter(|&c| !wrong(self.probe.child_numbers(pos, c)))
            .collect();
        for budget in RESOLVE_BUDGETS {
            let mut still = Vec::with_capacity(open.len());
            for c in open {
                if self.past_deadline() {
                    return None;
                }
                pos.play(c);
                let proved = self.search(pos, budget);
                pos.undo();
                match proved {
                    Some(true) => return Some(c),
                    None => still.push(c),
                    Some(false) => {}
                }
            }
            open = still;
        }
        None
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::notation::parse_moves;
    use crate::proof::check;
    use crate::rules::Rules;
    use crate::search::{Goal, SolveOptions, open_table, solve_then};

    /// The position `moves` reach under `rules`.
    pub(crate) fn position(rules: &str, moves: &str) -> Position {
        let r = Rules::parse(rules).unwrap();
        Position::from_moves(r, &parse_moves(&r, moves).unwrap()).unwrap()
    }

    /// Solves `pos` without zones (as `solve --proof` does) within `max_nodes`, then writes
    /// its certificate with the disproof limit `max_disproof`.
    pub(crate) fn certified_with(
        pos: &Position,
        max_nodes: Option<u64>,
        max_disproof: Option<usize>,
    ) -> (Outcome, std::result::Result<Packed, NoCertificate>) {
        let opts = SolveOptions {
            goal: Goal::Value,
            tt_mib: 8,
            zones: false,
            max_nodes,
            threads: 1,
            ..SolveOptions::default()
        };
        let table = open_table(&opts, pos.rules()).unwrap();
        let (report, cert) = solve_then(pos, &opts, table, move |pos, report, table| {
            certify(table, pos, report, max_disproof)
        })
        .unwrap();
        (report.value, cert)
    }

    /// The certificate of a small position's proven value.
    pub(crate) fn certified(rules: &str, moves: &str) -> Packed {
        let (_, cert) = certified_with(&position(rules, moves), None, Some(1_000_000));
        cert.expect("a certificate")
    }

    #[test]
    fn the_header_is_the_position() {
        let pos = position("4,3,3,2,1", "A1 B2");
        let h = header(&pos);
        assert_eq!(h.rules, [4, 3, 3, 2, 1]);
        assert_eq!(h.black, vec![0]);
        assert_eq!(h.white, vec![5]);
        assert_eq!((h.to_move, h.stones_left), (1, 1));
        assert!(h.parts.is_empty());
    }

    #[test]
    fn a_win_is_certified_and_checked() {
        let cert = certified("4,3,3,1,1", "");
        assert_eq!(cert.head, header(&position("4,3,3,1,1", "")));
        assert_eq!(cert.parts.len(), 1);
        assert_eq!(
            (cert.parts[0].attacker, cert.parts[0].claim),
            (0, Claim::Win)
        );
        let summary = check::check_packed(&cert).unwrap();
        assert_eq!(summary.value, Some("win"));
        assert_eq!(summary.claims, ["Black (to move) forces a win"]);
        assert_eq!(summary.nodes, cert.node_count());
    }

    #[test]
    fn a_draw_has_two_parts_and_the_theorem() {
        let cert = certified("3,3,3,1,1", "");
        let summary = check::check_packed(&cert).unwrap();
        assert_eq!(summary.value, Some("draw"));
        // q = p on the empty board: White's no-win part is strategy stealing alone.
        assert_eq!(cert.parts.len(), 2);
        assert_eq!(
            (cert.parts[1].attacker, cert.parts[1].claim),
            (1, Claim::NoWin)
        );
        assert_eq!(cert.parts[1].len(), 1);
        assert_eq!(
            cert.parts[1].node(0).unwrap().unwrap(),
            Node::StrategyStealing
        );
    }

    #[test]
    fn a_loss_names_the_opponent_as_attacker() {
        // Black to move (after Black C3 and White's D4 C4), and White wins.
        let cert = certified("6,6,4,2,1", "C3 D4 C4");
        let summary = check::check_packed(&cert).unwrap();
        assert_eq!(summary.value, Some("loss"));
        assert_eq!(summary.claims, ["White forces a win"]);
        assert_eq!(
            (cert.parts[0].attacker, cert.parts[0].claim),
            (1, Claim::Win)
        );
    }

    #[test]
    fn tampered_certificates_are_rejected() {
        let cert = certified("4,3,3,1,1", "").unpack().unwrap();
        assert!(check::check(&cert).is_ok());
        // Another root position: a White stone where Black's proof plays first. (An extra
        // stone the proof never reads may leave it valid: it proves that position too.)
        let Node::Move { cell: first, .. } = cert.parts[0].nodes[0] else {
            panic!("Black to move gives one move: {:?}", cert.parts[0].nodes[0]);
        };
        let mut t = cert.clone();
        t.white.push(first);
        assert!(check::check(&t).is_err());
        // The claim for the other side.
        let mut t = cert.clone();
        t.parts[0].attacker = 1;
        assert!(check::check(&t).is_err());
        // The first move elsewhere, or a reply dropped.
        let nodes = &cert.parts[0].nodes;
        let Node::Move { cell, child } = nodes[0] else {
            panic!("Black to move gives one move: {:?}", nodes[0]);
        };
        let elsewhere = (0..12).find(|&c| c != cell).unwrap();
        let mut t = cert.clone();
        t.parts[0].nodes[0] = Node::Move {
            cell: elsewhere,
            child,
        };
        let moved = check::check(&t);
        // White's node lists its replies, all of them or those inside a zone claim's zone.
        let mut t = cert.clone();
        match &mut t.parts[0].nodes[child as usize] {
            Node::Replies(replies) | Node::Zoned { replies, .. } => {
                replies.remove(0);
            }
            other => panic!("White answers: {other:?}"),
        }
        let dropped = check::check(&t);
        assert!(
            moved.is_err() || dropped.is_err(),
            "a changed move and a dropped reply were both accepted"
        );
        assert!(dropped.is_err(), "a reply was dropped and still accepted");
    }

    #[test]
    fn no_certificate_without_a_proof() {
        // One node proves nothing on 6,5,4,1,1.
        let (value, cert) = certified_with(&position("6,5,4,1,1", ""), Some(1), None);
        assert_eq!(value, Outcome::Unknown);
        assert_eq!(cert, Err(NoCertificate::Unknown));
        // A draw whose disproof exceeds the limit.
        let (value, cert) = certified_with(&position("3,3,3,1,1", ""), None, Some(2));
        assert_eq!(value, Outcome::Draw);
        assert_eq!(cert, Err(NoCertificate::TooBig(2)));
    }

    #[test]
    fn nodes_are_laid_out_in_id_order() {
        let mut out = NodeWriter::default();
        let root = out.reserve();
        let child = out.reserve();
        // Children finish before their parent.
        out.set(child, &Node::WinNow);
        out.set(root, &Node::Move { cell: 4, child });
        assert_eq!(out.len(), 2);
        let part = out.finish(Color::White, Claim::Win);
        assert_eq!((part.attacker, part.claim), (1, Claim::Win));
        assert_eq!(
            part.node(0).unwrap().unwrap(),
            Node::Move { cell: 4, child: 1 }
        );
        assert_eq!(part.node(1).unwrap().unwrap(), Node::WinNow);
        assert!(part.node(2).is_none());
    }

    #[test]
    fn pairings_are_pairs_for_one_stone_a_turn() {
        assert_eq!(grouped(1, vec![vec![3, 4]]), Node::Paired(vec![(3, 4)]));
        assert_eq!(
            grouped(2, vec![vec![1, 2, 3]]),
            Node::Grouped(vec![vec![1, 2, 3]])
        );
    }
}
