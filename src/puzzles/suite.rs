//! Suite files: the records of a `*.puzzles` file (format in [the module doc](super)),
//! checked as they are read, and whole suites loaded from a file or a directory.

use crate::board::Position;
use crate::error::{Error, Result};
use crate::notation::{diagram, parse_moves};
use crate::rules::Rules;
use crate::search::{Goal, Outcome};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The file name ending that marks a suite file when a directory is given.
pub const SUITE_EXTENSION: &str = "puzzles";

/// One puzzle: a position, what to prove, and the proven answer.
#[derive(Debug, Clone)]
pub struct Puzzle {
    /// Unique name within the suite.
    pub id: String,
    /// Game id of the real game it comes from, or `hand-made`.
    pub source: String,
    /// The position, already replayed and checked.
    pub position: Position,
    /// What the solver is asked.
    pub goal: Goal,
    /// The proven answer.
    pub expected: Outcome,
    /// Turns of the kill (the side to move's for a win, the opponent's for a loss), if known.
    pub depth: Option<u32>,
    /// The winning stones of this turn as recorded in the file (informational).
    pub best: Option<String>,
    /// Tags such as `fast`.
    pub tags: Vec<String>,
    /// Free text.
    pub note: Option<String>,
    /// `FILE:LINE` of the record's `id:` line.
    pub origin: String,
}

impl Puzzle {
    /// True if the puzzle carries `tag`.
    pub fn has_tag(&self, tag: &str) -> bool {
        self.tags.iter().any(|t| t == tag)
    }
}

/// A suite: its puzzles and the `#|` comment lines of its files (report material).
#[derive(Debug, Clone, Default)]
pub struct Suite {
    /// Puzzles in file order (files in name order).
    pub puzzles: Vec<Puzzle>,
    /// `(file, lines)` of `#|` comments, prefix removed.
    pub notes: Vec<(String, Vec<String>)>,
}

fn err(file: &str, line: usize, msg: impl std::fmt::Display) -> Error {
    Error::Puzzle(format!("{file}:{line}: {msg}"))
}

/// The record being read: each key with the line it was on.
#[derive(Default)]
struct Raw {
    line: usize,
    fields: Vec<(String, String, usize)>,
}

impl Raw {
    fn get(&self, key: &str) -> Option<(&str, usize)> {
        self.fields
            .iter()
            .find(|(k, _, _)| k == key)
            .map(|(_, v, l)| (v.as_str(), *l))
    }
}

const KEYS: &[&str] = &[
    "id", "source", "rules", "moves", "diagram", "goal", "expect", "depth", "best", "tags", "note",
];

/// Parses a suite file's text. `file` names it in errors; `base` is the directory that
/// `diagram:` paths are relative to.
pub fn parse_suite(text: &str, file: &str, base: &Path) -> Result<Suite> {
    let mut raws: Vec<Raw> = Vec::new();
    let mut notes = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let t = line.trim();
        if let Some(note) = t.strip_prefix("#|") {
            notes.push(note.trim().to_string());
            continue;
        }
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let Some((key, value)) = t.split_once(':') else {
            return Err(err(file, n, format!("expected 'key: value', got '{t}'")));
        };
        let (key, value) = (key.trim().to_ascii_lowercase(), value.trim().to_string());
        if !KEYS.contains(&key.as_str()) {
            return Err(err(
                file,
                n,
                format!("unknown key '{key}' (keys: {})", KEYS.join(", ")),
            ));
        }
        if key == "id" {
            raws.push(Raw {
                line: n,
                fields: Vec::new(),
            });
        }
        let Some(raw) = raws.last_mut() else {
            return Err(err(file, n, format!("'{key}' before the first 'id:' line")));
        };
        if raw.get(&key).is_some() {
            return Err(err(file, n, format!("'{key}' given twice in one record")));
        }
        raw.fields.push((key, value, n));
    }
    let mut puzzles = Vec::new();
    let mut ids = HashSet::new();
    for raw in &raws {
        let p = build(raw, file, base)?;
        if !ids.insert(p.id.clone()) {
            return Err(err(file, raw.line, format!("id '{}' used twice", p.id)));
        }
        puzzles.push(p);
    }
    let notes = if notes.is_empty() {
        Vec::new()
    } else {
        vec![(file.to_string(), notes)]
    };
    Ok(Suite { puzzles, notes })
}

fn build(raw: &Raw, file: &str, base: &Path) -> Result<Puzzle> {
    let need = |key: &str| {
        raw.get(key)
            .ok_or_else(|| err(file, raw.line, format!("record has no '{key}:' line")))
    };
    // Errors from other modules keep their own wording, prefixed with where they happened.
    let at = |line: usize| move |e: Error| err(file, line, e);
    let (id, id_line) = need("id")?;
    if id.is_empty()
        || !id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        return Err(err(
            file,
            id_line,
            format!("id '{id}': use letters, digits, '-', '_' or '.'"),
        ));
    }
    let (source, source_line) = need("source")?;
    if source.is_empty() {
        return Err(err(file, source_line, "empty source"));
    }
    let (rules_text, rules_line) = need("rules")?;
    let rules = Rules::parse(rules_text).map_err(at(rules_line))?;
    let position = match (raw.get("moves"), raw.get("diagram")) {
        (Some((moves, l)), None) => {
            let cells = parse_moves(&rules, moves).map_err(at(l))?;
            Position::from_moves(rules, &cells).map_err(at(l))?
        }
        (None, Some((path, l))) => {
            let full = base.join(path);
            let text = crate::input::read(&full.to_string_lossy(), crate::input::Kind::Diagram)
                .map_err(at(l))?;
            let d = diagram::parse_diagram(&text, &rules).map_err(at(l))?;
            if let Some(own) = d.rules.filter(|own| *own != rules) {
                return Err(err(
                    file,
                    l,
                    format!("{path} is for rules {own} but the record says {rules}"),
                ));
            }
            d.position(&rules).map_err(at(l))?
        }
        (Some(_), Some((_, l))) => {
            return Err(err(file, l, "give 'moves:' or 'diagram:', not both"));
        }
        (None, None) => {
            return Err(err(
                file,
                raw.line,
                "record has no position ('moves:' or 'diagram:')",
            ));
        }
    };
    if position.is_over() {
        return Err(err(file, raw.line, "the game is already over"));
    }
    let (goal_text, goal_line) = need("goal")?;
    let goal = match goal_text {
        "win" => Goal::Win,
        "value" => Goal::Value,
        "hold" => Goal::Hold,
        g => {
            return Err(err(
                file,
                goal_line,
                format!("goal '{g}': expected win, value or hold"),
            ));
        }
    };
    let (expect_text, expect_line) = need("expect")?;
    let expected = match (goal, expect_text) {
        (Goal::Win | Goal::Value, "win") => Outcome::Win,
        (Goal::Hold, "no-loss") => Outcome::NoLoss,
        (Goal::Hold, "loss") => Outcome::Loss,
        (Goal::Hold, e) => {
            return Err(err(
                file,
                expect_line,
                format!("expect '{e}': with goal hold, expected no-loss or loss"),
            ));
        }
        (Goal::Win, "no-win") => Outcome::NoWin,
        (Goal::Value, "loss") => Outcome::Loss,
        (Goal::Value, "draw") => Outcome::Draw,
        (Goal::Win, e) => {
            return Err(err(
                file,
                expect_line,
                format!("expect '{e}': with goal win, expected win or no-win"),
            ));
        }
        (Goal::Value, e) => {
            return Err(err(
                file,
                expect_line,
                format!("expect '{e}': with goal value, expected win, loss or draw"),
            ));
        }
    };
    let depth = match raw.get("depth") {
        None | Some(("-", _)) => None,
        Some((d, l)) => match d.parse::<u32>() {
            Ok(n) if n > 0 => Some(n),
            _ => {
                return Err(err(
                    file,
                    l,
                    format!("depth '{d}': expected a whole number of turns above 0, or -"),
                ));
            }
        },
    };
    if let Some((best, l)) = raw.get("best") {
        parse_moves(&rules, best).map_err(at(l))?;
    }
    Ok(Puzzle {
        id: id.to_string(),
        source: source.to_string(),
        position,
        goal,
        expected,
        depth,
        best: raw.get("best").map(|(b, _)| b.to_string()),
        tags: raw
            .get("tags")
            .map(|(t, _)| t.split_whitespace().map(str::to_string).collect())
            .unwrap_or_default(),
        note: raw.get("note").map(|(n, _)| n.to_string()),
        origin: format!("{file}:{id_line}"),
    })
}

/// Reads a suite file, or every `*.puzzles` file of a directory in name order. Ids must be
/// unique over all of them.
pub fn load(path: &Path) -> Result<Suite> {
    let files: Vec<PathBuf> = if path.is_dir() {
        let mut v: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| Error::Io(format!("cannot read {}: {e}", path.display())))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == SUITE_EXTENSION))
            .collect();
        v.sort();
        if v.is_empty() {
            return Err(Error::Io(format!(
                "no .{SUITE_EXTENSION} files in {}",
                path.display()
            )));
        }
        v
    } else {
        vec![path.to_path_buf()]
    };
    let mut suite = Suite::default();
    let mut ids = HashSet::new();
    for f in files {
        let name = f.display().to_string();
        let text = crate::input::read(&name, crate::input::Kind::Puzzles)?;
        let base = f.parent().unwrap_or(Path::new("."));
        let part = parse_suite(&text, &name, base)?;
        for p in &part.puzzles {
            if !ids.insert(p.id.clone()) {
                return Err(Error::Puzzle(format!(
                    "{}: id '{}' is also used in another file",
                    p.origin, p.id
                )));
            }
        }
        suite.puzzles.extend(part.puzzles);
        suite.notes.extend(part.notes);
    }
    if suite.puzzles.is_empty() {
        return Err(Error::Puzzle(format!("{}: no puzzles", path.display())));
    }
    Ok(suite)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Suite> {
        parse_suite(text, "t.puzzles", Path::new("."))
    }

    const GOOD: &str = "# a comment\n#| | kind | n |\n\nid: ttt-x\nsource: hand-made\n\
        rules: 3,3,3,1,1\nmoves: B2 A1 C1\ngoal: value\nexpect: loss\ndepth: 1\n\
        tags: fast small\nnote: White must block A3 and cannot\n\n\
        id: empty33\nsource: hand-made\nrules: tictactoe\nmoves:\ngoal: win\nexpect: no-win\n";

    #[test]
    fn parses_records() {
        let s = parse(GOOD).unwrap();
        assert_eq!(s.puzzles.len(), 2);
        let p = &s.puzzles[0];
        assert_eq!(p.id, "ttt-x");
        assert_eq!(p.goal, Goal::Value);
        assert_eq!(p.expected, Outcome::Loss);
        assert_eq!(p.depth, Some(1));
        assert!(p.has_tag("fast") && p.has_tag("small"));
        assert_eq!(p.origin, "t.puzzles:4");
        assert_eq!(p.position.stone_counts(), (2, 1));
        assert_eq!(s.puzzles[1].position.stone_counts(), (0, 0));
        assert_eq!(s.puzzles[1].expected, Outcome::NoWin);
        assert_eq!(s.notes[0].1, vec!["| kind | n |".to_string()]);
    }

    /// Each bad record gives one line naming the file and the line of the problem.
    #[test]
    fn bad_records_name_file_and_line() {
        let rec = "id: a\nsource: s\nrules: 3,3,3,1,1\nmoves: B2\ngoal: win\nexpect: win\n";
        let cases: Vec<(String, &str)> = vec![
            (
                format!("{rec}colour: red\n"),
                "t.puzzles:7: unknown key 'colour'",
            ),
            (
                "source: s\n".into(),
                "t.puzzles:1: 'source' before the first 'id:'",
            ),
            (
                format!("{rec}goal: win\n"),
                "t.puzzles:7: 'goal' given twice",
            ),
            (
                rec.replace("goal: win", "goal: draw"),
                "t.puzzles:5: goal 'draw'",
            ),
            (
                rec.replace("expect: win", "expect: loss"),
                "t.puzzles:6: expect 'loss'",
            ),
            (
                rec.replace("moves: B2", "moves: B2 B2"),
                "t.puzzles:4: illegal move",
            ),
            (
                rec.replace("moves: B2", "moves: Z9"),
                "t.puzzles:4: bad point",
            ),
            (
                rec.replace("rules: 3,3,3,1,1", "rules: 3,3"),
                "t.puzzles:3: bad rules",
            ),
            (
                rec.replace("moves: B2\n", ""),
                "t.puzzles:1: record has no position",
            ),
            (
                rec.replace("source: s\n", ""),
                "t.puzzles:1: record has no 'source:'",
            ),
            (format!("{rec}depth: 0\n"), "t.puzzles:7: depth '0'"),
            (format!("{rec}{rec}"), "t.puzzles:7: id 'a' used twice"),
            (rec.replace("id: a", "id: a b"), "t.puzzles:1: id 'a b'"),
            (
                format!("{rec}diagram: x.txt\n"),
                "t.puzzles:7: give 'moves:' or 'diagram:'",
            ),
            (
                rec.replace("moves: B2", "moves: A1 B1 A2 B2 A3"),
                "t.puzzles:1: the game is already over",
            ),
            ("id a\n".into(), "t.puzzles:1: expected 'key: value'"),
            (
                rec.replace("moves: B2", "diagram: no-such-file.txt"),
                "t.puzzles:4: cannot read",
            ),
        ];
        for (text, want) in cases {
            let e = parse(&text).expect_err(&text).to_string();
            assert!(e.contains(want), "{text:?}: got {e:?}, want {want:?}");
            assert!(!e.contains('\n'), "{e:?}");
        }
    }
}
