//! Positions shared by the benchmarks: real Connect6 games from Little Golem (taken from
//! `connect6-games.jsonl`, Go-style points, one stone at a time in play order) cut at a
//! quiet middle-game point, just before the loser's last turn (facing threats) and just
//! before the winner's six.
#![allow(dead_code)]

use c6solve::notation::parse_moves;
use c6solve::{Position, Rules};
use criterion::Criterion;
use std::time::Duration;

/// A recorded game: its Little Golem id and its stones in play order.
pub struct Game {
    pub id: &'static str,
    pub stones: &'static str,
}

/// Three games that end in a six (27, 26 and 33 turns).
pub const GAMES: [Game; 3] = [
    Game {
        id: "lg2097440",
        stones: "K10 K7 L8 N10 M11 M7 K9 J10 L7 N6 K6 O5 L10 M10 K8 K5 G10 M8 H10 O9 P8 K13 Q7 \
                 M6 H8 L11 J13 O8 O7 O6 H14 K12 O12 O11 N7 N5 P5 M5 P6 H13 N12 N13 L12 O13 R10 \
                 P14 R12 O4 Q6 N3 T9 P3 Q2",
    },
    Game {
        id: "lg1996653",
        stones: "K10 K9 L11 L10 J10 H10 J12 H9 K12 G8 M10 M13 F9 N14 N11 N13 O12 P11 O11 M11 \
                 P12 K13 N12 M15 F11 N9 O8 M14 P7 M16 R11 Q11 O10 N8 P8 L15 N7 K16 R8 Q8 R9 K8 \
                 L9 J7 L8 L7 J9 N5 G11 M9 O9",
    },
    Game {
        id: "lg1810711",
        stones: "K10 J9 L9 K9 J7 K7 K11 H8 G9 J8 F10 G10 G11 G12 G8 H11 J10 J12 L10 H12 H13 \
                 H10 F14 M9 L6 M6 M7 N5 N7 L5 N6 O6 L13 M5 M4 M3 O7 O8 J13 P7 M12 Q8 K14 Q7 M14 \
                 R7 M13 O5 P6 N4 P5 P11 R8 S9 O12 O3 Q5 O4 R4 R6 P4 S7 Q6 N2 M1",
    },
];

/// Stones played in the first `turns` turns of a 1-then-2 game.
fn stones_in_turns(turns: usize) -> usize {
    if turns == 0 { 0 } else { 2 * turns - 1 }
}

impl Game {
    /// All the stones of the game.
    pub fn cells(&self) -> Vec<u16> {
        parse_moves(&Rules::connect6(), self.stones).expect("bench game parses")
    }

    /// Number of turns in the game.
    pub fn turns(&self) -> usize {
        self.cells().len().div_ceil(2)
    }

    /// The position after the first `turns` turns.
    pub fn after_turns(&self, turns: usize) -> Position {
        let cells = self.cells();
        let n = stones_in_turns(turns).min(cells.len());
        Position::from_moves(Rules::connect6(), &cells[..n]).expect("bench game is legal")
    }

    /// A quiet middle-game position: after 12 turns.
    pub fn middle(&self) -> Position {
        self.after_turns(12)
    }

    /// The loser to move on its last turn, facing the winner's threats.
    pub fn defending(&self) -> Position {
        self.after_turns(self.turns() - 2)
    }

    /// The position `back` turns before the end of the game.
    pub fn before_end(&self, back: usize) -> Position {
        self.after_turns(self.turns() - back)
    }

    /// The winner to move, about to make six.
    pub fn killing(&self) -> Position {
        self.after_turns(self.turns() - 1)
    }
}

/// A small-board position: Connect(9,4,4,1,1) after a few stones.
pub fn small() -> Position {
    let r = Rules::parse("9,4,4,1,1").expect("rules parse");
    Position::from_moves(r, &parse_moves(&r, "E2 E3 D3 F2").expect("moves parse"))
        .expect("moves are legal")
}

/// Criterion settings for the quick benchmarks: no plots and fewer bootstrap resamples, since
/// on a small machine the analysis, not the measuring, dominates their run time.
pub fn quick_config(measurement: Duration) -> Criterion {
    Criterion::default()
        .without_plots()
        .nresamples(10_000)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(measurement)
}
