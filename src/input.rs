//! Mouse and touch as [`PointerInput`] messages in world units, for every
//! game: the games read only these, so headless tests drive them by
//! writing the same messages. World units are logical pixels with the
//! origin at the centre of the window, as the app's 2D camera has it.

use crate::AppSystems;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointerPhase {
    Press,
    Move,
    Release,
}

/// A mouse button or finger, in world units.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct PointerInput {
    pub phase: PointerPhase,
    pub at: Vec2,
    /// A finger, which hides what it touches: what it drags is shown
    /// above it.
    pub touch: bool,
}

impl PointerInput {
    pub fn mouse(phase: PointerPhase, at: Vec2) -> PointerInput {
        PointerInput { phase, at, touch: false }
    }

    pub fn touch(phase: PointerPhase, at: Vec2) -> PointerInput {
        PointerInput { phase, at, touch: true }
    }
}

/// Back a screen (or out of a dialog): a phone's Back button, which
/// winit gives as the BrowserBack key, or a mouse's back button.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoBack;

/// The size of the window in logical pixels; a desktop window's before
/// the window reports its own, and in headless tests.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Viewport(pub Vec2);

impl Default for Viewport {
    fn default() -> Self {
        Viewport(DEFAULT_VIEWPORT)
    }
}

/// The window size before a window reports its own (and in headless tests).
pub const DEFAULT_VIEWPORT: Vec2 = Vec2::new(1280.0, 800.0);

/// Parts that run headless too.
pub(super) fn plugin(app: &mut App) {
    app.add_message::<PointerInput>().add_message::<GoBack>().init_resource::<Viewport>();
}

/// Reading the window's size, the mouse and the touch screen.
pub(super) fn window_plugin(app: &mut App) {
    app.add_systems(Update, (follow_window, mouse, touch, back_buttons).in_set(AppSystems::Pointer));
}

fn back_buttons(
    mut keys: MessageReader<bevy::input::keyboard::KeyboardInput>,
    mut buttons: MessageReader<bevy::input::mouse::MouseButtonInput>,
    mut back: MessageWriter<GoBack>,
) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::Key;
    let keys =
        keys.read().filter(|k| k.state == ButtonState::Pressed && !k.repeat && k.logical_key == Key::BrowserBack);
    let buttons = buttons.read().filter(|b| b.state == ButtonState::Pressed && b.button == MouseButton::Back);
    if keys.count() + buttons.count() > 0 {
        back.write(GoBack);
    }
}

fn follow_window(windows: Query<&Window, With<PrimaryWindow>>, mut viewport: ResMut<Viewport>) {
    if let Ok(window) = windows.single()
        && window.size().min_element() > 0.0
    {
        viewport.set_if_neq(Viewport(window.size()));
    }
}

/// A point of a window of `size` (logical pixels, y down) in world units.
pub fn screen_to_world(size: Vec2, screen: Vec2) -> Vec2 {
    Vec2::new(screen.x - size.x / 2.0, size.y / 2.0 - screen.y)
}

/// A world point in a window of `size` (logical pixels, y down).
pub fn world_to_screen(size: Vec2, world: Vec2) -> Vec2 {
    Vec2::new(world.x + size.x / 2.0, size.y / 2.0 - world.y)
}

/// Presses go to the game only where egui does not want them (a game
/// leaves out its own panels); moves and releases always do, so a drag
/// ends wherever the button comes up (even outside the window, at the
/// last position seen).
fn mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    egui: Res<EguiWantsInput>,
    mut pointer: MessageWriter<PointerInput>,
    mut last: Local<Option<Vec2>>,
) {
    let Ok(window) = windows.single() else { return };
    let Some(screen) = window.cursor_position().or(*last) else { return };
    let at = screen_to_world(window.size(), screen);
    // Press and release can both fall in one frame (a quick tap).
    if buttons.just_pressed(MouseButton::Left) && !egui.wants_any_pointer_input() {
        pointer.write(PointerInput::mouse(PointerPhase::Press, at));
    } else if *last != Some(screen) {
        pointer.write(PointerInput::mouse(PointerPhase::Move, at));
    }
    if buttons.just_released(MouseButton::Left) {
        pointer.write(PointerInput::mouse(PointerPhase::Release, at));
    }
    *last = Some(screen);
}

/// The first finger drags; others are ignored.
fn touch(
    touches: Res<Touches>,
    windows: Query<&Window, With<PrimaryWindow>>,
    egui: Res<EguiWantsInput>,
    mut pointer: MessageWriter<PointerInput>,
    mut finger: Local<Option<u64>>,
) {
    let Ok(window) = windows.single() else { return };
    let at = |touch: &bevy::input::touch::Touch| screen_to_world(window.size(), touch.position());
    for touch in touches.iter_just_pressed() {
        if finger.is_none() && !egui.wants_any_pointer_input() {
            *finger = Some(touch.id());
            pointer.write(PointerInput::touch(PointerPhase::Press, at(touch)));
        }
    }
    for touch in touches.iter() {
        if Some(touch.id()) == *finger && touch.delta() != Vec2::ZERO {
            pointer.write(PointerInput::touch(PointerPhase::Move, at(touch)));
        }
    }
    for touch in touches.iter_just_released().chain(touches.iter_just_canceled()) {
        if Some(touch.id()) == *finger {
            *finger = None;
            pointer.write(PointerInput::touch(PointerPhase::Release, at(touch)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_and_world_points_convert_both_ways() {
        let size = Vec2::new(360.0, 640.0);
        assert_eq!(screen_to_world(size, Vec2::new(180.0, 320.0)), Vec2::ZERO, "the centre");
        assert_eq!(screen_to_world(size, Vec2::ZERO), Vec2::new(-180.0, 320.0), "top left");
        let point = Vec2::new(37.0, 501.0);
        assert_eq!(world_to_screen(size, screen_to_world(size, point)), point);
    }
}
