//! Proof certificates: solve → certificate → independent check, and tampering.
//!
//! Each certificate here comes from a real solve of a small board. The round trips assert
//! that the checker accepts what the solver proved; the tamper tests change one thing at a
//! time (a move, a reply, the root, the rules, the claim, a leaf, a pairing, the bytes) and
//! assert that the checker rejects every changed certificate. The Connect6 default puzzle
//! is certified and tampered with in tests/cli.rs (`default_puzzle_is_a_black_win`), which
//! solves it anyway.

mod common;

use c6solve::proof::{Certificate, Claim, Node, cert, check};
use c6solve::search::{Goal, Outcome, SolveOptions, open_table, solve_then};
use c6solve::{Color, Position, Rules};
use common::position;
use std::time::Duration;

/// Solves `moves` under `rules` and returns the value and the certificate.
fn certify(rules: &str, moves: &str) -> (Outcome, Certificate) {
    certify_goal(rules, moves, Goal::Value)
}

/// [`certify`] with another goal (`Goal::Win`: only whether the side to move wins).
fn certify_goal(rules: &str, moves: &str, goal: Goal) -> (Outcome, Certificate) {
    let pos = position(rules, moves);
    let r = *pos.rules();
    // Certificates need a zone-free solve (as `solve --proof` runs).
    let opts = SolveOptions {
        goal,
        tt_mib: 32,
        zones: false,
        ..SolveOptions::default()
    };
    let table = open_table(&opts, &r).unwrap();
    let (report, cert) = solve_then(&pos, &opts, table, |pos, report, table| {
        cert::certify(table, pos, report, Some(1_000_000))
    })
    .unwrap();
    let packed = cert.expect("a certificate");
    (
        report.value,
        packed.unpack().expect("the writer's nodes decode"),
    )
}

/// About 60 node indices spread over `0..len`, so the tamper tests stay fast on the larger
/// proofs (every node of the small ones).
fn sampled(len: usize) -> impl Iterator<Item = usize> {
    (0..len).step_by(len.div_ceil(60).max(1))
}

fn assert_valid(c: &Certificate, value: &str) {
    let summary = check::check(c).unwrap_or_else(|e| panic!("rejected: {e}"));
    assert_eq!(summary.value, Some(value));
    // And through the bytes.
    let again = Certificate::from_bytes(&c.to_bytes()).unwrap();
    assert_eq!(&again, c);
}

fn assert_rejected(c: &Certificate, what: &str) {
    if let Ok(s) = check::check(c) {
        panic!("{what}: the tampered certificate was accepted: {s:?}");
    }
}

/// The certificates the tamper tests work on: a win with one stone a turn, a win with two
/// (White's, Black to move), and draws with one and two stones a turn.
/// Solved once and shared by the tests.
fn samples() -> Vec<(&'static str, Certificate)> {
    static SAMPLES: std::sync::OnceLock<Vec<(&'static str, Certificate)>> =
        std::sync::OnceLock::new();
    SAMPLES.get_or_init(solve_samples).clone()
}

fn solve_samples() -> Vec<(&'static str, Certificate)> {
    let mut out = Vec::new();
    for (rules, moves, value) in [
        ("4,3,3,1,1", "", Outcome::Win),
        ("6,5,4,1,1", "", Outcome::Win),
        ("6,6,4,2,1", "C3 D4 C4", Outcome::Loss),
        ("3,3,3,1,1", "", Outcome::Draw),
        ("4,4,4,2,1", "", Outcome::Draw),
    ] {
        let (v, c) = certify(rules, moves);
        assert_eq!(v, value, "{rules} {moves}");
        out.push((rules, c));
    }
    out
}

#[test]
fn round_trips_are_valid() {
    for (rules, moves, value) in [
        ("3,3,3,1,1", "", "draw"),
        ("4,3,3,1,1", "", "win"),
        ("4,4,3,2,1", "", "win"),
        ("5,4,4,1,1", "", "draw"),
        ("5,5,4,2,1", "", "draw"),
        ("6,5,4,1,1", "", "win"),
        // White to move has lost: the certificate is Black's win.
        ("3,3,3,1,1", "B2 A2 A1", "loss"),
        ("6,6,4,2,1", "C3 D4 C4", "loss"),
        // A finished game.
        ("3,3,3,1,1", "A1 B1 A2 B2 A3", "loss"),
    ] {
        let (_, c) = certify(rules, moves);
        assert_valid(&c, value);
    }
}

/// The position at each node of part `p`, as first reached from the root (crate's board) in
/// the depth-first walk in list order: the position the node's moves are given for (a node
/// reached again may be a mirror image of it).
fn node_positions(c: &Certificate, p: usize) -> Vec<Option<Position>> {
    let [m, n, k, pp, q] = c.rules;
    let r = Rules::new(m, n, k, pp, q).unwrap();
    let turn = if c.to_move == 0 {
        Color::Black
    } else {
        Color::White
    };
    let root = Position::from_stones(r, &c.black, &c.white, Some((turn, c.stones_left))).unwrap();
    let mut out = vec![None; c.parts[p].nodes.len()];
    let mut stack = vec![(0u32, root)];
    while let Some((id, pos)) = stack.pop() {
        if out[id as usize].is_some() || pos.is_over() {
            continue;
        }
        let children: Vec<(u16, u32)> = match &c.parts[p].nodes[id as usize] {
            Node::Move { cell, child } => vec![(*cell, *child)],
            Node::Replies(l) => l.clone(),
            Node::Zoned { replies, null, .. } => {
                // The null move's proof stands for the position with the turn given up.
                let mut passed = pos.clone();
                passed.pass_turn();
                stack.push((*null, passed));
                replies.clone()
            }
            _ => Vec::new(),
        };
        // Reversed, so that the stack pops them in list order.
        for (cell, child) in children.into_iter().rev() {
            let mut next = pos.clone();
            next.play(cell);
            stack.push((child, next));
        }
        out[id as usize] = Some(pos);
    }
    out
}

/// True if the claim of `part` holds at `pos`, by the solver (an oracle independent of the
/// checker).
fn claim_holds(pos: &Position, attacker: u8, claim: Claim) -> bool {
    let opts = SolveOptions {
        tt_mib: 16,
        ..SolveOptions::default()
    };
    let v = c6solve::solve(pos, &opts).unwrap().value;
    let attacker_to_move = pos.to_move().index() as u8 == attacker;
    let attacker_wins = if pos.is_over() {
        pos.winner().map(|w| w.index() as u8) == Some(attacker)
    } else if attacker_to_move {
        v == Outcome::Win
    } else {
        v == Outcome::Loss
    };
    match claim {
        Claim::Win => attacker_wins,
        Claim::NoWin => !attacker_wins,
    }
}

#[test]
fn changed_moves_are_rejected() {
    // A changed move may still be a good one (the proof after it can even stay valid), so
    // the solver is the judge: whenever the changed move makes the claim false, the checker
    // must reject; and most changes must be rejected.
    for (rules, c) in samples() {
        let cells = c.rules[0] * c.rules[1];
        let (mut tried, mut rejected) = (0, 0);
        for p in 0..c.parts.len() {
            let positions = node_positions(&c, p);
            for i in sampled(c.parts[p].nodes.len()) {
                let Node::Move { cell, child } = c.parts[p].nodes[i] else {
                    continue;
                };
                let Some(pos) = &positions[i] else { continue };
                for shift in [1, 2, cells - 1] {
                    let new = (cell + shift) % cells;
                    let mut t = c.clone();
                    t.parts[p].nodes[i] = Node::Move { cell: new, child };
                    tried += 1;
                    if check::check(&t).is_err() {
                        rejected += 1;
                        continue;
                    }
                    assert!(pos.is_empty(new), "{rules}: accepted a move onto a stone");
                    let mut after = pos.clone();
                    after.play(new);
                    assert!(
                        claim_holds(&after, c.parts[p].attacker, c.parts[p].claim),
                        "{rules}: node {i}'s move changed to a losing one was accepted"
                    );
                }
            }
        }
        assert!(
            rejected * 2 > tried,
            "{rules}: {rejected} of {tried} rejected"
        );
    }
}

#[test]
fn dropped_replies_are_rejected() {
    for (rules, c) in samples() {
        let mut tried = 0;
        for p in 0..c.parts.len() {
            // Sampled among the reply nodes: the solve runs several workers, so where those
            // nodes stand varies, and sampling all nodes could miss every one of them.
            let replies: Vec<usize> = (0..c.parts[p].nodes.len())
                .filter(|&i| matches!(c.parts[p].nodes[i], Node::Replies(_)))
                .collect();
            for i in sampled(replies.len()).map(|k| replies[k]) {
                let Node::Replies(list) = &c.parts[p].nodes[i] else {
                    unreachable!()
                };
                for j in 0..list.len() {
                    let mut t = c.clone();
                    let Node::Replies(l) = &mut t.parts[p].nodes[i] else {
                        unreachable!()
                    };
                    l.remove(j);
                    assert_rejected(&t, &format!("{rules}: reply {j} of node {i} dropped"));
                    tried += 1;
                }
            }
        }
        assert!(tried > 0, "{rules}: no reply to drop");
    }
}

/// The checker matches a node reached along two paths by a hash of its position: pointing a
/// reply at the node of another reply (two different positions, one node) must be refused
/// as such, not checked once and accepted.
#[test]
fn a_node_shared_by_two_positions_is_rejected() {
    let mut tried = 0;
    for (rules, c) in samples() {
        for p in 0..c.parts.len() {
            let positions = node_positions(&c, p);
            let nodes = &c.parts[p].nodes;
            let lists = (0..nodes.len()).filter_map(|i| match &nodes[i] {
                Node::Replies(list) => Some((i, list)),
                _ => None,
            });
            // Two replies whose nodes are not the shared node of finished games.
            let not_over = |&&(_, child): &&(u16, u32)| nodes[child as usize] != Node::Over;
            for (i, list) in lists.take(40) {
                let live: Vec<&(u16, u32)> = list.iter().filter(not_over).collect();
                let [first, second, ..] = live[..] else {
                    continue;
                };
                // Two replies leading to mirror images of each other may share a node.
                let pos = positions[i].as_ref().expect("reached");
                let after = |c: u16| {
                    let mut next = pos.clone();
                    next.play(c);
                    next.stone_key()
                };
                if first.1 == second.1 || after(first.0) == after(second.0) {
                    continue;
                }
                let mut t = c.clone();
                let Node::Replies(l) = &mut t.parts[p].nodes[i] else {
                    unreachable!()
                };
                let j = l.iter().position(|r| r == second).unwrap();
                l[j].1 = first.1;
                let e = check::check(&t).expect_err("a node shared by two positions");
                assert!(e.contains("two different positions"), "{rules}: {e}");
                tried += 1;
            }
        }
    }
    assert!(tried > 0, "no reply node with two live replies");
}

/// The stones of `pos`, exactly (not up to symmetry).
fn stones(pos: &Position) -> Vec<Option<Color>> {
    (0..pos.rules().cells() as u16).map(|c| pos.at(c)).collect()
}

/// The writer makes one node of positions that are mirror images of each other (format 2),
/// and the checker accepts such a node wherever it is reached: here some edge of a sample
/// leads to a node first reached as a different position, its mirror image.
#[test]
fn mirror_images_share_nodes() {
    let mut mirrored = 0;
    for (rules, c) in samples() {
        for p in 0..c.parts.len() {
            let positions = node_positions(&c, p);
            for (i, node) in c.parts[p].nodes.iter().enumerate() {
                let edges = match node {
                    Node::Move { cell, child } => vec![(*cell, *child)],
                    Node::Replies(l) => l.clone(),
                    _ => continue,
                };
                let Some(pos) = &positions[i] else { continue };
                for (cell, child) in edges {
                    let mut next = pos.clone();
                    next.play(cell);
                    let Some(first) = &positions[child as usize] else {
                        continue;
                    };
                    if !next.is_over() && stones(&next) != stones(first) {
                        assert_eq!(next.stone_key(), first.stone_key(), "{rules}: node {child}");
                        mirrored += 1;
                    }
                }
            }
        }
        assert_valid(&c, check::check(&c).unwrap().value.unwrap());
    }
    assert!(
        mirrored > 0,
        "no node reached as a mirror image in the samples"
    );
}

/// `Frames` (for SGF and pictures) maps a shared node's moves onto each position it stands
/// for: walked as a tree along every path, each mapped move lands on an empty point and leads
/// to the mirror image of where the move leads from the node's first position.
#[test]
fn frames_map_shared_nodes_onto_each_position() {
    fn walk(
        nodes: &[Node],
        first: &[Option<Position>],
        frames: &c6solve::proof::Frames,
        id: u32,
        pos: &mut Position,
        budget: &mut usize,
    ) {
        let Some(p) = &first[id as usize] else { return };
        if pos.is_over() || *budget == 0 {
            return;
        }
        *budget -= 1;
        assert_eq!(pos.stone_key(), p.stone_key(), "node {id}");
        let edges = match &nodes[id as usize] {
            Node::Move { cell, child } => vec![(*cell, *child)],
            Node::Replies(l) => l.clone(),
            _ => return,
        };
        for (cell, child) in edges {
            let here = frames.point(id, pos, cell);
            assert!(pos.is_empty(here), "node {id}: {cell} mapped onto a stone");
            let mut there = p.clone();
            there.play(cell);
            pos.play(here);
            assert_eq!(pos.stone_key(), there.stone_key(), "node {id}: {cell}");
            walk(nodes, first, frames, child, pos, budget);
            pos.undo();
        }
    }
    for (rules, c) in samples() {
        for p in 0..c.parts.len() {
            let first = node_positions(&c, p);
            let root = first[0].clone().expect("the root");
            let nodes = &c.parts[p].nodes;
            let frames = c6solve::proof::Frames::new(nodes, &root);
            let mut budget = 200_000;
            walk(nodes, &first, &frames, 0, &mut root.clone(), &mut budget);
            assert!(budget < 200_000, "{rules}: nothing walked");
        }
    }
}

/// A certificate goes to a file and comes back as the same bytes, hashed as written, and is
/// checked as it was read (its nodes decoded one at a time).
#[test]
fn files_round_trip_and_are_checked_as_stored() {
    let file = std::env::temp_dir().join(format!("c6solve-proof-{}.c6proof", std::process::id()));
    let path = file.to_str().unwrap();
    for (rules, c) in samples() {
        let written = c6solve::proof::write_file(path, &c6solve::proof::Packed::from(&c)).unwrap();
        let bytes = std::fs::read(path).unwrap();
        assert_eq!(bytes, c.to_bytes(), "{rules}");
        assert_eq!(written.bytes, bytes.len() as u64, "{rules}");
        use sha2::Digest;
        assert_eq!(
            written.sha256,
            format!("{:x}", sha2::Sha256::digest(&bytes))
        );
        let packed = c6solve::proof::read_file(path).unwrap();
        assert_eq!(packed.unpack().unwrap(), c, "{rules}");
        assert_eq!(
            check::check_packed(&packed).unwrap(),
            check::check(&c).unwrap(),
            "{rules}"
        );
    }
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn changed_roots_are_rejected() {
    for (rules, c) in samples() {
        let mut t = c.clone();
        t.to_move ^= 1;
        assert_rejected(&t, &format!("{rules}: side to move flipped"));
        // A defender stone on the prover's first move of the first part.
        let part = &c.parts[0];
        if let Node::Move { cell, .. } = part.nodes[0] {
            let mut t = c.clone();
            match part.claim {
                Claim::Win if part.attacker == 0 => t.white.push(cell),
                Claim::Win => t.black.push(cell),
                _ => continue,
            }
            assert_rejected(&t, &format!("{rules}: root point taken"));
        }
        // A stone off the board, a stone twice, a bad turn.
        let mut t = c.clone();
        t.black.push(c.rules[0] * c.rules[1]);
        assert_rejected(&t, &format!("{rules}: root stone off the board"));
        let mut t = c.clone();
        t.stones_left = 0;
        assert_rejected(&t, &format!("{rules}: no stones left"));
    }
    // Taking away a root stone of the attacker loses the win.
    let (_, c) = certify("3,3,3,1,1", "B2 A2 A1");
    assert_valid(&c, "loss");
    let mut t = c.clone();
    t.black.retain(|&x| x != 0);
    assert_rejected(&t, "Black's A1 removed");
}

#[test]
fn changed_rules_are_rejected() {
    for (rules, c) in samples() {
        // k and p: the board's size may change and keep a proof valid (a win that never
        // reaches the last row is still a win without it); `check --rules` catches that.
        for (i, delta) in [(2usize, 1i32), (2, -1), (3, 1)] {
            let mut t = c.clone();
            let v = t.rules[i] as i32 + delta;
            if v <= 0 {
                continue;
            }
            t.rules[i] = v as u16;
            assert_rejected(&t, &format!("{rules}: rule {i} changed by {delta}"));
        }
    }
}

#[test]
fn changed_claims_and_leaves_are_rejected() {
    for (rules, c) in samples() {
        for p in 0..c.parts.len() {
            let mut t = c.clone();
            t.parts[p].attacker ^= 1;
            assert_rejected(&t, &format!("{rules}: attacker of part {p} flipped"));
            let mut t = c.clone();
            t.parts[p].claim = match c.parts[p].claim {
                Claim::Win => Claim::NoWin,
                Claim::NoWin => Claim::Win,
            };
            assert_rejected(&t, &format!("{rules}: claim of part {p} flipped"));
            for i in sampled(c.parts[p].nodes.len()) {
                let swap = match &c.parts[p].nodes[i] {
                    Node::WinNow => Node::Overwhelmed,
                    Node::Overwhelmed => Node::WinNow,
                    Node::Replies(_)
                    | Node::Zoned { .. }
                    | Node::Move { .. }
                    | Node::Paired(_)
                    | Node::Grouped(_)
                    | Node::Outweighed(_)
                    | Node::StrategyStealing => Node::Dead,
                    Node::Dead => Node::WinNow,
                    Node::Over => continue,
                };
                let mut t = c.clone();
                t.parts[p].nodes[i] = swap;
                assert_rejected(&t, &format!("{rules}: node {i} of part {p} replaced"));
            }
            // A child pointing back at the root, or nowhere.
            for target in [0u32, u32::MAX] {
                let mut t = c.clone();
                let changed = t.parts[p].nodes.iter_mut().any(|n| match n {
                    Node::Move { child, .. } => {
                        *child = target;
                        true
                    }
                    Node::Replies(l) if !l.is_empty() => {
                        l[0].1 = target;
                        true
                    }
                    _ => false,
                });
                if changed {
                    assert_rejected(&t, &format!("{rules}: a child set to {target}"));
                }
            }
        }
        let mut t = c.clone();
        t.parts.clear();
        assert_rejected(&t, &format!("{rules}: no parts"));
    }
}

/// The defender of part `p`: the colour that is not its attacker.
fn defender_of(c: &Certificate, p: usize) -> Color {
    if c.parts[p].attacker == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// True if `pairs` put both points of some pair in every window of `pos` free of
/// `defender` stones (written here with the crate's board, apart from the checker's).
fn pairs_cover(pos: &Position, defender: Color, pairs: &[(u16, u16)]) -> bool {
    let geo = pos.geometry();
    (0..geo.window_count() as u32).all(|w| {
        let cells = geo.window(w);
        cells.iter().any(|&c| pos.at(c) == Some(defender))
            || pairs
                .iter()
                .any(|(a, b)| cells.contains(a) && cells.contains(b))
    })
}

#[test]
fn shrunk_pairings_are_rejected() {
    // Pairing strategies are the certificates' only zone-like claims (relevance zones are not
    // certified yet). A pairing with a pair dropped is refused whenever the rest no longer
    // covers every window the attacker could fill; with all pairs dropped, always.
    let (mut tried, mut needed) = (0, 0);
    for rules in ["4,4,4,1,1", "5,4,4,1,1", "6,4,4,1,1"] {
        let (_, c) = certify(rules, "");
        assert_valid(&c, "draw");
        for p in 0..c.parts.len() {
            let positions = node_positions(&c, p);
            let defender = defender_of(&c, p);
            for (i, pos) in positions.iter().enumerate() {
                let Node::Paired(pairs) = &c.parts[p].nodes[i] else {
                    continue;
                };
                let pos = pos.as_ref().expect("reached");
                let mut t = c.clone();
                t.parts[p].nodes[i] = Node::Paired(Vec::new());
                assert_rejected(&t, &format!("{rules}: all pairs of node {i} dropped"));
                for j in 0..pairs.len() {
                    let mut fewer = pairs.clone();
                    fewer.remove(j);
                    let mut t = c.clone();
                    t.parts[p].nodes[i] = Node::Paired(fewer.clone());
                    tried += 1;
                    if !pairs_cover(pos, defender, &fewer) {
                        needed += 1;
                        assert_rejected(&t, &format!("{rules}: pair {j} of node {i} dropped"));
                    }
                }
            }
        }
    }
    assert!(needed > 0 && tried > 0, "no needed pair in the samples");
}

/// True if `groups` put a whole group in every window of `pos` free of `defender` stones.
fn groups_cover(pos: &Position, defender: Color, groups: &[Vec<u16>]) -> bool {
    let geo = pos.geometry();
    (0..geo.window_count() as u32).all(|w| {
        let cells = geo.window(w);
        cells.iter().any(|&c| pos.at(c) == Some(defender))
            || groups.iter().any(|g| g.iter().all(|a| cells.contains(a)))
    })
}

#[test]
fn two_stone_draws_carry_groups_the_checker_tests() {
    // With two stones a turn a draw's disproof ends in groups of three points (pairing/mod.rs).
    // The certificate carries them; the checker accepts them as they are and refuses them
    // with a group dropped (when the rest no longer covers), a point dropped (a group of
    // two, which Black fills in one turn), or one point in two groups.
    let mut grouped = 0;
    for rules in ["5,4,5,2,1", "5,5,5,2,1", "4,4,4,2,1", "6,2,4,2,2"] {
        let (value, c) = certify(rules, "");
        assert_eq!(value, Outcome::Draw, "{rules}");
        assert_valid(&c, "draw");
        for p in 0..c.parts.len() {
            let positions = node_positions(&c, p);
            let defender = defender_of(&c, p);
            for i in sampled(c.parts[p].nodes.len()) {
                let Node::Grouped(groups) = &c.parts[p].nodes[i] else {
                    continue;
                };
                let pos = positions[i].as_ref().expect("reached");
                assert!(groups_cover(pos, defender, groups), "{rules} node {i}");
                assert!(groups.iter().all(|g| g.len() == 3), "{rules} node {i}");
                grouped += 1;
                let with = |groups: Vec<Vec<u16>>| {
                    let mut t = c.clone();
                    t.parts[p].nodes[i] = Node::Grouped(groups);
                    t
                };
                for j in 0..groups.len() {
                    let mut fewer = groups.clone();
                    fewer.remove(j);
                    if !groups_cover(pos, defender, &fewer) {
                        assert_rejected(&with(fewer), &format!("{rules}: group {j} dropped"));
                    }
                    let mut short = groups.clone();
                    short[j].pop();
                    assert_rejected(&with(short), &format!("{rules}: group {j} of two"));
                    if groups.len() > 1 {
                        let mut shared = groups.clone();
                        let k = (j + 1) % groups.len();
                        shared[k][0] = shared[j][0];
                        assert_rejected(&with(shared), &format!("{rules}: shared point"));
                    }
                }
            }
        }
    }
    assert!(grouped > 0, "no grouped node in the p = 2 samples");
}

#[test]
fn potential_leaves_are_checked_not_trusted() {
    // A potential leaf (Node::Outweighed) claims that the windows the attacker can still fill
    // weigh too little for it to fill one. The checker recomputes the sum: the leaf is
    // accepted where the search put it, and refused at the root (the empty board weighs far
    // too much), under a win claim, with a defender stone it may not play, or with a listed
    // stone on an occupied point. Every leaf's claim is also held to the solver.
    let (mut leaves, mut with_stones) = ([0usize; 2], 0);
    for rules in [
        "5,4,4,1,1",
        "6,4,4,1,1",
        "5,5,5,2,1",
        "6,5,5,2,1",
        "6,2,4,2,2",
    ] {
        let (value, c) = certify(rules, "");
        assert_eq!(value, Outcome::Draw, "{rules}");
        assert_valid(&c, "draw");
        for p in 0..c.parts.len() {
            let positions = node_positions(&c, p);
            for i in sampled(c.parts[p].nodes.len()) {
                let Node::Outweighed(stones) = &c.parts[p].nodes[i] else {
                    continue;
                };
                let pos = positions[i].as_ref().expect("reached");
                leaves[c.rules[3] as usize - 1] += 1;
                with_stones += !stones.is_empty() as usize;
                if i % 4 == 0 {
                    assert!(
                        claim_holds(pos, c.parts[p].attacker, Claim::NoWin),
                        "{rules} node {i}"
                    );
                }
                let with = |node: Node| {
                    let mut t = c.clone();
                    t.parts[p].nodes[i] = node;
                    t
                };
                let occupied = (0..c.rules[0] * c.rules[1])
                    .find(|&x| pos.at(x).is_some())
                    .expect("a stone");
                let mut extra = stones.clone();
                extra.extend(
                    (0..c.rules[0] * c.rules[1])
                        .filter(|&x| pos.is_empty(x))
                        .take(2),
                );
                assert_rejected(
                    &with(Node::Outweighed(extra)),
                    &format!("{rules}: extra stones"),
                );
                if !stones.is_empty() {
                    let mut moved = stones.clone();
                    moved[0] = occupied;
                    assert_rejected(
                        &with(Node::Outweighed(moved)),
                        &format!("{rules}: on a stone"),
                    );
                }
                let mut t = c.clone();
                t.parts[p].claim = Claim::Win;
                assert_rejected(&t, &format!("{rules}: a potential under a win claim"));
                let mut t = c.clone();
                t.parts[p].nodes[0] = Node::Outweighed(Vec::new());
                assert_rejected(&t, &format!("{rules}: a potential at the root"));
            }
        }
    }
    assert!(
        leaves.iter().all(|&n| n > 0) && with_stones > 0,
        "potential leaves for p = 1, 2: {leaves:?}, {with_stones} listing defender stones"
    );
}

#[test]
fn strategy_stealing_is_accepted_only_where_the_theorem_applies() {
    // 4,4,4,2,2 (q = p): White's no-win part is the theorem, one node.
    let (value, c) = certify("4,4,4,2,2", "");
    assert_eq!(value, Outcome::Draw);
    assert_valid(&c, "draw");
    assert_eq!(c.parts[1].attacker, 1);
    assert_eq!(c.parts[1].nodes, vec![Node::StrategyStealing]);
    // Claimed for Black instead of White.
    let mut t = c.clone();
    t.parts[0].nodes = vec![Node::StrategyStealing];
    assert_rejected(&t, "stealing for Black");
    // As a win claim.
    let mut t = c.clone();
    t.parts[1].claim = Claim::Win;
    assert_rejected(&t, "stealing as a win");
    // With q != p (the header changed to q = 1), or away from the empty board.
    let mut t = c.clone();
    t.rules[4] = 1;
    t.stones_left = 1;
    assert_rejected(&t, "stealing with q = 1");
    let (_, d) = certify("4,4,4,2,1", "");
    assert!(!d.parts[1].nodes.contains(&Node::StrategyStealing));
    let mut t = d.clone();
    t.parts[1].nodes = vec![Node::StrategyStealing];
    assert_rejected(&t, "stealing with q = 1");
    let (_, e) = certify("4,4,4,2,2", "B2 C3");
    let mut t = e.clone();
    let last = t.parts.len() - 1;
    t.parts[last].attacker = 1;
    t.parts[last].claim = Claim::NoWin;
    t.parts[last].nodes = vec![Node::StrategyStealing];
    assert_rejected(&t, "stealing with stones on the board");
    // Below the root: a node of Black's part reached after a stone.
    let mut t = c.clone();
    let inner = t.parts[0]
        .nodes
        .iter()
        .position(|n| matches!(n, Node::Replies(_) | Node::Move { .. }))
        .unwrap();
    let child = match &t.parts[0].nodes[inner] {
        Node::Replies(l) => l[0].1,
        Node::Move { child, .. } => *child,
        _ => unreachable!(),
    };
    t.parts[0].nodes[child as usize] = Node::StrategyStealing;
    assert_rejected(&t, "stealing below the root");
}

#[test]
fn damaged_bytes_are_refused() {
    let (_, c) = certify("6,5,4,1,1", "");
    let bytes = c.to_bytes();
    assert!(Certificate::from_bytes(&bytes).is_ok());
    for len in (0..bytes.len()).step_by(7).chain([bytes.len() - 1]) {
        assert!(
            Certificate::from_bytes(&bytes[..len]).is_err(),
            "truncated to {len}"
        );
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(Certificate::from_bytes(&longer).is_err(), "trailing byte");
    let mut other = bytes.clone();
    other[8] = 99;
    let e = Certificate::from_bytes(&other).unwrap_err();
    assert!(e.0.contains("version"), "{e}");
    assert!(Certificate::from_bytes(b"(;FF[4]SZ[19];B[jj])").is_err());
}

/// A child the table lost is searched again: a proof written out of an empty table (every
/// prover node searched again, in rounds of growing budgets) is still valid.
#[test]
fn proofs_are_written_from_a_table_that_lost_them() {
    for (rules, value) in [
        ("4,3,3,1,1", "win"),
        ("4,4,4,2,1", "draw"),
        ("5,4,4,1,1", "draw"),
    ] {
        let r = Rules::parse(rules).unwrap();
        let pos = Position::new(r);
        let opts = SolveOptions {
            tt_mib: 16,
            zones: false,
            ..SolveOptions::default()
        };
        let report = c6solve::solve(&pos, &opts).unwrap();
        let empty = open_table(&opts, &r).unwrap();
        let cert = cert::certify(&empty, &pos, &report, Some(1_000_000))
            .unwrap_or_else(|e| panic!("{rules}: {e}"))
            .unpack()
            .unwrap();
        assert_valid(&cert, value);
    }
}

/// A solve with relevance zones leaves out attacker moves, which a certificate must refute
/// one by one: the writer searches the positions after them again (6,6,5,2,2 after C3 D4
/// took about a quarter of the zone-free solve's nodes).
#[test]
fn proofs_are_written_from_a_solve_whose_zones_left_moves_out() {
    let pos = position("6,6,5,2,2", "C3 D4");
    let r = *pos.rules();
    let solve = |zones: bool| {
        let opts = SolveOptions {
            goal: Goal::Hold,
            tt_mib: 32,
            zones,
            threads: 1,
            ..SolveOptions::default()
        };
        let table = open_table(&opts, &r).unwrap();
        solve_then(&pos, &opts, table, |pos, report, table| {
            cert::certify(table, pos, report, Some(1_000_000))
        })
        .unwrap()
    };
    let (plain, _) = solve(false);
    let (zoned, cert) = solve(true);
    assert_eq!(zoned.value, Outcome::NoLoss);
    assert!(
        zoned.nodes < plain.nodes,
        "the zones left moves out: {} against {} nodes",
        zoned.nodes,
        plain.nodes
    );
    let cert = cert.expect("a certificate").unpack().unwrap();
    assert_valid(&cert, "no-loss");
}

#[test]
fn writing_a_proof_out_stops_at_its_deadline() {
    let r = Rules::parse("5,4,4,1,1").unwrap();
    let pos = Position::new(r);
    let opts = SolveOptions {
        tt_mib: 16,
        ..SolveOptions::default()
    };
    let table = open_table(&opts, &r).unwrap();
    let (report, (late, in_time)) = solve_then(&pos, &opts, table, |pos, report, table| {
        let now = std::time::Instant::now();
        let by = |deadline| cert::Writing {
            deadline: Some(deadline),
            ..cert::Writing::default()
        };
        (
            cert::certify_with(table, pos, report, &by(now)),
            cert::certify_with(table, pos, report, &by(now + Duration::from_secs(600))),
        )
    })
    .unwrap();
    assert_eq!(report.value, Outcome::Draw);
    assert_eq!(late.unwrap_err(), cert::NoCertificate::OutOfTime);
    let cert = in_time.expect("a certificate in time").unpack().unwrap();
    assert_valid(&cert, "draw");
    // The summary names what the claims are about, down to the stones left in the turn.
    assert_eq!(
        check::check(&cert).unwrap().root,
        "Connect(5,4,4,1,1), the empty board, Black to move with 1 stone(s)"
    );
}

/// "Black wins?" on Connect(6,6,4,2,1) is a no-win because White wins: the search settles
/// White's nodes with White's own forcing wins (stored with the sides swapped), and the
/// certificate of the no-win claim follows them down to White's winning lines (a line it
/// completes, or threats Black cannot stop).
#[test]
fn a_no_win_can_rest_on_the_defenders_own_win() {
    let (value, cert) = certify_goal("6,6,4,2,1", "", Goal::Win);
    assert_eq!(value, Outcome::NoWin);
    assert_eq!(cert.parts.len(), 1);
    assert_eq!(cert.parts[0].claim, Claim::NoWin);
    assert!(
        cert.parts[0]
            .nodes
            .iter()
            .any(|n| matches!(n, Node::WinNow | Node::Overwhelmed)),
        "the no-win rests on White's winning lines"
    );
    assert_valid(&cert, "no-win");
}
