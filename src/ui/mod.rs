//! The interface around the board: egui with one theme, the fonts, the
//! strings (Fluent), and raw mouse and touch input turned into pointer
//! messages for the board.

pub mod clipboard;
pub mod i18n;
pub mod theme;

use crate::crossword::input::{PointerInput, PointerPhase};
use crate::crossword::layout::BoardLayout;
use crate::crossword::turn::TurnSystems;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui::{self, FontData, FontDefinitions, FontFamily};
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass};
use std::sync::Arc;
use theme::Fonts;

/// Parts that run headless too.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Fonts>();
}

/// The windowed interface: egui, fonts, pointer input.
pub(super) fn window_plugin(app: &mut App) {
    let fonts = {
        let mut assets = app.world_mut().resource_mut::<Assets<Font>>();
        Fonts {
            regular: assets.add(Font::from_bytes(theme::REGULAR_FONT.to_vec())),
            bold: assets.add(Font::from_bytes(theme::BOLD_FONT.to_vec())),
        }
    };
    app.insert_resource(fonts)
        .insert_resource(ClearColor(theme::BACKGROUND))
        .add_plugins(EguiPlugin::default())
        .add_systems(Startup, |mut commands: Commands| {
            // Sprites and text have no edges to smooth: multisampling would
            // only cost fill rate (a lot, on software renderers).
            commands.spawn((Camera2d, Msaa::Off));
        })
        .configure_sets(EguiPrimaryContextPass, Drawing.run_if(resource_exists::<Styled>))
        .add_systems(EguiPrimaryContextPass, style_egui.run_if(not(resource_exists::<Styled>)))
        .add_systems(Update, (mouse, touch).before(TurnSystems::Input));
}

/// The egui systems that draw screens; they start once the app's fonts
/// and style are in egui (a frame after they are set).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct Drawing;

/// The app's fonts and style are in egui.
#[derive(Resource)]
pub struct Styled;

/// Whether a press at `screen` (window pixels) is for the board: not on
/// egui's panels, nor on a window or pop-up egui is showing.
fn press_for_board(screen: Vec2, layout: &BoardLayout, egui: &EguiWantsInput) -> bool {
    !layout.in_panels(screen) && !egui.wants_any_pointer_input()
}

/// Presses go to the board only where egui is not; moves and releases
/// always do, so a drag ends wherever the button comes up (even outside
/// the window, at the last position seen).
fn mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    layout: Res<BoardLayout>,
    egui: Res<EguiWantsInput>,
    mut pointer: MessageWriter<PointerInput>,
    mut last: Local<Option<Vec2>>,
) {
    let screen = windows.single().ok().and_then(Window::cursor_position).or(*last);
    let Some(screen) = screen else { return };
    let at = layout.screen_to_world(screen);
    // Press and release can both fall in one frame (a quick tap).
    if buttons.just_pressed(MouseButton::Left) && press_for_board(screen, &layout, &egui) {
        pointer.write(PointerInput { phase: PointerPhase::Press, at });
    } else if *last != Some(screen) {
        pointer.write(PointerInput { phase: PointerPhase::Move, at });
    }
    if buttons.just_released(MouseButton::Left) {
        pointer.write(PointerInput { phase: PointerPhase::Release, at });
    }
    *last = Some(screen);
}

/// The first finger drags; others are ignored.
fn touch(
    touches: Res<Touches>,
    layout: Res<BoardLayout>,
    egui: Res<EguiWantsInput>,
    mut pointer: MessageWriter<PointerInput>,
    mut finger: Local<Option<u64>>,
) {
    for touch in touches.iter_just_pressed() {
        if finger.is_none() && press_for_board(touch.position(), &layout, &egui) {
            *finger = Some(touch.id());
            pointer.write(PointerInput { phase: PointerPhase::Press, at: layout.screen_to_world(touch.position()) });
        }
    }
    for touch in touches.iter() {
        if Some(touch.id()) == *finger && touch.delta() != Vec2::ZERO {
            pointer.write(PointerInput { phase: PointerPhase::Move, at: layout.screen_to_world(touch.position()) });
        }
    }
    for touch in touches.iter_just_released().chain(touches.iter_just_canceled()) {
        if Some(touch.id()) == *finger {
            *finger = None;
            pointer.write(PointerInput { phase: PointerPhase::Release, at: layout.screen_to_world(touch.position()) });
        }
    }
}

/// Inter, then egui's own fonts for symbols.
fn font_definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert("inter".into(), Arc::new(FontData::from_static(theme::REGULAR_FONT)));
    fonts.font_data.insert("inter-bold".into(), Arc::new(FontData::from_static(theme::BOLD_FONT)));
    let proportional = fonts.families.entry(FontFamily::Proportional).or_default();
    proportional.insert(0, "inter".into());
    // Bold falls back as the rest does, on egui's fonts for symbols.
    let bold = ["inter-bold".into()].into_iter().chain(proportional.iter().cloned()).collect();
    fonts.families.insert(bold_family(), bold);
    fonts
}

/// The app's look for egui: Inter, dark panels, the accent colour, large
/// touch targets.
fn style_egui(mut commands: Commands, mut contexts: EguiContexts) -> Result {
    let ctx = contexts.ctx_mut()?;
    commands.insert_resource(Styled);
    ctx.set_fonts(font_definitions());
    ctx.set_theme(egui::ThemePreference::Dark);
    ctx.all_styles_mut(|style| {
        style.visuals = egui::Visuals::dark();
        style.visuals.override_text_color = Some(egui::Color32::from_rgb(236, 232, 222));
        style.visuals.panel_fill = theme::egui_colour(theme::BOARD_FRAME);
        style.visuals.window_fill = theme::egui_colour(theme::CELL);
        style.visuals.selection.bg_fill = theme::egui_colour(theme::ACCENT);
        style.visuals.widgets.hovered.weak_bg_fill = theme::egui_colour(theme::ACCENT).gamma_multiply(0.6);
        style.spacing.button_padding = egui::vec2(14.0, 8.0);
        style.spacing.item_spacing = egui::vec2(10.0, 10.0);
        style.spacing.interact_size.y = 36.0;
        for (text_style, size) in [
            (egui::TextStyle::Heading, 30.0),
            (egui::TextStyle::Body, 18.0),
            (egui::TextStyle::Button, 18.0),
            (egui::TextStyle::Small, 14.0),
        ] {
            if let Some(font) = style.text_styles.get_mut(&text_style) {
                font.size = size;
            }
        }
    });
    Ok(())
}

/// The Ui that panels are laid out in, covering the window.
pub fn root_ui(ctx: &egui::Context) -> egui::Ui {
    let builder = egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect());
    egui::Ui::new(ctx.clone(), egui::Id::new("wocable-root"), builder)
}

/// A row of squares with tiles, drawn like the board's: (letter, value,
/// premium of the square under it; an empty letter leaves the square bare).
pub fn tiles_row(ui: &mut egui::Ui, side: f32, tiles: &[(&str, u32, wocable_crossword::Premium)], colour_blind: bool) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side * tiles.len() as f32, side), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    for (i, (letter, value, premium)) in tiles.iter().enumerate() {
        let square = egui::Rect::from_min_size(rect.min + egui::vec2(i as f32 * side, 0.0), egui::vec2(side, side));
        let square = square.shrink(side * 0.04);
        painter.rect_filled(square, side * 0.08, theme::egui_colour(theme::premium_colour(*premium, colour_blind)));
        if letter.is_empty() {
            continue;
        }
        let tile = square.shrink(side * 0.05);
        painter.rect_filled(tile, side * 0.1, theme::egui_colour(theme::TILE_EDGE));
        let face = egui::Rect::from_min_max(tile.min, tile.max - egui::vec2(0.0, side * 0.06));
        painter.rect_filled(face, side * 0.1, theme::egui_colour(theme::TILE_FACE));
        let ink = theme::egui_colour(theme::TILE_LETTER);
        let letter_font = egui::FontId::new(side * 0.5, bold_family());
        painter.text(face.center(), egui::Align2::CENTER_CENTER, *letter, letter_font, ink);
        let value_font = egui::FontId::new(side * 0.22, bold_family());
        let corner = face.right_bottom() - egui::vec2(side * 0.08, side * 0.04);
        painter.text(corner, egui::Align2::RIGHT_BOTTOM, value.to_string(), value_font, ink);
    }
}

/// A tile in a picture of the board: its square, its letter, whether it
/// is a blank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PictureTile {
    pub pos: wocable_crossword::Pos,
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
    layout: &wocable_crossword::Layout,
    tiles: &[(&PictureTile, TileLook)],
    colour_blind: bool,
) {
    use wocable_crossword::board::SIZE;
    let side = square * SIZE as f32;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, square * 0.12, theme::egui_colour(theme::BOARD_FRAME));
    let square_at = |pos: wocable_crossword::Pos| {
        let min = rect.min + egui::vec2(pos.col as f32 * square, pos.row as f32 * square);
        egui::Rect::from_min_size(min, egui::vec2(square, square)).shrink(square * 0.06)
    };
    for pos in (0..SIZE).flat_map(|row| (0..SIZE).filter_map(move |col| wocable_crossword::Pos::new(row, col))) {
        let colour = theme::premium_colour(layout.premium(pos), colour_blind);
        painter.rect_filled(square_at(pos), square * 0.12, theme::egui_colour(colour));
    }
    let font = egui::FontId::new(square * 0.62, bold_family());
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

/// A bold heading in the app's font.
pub fn bold(text: impl Into<String>, size: f32) -> egui::RichText {
    egui::RichText::new(text).family(bold_family()).size(size)
}

/// The app's bold font in egui.
pub fn bold_family() -> FontFamily {
    FontFamily::Name("bold".into())
}

/// The app's own sources, less their tests, by path (for tests that
/// check what the code says).
#[cfg(test)]
pub(crate) fn app_sources() -> Vec<(std::path::PathBuf, String)> {
    let mut sources = Vec::new();
    let mut stack = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))];
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            stack.extend(std::fs::read_dir(&path).expect("src readable").map(|e| e.expect("entry").path()));
            continue;
        }
        let source = std::fs::read_to_string(&path).expect("source readable");
        let code = source.split("#[cfg(test)]").next().unwrap_or_default().to_string();
        sources.push((path, code));
    }
    sources
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::i18n::UiLanguage;
    use std::collections::BTreeSet;
    use wocable_lexicon::Language;

    /// The characters other than ASCII in the string literals of `code`
    /// (comments left out).
    fn symbols(code: &str) -> BTreeSet<char> {
        let lines = code.lines().map(|line| line.split("//").next().unwrap_or_default());
        let literals = lines.flat_map(|line| line.split('"').skip(1).step_by(2).collect::<Vec<_>>());
        literals.flat_map(str::chars).filter(|c| !c.is_ascii()).collect()
    }

    /// Every character the interface can show is in the bundled fonts, so
    /// that none shows as an empty box: the Fluent strings of the four
    /// languages, the tiles' letters and the symbols written in code. The
    /// board's text (Bevy's, not egui's) has Inter Bold alone, without
    /// egui's fonts to fall back on.
    #[test]
    fn every_character_the_interface_shows_is_in_the_bundled_fonts() {
        use skrifa::MetadataProvider;
        let fonts = font_definitions();
        // What the faces of a family (by name) have between them.
        let missing = |faces: &[String], chars: &BTreeSet<char>| -> String {
            let faces: Vec<skrifa::FontRef> = faces
                .iter()
                .map(|name| {
                    let data = &fonts.font_data[name];
                    skrifa::FontRef::from_index(&data.font, data.index).expect("a font")
                })
                .collect();
            chars.iter().copied().filter(|c| faces.iter().all(|face| face.charmap().map(*c).is_none())).collect()
        };
        let strings: BTreeSet<char> = UiLanguage::ALL
            .iter()
            .flat_map(|language| language.source().lines().filter(|line| !line.starts_with('#')))
            .flat_map(str::chars)
            .collect();
        let letters = Language::ALL.iter().flat_map(|l| l.labels().iter().flat_map(|label| label.chars()));
        // Names and words players type in the interface's languages, and
        // the spaces French puts before : ; ! ? and inside « ».
        let typed = "ąćęłńóśźżĄĆĘŁŃÓŚŹŻñÑáéíóúüÁÉÍÓÚÜ¿¡àâçèéêëîïôùûüÿœæÀÂÇÈÉÊËÎÏÔÙÛÜŸŒÆ«»\u{a0}\u{202f}";
        let mut in_egui: BTreeSet<char> = strings.iter().copied().chain(typed.chars()).collect();
        let mut on_the_board: BTreeSet<char> = strings.into_iter().chain(letters).collect();
        for (path, code) in app_sources() {
            let found = symbols(&code);
            if path.ends_with("crossword/board.rs") {
                on_the_board.extend(found);
            } else {
                in_egui.extend(found);
            }
        }
        for (family, faces, chars) in [
            ("regular", &fonts.families[&FontFamily::Proportional], &in_egui),
            ("bold", &fonts.families[&bold_family()], &in_egui),
            ("the board's", &vec!["inter-bold".to_string()], &on_the_board),
        ] {
            let missing = missing(faces, chars);
            assert!(missing.is_empty(), "the {family} fonts lack {missing:?} ({})", missing.escape_unicode());
        }
    }
}
