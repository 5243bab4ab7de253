//! The turn flow: the player's actions and the computers' choices go
//! through the rules; what happened updates the rack, the players, the
//! clock and the save.

use super::chat::ChatRoom;
use super::composer::Composer;
use super::referee::{ActiveReferee, BagCheck, Frame, LocalReferee, Referee, Ruling, TurnClock};
use super::thinking::{ThinkInSteps, Thinking};
use super::{
    Action, Match, MatchSetup, MoveRefused, NewMatch, Overlay, ResumeMatch, SAVE_FILE, SavedMatch, TurnApplied,
    Unplayed,
};
use crate::AppSystems;
use crate::Screen;
use crate::feedback::Cue;
use crate::lexicons::{GameLexicons, Unavailable};
use crate::pause::{self, Pausable, Pause};
use crate::settings::Settings;
use crate::storage::Storage;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use wocable_crossword::movegen::Move;
use wocable_crossword::{BuildError, GameSettings};
use wocable_crossword::{Event, FinishedGame, Intent};
use wocable_lexicon::Lexicon;

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

/// When the finished game gives way to the results screen.
#[derive(Resource, Debug)]
pub struct ResultsDue(pub f32);

/// The whole record of the finished game, from its referee: every rack in
/// it, for the results and the review.
#[derive(Resource, Debug)]
pub struct FinalRecord(pub FinishedGame);

/// Shuffling the rack is not part of the game: its own randomness.
#[derive(Resource)]
struct ShuffleRng(ChaCha8Rng);

/// A computer's move shows after at least this long, so it is seen
/// arriving, when animations are on.
const MIN_THINKING: f32 = 0.8;
/// The last move stays in view this long before the results.
const RESULTS_DELAY: f32 = 2.5;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ShuffleRng(ChaCha8Rng::seed_from_u64(0x5eed)))
        .init_resource::<Hints>()
        .init_resource::<Preview>()
        .init_resource::<PendingStart>()
        .add_systems(Update, start_match)
        .add_systems(
            Update,
            (
                // The clock first: a move in its last frame is then not
                // followed by a time-out of the next player.
                (apply_actions, hear_the_referee).chain().in_set(AppSystems::Act),
                (
                    after_turn,
                    close_stale_dialogs,
                    hand_over.run_if(in_state(Overlay::None)),
                    update_preview,
                    show_results,
                    pausable,
                )
                    .chain()
                    .in_set(AppSystems::React),
            )
                .run_if(in_state(Screen::Game)),
        )
        // A paused app may be ended without warning (a phone).
        .add_systems(OnEnter(Pause(true)), save_on_leaving.run_if(in_state(Screen::Game)))
        .add_systems(
            Last,
            save_on_leaving
                .after(bevy::window::ExitSystems)
                .run_if(on_message::<AppExit>)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(
            OnExit(Screen::Game),
            (save_on_leaving, pause::leave, |mut commands: Commands| {
                commands.remove_resource::<Thinking>();
            }),
        );
}

/// A match to start once its lexicon is at hand (the web build fetches
/// it; the screens say so meanwhile).
#[derive(Resource, Default)]
pub struct PendingStart {
    starting: Option<Starting>,
    /// Why the last start's word list could not be had.
    pub failed: Option<Unavailable>,
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
    fn settings(&self) -> GameSettings {
        match self {
            Starting::New(setup) => setup.config().settings,
            Starting::Resume(saved) => saved.game.config.settings.clone(),
        }
    }
}

/// Asked to start: a new match, or the saved one.
#[derive(SystemParam)]
struct Starts<'w, 's> {
    new: MessageReader<'w, 's, NewMatch>,
    resume: MessageReader<'w, 's, ResumeMatch>,
}

/// Starts a new match or resumes the saved one, and opens the game screen.
fn start_match(
    mut commands: Commands,
    starts: Starts,
    mut pending: ResMut<PendingStart>,
    mut lexicons: GameLexicons,
    storage: Res<Storage>,
    mut screen: ResMut<NextState<Screen>>,
    mut cues: MessageWriter<Cue>,
) {
    let Starts { mut new, mut resume } = starts;
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
    let Some(settings) = pending.starting.as_ref().map(Starting::settings) else { return };
    let lexicon = match lexicons.get(&settings) {
        Ok(Some(lexicon)) => lexicon,
        // Still on its way: the next frame looks again.
        Ok(None) => return,
        Err(reason) => {
            // The web check looks for these words in the log.
            match &reason {
                Unavailable::Fetch(why) => warn!("the word list could not be fetched: {why}"),
                other => warn!("the word list cannot be had: {other:?}"),
            }
            *pending = PendingStart { starting: None, failed: Some(reason) };
            return;
        }
    };
    let Some(start) = pending.starting.take() else { return };
    let referee = match start {
        Starting::New(setup) => LocalReferee::start(&setup, lexicon.clone()).map_err(|e| e.to_string()),
        Starting::Resume(saved) => LocalReferee::resume(&saved, lexicon.clone()).map_err(|e| e.to_string()),
    };
    let started = referee.and_then(|mut referee| {
        let m = local_match(&mut referee, lexicon).map_err(|e| e.to_string())?;
        Ok((m, referee))
    });
    let (started, referee) = match started {
        Ok(started) => started,
        Err(reason) => {
            // The new game screen checks its setup, and a damaged save is
            // not offered; this is a last guard.
            warn!("the game could not start: {reason}");
            return;
        }
    };
    save(&referee, &started, &storage);
    // With more humans, "your turn" sounds as the device is taken.
    if started.human_to_play() && started.humans() == 1 {
        cues.write(Cue::YourTurn);
    }
    open_game(&mut commands, started, Box::new(referee));
    screen.set(Screen::Game);
}

/// The match as the seats on this device see it, from what `referee` has
/// to hand on so far.
pub fn local_match(referee: &mut LocalReferee, lexicon: Lexicon) -> Result<Match, BuildError> {
    let events = referee.log_on_this_device();
    let settings = referee.settings().clone();
    Match::new(settings, referee.seats().to_vec(), referee.turn_seconds(), lexicon, events)
}

/// Puts a match and its referee in place for the game screen.
pub fn open_game(commands: &mut Commands, m: Match, referee: Box<dyn Referee>) {
    match referee.clock() {
        Some(clock) => commands.insert_resource(clock),
        None => commands.remove_resource::<TurnClock>(),
    }
    commands.insert_resource(rack_composer(&m));
    commands.insert_resource(Hints::default());
    commands.remove_resource::<Thinking>();
    commands.remove_resource::<ResultsDue>();
    commands.remove_resource::<FinalRecord>();
    commands.remove_resource::<BagCheck>();
    commands.insert_resource(referee.connection());
    commands.insert_resource(ActiveReferee(referee));
    commands.insert_resource(m);
}

/// The rack on screen: the viewer's, or none while it is hidden.
fn rack_composer(m: &Match) -> Composer {
    if m.rack_hidden { Composer::new(m.viewer, &[]) } else { Composer::new(m.viewer, m.rack(m.viewer)) }
}

/// Keeps the match on the device, as its referee has it (an online
/// match is kept by the server, not here); a finished one is not kept.
fn save(referee: &dyn Referee, m: &Match, storage: &Storage) {
    let Some(saved) = referee.save() else { return };
    if m.is_over() {
        storage.remove(SAVE_FILE);
        return;
    }
    match serde_json::to_string(&saved) {
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
fn save_on_leaving(referee: Option<Res<ActiveReferee>>, m: Option<Res<Match>>, storage: Res<Storage>) {
    if let (Some(referee), Some(m)) = (referee, m) {
        save(referee.0.as_ref(), &m, &storage);
    }
}

/// The overlay and the pause to change to.
#[derive(SystemParam)]
struct ModeChanges<'w> {
    overlay: ResMut<'w, NextState<Overlay>>,
    pause: ResMut<'w, NextState<Pause>>,
}

fn apply_actions(
    mut actions: MessageReader<Action>,
    mut m: ResMut<Match>,
    mut referee: ResMut<ActiveReferee>,
    composing: Composing,
    mut rng: ResMut<ShuffleRng>,
    mut cues: MessageWriter<Cue>,
    changes: ModeChanges,
) {
    let ModeChanges { mut overlay, mut pause } = changes;
    let Composing { mut composer, hints } = composing;
    for action in actions.read() {
        let seat = m.viewer;
        match action {
            Action::Play => {
                if composer.blank_without_letter().is_some() {
                    overlay.set(Overlay::BlankLetter);
                    continue;
                }
                let tiles = composer.placement().unwrap_or_default();
                referee.0.send(Intent::Play { seat, tiles });
            }
            Action::Pass => referee.0.send(Intent::Pass { seat }),
            Action::Exchange(indices) => {
                overlay.set(Overlay::None);
                let tiles = composer.tiles_at(indices);
                referee.0.send(Intent::Exchange { seat, tiles });
            }
            Action::Resign => {
                overlay.set(Overlay::None);
                referee.0.send(Intent::Resign { seat });
            }
            Action::Shuffle => {
                composer.shuffle(&mut rng.0);
                cues.write(Cue::Shuffle);
            }
            Action::Recall => {
                composer.recall();
                cues.write(Cue::Drop);
            }
            Action::ChooseBlank(letter) => {
                if let Some(index) = composer.blank_without_letter() {
                    composer.set_blank_letter(index, *letter);
                }
                overlay.set(Overlay::None);
            }
            Action::TakeOver => {
                m.viewer = m.turn();
                m.rack_hidden = false;
                *composer = Composer::new(m.viewer, m.rack(m.viewer));
                overlay.set(Overlay::None);
                cues.write(Cue::YourTurn);
            }
            Action::Hint => {
                if m.hints_allowed() && !m.rack_hidden && m.human_to_play() && m.turn() == seat {
                    referee.0.ask_hints(seat);
                }
            }
            Action::LayHint(index) => {
                if let Some(suggestion) = hints.0.get(*index) {
                    composer.lay(suggestion, m.view().board());
                    cues.write(Cue::Drop);
                }
            }
            Action::OpenOverlay(next) => overlay.set(*next),
            Action::Pause(paused) => pause.set(Pause(*paused)),
        }
    }
}

/// What the player is putting together: the tiles placed, the hints.
#[derive(SystemParam)]
struct Composing<'w> {
    composer: ResMut<'w, Composer>,
    hints: ResMut<'w, Hints>,
}

/// A dialog of a player whose turn it no longer is (their clock ran out,
/// or the game ended) closes.
fn close_stale_dialogs(
    mut turns: MessageReader<TurnApplied>,
    m: Res<Match>,
    overlay: Option<Res<State<Overlay>>>,
    mut next_overlay: ResMut<NextState<Overlay>>,
) {
    if turns.read().count() == 0 {
        return;
    }
    let viewer_plays = m.human_to_play() && m.turn() == m.viewer;
    let stale = |o: &Overlay| match o {
        Overlay::BlankLetter | Overlay::Exchange => !viewer_plays,
        Overlay::ConfirmResign => m.view().has_left(m.viewer) || m.is_over(),
        Overlay::None | Overlay::Handover => false,
    };
    if overlay.is_some_and(|o| stale(o.get())) {
        next_overlay.set(Overlay::None);
    }
}

/// What the turn flow needs to hear the referee.
#[derive(SystemParam)]
struct Hearing<'w> {
    time: Res<'w, Time>,
    settings: Res<'w, Settings>,
    in_steps: Option<Res<'w, ThinkInSteps>>,
    overlay: Option<Res<'w, State<Overlay>>>,
    pause: Res<'w, State<Pause>>,
    storage: Res<'w, Storage>,
    chat: Option<ResMut<'w, ChatRoom>>,
}

/// While the clock runs, the save keeps up with it this often: an app
/// killed mid-turn gives back at most this much of the turn.
const CLOCK_SAVE_SECONDS: f32 = 5.0;

/// Lets the referee go on for a frame and tells the world what it said:
/// new events to the views here and on as [`TurnApplied`], refusals as
/// [`MoveRefused`]; its clock and thinking computer to the screen.
fn hear_the_referee(
    mut commands: Commands,
    mut referee: ResMut<ActiveReferee>,
    mut m: ResMut<Match>,
    mut hearing: Hearing,
    mut applied: MessageWriter<TurnApplied>,
    mut refused: MessageWriter<MoveRefused>,
    mut cues: MessageWriter<Cue>,
) {
    let overlay = hearing.overlay.as_ref().map(|o| *o.get());
    let frame = Frame {
        now: hearing.time.elapsed_secs(),
        delta: hearing.time.delta_secs(),
        // No one can play while the device is passed on.
        clock_stopped: hearing.pause.get().0 || overlay == Some(Overlay::Handover),
        paused: hearing.pause.get().0,
        min_thinking: if hearing.settings.animations { MIN_THINKING } else { 0.0 },
        in_steps: hearing.in_steps.as_deref().copied(),
    };
    let clock_before = referee.0.clock();
    for ruling in referee.0.update(&frame) {
        match ruling {
            Ruling::Events(events) => match m.take(events) {
                Ok(events) if events.is_empty() => {}
                Ok(events) => {
                    applied.write(TurnApplied { events });
                }
                Err(reason) => error!("the referee's events do not follow: {reason}"),
            },
            Ruling::Refused(reason) => {
                cues.write(Cue::Invalid);
                refused.write(MoveRefused(Unplayed::Rule(reason)));
            }
            Ruling::NotSent => {
                cues.write(Cue::Invalid);
                refused.write(MoveRefused(Unplayed::NotConnected));
            }
            Ruling::Record(game) => commands.insert_resource(FinalRecord(*game)),
            Ruling::Bag(check) => commands.insert_resource(check),
            Ruling::Hints(moves) => commands.insert_resource(Hints(moves)),
            Ruling::Chat(line) => {
                if let Some(chat) = hearing.chat.as_mut() {
                    chat.heard(line);
                }
            }
            Ruling::ChatRefused(refusal) => {
                if let Some(chat) = hearing.chat.as_mut() {
                    chat.refused = Some(refusal);
                }
            }
        }
    }
    let clock = referee.0.clock();
    match clock {
        Some(clock) => commands.insert_resource(clock),
        None => commands.remove_resource::<TurnClock>(),
    }
    match referee.0.thinking() {
        Some(thinking) => commands.insert_resource(thinking),
        None => commands.remove_resource::<Thinking>(),
    }
    commands.insert_resource(referee.0.connection());
    let crossed = |before: TurnClock, now: TurnClock| {
        before.moves_made == now.moves_made
            && (before.seconds_left / CLOCK_SAVE_SECONDS).ceil() != (now.seconds_left / CLOCK_SAVE_SECONDS).ceil()
    };
    if clock_before.zip(clock).is_some_and(|(before, now)| crossed(before, now)) {
        save(referee.0.as_ref(), &m, &hearing.storage);
    }
}

/// A game on the clock pauses when the app goes away; online, the clock
/// runs on the server and cannot stop.
fn pausable(m: Res<Match>, mut pausable: ResMut<Pausable>) {
    pausable.set_if_neq(Pausable(m.turn_seconds.is_some() && !m.is_over() && !m.is_online()));
}

/// After every turn: the rack on screen, the save, the end.
fn after_turn(
    mut commands: Commands,
    mut turns: MessageReader<TurnApplied>,
    mut m: ResMut<Match>,
    referee: Res<ActiveReferee>,
    composing: Composing,
    hearing: Hearing,
    mut cues: MessageWriter<Cue>,
) {
    let Composing { mut composer, mut hints } = composing;
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
        *composer = composer.refilled(viewer, m.rack(viewer));
    }
    save(referee.0.as_ref(), &m, &hearing.storage);
    if m.is_over() {
        cues.write(Cue::GameOver);
        let delay = if hearing.settings.animations { RESULTS_DELAY } else { 0.0 };
        commands.insert_resource(ResultsDue(hearing.time.elapsed_secs() + delay));
    } else if m.human_to_play() && m.humans() == 1 {
        cues.write(Cue::YourTurn);
    }
}

/// Hides the rack and asks for the device to be passed on (§4.1).
fn hand_over(mut m: ResMut<Match>, mut composer: ResMut<Composer>, mut overlay: ResMut<NextState<Overlay>>) {
    if m.needs_handover() {
        m.rack_hidden = true;
        *composer = Composer::new(m.turn(), &[]);
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
            Some(tiles) => match m.view().preview(&tiles, m.lexicon()) {
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
