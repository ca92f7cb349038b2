//! Which command runs what ([`Engine::execute`]): the standard commands in
//! [`super::engine`], GoGui's rules extension in [`super::rules_ext`], the searches in
//! [`super::solver`]. The one place that knows all three, so that none of them needs another.

use super::engine::{Answer, Engine};
use super::protocol::Command;
use super::{rules_ext, solver};

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

impl Engine {
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
}
