//! Pictures of tiles and boards in egui (the home screen, how to play,
//! the review), and the colours of premium squares.

use crate::ui::theme;
use bevy::prelude::*;
use bevy_egui::egui;
use wocable_crossword::{Layout, Pos, Premium};

/// The colour of a premium square; `colour_blind` is a palette (Paul
/// Tol's) told apart by luminance as well as hue.
pub fn premium_colour(premium: Premium, colour_blind: bool) -> Color {
    match (premium, colour_blind) {
        (Premium::None, _) => theme::CELL,
        (Premium::DoubleLetter, false) => Color::srgb(0.380, 0.647, 0.847),
        (Premium::TripleLetter, false) => Color::srgb(0.161, 0.412, 0.690),
        (Premium::DoubleWord, false) => Color::srgb(0.867, 0.502, 0.576),
        (Premium::TripleWord, false) => Color::srgb(0.788, 0.251, 0.271),
        (Premium::DoubleLetter, true) => Color::srgb(0.533, 0.800, 0.933),
        (Premium::TripleLetter, true) => Color::srgb(0.200, 0.133, 0.533),
        (Premium::DoubleWord, true) => Color::srgb(0.867, 0.800, 0.467),
        (Premium::TripleWord, true) => Color::srgb(0.533, 0.133, 0.333),
    }
}

/// The text colour that reads on a premium square.
pub fn premium_label_colour(premium: Premium, colour_blind: bool) -> Color {
    if colour_blind && matches!(premium, Premium::DoubleLetter | Premium::DoubleWord) {
        theme::TILE_LETTER
    } else {
        theme::CELL_LABEL
    }
}

/// A row of squares with tiles, drawn like the board's: (letter, value,
/// premium of the square under it; an empty letter leaves the square bare).
pub fn tiles_row(ui: &mut egui::Ui, side: f32, tiles: &[(&str, u32, Premium)], colour_blind: bool) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side * tiles.len() as f32, side), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    for (i, (letter, value, premium)) in tiles.iter().enumerate() {
        let square = egui::Rect::from_min_size(rect.min + egui::vec2(i as f32 * side, 0.0), egui::vec2(side, side));
        let square = square.shrink(side * 0.04);
        painter.rect_filled(square, side * 0.08, theme::egui_colour(premium_colour(*premium, colour_blind)));
        if letter.is_empty() {
            continue;
        }
        let tile = square.shrink(side * 0.05);
        painter.rect_filled(tile, side * 0.1, theme::egui_colour(theme::TILE_EDGE));
        let face = egui::Rect::from_min_max(tile.min, tile.max - egui::vec2(0.0, side * 0.06));
        painter.rect_filled(face, side * 0.1, theme::egui_colour(theme::TILE_FACE));
        let ink = theme::egui_colour(theme::TILE_LETTER);
        let letter_font = egui::FontId::new(side * 0.5, crate::ui::bold_family());
        painter.text(face.center(), egui::Align2::CENTER_CENTER, *letter, letter_font, ink);
        let value_font = egui::FontId::new(side * 0.22, crate::ui::bold_family());
        let corner = face.right_bottom() - egui::vec2(side * 0.08, side * 0.04);
        painter.text(corner, egui::Align2::RIGHT_BOTTOM, value.to_string(), value_font, ink);
    }
}

/// A tile in a picture of the board: its square, its letter, whether it
/// is a blank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PictureTile {
    pub pos: Pos,
    pub letter: String,
    pub blank: bool,
}

/// How a tile shows in a picture of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileLook {
    /// Played on an earlier turn.
    Earlier,
    /// The move looked at, in the last move's colour.
    Played,
    /// A move that could have been played, in the accent colour.
    Suggested,
}

/// A picture of the board, `square` points to a square: its premium
/// squares and the tiles on it (later ones over earlier ones).
pub fn board_picture(
    ui: &mut egui::Ui,
    square: f32,
    layout: &Layout,
    tiles: &[(&PictureTile, TileLook)],
    colour_blind: bool,
) {
    use wocable_crossword::SIZE;
    let side = square * SIZE as f32;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, square * 0.12, theme::egui_colour(theme::BOARD_FRAME));
    let square_at = |pos: Pos| {
        let min = rect.min + egui::vec2(pos.col as f32 * square, pos.row as f32 * square);
        egui::Rect::from_min_size(min, egui::vec2(square, square)).shrink(square * 0.06)
    };
    for pos in (0..SIZE).flat_map(|row| (0..SIZE).filter_map(move |col| Pos::new(row, col))) {
        let colour = premium_colour(layout.premium(pos), colour_blind);
        painter.rect_filled(square_at(pos), square * 0.12, theme::egui_colour(colour));
    }
    let font = egui::FontId::new(square * 0.62, crate::ui::bold_family());
    for (tile, look) in tiles {
        let face = match look {
            TileLook::Earlier => theme::TILE_FACE,
            TileLook::Played => theme::TILE_LAST_MOVE,
            TileLook::Suggested => theme::ACCENT,
        };
        // A blank's letter is red, as on the board; on a suggested tile's
        // green, red would not read, so there it is in lower case (as in
        // move notation).
        let (letter, ink) = match (tile.blank, look) {
            (true, TileLook::Suggested) => (tile.letter.to_lowercase(), theme::TILE_LETTER),
            (true, _) => (tile.letter.clone(), theme::BLANK_LETTER),
            (false, _) => (tile.letter.clone(), theme::TILE_LETTER),
        };
        let at = square_at(tile.pos);
        painter.rect_filled(at, square * 0.12, theme::egui_colour(face));
        painter.text(at.center(), egui::Align2::CENTER_CENTER, letter, font.clone(), theme::egui_colour(ink));
    }
}
