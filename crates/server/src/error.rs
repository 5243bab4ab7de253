//! Why the lobby refuses a request: each reason, the HTTP status it is
//! answered with, and the stable code (`wocable_net::ErrorCode`) that
//! clients put in the player's language.

use crate::db::DbError;
use crate::word_lists::WordListError;
use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Query, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use wocable_net::{ApiErrorBody, ApiRefusal, ArenaError, CodeError, ErrorCode, LobbyError, RoomCode};

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("the request cannot be read: {0}")]
    BadRequest(String),
    #[error("rules: '{0}' is not wocable, webfeud or remote")]
    UnknownRules(String),
    #[error("lang: '{0}' is not en, es or fr")]
    UnknownLanguage(String),
    #[error("leave at least one seat for a person")]
    NoPersonSeat,
    #[error("wait at most {max} seconds")]
    WaitTooLong { max: u64 },
    #[error(transparent)]
    Lobby(#[from] LobbyError),
    #[error(transparent)]
    Arena(#[from] ArenaError),
    #[error(transparent)]
    Code(#[from] CodeError),
    #[error(transparent)]
    WordList(#[from] WordListError),
    #[error("there is no room {0}")]
    NoSuchRoom(RoomCode),
    #[error("there is no player {0}")]
    NoSuchPlayer(String),
    #[error("there is no arena {0} running")]
    NoSuchArena(String),
    #[error("that player key is not known here")]
    UnknownKey,
    #[error("the nickname {0} is taken")]
    NickTaken(String),
    #[error("a player key must be 128 random bits")]
    WeakKey,
    #[error("that nickname and recovery code do not go together")]
    WrongRecovery,
    #[error("too many accounts were asked for from here: try again in an hour")]
    TooManyAccounts,
    #[error("too many requests from here: wait a while and try again")]
    TooManyRequests,
    #[error("{0} players you asked to be friends have not answered yet: wait for their answers")]
    TooManyAsked(u64),
    #[error("{0} of your invitations are still waiting for an answer: wait for their answers")]
    TooManyInvitations(u64),
    #[error("you are waiting for a random game already")]
    AlreadyWaiting,
    #[error("you are playing a game of this arena")]
    PlayingInArena,
    /// An older request for an arena's game, given up for a newer one.
    #[error("you asked again for a game of this arena")]
    AskedAgain,
    #[error("you left the arena")]
    LeftArena,
    #[error("no game could be made just now: ask again")]
    NoGameMade,
    /// The database failed: logged whole where it happened, told to the
    /// player plainly.
    #[error("the server cannot do that just now")]
    Database(#[source] DbError),
    #[error("the server is shutting down")]
    ShuttingDown,
    #[error("the server that holds this game cannot be reached just now")]
    Unreachable,
    #[error("the game in room {0} is not over")]
    GameNotOver(RoomCode),
    #[error("that seat token is no seat of room {0}")]
    NotSeated(RoomCode),
    #[error("you answered already")]
    AlreadyAnswered,
    #[error("that is not this server's admin key")]
    NotAdmin,
    #[error("{0} is not your friend: only friends may be invited")]
    NotFriends(String),
    #[error("that invitation expired, or was answered already")]
    NoSuchInvitation,
    #[error("that is you")]
    Yourself,
    #[error("you block {0}: unblock them first")]
    BlockedByYou(String),
    #[error("games that last days are for players with an account")]
    MembersOnly,
    #[error(
        "that is not a push subscription this server takes (a browser's: an https endpoint, a P-256 key, a \
         16-byte secret; or a phone's token for a push service this server sends to)"
    )]
    BadSubscription,
    #[error("games that last days are between people: no computer players")]
    ComputersNotWaiting,
    #[error("you have no seat in game {0}")]
    NoSeatIn(RoomCode),
    #[error("{0}")]
    IllegalMove(wocable_net::Refusal),
    #[error("the game moved on since your view of it: see what changed first")]
    StaleView,
    #[error("a room for {players} players has a seat for you and for each of the {invited} friends invited (1 to 3)")]
    InvitedSeats { players: usize, invited: usize },
    /// A refusal made elsewhere (by another server, or once for several
    /// players), passed on.
    #[error("{}", .0.message)]
    PassedOn(ApiErrorBody),
}

impl ApiError {
    pub fn code(&self) -> ErrorCode {
        match self {
            ApiError::BadRequest(_) => ErrorCode::BadRequest,
            ApiError::UnknownRules(_) => ErrorCode::UnknownRules,
            ApiError::UnknownLanguage(_) => ErrorCode::UnknownLanguage,
            ApiError::NoPersonSeat => ErrorCode::NoPersonSeat,
            ApiError::WaitTooLong { .. } => ErrorCode::WaitTooLong,
            ApiError::Lobby(e) => e.code(),
            ApiError::Arena(e) => e.code(),
            ApiError::Code(_) => ErrorCode::BadRoomCode,
            ApiError::WordList(e) => e.code(),
            ApiError::NoSuchRoom(_) => ErrorCode::NoSuchRoom,
            ApiError::NoSuchPlayer(_) => ErrorCode::NoSuchPlayer,
            ApiError::NoSuchArena(_) => ErrorCode::NoSuchArena,
            ApiError::UnknownKey => ErrorCode::UnknownKey,
            ApiError::NickTaken(_) => ErrorCode::NickTaken,
            ApiError::WeakKey => ErrorCode::BadRequest,
            ApiError::WrongRecovery => ErrorCode::WrongRecovery,
            ApiError::TooManyAccounts => ErrorCode::TooManyAccounts,
            ApiError::TooManyRequests => ErrorCode::TooManyRequests,
            ApiError::TooManyAsked(_) => ErrorCode::TooManyAsked,
            ApiError::TooManyInvitations(_) => ErrorCode::TooManyInvitations,
            ApiError::AlreadyWaiting | ApiError::AskedAgain => ErrorCode::AlreadyWaiting,
            ApiError::PlayingInArena => ErrorCode::AlreadySeated,
            ApiError::LeftArena => ErrorCode::NotInArena,
            ApiError::NoGameMade | ApiError::Database(_) => ErrorCode::Unavailable,
            ApiError::ShuttingDown => ErrorCode::ShuttingDown,
            ApiError::Unreachable => ErrorCode::Unreachable,
            ApiError::GameNotOver(_) => ErrorCode::GameNotOver,
            ApiError::NotSeated(_) => ErrorCode::NotSeated,
            ApiError::AlreadyAnswered => ErrorCode::AlreadyAnswered,
            ApiError::NotAdmin => ErrorCode::UnknownKey,
            ApiError::NotFriends(_) => ErrorCode::NotFriends,
            ApiError::NoSuchInvitation => ErrorCode::NoSuchInvitation,
            ApiError::Yourself => ErrorCode::Yourself,
            ApiError::BlockedByYou(_) => ErrorCode::BlockedByYou,
            ApiError::InvitedSeats { .. } => ErrorCode::BadSettings,
            ApiError::MembersOnly => ErrorCode::MembersOnly,
            ApiError::BadSubscription => ErrorCode::BadRequest,
            ApiError::ComputersNotWaiting => ErrorCode::BadSettings,
            ApiError::NoSeatIn(_) => ErrorCode::NotSeated,
            ApiError::IllegalMove(_) => ErrorCode::IllegalMove,
            ApiError::StaleView => ErrorCode::StaleView,
            ApiError::PassedOn(body) => body.code,
        }
    }

    /// As clients are sent it (and as another instance's answers are
    /// stored).
    pub fn body(&self) -> ApiErrorBody {
        ApiErrorBody { code: self.code(), message: self.to_string() }
    }
}

/// The HTTP status each code is answered with.
fn status(code: ErrorCode) -> StatusCode {
    use ErrorCode::*;
    match code {
        BadRequest | UnknownRules | UnknownLanguage | PlayerCount | BadClock | NoPersonSeat | WaitTooLong
        | BadSettings | BadName | ComputerName | OffensiveName | Yourself | IllegalMove => StatusCode::BAD_REQUEST,
        UnknownKey | NotSeated => StatusCode::UNAUTHORIZED,
        MembersOnly => StatusCode::FORBIDDEN,
        WrongRecovery => StatusCode::FORBIDDEN,
        BadRoomCode | NoSuchRoom | NoSuchWordList | NoSuchPlayer | NoSuchArena | NoSuchInvitation => {
            StatusCode::NOT_FOUND
        }
        RoomFull | NameTaken | AlreadySeated | NickTaken | ArenaNotStarted | ArenaOver | NotInArena
        | AlreadyWaiting | GameNotOver | AlreadyAnswered | NotFriends | BlockedByYou | StaleView => {
            StatusCode::CONFLICT
        }
        TooManyAccounts | TooManyRequests | TooManyAsked | TooManyInvitations => StatusCode::TOO_MANY_REQUESTS,
        Unreachable => StatusCode::BAD_GATEWAY,
        Unavailable | ShuttingDown => StatusCode::SERVICE_UNAVAILABLE,
        Other => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = self.body();
        (status(body.code), Json(ApiRefusal { error: body })).into_response()
    }
}

/// A JSON body; one that cannot be read is refused with `bad_request`,
/// as every refusal is, rather than axum's plain text.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let read = Json::<T>::from_request(request, state).await;
        read.map(|Json(body)| Body(body)).map_err(|e: JsonRejection| ApiError::BadRequest(e.body_text()))
    }
}

/// A query string, refused as a body is.
pub struct Asked<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Asked<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let read = Query::<T>::from_request_parts(parts, state).await;
        read.map(|Query(query)| Asked(query)).map_err(|e: QueryRejection| ApiError::BadRequest(e.body_text()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_keep_their_names_and_a_new_one_reads_as_other() {
        let name = |code: ErrorCode| serde_json::to_value(code).unwrap();
        assert_eq!(name(ErrorCode::RoomFull), "room_full");
        assert_eq!(name(ErrorCode::NoSuchWordList), "no_such_word_list");
        assert_eq!(name(ErrorCode::UnknownKey), "unknown_key");
        let later: ErrorCode = serde_json::from_str("\"a_code_from_later\"").unwrap();
        assert_eq!(later, ErrorCode::Other);
    }

    #[test]
    fn a_refusal_answers_its_status_with_code_and_message() {
        let cases = [
            (ApiError::Lobby(LobbyError::Full), StatusCode::CONFLICT, "room_full", "the room is full"),
            (ApiError::UnknownKey, StatusCode::UNAUTHORIZED, "unknown_key", "that player key is not known here"),
            (
                ApiError::Database(DbError::Damaged { what: "room X".into(), why: "secret detail".into() }),
                StatusCode::SERVICE_UNAVAILABLE,
                "unavailable",
                "the server cannot do that just now",
            ),
            (
                ApiError::PassedOn(ApiErrorBody { code: ErrorCode::NoSuchArena, message: "gone".into() }),
                StatusCode::NOT_FOUND,
                "no_such_arena",
                "gone",
            ),
        ];
        for (error, status, code, message) in cases {
            let body = error.body();
            assert_eq!(serde_json::to_value(&body).unwrap(), serde_json::json!({ "code": code, "message": message }));
            assert_eq!(error.into_response().status(), status);
        }
    }
}
