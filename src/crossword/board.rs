//! The board, its tiles and the rack as entities: a [`Cell`] per square
//! with its premium, a [`BoardTile`] per tile played, a [`RackTile`] per
//! tile of the rack on screen, a [`Player`] per seat with its score.
//! Everything is placed from the layout and glides to where it belongs.
//!
//! The squares are drawn unzoomed under a [`BoardRoot`] that the zoom
//! scales and moves; tiles are placed where the zoomed layout has their
//! squares (they are drawn at rack size, so they stay sharp zoomed in).
//! A backdrop hides the zoomed board outside its place.

use super::composer::{Composer, Spot};
use super::input::{Drag, KeyCursor, Selected};
use super::layout::{BoardLayout, TOP_BAR};
use super::{Match, Seat, TurnApplied};
use crate::AppSystems;
use crate::Screen;
use crate::input::Viewport;
use crate::settings::Settings;
use crate::ui::i18n::Locale;
use crate::ui::theme::{self, Fonts};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use wocable_crossword::Event;
use wocable_crossword::{PlacedTile, Premium, Tile};
use wocable_crossword::{Pos, SIZE};
use wocable_lexicon::{Language, TileSet};

#[derive(Component, Clone, Copy, Debug)]
pub struct Cell {
    pub pos: Pos,
    pub premium: Premium,
}

/// A tile played on the board.
#[derive(Component, Clone, Copy, Debug)]
pub struct BoardTile {
    pub pos: Pos,
    pub tile: PlacedTile,
}

/// Tiles of the last move, highlighted.
#[derive(Component)]
pub struct LastMove;

/// A tile of the rack on screen: index into the [`Composer`].
#[derive(Component, Clone, Copy, Debug)]
pub struct RackTile {
    pub index: usize,
    pub tile: Tile,
}

#[derive(Component)]
pub struct TileFace;

#[derive(Component)]
pub struct TileLetter;

#[derive(Component)]
pub struct TileValue;

/// A seat of the game, with its score and how many tiles it holds.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct Player {
    pub seat: usize,
    pub name: String,
    pub seat_kind: Seat,
    pub score: i32,
    pub tiles_on_rack: usize,
    pub left: bool,
    pub to_play: bool,
}

/// Where an entity is heading: it glides there when animations are on.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Glide {
    pub target: Vec3,
    pub scale: f32,
}

#[derive(Component)]
struct CursorMark;

/// The parent of the squares, the frame and the cursor, which the zoom
/// scales and moves.
#[derive(Component)]
pub struct BoardRoot;

/// What hides the zoomed board around its place.
#[derive(Component)]
struct Backdrop;

/// Depths: the squares under their root, then tiles played, tiles put
/// down this turn, the backdrop, the rack, and a tile being dragged.
const PLAYED_Z: f32 = 1.0;
const PENDING_Z: f32 = 1.5;
const BACKDROP_Z: f32 = 2.5;
const RACK_Z: f32 = 4.0;
const DRAGGED_Z: f32 = 10.0;
/// Labels on squares are laid out this many times bigger and shrunk, so
/// that they stay sharp with the board zoomed in.
const LABEL_DETAIL: f32 = 2.0;

/// Everything drawn from the layout, redrawn when the window changes.
#[derive(Component)]
struct Drawn;

/// What the board was last drawn for.
#[derive(Resource, PartialEq)]
struct DrawnFor {
    layout: BoardLayout,
    colour_blind: bool,
    language: crate::ui::i18n::UiLanguage,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardLayout>()
        .add_systems(Update, follow_window.after(AppSystems::Pointer).before(AppSystems::Input))
        .add_systems(OnEnter(Screen::Game), (spawn_players, (unzoom, draw_board).chain()))
        .add_systems(
            Update,
            (
                redraw,
                spawn_played_tiles,
                spawn_rack,
                follow_zoom,
                (label_rack_tiles, aim_rack_tiles, colour_faces, show_cursor, update_players),
            )
                .chain()
                .in_set(AppSystems::Show)
                .run_if(in_state(Screen::Game).and_then(resource_exists::<Match>)),
        )
        .add_systems(Update, glide.after(AppSystems::Show));
}

fn follow_window(viewport: Res<Viewport>, mut layout: ResMut<BoardLayout>) {
    if viewport.0 != layout.viewport {
        *layout = BoardLayout::for_viewport(viewport.0);
    }
}

/// A game starts with the whole board in view.
fn unzoom(mut layout: ResMut<BoardLayout>) {
    let fitted = layout.unzoomed();
    layout.set_if_neq(fitted);
}

fn premium_key(premium: Premium) -> Option<&'static str> {
    match premium {
        Premium::None => None,
        Premium::DoubleLetter => Some("premium-double-letter"),
        Premium::TripleLetter => Some("premium-triple-letter"),
        Premium::DoubleWord => Some("premium-double-word"),
        Premium::TripleWord => Some("premium-triple-word"),
    }
}

/// Draws the board's squares and the tiles already played.
fn draw_board(
    mut commands: Commands,
    layout: Res<BoardLayout>,
    m: Res<Match>,
    settings: Res<Settings>,
    locale: Res<Locale>,
    fonts: Res<Fonts>,
) {
    let fitted = layout.unzoomed();
    commands.insert_resource(DrawnFor {
        layout: fitted,
        colour_blind: settings.colour_blind,
        language: locale.language,
    });
    let root = commands
        .spawn((Drawn, DespawnOnExit(Screen::Game), BoardRoot, layout.zoom_transform(), Visibility::default()))
        .id();
    for (centre, size) in frame_strips(&fitted) {
        commands.spawn((
            ChildOf(root),
            Sprite::from_color(theme::BOARD_FRAME, size),
            Transform::from_translation(centre.extend(-1.0)),
        ));
    }
    let zoomed = if layout.zoom() > 1.0 { Visibility::Inherited } else { Visibility::Hidden };
    for rect in backdrop(&fitted) {
        commands.spawn((
            Drawn,
            DespawnOnExit(Screen::Game),
            Backdrop,
            Sprite::from_color(theme::BACKGROUND, rect.size()),
            Transform::from_translation(rect.center().extend(BACKDROP_Z)),
            zoomed,
        ));
    }
    let game_layout = m.view().layout();
    for row in 0..SIZE {
        for col in 0..SIZE {
            let Some(pos) = Pos::new(row, col) else { continue };
            let premium = game_layout.premium(pos);
            let colour = super::picture::premium_colour(premium, settings.colour_blind);
            let mut cell = commands.spawn((
                ChildOf(root),
                Cell { pos, premium },
                Sprite::from_color(colour, Vec2::splat(fitted.cell * CELL_FACE)),
                Transform::from_translation(fitted.cell_centre(pos).extend(0.0)),
            ));
            let label = if pos == wocable_crossword::CENTRE {
                Some("★".to_string())
            } else {
                premium_key(premium).map(|key| locale.t(key))
            };
            if let Some(label) = label {
                let size = if label == "★" { 0.6 } else { 0.3 };
                cell.with_child((
                    Text2d::new(label),
                    theme::text_font(&fonts.bold, fitted.cell * size * LABEL_DETAIL),
                    TextColor(super::picture::premium_label_colour(premium, settings.colour_blind)),
                    Transform::from_xyz(0.0, 0.0, 0.1).with_scale(Vec3::splat(1.0 / LABEL_DETAIL)),
                ));
            }
        }
    }
    for (pos, tile) in m.view().board().tiles() {
        let at = layout.cell_centre(pos).extend(PLAYED_Z);
        let scale = layout.cell / layout.rack_tile;
        spawn_tile(&mut commands, &fonts, &layout, m.language(), m.view().tile_set(), Tile::from(tile), Some(tile))
            .insert((
                BoardTile { pos, tile },
                Glide { target: at, scale },
                Transform::from_translation(at).with_scale(Vec3::splat(scale)),
            ));
    }
    commands.spawn((
        ChildOf(root),
        CursorMark,
        Sprite::from_color(theme::CURSOR, Vec2::splat(fitted.cell)),
        Transform::from_xyz(0.0, 0.0, 0.5),
        Visibility::Hidden,
        children![(
            Text2d::new("→"),
            theme::text_font(&fonts.bold, fitted.cell * 0.6 * LABEL_DETAIL),
            TextColor(Color::WHITE),
            Transform::from_scale(Vec3::splat(1.0 / LABEL_DETAIL)),
        )],
    ));
}

/// Around the board's place (with its frame) to the window's edges: above,
/// below, left and right.
fn backdrop(fitted: &BoardLayout) -> [Rect; 4] {
    let half = fitted.viewport / 2.0;
    let (side, margin) = (fitted.cell * SIZE as f32, fitted.cell * FRAME_MARGIN);
    let place = Rect::from_corners(
        fitted.board_corner + Vec2::new(-margin, margin),
        fitted.board_corner + Vec2::new(side + margin, -side - margin),
    );
    [
        Rect::new(-half.x, place.max.y, half.x, half.y),
        Rect::new(-half.x, -half.y, half.x, place.min.y),
        Rect::new(-half.x, place.min.y, place.min.x, place.max.y),
        Rect::new(place.max.x, place.min.y, half.x, place.max.y),
    ]
}

/// The zoom moved: the squares follow, tiles played go straight to theirs
/// (a glide would trail behind the fingers), and the backdrop shows
/// while any of the board is hidden.
fn follow_zoom(
    layout: Res<BoardLayout>,
    mut root: Query<&mut Transform, With<BoardRoot>>,
    mut backdrop: Query<&mut Visibility, With<Backdrop>>,
    mut played: Query<(&BoardTile, &mut Glide, &mut Transform), Without<BoardRoot>>,
) {
    if !layout.is_changed() {
        return;
    }
    for mut transform in &mut root {
        transform.set_if_neq(layout.zoom_transform());
    }
    let shown = if layout.zoom() > 1.0 { Visibility::Inherited } else { Visibility::Hidden };
    for mut visibility in &mut backdrop {
        visibility.set_if_neq(shown);
    }
    let scale = layout.cell / layout.rack_tile;
    for (tile, mut glide, mut transform) in &mut played {
        *glide = Glide { target: layout.cell_centre(tile.pos).extend(PLAYED_Z), scale };
        *transform = Transform::from_translation(glide.target).with_scale(Vec3::splat(scale));
    }
}

/// A square's share of the board that its coloured face covers; the
/// rest is the frame's colour, between the squares.
const CELL_FACE: f32 = 0.92;
/// How far the frame reaches beyond the squares, in cells.
const FRAME_MARGIN: f32 = 0.15;
/// How far the frame's strips reach under the squares, in logical
/// pixels: where a square's edge and a strip's would meet, rounding could
/// leave a seam of the background.
const UNDERLAP: f32 = 0.5;

/// The frame as the strips between the squares and around them (centre,
/// size), not one square under them all: that would fill the board twice,
/// and fill rate is what a phone's GPU (or a software renderer) has least.
fn frame_strips(layout: &BoardLayout) -> impl Iterator<Item = (Vec2, Vec2)> {
    let half = layout.cell * SIZE as f32 / 2.0;
    let centre = layout.board_corner + Vec2::new(half, -half);
    let half_gap = layout.cell * (1.0 - CELL_FACE) / 2.0 + UNDERLAP;
    let margin = layout.cell * FRAME_MARGIN;
    let length = 2.0 * (half + margin);
    (0..=SIZE).flat_map(move |line| {
        // Where the strip of this line between squares starts and ends,
        // from the board's centre: around the line, or at the edges from
        // the margin's outside.
        let (from, to) = match line {
            0 => (-half - margin, -half + half_gap),
            SIZE => (half - half_gap, half + margin),
            _ => {
                let at = line as f32 * layout.cell - half;
                (at - half_gap, at + half_gap)
            }
        };
        let (offset, thickness) = ((from + to) / 2.0, to - from);
        [
            (centre + Vec2::new(offset, 0.0), Vec2::new(thickness, length)),
            (centre + Vec2::new(0.0, offset), Vec2::new(length, thickness)),
        ]
    })
}

/// A tile drawn at rack size (board tiles are scaled down): the edge, the
/// face, the letter and its value. `placed` gives a blank its letter.
fn spawn_tile<'a>(
    commands: &'a mut Commands,
    fonts: &Fonts,
    layout: &BoardLayout,
    language: Language,
    tiles: &TileSet,
    tile: Tile,
    placed: Option<PlacedTile>,
) -> EntityCommands<'a> {
    let side = layout.rack_tile;
    let (label, value) = tile_label(language, tiles, tile, placed);
    let letter_size = if label.chars().count() > 1 { 0.42 } else { 0.58 };
    let letter_colour = if tile == Tile::Blank { theme::BLANK_LETTER } else { theme::TILE_LETTER };
    let mut entity = commands.spawn((
        Drawn,
        DespawnOnExit(Screen::Game),
        Sprite::from_color(theme::TILE_EDGE, Vec2::splat(side * 0.96)),
        Transform::default(),
    ));
    entity.with_children(|parent| {
        parent.spawn((
            TileFace,
            Sprite::from_color(theme::TILE_FACE, Vec2::new(side * 0.96, side * 0.89)),
            Transform::from_xyz(0.0, side * 0.035, 0.01),
        ));
        parent.spawn((
            TileLetter,
            Text2d::new(label),
            theme::text_font(&fonts.bold, side * letter_size),
            TextColor(letter_colour),
            Transform::from_xyz(-side * 0.03, side * 0.05, 0.02),
        ));
        parent.spawn((
            TileValue,
            Text2d::new(value),
            theme::text_font(&fonts.bold, side * 0.22),
            TextColor(theme::TILE_LETTER),
            Transform::from_xyz(side * 0.32, -side * 0.26, 0.02),
        ));
    });
    entity
}

/// The letter shown on a tile and its value ("" for blanks).
fn tile_label(language: Language, tiles: &TileSet, tile: Tile, placed: Option<PlacedTile>) -> (String, String) {
    match (tile, placed) {
        (Tile::Letter(letter), _) => (language.label(letter).to_string(), tiles.value(letter).to_string()),
        (Tile::Blank, Some(placed)) => (language.label(placed.letter).to_string(), String::new()),
        (Tile::Blank, None) => (String::new(), String::new()),
    }
}

/// How the board looks: the settings' colours, the words, the fonts.
#[derive(SystemParam)]
struct Looks<'w> {
    settings: Res<'w, Settings>,
    locale: Res<'w, Locale>,
    fonts: Res<'w, Fonts>,
}

/// Everything drawn from the layout is drawn again when the window or
/// the settings change (premium colours, labels), not for the zoom.
fn redraw(
    mut commands: Commands,
    drawn: Query<Entity, With<Drawn>>,
    layout: Res<BoardLayout>,
    m: Res<Match>,
    looks: Looks,
    drawn_for: Option<Res<DrawnFor>>,
) {
    let Looks { settings, locale, fonts } = looks;
    let now = DrawnFor { layout: layout.unzoomed(), colour_blind: settings.colour_blind, language: locale.language };
    if drawn_for.is_none_or(|drawn_for| *drawn_for == now) {
        return;
    }
    for entity in &drawn {
        commands.entity(entity).despawn();
    }
    draw_board(commands, layout, m, settings, locale, fonts);
}

/// Tiles played arrive on the board: a play from the rack on screen
/// settles into its cells, anyone else's flies in from their score.
fn spawn_played_tiles(
    mut commands: Commands,
    mut turns: MessageReader<TurnApplied>,
    last_move: Query<Entity, With<LastMove>>,
    layout: Res<BoardLayout>,
    m: Res<Match>,
    fonts: Res<Fonts>,
) {
    for turn in turns.read() {
        for event in &turn.events {
            let Event::Played { seat, tiles, .. } = event else { continue };
            for entity in &last_move {
                commands.entity(entity).remove::<LastMove>();
            }
            let from_rack_on_screen = m.seats[*seat] == Seat::Human && *seat == m.viewer;
            let scale = layout.cell / layout.rack_tile;
            for &(pos, tile) in tiles {
                let target = layout.cell_centre(pos).extend(PLAYED_Z);
                let start = if from_rack_on_screen {
                    Transform::from_translation(target).with_scale(Vec3::splat(scale * 1.3))
                } else {
                    let from = layout.scoreboard_point(*seat, m.seats.len());
                    Transform::from_translation(from.extend(RACK_Z)).with_scale(Vec3::splat(scale * 0.5))
                };
                spawn_tile(
                    &mut commands,
                    &fonts,
                    &layout,
                    m.language(),
                    m.view().tile_set(),
                    Tile::from(tile),
                    Some(tile),
                )
                .insert((BoardTile { pos, tile }, LastMove, Glide { target, scale }, start));
            }
        }
    }
}

/// Spawns the rack's tiles whenever the rack on screen is another one:
/// tiles that stay on the rack glide to their new slots, and only the new
/// ones are dealt, coming up from below.
fn spawn_rack(
    mut commands: Commands,
    composer: Res<Composer>,
    shown: Query<(Entity, &RackTile, &Transform)>,
    layout: Res<BoardLayout>,
    m: Res<Match>,
    fonts: Res<Fonts>,
) {
    let wanted: Vec<Tile> = composer.tiles().iter().map(|t| t.tile).collect();
    let mut have: Vec<(usize, Tile)> = shown.iter().map(|(_, t, _)| (t.index, t.tile)).collect();
    have.sort_by_key(|(index, _)| *index);
    if have.iter().map(|(_, tile)| *tile).eq(wanted.iter().copied())
        && have.iter().enumerate().all(|(i, (j, _))| i == *j)
    {
        return;
    }
    let mut on_rack: Vec<(Tile, Vec3)> = Vec::new();
    for (entity, shown, transform) in &shown {
        if layout.rack_slot_at(transform.translation.truncate(), composer.rack_len()).is_some() {
            on_rack.push((shown.tile, transform.translation));
        }
        commands.entity(entity).despawn();
    }
    for (index, &tile) in wanted.iter().enumerate() {
        let slot = composer.rack_slot(index).unwrap_or(0);
        let at = layout.rack_slot_centre(slot, composer.rack_len()).extend(RACK_Z);
        let start = match on_rack.iter().position(|(kept, _)| *kept == tile) {
            Some(kept) => on_rack.swap_remove(kept).1,
            None => at - Vec3::Y * layout.rack_tile * 1.5,
        };
        spawn_tile(&mut commands, &fonts, &layout, m.language(), m.view().tile_set(), tile, None).insert((
            RackTile { index, tile },
            Glide { target: at, scale: 1.0 },
            Transform::from_translation(start),
        ));
    }
}

/// A blank shows the letter chosen for it.
fn label_rack_tiles(
    composer: Res<Composer>,
    rack: Query<(&RackTile, &Children)>,
    mut letters: Query<&mut Text2d, With<TileLetter>>,
    m: Res<Match>,
) {
    if !composer.is_changed() {
        return;
    }
    for (tile, children) in &rack {
        let Some(composed) = composer.tiles().get(tile.index) else { continue };
        let (label, _) = tile_label(m.language(), m.view().tile_set(), composed.tile, composed.placed());
        for child in children.iter() {
            if let Ok(mut text) = letters.get_mut(child)
                && text.0 != label
            {
                text.0 = label.clone();
            }
        }
    }
}

/// Where each rack tile should be: on its square, in its rack slot, or
/// under the pointer. The rack opens a gap where a dragged tile would go.
fn aim_rack_tiles(
    composer: Res<Composer>,
    layout: Res<BoardLayout>,
    drag: Res<Drag>,
    selected: Res<Selected>,
    mut tiles: Query<(&RackTile, &mut Glide, &mut Transform)>,
) {
    let dragged = drag.tile.map(|d| d.index);
    let others: Vec<usize> = composer.rack().filter(|&i| Some(i) != dragged).collect();
    let gap = drag.tile.and_then(|d| {
        let centre = d.at + d.offset;
        layout.rack_slot_at(centre, others.len()).or_else(|| composer.rack_slot(d.index))
    });
    let count = others.len() + usize::from(gap.is_some());
    let board_scale = layout.cell / layout.rack_tile;
    // Tiles on the board keep up with the fingers zooming it.
    let zoomed = layout.is_changed();
    for (tile, mut glide, mut transform) in &mut tiles {
        if let Some(d) = drag.tile.filter(|d| d.index == tile.index) {
            let at = (d.at + d.offset).extend(DRAGGED_Z);
            glide.target = at;
            glide.scale = 1.05;
            transform.translation = at;
            continue;
        }
        let Some(composed) = composer.tiles().get(tile.index) else { continue };
        (glide.target, glide.scale) = match composed.spot {
            Spot::Board(pos) => (layout.cell_centre(pos).extend(PENDING_Z), board_scale),
            Spot::Rack => {
                let k = others.iter().position(|&i| i == tile.index).unwrap_or(0);
                let slot = k + usize::from(gap.is_some_and(|g| k >= g));
                let lift = if selected.0 == Some(tile.index) { layout.rack_tile * 0.18 } else { 0.0 };
                ((layout.rack_slot_centre(slot, count) + Vec2::Y * lift).extend(RACK_Z), 1.0)
            }
        };
        if zoomed && matches!(composed.spot, Spot::Board(_)) {
            *transform = Transform::from_translation(glide.target).with_scale(Vec3::splat(glide.scale));
        }
    }
}

/// Faces: tiles put down this turn and the last move stand out.
fn colour_faces(
    composer: Res<Composer>,
    rack: Query<(&RackTile, &Children)>,
    board: Query<(Has<LastMove>, &Children), With<BoardTile>>,
    mut faces: Query<&mut Sprite, With<TileFace>>,
) {
    let mut paint = |children: &Children, colour: Color| {
        for child in children.iter() {
            if let Ok(mut sprite) = faces.get_mut(child)
                && sprite.color != colour
            {
                sprite.color = colour;
            }
        }
    };
    for (tile, children) in &rack {
        let on_board = composer.tiles().get(tile.index).is_some_and(|t| t.spot != Spot::Rack);
        paint(children, if on_board { theme::TILE_PENDING } else { theme::TILE_FACE });
    }
    for (last, children) in &board {
        paint(children, if last { theme::TILE_LAST_MOVE } else { theme::TILE_FACE });
    }
}

fn show_cursor(
    cursor: Res<KeyCursor>,
    layout: Res<BoardLayout>,
    mut mark: Query<(&mut Transform, &mut Visibility, &Children), With<CursorMark>>,
    mut arrows: Query<&mut Text2d>,
) {
    for (mut transform, mut visibility, children) in &mut mark {
        *visibility = if cursor.visible { Visibility::Visible } else { Visibility::Hidden };
        transform.translation = layout.unzoomed().cell_centre(cursor.pos).extend(0.5);
        let arrow = match cursor.direction {
            wocable_crossword::Direction::Across => "→",
            wocable_crossword::Direction::Down => "↓",
        };
        for child in children.iter() {
            if let Ok(mut text) = arrows.get_mut(child)
                && text.0 != arrow
            {
                text.0 = arrow.to_string();
            }
        }
    }
}

fn spawn_players(mut commands: Commands, m: Res<Match>) {
    for seat in 0..m.seats.len() {
        commands.spawn((DespawnOnExit(Screen::Game), player(&m, seat)));
    }
}

fn player(m: &Match, seat: usize) -> Player {
    Player {
        seat,
        name: m.name(seat).to_string(),
        seat_kind: m.seats[seat],
        score: m.view().scores()[seat],
        tiles_on_rack: m.view().rack_sizes()[seat],
        left: m.view().has_left(seat),
        to_play: !m.is_over() && m.turn() == seat,
    }
}

fn update_players(m: Res<Match>, mut players: Query<&mut Player>) {
    if !m.is_changed() {
        return;
    }
    for mut shown in &mut players {
        let now = player(&m, shown.seat);
        if *shown != now {
            *shown = now;
        }
    }
}

/// Moves everything towards where it is heading, above what it passes
/// over (a tile from the rack to a square, over the backdrop) until it
/// gets there.
fn glide(time: Res<Time>, settings: Res<Settings>, mut moving: Query<(&Glide, &mut Transform)>) {
    let blend = if settings.animations { 1.0 - (-time.delta_secs() * 14.0).exp() } else { 1.0 };
    for (glide, mut transform) in &mut moving {
        let target = glide.target;
        if transform.translation.truncate().distance(target.truncate()) < 0.2
            && (transform.scale.x - glide.scale).abs() < 0.001
        {
            if transform.translation != target {
                transform.translation = target;
            }
            continue;
        }
        let xy = transform.translation.truncate().lerp(target.truncate(), blend);
        transform.translation = xy.extend(transform.translation.z.max(target.z));
        transform.scale = Vec3::splat(transform.scale.x + (glide.scale - transform.scale.x) * blend);
    }
}

impl BoardLayout {
    /// A seat's score in the scoreboard, in the window (y down): where its
    /// scores fly to.
    pub fn score_on_screen(&self, seat: usize, seats: usize) -> Vec2 {
        let x = (seat as f32 + 0.5) / seats.max(1) as f32 * self.viewport.x;
        Vec2::new(x, TOP_BAR / 2.0)
    }

    /// The same point in the world, for tiles flying in from the score.
    pub fn scoreboard_point(&self, seat: usize, seats: usize) -> Vec2 {
        self.screen_to_world(self.score_on_screen(seat, seats))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inside(point: Vec2, centre: Vec2, size: Vec2) -> bool {
        ((point - centre).abs() - size / 2.0).max_element() < 0.0
    }

    /// Every point of the framed board is painted by a square's face or by
    /// the frame, nothing outside; twice only where two strips cross or
    /// where a strip reaches under a square's edge.
    #[test]
    fn the_frame_fills_between_the_squares_and_around_them() {
        let layout = BoardLayout::for_viewport(Vec2::new(1280.0, 800.0));
        let strips: Vec<_> = frame_strips(&layout).collect();
        let side = layout.cell * SIZE as f32;
        let framed = side + 2.0 * layout.cell * FRAME_MARGIN;
        let centre = layout.board_corner + Vec2::new(side, -side) / 2.0;
        // An odd step, offset by half of it, so no sample falls on an edge.
        let step = layout.cell / 31.7;
        let samples = (framed / step) as i32 + 4;
        let mut painted_twice = 0;
        for i in -2..samples {
            for j in -2..samples {
                let point = centre - Vec2::splat(framed / 2.0) + (Vec2::new(i as f32, j as f32) + 0.5) * step;
                let face = |shrink: f32| {
                    layout.pos_at(point).is_some_and(|pos| {
                        inside(point, layout.cell_centre(pos), Vec2::splat(layout.cell * CELL_FACE - shrink))
                    })
                };
                let (on_face, well_inside_a_face) = (face(0.0), face(2.0 * UNDERLAP));
                let on_strips = strips.iter().filter(|(c, s)| inside(point, *c, *s)).count();
                let in_frame = inside(point, centre, Vec2::splat(framed));
                assert_eq!(on_face || on_strips > 0, in_frame, "at {point}");
                assert!(!(well_inside_a_face && on_strips > 0), "a strip under a face at {point}");
                painted_twice += usize::from(on_strips > 1);
            }
        }
        // Only the crossings, a few percent of the board.
        assert!(painted_twice * 20 < (samples * samples) as usize, "{painted_twice} of {}", samples * samples);
    }
}
