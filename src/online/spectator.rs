//! Watching a game on the server: the game screen with every seat remote
//! (the board, scores and moves, no rack), refereed by a [`Spectator`]
//! that only listens. It asks the server for the public events from where
//! it got to, each request waiting for the next move, and the game's
//! record at its end gives the results.

use super::lobby::{Call, CallError, Lobby, ServerList};
use crate::Screen;
use crate::crossword::referee::{Connection, Frame, Referee, Ruling, TurnClock};
use crate::crossword::turn::{PendingStart, ResultsDue, open_game};
use crate::crossword::{Match, Seat};
use crate::lexicons::GameLexicons;
use crate::settings::Settings;
use bevy::prelude::*;
use wocable_crossword::{Intent, RuleSetKind, gcg};
use wocable_lexicon::{FAMILY_LIST, Lexicon};
use wocable_net::{ErrorCode, RoomCode, Watched};

/// Seconds before the server is asked again after a failure.
const RETRY_SECONDS: f32 = 3.0;

/// A game to watch, by its room's code.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct WatchGame(pub RoomCode);

/// The game asked to be watched, until it opens.
#[derive(Resource)]
pub struct Watching {
    code: RoomCode,
    lobby: Lobby,
    call: Option<Call<Watched>>,
    first: Option<Watched>,
    server_list: ServerList,
    /// Why it cannot be watched.
    pub failed: Option<CallError>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<WatchGame>().add_systems(Update, (ask_to_watch, open_the_watched_game).chain());
}

fn ask_to_watch(mut commands: Commands, mut asked: MessageReader<WatchGame>, settings: Res<Settings>) {
    if let Some(WatchGame(code)) = asked.read().last() {
        let lobby = super::lobby(&settings);
        let call = Some(lobby.watch(*code, 0));
        commands.insert_resource(Watching {
            code: *code,
            lobby,
            call,
            first: None,
            server_list: ServerList::default(),
            failed: None,
        });
    }
}

/// Once the server has answered and the word list is at hand, the game
/// opens as it stands.
fn open_the_watched_game(
    mut commands: Commands,
    watching: Option<ResMut<Watching>>,
    mut lexicons: GameLexicons,
    mut pending: ResMut<PendingStart>,
    mut screen: ResMut<NextState<Screen>>,
    time: Res<Time>,
) {
    let Some(mut watching) = watching else { return };
    if let Some(answer) = watching.call.as_ref().and_then(Call::take) {
        watching.call = None;
        match answer {
            Ok(first) => watching.first = Some(first),
            Err(error) => watching.failed = Some(error),
        }
    }
    let watching = &mut *watching;
    let Some(first) = &watching.first else { return };
    let settings = &first.settings;
    let lexicon = match &settings.word_list {
        Some(name) if name != FAMILY_LIST => watching.server_list.get(watching.lobby.server(), name, settings.language),
        _ => lexicons.get(settings),
    };
    let lexicon = match lexicon {
        Ok(Some(lexicon)) => lexicon,
        Ok(None) => return,
        Err(reason) => {
            pending.failed = Some(reason);
            watching.first = None;
            return;
        }
    };
    let seats = vec![Seat::Remote; settings.players.len()];
    match Match::new(settings.clone(), seats, None, lexicon.clone(), first.events.clone()) {
        Ok(m) => {
            let mut spectator =
                Spectator::new(watching.lobby.clone(), watching.code, lexicon, settings.rules, first.next);
            if let Some(record) = &first.record {
                spectator.record(record);
                commands.insert_resource(ResultsDue(time.elapsed_secs()));
            }
            open_game(&mut commands, m, Box::new(spectator));
            commands.remove_resource::<Watching>();
            screen.set(Screen::Game);
        }
        Err(reason) => {
            error!("the game watched does not follow: {reason}");
            watching.first = None;
        }
    }
}

/// The referee of a game watched: it passes on what the server shows.
pub struct Spectator {
    lobby: Lobby,
    code: RoomCode,
    lexicon: Lexicon,
    rules: RuleSetKind,
    /// The next event to ask for.
    next: u32,
    call: Option<Call<Watched>>,
    rulings: Vec<Ruling>,
    connection: Connection,
    /// The game is over, or the server no longer shows it.
    done: bool,
    retry_at: f32,
}

impl Spectator {
    fn new(lobby: Lobby, code: RoomCode, lexicon: Lexicon, rules: RuleSetKind, next: u32) -> Spectator {
        Spectator {
            lobby,
            code,
            lexicon,
            rules,
            next,
            call: None,
            rulings: Vec::new(),
            connection: Connection::Connected,
            done: false,
            retry_at: 0.0,
        }
    }

    fn heard(&mut self, watched: Watched) {
        self.next = watched.next;
        if !watched.events.is_empty() {
            self.rulings.push(Ruling::Events(watched.events));
        }
        if let Some(record) = &watched.record {
            self.record(record);
        }
    }

    /// The finished game's whole record, for the results.
    fn record(&mut self, text: &str) {
        self.done = true;
        let game = gcg::parse(text)
            .map_err(|e| e.to_string())
            .and_then(|record| gcg::replay(&record, self.rules, self.lexicon.clone()).map_err(|e| e.to_string()));
        self.rulings.extend(Ruling::record(game));
    }
}

impl Referee for Spectator {
    /// A spectator has no seat to move for.
    fn send(&mut self, _intent: Intent) {
        self.rulings.push(Ruling::NotSent);
    }

    fn ask_hints(&mut self, _seat: usize) {}

    fn update(&mut self, frame: &Frame) -> Vec<Ruling> {
        if let Some(answer) = self.call.as_ref().and_then(Call::take) {
            self.call = None;
            match answer {
                Ok(watched) => {
                    self.connection = Connection::Connected;
                    self.heard(watched);
                }
                // The room was let go, say: nothing more to see.
                Err(CallError::Refused { code, message }) if code != ErrorCode::TooManyRequests => {
                    info!("the server no longer shows the game: {message}");
                    self.connection = Connection::Lost;
                    self.done = true;
                }
                Err(error) => {
                    warn!("the game watched is out of reach: {error}");
                    self.connection = Connection::Reconnecting;
                    self.retry_at = frame.now + RETRY_SECONDS;
                }
            }
        }
        if self.call.is_none() && !self.done && frame.now >= self.retry_at {
            self.call = Some(self.lobby.watch(self.code, self.next));
        }
        std::mem::take(&mut self.rulings)
    }

    fn clock(&self) -> Option<TurnClock> {
        None
    }

    fn connection(&self) -> Connection {
        self.connection
    }
}
