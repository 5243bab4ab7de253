//! The lobby's HTTP API, on the signalling server's port:
//! - `POST /api/rooms` `{rules, language, players, clock, computers}` →
//!   `{code}`, with a computer player seated for each level in `computers`
//! - `GET /api/rooms/CODE` → the room's settings, seats and state
//! - `POST /api/rooms/CODE/join` `{name}` → `{code, seat, token}`
//! - `POST /api/random` `{rules, language, players, name, wait}` → `{code,
//!   seat, token}` once matched (with people, or with computer players
//!   after `wait` seconds)
//! - `GET /api/config` → `{ice: {urls, username, credential}}`: the STUN
//!   and TURN servers for clients' WebRTC connections

use crate::hub::{Command, RoomInfo};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};
use wocable_net::{
    ApiRefusal, CreateRoom, Created, IceServers, JoinRoom, Joined, QueueKey, RandomGame, RoomCode, ServerConfig,
};

type Hub = mpsc::Sender<Command>;

/// The longest wait for people a random game may ask for: ten minutes.
const MAX_WAIT_SECONDS: u64 = 600;

pub fn routes(hub: Hub, ice: IceServers) -> Router {
    let config = Arc::new(ServerConfig { ice });
    Router::new()
        .route("/api/rooms", post(create))
        .route("/api/rooms/{code}", get(look))
        .route("/api/rooms/{code}/join", post(join))
        .route("/api/random", post(random))
        .with_state(hub)
        .route("/api/config", get(move || async move { Json(config.as_ref().clone()) }))
}

/// An error a player can read, with its HTTP status.
struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(ApiRefusal { error: self.1 })).into_response()
    }
}

fn bad(message: impl ToString) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, message.to_string())
}

async fn ask<T>(hub: &Hub, command: impl FnOnce(oneshot::Sender<T>) -> Command) -> Result<T, ApiError> {
    let (reply, answer) = oneshot::channel();
    let gone = || ApiError(StatusCode::SERVICE_UNAVAILABLE, "the server is shutting down".into());
    hub.send(command(reply)).await.map_err(|_| gone())?;
    answer.await.map_err(|_| gone())
}

fn code(text: &str) -> Result<RoomCode, ApiError> {
    RoomCode::parse(text).map_err(|e| ApiError(StatusCode::NOT_FOUND, e.to_string()))
}

async fn create(State(hub): State<Hub>, Json(body): Json<CreateRoom>) -> Result<Response, ApiError> {
    let CreateRoom { settings, computers } = body;
    if computers.len() >= settings.players {
        return Err(bad("leave at least one seat for a person"));
    }
    let code = ask(&hub, |reply| Command::Create { settings, computers, reply }).await?.map_err(bad)?;
    Ok((StatusCode::CREATED, Json(Created { code })).into_response())
}

async fn look(State(hub): State<Hub>, Path(text): Path<String>) -> Result<Json<RoomInfo>, ApiError> {
    let code = code(&text)?;
    let info = ask(&hub, |reply| Command::Look { code, reply }).await?;
    info.map(Json).ok_or_else(|| ApiError(StatusCode::NOT_FOUND, format!("there is no room {code}")))
}

async fn join(
    State(hub): State<Hub>,
    Path(text): Path<String>,
    Json(body): Json<JoinRoom>,
) -> Result<Json<Joined>, ApiError> {
    let code = code(&text)?;
    let joined = ask(&hub, |reply| Command::Join { code, name: body.name, reply }).await?;
    joined.map(Json).map_err(bad)
}

async fn random(State(hub): State<Hub>, Json(body): Json<RandomGame>) -> Result<Json<Joined>, ApiError> {
    let rules = body.rules.rules();
    if !(rules.min_players..=rules.max_players).contains(&body.players) {
        return Err(bad(format!(
            "{} games are for {} to {} players",
            body.rules, rules.min_players, rules.max_players
        )));
    }
    wocable_net::check_name(&body.name).map_err(bad)?;
    if body.wait > MAX_WAIT_SECONDS {
        return Err(bad(format!("wait at most {MAX_WAIT_SECONDS} seconds")));
    }
    let key = QueueKey { rules: body.rules, language: body.language, players: body.players };
    let wait_ms = body.wait * 1000;
    let joined = ask(&hub, |reply| Command::Random { key, name: body.name, wait_ms, reply }).await?;
    joined.map(Json).map_err(bad)
}
