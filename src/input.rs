//! Mouse and touch as [`PointerInput`] and [`Pinch`] messages in world
//! units, for every game: the games read only these, so headless tests
//! drive them by writing the same messages. World units are logical pixels
//! with the origin at the centre of the window's [`SafeArea`], where the
//! app's 2D camera looks.

use crate::AppSystems;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointerPhase {
    Press,
    Move,
    Release,
    /// A second finger came down: what the first was doing is dropped.
    Cancel,
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

/// Two fingers moved, or the mouse wheel turned: what was at world point
/// `from` is wanted at `to`, `scale` times bigger.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct Pinch {
    pub from: Vec2,
    pub to: Vec2,
    pub scale: f32,
}

/// Back a screen (or out of a dialog): a phone's Back button, which
/// winit gives as the BrowserBack key, or a mouse's back button.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoBack;

/// The size the app lays itself out in, in logical pixels: the window's
/// but its [`SafeArea`]'s insets; a desktop window's before the window
/// reports its own, and in headless tests.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Viewport(pub Vec2);

/// What of the window a phone's status bar, notch, rounded corners or home
/// indicator cover, in logical pixels: the app lays itself out in the
/// rest. (Web pages and Android's activity keep the app's window clear of
/// them themselves.)
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct SafeArea {
    pub top: f32,
    pub right: f32,
    pub bottom: f32,
    pub left: f32,
}

impl SafeArea {
    /// What is left of a window of `size`.
    pub fn size_within(&self, size: Vec2) -> Vec2 {
        (size - Vec2::new(self.left + self.right, self.top + self.bottom)).max(Vec2::ONE)
    }

    /// A point of a window of `size` (logical pixels, y down) in world units.
    pub fn window_to_world(&self, size: Vec2, point: Vec2) -> Vec2 {
        screen_to_world(self.size_within(size), point - Vec2::new(self.left, self.top))
    }

    /// Where the 2D camera looks from, so that the world's origin shows
    /// at the safe area's centre.
    pub fn camera_at(&self) -> Vec2 {
        Vec2::new(self.right - self.left, self.top - self.bottom) / 2.0
    }
}

impl Default for Viewport {
    fn default() -> Self {
        Viewport(DEFAULT_VIEWPORT)
    }
}

/// The window size before a window reports its own (and in headless tests).
pub const DEFAULT_VIEWPORT: Vec2 = Vec2::new(1280.0, 800.0);

/// Parts that run headless too.
pub(super) fn plugin(app: &mut App) {
    app.add_message::<PointerInput>()
        .add_message::<Pinch>()
        .add_message::<GoBack>()
        .init_resource::<Viewport>()
        .init_resource::<SafeArea>();
}

/// Reading the window's size, the mouse and the touch screen.
pub(super) fn window_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (follow_window, (mouse, wheel, touch, back_buttons, place_camera)).chain().in_set(AppSystems::Pointer),
    );
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

fn follow_window(windows: Query<&Window, With<PrimaryWindow>>, safe: Res<SafeArea>, mut viewport: ResMut<Viewport>) {
    if let Ok(window) = windows.single()
        && window.size().min_element() > 0.0
    {
        viewport.set_if_neq(Viewport(safe.size_within(window.size())));
    }
}

fn place_camera(safe: Res<SafeArea>, mut cameras: Query<&mut Transform, With<Camera2d>>) {
    if safe.is_changed() {
        for mut camera in &mut cameras {
            camera.translation = safe.camera_at().extend(camera.translation.z);
        }
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
    safe: Res<SafeArea>,
    egui: Res<EguiWantsInput>,
    mut pointer: MessageWriter<PointerInput>,
    mut last: Local<Option<Vec2>>,
) {
    let Ok(window) = windows.single() else { return };
    let Some(screen) = window.cursor_position().or(*last) else { return };
    let at = safe.window_to_world(window.size(), screen);
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

/// Each notch of a mouse wheel zooms this much.
const WHEEL_STEP: f32 = 1.15;
/// Pixels of a touchpad's scroll that count as a notch.
const PIXELS_PER_NOTCH: f32 = 60.0;

/// The wheel zooms about the point under the mouse.
fn wheel(
    mut wheels: MessageReader<bevy::input::mouse::MouseWheel>,
    windows: Query<&Window, With<PrimaryWindow>>,
    safe: Res<SafeArea>,
    egui: Res<EguiWantsInput>,
    mut pinch: MessageWriter<Pinch>,
) {
    use bevy::input::mouse::MouseScrollUnit;
    let notches: f32 = wheels
        .read()
        .map(|wheel| match wheel.unit {
            MouseScrollUnit::Line => wheel.y,
            MouseScrollUnit::Pixel => wheel.y / PIXELS_PER_NOTCH,
        })
        .sum();
    let Ok(window) = windows.single() else { return };
    if notches == 0.0 || egui.wants_any_pointer_input() {
        return;
    }
    let Some(screen) = window.cursor_position() else { return };
    let at = safe.window_to_world(window.size(), screen);
    pinch.write(Pinch { from: at, to: at, scale: WHEEL_STEP.powf(notches) });
}

/// The fingers on the screen that count: the first drags, a second turns
/// the two into a pinch until both are lifted; any others are ignored.
#[derive(Default)]
struct Fingers {
    first: Option<u64>,
    second: Option<u64>,
    /// Two came down: the one left after a lift drags nothing.
    pinching: bool,
}

fn touch(
    touches: Res<Touches>,
    windows: Query<&Window, With<PrimaryWindow>>,
    safe: Res<SafeArea>,
    egui: Res<EguiWantsInput>,
    mut pointer: MessageWriter<PointerInput>,
    mut pinch: MessageWriter<Pinch>,
    mut fingers: Local<Fingers>,
) {
    let Ok(window) = windows.single() else { return };
    let fingers = &mut *fingers;
    let world = |screen: Vec2| safe.window_to_world(window.size(), screen);
    for touch in touches.iter_just_pressed() {
        match (fingers.first, fingers.second) {
            (None, None) if !egui.wants_any_pointer_input() => {
                fingers.first = Some(touch.id());
                pointer.write(PointerInput::touch(PointerPhase::Press, world(touch.position())));
            }
            (Some(first), None) if !fingers.pinching => {
                fingers.second = Some(touch.id());
                fingers.pinching = true;
                let at = touches.get_pressed(first).map_or(touch.position(), |first| first.position());
                pointer.write(PointerInput::touch(PointerPhase::Cancel, world(at)));
            }
            _ => {}
        }
    }
    let both = fingers.first.zip(fingers.second).and_then(|(a, b)| touches.get_pressed(a).zip(touches.get_pressed(b)));
    if let Some((a, b)) = both {
        let (before, now) = ((a.previous_position(), b.previous_position()), (a.position(), b.position()));
        if before != now && before.0 != before.1 {
            pinch.write(Pinch {
                from: world(before.0.midpoint(before.1)),
                to: world(now.0.midpoint(now.1)),
                scale: now.0.distance(now.1) / before.0.distance(before.1),
            });
        }
    } else if let Some(first) = fingers.first.filter(|_| !fingers.pinching).and_then(|id| touches.get_pressed(id))
        && first.delta() != Vec2::ZERO
    {
        pointer.write(PointerInput::touch(PointerPhase::Move, world(first.position())));
    }
    for touch in touches.iter_just_released().chain(touches.iter_just_canceled()) {
        if fingers.first == Some(touch.id()) && !fingers.pinching {
            pointer.write(PointerInput::touch(PointerPhase::Release, world(touch.position())));
        }
        for finger in [&mut fingers.first, &mut fingers.second] {
            if *finger == Some(touch.id()) {
                *finger = None;
            }
        }
        if fingers.first.is_none() && fingers.second.is_none() {
            fingers.pinching = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_world_is_centred_in_the_safe_area() {
        let size = Vec2::new(390.0, 844.0);
        let safe = SafeArea { top: 47.0, right: 0.0, bottom: 34.0, left: 0.0 };
        assert_eq!(safe.size_within(size), Vec2::new(390.0, 763.0));
        let centre = Vec2::new(195.0, 47.0 + 763.0 / 2.0);
        assert_eq!(safe.window_to_world(size, centre), Vec2::ZERO);
        assert_eq!(safe.window_to_world(size, Vec2::new(0.0, 47.0)), Vec2::new(-195.0, 763.0 / 2.0), "its top left");
        // The camera looks from there: the world's origin shows at the
        // safe area's centre (the camera's point at the window's centre).
        let shown = safe.window_to_world(size, size / 2.0);
        assert_eq!(shown, safe.camera_at());
        assert_eq!(SafeArea::default().window_to_world(size, Vec2::ZERO), screen_to_world(size, Vec2::ZERO));
    }

    #[test]
    fn the_app_lays_itself_out_in_the_safe_area_and_the_camera_follows() {
        let mut app = App::new();
        plugin(&mut app);
        app.add_systems(Update, (follow_window, place_camera));
        let mut window = Window::default();
        window.resolution.set(390.0, 844.0);
        app.world_mut().spawn((window, PrimaryWindow));
        let camera = app.world_mut().spawn((Camera2d, Transform::default())).id();
        app.update();
        assert_eq!(app.world().resource::<Viewport>().0, Vec2::new(390.0, 844.0), "all of it on a desktop");
        let safe = SafeArea { top: 47.0, right: 0.0, bottom: 34.0, left: 0.0 };
        app.insert_resource(safe);
        app.update();
        assert_eq!(app.world().resource::<Viewport>().0, Vec2::new(390.0, 763.0), "clear of the notch");
        let at = app.world().get::<Transform>(camera).expect("a camera").translation.truncate();
        assert_eq!(at, safe.camera_at());
    }

    #[test]
    fn window_and_world_points_convert_both_ways() {
        let size = Vec2::new(360.0, 640.0);
        assert_eq!(screen_to_world(size, Vec2::new(180.0, 320.0)), Vec2::ZERO, "the centre");
        assert_eq!(screen_to_world(size, Vec2::ZERO), Vec2::new(-180.0, 320.0), "top left");
        let point = Vec2::new(37.0, 501.0);
        assert_eq!(world_to_screen(size, screen_to_world(size, point)), point);
    }

    /// Fingers as winit reports them, through Bevy's `Touches`.
    struct Screen {
        app: App,
        window: Entity,
    }

    impl Screen {
        fn new() -> Screen {
            let mut app = App::new();
            app.add_plugins(bevy::input::InputPlugin).init_resource::<EguiWantsInput>();
            app.insert_resource(SafeArea { top: 30.0, right: 0.0, bottom: 20.0, left: 10.0 });
            plugin(&mut app);
            app.add_systems(Update, touch);
            let window = app.world_mut().spawn((Window::default(), PrimaryWindow)).id();
            Screen { app, window }
        }

        /// One frame in which these fingers do these things; what the
        /// games were told.
        fn frame(
            &mut self,
            fingers: &[(u64, bevy::input::touch::TouchPhase, Vec2)],
        ) -> (Vec<PointerInput>, Vec<Pinch>) {
            for &(id, phase, position) in fingers {
                let window = self.window;
                self.app.world_mut().write_message(bevy::input::touch::TouchInput {
                    phase,
                    position,
                    window,
                    force: None,
                    id,
                });
            }
            self.app.update();
            let world = self.app.world();
            (
                world.resource::<Messages<PointerInput>>().iter_current_update_messages().copied().collect(),
                world.resource::<Messages<Pinch>>().iter_current_update_messages().copied().collect(),
            )
        }
    }

    #[test]
    fn one_finger_drags_and_a_second_turns_the_two_into_a_pinch() {
        use bevy::input::touch::TouchPhase::{Ended, Moved, Started};
        let mut screen = Screen::new();
        let size = Window::default().size();
        let world = |x: f32, y: f32| screen_to_world(size - Vec2::new(10.0, 50.0), Vec2::new(x - 10.0, y - 30.0));
        let (pointer, _) = screen.frame(&[(1, Started, Vec2::new(100.0, 100.0))]);
        assert_eq!(pointer, [PointerInput::touch(PointerPhase::Press, world(100.0, 100.0))]);
        let (pointer, _) = screen.frame(&[(1, Moved, Vec2::new(110.0, 100.0))]);
        assert_eq!(pointer, [PointerInput::touch(PointerPhase::Move, world(110.0, 100.0))]);
        // A second finger: the drag is dropped, and the two pinch.
        let (pointer, pinch) = screen.frame(&[(2, Started, Vec2::new(210.0, 100.0))]);
        assert_eq!(pointer, [PointerInput::touch(PointerPhase::Cancel, world(110.0, 100.0))]);
        assert!(pinch.is_empty());
        let (pointer, pinch) = screen.frame(&[(1, Moved, Vec2::new(60.0, 120.0)), (2, Moved, Vec2::new(260.0, 120.0))]);
        assert!(pointer.is_empty(), "{pointer:?}");
        assert_eq!(pinch, [Pinch { from: world(160.0, 100.0), to: world(160.0, 120.0), scale: 2.0 }]);
        // One lifted: the other drags nothing, until both are up.
        let (pointer, pinch) = screen.frame(&[(2, Ended, Vec2::new(260.0, 120.0))]);
        assert!(pointer.is_empty() && pinch.is_empty());
        let (pointer, _) = screen.frame(&[(1, Moved, Vec2::new(90.0, 150.0))]);
        assert!(pointer.is_empty(), "{pointer:?}");
        let (pointer, _) = screen.frame(&[(3, Started, Vec2::new(300.0, 300.0))]);
        assert!(pointer.is_empty(), "a third finger while one of the pinch is down: {pointer:?}");
        screen.frame(&[(1, Ended, Vec2::new(90.0, 150.0)), (3, Ended, Vec2::new(300.0, 300.0))]);
        let (pointer, _) = screen.frame(&[(4, Started, Vec2::new(50.0, 60.0))]);
        assert_eq!(pointer, [PointerInput::touch(PointerPhase::Press, world(50.0, 60.0))], "a new drag");
        let (pointer, _) = screen.frame(&[(4, Ended, Vec2::new(50.0, 60.0))]);
        assert_eq!(pointer, [PointerInput::touch(PointerPhase::Release, world(50.0, 60.0))]);
    }
}
