//! The proof explorer (`show --proof FILE --html OUT`) in a real browser: Debian's Chromium,
//! headless, without network (`.ci/run` installs it where it is missing). The page has a test
//! hook: `#walk=D1;D3` clicks those replies on the board in turn, as a person would, and the
//! page writes its state (the stones, the line, any script error) into `<pre id="state">`,
//! which `--dump-dom` hands back. Expected boards come from the library's own reading of the
//! certificate (`show::main_line`), not from the page.
//!
//! Without a browser the tests say so loudly and pass, except under CI (`CI` set), where a
//! missing browser is a failure.

mod common;

use c6solve::notation::sgf::parse_sgf_tree;
use c6solve::proof::{Node, read_certificate};
use c6solve::rules::Color;
use c6solve::show::{certificate_root, main_line};
use c6solve::{Position, point::format_point};
use common::{TempDir, assert_bad_input, ok_stdout};
use serde_json::Value;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The browser, or `None` (after a loud message) where there is none and this is not CI.
fn chromium() -> Option<PathBuf> {
    let found = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists());
    if found.is_none() {
        let msg = "NO BROWSER: /usr/bin/chromium is missing, the explorer's browser tests are \
                   SKIPPED (apt-get install chromium; .ci/run does)";
        assert!(std::env::var_os("CI").is_none(), "{msg}");
        eprintln!("\n*** {msg} ***\n");
    }
    found
}

/// Runs headless Chromium on `url` with `extra` flags in a fresh profile, without network;
/// returns its stdout. Fails after 120 s instead of hanging.
fn browse(browser: &Path, url: &str, extra: &[&str]) -> String {
    let profile = TempDir::new("chromium-profile");
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1000,700",
        ])
        .arg(format!("--user-data-dir={}", profile.path()))
        .args(extra)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        stdout.read_to_string(&mut s).map(|_| s)
    });
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "chromium failed: {status}");
            break;
        }
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish within 120 s on {url}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    reader.join().unwrap().unwrap()
}

/// The page's recorded state after walking `walk`.
fn state(browser: &Path, page: &Path, walk: &str) -> Value {
    let dom = browse(
        browser,
        &format!("file://{}#walk={walk}", page.display()),
        &["--dump-dom"],
    );
    let start = dom.find("<pre id=\"state\"").expect("the state element");
    let body = &dom[start..];
    let text = &body[body.find('>').unwrap() + 1..body.find("</pre>").unwrap()];
    let json = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&");
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"))
}

fn names(v: &Value) -> Vec<String> {
    let mut n: Vec<String> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    n.sort();
    n
}

/// A proven kill written as a certificate and as an explorer page.
struct Proof {
    dir: TempDir,
    cert: PathBuf,
    page: PathBuf,
}

/// The 4x3 kill (three in a row, one stone a turn).
fn proof() -> Proof {
    proof_of("4,3,3,1,1")
}

/// The first player's win on the empty board of `rules`.
fn proof_of(rules: &str) -> Proof {
    let dir = TempDir::new("explorer");
    let (cert, page) = (dir.file("kill.c6proof"), dir.file("kill.html"));
    let cert_s = cert.to_str().unwrap();
    ok_stdout(&["solve", "--rules", rules, "--proof", cert_s]);
    ok_stdout(&["show", "--proof", cert_s, "--html", page.to_str().unwrap()]);
    Proof { dir, cert, page }
}

#[test]
fn a_scripted_walk_down_the_main_line_shows_the_provers_answers() {
    let Some(browser) = chromium() else { return };
    walk_main_line(&browser, "4,3,3,1,1");
    // Two stones a turn on a board wide enough for numeric point names ("27,2").
    walk_main_line(&browser, "27,2,3,2,1");
}

/// Walks the main line of the win on the empty board of `rules` by clicking White's stones.
fn walk_main_line(browser: &Path, rules: &str) {
    let p = proof_of(rules);
    let cert = read_certificate(p.cert.to_str().unwrap()).unwrap();
    let root = certificate_root(&cert).unwrap();
    let (line, note, _) = main_line(&cert, &root);
    // The defender's stones of the main line are the clicks; the page plays the rest.
    let mut pos: Position = root.clone();
    let mut walk = Vec::new();
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for &c in &line {
        let name = format_point(root.rules(), c);
        match pos.to_move() {
            Color::Black => black.push(name.clone()),
            Color::White => {
                white.push(name.clone());
                walk.push(name);
            }
        }
        pos.play(c);
    }
    assert!(
        !walk.is_empty(),
        "the main line has defender stones: {line:?}"
    );
    let s = state(browser, &p.page, &walk.join(";"));
    assert_eq!(s["errors"], "", "{s}");
    assert_eq!(names(&s["black"]), {
        black.sort();
        black
    });
    assert_eq!(names(&s["white"]), {
        white.sort();
        white
    });
    assert_eq!(s["line"].as_array().unwrap().len(), line.len(), "{s}");
    assert_eq!(s["turn"], "e", "the walk reaches the proof's end: {s}");
    let why = note.trim().trim_start_matches('(').trim_end_matches(')');
    let shown = s["note"].as_str().unwrap();
    assert!(
        shown.contains(why) || (why.is_empty() && shown == "Black wins"),
        "{shown:?} vs {note:?}"
    );
}

#[test]
fn the_first_choice_shades_the_zone_claim_and_a_wrong_click_is_reported() {
    let Some(browser) = chromium() else { return };
    let p = proof();
    let cert = read_certificate(p.cert.to_str().unwrap()).unwrap();
    let root = certificate_root(&cert).unwrap();
    // After Black's first stone, White's node: its zone claim (if the proof made one) is
    // what the page shades; the first node is reached unmirrored, so the points are as stored.
    let nodes = &cert.parts[0].nodes;
    let Node::Move { child, .. } = nodes[0] else {
        panic!("Black moves first")
    };
    let zone: Vec<String> = match &nodes[child as usize] {
        Node::Zoned { zone, .. } => zone
            .iter()
            .map(|&c| format_point(root.rules(), c))
            .collect(),
        _ => Vec::new(),
    };
    let s = state(&browser, &p.page, "");
    assert_eq!(s["errors"], "", "{s}");
    assert_eq!(s["turn"], "r", "White to choose: {s}");
    assert_eq!(
        s["line"].as_array().unwrap().len(),
        1,
        "Black's first stone played: {s}"
    );
    let mut zone = zone;
    zone.sort();
    assert_eq!(names(&s["zone"]), zone);
    // A click on a point that is no listed reply is an error the page reports.
    let s = state(&browser, &p.page, "Z9");
    assert!(
        s["errors"].as_str().unwrap().contains("Z9 is no reply"),
        "{s}"
    );
}

#[test]
fn a_screenshot_of_the_page_shows_the_board() {
    let Some(browser) = chromium() else { return };
    let p = proof();
    let shot = p.dir.file("shot.png");
    browse(
        &browser,
        &format!("file://{}#walk=", p.page.display()),
        &[&format!("--screenshot={}", shot.display())],
    );
    let img = resvg::tiny_skia::Pixmap::load_png(&shot).expect("a PNG");
    assert_eq!((img.width(), img.height()), (1000, 700));
    let count = |f: &dyn Fn(u8, u8, u8) -> bool| {
        img.pixels()
            .iter()
            .filter(|p| f(p.red(), p.green(), p.blue()))
            .count()
    };
    let all = img.pixels().len();
    // The wooden board (#dcb35c), dark stones and lines, and the page's light background.
    let wood = count(&|r, g, b| r.abs_diff(220) < 8 && g.abs_diff(179) < 8 && b.abs_diff(92) < 8);
    let dark = count(&|r, g, b| r < 50 && g < 50 && b < 50);
    assert!(wood > all / 50, "{wood} board pixels of {all}");
    assert!(dark > all / 1000, "{dark} dark pixels of {all}");
    assert!(wood + dark < all, "not only board");
}

#[test]
fn the_page_needs_a_proof_and_a_damaged_one_is_refused() {
    let dir = TempDir::new("explorer-bad");
    let page = dir.file("p.html");
    let page = page.to_str().unwrap();
    assert_bad_input(&["show", "--rules", "tictactoe", "--html", page], "--proof");
    let junk = dir.file("junk.c6proof");
    std::fs::write(&junk, b"C6PROOF\x1a\x03\0\0\0garbage").unwrap();
    assert_bad_input(
        &["show", "--proof", junk.to_str().unwrap(), "--html", page],
        "junk.c6proof",
    );
    assert!(
        !Path::new(page).exists(),
        "no page from a damaged certificate"
    );
}

#[test]
fn a_draws_two_parts_can_each_be_walked() {
    let Some(browser) = chromium() else { return };
    let dir = TempDir::new("explorer-draw");
    let page = dir.file("ttt.html");
    let cert = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/results/certificates/3_3_3_1_1.c6proof"
    );
    ok_stdout(&["show", "--proof", cert, "--html", page.to_str().unwrap()]);
    // Part 1 (Black cannot force a win): Black, the attacker, chooses; nothing is played yet.
    let s = state(&browser, &page, "");
    assert_eq!(s["errors"], "", "{s}");
    assert_eq!(
        (s["turn"].as_str(), s["line"].as_array().unwrap().len()),
        (Some("r"), 0)
    );
    // Part 2 (White cannot force a win): Black is the prover and its first stone plays
    // itself; the certificate then stops White with a pairing strategy, which the page says.
    let s = state(&browser, &page, "part2");
    assert_eq!(s["errors"], "", "{s}");
    let c6 = read_certificate(cert).unwrap();
    let root = certificate_root(&c6).unwrap();
    let Node::Move { cell, child } = c6.parts[1].nodes[0] else {
        panic!("Black moves first in part 2")
    };
    assert_eq!(
        names(&s["black"]),
        [format_point(root.rules(), cell)],
        "{s}"
    );
    assert!(names(&s["white"]).is_empty(), "{s}");
    assert!(matches!(c6.parts[1].nodes[child as usize], Node::Paired(_)));
    assert_eq!(s["turn"], "e", "{s}");
    assert_eq!(s["note"], "a pairing strategy stops every line", "{s}");
}

#[test]
fn an_sgf_strategy_is_walked_through_its_variations() {
    let Some(browser) = chromium() else { return };
    let dir = TempDir::new("explorer-sgf");
    let (sgf, page) = (dir.file("lg.sgf"), dir.file("lg.html"));
    let diagram = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/lg1813145.txt");
    let sgf_s = sgf.to_str().unwrap();
    ok_stdout(&["solve", "--position", diagram, "--sgf-out", sgf_s]);
    ok_stdout(&["show", "--sgf", sgf_s, "--html", page.to_str().unwrap()]);
    // The library's reading of the same tree: down the single moves to the first branch,
    // take its last variation, then on down the single moves again.
    let rules = c6solve::Rules::connect6();
    let tree = parse_sgf_tree(&rules, &std::fs::read_to_string(&sgf).unwrap()).unwrap();
    let name = |c| format_point(&rules, c);
    let (mut black, mut white): (Vec<String>, Vec<String>) = (
        tree.black.iter().map(|&c| name(c)).collect(),
        tree.white.iter().map(|&c| name(c)).collect(),
    );
    let mut n = 0;
    let mut walk = String::new();
    let mut branches = 0;
    loop {
        for &(c, color) in &tree.nodes[n].stones {
            match color {
                Color::Black => black.push(name(c)),
                Color::White => white.push(name(c)),
            }
        }
        match tree.nodes[n].children.as_slice() {
            [] => break,
            [only] => n = *only,
            many if branches == 0 => {
                branches += 1;
                n = *many.last().unwrap();
                walk = name(tree.nodes[n].stones[0].0);
            }
            _ => break,
        }
    }
    assert!(!walk.is_empty(), "the strategy branches");
    let s = state(&browser, &page, &walk);
    assert_eq!(s["errors"], "", "{s}");
    black.sort();
    white.sort();
    assert_eq!(
        (names(&s["black"]), names(&s["white"])),
        (black, white),
        "{s}"
    );
    let end = &tree.nodes[n];
    if end.children.len() > 1 {
        // A choice again: the mover is the next stone's colour (two stones a turn).
        let mover = tree.nodes[end.children[0]].stones[0].1;
        assert!(
            s["status"]
                .as_str()
                .unwrap()
                .starts_with(&format!("{mover} to move")),
            "{s}"
        );
    } else {
        assert_eq!(s["turn"], "e", "{s}");
        assert_eq!(s["note"].as_str().unwrap(), end.comment, "{s}");
    }
}
