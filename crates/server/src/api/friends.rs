//! Friends and invitations (see the routes in `api`). The list is asked
//! for again and again by an open app, each answer waiting for a change:
//! a change made on this server answers at once; one made on another
//! server of the database, a friend coming online or going, or sitting
//! down to a game, within [`super::RECHECK`].

use super::{Lobby, failed, make_room, member, seat, when_changed};
use crate::address::Origin;
use crate::db::Db;
use crate::error::{ApiError, Body};
use crate::hub::{Command, now_ms};
use crate::push::Notice;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use tokio::sync::{mpsc, watch};
use tracing::{info, warn};
use wocable_net::{
    AboutPlayer, AccountId, DAY_MS, FriendAct, Friends, FriendsAsked, INVITATION_MS, InvitationAnswer, Invite,
    JoinRoom, MAX_INVITED, PlayerKey,
};

/// The most requests to be friends a member may have waiting for an
/// answer, and invitations that may still be answered: more than anyone's
/// friends need, too few to pester a server's members with.
const MOST_ASKING: u64 = 50;
const MOST_INVITING: u64 = 20;

pub fn routes() -> Router<Lobby> {
    Router::new()
        .route("/api/friends", post(friends))
        .route("/api/friends/act", post(act))
        .route("/api/invitations", post(invite))
        .route("/api/invitations/{id}", post(answer))
}

/// What `me` sees, with its version: the first 64 bits of the SHA-256 of
/// the rest, so that every server gives the same state the same version.
async fn listed(lobby: &Lobby, me: AccountId) -> Result<Friends, ApiError> {
    let mut friends = lobby.db.friends(me, now_ms()).await.map_err(failed)?;
    friends.version = super::version_of(&friends);
    Ok(friends)
}

async fn friends(
    State(lobby): State<Lobby>,
    origin: Origin,
    Body(asked): Body<FriendsAsked>,
) -> Result<Json<Friends>, ApiError> {
    lobby.limits.friends.check(&origin)?;
    let (me, _) = present(&lobby, asked.key).await?;
    let friends = when_changed(asked.since.as_deref(), lobby.friends.subscribe(), || async {
        let friends = listed(&lobby, me).await?;
        Ok((friends.version.clone(), friends))
    });
    Ok(Json(friends.await?))
}

/// The member a key belongs to, whose app is open: online now.
pub(super) async fn present(lobby: &Lobby, key: PlayerKey) -> Result<(AccountId, String), ApiError> {
    let (me, nick) = member(&lobby.db, key).await?;
    lobby.db.seen(me, now_ms()).await.map_err(failed)?;
    Ok((me, nick))
}

/// How much further back than the last look each look for blocks made
/// elsewhere goes: another server's clock may differ a little, and a
/// block may be written while a look runs (a block told twice is no
/// matter).
const BLOCKS_OVERLAP_MS: u64 = 60_000;

/// A block made on any server of the database reaches the games this one
/// holds within [`super::RECHECK`]: in a game where both sit, the blocker
/// no longer hears the one they blocked. (The server that takes a block
/// tells its own games at once.)
pub async fn spread_blocks(db: Db, hub: mpsc::Sender<Command>, mut stop: watch::Receiver<bool>) {
    let mut since = now_ms();
    loop {
        tokio::select! {
            _ = tokio::time::sleep(super::RECHECK) => {}
            _ = stop.wait_for(|stop| *stop) => return,
        }
        let now = now_ms();
        match db.blocks_since(since.saturating_sub(BLOCKS_OVERLAP_MS)).await {
            Ok(blocks) => {
                for (blocker, blocked) in blocks {
                    if hub.send(Command::Blocked { blocker, blocked }).await.is_err() {
                        return;
                    }
                }
                since = now;
            }
            Err(e) => warn!("blocks made on other servers not read: {e}"),
        }
    }
}

/// Tells the lists waiting here that something changed.
fn changed(lobby: &Lobby) {
    lobby.friends.send_modify(|version| *version += 1);
}

async fn act(
    State(lobby): State<Lobby>,
    origin: Origin,
    Body(about): Body<AboutPlayer>,
) -> Result<Json<Friends>, ApiError> {
    lobby.limits.friends.check(&origin)?;
    let db = &lobby.db;
    let (me, _) = present(&lobby, about.key).await?;
    let (other, nick) = db.account(&about.nick).await.map_err(failed)?.ok_or(ApiError::NoSuchPlayer(about.nick))?;
    if other == me {
        return Err(ApiError::Yourself);
    }
    let now = now_ms();
    match about.act {
        FriendAct::Ask if db.blocks(me, other).await.map_err(failed)? => return Err(ApiError::BlockedByYou(nick)),
        FriendAct::Ask => match db.ask_friend(me, other, now, MOST_ASKING).await.map_err(failed)? {
            true => Ok(()),
            false => return Err(ApiError::TooManyAsked(MOST_ASKING)),
        },
        FriendAct::Accept | FriendAct::Refuse => db.answer_friend(me, other, about.act == FriendAct::Accept).await,
        FriendAct::Remove => db.remove_friend(me, other).await,
        FriendAct::Block | FriendAct::Unblock => db.block(me, other, about.act == FriendAct::Block, now).await,
    }
    .map_err(failed)?;
    if about.act == FriendAct::Block {
        // Their chat in a game here stops reaching this member at once.
        let _ = lobby.hub.send(Command::Blocked { blocker: me, blocked: other }).await;
    }
    changed(&lobby);
    Ok(Json(listed(&lobby, me).await?))
}

async fn invite(State(lobby): State<Lobby>, origin: Origin, Body(invite): Body<Invite>) -> Result<Response, ApiError> {
    lobby.limits.rooms.check(&origin)?;
    let db = &lobby.db;
    let (me, nick) = present(&lobby, invite.key).await?;
    let invited = invite.friends.len();
    if !(1..=MAX_INVITED).contains(&invited) || invite.settings.players != invited + 1 {
        return Err(ApiError::InvitedSeats { players: invite.settings.players, invited });
    }
    let mut friends = Vec::new();
    for name in &invite.friends {
        let (friend, _) =
            db.account(name).await.map_err(failed)?.ok_or_else(|| ApiError::NoSuchPlayer(name.clone()))?;
        if friend == me || friends.contains(&friend) || !db.are_friends(me, friend).await.map_err(failed)? {
            return Err(ApiError::NotFriends(name.clone()));
        }
        friends.push(friend);
    }
    if db.inviting(me, now_ms()).await.map_err(failed)? + friends.len() as u64 > MOST_INVITING {
        return Err(ApiError::TooManyInvitations(MOST_INVITING));
    }
    let settings = invite.settings;
    let code = make_room(&lobby, settings.clone(), Vec::new()).await?;
    let joined = seat(&lobby, code, JoinRoom { name: nick.clone(), key: Some(invite.key) }).await?;
    // To a game that lasts days, a friend has as long as for a move.
    let lasts = settings.days.map_or(INVITATION_MS, |days| u64::from(days) * DAY_MS);
    db.invite(me, &friends, code, &settings, now_ms() + lasts).await.map_err(failed)?;
    for friend in &friends {
        lobby.pusher.tell(*friend, Notice::Invited { code, from: nick.clone() });
    }
    info!(%code, invited, "friends invited");
    changed(&lobby);
    Ok((StatusCode::CREATED, Json(joined)).into_response())
}

async fn answer(
    State(lobby): State<Lobby>,
    origin: Origin,
    Path(id): Path<String>,
    Body(answer): Body<InvitationAnswer>,
) -> Result<Response, ApiError> {
    lobby.limits.friends.check(&origin)?;
    let id = id.parse().map_err(|_| ApiError::NoSuchInvitation)?;
    let (me, nick) = present(&lobby, answer.key).await?;
    // Answered first, so that two answers at once cannot both count.
    let code = lobby.db.answer_invitation(id, me, answer.accept, now_ms()).await.map_err(failed)?;
    let code = code.ok_or(ApiError::NoSuchInvitation)?;
    changed(&lobby);
    if !answer.accept {
        return Ok(StatusCode::NO_CONTENT.into_response());
    }
    match seat(&lobby, code, JoinRoom { name: nick, key: Some(answer.key) }).await {
        Ok(joined) => Ok(Json(joined).into_response()),
        Err(refused) => {
            // Its room gone or full: spent, as if declined.
            lobby.db.spend_invitation(id).await.map_err(failed)?;
            changed(&lobby);
            Err(refused)
        }
    }
}
