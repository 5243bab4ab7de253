//! A room and its referee as a state machine (§5.2–§5.5): seats are taken,
//! players connect, the game starts when every seat is taken and every
//! human is here, intents are checked by the rules, each seat is sent
//! only what its view may hold, the turn clock and absent players time
//! out (§3.3), and anyone who connects again gets their whole view. Time
//! is passed in (milliseconds); nothing here touches a socket or a clock.

use crate::code::RoomCode;
use crate::lobby::ErrorCode;
use crate::protocol::{
    Clock, DAYS_PER_MOVE, MAX_CHAT, Refusal, RoomSettings, SeatToken, ServerMessage, event_messages,
};
use crate::referee::{ComputerTurn, Referee, visible_to};
use serde::{Deserialize, Serialize};
use thiserror::Error;
use wocable_crossword::computer::{self, HINTS, Level};
use wocable_crossword::movegen::Move;
use wocable_crossword::{
    ConfigError, Game, GameConfig, GameSettings, Intent, RestoreError, RuleError, SavedGame, Seed, Sequenced, gcg,
};
use wocable_lexicon::{Language, Lexicon, Offensive};
/// How long a seat of a room still filling stays taken for a player who
/// has not come yet (the app connects within seconds of joining): then it
/// is given up, and the room waits for someone else.
pub const WAITING_GRACE_MS: u64 = 30_000;
/// The same for a player who came and went: a dropped connection, or a
/// phone away in its share sheet, comes back well within it.
pub const LEFT_WAITING_GRACE_MS: u64 = 180_000;

/// The longest turn clock a room may have: a day.
const MAX_CLOCK_SECONDS: u32 = 86_400;

/// The longest nickname.
pub const MAX_NAME: usize = 20;

/// A player's account on the server: its number in the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AccountId(pub i64);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// A person without an account: plays, but is not rated.
    Human,
    /// A person with an account: rated, and on its profile.
    Member(AccountId),
    Computer(Level),
}

impl Player {
    pub fn is_person(self) -> bool {
        !matches!(self, Player::Computer(_))
    }

    /// The member's account; none for a guest or a computer player.
    pub fn account(self) -> Option<AccountId> {
        match self {
            Player::Member(account) => Some(account),
            _ => None,
        }
    }
}

/// A seat taken: who sits there and the secret that proves it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub name: String,
    pub player: Player,
    pub token: SeatToken,
}

/// A seat given up while its room filled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GivenUp {
    /// Its number before the seats after it moved up.
    pub seat: usize,
    pub sitter: Seat,
    /// Whether its player ever connected (and then left), or never came.
    pub came: bool,
}

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum LobbyError {
    #[error("{rules} games are for {min} to {max} players, not {found}")]
    PlayerCount { rules: String, min: usize, max: usize, found: usize },
    #[error("a turn clock is 1 second to a day")]
    Clock,
    #[error("a game that lasts days gives 1, 2, 3 or 7 days a move, and has no turn clock")]
    Days,
    #[error("the room is full")]
    Full,
    #[error("someone in the room is called {0} already")]
    NameTaken(String),
    #[error("you have a seat in this room already")]
    AlreadySeated,
    #[error("a nickname is 1 to {MAX_NAME} letters or digits, without spaces")]
    BadName,
    #[error("that nickname is for computer players")]
    ComputerName,
    #[error("that nickname is offensive: choose another")]
    OffensiveName,
    #[error("the game cannot start: {0}")]
    Config(#[from] ConfigError),
    #[error("the room's game cannot be restored: {0}")]
    Restore(#[from] RestoreError),
}

impl LobbyError {
    /// The code the lobby's API answers it with.
    pub fn code(&self) -> ErrorCode {
        match self {
            LobbyError::PlayerCount { .. } => ErrorCode::PlayerCount,
            LobbyError::Clock | LobbyError::Days => ErrorCode::BadClock,
            LobbyError::Full => ErrorCode::RoomFull,
            LobbyError::NameTaken(_) => ErrorCode::NameTaken,
            LobbyError::AlreadySeated => ErrorCode::AlreadySeated,
            LobbyError::BadName => ErrorCode::BadName,
            LobbyError::ComputerName => ErrorCode::ComputerName,
            LobbyError::OffensiveName => ErrorCode::OffensiveName,
            LobbyError::Config(_) => ErrorCode::BadSettings,
            LobbyError::Restore(_) => ErrorCode::Unavailable,
        }
    }
}

/// What computer players are called, before a number.
pub const COMPUTER_NAME: &str = "Bot";

/// Whether a nickname may be an account's: a name a seat may have
/// ([`check_name`]) that is not a computer player's.
pub fn check_nick(nick: &str) -> Result<(), LobbyError> {
    check_name(nick)?;
    let number = nick.get(COMPUTER_NAME.len()..).unwrap_or("x");
    let prefix = nick.get(..COMPUTER_NAME.len()).unwrap_or("");
    if prefix.eq_ignore_ascii_case(COMPUTER_NAME) && number.chars().all(|c| c.is_ascii_digit()) {
        return Err(LobbyError::ComputerName);
    }
    Ok(())
}

/// Whether a nickname may be taken: 1 to [`MAX_NAME`] letters, digits,
/// `-`, `_` or `.`, and no offensive word (§1.3).
pub fn check_name(name: &str) -> Result<(), LobbyError> {
    let fits = |c: char| c.is_alphanumeric() || c == '-' || c == '_' || c == '.';
    if name.is_empty() || name.chars().count() > MAX_NAME || !name.chars().all(fits) {
        return Err(LobbyError::BadName);
    }
    if is_offensive(name) {
        return Err(LobbyError::OffensiveName);
    }
    Ok(())
}

/// A line of chat as it is said: trimmed, control characters taken out;
/// or why it may not be.
pub fn check_chat(text: &str) -> Result<String, Refusal> {
    let text: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let text = text.trim();
    if text.is_empty() || text.chars().count() > MAX_CHAT {
        return Err(Refusal::ChatLength);
    }
    if text.split_whitespace().any(is_offensive) {
        return Err(Refusal::Offensive);
    }
    Ok(text.to_string())
}

/// Whether a name is, or has among its words, an offensive word of any
/// language: its words are its runs of letters, cut also before a capital
/// that starts a word (`big_Word2`, `bigWord`, `BIGWord`: big, word).
fn is_offensive(name: &str) -> bool {
    let mut words = vec![name.to_string()];
    for run in name.split(|c: char| !c.is_alphabetic()).filter(|run| !run.is_empty()) {
        words.push(run.to_string());
        let chars: Vec<char> = run.chars().collect();
        let mut start = 0;
        for i in 1..chars.len() {
            let capital_after_small = chars[i].is_uppercase() && chars[i - 1].is_lowercase();
            let capital_starting_a_word = chars[i].is_uppercase()
                && chars[i - 1].is_uppercase()
                && chars.get(i + 1).is_some_and(|c| c.is_lowercase());
            if capital_after_small || capital_starting_a_word {
                words.push(chars[start..i].iter().collect());
                start = i;
            }
        }
        words.push(chars[start..].iter().collect());
    }
    Language::ALL.into_iter().any(|language| {
        let offensive = Offensive::bundled(language);
        words.iter().any(|word| offensive.contains_word(language, word))
    })
}

/// What a change in a room produced: events for the log (to be stored
/// before anything is sent) and messages, each for one seat.
#[derive(Debug, Default, PartialEq)]
pub struct Step {
    pub events: Vec<Sequenced>,
    pub messages: Vec<(usize, ServerMessage)>,
}

pub struct Room {
    code: RoomCode,
    settings: RoomSettings,
    seed: Seed,
    lexicon: Lexicon,
    seats: Vec<Seat>,
    connected: Vec<bool>,
    /// Since when each seat's player has been away (ms).
    away_since: Vec<Option<u64>>,
    /// Whether each seat's player has connected since joining.
    came: Vec<bool>,
    /// The game's referee, once it started.
    referee: Option<Referee>,
    /// The last hints found, and the length of the log they are for: a
    /// player asking again on the same turn costs no new search.
    hinted: Option<(usize, Vec<Move>)>,
}

impl Room {
    pub fn new(code: RoomCode, settings: RoomSettings, seed: Seed, lexicon: Lexicon) -> Result<Room, LobbyError> {
        let rules = settings.rules.rules();
        if !(rules.min_players..=rules.max_players).contains(&settings.players) {
            return Err(LobbyError::PlayerCount {
                rules: settings.rules.to_string(),
                min: rules.min_players,
                max: rules.max_players,
                found: settings.players,
            });
        }
        if settings.clock.is_some_and(|s| s == 0 || s > MAX_CLOCK_SECONDS) {
            return Err(LobbyError::Clock);
        }
        if settings.days.is_some_and(|days| !DAYS_PER_MOVE.contains(&days) || settings.clock.is_some()) {
            return Err(LobbyError::Days);
        }
        if lexicon.language() != settings.language {
            return Err(ConfigError::LexiconLanguage { wanted: settings.language, found: lexicon.language() }.into());
        }
        Ok(Room {
            code,
            settings,
            seed,
            lexicon,
            seats: Vec::new(),
            connected: Vec::new(),
            away_since: Vec::new(),
            came: Vec::new(),
            referee: None,
            hinted: None,
        })
    }

    /// A room as stored: its seats and, once it started, its game's rules
    /// edition and log.
    pub fn restore(
        code: RoomCode,
        settings: RoomSettings,
        seed: Seed,
        lexicon: Lexicon,
        seats: Vec<Seat>,
        game: Option<(u32, Vec<wocable_crossword::Event>)>,
        now: u64,
    ) -> Result<Room, LobbyError> {
        let mut room = Room::new(code, settings, seed, lexicon)?;
        room.connected = seats.iter().map(|s| !s.player.is_person()).collect();
        room.away_since = seats.iter().map(|s| s.player.is_person().then_some(now)).collect();
        room.came = vec![true; seats.len()];
        room.seats = seats;
        if let Some((version, events)) = game {
            let saved = SavedGame { version, config: room.config(), events };
            let game = Game::restore(&saved, room.lexicon.clone())?;
            room.referee = Some(room.referee_of(game, now));
        }
        Ok(room)
    }

    pub fn code(&self) -> RoomCode {
        self.code
    }

    pub fn settings(&self) -> &RoomSettings {
        &self.settings
    }

    /// The word list the game is played on.
    pub fn lexicon(&self) -> &Lexicon {
        &self.lexicon
    }

    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    pub fn game(&self) -> Option<&Game> {
        self.referee.as_ref().map(Referee::game)
    }

    pub fn is_full(&self) -> bool {
        self.seats.len() == self.settings.players
    }

    pub fn is_over(&self) -> bool {
        self.referee.as_ref().is_some_and(Referee::is_over)
    }

    fn config(&self) -> GameConfig {
        let settings = GameSettings {
            rules: self.settings.rules,
            language: self.settings.language,
            players: self.seats.iter().map(|s| s.name.clone()).collect(),
            layout: None,
            word_list: self.settings.word_list.clone(),
            hints: self.settings.hints,
        };
        GameConfig { settings, seed: self.seed }
    }

    /// Takes the next seat at `now` (a human who does not come within
    /// [`WAITING_GRACE_MS`] loses it); the caller draws the token at random.
    pub fn join(&mut self, name: &str, player: Player, token: SeatToken, now: u64) -> Result<usize, LobbyError> {
        if self.is_full() || self.referee.is_some() {
            return Err(LobbyError::Full);
        }
        check_name(name)?;
        if matches!(player, Player::Member(_)) && self.seats.iter().any(|s| s.player == player) {
            return Err(LobbyError::AlreadySeated);
        }
        if self.seats.iter().any(|s| s.name.eq_ignore_ascii_case(name)) {
            return Err(LobbyError::NameTaken(name.to_string()));
        }
        self.seats.push(Seat { name: name.to_string(), player, token });
        let computer = !player.is_person();
        self.connected.push(computer);
        self.away_since.push((!computer).then_some(now));
        self.came.push(computer);
        Ok(self.seats.len() - 1)
    }

    /// Gives back the last seat taken, before the game starts (when the
    /// seat could not be stored).
    pub fn cancel_join(&mut self, seat: usize) {
        if self.referee.is_none() && seat + 1 == self.seats.len() {
            self.seats.pop();
            self.connected.pop();
            self.away_since.pop();
            self.came.pop();
        }
    }

    /// The seat a token belongs to.
    pub fn seat_of(&self, token: SeatToken) -> Option<usize> {
        self.seats.iter().position(|s| s.token == token && s.player.is_person())
    }

    /// A peer proved it holds `seat`: it gets its whole view (§5.5), or
    /// who is waiting; the game starts if it was the last one awaited.
    pub fn connect(&mut self, seat: usize, now: u64) -> Result<Step, LobbyError> {
        if seat >= self.seats.len() {
            return Ok(Step::default());
        }
        self.connected[seat] = true;
        self.away_since[seat] = None;
        self.came[seat] = true;
        if self.referee.is_some() {
            let mut step = Step::default();
            self.welcome(seat, now, &mut step);
            return Ok(step);
        }
        Ok(self.start_if_ready(now)?.unwrap_or_else(|| self.waiting()))
    }

    /// Starts the game once every seat is taken and connected (taken,
    /// in a game that lasts days: nobody need be there).
    pub fn start_if_ready(&mut self, now: u64) -> Result<Option<Step>, LobbyError> {
        let here = self.settings.days.is_some() || self.connected.iter().all(|c| *c);
        if self.referee.is_none() && self.is_full() && here {
            return self.start(now).map(Some);
        }
        Ok(None)
    }

    /// A seat's peer went away; it may come back (§5.5).
    pub fn disconnect(&mut self, seat: usize, now: u64) {
        if let Some(connected) = self.connected.get_mut(seat)
            && self.seats[seat].player.is_person()
        {
            *connected = false;
            self.away_since[seat] = Some(now);
        }
    }

    /// Gives up the seats of a room still filling whose players never
    /// came ([`WAITING_GRACE_MS`]) or left ([`LEFT_WAITING_GRACE_MS`]):
    /// the seats after them move up. The seats given up, in order.
    pub fn give_up_absent_seats(&mut self, now: u64) -> Vec<GivenUp> {
        if self.referee.is_some() {
            return Vec::new();
        }
        let grace = |seat: usize| if self.came[seat] { LEFT_WAITING_GRACE_MS } else { WAITING_GRACE_MS };
        let gone: Vec<usize> = (0..self.seats.len())
            .filter(|seat| self.away_since[*seat].is_some_and(|since| now.saturating_sub(since) >= grace(*seat)))
            .collect();
        let mut given_up = Vec::new();
        for seat in gone.into_iter().rev() {
            let sitter = self.seats.remove(seat);
            self.connected.remove(seat);
            self.away_since.remove(seat);
            given_up.push(GivenUp { seat, sitter, came: self.came.remove(seat) });
        }
        given_up.reverse();
        given_up
    }

    /// Who is in the room while it fills, for everyone connected.
    pub fn waiting(&self) -> Step {
        let seats: Vec<Option<String>> =
            (0..self.settings.players).map(|i| self.seats.get(i).map(|s| s.name.clone())).collect();
        let messages = self
            .connected_seats()
            .map(|seat| (seat, ServerMessage::Waiting { seat, room: self.settings.clone(), seats: seats.clone() }))
            .collect();
        Step { events: Vec::new(), messages }
    }

    fn connected_seats(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.seats.len()).filter(|s| self.connected[*s] && self.seats[*s].player.is_person())
    }

    fn start(&mut self, now: u64) -> Result<Step, LobbyError> {
        let game = Game::new(self.config(), self.lexicon.clone())?;
        let mut step = Step { events: game.numbered_from(0).collect(), messages: Vec::new() };
        self.referee = Some(self.referee_of(game, now));
        for seat in self.connected_seats().collect::<Vec<_>>() {
            self.welcome(seat, now, &mut step);
        }
        Ok(step)
    }

    /// The referee of the room's game, its turn beginning `now`.
    fn referee_of(&self, game: Game, now: u64) -> Referee {
        let players = self.seats.iter().map(|seat| seat.player).collect();
        Referee::new(game, players, self.settings.turn_seconds(), now)
    }

    fn welcome(&self, seat: usize, now: u64, step: &mut Step) {
        let Some(game) = self.game() else { return };
        let welcome = ServerMessage::Welcome {
            seat,
            room: self.settings.clone(),
            settings: game.settings().clone(),
            commitment: self.seed.commitment(),
        };
        step.messages.push((seat, welcome));
        let events: Vec<Sequenced> = game.sequenced(Some(seat)).collect();
        for message in event_messages(&events, self.clock(now)) {
            step.messages.push((seat, message));
        }
        if game.is_over() {
            step.messages.push((seat, self.finished()));
        }
    }

    fn finished(&self) -> ServerMessage {
        let game = self.game().expect("a finished game");
        ServerMessage::Finished { standings: game.standings(), gcg: gcg::export(game) }
    }

    /// Whose turn it is and the time they have left.
    pub fn clock(&self, now: u64) -> Option<Clock> {
        self.referee.as_ref()?.clock(now)
    }

    /// A restored game's turn with `left_ms` left of it (what was stored),
    /// not a whole turn from the restoring.
    pub fn resume_clock(&mut self, left_ms: u64) {
        self.referee = self.referee.take().map(|referee| referee.resumed(Some(left_ms)));
    }

    /// The events of the game from `since` on that `seat` may see.
    pub fn seat_events(&self, seat: usize, since: u32) -> Vec<Sequenced> {
        let Some(game) = self.game() else { return Vec::new() };
        game.numbered_from(since as usize).filter(|e| e.event.visible_to(Some(seat))).collect()
    }

    /// Whether `intent` is the move the log made when it was `at` events
    /// long: a move sent again after its answer was lost, to be answered
    /// as played rather than played twice.
    pub fn played_at(&self, intent: &Intent, at: u32) -> bool {
        let Some(game) = self.game() else { return false };
        let made = game.log().get(at as usize..).unwrap_or_default().iter().find_map(|event| event.intent());
        made.as_ref() == Some(intent)
    }

    /// A seat's intent, checked by the rules; refused, it changes nothing.
    pub fn intent(&mut self, seat: usize, intent: Intent, now: u64) -> Result<Step, Refusal> {
        // A move for another seat is refused as such, started or not.
        if intent.seat() != seat {
            return Err(Refusal::NotYourSeat);
        }
        let referee = self.referee.as_mut().ok_or(Refusal::NotStarted)?;
        let events = referee.intent(seat, intent, now)?;
        Ok(self.hand_on(events, now))
    }

    /// The best moves for `seat`'s rack on its turn, in a room made with
    /// hints on; any other room refuses them (§4.3).
    pub fn hints(&mut self, seat: usize) -> Result<Vec<Move>, Refusal> {
        if !self.settings.hints {
            return Err(Refusal::NoHints);
        }
        let game = self.referee.as_ref().ok_or(Refusal::NotStarted)?.game();
        if game.is_over() {
            return Err(Refusal::Rule(RuleError::GameOver));
        }
        if game.turn() != seat {
            return Err(Refusal::Rule(RuleError::NotYourTurn));
        }
        let turn = game.log().len();
        match &self.hinted {
            Some((at, moves)) if *at == turn => Ok(moves.clone()),
            _ => {
                let moves = computer::hints(game, HINTS);
                self.hinted = Some((turn, moves.clone()));
                Ok(moves)
            }
        }
    }

    /// Times out the player on turn whose clock ran out, or who has been
    /// away too long in a game without a clock (§3.3).
    pub fn tick(&mut self, now: u64) -> Step {
        let Some(referee) = self.referee.as_mut() else { return Step::default() };
        let events = referee.tick(now, &self.away_since);
        self.hand_on(events, now)
    }

    /// The computer player on turn, if it is one's turn.
    pub fn computer_turn(&self) -> Option<ComputerTurn> {
        self.referee.as_ref()?.computer_turn()
    }

    /// A computer's chosen move; if the rules refuse it, it passes.
    pub fn computer_move(&mut self, turn: &ComputerTurn, intent: Intent, now: u64) -> Step {
        let Some(referee) = self.referee.as_mut() else { return Step::default() };
        let events = referee.computer_move(turn, intent, now);
        self.hand_on(events, now)
    }

    /// New events of the log: to be stored, and sent to each seat
    /// connected as far as its view may hold them.
    fn hand_on(&self, events: Vec<Sequenced>, now: u64) -> Step {
        if events.is_empty() {
            return Step::default();
        }
        let clock = self.clock(now);
        let over = self.is_over();
        let mut messages = Vec::new();
        for seat in self.connected_seats() {
            messages.extend(event_messages(&visible_to(&events, &[seat]), clock).into_iter().map(|m| (seat, m)));
            if over {
                messages.push((seat, self.finished()));
            }
        }
        Step { events, messages }
    }
}
