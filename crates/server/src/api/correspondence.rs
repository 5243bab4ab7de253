//! Games that last days (see the routes in `api`, and `correspondence`):
//! a member's list of them, a seat's view of one, and a move.

use super::friends::present;
use super::{Lobby, when_changed};
use crate::address::Origin;
use crate::correspondence::{Acted, seat_game};
use crate::error::{ApiError, Body};
use axum::extract::{Path, State};
use axum::routing::post;
use axum::{Json, Router};
use std::cmp::Reverse;
use wocable_net::{AccountId, MyGame, MyGames, MyGamesAsked, Player, Refusal, Room, SeatAsked, SeatGame, SeatMove};

pub fn routes() -> Router<Lobby> {
    Router::new()
        .route("/api/games", post(my_games))
        .route("/api/games/{code}", post(view))
        .route("/api/games/{code}/move", post(play))
}

/// A member's games, in the order they are shown: those where it is their
/// turn first, the nearest deadline first; then those waiting for others
/// (the nearest deadline first, those still filling last); then those
/// finished, the latest first.
async fn listed(lobby: &Lobby, me: AccountId) -> Result<MyGames, ApiError> {
    let mut games = lobby.db.my_games(me, crate::hub::now_ms()).await.map_err(super::failed)?;
    let order = |game: &MyGame| {
        let group = if game.summary.standings.is_some() {
            2
        } else if game.my_turn() {
            0
        } else {
            1
        };
        let finished_latest = if group == 2 { Reverse(game.changed_ms) } else { Reverse(0) };
        (group, game.deadline_ms.unwrap_or(u64::MAX), finished_latest, game.code.as_str().to_string())
    };
    games.sort_by_cached_key(order);
    Ok(MyGames { version: String::new(), games, now_ms: crate::hub::now_ms() })
}

async fn my_games(
    State(lobby): State<Lobby>,
    origin: Origin,
    Body(asked): Body<MyGamesAsked>,
) -> Result<Json<MyGames>, ApiError> {
    lobby.limits.friends.check(&origin)?;
    let (me, _) = present(&lobby, asked.key).await?;
    let games = when_changed(asked.since.as_deref(), lobby.games.changes(), || async {
        let mut games = listed(&lobby, me).await?;
        games.version = super::version_of(&games.games);
        Ok((games.version.clone(), games))
    });
    Ok(Json(games.await?))
}

/// The seat member `me` has in `room`.
fn seat_of(room: &Room, me: AccountId) -> Result<usize, ApiError> {
    let seat = room.seats().iter().position(|seat| seat.player == Player::Member(me));
    seat.ok_or(ApiError::NoSeatIn(room.code()))
}

async fn view(
    State(lobby): State<Lobby>,
    origin: Origin,
    Path(text): Path<String>,
    Body(asked): Body<SeatAsked>,
) -> Result<Json<SeatGame>, ApiError> {
    lobby.limits.friends.check(&origin)?;
    let code = super::code(&text)?;
    let (me, _) = present(&lobby, asked.key).await?;
    let now = crate::hub::now_ms();
    let (room, _) = lobby.games.read(code, now).await?.ok_or(ApiError::NoSuchRoom(code))?;
    let seat = seat_of(&room, me)?;
    Ok(Json(seat_game(&room, seat, asked.since, now)))
}

async fn play(
    State(lobby): State<Lobby>,
    origin: Origin,
    Path(text): Path<String>,
    Body(asked): Body<SeatMove>,
) -> Result<Json<SeatGame>, ApiError> {
    lobby.limits.friends.check(&origin)?;
    let code = super::code(&text)?;
    let (me, _) = present(&lobby, asked.key).await?;
    let SeatMove { at, intent, .. } = asked;
    let room = lobby
        .games
        .change(code, |room, now| {
            let seat = seat_of(room, me)?;
            if intent.seat() != seat {
                return Err(ApiError::IllegalMove(Refusal::NotYourSeat));
            }
            let logged = room.game().map_or(0, |game| game.log().len() as u32);
            if at < logged && room.played_at(&intent, at) {
                // Sent again after its answer was lost: played once.
                return Ok(Acted::default());
            }
            if at != logged {
                return Err(ApiError::StaleView);
            }
            let step = room.intent(seat, intent.clone(), now).map_err(ApiError::IllegalMove)?;
            Ok(Acted { events: step.events, seated: None })
        })
        .await?;
    let seat = seat_of(&room, me)?;
    Ok(Json(seat_game(&room, seat, at, crate::hub::now_ms())))
}
