//! Relevance zones never change a value: the solver with zones on and off agrees on random
//! small positions (issue 3's property test; tests/exhaustive.rs checks both against an
//! independent minimax).

use c6solve::{Goal, Outcome, Position, Rules, SolveOptions, solve};
use proptest::prelude::*;

/// Connect(m,n,k,p,q) as a tuple.
type RuleTuple = (u16, u16, u16, u16, u16);

/// Rule sets sampled, with the most empty points a sampled position keeps (so one solve
/// stays in the milliseconds). p = 1, 2 and 3, Black's first turn short or full.
const RULES: &[(RuleTuple, usize)] = &[
    ((3, 3, 3, 1, 1), 9),
    ((4, 4, 3, 1, 1), 12),
    ((4, 4, 4, 1, 1), 12),
    ((5, 5, 4, 1, 1), 12),
    ((6, 6, 5, 1, 1), 12),
    ((3, 3, 3, 2, 1), 9),
    ((4, 4, 3, 2, 1), 12),
    ((4, 4, 4, 2, 1), 12),
    ((5, 4, 4, 2, 1), 12),
    ((5, 5, 4, 2, 2), 12),
    ((5, 5, 5, 2, 1), 12),
    ((6, 6, 5, 2, 1), 12),
    ((6, 6, 6, 2, 1), 12),
    ((4, 4, 4, 3, 2), 12),
    ((6, 6, 6, 3, 2), 12),
];

/// A position reached by legal stones that do not end the game, chosen by `picks`, with at
/// most `max_empty` empty points (fewer when the picks run out or every point would win).
fn position(rules: Rules, max_empty: usize, picks: &[u32]) -> Position {
    let mut pos = Position::new(rules);
    let mut picks = picks.iter();
    while pos.empties() > max_empty {
        let safe: Vec<_> = (0..rules.cells() as u16)
            .filter(|&c| {
                pos.is_empty(c) && {
                    let mut next = pos.clone();
                    next.play(c);
                    !next.is_over()
                }
            })
            .collect();
        let Some(&pick) = picks.next() else { break };
        if safe.is_empty() {
            break;
        }
        pos.play(safe[pick as usize % safe.len()]);
    }
    pos
}

fn value(pos: &Position, zones: bool) -> Outcome {
    let opts = SolveOptions {
        goal: Goal::Value,
        tt_mib: 8,
        zones,
        ..SolveOptions::default()
    };
    solve(pos, &opts).expect("solve").value
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn zones_on_and_off_agree(
        which in 0..RULES.len(),
        picks in proptest::collection::vec(any::<u32>(), 36),
    ) {
        let ((m, n, k, p, q), max_empty) = RULES[which];
        let rules = Rules::new(m, n, k, p, q).unwrap();
        let pos = position(rules, max_empty, &picks);
        let on = value(&pos, true);
        let off = value(&pos, false);
        prop_assert_ne!(on, Outcome::Unknown);
        prop_assert_eq!(on, off, "rules {:?}, position {:?}", (m, n, k, p, q), pos.moves().collect::<Vec<_>>());
    }
}
