//! Option groups shared by several commands, and the value parsers of their numbers.
//!
//! Every number is checked by clap while it parses the command line, through the parsers
//! below; a bad value is reported as `bad option: --option 'value': what was expected` (see
//! [`super::error_line`]). A command that shares a group but words an option's help or default
//! differently says so with `#[command(mut_arg(..))]` on its own argument struct.

use c6solve::input::Source;
use clap::{Args, Command};
use std::ops::{Bound, RangeBounds};
use std::time::Duration;

/// The limits of each search: time, nodes and the transposition table's size (solve, verify,
/// puzzles, harvest). The help below is `solve`'s; the others reword it. (`bench` and
/// `table` take no node limit; their `--time-limit` and `--tt-size`, per position and per row,
/// use the same parsers.)
///
/// The numeric options here allow negative numbers so that `--time-limit -1` reaches their
/// parser (a message naming the option) instead of clap's "unexpected argument '-1'".
#[derive(Args)]
pub struct SearchArgs {
    /// Give up (answer unknown) after this many seconds.
    #[arg(long, value_name = "SECS", value_parser = seconds, allow_negative_numbers = true)]
    pub time_limit: Option<Duration>,
    /// Give up (answer unknown) after this many nodes.
    #[arg(long, value_name = "N", value_parser = whole::<u64>(1..), allow_negative_numbers = true)]
    pub nodes: Option<u64>,
    /// Transposition table size in MiB.
    #[arg(long, value_name = "MIB", value_parser = tt_mib, allow_negative_numbers = true)]
    pub tt_size: Option<usize>,
}

impl SearchArgs {
    /// The table size, where the command gives `--tt-size` a default.
    pub fn tt_mib(&self) -> usize {
        self.tt_size.expect("the command gives --tt-size a default")
    }

    /// The time limit, where the command gives `--time-limit` a default.
    pub fn time(&self) -> Duration {
        self.time_limit
            .expect("the command gives --time-limit a default")
    }
}

/// `--zones` / `--no-zones` of the suites (puzzles, harvest): the last one given wins; neither
/// keeps the solver's default. (`solve`, where zones are always the default, has only its own
/// `--no-zones`.)
#[derive(Args)]
pub struct ZoneArgs {
    /// Relevance zones on (the solver's default decides when neither switch is given).
    #[arg(long, overrides_with = "no_zones")]
    zones: bool,
    /// Relevance zones off.
    #[arg(long, overrides_with = "zones")]
    no_zones: bool,
}

impl ZoneArgs {
    /// Whether the search uses relevance zones.
    pub fn on(&self) -> bool {
        if self.zones {
            true
        } else if self.no_zones {
            false
        } else {
            c6solve::search::SolveOptions::default().zones
        }
    }
}

/// Threads over one table and checkpoints of a table file (solve, table). The help below is
/// `solve`'s; `table` rewords it.
#[derive(Args)]
pub struct ThreadArgs {
    /// Search threads over the one table [default: one per core].
    #[arg(long, value_name = "N", value_parser = whole::<usize>(1..=1024), allow_negative_numbers = true)]
    threads: Option<usize>,
    /// Checkpoint every SECS seconds.
    #[arg(long, value_name = "SECS", value_parser = seconds, allow_negative_numbers = true)]
    pub checkpoint_every: Option<Duration>,
}

impl ThreadArgs {
    /// The number of threads, 0 for one per core.
    pub fn threads(&self) -> usize {
        self.threads.unwrap_or(0)
    }
}

/// Help lists options in the order they are declared, and a flattened group declares its
/// options in one order; a command that lists them otherwise moves one with this (from the
/// command's `#[command(list_before(..))]`).
pub trait ListBefore {
    /// Lists option `first` just before option `then` (both by their field names).
    fn list_before(self, first: &str, then: &str) -> Self;
}

impl ListBefore for Command {
    fn list_before(self, first: &str, then: &str) -> Self {
        let order = self
            .get_arguments()
            .find(|a| a.get_id() == then)
            .map(|a| a.get_display_order())
            .expect("the option to list before is declared");
        // Options of equal order are listed by name: `first` must sort before `then`.
        self.mut_arg(first, |a| a.display_order(order))
    }
}

/// Where the position comes from (at most one of these).
#[derive(Args)]
#[group(multiple = false)]
pub struct PositionArgs {
    /// Stones in play order, Go-style points ("K10 L11 L9") or x,y.
    #[arg(long, value_name = "POINTS")]
    pub moves: Option<String>,
    /// An SGF file: Little Golem's dialect or one stone a node (GoGui).
    #[arg(long, value_name = "FILE")]
    pub sgf: Option<String>,
    /// An ASCII diagram file (format in docs/formats.md).
    #[arg(long, value_name = "FILE")]
    pub position: Option<String>,
}

impl PositionArgs {
    /// Whether a position was given.
    pub fn given(&self) -> bool {
        self.moves.is_some() || self.sgf.is_some() || self.position.is_some()
    }

    /// The source of the position: the one given, else the empty board when rules were given,
    /// else the built-in default.
    pub fn source(&self, have_rules: bool) -> Source {
        if let Some(m) = &self.moves {
            Source::Moves(m.clone())
        } else if let Some(f) = &self.sgf {
            Source::Sgf(f.clone())
        } else if let Some(f) = &self.position {
            Source::Diagram(f.clone())
        } else if have_rules {
            Source::Empty
        } else {
            Source::Default
        }
    }
}

/// A parser of whole numbers in `range` (surrounding blanks allowed). Its message says what
/// the range allows: "above 0", "(0 or more)" or "from A to B".
pub fn whole<T>(
    range: impl RangeBounds<u64>,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
{
    let low = match range.start_bound() {
        Bound::Included(&a) => a,
        Bound::Excluded(&a) => a + 1,
        Bound::Unbounded => 0,
    };
    let high = match range.end_bound() {
        Bound::Included(&b) => Some(b),
        Bound::Excluded(&b) => Some(b - 1),
        Bound::Unbounded => None,
    };
    let expected = match (low, high) {
        (0, None) => "expected a whole number (0 or more)".to_string(),
        (a, None) => format!("expected a whole number above {}", a - 1),
        (a, Some(b)) => format!("expected a whole number from {a} to {b}"),
    };
    move |text: &str| {
        text.trim()
            .parse::<u64>()
            .ok()
            .filter(|&n| n >= low && high.is_none_or(|b| n <= b))
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| expected.clone())
    }
}

/// Seconds above 0 and below 1e9, fractions allowed.
pub fn seconds(text: &str) -> Result<Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() && s < 1e9 => Ok(Duration::from_secs_f64(s)),
        _ => Err("expected seconds above 0 and below 1e9".into()),
    }
}

/// Seconds as a command line gives them: `20`, `0.5`.
pub fn secs_text(d: Duration) -> String {
    d.as_secs_f64().to_string()
}

/// Refuses `n` tables of `mib` MiB at once (`option` N jobs or workers, each with a table of
/// its own) when together they are more than the memory available, as one table that large
/// is refused.
pub fn tables_fit(option: &str, n: usize, mib: usize) -> Result<(), c6solve::Error> {
    let max = c6solve::search::max_tt_mib();
    if n.saturating_mul(mib) > max {
        return Err(c6solve::Error::Option(format!(
            "{option} {n} with --tt-size {mib}: {n} tables of {mib} MiB are more than the \
             memory available ({max} MiB)"
        )));
    }
    Ok(())
}

/// A table size: whole MiB, at least 1, at most the memory available ([`c6solve::search::max_tt_mib`]).
pub fn tt_mib(text: &str) -> Result<usize, String> {
    let mib = text
        .trim()
        .parse::<usize>()
        .map_err(|_| "expected a whole number of MiB".to_string())?;
    let max = c6solve::search::max_tt_mib();
    if mib == 0 || mib > max {
        return Err(format!("expected 1 to {max} MiB (the memory available)"));
    }
    Ok(mib)
}

/// A range `A..B` (or a single number) with 1 <= A <= B <= 50, as `verify --turns-back`.
pub fn turns_back(text: &str) -> Result<(usize, usize), String> {
    let bad = || "expected A..B with 1 <= A <= B <= 50".to_string();
    let (a, b) = text.split_once("..").unwrap_or((text, text));
    let a: usize = a.trim().parse().map_err(|_| bad())?;
    let b: usize = b.trim().parse().map_err(|_| bad())?;
    if a == 0 || a > b || b > 50 {
        return Err(bad());
    }
    Ok((a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_keep_to_their_range() {
        let count = whole::<u64>(1..);
        assert_eq!(count(" 7 "), Ok(7));
        for bad in ["0", "-5", "1.5", "x", ""] {
            assert_eq!(count(bad), Err("expected a whole number above 0".into()));
        }
        let threads = whole::<usize>(1..=1024);
        assert_eq!(threads("1024"), Ok(1024));
        assert_eq!(
            threads("1025"),
            Err("expected a whole number from 1 to 1024".into())
        );
        let trials = whole::<usize>(0..);
        assert_eq!(trials("0"), Ok(0));
        assert_eq!(
            trials("-1"),
            Err("expected a whole number (0 or more)".into())
        );
        // A value past the field's type is refused like one past the range.
        assert!(whole::<u32>(1..)("4294967296").is_err());
    }

    #[test]
    fn seconds_are_positive_and_finite() {
        assert_eq!(seconds("0.5"), Ok(Duration::from_millis(500)));
        for bad in ["0", "-1", "inf", "NaN", "1e9", "soon"] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
        assert_eq!(secs_text(seconds("120").unwrap()), "120");
        assert_eq!(secs_text(seconds("0.25").unwrap()), "0.25");
    }

    #[test]
    fn table_sizes_fit_the_machine() {
        assert_eq!(tt_mib("64"), Ok(64));
        assert!(tt_mib("0").unwrap_err().contains("the memory available"));
        assert_eq!(tt_mib("-3"), Err("expected a whole number of MiB".into()));
    }

    #[test]
    fn turns_back_is_a_range_up_to_50() {
        assert_eq!(turns_back("2..4"), Ok((2, 4)));
        assert_eq!(turns_back("3"), Ok((3, 3)));
        for bad in ["0..3", "3..2", "1..51", "a"] {
            assert!(turns_back(bad).is_err(), "{bad}");
        }
    }
}
