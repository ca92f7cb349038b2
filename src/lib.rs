//! c6solve: proves the value of positions in Connect(m,n,k,p,q) games (Connect6, Gomoku,
//! tic-tac-toe and the rest of the family) with depth-first proof-number search.

pub mod board;
pub mod boards;
pub mod error;
pub mod geometry;
pub mod gtp;
pub mod input;
pub mod lab;
pub mod notation;
pub mod pairing;
pub mod point;
pub mod potential;
pub mod proof;
pub mod puzzles;
pub mod render;
pub mod rules;
pub mod search;
pub mod show;
pub mod threats;
pub mod units;
pub mod verify;
pub mod zone;

pub use board::{Cell, Geometry, Position};
pub use error::{Error, Result};
pub use point::Point;
pub use rules::{Color, Rules};
pub use search::{Goal, Outcome, SolveOptions, SolveReport, solve};
