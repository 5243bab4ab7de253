//! Tracing with a finger or the mouse, through the engine's trace state
//! machine: a press on a letter starts a trace, moving over letters adds
//! them (the engine fills in the letters a fast straight swipe skipped,
//! and going back removes nothing), and the release submits it. On a
//! keyboard, Esc pauses and resumes, Enter resumes, Space shuffles.

use super::layout::TraceLayout;
use super::{TraceAction, TraceRound, Traced, now_ms};
use crate::AppSystems;
use crate::Screen;
use crate::feedback::Cue;
use crate::input::{GoBack, PointerInput, PointerPhase};
use crate::pause::{PausableSystems, Pause};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use wocable_trace::Moved;

/// Where the pointer tracing is, while it traces: the line goes on to it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct TracePointer(pub Option<Vec2>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TracePointer>()
        // A trace cut short by a pause (the app went away mid-trace) is dropped.
        .add_systems(OnEnter(Pause(true)), |mut pointer: ResMut<TracePointer>| pointer.0 = None)
        .add_systems(OnEnter(Screen::TraceRound), |mut pointer: ResMut<TracePointer>| pointer.0 = None)
        .add_systems(
            Update,
            (trace.in_set(PausableSystems).run_if(resource_exists::<TraceLayout>), keyboard, back)
                .in_set(AppSystems::Input)
                .run_if(in_state(Screen::TraceRound).and_then(resource_exists::<TraceRound>)),
        );
}

fn trace(
    mut input: MessageReader<PointerInput>,
    layout: Res<TraceLayout>,
    mut round: ResMut<TraceRound>,
    time: Res<Time>,
    mut pointer: ResMut<TracePointer>,
    mut traced: MessageWriter<Traced>,
    mut cues: MessageWriter<Cue>,
) {
    let now = now_ms(&time);
    for event in input.read() {
        match event.phase {
            PointerPhase::Press => {
                let Some(cell) = layout.cell_at(event.at) else { continue };
                round.round.press(cell, now);
                if !round.round.trace().is_empty() {
                    pointer.0 = Some(event.at);
                    cues.write(Cue::Pick);
                }
            }
            PointerPhase::Move if pointer.0.is_some() => {
                pointer.0 = Some(event.at);
                if let Some(cell) = layout.cell_at(event.at)
                    && let Moved::Added(_) = round.round.move_over(cell, now)
                {
                    cues.write(Cue::Pick);
                }
            }
            PointerPhase::Move => {}
            PointerPhase::Release => {
                if pointer.0.take().is_some() {
                    traced.write(Traced(round.round.release(now)));
                }
            }
            PointerPhase::Cancel => {
                if pointer.0.take().is_some() {
                    round.round.cancel();
                }
            }
        }
    }
}

/// Back (a phone's button) pauses the round; Back again leaves it paused
/// for home, as the pause screen's Home does.
fn back(
    mut back: MessageReader<GoBack>,
    pause: Res<State<Pause>>,
    round: Res<TraceRound>,
    mut actions: MessageWriter<TraceAction>,
    mut screen: ResMut<NextState<Screen>>,
) {
    if back.read().count() == 0 || round.round.end().is_some() {
        return;
    }
    if pause.get().0 {
        screen.set(Screen::Home);
    } else {
        actions.write(TraceAction::Pause(true));
    }
}

fn keyboard(
    mut keys: MessageReader<KeyboardInput>,
    pause: Res<State<Pause>>,
    round: Res<TraceRound>,
    mut actions: MessageWriter<TraceAction>,
) {
    let paused = pause.get().0;
    for key in keys.read().filter(|k| k.state == ButtonState::Pressed && !k.repeat) {
        match &key.logical_key {
            Key::Escape if round.round.end().is_none() => {
                actions.write(TraceAction::Pause(!paused));
            }
            Key::Enter if paused => {
                actions.write(TraceAction::Pause(false));
            }
            Key::Space if !paused && matches!(round.round.puzzle().shape, wocable_trace::Shape::Wheel { .. }) => {
                actions.write(TraceAction::Shuffle);
            }
            _ => {}
        }
    }
}
