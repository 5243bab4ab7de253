//! Where the board and the rack go in the window: portrait (phone) puts
//! the buttons under the rack, landscape (desktop, tablet) beside the
//! board. World units are logical pixels with the origin at the centre of
//! the window, as the default 2D camera has it.

use crate::input::DEFAULT_VIEWPORT;
use bevy::prelude::*;
use wocable_crossword::board::{Pos, SIZE};
use wocable_crossword::rules::RACK_SIZE;

/// Height of the scoreboard across the top (egui).
pub const TOP_BAR: f32 = 64.0;
/// Width of the side panel in landscape (egui).
pub const SIDE_PANEL: f32 = 300.0;
/// Height of the button bar in portrait (egui).
pub const BOTTOM_BAR: f32 = 140.0;

const MARGIN: f32 = 8.0;
/// Rack tiles are this many board cells wide, space permitting.
const RACK_TILE_CELLS: f32 = 2.2;

#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    pub viewport: Vec2,
    pub portrait: bool,
    /// Side of a board cell.
    pub cell: f32,
    /// World position of the board's top-left corner.
    pub board_corner: Vec2,
    pub rack_centre: Vec2,
    /// Side of a rack tile.
    pub rack_tile: f32,
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
        BoardLayout {
            viewport,
            portrait,
            cell,
            board_corner: to_world(board_left, board_top),
            rack_centre: to_world(board_left + board_side / 2.0, board_top + board_side + gap + rack_tile / 2.0),
            rack_tile,
        }
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

    /// The square under a world point.
    pub fn pos_at(&self, world: Vec2) -> Option<Pos> {
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
}
