//! Where the board and the rack go in the window: portrait (phone) puts
//! the buttons under the rack, landscape (desktop, tablet) beside the
//! board. World units are logical pixels with the origin at the centre of
//! the window, as the default 2D camera has it.
//!
//! On a phone the board can be zoomed (pinch, double tap) and panned: the
//! zoomed board shows only in the square the board fits unzoomed, and
//! everything that finds or places squares goes through the zoom.

use crate::input::DEFAULT_VIEWPORT;
use bevy::prelude::*;
use wocable_crossword::RACK_SIZE;
use wocable_crossword::{Pos, SIZE};

/// Height of the scoreboard across the top (egui).
pub const TOP_BAR: f32 = 64.0;
/// Width of the side panel in landscape (egui).
pub const SIDE_PANEL: f32 = 300.0;
/// Height of the button bar in portrait (egui).
pub const BOTTOM_BAR: f32 = 140.0;

const MARGIN: f32 = 8.0;
/// Rack tiles are this many board cells wide, space permitting.
const RACK_TILE_CELLS: f32 = 2.2;
/// How far the board zooms in: squares up to this many times their
/// fitted side, which on a phone makes them about as big as rack tiles.
pub const MAX_ZOOM: f32 = 2.5;

#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    pub viewport: Vec2,
    pub portrait: bool,
    /// Side of a board cell, zoomed.
    pub cell: f32,
    /// World position of the board's top-left corner, zoomed.
    pub board_corner: Vec2,
    pub rack_centre: Vec2,
    /// Side of a rack tile.
    pub rack_tile: f32,
    /// The board unzoomed, where it fits: the zoomed board shows there.
    fitted_cell: f32,
    fitted_corner: Vec2,
}

impl Default for BoardLayout {
    fn default() -> Self {
        BoardLayout::for_viewport(DEFAULT_VIEWPORT)
    }
}

impl BoardLayout {
    pub fn for_viewport(viewport: Vec2) -> BoardLayout {
        let viewport = viewport.max(Vec2::ONE);
        // Landscape only when the board still gets room beside the panel.
        let portrait = viewport.x - SIDE_PANEL < viewport.y * 0.9;
        // The free region, in screen coordinates (y down).
        let (left, top, right, bottom) = if portrait {
            (0.0, TOP_BAR, viewport.x, viewport.y - BOTTOM_BAR)
        } else {
            (0.0, TOP_BAR, viewport.x - SIDE_PANEL, viewport.y)
        };
        let width = right - left - 2.0 * MARGIN;
        let height = bottom - top - 2.0 * MARGIN;
        let gap = MARGIN * 1.5;
        // Never nothing, however small the window: sizes divide by these.
        let cell = (width / SIZE as f32).min((height - gap) / (SIZE as f32 + RACK_TILE_CELLS)).floor().max(4.0);
        let rack_tile = (cell * RACK_TILE_CELLS).min(width / (RACK_SIZE as f32 + 0.6)).floor().max(8.0);
        let board_side = cell * SIZE as f32;
        let used = board_side + gap + rack_tile;
        let board_top = top + MARGIN + ((height - used) / 2.0).max(0.0);
        let board_left = left + MARGIN + (width - board_side) / 2.0;
        let to_world = |x: f32, y: f32| Vec2::new(x - viewport.x / 2.0, viewport.y / 2.0 - y);
        let board_corner = to_world(board_left, board_top);
        BoardLayout {
            viewport,
            portrait,
            cell,
            board_corner,
            rack_centre: to_world(board_left + board_side / 2.0, board_top + board_side + gap + rack_tile / 2.0),
            rack_tile,
            fitted_cell: cell,
            fitted_corner: board_corner,
        }
    }

    /// How many times its fitted size the board is shown.
    pub fn zoom(&self) -> f32 {
        self.cell / self.fitted_cell
    }

    /// The same layout unzoomed. The board's squares are drawn at it,
    /// under a parent that [`BoardLayout::zoom_transform`] places.
    pub fn unzoomed(&self) -> BoardLayout {
        BoardLayout { cell: self.fitted_cell, board_corner: self.fitted_corner, ..*self }
    }

    /// The board scaled by `scale` about the world point `from`, which
    /// moves to `to` (a pinch, or a pan with a scale of 1): never smaller
    /// than it fits, nor bigger than [`MAX_ZOOM`], nor leaving any of its
    /// place bare.
    pub fn zoomed(&self, from: Vec2, to: Vec2, scale: f32) -> BoardLayout {
        let cell = (self.cell * scale).clamp(self.fitted_cell, self.fitted_cell * MAX_ZOOM);
        let corner = to + (self.board_corner - from) * (cell / self.cell);
        let overhang = (cell - self.fitted_cell) * SIZE as f32;
        let fitted = self.fitted_corner;
        let board_corner =
            Vec2::new(corner.x.clamp(fitted.x - overhang, fitted.x), corner.y.clamp(fitted.y, fitted.y + overhang));
        BoardLayout { cell, board_corner, ..*self }
    }

    /// Puts what is drawn at the unzoomed layout where the zoom shows it.
    pub fn zoom_transform(&self) -> Transform {
        let zoom = self.zoom();
        Transform::from_translation((self.board_corner - self.fitted_corner * zoom).extend(0.0))
            .with_scale(Vec3::new(zoom, zoom, 1.0))
    }

    /// Whether a world point is where the board shows: zoomed in, the
    /// rest of it is hidden.
    pub fn shows_board_at(&self, world: Vec2) -> bool {
        let offset = (world - self.fitted_corner) * Vec2::new(1.0, -1.0);
        let side = self.fitted_cell * SIZE as f32;
        offset.min_element() >= 0.0 && offset.max_element() < side
    }

    /// A point in the window (logical pixels, y down) in world units.
    pub fn screen_to_world(&self, screen: Vec2) -> Vec2 {
        crate::input::screen_to_world(self.viewport, screen)
    }

    /// A world point in the window (logical pixels, y down).
    pub fn world_to_screen(&self, world: Vec2) -> Vec2 {
        crate::input::world_to_screen(self.viewport, world)
    }

    /// Whether a point of the window (y down) is on the egui panels.
    pub fn in_panels(&self, screen: Vec2) -> bool {
        screen.y < TOP_BAR
            || (self.portrait && screen.y > self.viewport.y - BOTTOM_BAR)
            || (!self.portrait && screen.x > self.viewport.x - SIDE_PANEL)
    }

    pub fn cell_centre(&self, pos: Pos) -> Vec2 {
        self.board_corner + Vec2::new((pos.col as f32 + 0.5) * self.cell, -(pos.row as f32 + 0.5) * self.cell)
    }

    /// The square shown at a world point.
    pub fn pos_at(&self, world: Vec2) -> Option<Pos> {
        if !self.shows_board_at(world) {
            return None;
        }
        let offset = world - self.board_corner;
        let col = (offset.x / self.cell).floor();
        let row = (-offset.y / self.cell).floor();
        if col < 0.0 || row < 0.0 {
            return None;
        }
        Pos::new(row as usize, col as usize)
    }

    fn rack_step(&self) -> f32 {
        self.rack_tile * 1.06
    }

    /// Centre of rack slot `slot` when `count` tiles are on the rack.
    pub fn rack_slot_centre(&self, slot: usize, count: usize) -> Vec2 {
        let first = -(count.max(1) as f32 - 1.0) / 2.0;
        self.rack_centre + Vec2::new((first + slot as f32) * self.rack_step(), 0.0)
    }

    /// The slot a tile dropped at `world` goes to, with `count` tiles on
    /// the rack besides it; `None` away from the rack.
    pub fn rack_slot_at(&self, world: Vec2, count: usize) -> Option<usize> {
        let half_height = self.rack_tile * 0.8;
        let half_width = (RACK_SIZE as f32 / 2.0 + 0.5) * self.rack_step();
        let offset = world - self.rack_centre;
        if offset.y.abs() > half_height || offset.x.abs() > half_width {
            return None;
        }
        let first = -(count as f32) / 2.0;
        let slot = (offset.x / self.rack_step() - first).round();
        Some(slot.clamp(0.0, count as f32) as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_and_rack_fit_every_size_from_a_small_phone_up() {
        for size in
            [Vec2::new(360.0, 640.0), Vec2::new(1280.0, 800.0), Vec2::new(800.0, 1280.0), Vec2::new(2560.0, 1440.0)]
        {
            let layout = BoardLayout::for_viewport(size);
            let half = size / 2.0;
            let corner = layout.board_corner;
            let far = corner + Vec2::new(15.0 * layout.cell, -15.0 * layout.cell);
            assert!(corner.x >= -half.x && far.x <= half.x, "{size}: board inside horizontally");
            assert!(corner.y <= half.y - TOP_BAR && far.y >= -half.y, "{size}: board under the scoreboard");
            let rack_bottom = layout.rack_centre.y - layout.rack_tile / 2.0;
            assert!(rack_bottom >= -half.y, "{size}: rack inside");
            assert!(rack_bottom > far.y - 2.0 * layout.cell - 1.0 || rack_bottom < far.y, "{size}: rack below board");
            assert!(layout.cell >= 20.0, "{size}: cells large enough to touch ({})", layout.cell);
            let last = layout.rack_slot_centre(6, 7);
            assert!(last.x + layout.rack_tile / 2.0 <= half.x, "{size}: rack tiles inside");
        }
    }

    #[test]
    fn squares_and_slots_are_found_where_they_are_drawn() {
        let layout = BoardLayout::default();
        for row in 0..SIZE {
            for col in 0..SIZE {
                let pos = Pos::new(row, col).expect("on the board");
                assert_eq!(layout.pos_at(layout.cell_centre(pos)), Some(pos));
            }
        }
        assert_eq!(layout.pos_at(layout.rack_centre), None);
        for slot in 0..7 {
            assert_eq!(
                layout.rack_slot_at(layout.rack_slot_centre(slot, 7), 6),
                Some(slot),
                "a dragged tile among six"
            );
        }
        assert_eq!(layout.rack_slot_at(layout.cell_centre(Pos::new(7, 7).expect("centre")), 6), None);
    }

    #[test]
    fn window_and_world_points_convert_both_ways() {
        let layout = BoardLayout::for_viewport(Vec2::new(360.0, 640.0));
        assert_eq!(layout.world_to_screen(Vec2::ZERO), Vec2::new(180.0, 320.0), "the origin is the window's centre");
        assert_eq!(layout.world_to_screen(Vec2::new(-180.0, 320.0)), Vec2::ZERO, "y goes down in the window");
        let corner = layout.world_to_screen(layout.board_corner);
        assert_eq!(layout.screen_to_world(corner), layout.board_corner);
        assert!(corner.y >= TOP_BAR, "the board is under the scoreboard");
    }

    #[test]
    fn portrait_and_landscape_follow_the_window() {
        assert!(BoardLayout::for_viewport(Vec2::new(400.0, 800.0)).portrait);
        assert!(!BoardLayout::for_viewport(Vec2::new(1280.0, 800.0)).portrait);
        // Too narrow for the side panel: the buttons go under the board.
        assert!(BoardLayout::for_viewport(Vec2::new(600.0, 500.0)).portrait);
    }

    #[test]
    fn tiny_windows_still_have_cells() {
        for size in [Vec2::ZERO, Vec2::new(320.0, 300.0), Vec2::new(100.0, 100.0)] {
            let layout = BoardLayout::for_viewport(size);
            assert!(layout.cell >= 4.0 && layout.rack_tile >= 8.0, "{size}");
            assert!(layout.pos_at(layout.cell_centre(Pos::new(3, 4).expect("D4"))).is_some());
        }
    }

    #[test]
    fn a_pinch_keeps_the_square_under_the_fingers_within_limits() {
        let fitted = BoardLayout::for_viewport(Vec2::new(360.0, 640.0));
        let d4 = Pos::new(3, 3).expect("D4");
        let at = fitted.cell_centre(d4) + Vec2::new(2.0, -3.0);
        let zoomed = fitted.zoomed(at, at, 2.0);
        assert_eq!(zoomed.zoom(), 2.0);
        let twice_as_far = at + (fitted.cell_centre(d4) - at) * 2.0;
        assert!(zoomed.cell_centre(d4).distance(twice_as_far) < 0.01, "scaled about the fingers");
        assert_eq!(zoomed.pos_at(at), Some(d4), "the square pinched stays under the fingers");
        assert_eq!(fitted.zoomed(at, at, 10.0).zoom(), MAX_ZOOM, "no closer than the limit");
        assert_eq!(zoomed.zoomed(at, at, 0.1), fitted, "no smaller than it fits, and back in its place");
        // Near an edge the board does not leave its place bare.
        let corner = fitted.cell_centre(Pos::new(0, 0).expect("A1"));
        let edge = fitted.zoomed(corner, corner + Vec2::new(80.0, -80.0), 2.0);
        assert_eq!(edge.board_corner, fitted.board_corner, "pulled back to the corner");
    }

    #[test]
    fn a_pan_moves_the_zoomed_board_and_hides_what_leaves_its_place() {
        let fitted = BoardLayout::for_viewport(Vec2::new(360.0, 640.0));
        let centre = fitted.cell_centre(wocable_crossword::CENTRE);
        let zoomed = fitted.zoomed(centre, centre, 2.0);
        let panned = zoomed.zoomed(centre, centre + Vec2::new(-30.0, 20.0), 1.0);
        assert_eq!(panned.board_corner - zoomed.board_corner, Vec2::new(-30.0, 20.0));
        assert_eq!(panned.zoom(), 2.0);
        let far = zoomed.zoomed(centre, centre + Vec2::new(-5000.0, 5000.0), 1.0);
        let side = far.cell * SIZE as f32;
        let fitted_side = fitted.cell * SIZE as f32;
        assert_eq!(
            far.board_corner + Vec2::new(side, -side),
            fitted.board_corner + Vec2::new(fitted_side, -fitted_side)
        );
        // A1 is pushed out of the board's place: not found where it
        // would be, under the rack or the scoreboard.
        let a1 = far.cell_centre(Pos::new(0, 0).expect("A1"));
        assert!(!far.shows_board_at(a1));
        assert_eq!(far.pos_at(a1), None);
        assert_eq!(far.pos_at(far.cell_centre(Pos::new(14, 14).expect("O15"))), Pos::new(14, 14));
    }

    #[test]
    fn the_zoom_transform_draws_squares_where_they_are_found() {
        let fitted = BoardLayout::for_viewport(Vec2::new(360.0, 640.0));
        let at = fitted.cell_centre(Pos::new(5, 9).expect("J6"));
        let zoomed = fitted.zoomed(at, at + Vec2::new(10.0, 4.0), 1.7);
        let transform = zoomed.zoom_transform();
        for pos in [Pos::new(0, 0), Pos::new(7, 7), Pos::new(14, 3)].into_iter().flatten() {
            let drawn = transform.transform_point(zoomed.unzoomed().cell_centre(pos).extend(0.0));
            assert!(drawn.truncate().distance(zoomed.cell_centre(pos)) < 0.01, "{pos:?}");
        }
        assert_eq!(fitted.zoom_transform(), Transform::IDENTITY);
    }
}
