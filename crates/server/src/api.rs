//! The lobby's HTTP API, on the signalling server's port:
//! - `POST /api/rooms` `{rules, language, players, clock, days?,
//!   computers}` → `{code}`, with a computer player seated for each level
//!   in `computers`; with `days` (1, 2, 3 or 7 a move, no clock, no
//!   computers), a game that lasts days, which members alone may join
//! - `GET /api/rooms/CODE` → the room's settings, seats and state
//! - `POST /api/rooms/CODE/join` `{name, key?}` → `{code, seat, token}`
//! - `POST /api/rooms/CODE/rematch` `{token, accept?}` → `{wanted,
//!   declined?, joined?}`: a player of the room's finished game wants
//!   another (or not), or asks where that stands; `joined` is their seat
//!   in the new room, once all its people want it
//! - `GET /api/rooms/CODE/watch[?since=SEQ]` → `{settings, events, next,
//!   delayed, record?}`: what a spectator may see of the room's game
//!   from event `since` on (see `wocable_net::Watched`); from `since` 0 at
//!   once, else, when there is nothing new, at the next move
//! - `GET /api/games/live` → `{games: [{code, rules, language, players,
//!   turns, delayed}]}`: the games being played here, of the rooms made
//!   (or resumed) latest first
//! - `POST /api/games` `{key, since?}` → `{version, games}`: a member's
//!   games that last days (see `wocable_net::MyGames`); with `since`, once
//!   they differ from that version
//! - `POST /api/games/CODE` `{key, since}` → the member's seat's view of
//!   a game that lasts days from event `since` on (`wocable_net::SeatGame`)
//! - `POST /api/games/CODE/move` `{key, at, intent}` → the same from `at`,
//!   once the move made on a view of `at` events is played (a move sent
//!   again is answered as played; one on a stale view is refused)
//! - `GET /api/push/key` → `{key}`: the server's VAPID key, base64url
//! - `POST /api/push/subscribe` `{key, subscription: {endpoint, keys:
//!   {p256dh, auth}}, language}`: a member's browser, told by Web Push when
//!   it is their turn in a game that lasts days, when their time is nearly
//!   up, and of invitations; `POST /api/push/unsubscribe` `{key, endpoint}`
//! - `POST /api/random` `{rules, language, players, name, wait, key?}` →
//!   `{code, seat, token}` once matched (with people, or with computer
//!   players after `wait` seconds)
//! - `POST /api/players` `{nick}` → `{nick, key, recovery}`: an account;
//!   with its `key`, a player joins as their nickname and is rated
//! - `POST /api/recover` `{nick, recovery}` → `{nick, key,
//!   recovery}`, with a new key (the old one no longer works)
//! - `GET /api/players/NICK` → the profile
//! - `POST /api/friends` `{key, since?}` → `{version, friends, asking,
//!   asked, blocked, invitations, sent}`: a member's friends (who is
//!   online, their ratings, the game each plays on this server), requests
//!   and invitations; with `since`, once
//!   they differ from that version (see `wocable_net::Friends`)
//! - `POST /api/friends/act` `{key, nick, act}` → the same, after asking
//!   `nick` to be friends, accepting, refusing, removing, blocking or
//!   unblocking them
//! - `POST /api/invitations` `{key, friends, settings}` → `{code, seat,
//!   token}`: a new room, with a seat for the member and one for each
//!   friend invited
//! - `POST /api/invitations/ID` `{key, accept}` → `{code, seat, token}`
//!   when accepted
//! - `GET /api/leaderboard?rules=R&lang=L[&page=N&per_page=N&me=NICK]`
//! - `GET /api/arenas[?page=N&per_page=N]` → those running, and those
//!   that ended, the latest first, with their leaders
//! - `GET /api/arenas/ID[?page=N&per_page=N&since=VERSION]` → the
//!   standings; with `since`, once they changed after that version
//! - `POST /api/arenas/ID/join` `{key}` → `{code, seat, token}` once
//!   paired; `POST /api/arenas/ID/leave` `{key}`
//! - `POST /api/test/clock` `{advance_ms}` (`--test-clock` only) moves
//!   the server's clock on
//! - `GET /api/config` → `{ice: {urls, username, credential}, word_lists:
//!   [{name, language, words}]}`: the STUN and TURN servers for clients'
//!   WebRTC connections, and the word lists rooms may be made on
//! - `GET /api/word-lists/NAME` → one of those lists, a built lexicon file
//!
//! A refusal is `{"error": {"code", "message"}}` (see `error`).

mod correspondence;
mod friends;
mod push;

pub use friends::spread_blocks;

use crate::address::{AddressLimits, Origin};
use crate::correspondence::Games;
use crate::db::{Db, DbError, Registered};
use crate::error::{ApiError, Asked, Body};
use crate::hub::{Command, RoomInfo, advance_clock, now_ms};
use crate::push::Pusher;
use crate::turn;
use crate::word_lists::{WordListError, WordLists};
use axum::extract::{Path, RawQuery, State};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch};
use tokio::time::{Instant, sleep_until, timeout_at};
use tracing::{error, info, warn};
use wocable_crossword::RuleSetKind;
use wocable_crossword::computer::Level;
use wocable_lexicon::Language;
use wocable_net::{
    Account, AccountId, ApiRefusal, ArenaId, ArenaList, ArenaStandings, CreateRoom, Created, GameRatings, IceServers,
    InArena, JoinRoom, Joined, Leaderboard, LiveGames, LobbyError, NewPlayer, Player, PlayerKey, Profile, QueueKey,
    RandomGame, Recover, RecoveryCode, Rematch, RematchAnswer, RoomCode, RoomSettings, ServerConfig,
};

type Hub = mpsc::Sender<Command>;

#[derive(Clone)]
struct Lobby {
    hub: Hub,
    db: Db,
    /// The version of the arenas' standings.
    arenas: watch::Receiver<u64>,
    limits: Arc<AddressLimits>,
    /// Calls to the other servers of the database.
    forward: reqwest::Client,
    /// Counts the changes to friends and invitations made here.
    friends: Arc<watch::Sender<u64>>,
    games: Games,
    pusher: Pusher,
}

/// The longest a request for live standings waits for a change.
const LIVE_WAIT: Duration = Duration::from_secs(25);

/// How often a list waiting for a change is read again: a change made on
/// another server of the database is seen within this.
const RECHECK: Duration = Duration::from_secs(5);

/// How long another server of the database has to connect and to answer
/// a call passed on to it: one that is gone or stuck must not hold the
/// player's request, and a task here, for ever.
const FORWARD_CONNECT: Duration = Duration::from_secs(5);
const FORWARD_ANSWER: Duration = Duration::from_secs(10);
/// A player waits for an arena game as long as it takes to pair them;
/// passed on, they are answered within this, and ask again.
const FORWARD_ARENA_WAIT: Duration = Duration::from_secs(300);

/// The longest wait for people a random game may ask for: ten minutes.
const MAX_WAIT_SECONDS: u64 = 600;

/// Leaderboard rows on a page, unless asked otherwise, and at most.
const PER_PAGE: u64 = 50;
const MAX_PER_PAGE: u64 = 200;

#[allow(clippy::too_many_arguments)]
pub fn routes(
    hub: Hub,
    db: Db,
    (games, pusher): (Games, Pusher),
    arenas: watch::Receiver<u64>,
    word_lists: Arc<WordLists>,
    ice: Ice,
    limits: AddressLimits,
    test_clock: bool,
) -> Router {
    let config = Arc::new(ServerConfig { ice: ice.servers, word_lists: word_lists.listed() });
    let secret = ice.turn_secret.map(Arc::<str>::from);
    let router = Router::new()
        .route("/api/rooms", post(create))
        .route("/api/rooms/{code}", get(look))
        .route("/api/rooms/{code}/join", post(join))
        .route("/api/rooms/{code}/ratings", get(game_ratings))
        .route("/api/rooms/{code}/rematch", post(rematch))
        .route("/api/rooms/{code}/watch", get(watch))
        .route("/api/games/live", get(live_games))
        .route("/api/random", post(random))
        .route("/api/players", post(new_player))
        .route("/api/recover", post(recover))
        .route("/api/players/{nick}", get(profile))
        .route("/api/leaderboard", get(leaderboard))
        .route("/api/arenas", get(arena_list))
        .route("/api/arenas/{id}", get(arena))
        .route("/api/arenas/{id}/join", post(join_arena))
        .route("/api/arenas/{id}/leave", post(leave_arena))
        .merge(friends::routes())
        .merge(correspondence::routes())
        .merge(push::routes())
        .with_state(Lobby {
            hub,
            db,
            arenas,
            limits: Arc::new(limits),
            forward: forwarding(),
            friends: Arc::new(watch::Sender::new(0)),
            games,
            pusher,
        })
        .route("/api/config", get(move || async move { Json(with_credentials(&config, secret.as_deref())) }))
        .route("/api/word-lists/{name}", get(word_list).with_state(word_lists));
    match test_clock {
        true => router.route("/api/test/clock", post(move_clock)),
        false => router,
    }
}

fn forwarding() -> reqwest::Client {
    let client = reqwest::Client::builder().connect_timeout(FORWARD_CONNECT).timeout(FORWARD_ANSWER).build();
    // Without TLS, building fails only where making any client would.
    client.unwrap_or_default()
}

/// The ICE servers clients are told of, and how they sign in to TURN.
pub struct Ice {
    pub servers: IceServers,
    /// The secret shared with the TURN server: each client gets credentials
    /// of its own that expire (see `turn`), not the fixed ones.
    pub turn_secret: Option<String>,
}

/// The configuration as a client is answered it: with TURN credentials of
/// its own when there is a secret.
fn with_credentials(config: &ServerConfig, secret: Option<&str>) -> ServerConfig {
    let Some(secret) = secret else { return config.clone() };
    let name = format!("{:016x}", rand::random::<u64>());
    let ice = turn::credentials(&config.ice, secret, &name, now_ms() / 1000 + turn::CLIENT_TTL_S);
    ServerConfig { ice, ..config.clone() }
}

/// The first 64 bits of the SHA-256 of `value`'s JSON, in hex: every
/// server of the database gives the same state the same version.
fn version_of(value: &impl serde::Serialize) -> String {
    let digest = Sha256::digest(serde_json::to_vec(value).unwrap_or_default());
    digest[..8].iter().map(|byte| format!("{byte:02x}")).collect()
}

/// What `read` answers (with its version) once that differs from `since`:
/// at once if it does; else when a change here wakes `changes`, or when a
/// read every [`RECHECK`] finds one, or after [`LIVE_WAIT`] as it is.
async fn when_changed<T, F: Future<Output = Result<(String, T), ApiError>>>(
    since: Option<&str>,
    mut changes: watch::Receiver<u64>,
    read: impl Fn() -> F,
) -> Result<T, ApiError> {
    let deadline = Instant::now() + LIVE_WAIT;
    let (mut version, mut value) = read().await?;
    while since == Some(version.as_str()) && Instant::now() < deadline {
        let recheck = (Instant::now() + RECHECK).min(deadline);
        // Woken by a change here, or by the time to read again.
        if timeout_at(recheck, changes.changed()).await.is_ok_and(|changed| changed.is_err()) {
            sleep_until(recheck).await;
        }
        (version, value) = read().await?;
    }
    Ok(value)
}

/// A database failure: logged whole, told to the player plainly.
pub(crate) fn failed(e: DbError) -> ApiError {
    error!("database: {e}");
    ApiError::Database(e)
}

/// The member a key belongs to.
async fn member(db: &Db, key: PlayerKey) -> Result<(AccountId, String), ApiError> {
    let member = db.member(key).await.map_err(failed)?;
    member.ok_or(ApiError::UnknownKey)
}

/// Who takes a seat: a member by their key, or a guest by a name that is
/// neither a member's nor a computer player's.
async fn player(db: &Db, name: String, key: Option<PlayerKey>) -> Result<(String, Player), ApiError> {
    let Some(key) = key else {
        wocable_net::check_nick(&name)?;
        if db.is_nick(&name).await.map_err(failed)? {
            return Err(ApiError::NickTaken(name));
        }
        return Ok((name, Player::Human));
    };
    let (account, nick) = member(db, key).await?;
    Ok((nick, Player::Member(account)))
}

async fn ask<T>(hub: &Hub, command: impl FnOnce(oneshot::Sender<T>) -> Command) -> Result<T, ApiError> {
    let (reply, answer) = oneshot::channel();
    hub.send(command(reply)).await.map_err(|_| ApiError::ShuttingDown)?;
    answer.await.map_err(|_| ApiError::ShuttingDown)
}

fn code(text: &str) -> Result<RoomCode, ApiError> {
    Ok(RoomCode::parse(text)?)
}

async fn create(
    State(lobby): State<Lobby>,
    origin: Origin,
    Body(body): Body<CreateRoom>,
) -> Result<Response, ApiError> {
    lobby.limits.rooms.check(&origin)?;
    let CreateRoom { settings, computers } = body;
    if computers.len() >= settings.players {
        return Err(ApiError::NoPersonSeat);
    }
    let code = make_room(&lobby, settings, computers).await?;
    Ok((StatusCode::CREATED, Json(Created { code })).into_response())
}

/// A new room: a live one held by the hub, or one that lasts days, held
/// by the database.
async fn make_room(lobby: &Lobby, settings: RoomSettings, computers: Vec<Level>) -> Result<RoomCode, ApiError> {
    if settings.days.is_none() {
        return ask(&lobby.hub, |reply| Command::Create { settings, computers, reply }).await?;
    }
    if !computers.is_empty() {
        return Err(ApiError::ComputersNotWaiting);
    }
    lobby.games.create(settings, None).await
}

async fn word_list(State(lists): State<Arc<WordLists>>, Path(name): Path<String>) -> Result<Response, ApiError> {
    let file = lists.file(&name).ok_or(WordListError::NotHere(name))?;
    Ok(([(CONTENT_TYPE, "application/octet-stream")], file).into_response())
}

async fn look(
    State(Lobby { hub, db, limits, forward, games, .. }): State<Lobby>,
    origin: Origin,
    Path(text): Path<String>,
) -> Result<Response, ApiError> {
    limits.codes.check(&origin)?;
    let code = code(&text)?;
    if let Some((room, _)) = games.read(code, now_ms()).await? {
        return Ok(Json(RoomInfo::of(&room)).into_response());
    }
    if let Some(server) = db.elsewhere(code).await.map_err(failed)? {
        return passed_on(&server, forward.get(format!("{server}/api/rooms/{code}")).send().await).await;
    }
    let info = ask(&hub, |reply| Command::Look { code, reply }).await?;
    let info = info.ok_or(ApiError::NoSuchRoom(code))?;
    Ok(Json(info).into_response())
}

async fn join(
    State(lobby): State<Lobby>,
    origin: Origin,
    Path(text): Path<String>,
    Body(body): Body<JoinRoom>,
) -> Result<Json<Joined>, ApiError> {
    lobby.limits.codes.check(&origin)?;
    Ok(Json(seat(&lobby, code(&text)?, body).await?))
}

/// Seats a player in room `code`.
async fn seat(
    Lobby { hub, db, forward, games, .. }: &Lobby,
    code: RoomCode,
    body: JoinRoom,
) -> Result<Joined, ApiError> {
    if db.is_correspondence(code).await.map_err(failed)? {
        // Their list of games is their account's.
        let (account, nick) = member(db, body.key.ok_or(ApiError::MembersOnly)?).await?;
        return games.join(code, account, &nick).await;
    }
    // A room another server holds is joined there, and the player is
    // told to connect there.
    if let Some(server) = db.elsewhere(code).await.map_err(failed)? {
        let answer = forward.post(format!("{server}/api/rooms/{code}/join")).json(&body).send().await;
        let (server, joined) = relayed::<Joined>(&server, answer).await?;
        return Ok(Joined { server: Some(server), ..joined });
    }
    let (name, player) = player(db, body.name, body.key).await?;
    ask(hub, |reply| Command::Join { code, name, player, reply }).await?
}

async fn rematch(
    State(Lobby { hub, db, limits, forward, .. }): State<Lobby>,
    origin: Origin,
    Path(text): Path<String>,
    Body(body): Body<RematchAnswer>,
) -> Result<Json<Rematch>, ApiError> {
    limits.rematches.check(&origin)?;
    let code = code(&text)?;
    if let Some(server) = db.elsewhere(code).await.map_err(failed)? {
        let answer = forward.post(format!("{server}/api/rooms/{code}/rematch")).json(&body).send().await;
        let (server, mut rematch) = relayed::<Rematch>(&server, answer).await?;
        if let Some(joined) = rematch.joined.as_mut() {
            joined.server.get_or_insert(server);
        }
        return Ok(Json(rematch));
    }
    Ok(Json(ask(&hub, |reply| Command::Rematch { code, answer: body, reply }).await??))
}

#[derive(Deserialize)]
struct Since {
    since: Option<u32>,
}

/// What a spectator may see of a game from `since` on. The first request
/// (`since` 0) is answered at once; a later one with nothing new yet waits
/// for the next move.
async fn watch(
    State(Lobby { hub, db, limits, forward, .. }): State<Lobby>,
    origin: Origin,
    Path(text): Path<String>,
    Asked(query): Asked<Since>,
    RawQuery(raw): RawQuery,
) -> Result<Response, ApiError> {
    limits.watching.check(&origin)?;
    let code = code(&text)?;
    if let Some(server) = db.elsewhere(code).await.map_err(failed)? {
        let query = raw.map(|raw| format!("?{raw}")).unwrap_or_default();
        let asked = forward.get(format!("{server}/api/rooms/{code}/watch{query}")).timeout(forward_wait(true));
        return passed_on(&server, asked.send().await).await;
    }
    let since = query.since.unwrap_or(0);
    let (mut watched, mut moved) = ask(&hub, |reply| Command::Watch { code, since, reply }).await??;
    let waiting = since > 0 && watched.events.is_empty() && watched.record.is_none();
    if waiting && tokio::time::timeout(LIVE_WAIT, moved.changed()).await.is_ok_and(|changed| changed.is_ok()) {
        (watched, _) = ask(&hub, |reply| Command::Watch { code, since, reply }).await??;
    }
    Ok(Json(watched).into_response())
}

/// The games being played on this server (each instance of a database
/// lists its own).
async fn live_games(
    State(Lobby { hub, limits, .. }): State<Lobby>,
    origin: Origin,
) -> Result<Json<LiveGames>, ApiError> {
    limits.watching.check(&origin)?;
    Ok(Json(LiveGames { games: ask(&hub, |reply| Command::LiveGames { reply }).await? }))
}

/// Another server of the database cannot be asked.
fn unreachable(server: &str, e: reqwest::Error) -> ApiError {
    warn!(server, "the server that holds a game did not answer: {e}");
    ApiError::Unreachable
}

/// The answer of the server that holds a room or runs an arena, with the
/// server; its refusal as this server's own.
async fn relayed<T: DeserializeOwned>(
    server: &str,
    answer: reqwest::Result<reqwest::Response>,
) -> Result<(String, T), ApiError> {
    let answer = answer.map_err(|e| unreachable(server, e))?;
    if !answer.status().is_success() {
        let refusal = answer.json::<ApiRefusal>().await.map_err(|e| unreachable(server, e))?;
        return Err(ApiError::PassedOn(refusal.error));
    }
    Ok((server.to_string(), answer.json().await.map_err(|e| unreachable(server, e))?))
}

/// The answer of the server that holds a room or runs an arena, passed
/// on as it came.
async fn passed_on(server: &str, answer: reqwest::Result<reqwest::Response>) -> Result<Response, ApiError> {
    let answer = answer.map_err(|e| unreachable(server, e))?;
    let status = StatusCode::from_u16(answer.status().as_u16()).unwrap_or(StatusCode::BAD_GATEWAY);
    let content_type = answer.headers().get(CONTENT_TYPE).cloned();
    let body = answer.bytes().await.map_err(|e| unreachable(server, e))?;
    let mut response = (status, body).into_response();
    if let Some(content_type) = content_type {
        response.headers_mut().insert(CONTENT_TYPE, content_type);
    }
    Ok(response)
}

async fn random(
    State(Lobby { hub, db, limits, games, .. }): State<Lobby>,
    origin: Origin,
    Body(body): Body<RandomGame>,
) -> Result<Json<Joined>, ApiError> {
    limits.random.check(&origin)?;
    let rules = body.rules.rules();
    if !(rules.min_players..=rules.max_players).contains(&body.players) {
        return Err(LobbyError::PlayerCount {
            rules: body.rules.to_string(),
            min: rules.min_players,
            max: rules.max_players,
            found: body.players,
        }
        .into());
    }
    if body.wait > MAX_WAIT_SECONDS {
        return Err(ApiError::WaitTooLong { max: MAX_WAIT_SECONDS });
    }
    let key = QueueKey { rules: body.rules, language: body.language, players: body.players, family: body.family };
    if let Some(days) = body.days {
        if !wocable_net::DAYS_PER_MOVE.contains(&days) {
            return Err(LobbyError::Days.into());
        }
        let (account, nick) = member(&db, body.key.ok_or(ApiError::MembersOnly)?).await?;
        return Ok(Json(games.random(key, days, account, &nick).await?));
    }
    let (name, player) = player(&db, body.name, body.key).await?;
    wocable_net::check_name(&name)?;
    let wait_ms = body.wait * 1000;
    let joined = ask(&hub, |reply| Command::Random { key, name, player, wait_ms, reply }).await?;
    Ok(Json(joined?))
}

/// Whether a key the app made is plainly not 128 random bits: a random
/// one uses six hex digits or more but once in trillions.
fn weak(key: PlayerKey) -> bool {
    let digits: std::collections::HashSet<char> = key.to_hex().chars().collect();
    digits.len() < 6
}

fn new_secrets() -> (PlayerKey, RecoveryCode) {
    (PlayerKey(rand::random()), RecoveryCode::from_number(rand::random()))
}

async fn new_player(
    State(Lobby { db, limits, .. }): State<Lobby>,
    origin: Origin,
    Body(body): Body<NewPlayer>,
) -> Result<Response, ApiError> {
    wocable_net::check_nick(&body.nick)?;
    if body.key.is_some_and(weak) {
        return Err(ApiError::WeakKey);
    }
    limits.accounts.check(&origin)?;
    let (made, recovery) = new_secrets();
    let key = body.key.unwrap_or(made);
    match db.create_player(&body.nick, key, recovery, now_ms()).await.map_err(failed)? {
        Registered::New(account) => {
            info!(nick = body.nick, ?account, "account made");
            Ok((StatusCode::CREATED, Json(Account { nick: body.nick, key, recovery })).into_response())
        }
        Registered::Again(account, nick) => {
            info!(nick, ?account, "account asked for again");
            Ok(Json(Account { nick, key, recovery }).into_response())
        }
        Registered::Taken => Err(ApiError::NickTaken(body.nick)),
    }
}

async fn recover(
    State(Lobby { db, limits, .. }): State<Lobby>,
    origin: Origin,
    Body(body): Body<Recover>,
) -> Result<Json<Account>, ApiError> {
    limits.accounts.check(&origin)?;
    let (key, _) = new_secrets();
    match db.recover(&body.nick, body.recovery, key).await.map_err(failed)? {
        Some(nick) => {
            info!(nick, "account recovered");
            Ok(Json(Account { nick, key, recovery: body.recovery }))
        }
        None => Err(ApiError::WrongRecovery),
    }
}

async fn profile(State(Lobby { db, .. }): State<Lobby>, Path(nick): Path<String>) -> Result<Json<Profile>, ApiError> {
    let profile = db.profile(&nick).await.map_err(failed)?;
    profile.map(Json).ok_or(ApiError::NoSuchPlayer(nick))
}

async fn game_ratings(
    State(Lobby { db, .. }): State<Lobby>,
    Path(text): Path<String>,
) -> Result<Json<GameRatings>, ApiError> {
    let code = code(&text)?;
    db.game_ratings(code).await.map(Json).map_err(failed)
}

#[derive(Deserialize)]
struct LeaderboardQuery {
    rules: String,
    lang: String,
    page: Option<u64>,
    per_page: Option<u64>,
    me: Option<String>,
}

async fn leaderboard(
    State(Lobby { db, .. }): State<Lobby>,
    Asked(query): Asked<LeaderboardQuery>,
) -> Result<Json<Leaderboard>, ApiError> {
    let rules = RuleSetKind::from_name(&query.rules).ok_or_else(|| ApiError::UnknownRules(query.rules.clone()))?;
    let language = Language::from_code(&query.lang).ok_or_else(|| ApiError::UnknownLanguage(query.lang.clone()))?;
    let (page, per_page) = bounds(query.page, query.per_page);
    let board = db.leaderboard(rules, language, page, per_page, query.me.as_deref()).await.map_err(failed)?;
    Ok(Json(board))
}

#[derive(Deserialize)]
struct Page {
    page: Option<u64>,
    per_page: Option<u64>,
    since: Option<u64>,
}

/// The page asked for (from 1) and its size, within bounds.
fn bounds(page: Option<u64>, per_page: Option<u64>) -> (u64, u64) {
    (page.unwrap_or(1).max(1), per_page.unwrap_or(PER_PAGE).clamp(1, MAX_PER_PAGE))
}

async fn arena_list(State(lobby): State<Lobby>, Asked(query): Asked<Page>) -> Result<Json<ArenaList>, ApiError> {
    let (page, per_page) = bounds(query.page, query.per_page);
    let version = *lobby.arenas.borrow();
    let (running, recent) = lobby.db.arenas(now_ms(), page, per_page).await.map_err(failed)?;
    Ok(Json(ArenaList { version, running, recent, page, per_page }))
}

/// How long a passed-on request for standings may take: live ones wait
/// for a change first.
fn forward_wait(live: bool) -> Duration {
    if live { LIVE_WAIT + FORWARD_ANSWER } else { FORWARD_ANSWER }
}

async fn arena(
    State(mut lobby): State<Lobby>,
    Path(id): Path<String>,
    Asked(query): Asked<Page>,
    RawQuery(raw): RawQuery,
) -> Result<Response, ApiError> {
    // The live standings of an arena another server runs are its own.
    if let Some(server) = lobby.db.arena_elsewhere(&id, now_ms()).await.map_err(failed)? {
        let wait = forward_wait(query.since.is_some());
        let query = raw.map(|raw| format!("?{raw}")).unwrap_or_default();
        let asked = lobby.forward.get(format!("{server}/api/arenas/{id}{query}")).timeout(wait);
        return passed_on(&server, asked.send().await).await;
    }
    if let Some(since) = query.since {
        // Live standings: wait for a change after the version seen.
        let _ = tokio::time::timeout(LIVE_WAIT, lobby.arenas.wait_for(|version| *version > since)).await;
    }
    let version = *lobby.arenas.borrow();
    let (page, per_page) = bounds(query.page, query.per_page);
    let found = lobby.db.arena(&id, page, per_page).await.map_err(failed)?;
    let (arena, standings) = found.ok_or(ApiError::NoSuchArena(id))?;
    Ok(Json(ArenaStandings { version, arena, page, per_page, standings }).into_response())
}

async fn join_arena(
    State(Lobby { hub, db, forward, .. }): State<Lobby>,
    Path(id): Path<String>,
    Body(body): Body<InArena>,
) -> Result<Json<Joined>, ApiError> {
    if let Some(server) = db.arena_elsewhere(&id, now_ms()).await.map_err(failed)? {
        let asked = forward.post(format!("{server}/api/arenas/{id}/join")).json(&body).timeout(FORWARD_ARENA_WAIT);
        let answer = asked.send().await;
        let (server, joined) = relayed::<Joined>(&server, answer).await?;
        return Ok(Json(Joined { server: Some(server), ..joined }));
    }
    let (account, nick) = member(&db, body.key).await?;
    let (summary, _) = db.arena(&id, 1, 1).await.map_err(failed)?.ok_or_else(|| ApiError::NoSuchArena(id.clone()))?;
    let rating = db.rating(account, summary.kind.rules, summary.kind.language).await.map_err(failed)?.rating;
    let id = ArenaId(id);
    let joined = ask(&hub, |reply| Command::JoinArena { id, account, nick, rating, reply }).await?;
    Ok(Json(joined?))
}

async fn leave_arena(
    State(Lobby { hub, db, forward, .. }): State<Lobby>,
    Path(id): Path<String>,
    Body(body): Body<InArena>,
) -> Result<Response, ApiError> {
    if let Some(server) = db.arena_elsewhere(&id, now_ms()).await.map_err(failed)? {
        let answer = forward.post(format!("{server}/api/arenas/{id}/leave")).json(&body).send().await;
        return passed_on(&server, answer).await;
    }
    let (account, _) = member(&db, body.key).await?;
    let id = ArenaId(id);
    ask(&hub, |reply| Command::LeaveArena { id, account, reply }).await??;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[derive(Deserialize)]
struct MoveClock {
    advance_ms: u64,
}

async fn move_clock(Body(body): Body<MoveClock>) -> Json<serde_json::Value> {
    advance_clock(body.advance_ms);
    Json(serde_json::json!({ "now_ms": now_ms() }))
}
