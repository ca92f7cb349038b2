//! Threat counting, defence duties and win checks on real Connect6 positions: a quiet middle
//! game, the loser to move facing the winner's threats, and the winner about to make six.

mod common;

use c6solve::threats;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

/// (name, position) for every game cut at the middle, defending and killing points.
fn cases() -> Vec<(String, c6solve::Position)> {
    let mut out = Vec::new();
    for game in &common::GAMES {
        out.push((format!("{}/middle", game.id), game.middle()));
        out.push((format!("{}/defending", game.id), game.defending()));
        out.push((format!("{}/killing", game.id), game.killing()));
    }
    out
}

fn bench_threat_count(c: &mut Criterion) {
    let mut g = c.benchmark_group("threats/threat_count");
    for (name, pos) in &cases() {
        // Both colours: the side to move's threats and the opponent's.
        let me = pos.to_move();
        g.bench_function(name.as_str(), |b| {
            b.iter(|| {
                threats::threat_count(black_box(pos), me)
                    + threats::threat_count(black_box(pos), me.opponent())
            })
        });
    }
    g.finish();
}

fn bench_defence(c: &mut Criterion) {
    let mut g = c.benchmark_group("threats/defence");
    for (name, pos) in &cases() {
        g.bench_function(name.as_str(), |b| {
            b.iter(|| threats::defence(black_box(pos)))
        });
    }
    g.finish();
}

fn bench_can_win_with(c: &mut Criterion) {
    let mut g = c.benchmark_group("threats/can_win_with");
    let game = &common::GAMES[2];
    for (name, pos) in [
        (format!("{}/middle", game.id), game.middle()),
        (format!("{}/killing", game.id), game.killing()),
    ] {
        let (me, left) = (pos.to_move(), pos.stones_left());
        g.bench_function(name.as_str(), |b| {
            b.iter(|| threats::can_win_with(black_box(&pos), me, left))
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::quick_config(Duration::from_millis(1500));
    targets = bench_threat_count, bench_defence, bench_can_win_with
}
criterion_main!(benches);
