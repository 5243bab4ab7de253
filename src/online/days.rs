//! Games that last days (§5.5) in the app: the member's list of them, kept
//! up to date by one question to the server at a time that waits there for
//! the next change (however many games there are), and the referee of the
//! one on screen, reached by plain requests. Each game's view is kept on
//! the device, so that opening it shows its board at once; it is then
//! brought up to date.

use super::lobby::Call;
use super::session::finished;
use super::{CallError, Lobby, OnlineAccount};
use crate::crossword::referee::{ActiveReferee, Connection, Frame, Referee, Ruling, TurnClock};
use crate::settings::Settings;
use crate::storage::Storage;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use wocable_crossword::{Game, Intent, SeatView};
use wocable_lexicon::Lexicon;
use wocable_net::{ErrorCode, MyGame, MyGames, PlayerKey, RoomCode, SeatGame};

/// What the server last said of the member's games that last days.
#[derive(Resource, Default)]
pub struct MyGamesList {
    /// `None` until it first comes, or without an account there.
    pub games: Option<MyGames>,
    /// Why the last question failed, until one is answered.
    pub failed: Option<CallError>,
    /// The server and account listened for: another starts again.
    of: Option<(String, PlayerKey)>,
    listening: Option<Call<MyGames>>,
    /// When to ask again after a failure (wall-clock seconds).
    next_ask: f32,
    /// When the list came (wall-clock seconds).
    came_at: f32,
}

impl MyGamesList {
    /// The games where it is the member's turn: the badge's number.
    pub fn my_turn(&self) -> usize {
        self.games.as_ref().map_or(0, |games| games.games.iter().filter(|game| game.my_turn()).count())
    }

    /// Whether game `code` is one of the member's on `server`: `None`
    /// until the list of that server has come (or failed to).
    pub fn holds(&self, server: &str, code: RoomCode) -> Option<bool> {
        if self.of.as_ref().is_none_or(|(of, _)| of != server) {
            return None;
        }
        match &self.games {
            Some(games) => Some(games.games.iter().any(|game| game.code == code)),
            None => self.failed.as_ref().map(|_| false),
        }
    }

    /// The server's time now, as its deadlines are told: when it answered,
    /// and the time since (`now`: wall-clock seconds).
    pub fn server_ms(&self, now: f32) -> u64 {
        let since = ((now - self.came_at).max(0.0) * 1000.0) as u64;
        self.games.as_ref().map_or(0, |games| games.now_ms + since)
    }
}

/// A question that failed is asked again after this (seconds).
const RETRY_AFTER: f32 = 10.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MyGamesList>()
        .add_systems(Update, (follow_the_account, take_the_list, listen, tell_in_the_background).chain());
}

/// The games newly the member's to play, by `now` (the list) after
/// `before` (the codes of those that were).
pub fn newly_mine<'a>(before: &HashSet<RoomCode>, now: &'a MyGames) -> Vec<&'a MyGame> {
    now.games.iter().filter(|game| game.my_turn() && !before.contains(&game.code)).collect()
}

/// While the app is in the background (its window not focused), the
/// system's notification says which games became the player's to play.
fn tell_in_the_background(
    list: Res<MyGamesList>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    locale: Res<crate::ui::i18n::Locale>,
    mut mine: Local<Option<HashSet<RoomCode>>>,
) {
    let Some(games) = list.games.as_ref().filter(|_| list.is_changed()) else { return };
    let now: HashSet<RoomCode> = games.games.iter().filter(|game| game.my_turn()).map(|game| game.code).collect();
    // The first list is what the player sees on opening the app.
    let Some(before) = mine.replace(now) else { return };
    let in_background = windows.iter().any(|window| !window.focused);
    for game in newly_mine(&before, games).into_iter().filter(|_| in_background) {
        let others: Vec<String> = game
            .summary
            .seats
            .iter()
            .enumerate()
            .filter(|(seat, _)| *seat != game.seat)
            .filter_map(|(_, name)| name.clone())
            .collect();
        crate::platform::notify(&locale.t("my-games-your-turn"), &format!("{} · {}", others.join(", "), game.code));
    }
}

/// Another server or account: what was known is another's.
fn follow_the_account(mut list: ResMut<MyGamesList>, settings: Res<Settings>, account: Res<OnlineAccount>) {
    let of = account.key_on(&settings.server).map(|key| (settings.server.clone(), key));
    if list.of != of {
        *list = MyGamesList { of, ..MyGamesList::default() };
    }
}

fn take_the_list(
    mut list: ResMut<MyGamesList>,
    time: Res<Time<Real>>,
    storage: Res<Storage>,
    online: Res<super::Online>,
) {
    let Some(answer) = list.listening.as_ref().and_then(Call::take) else { return };
    list.listening = None;
    match answer {
        Ok(games) => {
            let on_screen = match &*online {
                super::Online::PlayingDays(code) => Some(*code),
                super::Online::OpeningDays(opening) => Some(opening.code),
                _ => None,
            };
            if let Some((server, _)) = &list.of {
                forget_views(&storage, server, &games, on_screen);
            }
            list.games = Some(games);
            list.failed = None;
            list.came_at = time.elapsed_secs();
        }
        Err(error) => {
            warn!("my games: {error}");
            list.failed = Some(error);
            list.next_ask = time.elapsed_secs() + RETRY_AFTER;
        }
    }
}

/// Asks again as soon as the last question was answered: the server
/// answers at the next change.
fn listen(mut list: ResMut<MyGamesList>, time: Res<Time<Real>>) {
    let Some((server, key)) = list.of.clone() else { return };
    if list.listening.is_some() || time.elapsed_secs() < list.next_ask {
        return;
    }
    let since = list.games.as_ref().map(|games| games.version.clone());
    list.listening = Some(Lobby::new(&server).my_games(key, since));
}

/// When the list changes while a game that lasts days is on screen, its
/// referee asks what came since its view: the list is the one question
/// that waits at the server.
pub(super) fn refresh_the_game_on_screen(
    list: Res<MyGamesList>,
    online: Res<super::Online>,
    referee: Option<ResMut<ActiveReferee>>,
    mut seen: Local<Option<String>>,
) {
    let version = list.games.as_ref().map(|games| games.version.clone());
    if !list.is_changed() || *seen == version {
        return;
    }
    *seen = version;
    if let (super::Online::PlayingDays(_), Some(mut referee)) = (&*online, referee) {
        referee.0.refresh();
    }
}

/// Where a game's view is kept on the device.
pub fn kept_view_file(code: RoomCode) -> String {
    format!("days-{code}.json")
}

/// The view of game `code` kept on the device, if any.
pub fn kept_view(storage: &Storage, code: RoomCode) -> Option<SeatGame> {
    storage.read(&kept_view_file(code)).and_then(|text| serde_json::from_str(&text).ok())
}

/// Which games' views are kept on the device, and of which server: those
/// a member's list no longer holds (a week after they ended), or holds as
/// over, are removed when the list comes, so that the device keeps no
/// game it will not show.
const KEPT_VIEWS_FILE: &str = "days-kept.json";

#[derive(Default, Serialize, Deserialize)]
struct KeptViews(Vec<(String, RoomCode)>);

impl KeptViews {
    fn read(storage: &Storage) -> KeptViews {
        storage.read(KEPT_VIEWS_FILE).and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default()
    }

    fn write(&self, storage: &Storage) {
        let written = serde_json::to_string(self)
            .map_err(|e| e.to_string())
            .and_then(|text| storage.write(KEPT_VIEWS_FILE, &text).map_err(|e| e.to_string()));
        if let Err(error) = written {
            warn!("which games' views are kept was not written: {error}");
        }
    }
}

/// Notes that the view of game `code` of `server` is kept.
fn note_kept(storage: &Storage, server: &str, code: RoomCode) {
    let mut kept = KeptViews::read(storage);
    if !kept.0.iter().any(|(of, kept)| of == server && *kept == code) {
        kept.0.push((server.to_string(), code));
        kept.write(storage);
    }
}

/// Removes the views kept of `server`'s games that `games` (the member's
/// list there) no longer holds, or holds as over; not the one on screen.
fn forget_views(storage: &Storage, server: &str, games: &MyGames, on_screen: Option<RoomCode>) {
    let mut kept = KeptViews::read(storage);
    let before = kept.0.len();
    kept.0.retain(|(of, code)| {
        let playing = games.games.iter().any(|game| game.code == *code && game.summary.standings.is_none());
        let stays = of != server || on_screen == Some(*code) || playing;
        if !stays {
            storage.remove(&kept_view_file(*code));
        }
        stays
    });
    if kept.0.len() != before {
        kept.write(storage);
    }
}

/// The referee of a game that lasts days on screen: the server, asked by
/// requests. Moves are checked here first, so that one the rules refuse
/// is refused at once, also offline.
pub struct DaysReferee {
    lobby: Lobby,
    key: PlayerKey,
    storage: Storage,
    lexicon: Lexicon,
    /// The seat's whole view as the server gave it, kept on the device.
    kept: SeatGame,
    view: SeatView,
    asking: Option<Call<SeatGame>>,
    moving: Option<Call<SeatGame>>,
    /// Asks again once the call under way is answered.
    ask_again: bool,
    clock: Option<TurnClock>,
    connection: Connection,
    rulings: Vec<Ruling>,
}

impl DaysReferee {
    /// The referee of the game `kept` is the view of; it asks the server
    /// for what came since at once.
    pub fn open(
        server: &str,
        key: PlayerKey,
        storage: Storage,
        lexicon: Lexicon,
        kept: SeatGame,
    ) -> Result<DaysReferee, String> {
        let settings = kept.settings.clone().ok_or("the game has not started")?;
        let mut view = SeatView::new(settings, Some(kept.seat)).map_err(|e| e.to_string())?;
        for event in &kept.events {
            view.apply(event.clone()).map_err(|e| e.to_string())?;
        }
        let mut referee = DaysReferee {
            lobby: Lobby::new(server),
            key,
            storage,
            lexicon,
            clock: None,
            kept,
            view,
            asking: None,
            moving: None,
            ask_again: true,
            connection: Connection::Connecting,
            rulings: Vec::new(),
        };
        referee.clock = referee.kept.clock.map(|clock| referee.turn_clock(clock));
        Ok(referee)
    }

    /// The game's code.
    pub fn code(&self) -> RoomCode {
        self.kept.code
    }

    fn turn_clock(&self, clock: wocable_net::Clock) -> TurnClock {
        let seconds_left = clock.left_ms.map_or(0.0, |ms| ms as f32 / 1000.0);
        TurnClock { seat: clock.seat, moves_made: self.kept.next as usize, seconds_left }
    }

    /// Takes the server's answer: the events after the view, handed on and
    /// kept.
    fn take(&mut self, game: SeatGame) {
        let fresh: Vec<_> = game.events.iter().filter(|e| e.seq >= self.kept.next).cloned().collect();
        for event in &fresh {
            if let Err(error) = self.view.apply(event.clone()) {
                warn!("an event of the game does not follow: {error}");
                return;
            }
        }
        let newly_over = game.finished.is_some() && self.kept.finished.is_none();
        self.kept.events.extend(fresh.iter().cloned());
        self.kept = SeatGame { events: std::mem::take(&mut self.kept.events), ..game };
        self.clock = self.kept.clock.map(|clock| self.turn_clock(clock));
        if !fresh.is_empty() {
            self.rulings.push(Ruling::Events(fresh));
        }
        if newly_over && let (Some((_, record)), Some(settings)) = (&self.kept.finished, &self.kept.settings) {
            self.rulings.extend(finished(record, settings, &self.lexicon, self.kept.commitment.as_deref()));
        }
        self.keep();
    }

    fn keep(&self) {
        let written = serde_json::to_string(&self.kept)
            .map_err(|e| e.to_string())
            .and_then(|text| self.storage.write(&kept_view_file(self.kept.code), &text).map_err(|e| e.to_string()));
        match written {
            Ok(()) => note_kept(&self.storage, self.lobby.server(), self.kept.code),
            Err(error) => warn!("the game's view was not kept: {error}"),
        }
    }

    /// Why the rules refuse `intent` on the view, if they do.
    fn refused(&self, intent: &Intent) -> Option<wocable_crossword::RuleError> {
        let mut game = Game::guessed(&self.view, self.lexicon.clone(), 1).ok()?;
        game.apply(intent.clone()).err()
    }

    /// Takes a call's answer: whether it came.
    fn answered(&mut self, answer: Option<Result<SeatGame, CallError>>, moved: bool) -> bool {
        let Some(answer) = answer else { return false };
        match answer {
            Ok(game) => {
                self.connection = Connection::Connected;
                self.take(game);
            }
            Err(error) => {
                warn!("a game that lasts days: {error}");
                if moved {
                    self.rulings.push(Ruling::NotSent);
                }
                match error {
                    CallError::Unreachable(_) => self.connection = Connection::Reconnecting,
                    // The game moved on: what changed is shown first.
                    CallError::Refused { code: ErrorCode::StaleView | ErrorCode::IllegalMove, .. } => {
                        self.ask_again = true
                    }
                    _ => {}
                }
            }
        }
        true
    }
}

impl Referee for DaysReferee {
    fn send(&mut self, intent: Intent) {
        if let Some(reason) = self.refused(&intent) {
            self.rulings.push(Ruling::Refused(reason));
            return;
        }
        if self.moving.is_some() {
            self.rulings.push(Ruling::NotSent);
            return;
        }
        self.moving = Some(self.lobby.seat_move(self.kept.code, self.key, self.kept.next, intent));
    }

    fn ask_hints(&mut self, _seat: usize) {
        // Rooms that last days are made without hints.
    }

    fn update(&mut self, frame: &Frame) -> Vec<Ruling> {
        let answer = self.moving.as_ref().and_then(Call::take);
        if self.answered(answer, true) {
            self.moving = None;
        }
        let answer = self.asking.as_ref().and_then(Call::take);
        if self.answered(answer, false) {
            self.asking = None;
        }
        if self.ask_again && self.asking.is_none() && self.moving.is_none() {
            self.ask_again = false;
            self.asking = Some(self.lobby.seat_game(self.kept.code, self.key, self.kept.next));
        }
        if let Some(clock) = &mut self.clock {
            clock.seconds_left = (clock.seconds_left - frame.delta).max(0.0);
        }
        std::mem::take(&mut self.rulings)
    }

    fn clock(&self) -> Option<TurnClock> {
        self.clock
    }

    fn refresh(&mut self) {
        self.ask_again = true;
    }

    fn connection(&self) -> Connection {
        self.connection
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wocable_net::{GameSummary, RoomSettings};

    fn game(code: u64, turn: Option<usize>) -> MyGame {
        let room = RoomSettings {
            rules: wocable_crossword::RuleSetKind::Wocable,
            language: wocable_lexicon::Language::En,
            players: 2,
            clock: None,
            word_list: None,
            hints: false,
            days: Some(1),
        };
        let summary = GameSummary { turn, ..GameSummary::default() };
        MyGame { code: RoomCode::from_number(code), seat: 0, room, deadline_ms: None, changed_ms: 0, summary }
    }

    #[test]
    fn only_games_newly_the_members_to_play_are_told() {
        let before: HashSet<RoomCode> = [RoomCode::from_number(1)].into();
        let now = MyGames {
            version: String::new(),
            games: vec![game(1, Some(0)), game(2, Some(0)), game(3, Some(1))],
            now_ms: 0,
        };
        let told: Vec<RoomCode> = newly_mine(&before, &now).iter().map(|game| game.code).collect();
        assert_eq!(told, [RoomCode::from_number(2)], "1 was theirs already, 3 is another's");
    }

    #[test]
    fn views_are_kept_of_games_still_played_and_of_the_one_on_screen() {
        let dir = std::env::temp_dir().join(format!("wocable-kept-views-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let storage = Storage::in_dir(&dir);
        let (here, there) = ("https://wocable.example", "https://other.example");
        let code = RoomCode::from_number;
        for (server, n) in [(here, 1), (here, 2), (here, 3), (here, 4), (there, 5)] {
            storage.write(&kept_view_file(code(n)), "{}").unwrap();
            note_kept(&storage, server, code(n));
        }
        note_kept(&storage, here, code(1));
        let mut over = game(2, None);
        over.summary.standings = Some(Vec::new());
        // 1 is played; 2 is over; 3 left the list; 4 too, but is on screen;
        // 5 is another server's.
        let list = MyGames { version: String::new(), games: vec![game(1, Some(0)), over], now_ms: 0 };
        forget_views(&storage, here, &list, Some(code(4)));
        let kept: Vec<bool> = (1..=5).map(|n| storage.exists(&kept_view_file(code(n)))).collect();
        assert_eq!(kept, [true, false, false, true, true]);
        let noted: Vec<RoomCode> = KeptViews::read(&storage).0.into_iter().map(|(_, code)| code).collect();
        assert_eq!(noted, [code(1), code(4), code(5)], "noted once each");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
