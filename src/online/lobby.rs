//! Calls to the lobby's HTTP API (see wocable-server's README section):
//! each answer arrives later, natively on a thread and in the browser from
//! its event loop, and is taken by a system that looks each frame.

use crate::lexicons::Unavailable;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use wocable_crossword::{Intent, RuleSetKind};
use wocable_lexicon::{Language, Lexicon, LexiconInfo};
use wocable_net::{
    AboutPlayer, Account, ApiErrorBody, ApiRefusal, ArenaId, ArenaList, ArenaStandings, CreateRoom, Created, ErrorCode,
    FriendAct, Friends, FriendsAsked, GameRatings, InArena, InvitationAnswer, Invite, JoinRoom, Joined, Leaderboard,
    LiveGames, MyGames, MyGamesAsked, NewPlayer, PlayerKey, Profile, RandomGame, Recover, Rematch, RematchAnswer,
    RoomCode, SeatAsked, SeatGame, SeatMove, ServerConfig, Watched,
};

/// Why a call to the lobby's HTTP API failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CallError {
    #[error("the server could not be reached: {0}")]
    Unreachable(String),
    /// The server said no: why, as a code the app translates, and in
    /// the server's words.
    #[error("{message}")]
    Refused { code: ErrorCode, message: String },
    #[error("the server's answer could not be read: {0}")]
    Unreadable(String),
}

/// A call on its way; [`Call::take`] gives its answer once, when it came.
pub struct Call<T> {
    answer: Arc<Mutex<Option<Result<T, CallError>>>>,
}

impl<T: Send + 'static> Call<T> {
    /// Sends `request`; `read` makes the answer of a response the server
    /// did not refuse (off the frame: natively on ehttp's thread).
    fn send_with(request: ehttp::Request, read: fn(ehttp::Response) -> Result<T, CallError>) -> Call<T> {
        let answer = Arc::new(Mutex::new(None));
        let slot = answer.clone();
        ehttp::fetch(request, move |response| {
            if let Ok(mut slot) = slot.lock() {
                *slot = Some(accepted(response).and_then(read));
            }
        });
        Call { answer }
    }

    /// A call that failed before it was sent.
    fn failed(error: CallError) -> Call<T> {
        Call::answered(Err(error))
    }

    /// A call answered already.
    pub(super) fn answered(answer: Result<T, CallError>) -> Call<T> {
        Call { answer: Arc::new(Mutex::new(Some(answer))) }
    }

    /// The answer, if it came (and was not taken before).
    pub fn take(&self) -> Option<Result<T, CallError>> {
        self.answer.lock().ok()?.take()
    }
}

impl<T: DeserializeOwned + Send + 'static> Call<T> {
    fn send(request: Result<ehttp::Request, serde_json::Error>) -> Call<T> {
        match request {
            Ok(request) => Call::send_with(request, json),
            Err(error) => Call::failed(CallError::Unreadable(error.to_string())),
        }
    }

    fn post(url: String, body: &impl Serialize) -> Call<T> {
        Call::send(ehttp::Request::post_json(url, body))
    }

    fn get(url: String) -> Call<T> {
        Call::send(Ok(ehttp::Request::get(url)))
    }
}

/// The response, unless the server could not be reached or said no.
fn accepted(response: ehttp::Result<ehttp::Response>) -> Result<ehttp::Response, CallError> {
    let response = response.map_err(CallError::Unreachable)?;
    if !response.ok {
        // A refusal without the lobby's body (from a proxy, say) has
        // only its status.
        let unknown = || ApiErrorBody { code: ErrorCode::Other, message: response.status_text.clone() };
        let refusal = response.json::<ApiRefusal>().map_or_else(|_| unknown(), |refusal| refusal.error);
        return Err(CallError::Refused { code: refusal.code, message: refusal.message });
    }
    Ok(response)
}

fn json<T: DeserializeOwned>(response: ehttp::Response) -> Result<T, CallError> {
    // An answer without a body (204) reads as `null`: `()`.
    let body = if response.bytes.is_empty() { b"null".as_slice() } else { &response.bytes };
    serde_json::from_slice(body).map_err(|error| CallError::Unreadable(error.to_string()))
}

/// A built lexicon file, opened (and so checked whole).
fn lexicon_file(response: ehttp::Response) -> Result<(Lexicon, LexiconInfo), CallError> {
    Lexicon::open_file(&response.bytes).map_err(|error| CallError::Unreadable(error.to_string()))
}

/// An answer from the server, on its way or come.
#[derive(Default)]
pub enum Fetched<T> {
    #[default]
    Nothing,
    Asked(Call<T>),
    Got(T),
    Failed(CallError),
}

impl<T: Send + 'static> Fetched<T> {
    /// Takes the answer, once it came.
    pub fn poll(&mut self) {
        if let Fetched::Asked(call) = self
            && let Some(answer) = call.take()
        {
            *self = match answer {
                Ok(got) => Fetched::Got(got),
                Err(error) => Fetched::Failed(error),
            };
        }
    }
}

/// One of a server's own word lists, which a game there is played on.
#[derive(Default)]
pub struct ServerList(Fetched<(Lexicon, LexiconInfo)>);

impl ServerList {
    /// The list `name` of `server`: `None` while it comes (the first call
    /// asks for it), or why it cannot be had.
    pub fn get(&mut self, server: &str, name: &str, language: Language) -> Result<Option<Lexicon>, Unavailable> {
        if let Fetched::Nothing = self.0 {
            self.0 = Fetched::Asked(Lobby::new(server).word_list(name));
        }
        self.0.poll();
        match &self.0 {
            Fetched::Got((lexicon, info)) if info.name == name && info.language == language => {
                Ok(Some(lexicon.clone()))
            }
            Fetched::Got((_, info)) => {
                Err(Unavailable::Fetch(format!("the server sent the list \u{201c}{}\u{201d}", info.name)))
            }
            Fetched::Failed(error) => Err(Unavailable::Fetch(error.to_string())),
            Fetched::Nothing | Fetched::Asked(_) => Ok(None),
        }
    }
}

/// The lobby of one server, `http(s)://host:port`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lobby {
    server: String,
}

impl Lobby {
    pub fn new(server: &str) -> Lobby {
        Lobby { server: server.trim_end_matches('/').to_string() }
    }

    pub fn server(&self) -> &str {
        &self.server
    }

    /// The STUN and TURN servers, which the server wants its clients to use.
    pub fn config(&self) -> Call<ServerConfig> {
        Call::get(format!("{}/api/config", self.server))
    }

    pub fn create(&self, room: &CreateRoom) -> Call<Created> {
        Call::post(format!("{}/api/rooms", self.server), room)
    }

    /// A seat in a room: a member's (`key`) is rated.
    pub fn join(&self, code: RoomCode, name: &str, key: Option<PlayerKey>) -> Call<Joined> {
        Call::post(format!("{}/api/rooms/{code}/join", self.server), &JoinRoom { name: name.to_string(), key })
    }

    /// An account for this nickname, with the key the app made for it.
    pub fn register(&self, nick: &str, key: PlayerKey) -> Call<Account> {
        Call::post(format!("{}/api/players", self.server), &NewPlayer { nick: nick.to_string(), key: Some(key) })
    }

    /// An account back, with a new key.
    pub fn recover(&self, recover: &Recover) -> Call<Account> {
        Call::post(format!("{}/api/recover", self.server), recover)
    }

    /// The first page of a rating list's leaderboard, with `me`'s place.
    pub fn leaderboard(&self, rules: RuleSetKind, language: Language, me: Option<&str>) -> Call<Leaderboard> {
        let me = me.map(|nick| format!("&me={}", path_segment(nick))).unwrap_or_default();
        Call::get(format!("{}/api/leaderboard?rules={rules}&lang={language}{me}", self.server))
    }

    /// A player's profile: ratings, figures, history.
    pub fn profile(&self, nick: &str) -> Call<Profile> {
        Call::get(format!("{}/api/players/{}", self.server, path_segment(nick)))
    }

    /// How a finished game changed its members' ratings.
    pub fn game_ratings(&self, code: RoomCode) -> Call<GameRatings> {
        Call::get(format!("{}/api/rooms/{code}/ratings", self.server))
    }

    /// One of the server's word lists (see [`ServerConfig`]).
    pub fn word_list(&self, name: &str) -> Call<(Lexicon, LexiconInfo)> {
        let url = format!("{}/api/word-lists/{}", self.server, path_segment(name));
        Call::send_with(ehttp::Request::get(url), lexicon_file)
    }

    /// The arenas running, and the latest that ended.
    pub fn arenas(&self) -> Call<ArenaList> {
        Call::get(format!("{}/api/arenas", self.server))
    }

    /// An arena's standings; with `since`, answered once they change
    /// after that version (or after the server's wait).
    pub fn arena(&self, id: &ArenaId, since: Option<u64>) -> Call<ArenaStandings> {
        let since = since.map(|version| format!("?since={version}")).unwrap_or_default();
        let call = ehttp::Request::get(format!("{}/api/arenas/{}{since}", self.server, path_segment(&id.0)));
        Call::send(Ok(call.with_timeout(Some(LIVE_WAIT))))
    }

    /// A seat in the member's next game of an arena: answered once paired,
    /// which may be a long while.
    pub fn arena_join(&self, id: &ArenaId, key: PlayerKey) -> Call<Joined> {
        let url = format!("{}/api/arenas/{}/join", self.server, path_segment(&id.0));
        Call::send(ehttp::Request::post_json(url, &InArena { key }).map(|call| call.with_timeout(None)))
    }

    /// Out of an arena, after the game being played.
    pub fn arena_leave(&self, id: &ArenaId, key: PlayerKey) -> Call<()> {
        Call::post(format!("{}/api/arenas/{}/leave", self.server, path_segment(&id.0)), &InArena { key })
    }

    /// What a spectator may see of room `code`'s game from event `since`
    /// on: answered at once when there is something new, else at the
    /// next move (or after the server's wait).
    pub fn watch(&self, code: RoomCode, since: u32) -> Call<Watched> {
        let call = ehttp::Request::get(format!("{}/api/rooms/{code}/watch?since={since}", self.server));
        Call::send(Ok(call.with_timeout(Some(LIVE_WAIT))))
    }

    /// The games being played on the server.
    pub fn live_games(&self) -> Call<LiveGames> {
        Call::get(format!("{}/api/games/live", self.server))
    }

    /// The player's answer to a rematch of `joined`'s finished game
    /// (`None`: only asking), and where the rematch stands.
    pub fn rematch(&self, joined: &Joined, accept: Option<bool>) -> Call<Rematch> {
        let answer = RematchAnswer { token: joined.token, accept };
        Call::post(format!("{}/api/rooms/{}/rematch", self.server, joined.code), &answer)
    }

    /// The member's friends, requests and invitations; with `since` (the
    /// version the app has), answered once they change (or after the
    /// server's wait).
    pub fn friends(&self, key: PlayerKey, since: Option<String>) -> Call<Friends> {
        let call = ehttp::Request::post_json(format!("{}/api/friends", self.server), &FriendsAsked { key, since });
        Call::send(call.map(|call| call.with_timeout(Some(LIVE_WAIT))))
    }

    /// The member's word about another player; their friends after it.
    pub fn friend_act(&self, key: PlayerKey, nick: &str, act: FriendAct) -> Call<Friends> {
        let about = AboutPlayer { key, nick: nick.to_string(), act };
        Call::post(format!("{}/api/friends/act", self.server), &about)
    }

    /// A new room with a seat for the member and one for each friend
    /// invited: the member's.
    pub fn invite(&self, invite: &Invite) -> Call<Joined> {
        Call::post(format!("{}/api/invitations", self.server), invite)
    }

    /// The seat an invitation offered.
    pub fn accept_invitation(&self, id: u64, key: PlayerKey) -> Call<Joined> {
        Call::post(format!("{}/api/invitations/{id}", self.server), &InvitationAnswer { key, accept: true })
    }

    pub fn decline_invitation(&self, id: u64, key: PlayerKey) -> Call<()> {
        Call::post(format!("{}/api/invitations/{id}", self.server), &InvitationAnswer { key, accept: false })
    }

    /// A seat in the next random game: answered once matched, with people
    /// or, after `request.wait` seconds, with computer players.
    pub fn random(&self, request: &RandomGame) -> Call<Joined> {
        let answer_within = Duration::from_secs(request.wait + 30);
        let call = ehttp::Request::post_json(format!("{}/api/random", self.server), request);
        Call::send(call.map(|call| call.with_timeout(Some(answer_within))))
    }

    /// The member's games that last days; with `since`, once they differ
    /// from that version.
    pub fn my_games(&self, key: PlayerKey, since: Option<String>) -> Call<MyGames> {
        let call = ehttp::Request::post_json(format!("{}/api/games", self.server), &MyGamesAsked { key, since });
        Call::send(call.map(|call| call.with_timeout(Some(LIVE_WAIT))))
    }

    /// The member's seat's view of a game that lasts days, from event
    /// `since` on.
    pub fn seat_game(&self, code: RoomCode, key: PlayerKey, since: u32) -> Call<SeatGame> {
        Call::post(format!("{}/api/games/{code}", self.server), &SeatAsked { key, since })
    }

    /// A move in a game that lasts days, made on a view of `at` events.
    pub fn seat_move(&self, code: RoomCode, key: PlayerKey, at: u32, intent: Intent) -> Call<SeatGame> {
        Call::post(format!("{}/api/games/{code}/move", self.server), &SeatMove { key, at, intent })
    }
}

/// Longer than the server makes a live standings (or spectator's) request
/// wait.
const LIVE_WAIT: Duration = Duration::from_secs(40);

/// Text as one segment of a URL's path: a nickname may have any letter.
fn path_segment(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_nickname_is_one_segment_of_a_path() {
        assert_eq!(super::path_segment("Ana_b.2-x"), "Ana_b.2-x");
        assert_eq!(super::path_segment("Zoë"), "Zo%C3%AB");
        assert_eq!(super::path_segment("a/b?c"), "a%2Fb%3Fc");
    }
}
