//! The lobby's HTTP API as both sides see it: the JSON bodies of its
//! requests and answers, and the addresses a client derives from the
//! server's (the signalling socket of a room, the link that invites to it).

use crate::code::RoomCode;
use crate::profile::PlayerKey;
use crate::protocol::{IceServers, RoomSettings, SeatToken};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use wocable_crossword::RuleSetKind;
use wocable_crossword::computer::Level;
use wocable_lexicon::Language;

/// `POST /api/rooms`: a room, with a computer player seated for each of
/// `computers`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CreateRoom {
    #[serde(flatten)]
    pub settings: RoomSettings,
    #[serde(default)]
    pub computers: Vec<Level>,
}

/// The answer to [`CreateRoom`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Created {
    pub code: RoomCode,
}

/// `POST /api/rooms/CODE/join`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JoinRoom {
    /// A guest's name; a player with an account sits as their nickname.
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<PlayerKey>,
}

/// `POST /api/random`: a seat in the next game of its kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RandomGame {
    pub rules: RuleSetKind,
    pub language: Language,
    pub players: usize,
    pub name: String,
    /// Seconds to wait for people before a computer player fills in.
    pub wait: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<PlayerKey>,
    /// A game on the language's family word list (§1.3), with those who
    /// asked for one.
    #[serde(default)]
    pub family: bool,
    /// A game that lasts days, of this many days a move (for members):
    /// answered at once, with a seat in the oldest such game waiting for
    /// players, or in a new one that waits for others (`wait` is not
    /// used).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<u8>,
}

/// A seat taken: what connecting to it takes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Joined {
    pub code: RoomCode,
    pub seat: usize,
    #[serde(serialize_with = "token_to_hex", deserialize_with = "token_from_hex")]
    pub token: SeatToken,
    /// The server that holds the room, when it is not the one asked (one
    /// of several sharing a database): the seat's socket connects there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server: Option<String>,
    /// The days a move of a game that lasts days: one played through the
    /// lobby's API (`/api/games`), with no connection to the seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<u8>,
}

impl Joined {
    /// The server to connect to, given the one that was asked.
    pub fn server<'a>(&'a self, asked: &'a str) -> &'a str {
        self.server.as_deref().unwrap_or(asked)
    }
}

/// `POST /api/rooms/CODE/rematch`: a player of the room's finished game
/// says, once, whether they want another (the same players and settings,
/// in a new room), or asks where the rematch stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RematchAnswer {
    /// The player's seat token in the finished game.
    #[serde(serialize_with = "token_to_hex", deserialize_with = "token_from_hex")]
    pub token: SeatToken,
    /// `None`: no answer yet, only asking.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accept: Option<bool>,
}

/// Where a rematch stands: the answer to a [`RematchAnswer`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rematch {
    /// The players who want it, in the order they said so.
    pub wanted: Vec<String>,
    /// The player who said no: there is no rematch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declined: Option<String>,
    /// The seat of the player who answered in the new room, once every
    /// person of the game wants it (computer players always do).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joined: Option<Joined>,
}

fn token_to_hex<S: Serializer>(token: &SeatToken, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&token.to_hex())
}

fn token_from_hex<'de, D: Deserializer<'de>>(deserializer: D) -> Result<SeatToken, D::Error> {
    let text = String::deserialize(deserializer)?;
    SeatToken::from_hex(&text).ok_or_else(|| serde::de::Error::custom("a seat token is 32 hexadecimal digits"))
}

/// `GET /api/config`: what clients need to know of the server.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerConfig {
    pub ice: IceServers,
    /// The word lists rooms may be made on, beside the bundled ones.
    #[serde(default)]
    pub word_lists: Vec<ServerWordList>,
}

/// A word list the server's operator installed: rooms may be played on
/// it, and clients fetch it (`GET /api/word-lists/NAME`, a built lexicon
/// file) so that they check moves with the referee's own list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerWordList {
    pub name: String,
    pub language: Language,
    pub words: usize,
}

/// A request the lobby refused: `{"error": {"code": …, "message": …}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApiRefusal {
    pub error: ApiErrorBody,
}

/// Why a request was refused: a code that stays the same from version to
/// version, for clients to put in the player's language, and the server's
/// message in English, for logs and for codes a client does not know.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApiErrorBody {
    pub code: ErrorCode,
    pub message: String,
}

/// The lobby's reasons for refusing a request. New ones may come; a client
/// reads one it does not know as [`ErrorCode::Other`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The request's body or query could not be read.
    BadRequest,
    /// The rule set or language named is not one the server knows.
    UnknownRules,
    UnknownLanguage,
    /// The rule set is not for that many players.
    PlayerCount,
    /// A turn clock out of bounds.
    BadClock,
    /// Every seat was given to a computer player.
    NoPersonSeat,
    /// A random game may wait only so long for people.
    WaitTooLong,
    /// Settings the game cannot start with (a word list that does not fit
    /// the language, …).
    BadSettings,
    BadRoomCode,
    NoSuchRoom,
    RoomFull,
    /// Someone in the room has that name.
    NameTaken,
    AlreadySeated,
    /// A name that is not 1 to `MAX_NAME` letters or digits.
    BadName,
    /// A name kept for computer players.
    ComputerName,
    /// A name with an offensive word in it.
    OffensiveName,
    NoSuchWordList,
    /// An account's nickname taken by another account.
    NickTaken,
    /// A player key the server does not know (the account was recovered
    /// on another device).
    UnknownKey,
    /// A nickname and recovery code that do not go together.
    WrongRecovery,
    /// Too many accounts asked for from one address.
    TooManyAccounts,
    /// Too many rooms, random games or codes asked for from one address.
    TooManyRequests,
    /// Too many of a member's requests to be friends wait for answers.
    TooManyAsked,
    /// Too many of a member's invitations wait for answers.
    TooManyInvitations,
    NoSuchPlayer,
    NoSuchArena,
    ArenaNotStarted,
    ArenaOver,
    NotInArena,
    /// The player already waits for a random game.
    AlreadyWaiting,
    /// The server cannot do it just now (its database, a game that could
    /// not be made): asking again may work.
    Unavailable,
    ShuttingDown,
    /// Another server, which holds the game, did not answer.
    Unreachable,
    /// A rematch asked for before the game ended.
    GameNotOver,
    /// A seat token that is no seat of the room.
    NotSeated,
    /// A player who said yes to a rematch saying no, or the other way.
    AlreadyAnswered,
    /// Only friends may be invited.
    NotFriends,
    /// An invitation expired, answered already, or to someone else.
    NoSuchInvitation,
    /// A member asked to be their own friend, or to block themselves.
    Yourself,
    /// A member asked a player they block to be friends.
    BlockedByYou,
    /// Games that last days are for members (their list is their
    /// account's).
    MembersOnly,
    /// A move the rules refuse.
    IllegalMove,
    /// A move made on a view the game has moved on from: the player is
    /// to see what changed first.
    StaleView,
    /// A code this client does not know.
    #[serde(other)]
    Other,
}

/// `http://host:port` → `ws://host:port/CODE` (and `https` → `wss`): the
/// signalling socket of a room.
pub fn signalling_url(server: &str, code: RoomCode) -> String {
    let base = match server.split_once("://") {
        Some(("https", rest)) => format!("wss://{rest}"),
        Some((_, rest)) => format!("ws://{rest}"),
        None => format!("ws://{server}"),
    };
    format!("{}/{code}", base.trim_end_matches('/'))
}

/// Where a join link's path starts: a path, not a fragment, so that a
/// phone can hand the link to the app (Android's App Links and iOS's
/// universal links match paths), and the server sends a browser on to
/// the web build's `#/join/CODE`. The phone projects name it too, as
/// `cargo xtask test` checks.
pub const JOIN_PATH: &str = "/join/";

/// The link that opens the room: `SERVER/join/CODE`.
pub fn join_link(server: &str, code: RoomCode) -> String {
    format!("{}{JOIN_PATH}{code}", server.trim_end_matches('/'))
}

/// The room a link leads to, and the server that holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkedRoom {
    /// `http(s)://host:port`, or `None` for a bare fragment (`#/join/CODE`,
    /// as the web page reads its own address).
    pub server: Option<String>,
    pub code: RoomCode,
}

/// The room of a link made by [`join_link`], of one made before links had
/// paths (`SERVER/#/join/CODE`), or of a page's fragment (`#/join/CODE`).
pub fn room_in_link(link: &str) -> Option<LinkedRoom> {
    let link = link.trim();
    let (before, code) = link.split_once("#/join/").or_else(|| {
        let (scheme, rest) = link.split_once("://")?;
        let path = rest.find('/')?;
        let code = rest[path..].strip_prefix(JOIN_PATH)?;
        Some((&link[..scheme.len() + 3 + path], code))
    })?;
    let code = code.split(['?', '#']).next()?.trim_end_matches('/');
    let code = RoomCode::parse(code).ok()?;
    let server = before.trim_end_matches('/');
    let server = match server.split_once("://") {
        // No `user@` before the host: a link must name its server plainly.
        Some(("http" | "https", host)) if !host.is_empty() && !host.contains(['/', '@']) => Some(server.to_string()),
        None if server.is_empty() => None,
        _ => return None,
    };
    Some(LinkedRoom { server, code })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signalling_url_follows_the_server_url() {
        let code = RoomCode::parse("7KQ2MX").unwrap();
        assert_eq!(signalling_url("http://127.0.0.1:3536", code), "ws://127.0.0.1:3536/7KQ2MX");
        assert_eq!(signalling_url("https://wocable.example/", code), "wss://wocable.example/7KQ2MX");
        assert_eq!(signalling_url("localhost:80", code), "ws://localhost:80/7KQ2MX");
    }

    #[test]
    fn a_join_link_carries_its_code_there_and_back() {
        let code = RoomCode::parse("7KQ2MX").unwrap();
        let link = join_link("https://wocable.example/", code);
        assert_eq!(link, "https://wocable.example/join/7KQ2MX");
        let on = |server: &str| Some(LinkedRoom { server: Some(server.to_string()), code });
        assert_eq!(room_in_link(&link), on("https://wocable.example"));
        assert_eq!(room_in_link("http://127.0.0.1:3536/join/7kq2mx/"), on("http://127.0.0.1:3536"), "any case");
        assert_eq!(room_in_link("https://wocable.example/join/7KQ2MX?utm=x"), on("https://wocable.example"));
        assert_eq!(room_in_link("https://wocable.example/#/join/7KQ2MX"), on("https://wocable.example"), "old");
        assert_eq!(room_in_link("#/join/7KQ2MX"), Some(LinkedRoom { server: None, code }), "a page's fragment");
        for not_a_room in [
            "https://wocable.example/",
            "https://wocable.example/join/7KQ",
            "https://wocable.example/join/",
            "https://wocable.example/rooms/join/7KQ2MX",
            "ftp://wocable.example/join/7KQ2MX",
            "wocable.example/join/7KQ2MX",
            "https:///join/7KQ2MX",
            "javascript:x#/join/7KQ2MX",
            "https://wocable.org@evil.example/join/7KQ2MX",
        ] {
            assert_eq!(room_in_link(not_a_room), None, "{not_a_room}");
        }
    }

    #[test]
    fn a_seat_token_travels_as_hexadecimal() {
        let joined = Joined {
            code: RoomCode::parse("7KQ2MX").unwrap(),
            seat: 1,
            token: SeatToken(0xabc),
            server: None,
            days: None,
        };
        let json = serde_json::to_string(&joined).unwrap();
        assert!(json.contains("\"00000000000000000000000000000abc\""), "{json}");
        assert!(!json.contains("server"), "said only when another server holds the room: {json}");
        assert_eq!(serde_json::from_str::<Joined>(&json).unwrap(), joined);
        assert_eq!(joined.server("http://a"), "http://a");
        let elsewhere = Joined { server: Some("http://b".into()), ..joined.clone() };
        assert_eq!(elsewhere.server("http://a"), "http://b");
        let bad = json.replace("00000000000000000000000000000abc", "xyz");
        assert!(serde_json::from_str::<Joined>(&bad).is_err());
    }
}
