//! Threats in Wu & Huang's sense (docs/design.md §3.1; the rules they decide §5.1 to §5.3).
//!
//! A colour has `t` threats when the opponent needs `t` stones to stop it from winning on its
//! next turn: the minimum hitting set of the empty points of the colour's *threat windows*,
//! windows it can complete with one turn of p stones (live, at least k - p of its stones).

use crate::board::{Cell, Position, WindowId};
use crate::rules::Color;

/// True if `color` can complete a line with at most `r` more stones: some window live for it
/// has at least k - r of its stones.
pub fn can_win_with(pos: &Position, color: Color, r: u16) -> bool {
    let k = pos.rules().k as usize;
    let from = k.saturating_sub(r as usize);
    (from..k).any(|j| pos.live_with(color, j) > 0)
}

/// The empty points of a window `color` can complete with at most `r` stones, if any.
pub fn winning_cells(pos: &Position, color: Color, r: u16) -> Option<Vec<Cell>> {
    if !can_win_with(pos, color, r) {
        return None;
    }
    threat_windows(pos, color, r)
        .into_iter()
        .min_by_key(|w| w.len())
}

/// The empty points of every window `color` can complete with at most `need` stones.
/// Cheap when there are none: the live-window tallies answer that without a scan.
pub fn threat_windows(pos: &Position, color: Color, need: u16) -> Vec<Vec<Cell>> {
    if !can_win_with(pos, color, need) {
        return Vec::new();
    }
    let geo = pos.geometry();
    windows_within(pos, color, need)
        .map(|w| {
            geo.window(w)
                .iter()
                .copied()
                .filter(|&c| pos.is_empty(c))
                .collect()
        })
        .collect()
}

/// Every window `color` can complete with at most `need` stones: live for it, with at least
/// k - `need` of its stones. A scan of all windows; [`can_win_with`] says first, without
/// one, whether there are any.
pub fn windows_within(pos: &Position, color: Color, need: u16) -> impl Iterator<Item = WindowId> {
    let min_own = (pos.rules().k as usize).saturating_sub(need as usize) as u8;
    (0..pos.geometry().window_count() as WindowId)
        .filter(move |&w| pos.window_live(w, color) && pos.window_count(w, color) >= min_own)
}

/// True if the side to move playing `cell` gives it a threat window (one it can complete
/// with its next turn of p stones), counted without playing the stone.
pub fn makes_threat(pos: &Position, cell: Cell) -> bool {
    let me = pos.to_move();
    let k = pos.rules().k as usize;
    let need = k.saturating_sub(pos.rules().p as usize + 1) as u8;
    pos.geometry()
        .windows_of(cell)
        .iter()
        .any(|&w| pos.window_live(w, me) && pos.window_count(w, me) >= need)
}

/// True if at most `r` points hit every window in `windows` (each given by its empty points).
pub fn hittable(windows: &[Vec<Cell>], r: u16) -> bool {
    hittable_from(windows, &mut Vec::new(), r)
}

fn hittable_from(windows: &[Vec<Cell>], chosen: &mut Vec<Cell>, r: u16) -> bool {
    // The first window no chosen point hits; every hitting set must take one of its points.
    let open = windows
        .iter()
        .filter(|w| !w.iter().any(|c| chosen.contains(c)))
        .min_by_key(|w| w.len());
    let Some(open) = open else { return true };
    if r == 0 {
        return false;
    }
    for &c in open {
        chosen.push(c);
        let ok = hittable_from(windows, chosen, r - 1);
        chosen.pop();
        if ok {
            return true;
        }
    }
    false
}

/// The minimum number of points that hit every window, capped at `cap` (returns `cap` when
/// more would be needed).
pub fn hitting_number(windows: &[Vec<Cell>], cap: u16) -> u16 {
    (0..cap).find(|&r| hittable(windows, r)).unwrap_or(cap)
}

/// Wu's threat count of `color`: stones its opponent needs to stop a win on `color`'s next
/// turn of p stones. Capped at p + 1 (more than a full turn of blocks is "too many").
pub fn threat_count(pos: &Position, color: Color) -> u16 {
    let p = pos.rules().p;
    hitting_number(&threat_windows(pos, color, p), p + 1)
}

/// What the side to move must do about the opponent's threats with its `r` remaining stones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Defence {
    /// The opponent has no threat: any move is allowed.
    Free,
    /// The opponent has more threats than stones left: the side to move loses
    /// (unless it wins first, which callers check before).
    Lost,
    /// The opponent has threats that can be stopped: the stone must be one of these points,
    /// each of which leaves the rest hittable with the stones that remain. Playing a turn's
    /// blocks first never changes the result, since no stone of the turn can win.
    Block(Vec<Cell>),
}

/// The defence the side to move owes. Callers first check that it cannot win this turn.
pub fn defence(pos: &Position) -> Defence {
    let me = pos.to_move();
    let r = pos.stones_left();
    let threats = threat_windows(pos, me.opponent(), pos.rules().p);
    if threats.is_empty() {
        return Defence::Free;
    }
    if !hittable(&threats, r) {
        return Defence::Lost;
    }
    let mut candidates: Vec<Cell> = threats.iter().flatten().copied().collect();
    candidates.sort_unstable();
    candidates.dedup();
    candidates.retain(|&c| {
        let rest: Vec<Vec<Cell>> = threats
            .iter()
            .filter(|w| !w.contains(&c))
            .cloned()
            .collect();
        hittable(&rest, r - 1)
    });
    Defence::Block(candidates)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;
    use crate::rules::Rules;

    fn c6(moves: &str) -> Position {
        let r = Rules::connect6();
        Position::from_moves(r, &parse_moves(&r, moves).unwrap()).unwrap()
    }

    /// Builds a Connect6 position from black and white stone lists with Black to move.
    fn c6_stones(black: &str, white: &str, to_move: Color) -> Position {
        let r = Rules::connect6();
        let b = parse_moves(&r, black).unwrap();
        let w = parse_moves(&r, white).unwrap();
        Position::from_stones(r, &b, &w, Some((to_move, 2))).unwrap()
    }

    #[test]
    fn live_four_is_two_threats() {
        // A live four: the windows D-J, E-K and F-L each need two stones. E10 hits the first
        // two, K10 the last two, and no point hits all three: two threats.
        let pos = c6_stones("F10 G10 H10 J10", "", Color::White);
        assert_eq!(threat_count(&pos, Color::Black), 2);
    }

    #[test]
    fn dead_four_is_one_threat() {
        // Blocked on the left by a white stone at E10: windows F-L only... and G-M needs 3.
        let pos = c6_stones("F10 G10 H10 J10", "E10", Color::White);
        assert_eq!(threat_count(&pos, Color::Black), 1);
    }

    #[test]
    fn five_with_gap_and_three_threats() {
        // Two separate dead fours: each one threat; together two.
        let pos = c6_stones("F10 G10 H10 J10 F5 G5 H5 J5", "E10 E5", Color::White);
        assert_eq!(threat_count(&pos, Color::Black), 2);
        // A third line makes three threats: White, with two stones, has lost.
        let pos = c6_stones(
            "F10 G10 H10 J10 F5 G5 H5 J5 A1 A2 A3 A4",
            "E10 E5 A19",
            Color::White,
        );
        assert_eq!(threat_count(&pos, Color::Black), 3);
        assert_eq!(defence(&pos), Defence::Lost);
    }

    #[test]
    fn live_three_is_no_threat() {
        let pos = c6_stones("F10 G10 H10", "", Color::White);
        assert_eq!(threat_count(&pos, Color::Black), 0);
        assert_eq!(defence(&pos), Defence::Free);
        // Three plus two stones is five: no win this turn either.
        assert!(!can_win_with(&pos, Color::Black, 2));
        let pos = c6_stones("F10 G10 H10 J10", "", Color::Black);
        assert!(can_win_with(&pos, Color::Black, 2));
        assert_eq!(winning_cells(&pos, Color::Black, 2).unwrap().len(), 2);
    }

    #[test]
    fn block_points_are_exact() {
        // Dead four (one threat, windows F-L only): White's blocks are K10 and L10; with two
        // stones left any point blocks as long as one of the two does, so the first stone
        // must be K10 or L10 only when one stone is left.
        let pos = c6_stones("F10 G10 H10 J10", "E10", Color::White);
        match defence(&pos) {
            Defence::Block(cells) => {
                let names: Vec<_> = cells
                    .iter()
                    .map(|&c| crate::notation::format_point(pos.rules(), c))
                    .collect();
                assert_eq!(names, ["K10", "L10"]);
            }
            d => panic!("expected blocks, got {d:?}"),
        }
        // A live four needs both stones: first stone E10 or K10 (each leaves one threat).
        let pos = c6_stones("F10 G10 H10 J10", "", Color::White);
        match defence(&pos) {
            Defence::Block(cells) => {
                let mut names: Vec<_> = cells
                    .iter()
                    .map(|&c| crate::notation::format_point(pos.rules(), c))
                    .collect();
                names.sort();
                // D10+K10, E10+K10, E10+L10 ... every point of some 2-hitting set.
                assert!(names.contains(&"E10".to_string()) && names.contains(&"K10".to_string()));
                assert!(!names.contains(&"A10".to_string()));
            }
            d => panic!("expected blocks, got {d:?}"),
        }
    }

    #[test]
    fn makes_threat_needs_k_minus_p_after_the_stone() {
        let r = Rules::connect6();
        // Black three F10 G10 H10, Black to move: a fourth stone makes a threat (four stones,
        // two to go), a stone far away does not, and neither does a second stone that only
        // makes a live two elsewhere.
        let pos = c6_stones("F10 G10 H10", "", Color::Black);
        let at = |p: &str| crate::notation::parse_point(&r, p).unwrap();
        assert!(makes_threat(&pos, at("J10")));
        assert!(makes_threat(&pos, at("K10")), "F-K window: four with a gap");
        assert!(!makes_threat(&pos, at("A1")));
        assert!(!makes_threat(&pos, at("F11")));
    }

    #[test]
    fn one_line_can_hold_three_threats() {
        // Four, gap, four: K10 blocks the windows through the gap, but D-J on the left and
        // L-Q on the right each need a stone of their own.
        let pos = c6_stones("F10 G10 H10 J10 L10 M10 N10 O10", "", Color::White);
        assert_eq!(threat_count(&pos, Color::Black), 3);
        assert_eq!(defence(&pos), Defence::Lost);
        // One white stone at K10 leaves two separate dead fours: two threats, both forced.
        let pos = c6_stones("F10 G10 H10 J10 L10 M10 N10 O10", "K10", Color::White);
        assert_eq!(threat_count(&pos, Color::Black), 2);
    }

    #[test]
    fn live_two_needs_two_stones_to_threaten() {
        let r = Rules::connect6();
        let at = |p: &str| crate::notation::parse_point(&r, p).unwrap();
        let pos = c6_stones("F10 G10", "", Color::Black);
        // A third stone makes a live three: no threat yet.
        assert!(!makes_threat(&pos, at("H10")));
        // Two more stones make a live four: two threats.
        let four = c6_stones("F10 G10 H10 J10", "", Color::White);
        assert_eq!(threat_count(&four, Color::Black), 2);
    }

    #[test]
    fn dead_three_never_threatens() {
        // White at E10 and K10: no six-window on row 10 holds F10 G10 H10 without a white
        // stone, so a fourth stone there makes no threat, and four stones count none.
        let r = Rules::connect6();
        let at = |p: &str| crate::notation::parse_point(&r, p).unwrap();
        let pos = c6_stones("F10 G10 H10", "E10 K10", Color::Black);
        assert!(!makes_threat(&pos, at("J10")));
        let pos = c6_stones("F10 G10 H10 J10", "E10 K10", Color::White);
        assert_eq!(threat_count(&pos, Color::Black), 0);
        assert_eq!(defence(&pos), Defence::Free);
        // White at K10 only: the four is dead on the right, one threat (the windows ending at J10 or before).
        let pos = c6_stones("F10 G10 H10 J10", "K10", Color::White);
        assert_eq!(threat_count(&pos, Color::Black), 1);
    }

    #[test]
    fn after_real_opening_no_threats() {
        let pos = c6("K10 L11 L9");
        assert_eq!(threat_count(&pos, Color::Black), 0);
        assert_eq!(threat_count(&pos, Color::White), 0);
    }
}
