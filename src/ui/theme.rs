//! One palette and one pair of fonts for everything drawn: the board in
//! Bevy 2D and the menus in egui.

use bevy::prelude::*;

pub const BACKGROUND: Color = Color::srgb(0.094, 0.133, 0.176);
pub const BOARD_FRAME: Color = Color::srgb(0.062, 0.090, 0.122);
pub const CELL: Color = Color::srgb(0.180, 0.239, 0.302);
pub const CELL_LABEL: Color = Color::srgba(1.0, 1.0, 1.0, 0.85);
pub const TILE_FACE: Color = Color::srgb(0.965, 0.894, 0.729);
pub const TILE_EDGE: Color = Color::srgb(0.796, 0.690, 0.478);
/// Tiles put down this turn, not yet played.
pub const TILE_PENDING: Color = Color::srgb(1.0, 0.945, 0.694);
/// Tiles of the last move played.
pub const TILE_LAST_MOVE: Color = Color::srgb(0.992, 0.851, 0.580);
pub const TILE_LETTER: Color = Color::srgb(0.165, 0.129, 0.094);
/// A blank's letter is shown apart from real letters.
pub const BLANK_LETTER: Color = Color::srgb(0.741, 0.180, 0.180);
pub const ACCENT: Color = Color::srgb(0.380, 0.757, 0.502);
pub const WARNING: Color = Color::srgb(0.902, 0.361, 0.325);
pub const CURSOR: Color = Color::srgba(0.380, 0.757, 0.502, 0.55);

/// The app's fonts (Inter, OFL), compiled in so text shows at the first
/// frame on every platform. Default handles (Bevy's own font) where no
/// font assets exist, as in headless tests.
#[derive(Resource, Clone, Default)]
pub struct Fonts {
    pub regular: Handle<Font>,
    pub bold: Handle<Font>,
}

pub const REGULAR_FONT: &[u8] = include_bytes!("../../assets/fonts/Inter-Regular.otf");
pub const BOLD_FONT: &[u8] = include_bytes!("../../assets/fonts/Inter-Bold.otf");
/// The symbols Inter lacks (the turn clock's stopwatch), cut from
/// emoji-icon-font: egui's own fonts would add megabytes to the web build.
pub const SYMBOLS_FONT: &[u8] = include_bytes!("../../assets/fonts/Symbols.ttf");

/// Text in the world (Bevy's, not egui's) in `handle`'s font, `px` high.
pub fn text_font(handle: &Handle<Font>, px: f32) -> TextFont {
    TextFont { font: handle.into(), font_size: bevy::text::FontSize::Px(px), ..default() }
}

pub fn egui_colour(colour: Color) -> bevy_egui::egui::Color32 {
    let [r, g, b, a] = colour.to_srgba().to_u8_array();
    bevy_egui::egui::Color32::from_rgba_unmultiplied(r, g, b, a)
}
