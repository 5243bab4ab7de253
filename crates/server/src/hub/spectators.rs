//! Spectators: anyone may follow a game from its code, or find one in the
//! list of live games. They are served over plain HTTP, each request
//! waiting for the next move (`api::watch`), not by a WebRTC peer each: a
//! spectator only listens, a move every few seconds at most, so a peer's
//! ICE, DTLS and SCTP, its signalling websocket and the host's attention
//! to each would buy nothing; a waiting request costs a few bytes until a
//! move wakes it, and every spectator at the same point gets the same
//! answer. What they see is `wocable_net::Watched`: never a rack.

use super::Hub;
use crate::error::ApiError;
use tokio::sync::watch;
use wocable_net::{LiveGame, RoomCode, Watched};

/// Games in the list of live games, at most.
const LIVE_GAMES: usize = 50;

impl Hub {
    /// What a spectator may see of room `code` from event `since` on, and
    /// what says when the game moves on.
    pub(super) fn watch(&mut self, code: RoomCode, since: u32) -> Result<(Watched, watch::Receiver<u64>), ApiError> {
        // A room still filling is as no room: watching must not tell which
        // codes a stranger could join.
        let room = self.rooms.get(&code).ok_or(ApiError::NoSuchRoom(code))?;
        let game = room.game().ok_or(ApiError::NoSuchRoom(code))?;
        let watched = Watched::of(game, room.settings(), since);
        let moved = self.spectated.entry(code).or_insert_with(|| watch::channel(0).0).subscribe();
        Ok((watched, moved))
    }

    /// The games being played here, those of the rooms made (or resumed)
    /// latest first.
    pub(super) fn live_games(&self) -> Vec<LiveGame> {
        let mut games: Vec<(u64, LiveGame)> = self
            .rooms
            .iter()
            .filter_map(|(code, room)| {
                let game = room.game().filter(|game| !game.is_over())?;
                let opened = self.opened.get(code).copied().unwrap_or(0);
                Some((opened, LiveGame::of(*code, game, room.settings())))
            })
            .collect();
        games.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.code.as_str().cmp(b.1.code.as_str())));
        games.into_iter().take(LIVE_GAMES).map(|(_, game)| game).collect()
    }

    /// Wakes the spectators of room `code` once its new events are stored.
    pub(super) fn moved(&mut self, code: RoomCode) {
        if let Some(moved) = self.spectated.get(&code) {
            if moved.receiver_count() == 0 {
                self.spectated.remove(&code);
            } else {
                moved.send_modify(|version| *version += 1);
            }
        }
    }
}
