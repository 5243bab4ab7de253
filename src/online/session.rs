//! A seat in a room on the server, from the waiting room to the end of
//! the game: the referee of an online game. It says hello with its seat's
//! token, follows the waiting room, passes on the events of its seat's
//! view, and reconnects (with the same token, and so the same seat) when
//! the connection drops: the server then sends the whole view again.

use super::link::{Heard, Link};
use super::lobby::ServerList;
use crate::crossword::referee::{BagCheck, Connection, Frame, Referee, Ruling, TurnClock};
use bevy::log::{info, warn};
use wocable_crossword::{GameSettings, Intent};
use wocable_crossword::{Sequenced, gcg};
use wocable_lexicon::Lexicon;
use wocable_net::{ClientMessage, Clock, EVENTS_PER_MESSAGE, IceServers, Joined, Refusal, RoomSettings, ServerMessage};

/// After a dropped connection, the next try waits this long.
const RETRY_AFTER: f32 = 1.0;

pub struct Session {
    server: String,
    joined: Joined,
    ice: IceServers,
    link: Option<Link>,
    connection: Connection,
    retry_at: f32,
    /// The room's settings and who sits where, while it waits for players.
    room: Option<RoomSettings>,
    seats: Vec<Option<String>>,
    /// The game's settings, once the referee has welcomed the seat.
    settings: Option<GameSettings>,
    /// The referee's commitment to the game's seed, from its welcome.
    commitment: Option<String>,
    /// Events not yet handed on.
    events: Vec<Sequenced>,
    /// Whether the events of the welcome have all come.
    caught_up: bool,
    clock: Option<TurnClock>,
    lexicon: Option<Lexicon>,
    /// The room's word list when it is one of the server's, fetched once
    /// asked for.
    server_list: ServerList,
    /// The record of a game that ended before its word list was at hand.
    gcg: Option<String>,
    rulings: Vec<Ruling>,
    /// Why the room cannot be played in (gone, or the seat is not ours).
    closed: Option<Refusal>,
}

impl Session {
    /// Connects to the seat `joined` on `server`.
    pub fn open(server: &str, joined: Joined, ice: IceServers, now: f32) -> Session {
        let link = Link::open(server, joined.code, &ice, now);
        Session {
            server: server.to_string(),
            joined,
            ice,
            link: Some(link),
            connection: Connection::Connecting,
            retry_at: now,
            room: None,
            seats: Vec::new(),
            settings: None,
            commitment: None,
            events: Vec::new(),
            caught_up: false,
            clock: None,
            lexicon: None,
            server_list: ServerList::default(),
            gcg: None,
            rulings: Vec::new(),
            closed: None,
        }
    }

    pub fn joined(&self) -> &Joined {
        &self.joined
    }

    /// The room's settings, once the referee has said them.
    pub fn room(&self) -> Option<&RoomSettings> {
        self.room.as_ref()
    }

    /// Who sits where in the waiting room (`None`: a seat still free).
    pub fn seats(&self) -> &[Option<String>] {
        &self.seats
    }

    /// Why the room cannot be played in, when the server said so.
    pub fn closed(&self) -> Option<&Refusal> {
        self.closed.as_ref()
    }

    /// The game's settings once it has started and its events so far have
    /// come (they follow the welcome).
    pub fn started(&self) -> Option<&GameSettings> {
        self.settings.as_ref().filter(|_| self.caught_up)
    }

    /// The session's server, and its word lists as fetched for the game.
    pub fn server_list(&mut self) -> (String, &mut ServerList) {
        (self.server.clone(), &mut self.server_list)
    }

    /// The word list of the game, to read the record at its end (which
    /// may have come already: a finished game rejoined).
    pub fn set_lexicon(&mut self, lexicon: Lexicon) {
        self.lexicon = Some(lexicon);
        if let Some(gcg) = self.gcg.take() {
            self.record(gcg);
        }
    }

    /// The events heard so far and not yet handed on: the game so far, when
    /// it opens on this device.
    pub fn take_events(&mut self) -> Vec<Sequenced> {
        std::mem::take(&mut self.events)
    }

    /// Listens to the referee: `now` is the app's time in seconds.
    pub fn poll(&mut self, now: f32) {
        if self.closed.is_some() {
            return;
        }
        let mut messages = Vec::new();
        let Some(link) = self.link.as_mut() else {
            if now >= self.retry_at {
                self.link = Some(Link::open(&self.server, self.joined.code, &self.ice, now));
            }
            return;
        };
        for heard in link.poll(now) {
            match heard {
                Heard::Connected => {
                    let hello = ClientMessage::Hello { room: self.joined.code, token: self.joined.token };
                    link.send(&hello);
                }
                Heard::Message(message) => messages.push(message),
                Heard::Unreadable(error) => warn!("a message from the referee could not be read: {error}"),
                Heard::Dropped => {
                    info!("the connection to the referee dropped; trying again");
                    self.link = None;
                    self.retry_at = now + RETRY_AFTER;
                    self.connection = Connection::Reconnecting;
                    break;
                }
            }
        }
        for message in messages {
            self.hear(message);
        }
    }

    fn hear(&mut self, message: ServerMessage) {
        match message {
            ServerMessage::Waiting { seat, room, seats } => {
                self.connection = Connection::Connected;
                // Seats move up when someone leaves the room before it fills.
                self.joined.seat = seat;
                self.room = Some(room);
                self.seats = seats;
            }
            ServerMessage::Welcome { seat, room, settings, commitment } => {
                self.connection = Connection::Connected;
                self.joined.seat = seat;
                self.commitment = commitment;
                self.seats = settings.players.iter().cloned().map(Some).collect();
                self.room = Some(room);
                self.settings = Some(settings);
            }
            ServerMessage::Events { events, clock } => {
                // A long log comes in messages of `EVENTS_PER_MESSAGE`: a
                // shorter one is its last.
                self.caught_up |= self.settings.is_some() && events.len() < EVENTS_PER_MESSAGE;
                self.events.extend(events);
                self.clock = clock.map(|clock| self.turn_clock(clock));
            }
            ServerMessage::Finished { gcg, .. } => self.record(gcg),
            ServerMessage::Hints(moves) => self.rulings.push(Ruling::Hints(moves)),
            ServerMessage::Refused(Refusal::Rule(reason)) => self.rulings.push(Ruling::Refused(reason)),
            ServerMessage::Refused(refusal @ (Refusal::NoSuchRoom(_) | Refusal::BadToken)) => {
                warn!("the referee closed the room to us: {refusal}");
                self.connection = Connection::Lost;
                self.closed = Some(refusal);
                self.link = None;
            }
            ServerMessage::Refused(
                refusal @ (Refusal::ChatLength | Refusal::Offensive | Refusal::NoSuchLine | Refusal::ChatTooFast),
            ) => self.rulings.push(Ruling::ChatRefused(refusal)),
            ServerMessage::Refused(refusal) => warn!("the referee refused: {refusal}"),
            ServerMessage::Chat(line) => self.rulings.push(Ruling::Chat(line)),
            ServerMessage::Pong => {}
        }
    }

    fn turn_clock(&self, clock: Clock) -> TurnClock {
        let moves_made = self.events.last().map_or(0, |e| e.seq as usize + 1);
        let seconds_left = clock.left_ms.map_or(0.0, |ms| ms as f32 / 1000.0);
        TurnClock { seat: clock.seat, moves_made, seconds_left }
    }

    /// The finished game's whole record, as the referee wrote it (kept
    /// until the word list is at hand).
    fn record(&mut self, text: String) {
        let (Some(settings), Some(lexicon)) = (&self.settings, &self.lexicon) else {
            self.gcg = Some(text);
            return;
        };
        self.rulings.extend(finished(&text, settings, lexicon, self.commitment.as_deref()));
    }
}

/// What a finished game's record, as its referee wrote it, says: whether
/// its bag was the one `commitment` promised, and the game it replays.
pub(super) fn finished(
    text: &str,
    settings: &GameSettings,
    lexicon: &Lexicon,
    commitment: Option<&str>,
) -> Vec<Ruling> {
    let record = match gcg::parse(text) {
        Ok(record) => record,
        Err(reason) => {
            warn!("the game's record could not be read: {reason}");
            return Vec::new();
        }
    };
    let mut rulings = Vec::new();
    // Checking the bag replays the game: that replay is the record's.
    let verified = commitment.map(|commitment| {
        if record.commitment.as_deref() != Some(commitment) {
            return Err("the record names another commitment than the one the game began with".to_string());
        }
        gcg::verify(&record, settings.rules, lexicon.clone()).map_err(|e| e.to_string())
    });
    let replay = || gcg::replay(&record, settings.rules, lexicon.clone()).map_err(|e| e.to_string());
    let game = match verified {
        Some(Ok(game)) => {
            rulings.push(Ruling::Bag(BagCheck::Verified));
            Ok(game)
        }
        Some(Err(reason)) => {
            warn!("the game's bag was not fair: {reason}");
            rulings.push(Ruling::Bag(BagCheck::Failed(reason)));
            replay()
        }
        None => replay(),
    };
    rulings.extend(Ruling::record(game));
    rulings
}

impl Referee for Session {
    fn send(&mut self, intent: Intent) {
        let sent = self.link.as_mut().is_some_and(|link| link.send(&ClientMessage::Intent(intent)));
        if !sent {
            warn!("not connected: the move was not sent");
            self.rulings.push(Ruling::NotSent);
        }
    }

    fn ask_hints(&mut self, _seat: usize) {
        // The server answers for the seat of this connection, or refuses
        // in a game without hints.
        if let Some(link) = self.link.as_mut() {
            link.send(&ClientMessage::Hints);
        }
    }

    fn update(&mut self, frame: &Frame) -> Vec<Ruling> {
        self.poll(frame.now);
        if let Some(clock) = &mut self.clock {
            clock.seconds_left = (clock.seconds_left - frame.delta).max(0.0);
        }
        let events = self.take_events();
        if !events.is_empty() {
            self.rulings.insert(0, Ruling::Events(events));
        }
        std::mem::take(&mut self.rulings)
    }

    fn clock(&self) -> Option<TurnClock> {
        self.clock.filter(|_| self.room.as_ref().is_some_and(|room| room.clock.is_some()))
    }

    fn connection(&self) -> Connection {
        self.connection
    }

    fn has_chat(&self) -> bool {
        true
    }

    fn say(&mut self, text: String) {
        if let Some(link) = self.link.as_mut() {
            link.send(&ClientMessage::Chat(text));
        }
    }

    fn report(&mut self, id: u32) {
        if let Some(link) = self.link.as_mut() {
            link.send(&ClientMessage::Report(id));
        }
    }
}
