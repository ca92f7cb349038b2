//! GTP version 2 framing: how a command line is read and how a response is written.
//!
//! A line is cleaned as the protocol says (control characters other than tab and newline
//! dropped, tabs turned into spaces, everything from `#` on a comment), and a line left
//! empty is no command. A command is an optional id number, a name and arguments separated
//! by spaces. A response is `=` (success) or `?` (failure), the id if the command had one,
//! a space and the text, ended by a blank line; the text itself never holds a blank line.

/// One command as read from a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The id number the controller gave, echoed in the response.
    pub id: Option<u64>,
    /// The command name (GTP names are case sensitive).
    pub name: String,
    /// The arguments, split at spaces.
    pub args: Vec<String>,
}

/// Reads a command from one line of input; `None` for a line that holds none (empty, blank
/// or only a comment).
pub fn parse_line(line: &str) -> Option<Command> {
    let cleaned: String = line
        .split('#')
        .next()
        .unwrap_or("")
        .chars()
        .filter(|&c| !c.is_control() || c == '\t' || c == '\n')
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let mut words = cleaned.split_whitespace();
    let first = words.next()?;
    let (id, name) = match first.parse::<u64>() {
        Ok(id) if first.bytes().all(|b| b.is_ascii_digit()) => (Some(id), words.next()),
        _ => (None, Some(first)),
    };
    Some(Command {
        id,
        // A line with an id and nothing else has an empty name: an unknown command.
        name: name.unwrap_or("").to_string(),
        args: words.map(str::to_string).collect(),
    })
}

/// The full response to a command with id `id`: `Ok` text after `=`, `Err` text after `?`.
/// Blank lines inside the text are dropped (they would end the response early) and the
/// response ends with the blank line the protocol asks for.
pub fn frame(id: Option<u64>, answer: &Result<String, String>) -> String {
    let (mark, text) = match answer {
        Ok(t) => ('=', t),
        Err(t) => ('?', t),
    };
    let id = id.map(|n| n.to_string()).unwrap_or_default();
    let body: Vec<&str> = text
        .trim_end()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let body = body.join("\n");
    // A multi-line answer starts on the line after `=`, as GoGui's board answers expect.
    let sep = if body.contains('\n') { "\n" } else { " " };
    if body.is_empty() {
        format!("{mark}{id}\n\n")
    } else {
        format!("{mark}{id}{sep}{body}\n\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_comments_tabs_and_control_characters_are_handled() {
        let c = parse_line("12 play\tb  K10 # a comment\r").unwrap();
        assert_eq!(c.id, Some(12));
        assert_eq!(c.name, "play");
        assert_eq!(c.args, vec!["b", "K10"]);
        let c = parse_line("name").unwrap();
        assert_eq!((c.id, c.name.as_str()), (None, "name"));
        assert!(parse_line("   # only a comment").is_none());
        assert!(parse_line("").is_none());
        assert_eq!(parse_line("7").unwrap().name, "");
    }

    #[test]
    fn responses_are_framed_with_id_and_a_blank_line() {
        assert_eq!(frame(Some(3), &Ok("2".into())), "=3 2\n\n");
        assert_eq!(frame(None, &Ok(String::new())), "=\n\n");
        assert_eq!(frame(Some(1), &Err("bad".into())), "?1 bad\n\n");
        assert_eq!(frame(None, &Ok("a\n\nb\n".into())), "=\na\nb\n\n");
    }
}
