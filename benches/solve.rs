//! End-to-end solves of small positions with `c6solve::solve`: empty small boards and two
//! Connect6 kills from real games. Each value is checked once before timing.

mod common;

use c6solve::{Outcome, Position, Rules, SolveOptions, solve};
use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

/// (name, position, value, table MiB).
fn cases() -> Vec<(String, Position, Outcome, usize)> {
    let mut out = Vec::new();
    for (rules, value, mib) in [
        ("4,4,4,1,1", Outcome::Draw, 16),
        ("4,4,4,2,1", Outcome::Draw, 16),
        ("6,4,4,1,1", Outcome::Draw, 32),
        ("5,5,4,2,1", Outcome::Draw, 32),
        ("6,5,4,1,1", Outcome::Win, 64),
    ] {
        let r = Rules::parse(rules).expect("rules parse");
        out.push((format!("empty/{rules}"), Position::new(r), value, mib));
    }
    // Three turns before the end of games that end in six: the winner to move wins.
    for game in &common::GAMES[1..] {
        out.push((
            format!("connect6/{}-3", game.id),
            game.before_end(3),
            Outcome::Win,
            32,
        ));
    }
    out
}

fn bench_solve(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve");
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500));
    for (name, pos, value, mib) in cases() {
        let opts = SolveOptions {
            tt_mib: mib,
            ..Default::default()
        };
        let check = solve(&pos, &opts).expect("solver runs");
        assert_eq!(check.value, value, "{name}: wrong value");
        // Room for ten one-solve samples (criterion warns when the time is too short).
        g.measurement_time(Duration::from_secs_f64((12.0 * check.seconds).max(1.0)));
        g.bench_function(name.as_str(), |b| {
            b.iter(|| solve(black_box(&pos), &opts).expect("solver runs").nodes)
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().without_plots().nresamples(10_000);
    targets = bench_solve
}
criterion_main!(benches);
