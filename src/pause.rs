//! Pausing the game on screen, for both games (§3.3, §7.5, §7.7): the
//! [`Pause`] state, the [`PausableSystems`] that wait while it is on, and
//! going away (the window losing the focus, a phone sending the app to the
//! background) pausing a game that says it can be paused.

use crate::AppSystems;
use bevy::prelude::*;
use bevy::window::{AppLifecycle, WindowFocused};

/// Whether the game on screen is paused: its clock stands still and its
/// board is hidden and takes no input until the player resumes.
#[derive(States, Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Pause(pub bool);

/// Systems that wait while the game is paused.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PausableSystems;

/// Whether the game on screen has a clock to stop, so that going away
/// pauses it; kept by the game while it is on screen.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pausable(pub bool);

pub(super) fn plugin(app: &mut App) {
    // Sent by the window; registered here too for apps without one.
    app.add_message::<WindowFocused>()
        .add_message::<AppLifecycle>()
        .init_state::<Pause>()
        .init_resource::<Pausable>()
        .configure_sets(Update, PausableSystems.run_if(in_state(Pause(false))))
        .add_systems(Update, pause_when_away.in_set(AppSystems::Input));
}

/// The game on screen pauses when the app goes to the background: its
/// window loses the focus, or the system suspends it (a phone).
fn pause_when_away(
    mut focus: MessageReader<WindowFocused>,
    mut lifecycle: MessageReader<AppLifecycle>,
    pausable: Res<Pausable>,
    mut pause: ResMut<NextState<Pause>>,
) {
    let lost_focus = focus.read().filter(|f| !f.focused).count() > 0;
    let suspended =
        lifecycle.read().filter(|l| matches!(l, AppLifecycle::WillSuspend | AppLifecycle::Suspended)).count() > 0;
    if (lost_focus || suspended) && pausable.0 {
        pause.set(Pause(true));
    }
}

/// Leaving a game's screen: nothing there to pause any more.
pub fn leave(mut pause: ResMut<NextState<Pause>>, mut pausable: ResMut<Pausable>) {
    pause.set(Pause(false));
    pausable.0 = false;
}
