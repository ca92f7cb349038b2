//! `c6solve show`: draw a position, a line or a proof's main line as text and SVG.

use super::args::PositionArgs;
use super::write_file;
use c6solve::files::outputs::{self, Named};
use c6solve::proof::cert;
use c6solve::{Error, Rules, input, show, verify};
use clap::Args;
use std::process::ExitCode;

/// Options of `show`.
#[derive(Args)]
pub struct ShowArgs {
    /// Rules m,n,k,p,q or a preset [default: connect6].
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
    #[command(flatten)]
    position: PositionArgs,
    /// Stones to play after the position: turns separated by commas, as for `verify`.
    #[arg(long, value_name = "TURNS", conflicts_with = "proof")]
    line: Option<String>,
    /// A certificate from `solve --proof`: show its root position and main line (the prover's
    /// moves and, at the other side's nodes, the reply with the longest proof below it).
    /// Without a position, the certificate's root is used.
    #[arg(long, value_name = "FILE")]
    proof: Option<String>,
    /// Shade the proof's zone: every point a stone of the proof is played on (needs --proof).
    #[arg(long, requires = "proof")]
    zone: bool,
    /// Also write the picture as an SVG image to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
    /// Write the proof explorer to FILE: one self-contained HTML page to walk through the
    /// strategy of a certificate (--proof) or of an SGF with variations (--sgf, as
    /// `solve --sgf-out` writes it) in a browser.
    #[arg(long, value_name = "FILE")]
    html: Option<String>,
    /// Size limit of --html: reply lists met before N stones are unfolded are shown in full;
    /// past N each line follows its first reply only [default: 20000].
    #[arg(long, value_name = "N", requires = "html")]
    html_max_nodes: Option<usize>,
    /// Also write the picture as a PNG image to FILE (drawn with a system font).
    #[arg(long, value_name = "FILE")]
    png: Option<String>,
}

/// Runs `show`: prints the picture (and writes the SVG), exit 0.
pub fn run(args: ShowArgs) -> Result<ExitCode, Error> {
    let rules = args.rules.as_deref().map(Rules::parse).transpose()?;
    let given = args.position.given() || rules.is_some();
    let mut outs = Vec::new();
    for (what, file) in [
        ("--svg", &args.svg),
        ("--png", &args.png),
        ("--html", &args.html),
    ] {
        if let Some(f) = file {
            outs.push(Named::new(what, f));
        }
    }
    if !outs.is_empty() {
        let mut inputs = Vec::new();
        for (what, file) in [
            ("--sgf", &args.position.sgf),
            ("--position", &args.position.position),
            ("--proof", &args.proof),
        ] {
            if let Some(f) = file {
                inputs.push(Named::new(what, f));
            }
        }
        outputs::check(&outs, &inputs)?;
    }
    if let Some(out) = &args.html
        && args.proof.is_none()
    {
        // A strategy from SGF: the whole tree, not the main line the position is read from.
        let Some(sgf) = &args.position.sgf else {
            return Err(Error::Option(
                "--html needs a strategy: --proof FILE or --sgf FILE".into(),
            ));
        };
        let rules = rules.unwrap_or_else(Rules::connect6);
        let text = input::read(sgf, input::Kind::Sgf)?;
        let tree = c6solve::notation::sgf::parse_sgf_tree(&rules, &text).map_err(|e| match e {
            Error::Sgf(m) => Error::Sgf(format!("{sgf}: {m}")),
            other => other,
        })?;
        write_file(out, c6solve::explorer::page_from_sgf(rules, &tree)?)?;
        let (root, _) = c6solve::explorer::from_sgf::unfold(rules, &tree)?;
        let mut picture = show::Picture::new(&root, &[]);
        picture.caption = format!("Connect({}): {}", picture.rules, picture.caption);
        print!("{}", picture.text());
        return Ok(ExitCode::SUCCESS);
    }
    let mut picture = if let Some(path) = &args.proof {
        let cert = c6solve::proof::read_certificate(path)?;
        let root = show::certificate_root(&cert).ok_or_else(|| {
            Error::Io(format!("{path}: the certificate's root is not a position"))
        })?;
        let pos = if given {
            let pos = input::load(rules, &args.position.source(rules.is_some()))?;
            if cert::header(&pos) != cert.head() {
                return Err(Error::Position(format!(
                    "{path} is not a certificate for this position"
                )));
            }
            pos
        } else {
            root.clone()
        };
        if let Some(out) = &args.html {
            write_file(
                out,
                c6solve::explorer::page(
                    &cert,
                    &root,
                    args.html_max_nodes
                        .unwrap_or(c6solve::explorer::DEFAULT_MAX_NODES),
                ),
            )?;
        }
        let (line, note, zone) = show::main_line(&cert, &root);
        let mut p = show::Picture::new(&pos, &line);
        p.caption.push_str(&note);
        if args.zone {
            p.zone = zone.into_iter().filter(|&c| pos.is_empty(c)).collect();
        }
        p
    } else {
        let pos = input::load(rules, &args.position.source(rules.is_some()))?;
        let line = match &args.line {
            Some(text) => {
                let turns = verify::parse_line(pos.rules(), text)?;
                let played = verify::check_line(&pos, &turns)?.concat();
                let ignored = turns.concat().len() - played.len();
                if ignored > 0 {
                    let all = turns.concat();
                    eprintln!(
                        "c6solve: {}",
                        c6solve::notation::replay::ignored_note(pos.rules(), &all[played.len()..])
                    );
                }
                played
            }
            None => Vec::new(),
        };
        show::Picture::new(&pos, &line)
    };
    picture.caption = format!("Connect({}): {}", picture.rules, picture.caption);
    if let Some(path) = &args.svg {
        write_file(path, picture.svg())?;
    }
    if let Some(path) = &args.png {
        write_file(path, show::png::png(&picture.svg())?)?;
    }
    print!("{}", picture.text());
    Ok(ExitCode::SUCCESS)
}
