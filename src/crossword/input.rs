//! Putting tiles down: drag with mouse or finger from the rack to the
//! board and back, tap a tile then a square, or on desktop the keyboard
//! (arrows pick a square and the direction, Space turns it, letters place
//! (C then H is the Spanish CH tile), Backspace takes back, Enter plays,
//! Esc recalls; in dialogs Esc closes) (§8.3). Two fingers (or the mouse
//! wheel) zoom the board, a double tap zooms in or back out, and dragging
//! the board itself pans it.
//!
//! The pointer comes as [`PointerInput`] from the app's input module, so
//! the same systems run in headless tests fed with pointer messages.

use super::chat::ChatRoom;
use super::composer::{Composer, Spot};
use super::layout::BoardLayout;
use super::{Action, Match, Modes, Overlay};
use crate::AppSystems;
use crate::Screen;
use crate::feedback::Cue;
use crate::input::{GoBack, Pinch, PointerInput, PointerPhase};
use crate::pause::{PausableSystems, Pause};
use bevy::ecs::system::SystemParam;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use wocable_crossword::Direction;
use wocable_crossword::{Board, Pos};
use wocable_lexicon::Language;

/// Pointer travel below which a press and release is a tap, not a drag.
const TAP_SLOP: f32 = 6.0;
/// Two taps on the board this close in time and place zoom it.
const DOUBLE_TAP_SECONDS: f32 = 0.35;
const DOUBLE_TAP_REACH: f32 = 30.0;
/// How close a double tap zooms in.
pub const DOUBLE_TAP_ZOOM: f32 = 2.0;

/// The tile being dragged.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct Drag {
    pub tile: Option<DraggedTile>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DraggedTile {
    pub index: usize,
    /// Where the pointer went down, and where it is now.
    pub from: Vec2,
    pub at: Vec2,
    /// From the pointer to the tile's centre: where the mouse took it, so
    /// that it does not jump; above a finger, so that it shows.
    pub offset: Vec2,
    pub moved: bool,
}

/// How far above a finger the tile it drags is shown (and dropped), in
/// logical pixels: clear of a fingertip.
pub const TOUCH_LIFT: f32 = 48.0;

/// The board itself held (no tile there): moving pans it; a tap, and
/// another soon after, zooms it.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
struct BoardHeld {
    /// Where the pointer went down and where it is, while held.
    held: Option<(Vec2, Vec2)>,
    moved: bool,
    /// When (seconds of the app's clock) and where the board was last
    /// tapped.
    last_tap: Option<(f32, Vec2)>,
}

/// What the pointer is doing on the board and the rack.
#[derive(SystemParam)]
struct Hands<'w> {
    drag: ResMut<'w, Drag>,
    selected: ResMut<'w, Selected>,
    board: ResMut<'w, BoardHeld>,
    time: Res<'w, Time>,
}

/// A rack tile tapped, waiting for a tap on a square.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selected(pub Option<usize>);

/// The square and direction keyboard letters go to.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct KeyCursor {
    pub pos: Pos,
    pub direction: Direction,
    /// Shown once the keyboard is used.
    pub visible: bool,
    /// Tiles placed by typing, for Backspace.
    typed: Vec<usize>,
    /// A letter typed that the rack lacks: maybe the first half of a
    /// digraph tile (C of CH).
    pending: String,
}

impl Default for KeyCursor {
    fn default() -> Self {
        KeyCursor {
            pos: wocable_crossword::CENTRE,
            direction: Direction::Across,
            visible: false,
            typed: Vec::new(),
            pending: String::new(),
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Drag>()
        .init_resource::<Selected>()
        .init_resource::<BoardHeld>()
        .init_resource::<KeyCursor>()
        .add_systems(OnEnter(Screen::Game), |mut commands: Commands| {
            commands.insert_resource(Drag::default());
            commands.insert_resource(Selected::default());
            commands.insert_resource(BoardHeld::default());
            commands.insert_resource(KeyCursor::default());
        })
        // A drag cut short by a pause (the app left mid-drag) is dropped.
        .add_systems(OnEnter(Pause(true)), |mut hands: Hands| {
            hands.drag.tile = None;
            hands.selected.0 = None;
            hands.board.held = None;
        })
        // The blank's letter is typed afresh.
        .add_systems(OnEnter(Overlay::BlankLetter), |mut cursor: ResMut<KeyCursor>| cursor.pending.clear())
        .add_systems(
            Update,
            forget_stale
                .in_set(AppSystems::Input)
                .before(pointer)
                .run_if(in_state(Screen::Game).and_then(resource_exists::<Composer>)),
        )
        .add_systems(
            Update,
            (
                (pointer, pinch).run_if(in_state(Overlay::None)).in_set(PausableSystems),
                // Reads every key, so that a key that closes a dialog is
                // not read again on the board; none while a line of chat
                // is typed.
                keyboard.run_if(|chat: Option<Res<ChatRoom>>| !chat.is_some_and(|chat| chat.typing)),
                back,
            )
                .in_set(AppSystems::Input)
                .run_if(in_state(Screen::Game).and_then(resource_exists::<Match>)),
        );
}

/// Back (a phone's button) closes a dialog Esc closes; otherwise it
/// leaves the game, saved, for home, as the Home button does.
fn back(
    mut back: MessageReader<GoBack>,
    overlay: Res<State<Overlay>>,
    mut cursor: ResMut<KeyCursor>,
    mut actions: MessageWriter<Action>,
    mut screen: ResMut<NextState<Screen>>,
) {
    if back.read().count() == 0 {
        return;
    }
    match overlay.get() {
        Overlay::BlankLetter | Overlay::Exchange | Overlay::ConfirmResign => {
            cursor.pending.clear();
            actions.write(Action::OpenOverlay(Overlay::None));
        }
        _ => screen.set(Screen::Home),
    }
}

/// A dialog answered from the keyboard: Esc closes it, Enter takes its
/// only way on (taking the device), letters name the blank's.
/// Resigning takes a click: it cannot be undone.
fn dialog_key(overlay: Overlay, key: &Key, language: Language, pending: &mut String) -> Option<Action> {
    let close = Action::OpenOverlay(Overlay::None);
    match (overlay, key) {
        (Overlay::Handover, Key::Enter) => Some(Action::TakeOver),
        (Overlay::BlankLetter | Overlay::Exchange | Overlay::ConfirmResign, Key::Escape) => {
            pending.clear();
            Some(close)
        }
        (Overlay::BlankLetter, Key::Character(text)) => blank_letter(language, pending, &text.to_uppercase()),
        (Overlay::BlankLetter, Key::Enter) => language.letter(&std::mem::take(pending)).map(Action::ChooseBlank),
        _ => None,
    }
}

/// The blank's letter from the keys typed: a letter that begins a
/// two-letter tile (C of the Spanish CH) waits for the next key, and
/// Enter takes it alone.
fn blank_letter(language: Language, pending: &mut String, typed: &str) -> Option<Action> {
    let held = std::mem::take(pending);
    if !held.is_empty() {
        let letter = language.letter(&format!("{held}{typed}")).or_else(|| language.letter(&held));
        return letter.map(Action::ChooseBlank);
    }
    let begins_longer = language.labels().iter().any(|label| label.len() > typed.len() && label.starts_with(typed));
    if begins_longer {
        *pending = typed.to_string();
        return None;
    }
    language.letter(typed).map(Action::ChooseBlank)
}

/// A new rack (after a turn, a handover) ends any drag, selection or
/// typing that pointed at the old one's tiles.
fn forget_stale(
    composer: Res<Composer>,
    mut seen: Local<u64>,
    mut drag: ResMut<Drag>,
    mut selected: ResMut<Selected>,
    mut cursor: ResMut<KeyCursor>,
) {
    if composer.generation() != *seen {
        *seen = composer.generation();
        drag.tile = None;
        selected.0 = None;
        cursor.typed.clear();
        cursor.pending.clear();
    }
}

/// Spanish digraph tiles from the keyboard: C then H puts the CH tile (or
/// a blank as CH) where the C went, when the rack has one; likewise LL
/// and RR. Whether it did. (A C the rack lacks waits in `pending`.)
fn type_digraph(
    composer: &mut Composer,
    cursor: &mut KeyCursor,
    language: Language,
    typed: &str,
    board: &Board,
) -> bool {
    let Some(&previous) = cursor.typed.last() else { return false };
    let Some((Spot::Board(pos), Some(placed))) = composer.tiles().get(previous).map(|t| (t.spot, t.placed())) else {
        return false;
    };
    let Some(digraph) = language.letter(&format!("{}{typed}", language.label(placed.letter))) else { return false };
    let Some(index) = composer.rack_tile_for(digraph) else { return false };
    let end = composer.rack_len();
    composer.to_rack(previous, end);
    composer.place(index, pos, board);
    composer.set_blank_letter(index, digraph);
    cursor.typed.pop();
    cursor.typed.push(index);
    true
}

/// The rack tile or tile put down this turn under `at`.
fn tile_under(at: Vec2, composer: &Composer, layout: &BoardLayout) -> Option<usize> {
    if let Some(index) = layout.pos_at(at).and_then(|pos| composer.at(pos)) {
        return Some(index);
    }
    let count = composer.rack_len();
    let half = layout.rack_tile / 2.0;
    composer.rack().enumerate().find_map(|(slot, index)| {
        let offset = at - layout.rack_slot_centre(slot, count);
        (offset.x.abs() <= half && offset.y.abs() <= half).then_some(index)
    })
}

/// Where tile `index` is drawn now.
pub fn tile_centre(index: usize, composer: &Composer, layout: &BoardLayout) -> Vec2 {
    match composer.tiles().get(index).map(|t| t.spot) {
        Some(Spot::Board(pos)) => layout.cell_centre(pos),
        _ => layout.rack_slot_centre(composer.rack_slot(index).unwrap_or(0), composer.rack_len()),
    }
}

/// Two fingers or the wheel zoom the board.
fn pinch(mut pinches: MessageReader<Pinch>, mut layout: ResMut<BoardLayout>) {
    for pinch in pinches.read() {
        let zoomed = layout.zoomed(pinch.from, pinch.to, pinch.scale);
        layout.set_if_neq(zoomed);
    }
}

fn pointer(
    mut input: MessageReader<PointerInput>,
    mut layout: ResMut<BoardLayout>,
    m: Res<Match>,
    mut composer: ResMut<Composer>,
    hands: Hands,
    mut cues: MessageWriter<Cue>,
) {
    let Hands { mut drag, mut selected, mut board, time } = hands;
    for event in input.read() {
        match event.phase {
            // A press on the panels is for egui's buttons there.
            PointerPhase::Press if layout.in_panels(layout.world_to_screen(event.at)) => {}
            PointerPhase::Press => {
                if let Some(index) = tile_under(event.at, &composer, &layout) {
                    let offset = if event.touch {
                        Vec2::Y * TOUCH_LIFT
                    } else {
                        tile_centre(index, &composer, &layout) - event.at
                    };
                    drag.tile = Some(DraggedTile { index, from: event.at, at: event.at, offset, moved: false });
                    cues.write(Cue::Pick);
                } else if let (Some(index), Some(pos)) = (selected.0, layout.pos_at(event.at)) {
                    if composer.place(index, pos, m.view().board()) {
                        cues.write(Cue::Drop);
                    }
                    selected.0 = None;
                } else if layout.shows_board_at(event.at) {
                    board.held = Some((event.at, event.at));
                    board.moved = false;
                }
            }
            PointerPhase::Move => {
                if let Some(tile) = drag.tile.as_mut() {
                    tile.at = event.at;
                    tile.moved |= tile.at.distance(tile.from) > TAP_SLOP;
                } else if let Some((from, at)) = board.held {
                    board.moved |= event.at.distance(from) > TAP_SLOP;
                    if board.moved {
                        let panned = layout.zoomed(at, event.at, 1.0);
                        layout.set_if_neq(panned);
                        board.held = Some((from, event.at));
                    }
                }
            }
            PointerPhase::Cancel => {
                drag.tile = None;
                board.held = None;
            }
            PointerPhase::Release => {
                if board.held.take().is_some() && !board.moved {
                    let now = time.elapsed_secs();
                    let double = board.last_tap.take().is_some_and(|(then, at)| {
                        now - then <= DOUBLE_TAP_SECONDS && at.distance(event.at) <= DOUBLE_TAP_REACH
                    });
                    if !double {
                        board.last_tap = Some((now, event.at));
                    } else if layout.zoom() > 1.0 {
                        let whole = layout.unzoomed();
                        layout.set_if_neq(whole);
                    } else {
                        let closer = layout.zoomed(event.at, event.at, DOUBLE_TAP_ZOOM);
                        layout.set_if_neq(closer);
                    }
                }
                let Some(tile) = drag.tile.take() else { continue };
                let Some(on_rack) = composer.tiles().get(tile.index).map(|t| t.spot == Spot::Rack) else { continue };
                if !tile.moved {
                    // A tap: a tile on the board goes home, a rack tile is
                    // selected (or unselected).
                    if on_rack {
                        selected.0 = if selected.0 == Some(tile.index) { None } else { Some(tile.index) };
                    } else {
                        let end = composer.rack_len();
                        composer.to_rack(tile.index, end);
                        cues.write(Cue::Drop);
                    }
                    continue;
                }
                selected.0 = None;
                let centre = event.at + tile.offset;
                let others = composer.rack_len() - usize::from(on_rack);
                if let Some(pos) = layout.pos_at(centre) {
                    if composer.place(tile.index, pos, m.view().board()) {
                        cues.write(Cue::Drop);
                    }
                } else if let Some(slot) = layout.rack_slot_at(centre, others) {
                    composer.to_rack(tile.index, slot);
                    cues.write(Cue::Drop);
                }
            }
        }
    }
}

fn keyboard(
    mut keys: MessageReader<KeyboardInput>,
    m: Res<Match>,
    modes: Modes,
    mut composer: ResMut<Composer>,
    mut cursor: ResMut<KeyCursor>,
    mut actions: MessageWriter<Action>,
    mut cues: MessageWriter<Cue>,
) {
    let Modes { overlay, pause } = modes;
    for key in keys.read().filter(|k| k.state == ButtonState::Pressed) {
        if pause.get().0 {
            // Enter or Esc resumes; a key held down is no answer.
            if !key.repeat && matches!(key.logical_key, Key::Enter | Key::Escape) {
                actions.write(Action::Pause(false));
            }
            continue;
        }
        if *overlay.get() != Overlay::None {
            // A key held down (Enter that played) must not answer the
            // dialog that follows, such as handing the device over.
            if key.repeat {
                continue;
            }
            if let Some(action) = dialog_key(*overlay.get(), &key.logical_key, m.language(), &mut cursor.pending) {
                actions.write(action);
            }
            continue;
        }
        let board = m.view().board();
        let step = |pos: Pos, direction: Direction, forward: bool| pos.step(direction, forward).unwrap_or(pos);
        match &key.logical_key {
            // An arrow moves the cursor and sets the typing direction.
            Key::ArrowLeft | Key::ArrowRight | Key::ArrowUp | Key::ArrowDown => {
                let direction = match key.logical_key {
                    Key::ArrowLeft | Key::ArrowRight => Direction::Across,
                    _ => Direction::Down,
                };
                let forward = matches!(key.logical_key, Key::ArrowRight | Key::ArrowDown);
                cursor.pos = step(cursor.pos, direction, forward);
                cursor.direction = direction;
            }
            Key::Space | Key::Tab => cursor.direction = cursor.direction.other(),
            Key::Enter => {
                actions.write(Action::Play);
            }
            Key::Escape => {
                cursor.typed.clear();
                actions.write(Action::Recall);
            }
            Key::Backspace => {
                if let Some(index) = cursor.typed.pop() {
                    if let Some(Spot::Board(pos)) = composer.tiles().get(index).map(|t| t.spot) {
                        cursor.pos = pos;
                    }
                    let end = composer.rack_len();
                    composer.to_rack(index, end);
                    cues.write(Cue::Drop);
                }
            }
            Key::Character(text) => {
                let typed = text.to_uppercase();
                let pending = std::mem::take(&mut cursor.pending);
                if type_digraph(&mut composer, &mut cursor, m.language(), &typed, board) {
                    cues.write(Cue::Drop);
                    cursor.visible = true;
                    continue;
                }
                let joined = format!("{pending}{typed}");
                let held = [joined.as_str(), typed.as_str()]
                    .into_iter()
                    .filter_map(|label| m.language().letter(label))
                    .find(|letter| composer.rack_tile_for(*letter).is_some());
                let Some(letter) = held else {
                    cursor.pending = typed;
                    continue;
                };
                // Skip squares already taken in the typing direction.
                let mut pos = cursor.pos;
                while board.get(pos).is_some() || composer.at(pos).is_some() {
                    match pos.step(cursor.direction, true) {
                        Some(next) => pos = next,
                        None => break,
                    }
                }
                let free = board.get(pos).is_none() && composer.at(pos).is_none();
                if let (true, Some(index)) = (free, composer.rack_tile_for(letter))
                    && composer.place(index, pos, board)
                {
                    composer.set_blank_letter(index, letter);
                    cursor.typed.push(index);
                    cursor.pos = step(pos, cursor.direction, true);
                    cues.write(Cue::Drop);
                }
            }
            _ => continue,
        }
        cursor.visible = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What keys typed in the blank's dialog choose.
    fn blank_from(language: Language, keys: &[Key]) -> Option<Action> {
        let mut pending = String::new();
        keys.iter().find_map(|key| dialog_key(Overlay::BlankLetter, key, language, &mut pending))
    }

    fn letter(text: &str) -> Key {
        Key::Character(text.into())
    }

    #[test]
    fn the_blanks_letter_is_typed_two_letter_tiles_too() {
        let choose = |language: Language, label: &str| language.letter(label).map(Action::ChooseBlank);
        assert_eq!(blank_from(Language::En, &[letter("c")]), choose(Language::En, "C"));
        assert_eq!(blank_from(Language::Es, &[letter("a")]), choose(Language::Es, "A"));
        assert_eq!(blank_from(Language::Es, &[letter("c"), letter("h")]), choose(Language::Es, "CH"));
        assert_eq!(blank_from(Language::Es, &[letter("r"), letter("r")]), choose(Language::Es, "RR"));
        // C alone: Enter, or a key that makes no tile with it.
        assert_eq!(blank_from(Language::Es, &[letter("c"), Key::Enter]), choose(Language::Es, "C"));
        assert_eq!(blank_from(Language::Es, &[letter("c"), letter("x")]), choose(Language::Es, "C"));
        assert_eq!(blank_from(Language::Es, &[letter("1")]), None);
    }
}
