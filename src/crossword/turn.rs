//! The turn flow: the player's actions and the computers' choices go
//! through the rules; what happened updates the rack, the players, the
//! clock and the save.

use super::composer::Composer;
use super::thinking::{ThinkInSteps, Thinking};
use super::{
    Action, Match, MatchSetup, MoveRefused, NewMatch, Overlay, ResumeMatch, SAVE_FILE, SavedMatch, Seat, TurnApplied,
};
use crate::feedback::Cue;
use crate::lexicons::Lexicons;
use crate::screens::Screen;
use crate::settings::Settings;
use crate::storage::Storage;
use bevy::prelude::*;
use bevy::window::{AppLifecycle, WindowFocused};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use wocable_crossword::computer;
use wocable_crossword::game::{Event, Intent};
use wocable_crossword::movegen::Move;
use wocable_lexicon::Language;

/// The systems of a frame, in order: input becomes actions, actions and
/// computers' choices go through the rules, the results reach the world.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnSystems {
    Input,
    Act,
    React,
    Show,
}

/// The best moves found for the player who asked (§4.3).
#[derive(Resource, Default, Debug)]
pub struct Hints(pub Vec<Move>);

/// Whether the tiles put down make a valid play, and what it scores,
/// before it is played (§8.3).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub enum Preview {
    #[default]
    Nothing,
    Valid {
        words: Vec<String>,
        score: u32,
        bingo: bool,
    },
    Invalid(wocable_crossword::RuleError),
    NeedsBlankLetter,
}

/// The clock of the seat to play (§3.3).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct TurnClock {
    pub seat: usize,
    pub moves_made: usize,
    pub seconds_left: f32,
}

/// When the finished game gives way to the results screen.
#[derive(Resource, Debug)]
pub struct ResultsDue(pub f32);

/// Shuffling the rack is not part of the game: its own randomness.
#[derive(Resource)]
struct ShuffleRng(ChaCha8Rng);

/// A computer's move shows after at least this long, so it is seen
/// arriving, when animations are on.
const MIN_THINKING: f32 = 0.8;
/// The last move stays in view this long before the results.
const RESULTS_DELAY: f32 = 2.5;
/// How many moves a hint shows.
pub const HINTS: usize = 5;

pub(super) fn plugin(app: &mut App) {
    // Sent by the window; registered here too for apps without one.
    app.add_message::<WindowFocused>().add_message::<AppLifecycle>();
    app.insert_resource(ShuffleRng(ChaCha8Rng::seed_from_u64(0x5eed)))
        .init_resource::<Hints>()
        .init_resource::<Preview>()
        .configure_sets(Update, (TurnSystems::Input, TurnSystems::Act, TurnSystems::React, TurnSystems::Show).chain())
        .init_resource::<PendingStart>()
        .add_systems(Update, start_match)
        .add_systems(
            Update,
            (
                // The clock first: a move in its last frame is then not
                // followed by a time-out of the next player.
                (
                    pause_when_away,
                    run_clock,
                    apply_actions,
                    // A paused game is stopped for every player.
                    computer_turns.run_if(not(in_state(Overlay::Paused))),
                )
                    .chain()
                    .in_set(TurnSystems::Act),
                (after_turn, hand_over.run_if(in_state(Overlay::None)), update_preview, show_results)
                    .chain()
                    .in_set(TurnSystems::React),
            )
                .run_if(in_state(Screen::Game)),
        )
        // A paused app may be ended without warning (a phone).
        .add_systems(OnEnter(Overlay::Paused), save_on_leaving)
        .add_systems(
            Last,
            save_on_leaving
                .after(bevy::window::ExitSystems)
                .run_if(on_message::<AppExit>)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(
            OnExit(Screen::Game),
            (save_on_leaving, |mut commands: Commands| {
                commands.remove_resource::<Thinking>();
            }),
        );
}

/// A match to start once its lexicon is at hand (the web build fetches
/// it; the screens say so meanwhile).
#[derive(Resource, Default)]
pub struct PendingStart {
    starting: Option<Starting>,
    /// Why the last start's word list could not be fetched.
    pub failed: Option<String>,
}

impl PendingStart {
    pub fn is_waiting(&self) -> bool {
        self.starting.is_some()
    }
}

enum Starting {
    New(MatchSetup),
    Resume(SavedMatch),
}

impl Starting {
    fn language(&self) -> Language {
        match self {
            Starting::New(setup) => setup.language,
            Starting::Resume(saved) => saved.game.config.settings.language,
        }
    }
}

/// Starts a new match or resumes the saved one, and opens the game screen.
fn start_match(
    mut commands: Commands,
    mut new: MessageReader<NewMatch>,
    mut resume: MessageReader<ResumeMatch>,
    mut pending: ResMut<PendingStart>,
    mut lexicons: ResMut<Lexicons>,
    storage: Res<Storage>,
    mut screen: ResMut<NextState<Screen>>,
    mut cues: MessageWriter<Cue>,
) {
    if let Some(NewMatch(setup)) = new.read().last().cloned() {
        *pending = PendingStart { starting: Some(Starting::New(setup)), failed: None };
    } else if resume.read().count() > 0 {
        let saved = storage
            .read(SAVE_FILE)
            .ok_or_else(|| "no saved game".to_string())
            .and_then(|text| serde_json::from_str::<SavedMatch>(&text).map_err(|e| e.to_string()));
        match saved {
            Ok(saved) => *pending = PendingStart { starting: Some(Starting::Resume(saved)), failed: None },
            Err(reason) => warn!("the saved game could not be read: {reason}"),
        }
    }
    let Some(language) = pending.starting.as_ref().map(Starting::language) else { return };
    let lexicon = match lexicons.get(language) {
        Ok(Some(lexicon)) => lexicon,
        // Still on its way: the next frame looks again.
        Ok(None) => return,
        Err(reason) => {
            warn!("the word list could not be fetched: {reason}");
            *pending = PendingStart { starting: None, failed: Some(reason) };
            return;
        }
    };
    let Some(start) = pending.starting.take() else { return };
    let started = match start {
        Starting::New(setup) => {
            Match::start(&setup, lexicon).map(|m| (clock_for(&m, None), m)).map_err(|e| e.to_string())
        }
        Starting::Resume(saved) => {
            Match::resume(&saved, lexicon).map(|m| (clock_for(&m, saved.seconds_left), m)).map_err(|e| e.to_string())
        }
    };
    let (clock, started) = match started {
        Ok(started) => started,
        Err(reason) => {
            // The new game screen checks its setup, and a damaged save is
            // not offered; this is a last guard.
            warn!("the game could not start: {reason}");
            return;
        }
    };
    save(&started, &clock, &storage);
    // With more humans, "your turn" sounds as the device is taken.
    if started.human_to_play() && started.humans() == 1 {
        cues.write(Cue::YourTurn);
    }
    let composer = rack_composer(&started);
    commands.insert_resource(clock);
    commands.insert_resource(composer);
    commands.insert_resource(Hints::default());
    commands.remove_resource::<Thinking>();
    commands.remove_resource::<ResultsDue>();
    commands.insert_resource(started);
    screen.set(Screen::Game);
}

/// The rack on screen: the viewer's, or none while it is hidden.
fn rack_composer(m: &Match) -> Composer {
    if m.rack_hidden { Composer::new(m.viewer, &[]) } else { Composer::new(m.viewer, m.game.rack(m.viewer)) }
}

/// The clock of the turn to play: `seconds_left` of it (a resumed turn),
/// else a whole turn. A save cannot give more than a whole turn.
fn clock_for(m: &Match, seconds_left: Option<f32>) -> TurnClock {
    let whole = m.turn_seconds.unwrap_or(0) as f32;
    let seconds_left = seconds_left.filter(|s| s.is_finite()).map_or(whole, |s| s.clamp(0.0, whole));
    TurnClock { seat: m.game.turn(), moves_made: m.game.log().len(), seconds_left }
}

/// Saves the match with what is left of the clock of the turn to play.
fn save(m: &Match, clock: &TurnClock, storage: &Storage) {
    if m.game.is_over() {
        storage.remove(SAVE_FILE);
        return;
    }
    let this_turn = m.turn_seconds.is_some() && clock.moves_made == m.game.log().len();
    match serde_json::to_string(&m.save(this_turn.then_some(clock.seconds_left))) {
        Ok(text) => {
            if let Err(error) = storage.write(SAVE_FILE, &text) {
                warn!("game not saved: {error}");
            }
        }
        Err(error) => warn!("game not saved: {error}"),
    }
}

/// Leaving the game screen, or the app, keeps the clock where it is: the
/// turn resumes with the time it had left.
fn save_on_leaving(m: Res<Match>, clock: Res<TurnClock>, storage: Res<Storage>) {
    save(&m, &clock, &storage);
}

/// Sends an intent through the rules and tells the world what happened.
fn submit(m: &mut Match, intent: Intent, applied: &mut MessageWriter<TurnApplied>) -> Result<(), MoveRefused> {
    let seat = intent.seat();
    let events = m.game.apply(intent).map_err(MoveRefused)?;
    applied.write(TurnApplied { seat, events });
    Ok(())
}

fn apply_actions(
    mut actions: MessageReader<Action>,
    mut m: ResMut<Match>,
    mut composer: ResMut<Composer>,
    mut hints: ResMut<Hints>,
    mut rng: ResMut<ShuffleRng>,
    mut applied: MessageWriter<TurnApplied>,
    mut refused: MessageWriter<MoveRefused>,
    mut cues: MessageWriter<Cue>,
    mut overlay: ResMut<NextState<Overlay>>,
) {
    for action in actions.read() {
        let seat = m.viewer;
        let result = match action {
            Action::Play => {
                if composer.blank_without_letter().is_some() {
                    overlay.set(Overlay::BlankLetter);
                    continue;
                }
                let tiles = composer.placement().unwrap_or_default();
                submit(&mut m, Intent::Play { seat, tiles }, &mut applied)
            }
            Action::Pass => submit(&mut m, Intent::Pass { seat }, &mut applied),
            Action::Exchange(indices) => {
                overlay.set(Overlay::None);
                let tiles = composer.tiles_at(indices);
                submit(&mut m, Intent::Exchange { seat, tiles }, &mut applied)
            }
            Action::Resign => {
                overlay.set(Overlay::None);
                submit(&mut m, Intent::Resign { seat }, &mut applied)
            }
            Action::Shuffle => {
                composer.shuffle(&mut rng.0);
                cues.write(Cue::Shuffle);
                Ok(())
            }
            Action::Recall => {
                composer.recall();
                cues.write(Cue::Drop);
                Ok(())
            }
            Action::ChooseBlank(letter) => {
                if let Some(index) = composer.blank_without_letter() {
                    composer.set_blank_letter(index, *letter);
                }
                overlay.set(Overlay::None);
                Ok(())
            }
            Action::TakeOver => {
                m.viewer = m.game.turn();
                m.rack_hidden = false;
                *composer = Composer::new(m.viewer, m.game.rack(m.viewer));
                overlay.set(Overlay::None);
                cues.write(Cue::YourTurn);
                Ok(())
            }
            Action::Hint => {
                hints.0 = computer::hints(&m.game, HINTS);
                Ok(())
            }
            Action::LayHint(index) => {
                if let Some(suggestion) = hints.0.get(*index) {
                    composer.lay(suggestion, m.game.board());
                    cues.write(Cue::Drop);
                }
                Ok(())
            }
            Action::OpenOverlay(next) => {
                overlay.set(*next);
                Ok(())
            }
        };
        if let Err(reason) = result {
            cues.write(Cue::Invalid);
            refused.write(reason);
        }
    }
}

/// Starts the computer's search off the main thread when it is its turn,
/// and plays the move it found.
fn computer_turns(
    mut commands: Commands,
    mut m: ResMut<Match>,
    thinking: Option<ResMut<Thinking>>,
    in_steps: Option<Res<ThinkInSteps>>,
    time: Res<Time>,
    settings: Res<Settings>,
    mut applied: MessageWriter<TurnApplied>,
) {
    let seat = m.game.turn();
    let Some(Seat::Computer(level)) = m.seats.get(seat).copied().filter(|_| !m.game.is_over()) else {
        commands.remove_resource::<Thinking>();
        return;
    };
    let Some(mut thinking) = thinking.filter(|t| t.seat == seat) else {
        let seed = m.game.config().seed ^ (m.game.log().len() as u64).rotate_left(32);
        let in_steps = in_steps.map(|steps| *steps);
        commands.insert_resource(Thinking::start(&m.game, level, seed, time.elapsed_secs(), in_steps));
        return;
    };
    let shown_long_enough = !settings.animations || time.elapsed_secs() - thinking.since >= MIN_THINKING;
    if thinking.ready()
        && shown_long_enough
        && let Some(intent) = thinking.take()
    {
        commands.remove_resource::<Thinking>();
        if let Err(MoveRefused(reason)) = submit(&mut m, intent, &mut applied) {
            // The computer plays by the same rules; should it ever be
            // refused, it passes rather than stalling the game.
            error!("the computer's move was refused: {reason}");
            let _ = submit(&mut m, Intent::Pass { seat }, &mut applied);
        }
    }
}

/// While the clock runs, the save keeps up with it this often: an app
/// killed mid-turn gives back at most this much of the turn.
const CLOCK_SAVE_SECONDS: f32 = 5.0;

/// Counts down the turn clock; at zero the player has left (§3.3).
fn run_clock(
    mut clock: ResMut<TurnClock>,
    mut m: ResMut<Match>,
    time: Res<Time>,
    overlay: Option<Res<State<Overlay>>>,
    storage: Res<Storage>,
    mut applied: MessageWriter<TurnApplied>,
) {
    let stopped = overlay.is_some_and(|o| o.get().stops_the_clock());
    let this_turn = clock.moves_made == m.game.log().len();
    if m.turn_seconds.is_none() || m.game.is_over() || stopped || !this_turn {
        return;
    }
    let before = clock.seconds_left;
    clock.seconds_left -= time.delta_secs();
    if clock.seconds_left <= 0.0 {
        let seat = m.game.turn();
        let _ = submit(&mut m, Intent::TimeOut { seat }, &mut applied);
    } else if (before / CLOCK_SAVE_SECONDS).ceil() != (clock.seconds_left / CLOCK_SAVE_SECONDS).ceil() {
        save(&m, &clock, &storage);
    }
}

/// A game on the clock pauses when the app goes to the background: its
/// window loses the focus, or the system suspends it (a phone).
fn pause_when_away(
    mut focus: MessageReader<WindowFocused>,
    mut lifecycle: MessageReader<AppLifecycle>,
    m: Res<Match>,
    overlay: Res<State<Overlay>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
) {
    let lost_focus = focus.read().filter(|f| !f.focused).count() > 0;
    let suspended =
        lifecycle.read().filter(|l| matches!(l, AppLifecycle::WillSuspend | AppLifecycle::Suspended)).count() > 0;
    let clock_runs = m.turn_seconds.is_some() && !m.game.is_over();
    if (lost_focus || suspended) && clock_runs && !overlay.get().stops_the_clock() {
        next_overlay.set(Overlay::Paused);
    }
}

/// After every turn: the rack on screen, the clock, the save, the end.
fn after_turn(
    mut commands: Commands,
    mut turns: MessageReader<TurnApplied>,
    mut m: ResMut<Match>,
    mut composer: ResMut<Composer>,
    mut clock: ResMut<TurnClock>,
    mut hints: ResMut<Hints>,
    storage: Res<Storage>,
    time: Res<Time>,
    settings: Res<Settings>,
    overlay: Option<Res<State<Overlay>>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
    mut cues: MessageWriter<Cue>,
) {
    let mut any = false;
    for turn in turns.read() {
        any = true;
        for event in &turn.events {
            match event {
                Event::Played { play, .. } => {
                    cues.write(if play.bingo { Cue::Bingo } else { Cue::Play });
                }
                Event::PlayWithdrawn { .. } => {
                    cues.write(Cue::Invalid);
                }
                _ => {}
            }
        }
    }
    if !any {
        return;
    }
    hints.0.clear();
    let viewer = m.next_viewer();
    if !m.rack_hidden && (m.humans() == 1 || viewer == m.viewer) {
        m.viewer = viewer;
        *composer = composer.refilled(viewer, m.game.rack(viewer));
    }
    // A dialog of a player whose turn it no longer is (their clock ran
    // out) closes.
    let viewer_plays = m.human_to_play() && m.game.turn() == m.viewer;
    let stale = |o: &Overlay| match o {
        Overlay::BlankLetter | Overlay::Exchange => !viewer_plays,
        Overlay::ConfirmResign => m.game.has_left(m.viewer) || m.game.is_over(),
        Overlay::None | Overlay::Handover | Overlay::Paused => false,
    };
    if overlay.is_some_and(|o| stale(o.get())) {
        next_overlay.set(Overlay::None);
    }
    let fresh_clock = clock_for(&m, None);
    if fresh_clock.moves_made != clock.moves_made {
        *clock = fresh_clock;
    }
    save(&m, &clock, &storage);
    if m.game.is_over() {
        cues.write(Cue::GameOver);
        let delay = if settings.animations { RESULTS_DELAY } else { 0.0 };
        commands.insert_resource(ResultsDue(time.elapsed_secs() + delay));
    } else if m.human_to_play() && m.humans() == 1 {
        cues.write(Cue::YourTurn);
    }
}

/// Hides the rack and asks for the device to be passed on (§4.1).
fn hand_over(mut m: ResMut<Match>, mut composer: ResMut<Composer>, mut overlay: ResMut<NextState<Overlay>>) {
    if m.needs_handover() {
        m.rack_hidden = true;
        *composer = Composer::new(m.game.turn(), &[]);
        overlay.set(Overlay::Handover);
    }
}

fn update_preview(composer: Res<Composer>, m: Res<Match>, mut preview: ResMut<Preview>) {
    if !composer.is_changed() && !m.is_changed() {
        return;
    }
    let next = if !composer.has_placed() {
        Preview::Nothing
    } else {
        match composer.placement() {
            None => Preview::NeedsBlankLetter,
            Some(tiles) => match m.game.preview(&tiles) {
                Ok(play) => Preview::Valid { words: play.spelt(m.language()), score: play.score, bingo: play.bingo },
                Err(reason) => Preview::Invalid(reason),
            },
        }
    };
    preview.set_if_neq(next);
}

fn show_results(due: Option<Res<ResultsDue>>, time: Res<Time>, mut screen: ResMut<NextState<Screen>>) {
    if due.is_some_and(|due| time.elapsed_secs() >= due.0) {
        screen.set(Screen::Results);
    }
}
