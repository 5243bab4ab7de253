//! Online play for Wocable (SPEC §5): the protocol between clients and the
//! referee, invite codes, random-game queues, and rooms with their referee
//! as pure state machines. Time is passed in; nothing here does I/O, so
//! the server, the app and the tests share it.

mod arena;
mod code;
mod correspondence;
mod friends;
mod lobby;
mod profile;
mod protocol;
mod push;
mod queue;
mod rate;
mod rating;
mod referee;
mod room;
mod watch;

pub use arena::{
    Arena, ArenaError, ArenaId, ArenaKind, ArenaList, ArenaPlace, ArenaStandings, ArenaSummary, Entrant, EntrantState,
    FIRE_STREAK, InArena, Pairing, REMATCH_AFTER_MS, Schedule,
};
pub use code::{CODE_LENGTH, CodeError, RecoveryCode, RecoveryCodeError, RoomCode};
pub use correspondence::{
    FINISHED_LISTED_MS, GameSummary, MyGame, MyGames, MyGamesAsked, SeatAsked, SeatGame, SeatMove,
};
pub use friends::{
    AboutPlayer, Friend, FriendAct, FriendRating, Friends, FriendsAsked, INVITATION_MS, Invitation, InvitationAnswer,
    Invite, MAX_INVITED, SentInvitation,
};
pub use lobby::{
    ApiErrorBody, ApiRefusal, CreateRoom, Created, ErrorCode, JOIN_PATH, JoinRoom, Joined, LinkedRoom, RandomGame,
    Rematch, RematchAnswer, ServerConfig, ServerWordList, join_link, room_in_link, signalling_url,
};
pub use profile::{
    Account, GameRatings, Leaderboard, ListRecord, NewPlayer, Placed, PlayerKey, Profile, RatingChange, RatingPoint,
    Recover,
};
pub use protocol::{
    ChatLine, ClientMessage, Clock, DAY_MS, DAYS_PER_MOVE, DecodeError, EVENTS_PER_MESSAGE, IceServers, MAX_CHAT,
    MAX_CLIENT_MESSAGE, MAX_SERVER_MESSAGE, PROTOCOL_VERSION, Refusal, RoomSettings, SeatToken, ServerMessage,
    event_messages,
};
pub use push::{
    PhoneService, PhoneSubscribe, PushKey, PushKeys, PushMessage, PushSubscribe, PushSubscription, PushUnsubscribe,
};
pub use queue::{Matched, QueueKey, Waiting, pair_queues};
pub use rate::{RateLimit, Verdict};
pub use rating::{BestPlay, PROVISIONAL_DEVIATION, Rated, Rating, SeatStats, rate_game, seat_stats};
pub use referee::{ABSENT_GRACE_MS, ComputerTurn, Referee, visible_to};
pub use room::{
    AccountId, COMPUTER_NAME, GivenUp, LEFT_WAITING_GRACE_MS, LobbyError, MAX_NAME, Player, Room, Seat, Step,
    WAITING_GRACE_MS, check_chat, check_name, check_nick,
};
pub use watch::{LiveGame, LiveGames, Watched};
