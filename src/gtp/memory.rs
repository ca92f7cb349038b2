//! What the engine remembers of its searches in the current game: the proven stones still to
//! play this turn and the last proof written, each for the move list it was made at.

use crate::board::Cell;
use crate::proof::Certificate;
use crate::search::SolveReport;

/// What the engine remembers of its searches in the current game. Each entry holds for
/// the move list it was made for and is dropped once the game moves elsewhere.
#[derive(Default)]
pub struct Memory {
    /// Proven stones of the side to move for the rest of its turn (a win's winning stones or
    /// a draw's holding stones), for the move list they were proven at.
    pub(super) plan: Option<(Vec<Cell>, Vec<Cell>)>,
    /// The last proof written, for its move list.
    pub(super) proof: Option<(Vec<Cell>, Proved)>,
}

/// A solve with its certificate (when one could be written).
#[derive(Clone)]
pub(super) struct Proved {
    pub(super) report: SolveReport,
    pub(super) cert: Result<Certificate, String>,
}
