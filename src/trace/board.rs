//! The round in the world: the letters as tiles on a wheel or a grid, the
//! hidden crossword as empty squares, the trace as a lit path with a line
//! that follows the pointer, the word being traced, and each outcome felt
//! (a word to find flies into its squares, a bonus word's points rise, a
//! word already found or not a word shakes in its own colour).

use super::input::Tracing;
use super::layout::TraceLayout;
use super::{RoundOver, TraceRound, Traced, WheelOrder};
use crate::AppSystems;
use crate::Screen;
use crate::feedback::animation::{Flight, Rising, Shake, celebrate};
use crate::input::Viewport;
use crate::settings::Settings;
use crate::ui::i18n::Locale;
use crate::ui::theme::{self, Fonts, text_font};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use wocable_trace::{Outcome, RoundEnd};

/// How long the word of a finished trace stays, in its outcome's colour.
const LAST_WORD_SECONDS: f32 = 0.9;
const BONUS_COLOUR: Color = Color::srgb(0.38, 0.65, 0.85);
/// A word already found: told apart from a word that is not one.
const ALREADY_FOUND_COLOUR: Color = Color::srgb(0.62, 0.66, 0.72);

/// A letter of the puzzle: its cell.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LetterTile {
    pub cell: usize,
}

/// A square of the crossword and the letter it hides.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrosswordSquare {
    pub row: i32,
    pub col: i32,
}

/// A stretch of the line along the trace, from a letter to the next (or
/// to the pointer).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct PathSegment {
    pub from: Vec2,
    pub to: Vec2,
}

/// The word being traced, or the last one traced.
#[derive(Component)]
pub struct WordShown;

/// Whatever was drawn for a layout, to draw again when it changes.
#[derive(Component)]
struct Drawn;

/// The word of the last trace, shown in its outcome's colour for a moment.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct LastWord {
    pub text: String,
    colour: Option<Color>,
    until: f32,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LastWord>().add_systems(OnEnter(Screen::TraceRound), forget_the_last_round).add_systems(
        Update,
        (follow_layout, draw, light_the_trace, show_the_word, react, reveal)
            .chain()
            .in_set(AppSystems::Show)
            .run_if(in_state(Screen::TraceRound).and_then(resource_exists::<TraceRound>)),
    );
}

fn forget_the_last_round(mut commands: Commands, mut last: ResMut<LastWord>) {
    commands.remove_resource::<TraceLayout>();
    *last = LastWord::default();
}

/// The layout follows the window, the puzzle and the wheel's order.
fn follow_layout(
    mut commands: Commands,
    viewport: Res<Viewport>,
    trace: Res<TraceRound>,
    order: Res<WheelOrder>,
    layout: Option<Res<TraceLayout>>,
) {
    let wanted = TraceLayout::new(*viewport, trace.round.puzzle(), &order.0);
    if layout.as_deref() != Some(&wanted) {
        commands.insert_resource(wanted);
    }
}

/// Draws the letters and the crossword's squares for the layout.
fn draw(
    mut commands: Commands,
    layout: Res<TraceLayout>,
    trace: Res<TraceRound>,
    fonts: Res<Fonts>,
    drawn: Query<Entity, With<Drawn>>,
) {
    if !layout.is_changed() {
        return;
    }
    for entity in &drawn {
        commands.entity(entity).despawn();
    }
    let puzzle = trace.round.puzzle();
    for (cell, letter) in puzzle.letters.iter().enumerate() {
        let Some(at) = layout.letters.get(cell) else { continue };
        commands.spawn((
            Drawn,
            DespawnOnExit(Screen::TraceRound),
            LetterTile { cell },
            Sprite::from_color(theme::TILE_FACE, Vec2::splat(layout.letter_side)),
            Transform::from_translation(at.extend(1.0)),
            children![(
                Text2d::new(puzzle.language.label(*letter)),
                text_font(&fonts.bold, layout.letter_side * 0.55),
                TextColor(theme::TILE_LETTER),
                Transform::from_xyz(0.0, 0.0, 0.1),
            )],
        ));
    }
    let mut squares: Vec<((i32, i32), String)> = Vec::new();
    for (square, letter) in puzzle.targets.iter().flat_map(|t| t.squares()) {
        if !squares.iter().any(|(s, _)| *s == square) {
            squares.push((square, puzzle.language.label(letter).to_string()));
        }
    }
    for ((row, col), letter) in squares {
        commands.spawn((
            Drawn,
            DespawnOnExit(Screen::TraceRound),
            CrosswordSquare { row, col },
            Sprite::from_color(theme::CELL, Vec2::splat(layout.box_side * 0.9)),
            Transform::from_translation(layout.box_centre(row, col).extend(0.0)),
            children![(
                Text2d::new(letter),
                text_font(&fonts.bold, layout.box_side * 0.6),
                TextColor(theme::TILE_LETTER),
                Transform::from_xyz(0.0, 0.0, 0.1),
                Visibility::Hidden,
            )],
        ));
    }
    commands.spawn((
        Drawn,
        DespawnOnExit(Screen::TraceRound),
        WordShown,
        Text2d::default(),
        text_font(&fonts.bold, (layout.letter_side * 0.5).clamp(20.0, 34.0)),
        TextColor(theme::TILE_FACE),
        Transform::from_translation(layout.word_at.extend(3.0)),
    ));
}

/// The letters of the trace light up, joined by a line that goes on to
/// the pointer: drawn in the frame the pointer moved.
fn light_the_trace(
    mut commands: Commands,
    layout: Res<TraceLayout>,
    tracing: Res<Tracing>,
    mut tiles: Query<(&LetterTile, &mut Sprite), Without<PathSegment>>,
    segments: Query<(Entity, &PathSegment)>,
) {
    let path = tracing.tracer.path();
    for (tile, mut sprite) in &mut tiles {
        let colour = if path.contains(&tile.cell) { theme::ACCENT } else { theme::TILE_FACE };
        if sprite.color != colour {
            sprite.color = colour;
        }
    }
    let mut points: Vec<Vec2> = path.iter().filter_map(|cell| layout.letters.get(*cell).copied()).collect();
    if let (false, Some(at)) = (points.is_empty(), tracing.pointer) {
        points.push(at);
    }
    let wanted: Vec<PathSegment> = points.windows(2).map(|w| PathSegment { from: w[0], to: w[1] }).collect();
    let drawn: Vec<PathSegment> = segments.iter().map(|(_, segment)| *segment).collect();
    if drawn == wanted {
        return;
    }
    for (entity, _) in &segments {
        commands.entity(entity).despawn();
    }
    let width = layout.letter_side * 0.18;
    for segment in wanted {
        let along = segment.to - segment.from;
        commands.spawn((
            DespawnOnExit(Screen::TraceRound),
            segment,
            Sprite::from_color(theme::ACCENT.with_alpha(0.6), Vec2::new(along.length() + width, width)),
            Transform::from_translation(((segment.from + segment.to) / 2.0).extend(2.0))
                .with_rotation(Quat::from_rotation_z(along.to_angle())),
        ));
    }
}

/// The word grows above the letters as it is traced; once released, it
/// stays a moment in its outcome's colour.
fn show_the_word(
    trace: Res<TraceRound>,
    tracing: Res<Tracing>,
    layout: Res<TraceLayout>,
    last: Res<LastWord>,
    time: Res<Time>,
    mut shown: Query<(&mut Text2d, &mut TextColor, &mut Transform), With<WordShown>>,
) {
    let puzzle = trace.round.puzzle();
    let path = tracing.tracer.path();
    let (text, colour) = if !path.is_empty() {
        let letters = path.iter().filter_map(|cell| puzzle.letters.get(*cell));
        (letters.map(|l| puzzle.language.label(*l)).collect(), theme::TILE_FACE)
    } else if let (true, Some(colour)) = (time.elapsed_secs() < last.until, last.colour) {
        (last.text.clone(), colour)
    } else {
        (String::new(), theme::TILE_FACE)
    };
    for (mut shown_text, mut shown_colour, mut transform) in &mut shown {
        // In its place, for a shake to move it from.
        transform.translation = layout.word_at.extend(transform.translation.z);
        if shown_text.0 != text {
            shown_text.0 = text.clone();
        }
        if shown_colour.0 != colour {
            shown_colour.0 = colour;
        }
    }
}

/// How feedback looks: animations on or off, the fonts, the words, the
/// time.
#[derive(SystemParam)]
struct Looks<'w> {
    settings: Res<'w, Settings>,
    fonts: Res<'w, Fonts>,
    locale: Res<'w, Locale>,
    time: Res<'w, Time>,
}

/// Each outcome is felt in its own way.
fn react(
    mut commands: Commands,
    mut traced: MessageReader<Traced>,
    trace: Res<TraceRound>,
    layout: Res<TraceLayout>,
    mut last: ResMut<LastWord>,
    looks: Looks,
    shown: Query<Entity, With<WordShown>>,
) {
    let Looks { settings, fonts, locale, time } = looks;
    let now = time.elapsed_secs();
    for Traced(outcome) in traced.read() {
        let (text, colour) = match outcome {
            Outcome::Target { word, .. } => (word.clone(), theme::ACCENT),
            Outcome::Bonus { word, points } => (format!("{word} +{points}"), BONUS_COLOUR),
            Outcome::AlreadyFound { word } => (word.clone(), ALREADY_FOUND_COLOUR),
            Outcome::NotAWord { word } => (word.clone(), theme::WARNING),
            Outcome::TooShort | Outcome::NotATrace | Outcome::GameOver => continue,
        };
        *last = LastWord { text, colour: Some(colour), until: now + LAST_WORD_SECONDS };
        if !settings.animations {
            continue;
        }
        match outcome {
            Outcome::Target { index, .. } => {
                let Some(target) = trace.round.puzzle().targets.get(*index) else { continue };
                let letters: Vec<_> = target.squares().collect();
                let step = layout.letter_side * 0.45;
                for (k, ((row, col), letter)) in letters.iter().enumerate() {
                    let from = layout.word_at + Vec2::X * (k as f32 - (letters.len() - 1) as f32 / 2.0) * step;
                    commands.spawn((
                        DespawnOnExit(Screen::TraceRound),
                        Flight { from, to: layout.box_centre(*row, *col), started: now },
                        Text2d::new(trace.round.puzzle().language.label(*letter)),
                        text_font(&fonts.bold, layout.box_side * 0.6),
                        TextColor(theme::ACCENT),
                        Transform::from_translation(from.extend(4.0)),
                    ));
                }
                // The last word to find: the round is perfect.
                if let Some(RoundEnd::Perfect { .. }) = trace.round.end() {
                    let size = (layout.letter_side * 0.8).clamp(32.0, 72.0);
                    let text = Rising { text: locale.t("trace-perfect"), from: layout.word_at, size, fonts: &fonts };
                    let burst = (layout.word_at, size * 0.3, now);
                    celebrate(&mut commands, DespawnOnExit(Screen::TraceRound), burst, text);
                }
            }
            Outcome::Bonus { points, .. } => {
                let from = layout.word_at;
                commands.spawn((
                    DespawnOnExit(Screen::TraceRound),
                    Flight { from, to: from + Vec2::Y * layout.letter_side, started: now },
                    Text2d::new(format!("+{points}")),
                    text_font(&fonts.bold, layout.letter_side * 0.45),
                    TextColor(BONUS_COLOUR),
                    Transform::from_translation(from.extend(4.0)),
                ));
            }
            _ => {
                for entity in &shown {
                    commands.entity(entity).insert(Shake { started: now });
                }
            }
        }
    }
}

/// The squares of the words found show their letters; at the end, the
/// words missed show theirs too, in the warning colour.
fn reveal(
    trace: Res<TraceRound>,
    over: Option<Res<RoundOver>>,
    mut squares: Query<(&CrosswordSquare, &mut Sprite, &Children)>,
    mut letters: Query<(&mut Visibility, &mut TextColor)>,
) {
    let puzzle = trace.round.puzzle();
    let ended = over.is_some();
    for (square, mut sprite, children) in &mut squares {
        let found = (0..puzzle.targets.len()).any(|index| {
            trace.round.is_revealed(index)
                && puzzle.targets[index].squares().any(|(s, _)| s == (square.row, square.col))
        });
        let face = if found { theme::TILE_FACE } else { theme::CELL };
        if sprite.color != face {
            sprite.color = face;
        }
        for child in children {
            if let Ok((mut visibility, mut colour)) = letters.get_mut(*child) {
                let shown = if found || ended { Visibility::Inherited } else { Visibility::Hidden };
                visibility.set_if_neq(shown);
                let ink = if found { theme::TILE_LETTER } else { theme::WARNING };
                if colour.0 != ink {
                    colour.0 = ink;
                }
            }
        }
    }
}
