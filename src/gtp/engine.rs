//! The engine: the game it keeps (rules and stones in play order), its settings, and the
//! standard commands that change them. Which command runs what: `dispatch`.

use super::clock::Clock;
use super::memory::Memory;
use crate::board::{Cell, Position};
use crate::notation::{format_point, parse_point};
use crate::rules::{Color, Rules};
use std::time::Duration;

/// What a command answers: the text after `=`, or the error after `?`.
pub type Answer = Result<String, String>;

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
    pub(super) memory: Memory,
    pub(super) quit: bool,
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
            memory: Memory::default(),
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

    /// Starts a new game under `rules`.
    pub(super) fn reset(&mut self, rules: Rules) {
        self.rules = rules;
        self.moves.clear();
        self.pos = Position::new(rules);
        self.memory = Memory::default();
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

    pub(super) fn boardsize(&mut self, args: &[&str]) -> Answer {
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

    pub(super) fn rules_command(&mut self, args: &[&str]) -> Answer {
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

    pub(super) fn play_command(&mut self, args: &[&str]) -> Answer {
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

    pub(super) fn undo(&mut self) -> Answer {
        if self.moves.pop().is_none() {
            return Err("cannot undo".into());
        }
        self.pos.undo();
        Ok(String::new())
    }

    pub(super) fn time_settings(&mut self, args: &[&str]) -> Answer {
        let usage = || "usage: time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES".to_string();
        let [main, byo, stones] = args[..] else {
            return Err(usage());
        };
        let (main, byo, stones) = (seconds(main)?, seconds(byo)?, stones.parse::<u32>());
        let clock = Clock::from_settings(main, byo, stones.map_err(|_| usage())?);
        self.clocks = [Some(clock), Some(clock)];
        Ok(String::new())
    }

    pub(super) fn time_left(&mut self, args: &[&str]) -> Answer {
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
