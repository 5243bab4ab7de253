//! Tracing with a finger or the mouse, through the engine's trace state
//! machine: a press on a letter starts a trace, moving over letters adds
//! them (the engine fills in the letters a fast straight swipe skipped,
//! and going back removes nothing), and the release sends it to the round
//! ([`TraceIntent`]). The trace being drawn is the player's: the round
//! never sees it. On a keyboard, Esc pauses and resumes, Enter resumes,
//! Space shuffles.

use super::layout::TraceLayout;
use super::{TraceAction, TraceIntent, TraceRound, now_ms};
use crate::AppSystems;
use crate::Screen;
use crate::feedback::Cue;
use crate::input::{GoBack, PointerInput, PointerPhase};
use crate::pause::{PausableSystems, Pause};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use wocable_trace::{Moved, RoundIntent, Tracer};

/// The trace being drawn, and where the pointer drawing it is (the line
/// goes on to it).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Tracing {
    pub tracer: Tracer,
    pub pointer: Option<Vec2>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Tracing>()
        // A trace cut short by a pause (the app went away mid-trace) is dropped.
        .add_systems(OnEnter(Pause(true)), |mut tracing: ResMut<Tracing>| *tracing = Tracing::default())
        .add_systems(OnEnter(Screen::TraceRound), |mut tracing: ResMut<Tracing>| *tracing = Tracing::default())
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
    round: Res<TraceRound>,
    time: Res<Time>,
    mut tracing: ResMut<Tracing>,
    mut intents: MessageWriter<TraceIntent>,
    mut cues: MessageWriter<Cue>,
) {
    let now = now_ms(&time);
    let shape = round.round.puzzle().shape;
    let Tracing { tracer, pointer } = &mut *tracing;
    for event in input.read() {
        match event.phase {
            PointerPhase::Press => {
                let Some(cell) = layout.cell_at(event.at) else { continue };
                if round.round.accepts_traces(now) {
                    tracer.press(shape, cell);
                }
                if !tracer.path().is_empty() {
                    *pointer = Some(event.at);
                    cues.write(Cue::Pick);
                }
            }
            // The round over while tracing: the trace is dropped, and
            // its release counts for nothing.
            PointerPhase::Move if pointer.is_some() && !round.round.accepts_traces(now) => tracer.cancel(),
            PointerPhase::Move if pointer.is_some() => {
                *pointer = Some(event.at);
                if let Some(cell) = layout.cell_at(event.at)
                    && let Moved::Added(_) = tracer.move_over(shape, cell)
                {
                    cues.write(Cue::Pick);
                }
            }
            PointerPhase::Move => {}
            PointerPhase::Release => {
                if pointer.take().is_some() {
                    intents.write(TraceIntent(RoundIntent::Submit(tracer.release())));
                }
            }
            PointerPhase::Cancel => {
                if pointer.take().is_some() {
                    tracer.cancel();
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
