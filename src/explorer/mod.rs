//! The proof explorer: one self-contained HTML page (`show --proof FILE --html OUT`) to walk
//! through a certificate's strategy in a browser. The board is drawn by the page's script as
//! inline SVG; clicking a reply of the side the proof answers plays it and then the prover's
//! answer; zone claims shade their relevance zone; the value and counts are shown.
//!
//! The page is the template `page.html` (CSS and script inline, no network) with the data as
//! one JSON blob: the rules, the root position, and each part's proof unfolded into a tree of
//! stones ([`tree`]). The page shows what the certificate says; `c6solve check` verifies it.

pub mod from_sgf;
pub mod tree;

use crate::board::{Cell, Position};
use crate::error::Result;
use crate::notation::sgf::SgfTree;
use crate::point::format_point;
use crate::proof::{Certificate, Claim};
use crate::render::column_labels;
use crate::rules::Color;
use serde::Serialize;

/// The page template; `/*DATA*/null` is replaced by the data.
const TEMPLATE: &str = include_str!("page.html");
/// Where the data goes in the template.
const SLOT: &str = "/*DATA*/null";

/// Default size limit of the unfolded tree, per part (see [`tree`]).
pub const DEFAULT_MAX_NODES: usize = 20_000;

#[derive(Serialize)]
struct Data {
    title: String,
    value: String,
    width: u16,
    height: u16,
    columns: Vec<String>,
    /// Each point's name, as the CLI writes it.
    names: Vec<String>,
    black: Vec<Cell>,
    white: Vec<Cell>,
    parts: Vec<PartData>,
}

#[derive(Serialize)]
struct PartData {
    claim: String,
    /// Nodes of the certificate's proof.
    nodes: usize,
    /// Longest path of the proof, in stones.
    depth: usize,
    tree: Vec<tree::Step>,
}

/// The explorer page for `cert`, whose root is `root`, with each part's tree unfolded to
/// about `max_nodes` nodes.
pub fn page(cert: &Certificate, root: &Position, max_nodes: usize) -> String {
    let color = |c: u8| if c == 0 { Color::Black } else { Color::White };
    let claim = |attacker: Color, c: Claim| match c {
        Claim::Win => format!("{attacker} can force a win"),
        Claim::NoWin => format!("{attacker} cannot force a win"),
    };
    let value = match cert.parts.as_slice() {
        [one] if one.claim == Claim::Win => format!("{} wins", color(one.attacker)),
        [a, b] if a.claim == Claim::NoWin && b.claim == Claim::NoWin => "a draw".into(),
        parts => parts
            .iter()
            .map(|p| claim(color(p.attacker), p.claim))
            .collect::<Vec<_>>()
            .join("; "),
    };
    let parts = cert
        .parts
        .iter()
        .map(|p| PartData {
            claim: claim(color(p.attacker), p.claim),
            nodes: p.nodes.len(),
            depth: crate::show::depths(&p.nodes).first().copied().unwrap_or(0),
            tree: tree::unfold(p, root, max_nodes),
        })
        .collect();
    render(root, value, parts)
}

/// The explorer page for a strategy read from SGF ([`from_sgf`]): its variations are the
/// choices, its comments the notes; there is no claim, zone or proof to count.
pub fn page_from_sgf(rules: crate::Rules, tree: &SgfTree) -> Result<String> {
    let (root, steps) = from_sgf::unfold(rules, tree)?;
    let depth = longest(&steps, 0);
    let parts = vec![PartData {
        claim: "a strategy from SGF: not a certificate, nothing is checked".into(),
        nodes: tree.nodes.len(),
        depth,
        tree: steps,
    }];
    Ok(render(&root, "strategy".into(), parts))
}

/// The most stones on a path down from step `i` (an explicit stack: trees can be deep).
fn longest(steps: &[tree::Step], i: usize) -> usize {
    let mut best = 0;
    let mut stack = vec![(i, 0)];
    while let Some((j, d)) = stack.pop() {
        best = best.max(d);
        stack.extend(steps[j].children.iter().map(|&k| (k as usize, d + 1)));
    }
    best
}

/// The page: the template with the data of `root` and `parts`.
fn render(root: &Position, value: String, parts: Vec<PartData>) -> String {
    let rules = root.rules();
    let cells = rules.cells() as Cell;
    let stones = |c: Color| (0..cells).filter(|&x| root.at(x) == Some(c)).collect();
    let data = Data {
        title: format!(
            "Connect({},{},{},{},{})",
            rules.width, rules.height, rules.k, rules.p, rules.q
        ),
        value,
        width: rules.width,
        height: rules.height,
        columns: column_labels(rules),
        names: (0..cells).map(|c| format_point(rules, c)).collect(),
        black: stones(Color::Black),
        white: stones(Color::White),
        parts,
    };
    let json = serde_json::to_string(&data).expect("plain data serialises");
    // Inside a <script> element "</script>" would end it; '<' only occurs in JSON strings,
    // where \u003c means the same.
    TEMPLATE.replacen(SLOT, &json.replace('<', "\\u003c"), 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proof::{Node, Part};
    use crate::rules::Rules;

    #[test]
    fn the_page_holds_the_data_and_nothing_from_the_network() {
        let r = Rules::tictactoe();
        let root = Position::new(r);
        let cert = Certificate {
            rules: [3, 3, 3, 1, 1],
            black: vec![],
            white: vec![],
            to_move: 0,
            stones_left: 1,
            parts: vec![Part {
                attacker: 0,
                claim: Claim::NoWin,
                nodes: vec![Node::Dead],
            }],
        };
        let html = page(&cert, &root, 10);
        assert!(html.starts_with("<!DOCTYPE html>"));
        assert!(!html.contains(SLOT));
        let start = html.find("const DATA = ").unwrap() + "const DATA = ".len();
        let end = start + html[start..].find(";\n").unwrap();
        let data: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
        assert_eq!(data["title"], "Connect(3,3,3,1,1)");
        assert_eq!(data["value"], "Black cannot force a win");
        assert_eq!(data["names"][8], "C3");
        assert_eq!(
            data["parts"][0]["tree"][0]["n"],
            "no line is left for the attacker"
        );
        // No address but the SVG namespace, nothing loaded from anywhere.
        let rest = html.replace("http://www.w3.org/2000/svg", "");
        for remote in ["http", "src=", "href", "@import", "url(", "fetch("] {
            assert!(!rest.contains(remote), "{remote} in the page");
        }
    }
}
