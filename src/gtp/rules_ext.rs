//! GoGui's rules extension: the `gogui-rules_*` commands through which GoGui plays games
//! other than Go. GoGui asks the engine which points are legal, whose move it is (in
//! Connect6 the same side places two stones in a row, so GoGui must ask after every
//! stone), what the board holds and how the game ended.

use super::engine::{Answer, Engine};
use crate::rules::{Color, Rules};

/// Answers the rules command `name`.
pub(super) fn execute(engine: &Engine, name: &str, args: &[&str]) -> Answer {
    if !args.is_empty() {
        return Err(format!("{name} takes no arguments"));
    }
    let pos = &engine.pos;
    let rules = engine.rules;
    match name {
        "gogui-rules_game_id" => Ok(game_id(&rules)),
        "gogui-rules_board_size" if rules.width == rules.height => Ok(rules.width.to_string()),
        "gogui-rules_board_size" => Err(format!(
            "GoGui shows square boards only; this board is {}x{}",
            rules.width, rules.height
        )),
        "gogui-rules_legal_moves" => Ok(if pos.is_over() {
            String::new()
        } else {
            pos.empty_points()
                .map(|c| engine.name(c))
                .collect::<Vec<_>>()
                .join(" ")
        }),
        "gogui-rules_side_to_move" => Ok(color_word(pos.to_move()).into()),
        "gogui-rules_board" => {
            // Rows from the top, as GoGui draws them: X black, O white, . empty.
            let mut rows = Vec::new();
            for y in (0..rules.height).rev() {
                let row: String = (0..rules.width)
                    .map(|x| match pos.at(y * rules.width + x) {
                        Some(Color::Black) => 'X',
                        Some(Color::White) => 'O',
                        None => '.',
                    })
                    .collect();
                rows.push(row);
            }
            Ok(format!("\n{}", rows.join("\n")))
        }
        "gogui-rules_final_result" => Ok(match pos.winner() {
            Some(c) => color_word(c).into(),
            None if pos.empties() == 0 => "draw".into(),
            None => "unknown".into(),
        }),
        other => Err(format!("unknown command: {other}")),
    }
}

/// The game's name: `Connect6` for its rules, else the family name with the parameters.
fn game_id(rules: &Rules) -> String {
    if *rules == Rules::connect6() {
        "Connect6".into()
    } else {
        format!("Connect({rules})")
    }
}

fn color_word(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}
