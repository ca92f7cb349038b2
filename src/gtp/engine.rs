//! The engine: the game it keeps (rules and stones in play order), its settings, and the
//! answer to every command ([`Engine::execute`]). The GoGui rules commands are in
//! [`super::rules_ext`], the solver commands in [`super::solver`].

use super::clock::Clock;
use super::protocol::Command;
use super::{rules_ext, solver};
use crate::board::{Cell, Position};
use crate::notation::{format_point, parse_point};
use crate::rules::{Color, Rules};
use std::time::Duration;

/// What a command answers: the text after `=`, or the error after `?`.
pub type Answer = Result<String, String>;

/// Every command the engine knows, in the order `list_commands` gives them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "time_settings",
    "time_left",
    "c6solve-rules",
    "c6solve-solve",
    "c6solve-zone",
    "c6solve-pv",
    "c6solve-verify",
    "gogui-rules_game_id",
    "gogui-rules_board_size",
    "gogui-rules_legal_moves",
    "gogui-rules_side_to_move",
    "gogui-rules_board",
    "gogui-rules_final_result",
    "gogui-analyze_commands",
];

/// How the engine searches when the controller sets no clock.
#[derive(Debug, Clone)]
pub struct EngineOptions {
    /// Seconds a search may take when no clock is set (a `genmove`, or `c6solve-solve`
    /// without seconds).
    pub seconds: f64,
    /// Nodes a search may expand (none: only the time bounds it).
    pub max_nodes: Option<u64>,
    /// Transposition table of each search, in MiB.
    pub tt_mib: usize,
    /// Search workers (0: one per core).
    pub threads: usize,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            seconds: 10.0,
            max_nodes: None,
            tt_mib: 64,
            threads: 1,
        }
    }
}

/// A GTP engine over one game.
pub struct Engine {
    pub(super) opts: EngineOptions,
    pub(super) rules: Rules,
    /// The stones played, in order (each `play` or `genmove` adds one).
    pub(super) moves: Vec<Cell>,
    /// The position after [`Engine::moves`].
    pub(super) pos: Position,
    /// The clock of each side (index [`Color::index`]); `None` until `time_settings`.
    pub(super) clocks: [Option<Clock>; 2],
    /// The solver's memory of the current game (proven stones, proofs), see [`solver`].
    pub(super) memory: solver::Memory,
    quit: bool,
}

impl Engine {
    /// An engine for `rules` with an empty board.
    pub fn new(rules: Rules, opts: EngineOptions) -> Engine {
        Engine {
            opts,
            rules,
            moves: Vec::new(),
            pos: Position::new(rules),
            clocks: [None, None],
            memory: solver::Memory::default(),
            quit: false,
        }
    }

    /// The rules of the game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// True once `quit` was answered.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// Answers one command. Never panics on any input: a bad command, argument or move is an
    /// `Err` answer (a `?` response), and the game is left as it was.
    pub fn execute(&mut self, cmd: &Command) -> Answer {
        let args: Vec<&str> = cmd.args.iter().map(String::as_str).collect();
        match cmd.name.as_str() {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("c6solve".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => {
                let [name] = args[..] else {
                    return Err("usage: known_command NAME".into());
                };
                Ok(COMMANDS.contains(&name).to_string())
            }
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => self.boardsize(&args),
            "clear_board" => {
                self.reset(self.rules);
                Ok(String::new())
            }
            // Connect6 has no komi; accepted so that controllers that always send it work.
            "komi" => match args[..] {
                [k] if k.parse::<f64>().is_ok() => Ok(String::new()),
                _ => Err("usage: komi FLOAT".into()),
            },
            "play" => self.play_command(&args),
            "genmove" => solver::genmove(self, &args),
            "undo" => self.undo(),
            "showboard" => Ok(format!(
                "\n{}",
                crate::notation::diagram::write_diagram(&self.pos)
            )),
            "time_settings" => self.time_settings(&args),
            "time_left" => self.time_left(&args),
            "c6solve-rules" => self.rules_command(&args),
            "c6solve-solve" => solver::solve_command(self, &args),
            "c6solve-zone" => solver::zone_command(self, &args),
            "c6solve-pv" => solver::pv_command(self, &args),
            "c6solve-verify" => solver::verify_command(self, &args),
            "gogui-analyze_commands" => Ok(solver::ANALYZE_COMMANDS.join("\n")),
            name if name.starts_with("gogui-rules_") => rules_ext::execute(self, name, &args),
            "" => Err("no command after the id".into()),
            other => Err(format!("unknown command: {other}")),
        }
    }

    /// Starts a new game under `rules`.
    pub(super) fn reset(&mut self, rules: Rules) {
        self.rules = rules;
        self.moves.clear();
        self.pos = Position::new(rules);
        self.memory = solver::Memory::default();
    }

    /// Plays `cell` for the side to move (which must be `color`), or leaves the game as it was.
    pub(super) fn play_stone(&mut self, color: Color, cell: Cell) -> Result<(), String> {
        if let Some(w) = self.pos.winner() {
            return Err(format!("the game is over: {w} won"));
        }
        if self.pos.empties() == 0 {
            return Err("the game is over: the board is full".into());
        }
        let to_move = self.pos.to_move();
        if color != to_move {
            return Err(format!(
                "it is {to_move}'s turn ({} stone{} left this turn)",
                self.pos.stones_left(),
                if self.pos.stones_left() == 1 { "" } else { "s" }
            ));
        }
        self.pos.try_play(cell).map_err(|e| e.to_string())?;
        self.moves.push(cell);
        Ok(())
    }

    /// Names `cell` in GTP output.
    pub(super) fn name(&self, cell: Cell) -> String {
        format_point(&self.rules, cell)
    }

    fn boardsize(&mut self, args: &[&str]) -> Answer {
        let [n] = args[..] else {
            return Err("usage: boardsize SIZE".into());
        };
        let n: u16 = n.parse().map_err(|_| "unacceptable size".to_string())?;
        let r = self.rules;
        let rules =
            Rules::new(n, n, r.k, r.p, r.q).map_err(|e| format!("unacceptable size: {e}"))?;
        self.reset(rules);
        Ok(String::new())
    }

    fn rules_command(&mut self, args: &[&str]) -> Answer {
        match args[..] {
            [] => Ok(self.rules.to_string()),
            [text] => {
                let rules = Rules::parse(text).map_err(|e| e.to_string())?;
                self.reset(rules);
                Ok(String::new())
            }
            _ => Err("usage: c6solve-rules [m,n,k,p,q | connect6 | gomoku | tictactoe]".into()),
        }
    }

    fn play_command(&mut self, args: &[&str]) -> Answer {
        let [color, vertex] = args[..] else {
            return Err("usage: play COLOR VERTEX".into());
        };
        let color = parse_color(color)?;
        if vertex.eq_ignore_ascii_case("pass") {
            return Err("illegal move: there are no passes in Connect6".into());
        }
        let cell = parse_point(&self.rules, vertex).map_err(|e| format!("illegal move: {e}"))?;
        self.play_stone(color, cell)
            .map_err(|e| format!("illegal move: {e}"))?;
        Ok(String::new())
    }

    fn undo(&mut self) -> Answer {
        if self.moves.pop().is_none() {
            return Err("cannot undo".into());
        }
        self.pos.undo();
        Ok(String::new())
    }

    fn time_settings(&mut self, args: &[&str]) -> Answer {
        let usage = || "usage: time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES".to_string();
        let [main, byo, stones] = args[..] else {
            return Err(usage());
        };
        let (main, byo, stones) = (seconds(main)?, seconds(byo)?, stones.parse::<u32>());
        let clock = Clock::from_settings(main, byo, stones.map_err(|_| usage())?);
        self.clocks = [Some(clock), Some(clock)];
        Ok(String::new())
    }

    fn time_left(&mut self, args: &[&str]) -> Answer {
        let [color, time, stones] = args[..] else {
            return Err("usage: time_left COLOR TIME STONES".into());
        };
        let color = parse_color(color)?;
        let time = seconds(time)?;
        let stones: u32 = stones
            .parse()
            .map_err(|_| "STONES: a whole number".to_string())?;
        let clock = self.clocks[color.index()].get_or_insert(Clock::from_settings(0.0, 0.0, 0));
        if stones == 0 {
            clock.main = time;
        } else {
            clock.main = 0.0;
            clock.byo_yomi = time;
            clock.byo_stones = stones;
        }
        clock.unlimited = false;
        Ok(String::new())
    }

    /// How long a search for `color` may take.
    pub(super) fn budget(&self, color: Color) -> Duration {
        let fallback = Duration::from_secs_f64(self.opts.seconds);
        self.clocks[color.index()].map_or(fallback, |c| c.budget(fallback))
    }
}

/// A GTP color: `b`, `black`, `w` or `white` in any case.
pub(super) fn parse_color(text: &str) -> Result<Color, String> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(format!("invalid color: {text}")),
    }
}

/// A time in seconds: a finite number, not negative.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(s),
        _ => Err(format!("invalid time: {text}")),
    }
}
