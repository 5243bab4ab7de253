//! The interface around the games: egui with one theme, the fonts, the
//! strings (Fluent) and the widgets the screens share.

pub mod i18n;
pub mod theme;
pub mod widgets;

use bevy::prelude::*;
use bevy_egui::egui::{self, FontData, FontDefinitions, FontFamily};
use bevy_egui::{EguiContexts, EguiInput, EguiPlugin, EguiPreUpdateSet, EguiPrimaryContextPass, PrimaryEguiContext};
use std::sync::Arc;
use theme::Fonts;

/// Parts that run headless too.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Fonts>();
}

/// The windowed interface: egui and the fonts.
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
        .add_systems(
            PreUpdate,
            keep_clear_of_the_system.after(EguiPreUpdateSet::ProcessInput).before(EguiPreUpdateSet::BeginPass),
        )
        .configure_sets(EguiPrimaryContextPass, Drawing.run_if(resource_exists::<Styled>))
        .add_systems(EguiPrimaryContextPass, style_egui.run_if(not(resource_exists::<Styled>)));
}

/// egui lays its panels out in the safe area, as the world is.
fn keep_clear_of_the_system(
    safe: Res<crate::input::SafeArea>,
    mut inputs: Query<&mut EguiInput, With<PrimaryEguiContext>>,
) {
    let insets = egui::epaint::MarginF32 { left: safe.left, right: safe.right, top: safe.top, bottom: safe.bottom };
    for mut input in &mut inputs {
        input.0.safe_area_insets = Some(egui::SafeAreaInsets(insets));
    }
}

/// The egui systems that draw screens; they start once the app's fonts
/// and style are in egui (a frame after they are set).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct Drawing;

/// The app's fonts and style are in egui.
#[derive(Resource)]
pub struct Styled;

/// Inter, then the few symbols it lacks; for monospaced text too (egui's
/// own fonts are left out of the build).
fn font_definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::empty();
    for (name, data) in
        [("inter", theme::REGULAR_FONT), ("inter-bold", theme::BOLD_FONT), ("symbols", theme::SYMBOLS_FONT)]
    {
        fonts.font_data.insert(name.into(), Arc::new(FontData::from_static(data)));
    }
    let family = |face: &str| vec![face.to_string(), "symbols".to_string()];
    fonts.families.insert(FontFamily::Proportional, family("inter"));
    fonts.families.insert(FontFamily::Monospace, family("inter"));
    fonts.families.insert(bold_family(), family("inter-bold"));
    fonts
}

fn style_egui(mut commands: Commands, mut contexts: EguiContexts) -> Result {
    style(contexts.ctx_mut()?);
    commands.insert_resource(Styled);
    Ok(())
}

/// The app's look for egui: Inter, dark panels, the accent colour, large
/// touch targets.
pub fn style(ctx: &egui::Context) {
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
        // 44 points: the smallest target a finger hits surely (Apple's
        // and Google's guides agree).
        style.spacing.interact_size.y = 44.0;
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
}

/// The Ui that panels are laid out in, covering the window's safe area.
pub fn root_ui(ctx: &egui::Context) -> egui::Ui {
    let builder = egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.content_rect());
    egui::Ui::new(ctx.clone(), egui::Id::new("wocable-root"), builder)
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
    /// the symbols to fall back on.
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
