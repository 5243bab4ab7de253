//! Rematches: after a game, each of its people says once whether they want
//! another, with the same players and settings. Once all say yes (computer
//! players always do), a new room is made with everyone seated one place on
//! from their last, so that someone else begins, and each person is given
//! their seat there when they next ask. One no ends it. The answers are
//! kept as long as the finished room is (see `let_go`).

use super::Hub;
use crate::db::token_hash;
use crate::error::ApiError;
use tracing::{error, info};
use wocable_net::{Joined, Rematch, RematchAnswer, RoomCode, RoomSettings, Seat};

/// The answers so far, by seat of the finished game.
#[derive(Default)]
pub struct Votes {
    wanted: Vec<usize>,
    declined: Option<usize>,
    /// Each person's seat in the new room, once it is made.
    seats: Vec<Option<Joined>>,
    /// The new room could not be made: not tried again.
    failed: bool,
}

impl Hub {
    /// Where the rematch of room `code` stands, after `answer`'s player's
    /// answer (`accept: None`: only asking). A token that is no seat of
    /// the room is refused as if there were no room, so that nobody
    /// learns which codes are in use from here.
    pub(super) async fn rematch(&mut self, code: RoomCode, answer: RematchAnswer) -> Result<Rematch, ApiError> {
        let room = self.rooms.get(&code).ok_or(ApiError::NotSeated(code))?;
        let asker = room.seat_of(token_hash(answer.token)).ok_or(ApiError::NotSeated(code))?;
        if !room.is_over() {
            return Err(ApiError::GameNotOver(code));
        }
        // An arena pairs its next games itself.
        if self.arenas.holds(code) {
            return Err(ApiError::PlayingInArena);
        }
        let (seats, settings) = (room.seats().to_vec(), room.settings().clone());
        let votes = self.rematches.entry(code).or_default();
        let (said_yes, said_no) = (votes.wanted.contains(&asker), votes.declined == Some(asker));
        match answer.accept {
            Some(true) if said_no => return Err(ApiError::AlreadyAnswered),
            Some(false) if said_yes => return Err(ApiError::AlreadyAnswered),
            Some(true) if !said_yes => votes.wanted.push(asker),
            Some(false) => _ = votes.declined.get_or_insert(asker),
            _ => {}
        }
        let people = seats.iter().filter(|seat| seat.player.is_person()).count();
        if votes.failed {
            return Err(ApiError::NoGameMade);
        }
        if votes.declined.is_none() && votes.wanted.len() == people && votes.seats.is_empty() {
            let seated = self.seat_the_rematch(code, settings, &seats).await;
            let votes = self.rematches.entry(code).or_default();
            votes.failed = seated.is_err();
            votes.seats = seated?;
        }
        let votes = self.rematches.entry(code).or_default();
        let name = |seat: &usize| seats[*seat].name.clone();
        Ok(Rematch {
            wanted: votes.wanted.iter().map(name).collect(),
            declined: votes.declined.as_ref().map(name),
            joined: votes.seats.get(asker).cloned().flatten(),
        })
    }

    /// A new room for the players of `seats`, each seated one place on;
    /// the people's seats, by their seat in the finished game.
    async fn seat_the_rematch(
        &mut self,
        code: RoomCode,
        settings: RoomSettings,
        seats: &[Seat],
    ) -> Result<Vec<Option<Joined>>, ApiError> {
        let new = self.create(settings).await?;
        let mut joined = vec![None; seats.len()];
        for place in 1..=seats.len() {
            let old = place % seats.len();
            let Seat { name, player, .. } = &seats[old];
            match self.join(new, name, *player).await {
                Ok(seat) => joined[old] = player.is_person().then_some(seat),
                Err(e) => {
                    error!(%code, %new, "the rematch could not be seated: {e}");
                    self.close(new, true).await;
                    return Err(e);
                }
            }
        }
        info!(%code, %new, "rematch: everyone wants one");
        Ok(joined)
    }
}
