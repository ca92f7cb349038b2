//! ASCII diagrams of positions.
