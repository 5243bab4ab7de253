//! Where the letters sit: a square grid (8 neighbours) or a wheel (any
//! letter after any other).

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Shape {
    /// A `side`×`side` grid, cells numbered row by row.
    Grid { side: usize },
    /// A wheel of `letters` letters.
    Wheel { letters: usize },
}

impl Shape {
    pub fn cells(self) -> usize {
        match self {
            Shape::Grid { side } => side * side,
            Shape::Wheel { letters } => letters,
        }
    }

    /// Whether a trace may go straight from `a` to `b`.
    pub fn adjacent(self, a: usize, b: usize) -> bool {
        if a == b || a >= self.cells() || b >= self.cells() {
            return false;
        }
        match self {
            Shape::Wheel { .. } => true,
            Shape::Grid { side } => {
                let (ra, ca, rb, cb) = (a / side, a % side, b / side, b % side);
                ra.abs_diff(rb) <= 1 && ca.abs_diff(cb) <= 1
            }
        }
    }

    /// The cells strictly between `a` and `b` when they lie on one row,
    /// column or diagonal of a grid, in order from `a`; `None` otherwise.
    pub fn between(self, a: usize, b: usize) -> Option<Vec<usize>> {
        let Shape::Grid { side } = self else { return None };
        if a >= self.cells() || b >= self.cells() || a == b {
            return None;
        }
        let (ra, ca, rb, cb) = ((a / side) as isize, (a % side) as isize, (b / side) as isize, (b % side) as isize);
        let (dr, dc) = (rb - ra, cb - ca);
        if !(dr == 0 || dc == 0 || dr.abs() == dc.abs()) {
            return None;
        }
        let steps = dr.abs().max(dc.abs());
        let (sr, sc) = (dr.signum(), dc.signum());
        Some((1..steps).map(|k| ((ra + sr * k) * side as isize + ca + sc * k) as usize).collect())
    }
}
