//! The messages between a client and the referee, and their wire format:
//! a version, then the message in postcard. Every message is bounded in
//! size and checked whole when it is read, since it may come from anyone.

use crate::code::RoomCode;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use thiserror::Error;
use wocable_crossword::RuleSetKind;
use wocable_crossword::movegen::Move;
use wocable_crossword::{GameSettings, Intent, RuleError, Sequenced, Standing};
use wocable_lexicon::Language;

/// Bumped whenever a message changes shape.
pub const PROTOCOL_VERSION: u16 = 9;

/// The largest message a client may send: an intent is a few dozen bytes.
pub const MAX_CLIENT_MESSAGE: usize = 1024;

/// The largest message the server sends; a data channel carries up to
/// 64 KiB in one message.
pub const MAX_SERVER_MESSAGE: usize = 60 * 1024;

/// At most this many events go in one [`ServerMessage::Events`].
pub const EVENTS_PER_MESSAGE: usize = 64;

/// The most tiles an intent can hold: a full rack.
const MAX_TILES: usize = 7;

/// A seat's secret, given when it joins: it proves who a peer is when it
/// connects or reconnects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatToken(pub u128);

impl SeatToken {
    pub fn to_hex(self) -> String {
        format!("{:032x}", self.0)
    }

    pub fn from_hex(text: &str) -> Option<SeatToken> {
        (text.len() == 32).then(|| u128::from_str_radix(text, 16).ok()).flatten().map(SeatToken)
    }
}

/// The STUN and TURN servers the server's peer and its clients use
/// (empty: loopback and a LAN need none). Clients ask the lobby for them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct IceServers {
    pub urls: Vec<String>,
    pub username: Option<String>,
    pub credential: Option<String>,
}

/// What a room is for, chosen when it is made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomSettings {
    pub rules: RuleSetKind,
    pub language: Language,
    pub players: usize,
    /// Seconds a player has for a turn (§3.3); `None`: no clock.
    pub clock: Option<u32>,
    /// One of the server's own word lists (see [`ServerConfig`]) or the
    /// language's family list ([`wocable_lexicon::FAMILY_LIST`]), by name;
    /// `None`: the language's bundled list. (Written even when `None`:
    /// the wire format has no field names to skip by.)
    #[serde(default)]
    pub word_list: Option<String>,
    /// Whether the players may ask for hints (§4.3): only in a room made
    /// so, whose game then changes no rating.
    #[serde(default)]
    pub hints: bool,
    /// Days each player has for a move ([`DAYS_PER_MOVE`]): a game played
    /// when it suits, over days, by players who need not be connected
    /// (§5.5); `clock` is then `None`. `None`: a live game.
    #[serde(default)]
    pub days: Option<u8>,
}

/// The paces of games that last days: days a player has for each move.
pub const DAYS_PER_MOVE: [u8; 4] = [1, 2, 3, 7];

/// A day, in milliseconds.
pub const DAY_MS: u64 = 24 * 60 * 60 * 1000;

impl RoomSettings {
    /// Whether its game may change ratings: played against the clock,
    /// without hints.
    pub fn rated(&self) -> bool {
        self.turn_seconds().is_some() && !self.hints
    }

    /// The time a player has for each turn, live or in days.
    pub fn turn_seconds(&self) -> Option<u32> {
        self.days.map(|days| (u64::from(days) * DAY_MS / 1000) as u32).or(self.clock)
    }
}

/// Whose turn it is and how long they have, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    pub seat: usize,
    pub left_ms: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClientMessage {
    /// The first message on a connection: the room and the seat's secret.
    Hello { room: RoomCode, token: SeatToken },
    /// A move. The seat it names must be the peer's own.
    Intent(Intent),
    /// The best moves for the peer's rack, on its turn: answered only in
    /// a room made with hints on (§4.3).
    Hints,
    /// Are you there? (A connection to a server that died goes quiet
    /// rather than closing.)
    Ping,
    /// A line for the room's chat (at most [`MAX_CHAT`] characters).
    Chat(String),
    /// The chat line of this number is reported to the moderators.
    Report(u32),
}

/// The longest line of chat, in characters.
pub const MAX_CHAT: usize = 200;

/// A line of a room's chat, as every seat is sent it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    /// Its number in the room's chat, from 0.
    pub id: u32,
    pub seat: usize,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ServerMessage {
    /// Who is in the room while it fills: a name per seat taken, and
    /// the peer's own seat (seats move up when someone leaves).
    Waiting { seat: usize, room: RoomSettings, seats: Vec<Option<String>> },
    /// The game (re)starts for this peer: a fresh view, whose events follow
    /// in [`ServerMessage::Events`] messages, and the referee's commitment
    /// to the game's seed ([`wocable_crossword::Seed::commitment`]), whose
    /// seed the record in [`ServerMessage::Finished`] reveals.
    Welcome { seat: usize, room: RoomSettings, settings: GameSettings, commitment: Option<String> },
    /// Events this seat may see, in order, and the clock after them.
    Events { events: Vec<Sequenced>, clock: Option<Clock> },
    /// The game is over: the standings and its record (GCG, with every
    /// rack and the seed, which may be shown once nothing is hidden any
    /// more).
    Finished { standings: Vec<Standing>, gcg: String },
    /// The answer to [`ClientMessage::Hints`], best first.
    Hints(Vec<Move>),
    /// The peer's message was refused and changed nothing.
    Refused(Refusal),
    /// The answer to a [`ClientMessage::Ping`].
    Pong,
    /// A line of the room's chat: each line as it is said, and the latest
    /// lines again after a welcome.
    Chat(ChatLine),
}

/// Why a client's message was refused.
#[derive(Clone, Debug, Error, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refusal {
    #[error("{0}")]
    Rule(RuleError),
    #[error("the message could not be read: {0}")]
    Malformed(DecodeError),
    #[error("say hello with your room and seat first")]
    NoHello,
    #[error("there is no room {0}")]
    NoSuchRoom(RoomCode),
    #[error("that seat's key is not known here")]
    BadToken,
    #[error("you can only move for your own seat")]
    NotYourSeat,
    #[error("the game has not started")]
    NotStarted,
    #[error("too many messages: slow down")]
    TooFast,
    #[error("only the referee says when time is up")]
    RefereeOnly,
    #[error("no hints in this game: it was not made with hints on")]
    NoHints,
    #[error("a line of chat is 1 to {MAX_CHAT} characters")]
    ChatLength,
    #[error("too many lines of chat: wait a few seconds")]
    ChatTooFast,
    #[error("that line has an offensive word in it")]
    Offensive,
    #[error("there is no such line of chat to report")]
    NoSuchLine,
}

/// Why bytes are not a message.
#[derive(Clone, Debug, Error, PartialEq, Eq, Serialize, Deserialize)]
pub enum DecodeError {
    #[error("{found} bytes is more than the {max} a message may have")]
    TooLong { found: usize, max: usize },
    #[error("the message is cut short")]
    TooShort,
    #[error("protocol version {0} is not spoken here (this is version {PROTOCOL_VERSION})")]
    Version(u16),
    #[error("the message is malformed")]
    Malformed,
    #[error("bytes follow the end of the message")]
    Trailing,
    #[error("a move holds more than {MAX_TILES} tiles")]
    TooManyTiles,
}

impl ClientMessage {
    pub fn encode(&self) -> Vec<u8> {
        encode(self)
    }

    pub fn decode(bytes: &[u8]) -> Result<ClientMessage, DecodeError> {
        let message: ClientMessage = decode(bytes, MAX_CLIENT_MESSAGE)?;
        let tiles = match &message {
            ClientMessage::Intent(Intent::Play { tiles, .. }) => tiles.len(),
            ClientMessage::Intent(Intent::Exchange { tiles, .. }) => tiles.len(),
            _ => 0,
        };
        if tiles > MAX_TILES {
            return Err(DecodeError::TooManyTiles);
        }
        Ok(message)
    }
}

impl ServerMessage {
    pub fn encode(&self) -> Vec<u8> {
        encode(self)
    }

    pub fn decode(bytes: &[u8]) -> Result<ServerMessage, DecodeError> {
        decode(bytes, MAX_SERVER_MESSAGE)
    }
}

fn encode(message: &impl Serialize) -> Vec<u8> {
    let mut bytes = PROTOCOL_VERSION.to_le_bytes().to_vec();
    // Writing to a Vec fails only on a type serde cannot write: none here.
    bytes.extend(postcard::to_stdvec(message).expect("every message serialises"));
    bytes
}

fn decode<T: DeserializeOwned>(bytes: &[u8], max: usize) -> Result<T, DecodeError> {
    if bytes.len() > max {
        return Err(DecodeError::TooLong { found: bytes.len(), max });
    }
    let (version, body) = bytes.split_first_chunk::<2>().ok_or(DecodeError::TooShort)?;
    let version = u16::from_le_bytes(*version);
    if version != PROTOCOL_VERSION {
        return Err(DecodeError::Version(version));
    }
    let (message, rest) = postcard::take_from_bytes(body).map_err(|e| match e {
        postcard::Error::DeserializeUnexpectedEnd => DecodeError::TooShort,
        _ => DecodeError::Malformed,
    })?;
    if !rest.is_empty() {
        return Err(DecodeError::Trailing);
    }
    Ok(message)
}

/// Splits events into messages that each fit in [`MAX_SERVER_MESSAGE`];
/// the clock goes with the last, which always holds fewer than
/// [`EVENTS_PER_MESSAGE`] events (none, after a full one): so a client
/// knows when a welcome's log has all come.
pub fn event_messages(events: &[Sequenced], clock: Option<Clock>) -> Vec<ServerMessage> {
    let mut chunks: Vec<&[Sequenced]> = events.chunks(EVENTS_PER_MESSAGE).collect();
    if events.len().is_multiple_of(EVENTS_PER_MESSAGE) {
        chunks.push(&[]);
    }
    let last = chunks.len() - 1;
    chunks
        .iter()
        .enumerate()
        .map(|(i, chunk)| ServerMessage::Events { events: chunk.to_vec(), clock: if i == last { clock } else { None } })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use wocable_crossword::{PlacedTile, Pos};
    use wocable_lexicon::Letter;

    #[test]
    fn the_last_message_of_a_log_is_never_full() {
        let event = |seq| Sequenced { seq, event: wocable_crossword::Event::Passed { seat: 0 } };
        for count in [0, 1, 63, 64, 65, 128] {
            let events: Vec<Sequenced> = (0..count).map(event).collect();
            let clock = Some(Clock { seat: 0, left_ms: Some(1) });
            let messages = event_messages(&events, clock);
            let sizes: Vec<usize> = messages
                .iter()
                .map(|m| match m {
                    ServerMessage::Events { events, .. } => events.len(),
                    _ => panic!("{m:?}"),
                })
                .collect();
            assert_eq!(sizes.iter().sum::<usize>(), count as usize);
            assert!(sizes.last().is_some_and(|last| *last < EVENTS_PER_MESSAGE), "{count}: {sizes:?}");
            assert!(matches!(messages.last(), Some(ServerMessage::Events { clock: Some(_), .. })));
        }
    }

    fn hello() -> ClientMessage {
        ClientMessage::Hello { room: RoomCode::parse("ABC234").unwrap(), token: SeatToken(42) }
    }

    #[test]
    fn messages_round_trip_and_are_compact() {
        let bytes = hello().encode();
        assert!(bytes.len() < 32, "{} bytes", bytes.len());
        assert_eq!(ClientMessage::decode(&bytes), Ok(hello()));
        let pass = ClientMessage::Intent(Intent::Pass { seat: 1 });
        assert_eq!(ClientMessage::decode(&pass.encode()), Ok(pass));
    }

    #[test]
    fn bad_bytes_are_refused_with_the_reason() {
        let bytes = hello().encode();
        assert_eq!(ClientMessage::decode(&[]), Err(DecodeError::TooShort));
        assert_eq!(ClientMessage::decode(&bytes[..bytes.len() - 1]), Err(DecodeError::TooShort));
        let mut trailing = bytes.clone();
        trailing.push(0);
        assert_eq!(ClientMessage::decode(&trailing), Err(DecodeError::Trailing));
        let mut version = bytes.clone();
        version[0] = 99;
        assert_eq!(ClientMessage::decode(&version), Err(DecodeError::Version(99)));
        assert_eq!(
            ClientMessage::decode(&vec![1; MAX_CLIENT_MESSAGE + 1]),
            Err(DecodeError::TooLong { found: MAX_CLIENT_MESSAGE + 1, max: MAX_CLIENT_MESSAGE })
        );
        let mut garbage = PROTOCOL_VERSION.to_le_bytes().to_vec();
        garbage.extend([0xff; 12]);
        assert!(ClientMessage::decode(&garbage).is_err());
    }

    #[test]
    fn a_move_of_more_than_a_rack_is_refused() {
        let tile = PlacedTile { letter: Letter(1), blank: false };
        let tiles = (0..8).map(|col| (Pos::new(7, col).unwrap(), tile)).collect();
        let message = ClientMessage::Intent(Intent::Play { seat: 0, tiles });
        assert_eq!(ClientMessage::decode(&message.encode()), Err(DecodeError::TooManyTiles));
    }

    #[test]
    fn tokens_read_back_from_hex() {
        let token = SeatToken(0x0123_4567_89ab_cdef_0011_2233_4455_6677);
        assert_eq!(SeatToken::from_hex(&token.to_hex()), Some(token));
        assert_eq!(SeatToken::from_hex("12"), None);
        assert_eq!(SeatToken::from_hex(&"g".repeat(32)), None);
    }
}
