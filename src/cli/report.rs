//! A solve's report, as text or as one JSON object.

use c6solve::Position;
use c6solve::input::{self, Source};
use c6solve::render::board_text;
use c6solve::search::{Outcome, SolveReport};

/// Prints the header of a solve: the built-in default's description when it is the position,
/// the rules and the board.
pub fn print_header(pos: &Position, source: &Source) {
    if matches!(source, Source::Default) {
        println!("Built-in default: {}", input::DEFAULT_DESCRIPTION);
    }
    println!("Connect({})", pos.rules());
    print!("{}", board_text(pos, &[]));
}

/// Prints a solve's report as text: the value and what it means, the best moves, the figures.
pub fn print_report(pos: &Position, r: &SolveReport) {
    let who = pos.to_move();
    let meaning = match r.value {
        Outcome::Win => format!("{who} to move wins"),
        Outcome::Loss => format!("{} wins against any defence", who.opponent()),
        Outcome::Draw if c6solve::search::second_player_cannot_win(pos) => {
            "neither side can force a win; White's side by strategy stealing (q = p)".to_string()
        }
        Outcome::Draw => "neither side can force a win".to_string(),
        Outcome::NoWin => format!("{who} cannot force a win"),
        Outcome::NoLoss => format!("{} cannot force a win", who.opponent()),
        Outcome::Unknown if r.interrupted => "interrupted before a proof".to_string(),
        Outcome::Unknown => "not proven within the limits".to_string(),
    };
    println!("value: {} ({meaning})", r.value.name());
    if !r.best.is_empty() {
        let best: Vec<String> = r.best.iter().map(|p| p.to_string()).collect();
        let label = match r.value {
            Outcome::Unknown => "most promising",
            Outcome::Loss | Outcome::NoWin => "best try",
            _ => "best",
        };
        println!("{label}: {}", best.join(" "));
    }
    let threads = if r.threads == 1 {
        "1 thread".to_string()
    } else {
        format!("{} threads", r.threads)
    };
    println!(
        "nodes: {}  time: {:.3} s  ({:.0} nodes/s, {threads})",
        r.nodes,
        r.seconds,
        r.nodes as f64 / r.seconds.max(1e-9)
    );
    if r.resumed {
        println!(
            "resumed: earlier sessions {} nodes in {:.3} s; in all {} nodes, {:.3} s",
            r.prior_nodes,
            r.prior_seconds,
            r.prior_nodes + r.nodes,
            r.prior_seconds + r.seconds
        );
    }
}

/// A solve's report as one JSON object.
pub fn json_report(pos: &Position, r: &SolveReport) -> serde_json::Value {
    let best: Vec<String> = r.best.iter().map(|p| p.to_string()).collect();
    serde_json::json!({
        "rules": pos.rules().to_string(),
        "to_move": pos.to_move().name(),
        "stones_left": pos.stones_left(),
        "value": r.value.name(),
        "best": best,
        "nodes": r.nodes,
        "seconds": r.seconds,
        "threads": r.threads,
        "resumed": r.resumed,
        "total_nodes": r.prior_nodes + r.nodes,
        "total_seconds": r.prior_seconds + r.seconds,
        "interrupted": r.interrupted,
        "checkpoint": r.checkpoint.as_ref().map(|p| p.display().to_string()),
    })
}
