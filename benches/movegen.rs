//! Move generation, stone play/undo and child keys on real Connect6 positions and a small
//! board.

mod common;

use c6solve::search::movegen;
use c6solve::threats;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn bench_generate(c: &mut Criterion) {
    let mut g = c.benchmark_group("movegen/generate");
    let mut cases = Vec::new();
    for game in &common::GAMES {
        cases.push((format!("{}/middle", game.id), game.middle()));
        cases.push((format!("{}/defending", game.id), game.defending()));
    }
    cases.push(("9x4/small".to_string(), common::small()));
    for (name, pos) in &cases {
        g.bench_function(name.as_str(), |b| {
            b.iter(|| {
                let d = threats::defence(black_box(pos));
                movegen::generate(pos, &d)
            })
        });
    }
    g.finish();
}

fn bench_play_undo(c: &mut Criterion) {
    let mut g = c.benchmark_group("board/play_undo");
    for (name, pos) in [
        ("connect6/middle", common::GAMES[0].middle()),
        ("9x4/small", common::small()),
    ] {
        let mut pos = pos.clone();
        let cell = movegen::generate(&pos, &threats::defence(&pos))[0];
        g.bench_function(name, |b| {
            b.iter(|| {
                pos.play(black_box(cell));
                pos.undo();
            })
        });
    }
    g.finish();
}

fn bench_stone_key_after(c: &mut Criterion) {
    let mut g = c.benchmark_group("board/stone_key_after");
    for (name, pos) in [
        ("connect6/middle", common::GAMES[0].middle()),
        ("9x4/small", common::small()),
    ] {
        let cell = movegen::generate(&pos, &threats::defence(&pos))[0];
        let me = pos.to_move();
        g.bench_function(name, |b| {
            b.iter(|| black_box(&pos).stone_key_after(black_box(cell), me))
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::quick_config(Duration::from_secs(2));
    targets = bench_generate, bench_play_undo, bench_stone_key_after
}
criterion_main!(benches);
