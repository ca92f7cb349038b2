//! `c6solve status`: how far a stopped solve got, from its checkpoint and table file; or,
//! with `--rules`, how far a row solved by parts is, from its ledger.

use c6solve::search::checkpoint::{self, Checkpoint};
use c6solve::{Error, Rules};
use clap::Args;
use serde::Serialize;
use std::path::Path;
use std::process::ExitCode;

/// Options of `status`.
#[derive(Args)]
pub struct StatusArgs {
    /// A table file or its checkpoint (FILE.ckpt); with --rules, a ledger of parts (the
    /// --by-parts directory or postgresql:// URL).
    #[arg(value_name = "FILE|LEDGER")]
    file: String,
    /// Show the row of these rules (m,n,k,p,q) in the ledger LEDGER: parts done, running
    /// (which host, since when), open and split, the value composed so far and what the
    /// workers spent.
    #[arg(long, value_name = "RULES", conflicts_with = "after")]
    rules: Option<String>,
    /// With --rules: the ledger of the position after these moves (`solve --by-parts LEDGER
    /// --moves MOVES`) instead of the row's empty board.
    #[arg(long, value_name = "MOVES", requires = "rules")]
    moves: Option<String>,
    /// Print one JSON object (the same fields, numbers as numbers).
    #[arg(long)]
    json: bool,
    /// Show the position after these stones from the solve's root instead (e.g. "C1", or
    /// "C1 D2" for a reply too): its numbers and those after each next stone. For looking
    /// inside a first stone that stays open for hours.
    #[arg(long, value_name = "MOVES")]
    after: Option<String>,
}

/// Runs `status`: 0 when a checkpoint is shown, 1 when there is none.
pub fn run(args: StatusArgs) -> Result<ExitCode, Error> {
    if let Some(rules) = &args.rules {
        let rules = Rules::parse(rules)?;
        let root = match &args.moves {
            Some(moves) => c6solve::boards::parts::Root::after(rules, moves)
                .map_err(|e| Error::Option(format!("--moves '{moves}': {e}")))?,
            None => c6solve::boards::parts::Root::empty(rules),
        };
        return ledger_status(&args, &root);
    }
    let given = std::path::Path::new(&args.file);
    if given.is_dir() {
        return Err(Error::Io(format!(
            "{} is a directory: give a solve's --tt file or its .ckpt",
            given.display()
        )));
    }
    // A file that is neither a table nor a checkpoint is refused, saying what it is, unless a
    // checkpoint lies beside it: that checkpoint is then read (and the file, as its table,
    // is judged where its figures are read).
    let kind = if !given.exists() {
        None
    } else if checkpoint::path_for(given).exists() {
        what_is(given).ok().flatten()
    } else {
        what_is(given)?
    };
    let (path, table) = match (kind, args.file.strip_suffix(".ckpt")) {
        (Some(Found::Checkpoint), _) | (None, Some(_)) => (
            given.to_path_buf(),
            std::path::PathBuf::from(args.file.strip_suffix(".ckpt").unwrap_or(&args.file)),
        ),
        _ => (checkpoint::path_for(given), given.to_path_buf()),
    };
    // The form of --after is checked even when there is nothing to look it up in.
    if let Some(text) = &args.after {
        let largest = Rules::new(Rules::MAX_SIDE, Rules::MAX_SIDE, 6, 2, 1)?;
        if c6solve::notation::parse_moves(&largest, text)?.is_empty() {
            return Err(Error::Option("--after '': no stones given".into()));
        }
    }
    let Some(ck) = checkpoint::read(&path)? else {
        if !given.exists() && !table.exists() {
            return Err(Error::Io(format!(
                "{}: no such file (give a solve's --tt file or its .ckpt)",
                given.display()
            )));
        }
        if args.json {
            let json = serde_json::json!({
                "checkpoint": path.display().to_string(),
                "table": table.display().to_string(),
                "stopped": false,
            });
            println!("{json}");
        } else {
            println!("{}: no checkpoint (no solve stopped there)", path.display());
        }
        return Ok(ExitCode::FAILURE);
    };
    let after = match &args.after {
        Some(text) => {
            let [m, n, k, p, q] = ck.rules;
            c6solve::notation::parse_moves(&Rules::new(m, n, k, p, q)?, text)?
        }
        None => Vec::new(),
    };
    if !after.is_empty() && !table.exists() {
        return Err(Error::Io(format!(
            "--after needs the table file {}, which is not there",
            table.display()
        )));
    }
    // A damaged table file is refused; a missing one leaves the checkpoint's own figures.
    let progress = table
        .exists()
        .then(|| c6solve::search::progress::read(&ck, &table, &after))
        .transpose()?;
    if args.json {
        let mut json = serde_json::to_value(StatusJson::new(&path, &ck))
            .map_err(|e| Error::Io(e.to_string()))?;
        if let (Some(progress), serde_json::Value::Object(fields)) = (&progress, &mut json) {
            fields.extend(progress.json());
        }
        println!("{json}");
    } else {
        println!("checkpoint {}", path.display());
        for (label, text) in ck.describe() {
            println!("{label:<10} {text}");
        }
        let lines = match &progress {
            Some(progress) => progress.describe(),
            None => vec![("root", format!("no table file {}", table.display()))],
        };
        for (label, text) in lines {
            println!("{label:<10} {text}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `status LEDGER --rules R`: the row's ledger, as lines or one JSON object; 0 when the row
/// is settled, 1 while it is open.
fn ledger_status(
    args: &StatusArgs,
    root: &c6solve::boards::parts::Root,
) -> Result<ExitCode, Error> {
    use c6solve::boards::parts;
    let status = parts::status(root, &parts::LedgerAt::parse(&args.file))?;
    if args.json {
        let json = serde_json::to_string(&status).map_err(|e| Error::Io(e.to_string()))?;
        println!("{json}");
    } else {
        for (label, text) in status.describe() {
            println!("{label:<10} {text}");
        }
    }
    Ok(super::exit_code(status.value != "open"))
}

/// What a file given to `status` is, by its first bytes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Found {
    Table,
    Checkpoint,
}

/// Tells a table file and a checkpoint apart by their magic; anything else (a certificate, a
/// ledger, an empty or foreign file) is refused with one line saying what it is.
fn what_is(path: &Path) -> Result<Option<Found>, Error> {
    use std::io::Read;
    let mut lead = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(8).read_to_end(&mut lead))
        .map_err(|e| Error::Io(format!("cannot read {}: {e}", path.display())))?;
    let name = path.display();
    if lead.as_slice() == c6solve::search::ttfile::MAGIC {
        return Ok(Some(Found::Table));
    }
    if lead.as_slice() == checkpoint::MAGIC {
        return Ok(Some(Found::Checkpoint));
    }
    let what = if lead.as_slice() == c6solve::proof::format::MAGIC {
        "a proof certificate (check it with `c6solve check`)".to_string()
    } else if lead.first().is_some_and(|&b| b == b'{' || b == b'[') {
        "a JSON file (a ledger or table of rows?)".to_string()
    } else if lead.is_empty() {
        "an empty file".to_string()
    } else {
        "something else".to_string()
    };
    Err(Error::Io(format!(
        "{name} is not a c6solve table file or checkpoint: {what}"
    )))
}

/// `status --json` without the table file's figures (those come from
/// [`c6solve::search::progress::Progress::json`]): the checkpoint's fields, numbers as numbers.
#[derive(Serialize)]
struct StatusJson<'a> {
    checkpoint: String,
    /// m,n,k,p,q.
    rules: String,
    to_move: &'static str,
    stones_left: u16,
    /// Stones on the root's board.
    stones: usize,
    goal: &'static str,
    run: u8,
    nodes: u64,
    seconds: f64,
    sessions: u32,
    checkpoints: u64,
    tt_mib: u64,
    zones: bool,
    threads: u32,
    program: &'a str,
}

impl<'a> StatusJson<'a> {
    fn new(path: &Path, ck: &'a Checkpoint) -> StatusJson<'a> {
        StatusJson {
            checkpoint: path.display().to_string(),
            rules: ck.rules.map(|n| n.to_string()).join(","),
            to_move: if ck.to_move == 0 { "black" } else { "white" },
            stones_left: ck.stones_left,
            stones: ck.board.iter().filter(|&&b| b != 2).count(),
            goal: if ck.goal == 0 { "value" } else { "win" },
            run: ck.phase,
            nodes: ck.nodes,
            seconds: ck.seconds,
            sessions: ck.sessions,
            checkpoints: ck.checkpoints,
            tt_mib: ck.tt_mib,
            zones: ck.zones,
            threads: ck.threads,
            program: &ck.program,
        }
    }
}
