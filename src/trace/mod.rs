//! Trace on screen (§7): a round from its puzzle to its end, the clock
//! and the pause, the save that survives the app being killed, the best
//! scores, and the daily puzzle. Letters are entities ([`board`]), traced
//! through the app's pointer messages ([`input`]).

pub mod board;
pub mod hud;
pub mod input;
pub mod layout;

use crate::AppSystems;
use crate::Screen;
use crate::feedback::Cue;
use crate::lexicons::{Lexicons, Unavailable};
use crate::pause::{self, Pausable, Pause};
use crate::settings::Settings;
use crate::storage::{Damage, DamagedFiles, Storage};
use crate::ui::i18n::Locale;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use wocable_lexicon::Language;
use wocable_trace::{Day, Familiar, Mode, Outcome, Round, RoundEnd, RoundEvent, RoundIntent, generate};

/// A round as asked for: its mode, its word language, its puzzle's seed,
/// and the day when it is that day's puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundSetup {
    pub mode: Mode,
    pub language: Language,
    pub seed: u64,
    pub daily: Option<Day>,
}

impl RoundSetup {
    /// Today's puzzle in `mode` and `language`.
    pub fn daily(mode: Mode, language: Language, today: Day) -> RoundSetup {
        RoundSetup { mode, language, seed: today.seed(mode, language), daily: Some(today) }
    }

    /// A puzzle no one asked for before.
    pub fn fresh(mode: Mode, language: Language) -> RoundSetup {
        RoundSetup { mode, language, seed: rand::random(), daily: None }
    }
}

/// The round on screen, left paused, or just over.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct TraceRound {
    pub setup: RoundSetup,
    pub round: Round,
}

/// A round as saved: paused, to go on where it was.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedRound {
    pub version: u32,
    pub setup: RoundSetup,
    pub round: Round,
}

pub const ROUND_VERSION: u32 = 1;
/// The round in progress, in the app's storage.
pub const ROUND_FILE: &str = "trace.json";
/// The best score of each mode.
pub const BEST_FILE: &str = "trace-best.json";
/// A grid is this many letters a side.
pub const GRID_SIDE: usize = 4;
/// While the clock runs, the save keeps up with it this often: a round
/// killed mid-way gives back at most this much time.
const SAVE_EVERY_MS: u64 = 5_000;
/// How long "Time's up!" or the perfect round shows before the end screen.
const END_SECONDS: f32 = 2.5;
/// The clock ticks aloud for its last seconds.
const TICKING_MS: u64 = 10_000;

/// The best score of each mode, by the mode's name.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestScores(pub BTreeMap<String, u32>);

impl BestScores {
    pub fn of(&self, mode: Mode) -> Option<u32> {
        self.0.get(mode.name()).copied()
    }
}

/// Start a round (the menu, the end screen's "again").
#[derive(Message, Clone, Copy, Debug)]
pub struct StartRound(pub RoundSetup);

/// Go on with the saved round.
#[derive(Message, Clone, Copy, Debug)]
pub struct ResumeRound;

/// What the player asks for on the round's screen.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceAction {
    /// Put the wheel's letters in a new order (the letters stay the same).
    Shuffle,
    Pause(bool),
}

/// What the player asks of the round on screen (a trace drawn, sent):
/// the round checks it, as the crossword's referee checks a move.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct TraceIntent(pub RoundIntent);

/// What a trace sent to the round did.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Traced(pub Outcome);

/// The round's end has been seen to: its sound, its best score, the end
/// screen due at this time.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct RoundOver {
    pub end: RoundEnd,
    pub new_best: bool,
    end_screen_at: f32,
}

impl RoundOver {
    /// Whether the end screen is due at `now` (the app's seconds).
    pub fn is_due(&self, now: f32) -> bool {
        now >= self.end_screen_at
    }
}

/// A round asked for, waiting for its word list (the web build fetches
/// it), or why it could not be had.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct PendingRound {
    pub setup: Option<RoundSetup>,
    pub failed: Option<NoRound>,
}

/// Why a round asked for did not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoRound {
    WordList(Unavailable),
    /// No puzzle could be drawn from the seed (it does not happen with the
    /// bundled lists).
    NoPuzzle,
}

impl NoRound {
    /// What to tell the player.
    pub fn text(&self, locale: &Locale) -> String {
        match self {
            NoRound::WordList(why) => why.text(locale),
            NoRound::NoPuzzle => locale.t("trace-no-puzzle"),
        }
    }
}

/// The saved round, described for the home screen and the menu.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct SavedRoundInfo(pub Option<(Mode, u64)>);

/// Familiar words of each language, read once.
#[derive(Resource, Default)]
struct FamiliarLists(HashMap<Language, Familiar>);

/// The order of the wheel's letters on screen, slot by slot: shuffling
/// moves letters, not the cells they are.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct WheelOrder(pub Vec<usize>);

/// Milliseconds of the app's clock, which the rounds count in.
pub fn now_ms(time: &Time) -> u64 {
    time.elapsed().as_millis() as u64
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<StartRound>()
        .add_message::<ResumeRound>()
        .add_message::<TraceAction>()
        .add_message::<TraceIntent>()
        .add_message::<Traced>()
        .init_resource::<PendingRound>()
        .init_resource::<SavedRoundInfo>()
        .init_resource::<FamiliarLists>()
        .init_resource::<WheelOrder>()
        .add_systems(Startup, read_best)
        .add_systems(OnEnter(Screen::Home), read_saved_round)
        .add_systems(OnEnter(Screen::TraceMenu), read_saved_round)
        // A round still on its way when its screen is left is not wanted.
        .add_systems(OnExit(Screen::TraceMenu), forget_pending)
        .add_systems(OnExit(Screen::TraceEnd), forget_pending)
        .add_systems(Update, (ask_for_rounds, draw_the_puzzle).chain())
        .add_systems(OnEnter(Screen::TraceRound), begin)
        .add_systems(OnEnter(Screen::TraceEnd), only_after_the_end)
        .add_systems(
            Update,
            (
                (follow_pause, tick, referee, act).chain().in_set(AppSystems::Act),
                (after_traces, keep_saved, see_the_end, pausable).chain().in_set(AppSystems::React),
            )
                .run_if(in_state(Screen::TraceRound).and_then(resource_exists::<TraceRound>)),
        )
        .add_systems(OnExit(Screen::TraceRound), (leave, pause::leave))
        .add_systems(
            Last,
            save_on_exit
                .after(bevy::window::ExitSystems)
                .run_if(on_message::<AppExit>)
                .run_if(in_state(Screen::TraceRound)),
        )
        .add_plugins((board::plugin, input::plugin));
}

fn read_best(mut commands: Commands, storage: Res<Storage>) {
    let best = storage.read(BEST_FILE).and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default();
    commands.insert_resource::<BestScores>(best);
}

/// The saved round, if there is one, or why it cannot be used.
fn read_save(storage: &Storage) -> Result<Option<SavedRound>, Damage> {
    let saved = storage.read_versioned::<SavedRound>(ROUND_FILE, ROUND_VERSION)?;
    match saved {
        Some(saved) if !saved.round.is_sound() || saved.round.puzzle().language != saved.setup.language => {
            Err(Damage::AgainstTheRules)
        }
        saved => Ok(saved),
    }
}

fn read_saved_round(storage: Res<Storage>, mut info: ResMut<SavedRoundInfo>, mut damaged: ResMut<DamagedFiles>) {
    info.0 = match read_save(&storage) {
        // The clock is stopped in a save: any time reads what is left.
        Ok(Some(saved)) => Some((saved.setup.mode, saved.round.remaining_ms(0))),
        Ok(None) => None,
        Err(damage) => {
            damaged.0.push(storage.set_aside(ROUND_FILE, damage));
            None
        }
    };
}

/// Saves the round as it would be paused now, so that a killed app goes
/// on with the time it had.
fn save(storage: &Storage, trace: &TraceRound, now: u64) {
    let mut round = trace.round.clone();
    round.apply(RoundIntent::Pause, now);
    let saved = SavedRound { version: ROUND_VERSION, setup: trace.setup, round };
    let written = serde_json::to_string(&saved)
        .map_err(|e| e.to_string())
        .and_then(|text| storage.write(ROUND_FILE, &text).map_err(|e| e.to_string()));
    if let Err(e) = written {
        warn!("the Trace round could not be saved: {e}");
    }
}

fn ask_for_rounds(
    mut commands: Commands,
    mut starts: MessageReader<StartRound>,
    mut resumes: MessageReader<ResumeRound>,
    mut pending: ResMut<PendingRound>,
    storage: Res<Storage>,
    mut screen: ResMut<NextState<Screen>>,
    mut damaged: ResMut<DamagedFiles>,
) {
    if let Some(StartRound(setup)) = starts.read().last() {
        *pending = PendingRound { setup: Some(*setup), failed: None };
    }
    if resumes.read().last().is_some() {
        // The round resumed is the one wanted, not one still on its way.
        *pending = PendingRound::default();
        match read_save(&storage) {
            Ok(Some(saved)) => {
                commands.insert_resource(TraceRound { setup: saved.setup, round: saved.round });
                commands.remove_resource::<RoundOver>();
                screen.set(Screen::TraceRound);
            }
            Ok(None) => {}
            Err(damage) => damaged.0.push(storage.set_aside(ROUND_FILE, damage)),
        }
    }
}

/// Draws the puzzle asked for once its word list is at hand.
fn draw_the_puzzle(
    mut commands: Commands,
    mut pending: ResMut<PendingRound>,
    mut lexicons: ResMut<Lexicons>,
    mut familiar: ResMut<FamiliarLists>,
    mut screen: ResMut<NextState<Screen>>,
    settings: Res<Settings>,
) {
    let Some(setup) = pending.setup else { return };
    // Trace's words are the family list's where the player keeps to those.
    let lexicon = if settings.family_words { lexicons.family(setup.language) } else { lexicons.get(setup.language) };
    let lexicon = match lexicon {
        Ok(Some(lexicon)) => lexicon,
        Ok(None) => return,
        Err(why) => {
            *pending = PendingRound { setup: None, failed: Some(NoRound::WordList(Unavailable::Fetch(why))) };
            return;
        }
    };
    let familiar = familiar.0.entry(setup.language).or_insert_with(|| Familiar::bundled(setup.language));
    match generate(setup.mode, GRID_SIDE, &lexicon, familiar, setup.seed) {
        Ok(puzzle) => {
            *pending = PendingRound::default();
            commands.insert_resource(TraceRound { setup, round: Round::new(puzzle) });
            commands.remove_resource::<RoundOver>();
            screen.set(Screen::TraceRound);
        }
        Err(why) => {
            warn!("no Trace puzzle for {setup:?}: {why}");
            *pending = PendingRound { setup: None, failed: Some(NoRound::NoPuzzle) };
        }
    }
}

fn forget_pending(mut pending: ResMut<PendingRound>) {
    pending.setup = None;
}

/// The letters appear: the clock starts (a resumed round goes on at once,
/// as it is not paused), and the wheel shows its letters in their order.
fn begin(mut trace: ResMut<TraceRound>, time: Res<Time>, mut order: ResMut<WheelOrder>, storage: Res<Storage>) {
    let now = now_ms(&time);
    trace.round.apply(RoundIntent::Start, now);
    order.0 = (0..trace.round.puzzle().letters.len()).collect();
    if trace.round.end().is_none() {
        save(&storage, &trace, now);
    }
}

/// The end screen is a finished round's: back from the dictionary with a
/// round left paused since, the menu shows instead.
fn only_after_the_end(
    trace: Option<Res<TraceRound>>,
    over: Option<Res<RoundOver>>,
    mut screen: ResMut<NextState<Screen>>,
) {
    if over.is_none() || trace.is_none_or(|trace| trace.round.end().is_none()) {
        screen.set(Screen::TraceMenu);
    }
}

/// The round's clock follows the app's pause: it stops (and a trace under
/// way is dropped) while paused, and runs again on resuming.
fn follow_pause(pause: Res<State<Pause>>, mut trace: ResMut<TraceRound>, time: Res<Time>, storage: Res<Storage>) {
    let now = now_ms(&time);
    let paused = pause.get().0;
    if paused && !trace.round.is_paused() && trace.round.end().is_none() {
        trace.round.apply(RoundIntent::Pause, now);
        // A paused app may be ended without warning (a phone).
        save(&storage, &trace, now);
    } else if !paused && trace.round.is_paused() {
        trace.round.apply(RoundIntent::Resume, now);
    }
}

/// Runs the clock: the round ends at zero, and the last seconds tick.
fn tick(mut trace: ResMut<TraceRound>, time: Res<Time>, mut cues: MessageWriter<Cue>, mut last_left: Local<u64>) {
    let now = now_ms(&time);
    trace.round.tick(now);
    let left = trace.round.remaining_ms(now);
    let second = |ms: u64| ms.div_ceil(1000);
    if trace.round.end().is_none() && left <= TICKING_MS && second(left) != second(*last_left) {
        cues.write(Cue::Tick);
    }
    *last_left = left;
}

/// The round checks what the player sent it; what a trace did is told
/// on (the round's end shows through [`Round::end`]).
fn referee(
    mut intents: MessageReader<TraceIntent>,
    mut trace: ResMut<TraceRound>,
    time: Res<Time>,
    mut traced: MessageWriter<Traced>,
) {
    let now = now_ms(&time);
    for TraceIntent(intent) in intents.read() {
        for event in trace.round.apply(intent.clone(), now) {
            if let RoundEvent::Traced(outcome) = event {
                traced.write(Traced(outcome));
            }
        }
    }
}

fn act(
    mut actions: MessageReader<TraceAction>,
    trace: Res<TraceRound>,
    tracing: Res<input::Tracing>,
    mut order: ResMut<WheelOrder>,
    mut pause: ResMut<NextState<Pause>>,
    mut cues: MessageWriter<Cue>,
) {
    for action in actions.read() {
        match action {
            // Not over, and not under a finger tracing.
            TraceAction::Shuffle if trace.round.end().is_some() || !tracing.tracer.path().is_empty() => {}
            TraceAction::Shuffle => {
                use rand::seq::SliceRandom;
                let before = order.0.clone();
                // A shuffle that changes nothing would look broken.
                while order.0.len() > 1 && order.0 == before {
                    order.0.shuffle(&mut rand::rng());
                }
                cues.write(Cue::Shuffle);
            }
            TraceAction::Pause(paused) => pause.set(Pause(*paused)),
        }
    }
}

/// Each trace is heard and felt, and a word found is saved at once.
fn after_traces(
    mut traced: MessageReader<Traced>,
    trace: Res<TraceRound>,
    time: Res<Time>,
    storage: Res<Storage>,
    mut cues: MessageWriter<Cue>,
) {
    let mut found = false;
    for Traced(outcome) in traced.read() {
        let cue = match outcome {
            Outcome::Target { .. } => Cue::WordFound,
            Outcome::Bonus { .. } => Cue::BonusWord,
            Outcome::AlreadyFound { .. } => Cue::AlreadyFound,
            Outcome::NotAWord { .. } => Cue::NotAWord,
            Outcome::TooShort | Outcome::NotATrace | Outcome::GameOver => continue,
        };
        found |= matches!(outcome, Outcome::Target { .. } | Outcome::Bonus { .. });
        cues.write(cue);
    }
    if found && trace.round.end().is_none() {
        save(&storage, &trace, now_ms(&time));
    }
}

/// While the clock runs, the save keeps up with it.
fn keep_saved(trace: Res<TraceRound>, time: Res<Time>, storage: Res<Storage>, mut saved_at: Local<u64>) {
    let now = now_ms(&time);
    if trace.round.end().is_none() && !trace.round.is_paused() && now.saturating_sub(*saved_at) >= SAVE_EVERY_MS {
        *saved_at = now;
        save(&storage, &trace, now);
    }
}

/// Whether to animate, and the time: the end screen follows a moment later
/// with animations on.
#[derive(SystemParam)]
struct Timing<'w> {
    settings: Res<'w, Settings>,
    time: Res<'w, Time>,
}

/// The round, and what its end changed.
#[derive(SystemParam)]
struct Ended<'w> {
    trace: Res<'w, TraceRound>,
    over: Option<Res<'w, RoundOver>>,
}

/// The round ended: its sound, its best score, no save to resume, and
/// the end screen after a moment ("Time's up!", or the perfect round
/// celebrated).
fn see_the_end(
    mut commands: Commands,
    ended: Ended,
    mut best: ResMut<BestScores>,
    storage: Res<Storage>,
    timing: Timing,
    mut cues: MessageWriter<Cue>,
    mut screen: ResMut<NextState<Screen>>,
) {
    let Ended { trace, over } = ended;
    let Timing { settings, time } = timing;
    if let Some(over) = over {
        if over.is_due(time.elapsed_secs()) {
            screen.set(Screen::TraceEnd);
        }
        return;
    }
    let Some(end) = trace.round.end() else { return };
    cues.write(match end {
        RoundEnd::TimeUp => Cue::GameOver,
        RoundEnd::Perfect { .. } => Cue::Perfect,
    });
    storage.remove(ROUND_FILE);
    let mode = trace.setup.mode;
    let new_best = best.of(mode).is_none_or(|previous| trace.round.score() > previous) && trace.round.score() > 0;
    if new_best {
        best.0.insert(mode.name().to_string(), trace.round.score());
        let written = serde_json::to_string(&*best).map_err(|e| e.to_string());
        if let Err(e) = written.and_then(|text| storage.write(BEST_FILE, &text).map_err(|e| e.to_string())) {
            warn!("the best scores could not be saved: {e}");
        }
    }
    let delay = if settings.animations { END_SECONDS } else { 0.0 };
    commands.insert_resource(RoundOver { end, new_best, end_screen_at: time.elapsed_secs() + delay });
}

/// Going away pauses a round that is still on.
fn pausable(trace: Res<TraceRound>, mut pausable: ResMut<Pausable>) {
    pausable.set_if_neq(Pausable(trace.round.end().is_none()));
}

/// Leaving the round's screen (Home on the pause screen) leaves the round
/// paused and saved, for home to offer it again.
fn leave(trace: Option<ResMut<TraceRound>>, time: Res<Time>, storage: Res<Storage>) {
    let Some(mut trace) = trace else { return };
    if trace.round.end().is_none() {
        let now = now_ms(&time);
        trace.round.apply(RoundIntent::Pause, now);
        save(&storage, &trace, now);
    }
}

fn save_on_exit(trace: Option<Res<TraceRound>>, time: Res<Time>, storage: Res<Storage>) {
    if let Some(trace) = trace.filter(|trace| trace.round.end().is_none()) {
        save(&storage, &trace, now_ms(&time));
    }
}
