//! Pairing strategies: a sound proof that a side cannot win (docs/design.md §5.6; finding
//! the groups §5.7).
//!
//! # One stone a turn (Hales–Jewett pairing)
//! With one stone a turn, the defender can answer every attacker stone on one point of a
//! pair with the other point. If a set of disjoint pairs of empty points puts a whole pair
//! inside every window the attacker can still fill, the attacker never completes a window:
//! each window keeps at least one defender stone or empty point of its pair. The defender's
//! other stones only kill windows, so they never break the strategy.
//!
//! # p stones a turn: groups of p + 1
//! Pairs fail with p ≥ 2: the attacker can take both points of a pair in one turn. What works
//! is the same idea one size up. Let every window still live for the attacker (no defender
//! stone in it) contain a whole *group*, the groups being disjoint sets of p + 1 empty points.
//! The defender keeps this invariant: *every group is either entirely empty or holds a
//! defender stone.* It holds now (the groups are chosen among empty points). Then:
//!
//! - An attacker turn places at most p stones (r ≤ p on the turn under way, see below), so it
//!   touches at most p groups and cannot fill any untouched group (p + 1 > p points). Nor can
//!   it fill a group that already holds a defender stone. So no window containing a whole
//!   group is completed during the turn.
//! - The defender's next turn has p stones: one in an empty point of each group the attacker
//!   touched (at most p of them; each still has an empty point, as just shown). Spare stones
//!   go anywhere: a defender stone never hurts, it only kills windows, and putting one in an
//!   untouched group keeps the invariant. If a defender stone wins first, the attacker has
//!   not won either.
//! - So every window live now keeps a whole untouched group (all empty: not complete) or gets
//!   a defender stone (dead); windows dead now stay dead. The attacker never makes k.
//!
//! For p = 1 the groups are exactly the pairs above. The turn under way matters only when the
//! attacker is to move: with r stones left it may touch r groups before the defender's p
//! answers, so the argument needs r ≤ p; Black's first turn with q > p is not covered and
//! answers `false`. With the defender to move, its own stones come first and only help.
//! The node the strategy applies to is any position: which stones led there is irrelevant.
//!
//! # Finding the groups
//! The module `lines` searches line by line: a group covers windows of its own line only, so
//! a cover is one minimal cover per line, no point taken twice. The search is exact within
//! its budget (it finds a cover whenever one exists; unit tests compare it with brute
//! force).
//!
//! Tested against the exhaustive oracle in `tests/exhaustive.rs` (every claim on random
//! positions for p = 1, 2, 3 is an attacker non-win there).

mod lines;

use crate::board::{Cell, Position, WindowId};
use crate::rules::Color;
use lines::Cover;

/// True if a pairing strategy (pairs for p = 1, disjoint groups of p + 1 points for larger p;
/// see the module docs) shows that `attacker` can never complete a line from `pos`. `budget`
/// bounds the search (options tried, see the module `lines`); an exhausted budget answers
/// `false`, which is always safe.
pub fn attacker_is_paired_off(pos: &Position, attacker: Color, budget: u32) -> bool {
    attacker_groups(pos, attacker, budget).is_some()
}

/// The groups of the pairing strategy [`attacker_is_paired_off`] finds: disjoint sets of
/// p + 1 empty points (pairs for p = 1), every window still live for `attacker` holding a
/// whole one. Proof certificates carry them so the checker can test the claim itself.
pub fn attacker_groups(pos: &Position, attacker: Color, budget: u32) -> Option<Vec<Vec<Cell>>> {
    let rules = pos.rules();
    if pos.to_move() == attacker && pos.stones_left() > rules.p {
        return None;
    }
    Cover::new(pos, attacker, rules.p as usize + 1)?.find(budget)
}

/// A stone for the defender (the side to move, the opponent of `attacker`) after which a
/// pairing strategy holds: the defender plays it and then follows the strategy, so the
/// attacker cannot win from `pos`. A defender stone kills the windows through it and changes
/// nothing else the strategy reads (if the defender still has stones to play afterwards,
/// those only help), so each try is the cover search with the lines through the stone
/// worked out again. Only stones lying in every live window too short for a group are tried
/// (any other leaves such a window alive and the search fails), and among them only stones
/// in some live window. Each try gets `budget` options; `None` claims nothing.
pub fn pairing_reply(pos: &Position, attacker: Color, budget: u32) -> Option<Cell> {
    reply_groups(pos, attacker, budget).map(|(c, _)| c)
}

/// [`pairing_reply`] with the groups of the strategy that holds after the stone: disjoint
/// sets of p + 1 empty points, every window still live for `attacker` once the stone is down
/// holding a whole one. The search prunes the attacker's moves with them (see
/// [`reply_covers`]).
pub fn reply_groups(
    pos: &Position,
    attacker: Color,
    budget: u32,
) -> Option<(Cell, Vec<Vec<Cell>>)> {
    if pos.to_move() == attacker || pos.is_over() {
        return None;
    }
    let size = pos.rules().p as usize + 1;
    let geo = pos.geometry();
    let mut in_live = vec![false; pos.rules().cells()];
    let mut short: Vec<WindowId> = Vec::new();
    for w in (0..geo.window_count() as WindowId).filter(|&w| pos.window_live(w, attacker)) {
        let mut empty = 0;
        for &c in geo.window(w) {
            if pos.is_empty(c) {
                in_live[c as usize] = true;
                empty += 1;
            }
        }
        if empty < size {
            short.push(w);
        }
    }
    let mut cover = Cover::new(pos, attacker, size)?;
    let candidates = (0..in_live.len() as Cell)
        .filter(|&c| in_live[c as usize] && short.iter().all(|&w| geo.window(w).contains(&c)));
    for c in candidates {
        if let Some(groups) = cover.with_stone(c, budget) {
            return Some((c, groups));
        }
    }
    None
}

/// True if the attacker's stone `other` is beaten by the same defender stones and groups as
/// the stone `played`.
///
/// The setting: `pos` has the attacker to move with the last stone of its turn and no win
/// with it; the attacker's stone `played` was answered by the defender's `stones` (one turn
/// or less), after which `groups` cover every window live for the attacker (as found by
/// [`attacker_groups`] or [`reply_groups`]). Then for any empty point `other` outside the
/// groups and the stones, the position after `other` and the same stones holds the same
/// strategy: it differs from the one after `played` only at `played` (now empty) and `other`
/// (now an attacker stone), neither in a group. So the defender stones are the same and kill
/// the same windows, and every other window holds the same whole group, still all empty. Nor
/// can the attacker win with `other` itself: `pos` has no window it completes with one
/// stone. This is a relevance zone (docs/design.md §5.8) for the no-win side in its narrowest
/// form: the groups and the defender's stones (the search builds it as a zone, see
/// [`crate::zone`], and with one stone a turn carries it up the tree).
pub fn reply_covers(groups: &[Vec<Cell>], stones: &[Cell], other: Cell) -> bool {
    !stones.contains(&other) && !groups.iter().any(|g| g.contains(&other))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;
    use crate::rules::Rules;

    fn pos(rules: &str, moves: &str) -> Position {
        let r = Rules::parse(rules).unwrap();
        Position::from_moves(r, &parse_moves(&r, moves).unwrap()).unwrap()
    }

    #[test]
    fn tictactoe_empty_board_has_no_pairing() {
        // Black wins nothing on 3x3, but not by pairing: the centre lies in four lines.
        assert!(!attacker_is_paired_off(
            &pos("3,3,3,1,1", ""),
            Color::Black,
            10_000
        ));
    }

    #[test]
    fn two_rows_pair_off_columns() {
        // k = 2 on a 1-column board of 4: windows {1,2},{2,3},{3,4}: no disjoint pairs cover
        // all three, so no pairing...
        assert!(!attacker_is_paired_off(
            &pos("1,4,2,1,1", ""),
            Color::Black,
            10_000
        ));
        // ...but 1x4 with k = 4 is one window, paired trivially.
        assert!(attacker_is_paired_off(
            &pos("1,4,4,1,1", ""),
            Color::Black,
            10_000
        ));
    }

    #[test]
    fn groups_of_three_with_two_stones_a_turn() {
        // 1x4, k = 4, p = 2: one window; a group of three inside it is enough, since Black
        // can put at most two stones in it before White answers.
        assert!(attacker_is_paired_off(
            &pos("1,4,4,2,1", ""),
            Color::Black,
            10_000
        ));
        // 1x3, k = 3: the group is the whole window. Black's first turn of q = 2 still
        // leaves one point for White...
        assert!(attacker_is_paired_off(
            &pos("1,3,3,2,2", ""),
            Color::Black,
            10_000
        ));
        // ...but q = 3 > p fills it: the argument needs at most p stones in the turn.
        assert!(!attacker_is_paired_off(
            &pos("1,3,3,2,3", ""),
            Color::Black,
            10_000
        ));
        // Two overlapping windows of three on 1x4 (k = 3) cannot hold disjoint groups.
        assert!(!attacker_is_paired_off(
            &pos("1,4,3,2,1", ""),
            Color::Black,
            10_000
        ));
    }

    #[test]
    fn a_defender_stone_can_make_a_pairing() {
        // 6x1, k = 4, p = 2: Black C1, White A1 and (to play) one more stone. Before it,
        // Black's live windows B1-E1 and C1-F1 overlap in D1 and E1, so no disjoint groups
        // of three cover both; a White stone in either kills it, and the other's three
        // empty points are a group (D1 or E1 kill both).
        let p = pos("6,1,4,2,1", "C1 A1");
        let c = pairing_reply(&p, Color::Black, 1_000).expect("a pairing reply");
        let name = crate::notation::format_point(p.rules(), c);
        assert!(["B1", "D1", "E1", "F1"].contains(&name.as_str()), "{name}");
        assert!(!attacker_is_paired_off(&p, Color::Black, 1_000));
        // With Black to move there is no defender stone to play.
        assert_eq!(
            pairing_reply(&pos("6,1,4,2,1", ""), Color::Black, 1_000),
            None
        );
    }

    #[test]
    fn a_window_with_p_empty_points_is_not_grouped() {
        // 6x1, k = 4, p = 2: Black C1, White A1 F1, Black D1 with a stone left. The window
        // B1-E1 has two empty points, fewer than a group of three.
        let p = pos("6,1,4,2,1", "C1 A1 F1 D1");
        assert!(!attacker_is_paired_off(&p, Color::Black, 10_000));
        // White to move after Black A1 on 4x1: the window's three empty points are a group.
        let p = pos("4,1,4,2,1", "A1");
        assert!(attacker_is_paired_off(&p, Color::Black, 10_000));
    }

    #[test]
    fn a_window_with_one_empty_point_is_never_paired() {
        // Black A1 B1 C1 leaves the window A1-D1 one empty point: nothing pairs it.
        let p = pos("5,2,4,1,1", "A1 A2 B1 B2 C1");
        assert!(!attacker_is_paired_off(&p, Color::Black, 10_000));
        // With two empty points (A1 B1 only, White on E1), D1-C1 pair it off.
        let p = pos("5,1,4,1,1", "A1 E1 B1");
        assert!(attacker_is_paired_off(&p, Color::Black, 10_000));
    }

    /// A seeded generator of numbers below its argument (a linear congruential step).
    fn below(seed: u64) -> impl FnMut(usize) -> usize {
        let mut state = seed;
        move |n| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize % n
        }
    }

    /// A cover found by brute force: the first window without a group inside takes each set
    /// of `size` of its free empty points in turn, with no budget.
    fn brute_cover(pos: &Position, attacker: Color) -> bool {
        let size = pos.rules().p as usize + 1;
        let geo = pos.geometry();
        let windows: Vec<Vec<Cell>> = (0..geo.window_count() as WindowId)
            .filter(|&w| pos.window_live(w, attacker))
            .map(|w| {
                geo.window(w)
                    .iter()
                    .copied()
                    .filter(|&c| pos.is_empty(c))
                    .collect()
            })
            .collect();
        fn go(windows: &[Vec<Cell>], groups: &mut Vec<Vec<Cell>>, size: usize) -> bool {
            let Some(w) = windows
                .iter()
                .find(|w| !groups.iter().any(|g| g.iter().all(|c| w.contains(c))))
            else {
                return true;
            };
            let free: Vec<Cell> = w
                .iter()
                .copied()
                .filter(|c| !groups.iter().any(|g| g.contains(c)))
                .collect();
            let mut chosen = Vec::new();
            subsets(&free, size, &mut chosen, &mut |g| {
                groups.push(g.to_vec());
                let found = go(windows, groups, size);
                groups.pop();
                found
            })
        }
        go(&windows, &mut Vec::new(), size)
    }

    /// Calls `f` on each `size`-subset of `from` until it returns true.
    fn subsets(
        from: &[Cell],
        size: usize,
        chosen: &mut Vec<Cell>,
        f: &mut dyn FnMut(&[Cell]) -> bool,
    ) -> bool {
        if chosen.len() == size {
            return f(chosen);
        }
        for (i, &c) in from.iter().enumerate() {
            chosen.push(c);
            let found = subsets(&from[i + 1..], size, chosen, f);
            chosen.pop();
            if found {
                return true;
            }
        }
        false
    }

    /// Random positions of `stones` stones drawn by `next`, `None` when the game ended.
    fn random_position(
        r: Rules,
        stones: usize,
        next: &mut impl FnMut(usize) -> usize,
    ) -> Option<Position> {
        let mut p = Position::new(r);
        for _ in 0..stones {
            let empty: Vec<Cell> = p.empty_points().collect();
            if p.is_over() || empty.is_empty() {
                break;
            }
            p.play(empty[next(empty.len())]);
        }
        (!p.is_over()).then_some(p)
    }

    /// Checks that `groups` are disjoint sets of `size` empty points with one inside every
    /// window live for `attacker` (with a defender stone on `stone`, if given).
    fn assert_cover(p: &Position, attacker: Color, groups: &[Vec<Cell>], stone: Option<Cell>) {
        let size = p.rules().p as usize + 1;
        let mut used: Vec<Cell> = groups.concat();
        assert!(groups.iter().all(|g| g.len() == size));
        assert!(used.iter().all(|&c| p.is_empty(c) && Some(c) != stone));
        used.sort_unstable();
        used.dedup();
        assert_eq!(used.len(), groups.len() * size, "groups overlap");
        let geo = p.geometry();
        for w in (0..geo.window_count() as WindowId).filter(|&w| p.window_live(w, attacker)) {
            let cells = geo.window(w);
            if stone.is_some_and(|s| cells.contains(&s)) {
                continue;
            }
            assert!(
                groups.iter().any(|g| g.iter().all(|c| cells.contains(c))),
                "a live window without a group"
            );
        }
    }

    #[test]
    fn the_line_search_finds_exactly_the_covers_brute_force_finds() {
        // Random positions over rules with p = 1, 2, 3, late enough for covers to exist: the
        // search (with a budget it never reaches here) finds a cover exactly when brute force
        // does, and what it finds is one.
        let mut next = below(0x0B0D);
        let (mut covers, mut none) = (0, 0);
        for rules in [
            "5,5,4,1,1",
            "6,6,5,1,1",
            "6,6,5,2,1",
            "7,5,5,2,2",
            "6,6,6,2,1",
            "6,5,4,3,1",
            "8,3,4,1,1",
        ] {
            let r = Rules::parse(rules).unwrap();
            for _ in 0..300 {
                let stones = r.cells() / 3 + next(r.cells() / 2);
                let Some(p) = random_position(r, stones, &mut next) else {
                    continue;
                };
                for attacker in [Color::Black, Color::White] {
                    if p.to_move() == attacker && p.stones_left() > r.p {
                        continue;
                    }
                    let found = attacker_groups(&p, attacker, 1_000_000);
                    assert_eq!(found.is_some(), brute_cover(&p, attacker), "{rules}");
                    match found {
                        Some(groups) => {
                            assert_cover(&p, attacker, &groups, None);
                            covers += 1;
                        }
                        None => none += 1,
                    }
                }
            }
        }
        assert!(covers > 100 && none > 100, "covers {covers}, none {none}");
    }

    #[test]
    fn pairing_replies_are_covers_after_the_stone() {
        let mut next = below(0x5EED);
        let mut found = 0;
        for rules in ["6,6,5,1,1", "7,6,5,2,1", "6,6,4,2,2"] {
            let r = Rules::parse(rules).unwrap();
            for _ in 0..300 {
                let stones = r.cells() / 4 + next(r.cells() / 2);
                let Some(p) = random_position(r, stones, &mut next) else {
                    continue;
                };
                let attacker = p.to_move().opponent();
                if p.live_windows(attacker) == 0 {
                    continue; // decided before any pairing is looked for
                }
                if let Some((stone, groups)) = reply_groups(&p, attacker, 100_000) {
                    assert!(p.is_empty(stone));
                    assert_cover(&p, attacker, &groups, Some(stone));
                    found += 1;
                } else {
                    // No single stone is followed by a cover, checked stone by stone.
                    for c in p.empty_points() {
                        let mut q = p.clone();
                        q.play(c);
                        if !q.is_over() {
                            assert!(!brute_cover(&q, attacker), "{rules}: a reply was missed");
                        }
                    }
                }
            }
        }
        assert!(found > 50, "found {found}");
    }

    #[test]
    fn board_lines_hold_every_window_once() {
        // Each window is k consecutive points of exactly one board line, and a line of n
        // points holds n - k + 1 windows.
        for rules in [
            "7,6,5,2,1",
            "6,9,4,1,1",
            "8,8,6,2,2",
            "5,1,3,1,1",
            "1,5,3,1,1",
        ] {
            let r = Rules::parse(rules).unwrap();
            let geo = crate::board::Geometry::new(r);
            let k = r.k as usize;
            let lines = geo.board_lines();
            let per_line: usize = lines.iter().map(|l| l.len() + 1 - k).sum();
            assert_eq!(per_line, geo.window_count(), "{rules}");
            for w in 0..geo.window_count() as WindowId {
                let cells = geo.window(w);
                let holding = lines
                    .iter()
                    .filter(|l| l.windows(k).any(|s| s == cells))
                    .count();
                assert_eq!(holding, 1, "{rules}: window {w}");
            }
            for (i, line) in lines.iter().enumerate() {
                for (j, &c) in line.iter().enumerate() {
                    assert!(geo.lines_through(c).contains(&(i as u32, j as u8)));
                }
            }
        }
    }

    #[test]
    fn budget_zero_is_no_claim() {
        assert!(!attacker_is_paired_off(
            &pos("1,4,4,1,1", ""),
            Color::Black,
            0
        ));
    }
}
