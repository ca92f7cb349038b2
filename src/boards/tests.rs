//! Unit tests of the small-board results: specs, checks, literature, the JSON file, merging,
//! certificates taken from later runs and the Markdown.

use super::markdown::{KEPT_BYTES, certificate_cell};
use super::store::merge;
use super::*;
use crate::rules::Rules;

fn row(rules: &str, value: Value) -> Row {
    let r = Rules::parse(rules).unwrap();
    Row {
        rules: r.to_string(),
        value,
        nodes: 1,
        seconds: 0.1,
        threads: 1,
        certificate: None,
        certificate_sha256: None,
        certificate_nodes: None,
        how: how(&r, value, 60.0, 64, 1),
        time_limit: Some(60.0),
        tt_mib: 64,
        literature: literature(&r),
        commit: "test".into(),
        command: "c6solve table".into(),
        date: "today".into(),
        load: "0 0 0".into(),
        flags: Vec::new(),
        effort: None,
    }
}

#[test]
fn ranges_parse_and_reject() {
    assert_eq!(parse_range("--k", "4..6").unwrap(), (4, 6));
    assert_eq!(parse_range("--k", "5").unwrap(), (5, 5));
    assert_eq!(parse_range("--k", "4..=6").unwrap(), (4, 6));
    for bad in ["", "a", "6..4", "0..3", "4..", "..4", "-1"] {
        let e = parse_range("--k", bad).unwrap_err().to_string();
        assert!(e.contains("--k"), "{bad}: {e}");
        assert!(!e.contains('\n'));
    }
    assert_eq!(parse_boards("3x3..7x7").unwrap(), ((3, 3), (7, 7)));
    assert_eq!(parse_boards("8X4").unwrap(), ((8, 4), (8, 4)));
    for bad in ["3x3..", "3..7", "7x7..3x3", "0x3", "x3", "65x1", "3x3x3"] {
        let e = parse_boards(bad).unwrap_err().to_string();
        assert!(e.contains("--boards"), "{bad}: {e}");
    }
}

#[test]
fn expansion_lists_each_board_once_small_first() {
    let r = expand(((3, 3), (5, 5)), (4, 4), (2, 2), (1, 1)).unwrap();
    let names: Vec<String> = r.iter().map(Rules::to_string).collect();
    // 3x3 has no line of 4; 4x3 and 3x4 are one game; 5x3 (15 points) before 4x4.
    assert_eq!(
        names,
        [
            "4,3,4,2,1",
            "5,3,4,2,1",
            "4,4,4,2,1",
            "5,4,4,2,1",
            "5,5,4,2,1"
        ]
    );
    // A bad p is an error, not a skipped row.
    assert!(expand(((3, 3), (3, 3)), (3, 3), (9, 9), (1, 1)).is_err());
}

#[test]
fn consistent_table_has_no_flags() {
    let mut rows = vec![
        row("5,5,4,1,1", Value::Draw),
        row("6,5,4,1,1", Value::Win),
        row("4,4,4,1,1", Value::Draw),
        row("7,7,4,1,1", Value::Win),
        row("8,8,5,1,1", Value::Unknown),
    ];
    check(&mut rows);
    assert!(rows.iter().all(|r| r.flags.is_empty()), "{rows:?}");
}

#[test]
fn monotonicity_exceptions_are_flagged_on_both_rows() {
    // A win on 6x5 but a draw on 7x6 (which contains it, either way round).
    let mut rows = vec![
        row("6,5,4,2,1", Value::Win),
        row("6,7,4,2,1", Value::Draw),
        row("9,4,4,2,1", Value::Draw), // 6x5 does not fit in 9x4: no flag
        row("6,5,5,2,1", Value::Draw), // another k: no flag
    ];
    check(&mut rows);
    assert_eq!(rows[0].flags.len(), 1, "{:?}", rows[0].flags);
    assert_eq!(rows[1].flags.len(), 1);
    assert!(rows[0].flags[0].contains("EXCEPTION"));
    assert!(rows[2].flags.is_empty() && rows[3].flags.is_empty());
    // A loss on a small board and a win on a larger one (rules without a published value,
    // so the only flag is the exception).
    let mut rows = vec![row("5,5,3,2,1", Value::Loss), row("6,5,3,2,1", Value::Win)];
    check(&mut rows);
    assert_eq!(rows[0].flags.len(), 1);
    // Unknown takes part in nothing.
    let mut rows = vec![
        row("6,5,4,2,1", Value::Win),
        row("7,7,4,2,1", Value::Unknown),
    ];
    check(&mut rows);
    assert!(rows.iter().all(|r| r.flags.is_empty()));
}

#[test]
fn contradictions_are_flagged() {
    // A loss with q = p, and a literature row proven otherwise.
    let mut rows = vec![row("5,5,4,2,2", Value::Loss), row("6,5,4,1,1", Value::Draw)];
    check(&mut rows);
    assert!(
        rows[0]
            .flags
            .iter()
            .any(|f| f.contains("strategy stealing"))
    );
    assert!(
        rows[1]
            .flags
            .iter()
            .any(|f| f.contains("published value is win"))
    );
    // A loss with q < p is allowed.
    let mut rows = vec![row("5,5,4,2,1", Value::Loss)];
    check(&mut rows);
    assert!(rows[0].flags.is_empty());
}

#[test]
fn literature_is_orientation_free() {
    let a = literature(&Rules::parse("4,8,4,1,1").unwrap()).unwrap();
    let b = literature(&Rules::parse("8,4,4,1,1").unwrap()).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.value, Value::Draw);
    assert!(literature(&Rules::parse("8,4,4,2,1").unwrap()).is_none());
    let c = literature(&Rules::parse("4,5,3,2,1").unwrap()).unwrap();
    assert_eq!(c, literature(&Rules::parse("5,4,3,2,1").unwrap()).unwrap());
    assert_eq!(c.value, Value::Win);
    assert!(literature(&Rules::parse("4,4,4,3,1").unwrap()).is_none());
}

#[test]
fn literature_rules_are_exactly_the_published_ones() {
    let all = literature_rules();
    assert_eq!(all.len(), 15);
    assert!(all.iter().all(|r| literature(r).is_some()), "{all:?}");
    for (rules, value) in [
        ("4,4,3,2,1", Value::Win),
        ("5,4,3,2,1", Value::Win),
        ("4,4,4,3,2", Value::Draw),
    ] {
        let r = Rules::parse(rules).unwrap();
        assert!(all.contains(&r), "{rules} is not among the literature rows");
        assert_eq!(literature(&r).unwrap().value, value, "{rules}");
    }
}

#[test]
fn json_round_trip_and_shape() {
    let mut rows = vec![row("3,3,3,1,1", Value::Draw)];
    check(&mut rows);
    let text = serde_json::to_string(&rows).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let o = &v[0];
    assert_eq!(o["rules"], "3,3,3,1,1");
    assert_eq!(o["value"], "draw");
    assert!(o["nodes"].is_u64() && o["seconds"].is_f64() && o["threads"].is_u64());
    assert!(o["certificate"].is_null());
    // q = p: White's side of the draw is strategy stealing; otherwise a second disproof.
    assert!(o["how"].as_str().unwrap().contains("strategy stealing"));
    let other = row("4,4,4,2,1", Value::Draw);
    assert!(other.how.contains("Two df-pn disproofs"), "{}", other.how);
    let back: Vec<Row> = serde_json::from_str(&text).unwrap();
    assert_eq!(back, rows);
}

#[test]
fn merge_prefers_proven_rows() {
    let mut rows = vec![
        row("8,4,4,1,1", Value::Unknown),
        row("5,5,4,1,1", Value::Draw),
    ];
    let mut longer = row("9,4,4,1,1", Value::Unknown);
    longer.time_limit = Some(600.0);
    let other = vec![
        row("8,4,4,1,1", Value::Draw),
        row("5,5,4,1,1", Value::Unknown),
        longer,
    ];
    let taken = merge(&mut rows, other);
    assert_eq!(taken, ["8,4,4,1,1", "9,4,4,1,1"]);
    assert_eq!(rows[0].value, Value::Draw);
    assert_eq!(rows[1].value, Value::Draw);
    assert_eq!(rows.len(), 3);

    // A resumed session: a smaller limit, but more seconds over all sessions. It replaces
    // the unknown row; a shorter unknown run with a smaller limit does not.
    let mut first = row("9,4,4,1,1", Value::Unknown);
    first.time_limit = Some(600.0);
    first.seconds = 600.0;
    let mut rows = vec![first];
    let mut resumed = row("9,4,4,1,1", Value::Unknown);
    resumed.time_limit = Some(300.0);
    resumed.seconds = 900.0;
    let mut shorter = resumed.clone();
    shorter.seconds = 300.0;
    assert!(merge(&mut rows, vec![shorter]).is_empty());
    assert_eq!(rows[0].seconds, 600.0);
    assert_eq!(merge(&mut rows, vec![resumed]), ["9,4,4,1,1"]);
    assert_eq!(rows[0].seconds, 900.0);
}

#[test]
fn certificates_outside_the_repository_are_marked() {
    let mut r = row("7,7,5,2,1", Value::Draw);
    r.certificate_nodes = Some(1234);
    r.certificate = Some("Cargo.toml".into());
    assert_eq!(certificate_cell(&r), "1,234");
    r.certificate = Some("no/such/file.c6proof".into());
    assert_eq!(certificate_cell(&r), "1,234 (file not kept)");
    // Over the repository's limit: on this disk only.
    let big = std::env::temp_dir().join(format!("c6solve-big-{}.c6proof", std::process::id()));
    std::fs::File::create(&big)
        .unwrap()
        .set_len(KEPT_BYTES + 1)
        .unwrap();
    r.certificate = Some(big.display().to_string());
    assert_eq!(certificate_cell(&r), "1,234 (file not kept)");
    std::fs::remove_file(&big).unwrap();
}

#[test]
fn merge_takes_a_certificate_for_the_same_value_only() {
    let certified = |rules: &str, value: Value| {
        let mut r = row(rules, value);
        r.certificate = Some("x.c6proof".into());
        r
    };
    let mut rows = vec![
        row("7,7,5,2,1", Value::Draw),
        row("5,5,4,1,1", Value::Draw),
        certified("3,3,3,1,1", Value::Draw),
    ];
    let other = vec![
        certified("7,7,5,2,1", Value::Draw),
        certified("5,5,4,1,1", Value::Win),
        certified("3,3,3,1,1", Value::Draw),
    ];
    let taken = merge(&mut rows, other);
    assert_eq!(taken, ["7,7,5,2,1"]);
    assert!(rows[0].certificate.is_some());
    assert_eq!(rows[1].value, Value::Draw);
    assert!(rows[1].certificate.is_none());
}

#[test]
fn a_certificate_from_a_later_run_keeps_the_proving_figures() {
    let mut proved = row("7,6,5,2,2", Value::Draw);
    (proved.nodes, proved.seconds, proved.command) = (8_561, 13_044.7, "long".into());
    let mut later = row("7,6,5,2,2", Value::Draw);
    (later.nodes, later.seconds, later.command) = (42, 9.0, "again".into());
    later.certificate = Some("c.c6proof".into());
    later.certificate_nodes = Some(77);
    later
        .how
        .push_str(" Certificate: 77 nodes, 900 bytes, extracted in 1.00 s.");
    let mut rows = vec![proved.clone()];
    assert_eq!(merge(&mut rows, vec![later.clone()]), ["7,6,5,2,2"]);
    let r = &rows[0];
    assert_eq!((r.nodes, r.seconds), (8_561, 13_044.7));
    assert_eq!(r.command, "long");
    assert_eq!(r.certificate.as_deref(), Some("c.c6proof"));
    assert_eq!(r.certificate_nodes, Some(77));
    assert!(r.how.starts_with(&proved.how), "{}", r.how);
    assert!(
        r.how.ends_with(
            "The certificate comes from a later run (`again`, today, commit test), which \
             solved the row again in 9 s and 42 nodes on 1 thread(s). Certificate: 77 \
             nodes, 900 bytes, extracted in 1.00 s."
        ),
        "{}",
        r.how
    );
    // A later run that could not write one says why, and the row stays without.
    later.certificate = None;
    later.certificate_nodes = None;
    later.how = format!("{} No certificate: too big.", proved.how);
    let r = with_certificate_of(&proved, &later);
    assert!(r.certificate.is_none() && r.certificate_nodes.is_none());
    assert!(
        r.how.ends_with("on 1 thread(s). No certificate: too big."),
        "{}",
        r.how
    );
    assert!(
        r.how.contains("Tried for its certificate by a later run"),
        "{}",
        r.how
    );
}

#[test]
fn markdown_names_the_figures() {
    let rows = vec![
        row("5,5,4,1,1", Value::Draw),
        row("8,8,5,1,1", Value::Unknown),
    ];
    let md = markdown(&rows, "c6solve table");
    assert!(md.contains("| 4 | 1 | 1 | 1 | 5x5 | draw |"), "{md}");
    assert!(md.contains("| 5 | 1 | 1 | 0 | - | - | - | 8x8 |"), "{md}");
    assert!(md.contains("unknown (search not finished)"));
}
