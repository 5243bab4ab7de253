//! Trace input as a state machine fed with pointer events (§7.1–§7.2).
//!
//! - Pressing on a cell starts a trace.
//! - Moving over a neighbour of the last cell adds it. Moving back over a
//!   cell already in the trace removes nothing.
//! - A jump in a straight line (row, column or diagonal of a grid) adds
//!   the skipped cells one by one, in order, then the cell reached.
//! - A jump that is not straight, or that would pass over a cell already
//!   in the trace, adds nothing: the trace stays as it was and goes on from
//!   its last cell (the player sees the jump ignored, not a wrong letter).
//! - Release submits the trace; cancel drops it.

use crate::shape::Shape;
use serde::{Deserialize, Serialize};

/// What a pointer move did to the trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Moved {
    /// These cells were added, in order.
    Added(Vec<usize>),
    /// Over a cell already in the trace, or no trace under way.
    Nothing,
    /// A jump that is not a straight line, or that passes over a used cell.
    JumpIgnored,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tracer {
    path: Vec<usize>,
    active: bool,
}

impl Tracer {
    /// The cells traced so far.
    pub fn path(&self) -> &[usize] {
        &self.path
    }

    pub fn is_tracing(&self) -> bool {
        self.active
    }

    /// Starts a trace on `cell` (a press elsewhere than on a cell is ignored).
    pub fn press(&mut self, shape: Shape, cell: usize) {
        if cell < shape.cells() {
            self.path = vec![cell];
            self.active = true;
        }
    }

    /// The pointer is now over `cell`.
    pub fn move_over(&mut self, shape: Shape, cell: usize) -> Moved {
        let Some(&last) = self.path.last().filter(|_| self.active) else { return Moved::Nothing };
        if cell >= shape.cells() || self.path.contains(&cell) {
            return Moved::Nothing;
        }
        if shape.adjacent(last, cell) {
            self.path.push(cell);
            return Moved::Added(vec![cell]);
        }
        match shape.between(last, cell) {
            Some(skipped) if !skipped.iter().any(|c| self.path.contains(c)) => {
                let mut added = skipped;
                added.push(cell);
                self.path.extend(&added);
                Moved::Added(added)
            }
            _ => Moved::JumpIgnored,
        }
    }

    /// Ends the trace: the cells to submit.
    pub fn release(&mut self) -> Vec<usize> {
        self.active = false;
        std::mem::take(&mut self.path)
    }

    /// Drops the trace (the app went to the background, §7.7).
    pub fn cancel(&mut self) {
        self.active = false;
        self.path.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID: Shape = Shape::Grid { side: 4 };

    #[test]
    fn neighbours_are_added_and_going_back_removes_nothing() {
        let mut t = Tracer::default();
        t.press(GRID, 0);
        assert_eq!(t.move_over(GRID, 5), Moved::Added(vec![5]));
        assert_eq!(t.move_over(GRID, 0), Moved::Nothing);
        assert_eq!(t.move_over(GRID, 5), Moved::Nothing);
        assert_eq!(t.move_over(GRID, 6), Moved::Added(vec![6]));
        assert_eq!(t.release(), vec![0, 5, 6]);
        assert!(!t.is_tracing());
        assert_eq!(t.move_over(GRID, 7), Moved::Nothing, "no trace after release");
    }

    #[test]
    fn straight_jumps_fill_the_skipped_cells_in_order() {
        let mut t = Tracer::default();
        t.press(GRID, 0);
        assert_eq!(t.move_over(GRID, 3), Moved::Added(vec![1, 2, 3]), "along a row");
        assert_eq!(t.move_over(GRID, 15), Moved::Added(vec![7, 11, 15]), "down a column");
        assert_eq!(t.move_over(GRID, 5), Moved::Added(vec![10, 5]), "up a diagonal");
        assert_eq!(t.path(), [0, 1, 2, 3, 7, 11, 15, 10, 5]);
    }

    #[test]
    fn crooked_jumps_and_jumps_over_used_cells_are_ignored() {
        let mut t = Tracer::default();
        t.press(GRID, 0);
        assert_eq!(t.move_over(GRID, 9), Moved::JumpIgnored, "knight's move");
        t.move_over(GRID, 1);
        t.move_over(GRID, 5);
        t.move_over(GRID, 4);
        // From 4, jumping to 6 would pass over 5, already used.
        assert_eq!(t.move_over(GRID, 6), Moved::JumpIgnored);
        assert_eq!(t.path(), [0, 1, 5, 4]);
    }

    #[test]
    fn on_a_wheel_any_letter_follows_any_other() {
        let wheel = Shape::Wheel { letters: 6 };
        let mut t = Tracer::default();
        t.press(wheel, 2);
        assert_eq!(t.move_over(wheel, 5), Moved::Added(vec![5]));
        assert_eq!(t.move_over(wheel, 0), Moved::Added(vec![0]));
        assert_eq!(t.move_over(wheel, 6), Moved::Nothing, "off the wheel");
        t.cancel();
        assert!(t.path().is_empty() && !t.is_tracing());
    }
}
