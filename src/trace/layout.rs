//! Where a round's parts go in the window: the hidden crossword above the
//! letters in portrait (a phone), beside them in landscape, the word being
//! traced just over the letters, and egui's bars at the top (score, clock,
//! bonus words) and the bottom (pause, shuffle). World units as the app's
//! 2D camera has them: logical pixels, origin at the window's centre.

use crate::input::{Viewport, screen_to_world};
use bevy::prelude::*;
use wocable_trace::{Puzzle, Shape};

/// Height of the bar of score, clock and bonus words (egui).
pub const TOP_BAR: f32 = 56.0;
/// Height of the button bar (egui).
pub const BOTTOM_BAR: f32 = 60.0;
/// Height of the line of the word being traced.
const WORD_LINE: f32 = 48.0;
const MARGIN: f32 = 10.0;
/// The smallest letter a finger can aim at (44 points).
const MIN_TARGET: f32 = 44.0;
/// The largest square of the crossword.
const MAX_BOX: f32 = 44.0;

#[derive(Resource, Clone, Debug, PartialEq)]
pub struct TraceLayout {
    pub viewport: Vec2,
    pub portrait: bool,
    /// The centre of each letter's cell, by cell.
    pub letters: Vec<Vec2>,
    /// Side of a letter's tile.
    pub letter_side: f32,
    /// A pointer this close to a letter's centre is on it: less than half
    /// the way to the next, so that a diagonal does not catch a neighbour.
    pub hit_radius: f32,
    /// Where the word being traced is written.
    pub word_at: Vec2,
    /// Side of a square of the crossword, and the world point of its
    /// top-left corner.
    pub box_side: f32,
    pub crossword_corner: Vec2,
}

impl TraceLayout {
    /// The layout of `puzzle` in a window of `viewport`, its wheel's
    /// letters in `order` (slot by slot; a grid keeps its cells in place).
    pub fn new(viewport: Viewport, puzzle: &Puzzle, order: &[usize]) -> TraceLayout {
        let viewport = viewport.0.max(Vec2::ONE);
        let (rows, cols) = crossword_size(puzzle);
        let has_crossword = rows > 0;
        let portrait = viewport.x < viewport.y * 1.1;
        let (top, bottom) = (TOP_BAR + MARGIN, viewport.y - BOTTOM_BAR - MARGIN);
        let (width, height) = (viewport.x - 2.0 * MARGIN, (bottom - top).max(1.0));
        // Screen rectangles (y down) of the crossword and of the letters.
        let (crossword, letters) = match (has_crossword, portrait) {
            (false, _) => (Rect::default(), square_in(MARGIN, top + WORD_LINE, width, height - WORD_LINE)),
            (true, true) => {
                // The crossword spreads wide: it gets more than half.
                let side = width.min((height - WORD_LINE) * 0.47);
                let letters = square_in(MARGIN, bottom - side, width, side);
                let crossword = Rect::new(MARGIN, top, MARGIN + width, bottom - side - WORD_LINE);
                (crossword, letters)
            }
            (true, false) => {
                let half = width / 2.0;
                let letters = square_in(MARGIN + half, top + WORD_LINE, half, height - WORD_LINE);
                (Rect::new(MARGIN, top, MARGIN + half, bottom), letters)
            }
        };
        let box_side = if has_crossword {
            (crossword.width() / cols as f32).min(crossword.height() / rows as f32).min(MAX_BOX).floor().max(4.0)
        } else {
            0.0
        };
        let crossword_size = Vec2::new(cols as f32, rows as f32) * box_side;
        let crossword_corner = screen_to_world(viewport, crossword.center() - crossword_size / 2.0);
        let side = letters.width().max(8.0);
        let centre = screen_to_world(viewport, letters.center());
        let (centres, letter_side, hit_radius) = match puzzle.shape {
            Shape::Grid { side: n } => {
                let cell = side / n as f32;
                let centres = (0..n * n)
                    .map(|c| {
                        let (row, col) = ((c / n) as f32, (c % n) as f32);
                        centre + Vec2::new((col + 0.5) * cell - side / 2.0, side / 2.0 - (row + 0.5) * cell)
                    })
                    .collect();
                (centres, cell * 0.84, cell * 0.42)
            }
            Shape::Wheel { letters: n } => {
                let radius = side * 0.36;
                let chord = std::f32::consts::TAU * radius / n as f32;
                // A finger's width at least, where the wheel has room.
                let letter = (side * 0.19).max(MIN_TARGET).min(chord * 0.8);
                let mut centres = vec![centre; n];
                for (slot, cell) in order.iter().enumerate().filter(|(_, cell)| **cell < n) {
                    let angle = std::f32::consts::FRAC_PI_2 - slot as f32 * std::f32::consts::TAU / n as f32;
                    centres[*cell] = centre + Vec2::from_angle(angle) * radius;
                }
                (centres, letter, letter * 0.6)
            }
        };
        TraceLayout {
            viewport,
            portrait,
            letters: centres,
            letter_side,
            hit_radius,
            word_at: screen_to_world(viewport, Vec2::new(letters.center().x, letters.min.y - WORD_LINE / 2.0)),
            box_side,
            crossword_corner,
        }
    }

    /// The letter's cell under a world point.
    pub fn cell_at(&self, at: Vec2) -> Option<usize> {
        self.letters.iter().position(|centre| centre.distance(at) <= self.hit_radius)
    }

    /// The centre of the crossword's square at `row`, `col`.
    pub fn box_centre(&self, row: i32, col: i32) -> Vec2 {
        self.crossword_corner + Vec2::new((col as f32 + 0.5) * self.box_side, -(row as f32 + 0.5) * self.box_side)
    }
}

/// The crossword's rows and columns (none in Score mode).
fn crossword_size(puzzle: &Puzzle) -> (usize, usize) {
    let squares = puzzle.targets.iter().flat_map(|t| t.squares().map(|(square, _)| square));
    squares.fold((0, 0), |(rows, cols), (row, col)| (rows.max(row as usize + 1), cols.max(col as usize + 1)))
}

/// The largest square centred in a rectangle (screen, y down).
fn square_in(left: f32, top: f32, width: f32, height: f32) -> Rect {
    let side = width.min(height).max(1.0);
    let centre = Vec2::new(left + width / 2.0, top + height / 2.0);
    Rect::from_center_size(centre, Vec2::splat(side))
}

#[cfg(test)]
mod tests {
    use super::*;
    use wocable_lexicon::{Language, Lexicon};
    use wocable_trace::{Familiar, Mode, generate};

    #[test]
    fn letters_and_crossword_fit_apart_from_a_phone_up() {
        let lexicon = Lexicon::bundled(Language::En);
        let familiar = Familiar::bundled(Language::En);
        for mode in Mode::ALL {
            let puzzle = generate(mode, 4, &lexicon, &familiar, 11).expect("a puzzle");
            let order: Vec<usize> = (0..puzzle.letters.len()).collect();
            for size in [Vec2::new(360.0, 640.0), Vec2::new(1280.0, 800.0), Vec2::new(800.0, 1280.0)] {
                let layout = TraceLayout::new(Viewport(size), &puzzle, &order);
                let half = size / 2.0;
                let inside = |p: Vec2, r: f32| {
                    p.x - r >= -half.x && p.x + r <= half.x && p.y - r >= -half.y && p.y + r <= half.y
                };
                for (cell, centre) in layout.letters.iter().enumerate() {
                    assert!(inside(*centre, layout.letter_side / 2.0), "{mode:?} {size}: letter {cell} off the window");
                    assert_eq!(layout.cell_at(*centre), Some(cell), "{mode:?} {size}: found where drawn");
                }
                assert!(layout.letter_side >= MIN_TARGET, "{mode:?} {size}: a finger's width");
                let lowest_square = puzzle
                    .targets
                    .iter()
                    .flat_map(|t| t.squares())
                    .map(|((row, col), _)| layout.box_centre(row, col).y - layout.box_side / 2.0)
                    .fold(f32::INFINITY, f32::min);
                let highest_letter =
                    layout.letters.iter().map(|c| c.y + layout.letter_side / 2.0).fold(f32::NEG_INFINITY, f32::max);
                if layout.portrait && mode != Mode::Score {
                    assert!(lowest_square > layout.word_at.y && layout.word_at.y > highest_letter, "{mode:?} {size}");
                }
            }
        }
    }
}
