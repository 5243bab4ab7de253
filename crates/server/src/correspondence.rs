//! The referee of games that last days (§5.5). Such a game waits in the
//! database, with no task, peer or memory of its own: each request reads
//! it, the room's state machine changes it, and the change is written back
//! in one transaction that fails if another was written first (then it is
//! made again on the new state). The deadlines of turns are kept in the
//! database too, and applied from there by [`Games::keep_deadlines`], also
//! those that passed while no server ran.

use crate::api::failed;
use crate::db::{Append, Change, Db, DbError, GameResult, StoredGame, token_hash};
use crate::error::ApiError;
use crate::hub::now_ms;
use crate::push::{Notice, Pusher};
use crate::word_lists::WordLists;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tracing::{error, info};
use wocable_crossword::{Game, RULES_EDITION, Seed, Sequenced};
use wocable_net::{
    AccountId, DAY_MS, GameSummary, Joined, LobbyError, Player, QueueKey, Room, RoomCode, RoomSettings, SeatGame,
    SeatToken,
};

/// Tries at a change while others are written first.
const TRIES: usize = 8;

/// Codes drawn for a new game before giving up.
const CODE_DRAWS: usize = 10;

/// Games of a random queue tried for a seat before making a new one.
const SEEKS_TRIED: i64 = 10;

/// How often the deadlines are looked at, and how many are applied at once.
const DEADLINES_EVERY: Duration = Duration::from_secs(1);
const DEADLINES_AT_ONCE: i64 = 100;

/// The games that last days, in the database.
#[derive(Clone)]
pub struct Games {
    db: Db,
    word_lists: Arc<WordLists>,
    /// Counts the changes made here, for the lists waiting on them.
    changes: Arc<watch::Sender<u64>>,
    /// Tells players whose turn it is, and whose time is nearly up.
    pusher: Pusher,
}

/// How long before their deadline a player is reminded: a quarter of
/// their time, and at most half a day.
fn reminder_lead_ms(days: u8) -> u64 {
    (u64::from(days) * DAY_MS / 4).min(DAY_MS / 2)
}

/// What a request did to a game: the events it added, and the member it
/// seated (and where).
#[derive(Default)]
pub struct Acted {
    pub events: Vec<Sequenced>,
    pub seated: Option<(AccountId, usize)>,
}

impl Games {
    pub fn new(db: Db, word_lists: Arc<WordLists>, pusher: Pusher) -> Games {
        Games { db, word_lists, changes: Arc::new(watch::Sender::new(0)), pusher }
    }

    /// What changes whenever a game here does.
    pub fn changes(&self) -> watch::Receiver<u64> {
        self.changes.subscribe()
    }

    /// A new room for a game that lasts days (for the random games' queue
    /// `seeking`, or not).
    pub async fn create(&self, settings: RoomSettings, seeking: Option<&str>) -> Result<RoomCode, ApiError> {
        let lexicon = self.word_lists.lexicon(&settings)?;
        let mut stored = Ok(());
        for _ in 0..CODE_DRAWS {
            let code = RoomCode::from_number(rand::random());
            let seed = Seed::Full(rand::random());
            Room::new(code, settings.clone(), seed, lexicon.clone())?;
            stored = self.db.create_correspondence(code, &settings, seed, seeking, now_ms()).await;
            if stored.is_ok() {
                info!(%code, rules = %settings.rules, days = settings.days, "game that lasts days made");
                return Ok(code);
            }
        }
        error!("no game could be stored: {stored:?}");
        Err(stored.err().map_or(ApiError::NoGameMade, ApiError::Database))
    }

    /// Game `code` as it stands, if it is one that lasts days.
    pub async fn read(&self, code: RoomCode, now: u64) -> Result<Option<(Room, i64)>, ApiError> {
        let stored = self.db.correspondence(code).await.map_err(failed)?;
        stored.map(|stored| self.restore(stored, now)).transpose()
    }

    fn restore(&self, stored: StoredGame, now: u64) -> Result<(Room, i64), ApiError> {
        let room = stored.room;
        let lexicon = self.word_lists.lexicon(&room.settings)?;
        let game = (!room.events.is_empty()).then_some((room.edition, room.events));
        let mut restored = Room::restore(room.code, room.settings, room.seed, lexicon, room.seats, game, now)?;
        if let Some(deadline) = stored.deadline_ms {
            restored.resume_clock(deadline.saturating_sub(now));
        }
        Ok((restored, stored.version))
    }

    /// Changes game `code` by `act`, which may be called again on a newer
    /// state when another change is written first: the room as changed.
    pub async fn change(
        &self,
        code: RoomCode,
        mut act: impl FnMut(&mut Room, u64) -> Result<Acted, ApiError>,
    ) -> Result<Room, ApiError> {
        for _ in 0..TRIES {
            let now = now_ms();
            let (mut room, version) = self.read(code, now).await?.ok_or(ApiError::NoSuchRoom(code))?;
            let before = room.clock(now).map(|clock| clock.seat);
            let acted = act(&mut room, now)?;
            if acted.events.is_empty() && acted.seated.is_none() {
                return Ok(room);
            }
            if self.write(&room, version, &acted, now).await.map_err(failed)? {
                self.changes.send_modify(|count| *count += 1);
                self.tell_whose_turn(&room, before, now);
                return Ok(room);
            }
        }
        Err(ApiError::NoGameMade)
    }

    /// The member whose turn it now is, when it was not theirs before.
    fn tell_whose_turn(&self, room: &Room, before: Option<usize>, now: u64) {
        let Some(seat) = room.clock(now).map(|clock| clock.seat).filter(|seat| Some(*seat) != before) else { return };
        let Some(member) = room.seats().get(seat).and_then(|sitter| sitter.player.account()) else { return };
        let from = before.and_then(|seat| room.seats().get(seat)).map(|sitter| sitter.name.clone());
        self.pusher.tell(member, Notice::Turn { code: room.code(), from });
    }

    async fn write(&self, room: &Room, version: i64, acted: &Acted, now: u64) -> Result<bool, DbError> {
        let game = room.game();
        let result = game
            .filter(|game| !acted.events.is_empty() && game.is_over())
            .map(|game| GameResult::of(game, room.seats(), true, now));
        let clock = room.clock(now);
        let deadline_ms = clock.and_then(|clock| clock.left_ms).map(|left| now + left);
        let lead = reminder_lead_ms(room.settings().days.unwrap_or_default());
        let summary = summary(room);
        let change = Change {
            version,
            append: Append {
                code: room.code(),
                edition: game.map_or(RULES_EDITION, Game::edition),
                events: &acted.events,
                result: result.as_ref(),
                standings: None,
            },
            seated: acted.seated.map(|(member, seat)| (room.seats(), member, seat)),
            deadline_ms,
            turn_seat: clock.map(|clock| clock.seat),
            remind_ms: deadline_ms.map(|deadline| deadline.saturating_sub(lead)),
            summary: &summary,
            filling: !room.is_full(),
            now,
        };
        self.db.change_correspondence(&change).await
    }

    /// Seats a member in game `code`, and starts it once every seat is
    /// taken.
    pub async fn join(&self, code: RoomCode, account: AccountId, nick: &str) -> Result<Joined, ApiError> {
        let blocks = self.db.blocks_either_way(account).await.map_err(failed)?;
        self.join_apart(code, account, nick, &blocks).await
    }

    /// A member's seat in a random game that lasts days: in the oldest of
    /// its queue waiting for players where they may sit, or in a new one.
    pub async fn random(&self, key: QueueKey, days: u8, account: AccountId, nick: &str) -> Result<Joined, ApiError> {
        let queue =
            format!("{}-{}-{}-{}-{days}", key.rules, key.language, key.players, key.word_list().unwrap_or_default());
        let blocks = self.db.blocks_either_way(account).await.map_err(failed)?;
        for code in self.db.seeking(&queue, SEEKS_TRIED).await.map_err(failed)? {
            match self.join_apart(code, account, nick, &blocks).await {
                Err(ApiError::Lobby(LobbyError::AlreadySeated)) => return Err(ApiError::AlreadyWaiting),
                // Filled meanwhile, or with someone blocked either way.
                Err(ApiError::Lobby(LobbyError::Full)) => continue,
                joined => return joined,
            }
        }
        let settings = RoomSettings {
            rules: key.rules,
            language: key.language,
            players: key.players,
            clock: None,
            word_list: key.word_list(),
            hints: false,
            days: Some(days),
        };
        let code = self.create(settings, Some(&queue)).await?;
        self.join_apart(code, account, nick, &blocks).await
    }

    /// Seats a member in game `code` unless someone there is in `blocks`.
    async fn join_apart(
        &self,
        code: RoomCode,
        account: AccountId,
        nick: &str,
        blocks: &[AccountId],
    ) -> Result<Joined, ApiError> {
        let token = SeatToken(rand::random());
        let room = self
            .change(code, |room, now| {
                // A block either way: the room is full, as far as they know.
                if room.seats().iter().any(|seat| seat.player.account().is_some_and(|a| blocks.contains(&a))) {
                    return Err(LobbyError::Full.into());
                }
                let seat = room.join(nick, Player::Member(account), token_hash(token), now)?;
                let started = room.start_if_ready(now)?.unwrap_or_default();
                Ok(Acted { events: started.events, seated: Some((account, seat)) })
            })
            .await?;
        let seat = room.seats().iter().position(|seat| seat.player == Player::Member(account));
        let seat = seat.ok_or(ApiError::NoSeatIn(code))?;
        info!(%code, seat, nick, "seat taken in a game that lasts days");
        Ok(Joined { code, seat, token, server: None, days: room.settings().days })
    }

    /// Applies every deadline that has passed, the earliest first, until
    /// `stop` says so: also those that passed while no server ran, each
    /// once, though every server of the database does this.
    pub async fn keep_deadlines(self, mut stop: watch::Receiver<bool>) {
        loop {
            match self.db.deadlines_passed(now_ms(), DEADLINES_AT_ONCE).await {
                Ok(codes) => {
                    for code in codes {
                        let timed_out =
                            self.change(code, |room, now| Ok(Acted { events: room.tick(now).events, seated: None }));
                        if let Err(e) = timed_out.await {
                            error!(%code, "a deadline not applied: {e}");
                        }
                    }
                }
                Err(e) => error!("deadlines not read: {e}"),
            }
            match self.db.reminders_due(now_ms(), DEADLINES_AT_ONCE).await {
                Ok(due) => {
                    for (code, member, deadline) in due {
                        let hours_left = deadline.saturating_sub(now_ms()).div_ceil(DAY_MS / 24);
                        self.pusher.tell(member, Notice::Reminder { code, hours_left });
                    }
                }
                Err(e) => error!("reminders not read: {e}"),
            }
            tokio::select! {
                _ = tokio::time::sleep(DEADLINES_EVERY) => {}
                _ = stop.wait_for(|stop| *stop) => return,
            }
        }
    }
}

/// Where a game stands, for its players' lists.
fn summary(room: &Room) -> GameSummary {
    let seats = (0..room.settings().players).map(|i| room.seats().get(i).map(|seat| seat.name.clone())).collect();
    match room.game() {
        Some(game) => GameSummary::of(game, seats),
        None => GameSummary { seats, ..GameSummary::default() },
    }
}

/// What `seat` may see of a game from event `since` on.
pub fn seat_game(room: &Room, seat: usize, since: u32, now: u64) -> SeatGame {
    let game = room.game();
    let clock = room.clock(now);
    SeatGame {
        code: room.code(),
        seat,
        room: room.settings().clone(),
        seats: summary(room).seats,
        settings: game.map(|game| game.settings().clone()),
        commitment: game.and_then(|game| game.config().seed.commitment()),
        events: room.seat_events(seat, since),
        next: game.map_or(0, |game| game.log().len() as u32),
        clock,
        deadline_ms: clock.and_then(|clock| clock.left_ms).map(|left| now + left),
        finished: game
            .filter(|game| game.is_over())
            .map(|game| (game.standings(), wocable_crossword::gcg::export(game))),
    }
}
