//! The hub's arenas (§6.2): opened and closed on schedule, players paired
//! into rooms of their own as they become free, results credited when a
//! game ends. A player in an arena waits for their next game with a join
//! request, as for a random game; one whose request is given up leaves.

use super::{Hub, SeatReply};
use crate::db::GameResult;
use crate::error::ApiError;
use std::collections::{HashMap, HashSet};
use tokio::sync::watch;
use tracing::{error, info};
use wocable_crossword::Outcome;
use wocable_net::{
    AccountId, Arena, ArenaError, ArenaId, EntrantState, Joined, Pairing, Player, RoomCode, RoomSettings, Schedule,
};

/// Seconds a turn in an arena's games: arenas are for quick games.
const ARENA_TURN_SECONDS: u32 = 60;

/// An arena as a game's result leaves it, and the game's players, whose
/// standings changed.
pub struct Credit {
    pub arena: Arena,
    pub players: Vec<AccountId>,
}

pub struct Arenas {
    schedule: Schedule,
    running: HashMap<ArenaId, Arena>,
    /// Arenas that another server sharing the database opened, and runs.
    elsewhere: HashSet<ArenaId>,
    /// Players waiting for their next game.
    tickets: HashMap<(ArenaId, AccountId), SeatReply>,
    /// The rooms of arena games being played.
    rooms: HashMap<RoomCode, (ArenaId, u64)>,
    /// Each player's seat in their game being played: told again to one
    /// who asks (their answer may have been lost on the way).
    seats: HashMap<(ArenaId, AccountId), Joined>,
    /// Bumped by every change of any arena's standings.
    changes: watch::Sender<u64>,
}

impl Arenas {
    pub fn new(schedule: Schedule, running: Vec<Arena>, changes: watch::Sender<u64>) -> Arenas {
        Arenas {
            schedule,
            running: running.into_iter().map(|arena| (arena.id.clone(), arena)).collect(),
            elsewhere: HashSet::new(),
            tickets: HashMap::new(),
            rooms: HashMap::new(),
            seats: HashMap::new(),
            changes,
        }
    }

    /// A room of a game that was being played when the server stopped.
    pub fn resume(&mut self, code: RoomCode, arena: ArenaId, game: u64, players: Vec<AccountId>) {
        if let Some(running) = self.running.get_mut(&arena) {
            running.resume_game(game, players);
            self.rooms.insert(code, (arena, game));
        }
    }

    /// Whether the room is an arena game's.
    pub fn holds(&self, code: RoomCode) -> bool {
        self.rooms.contains_key(&code)
    }

    fn changed(&self) {
        self.changes.send_modify(|version| *version += 1);
    }
}

fn refuse(ticket: SeatReply, why: ApiError) {
    let _ = ticket.send(Err(why));
}

impl Hub {
    /// A member asks for their next game in an arena.
    pub(super) async fn join_arena(
        &mut self,
        id: ArenaId,
        account: AccountId,
        nick: String,
        rating: f64,
        reply: SeatReply,
    ) {
        let now = super::now_ms();
        let Some(arena) = self.arenas.running.get_mut(&id) else {
            return refuse(reply, ApiError::NoSuchArena(id.0));
        };
        if matches!(arena.entrant(account).map(|e| e.state), Some(EntrantState::Playing { .. })) {
            match self.arenas.seats.get(&(id, account)) {
                Some(joined) => {
                    let _ = reply.send(Ok(joined.clone()));
                }
                None => refuse(reply, ApiError::PlayingInArena),
            }
            return;
        }
        if let Err(e) = arena.join(account, &nick, rating, now) {
            return refuse(reply, e.into());
        }
        if let Err(e) = self.db.save_entrants(arena, &[account]).await {
            error!(%id, "entrant not stored: {e}");
        }
        if let Some(older) = self.arenas.tickets.insert((id.clone(), account), reply) {
            refuse(older, ApiError::AskedAgain);
        }
        info!(%id, nick, "a player waits in an arena");
        self.arenas.changed();
    }

    pub(super) fn leave_arena(&mut self, id: ArenaId, account: AccountId) -> Result<(), ApiError> {
        let Some(arena) = self.arenas.running.get_mut(&id) else { return Err(ApiError::NoSuchArena(id.0)) };
        arena.leave(account)?;
        if let Some(ticket) = self.arenas.tickets.remove(&(id, account)) {
            refuse(ticket, ApiError::LeftArena);
        }
        self.arenas.changed();
        Ok(())
    }

    /// Opens and closes arenas on schedule, lets go of players who no
    /// longer wait, and seats the free ones in new games.
    pub(super) async fn run_arenas(&mut self, now: u64) {
        let scheduled = self.arenas.schedule.running(now);
        self.arenas.elsewhere.retain(|id| scheduled.iter().any(|(kind, starts)| *id == ArenaId::new(*kind, *starts)));
        for (kind, starts) in scheduled {
            let id = ArenaId::new(kind, starts);
            if self.arenas.running.contains_key(&id) || self.arenas.elsewhere.contains(&id) {
                continue;
            }
            let arena = Arena::new(kind, starts, starts + self.arenas.schedule.length_ms);
            match self.db.open_arena(&arena).await {
                Ok(true) => {}
                Ok(false) => {
                    info!(%id, "arena opened by another server");
                    self.arenas.elsewhere.insert(id);
                    continue;
                }
                Err(e) => {
                    error!(%id, "arena not stored: {e}");
                    continue;
                }
            }
            info!(%id, "arena open");
            self.arenas.running.insert(id, arena);
            self.arenas.changed();
        }
        let closed: Vec<ArenaId> =
            self.arenas.running.values().filter(|a| now >= a.ends_ms).map(|a| a.id.clone()).collect();
        for id in closed {
            info!(%id, "arena over");
            self.arenas.running.remove(&id);
            self.arenas.rooms.retain(|_, (arena, _)| *arena != id);
            self.arenas.seats.retain(|(arena, _), _| *arena != id);
            let tickets: Vec<(ArenaId, AccountId)> =
                self.arenas.tickets.keys().filter(|(arena, _)| *arena == id).cloned().collect();
            for key in tickets {
                if let Some(ticket) = self.arenas.tickets.remove(&key) {
                    refuse(ticket, ArenaError::Over.into());
                }
            }
            self.arenas.changed();
        }
        self.arenas.tickets.retain(|_, ticket| !ticket.is_closed());
        let ids: Vec<ArenaId> = self.arenas.running.keys().cloned().collect();
        for id in ids {
            let Some(arena) = self.arenas.running.get_mut(&id) else { continue };
            // The free who no longer wait are away: nobody would come.
            let gone: Vec<AccountId> = arena
                .entrants()
                .iter()
                .filter(|e| matches!(e.state, EntrantState::Free { .. }))
                .map(|e| e.account)
                .filter(|account| !self.arenas.tickets.contains_key(&(id.clone(), *account)))
                .collect();
            for account in &gone {
                let _ = arena.leave(*account);
            }
            // Two who block one another either way are never paired.
            let free: Vec<AccountId> = arena
                .entrants()
                .iter()
                .filter(|e| matches!(e.state, EntrantState::Free { .. }))
                .map(|e| e.account)
                .collect();
            let blocks = match free.len() >= arena.kind.players {
                true => self.db.blocks_among(&free).await.unwrap_or_else(|e| {
                    error!(%id, "blocks among the free players not read: {e}");
                    Vec::new()
                }),
                false => Vec::new(),
            };
            let Some(arena) = self.arenas.running.get_mut(&id) else { continue };
            let pairings = arena.pair(now, |a, b| blocks.contains(&(a, b)));
            if pairings.is_empty() {
                continue;
            }
            if let Err(e) = self.db.save_arena(arena).await {
                error!(%id, "arena not stored: {e}");
            }
            for pairing in pairings {
                self.seat_pairing(&id, pairing, now).await;
            }
            self.arenas.changed();
        }
    }

    /// A room for an arena's game, with its players seated and told.
    async fn seat_pairing(&mut self, id: &ArenaId, pairing: Pairing, now: u64) {
        let Some(arena) = self.arenas.running.get(id) else { return };
        let kind = arena.kind;
        let nicks: Vec<String> =
            pairing.players.iter().map(|a| arena.entrant(*a).map_or_else(String::new, |e| e.nick.clone())).collect();
        let settings = RoomSettings {
            rules: kind.rules,
            language: kind.language,
            players: kind.players,
            clock: Some(ARENA_TURN_SECONDS),
            word_list: None,
            hints: false,
            days: None,
        };
        let made = match self.create(settings).await {
            Ok(code) => self.db.set_room_arena(code, id, pairing.game).await.map(|()| code).map_err(ApiError::Database),
            Err(e) => Err(e),
        };
        let code = match made {
            Ok(code) => code,
            Err(e) => {
                error!(%id, game = pairing.game, "no room for an arena game: {e}");
                return self.call_off(id, &pairing, now);
            }
        };
        let mut seated = Vec::new();
        for (account, nick) in pairing.players.iter().zip(&nicks) {
            match self.join(code, nick, Player::Member(*account)).await {
                Ok(joined) => seated.push((*account, joined)),
                Err(e) => {
                    // A game that cannot fill is not played: its players
                    // are free again, without points.
                    error!(%id, game = pairing.game, %code, "an arena game's seat not taken: {e}");
                    self.rooms.remove(&code);
                    self.opened.remove(&code);
                    if let Err(e) = self.db.close_room(code).await {
                        error!(%code, "room not closed: {e}");
                    }
                    return self.call_off(id, &pairing, now);
                }
            }
        }
        // Nobody else knows the code: a seat given up goes to a computer.
        self.matched.insert(code);
        self.arenas.rooms.insert(code, (id.clone(), pairing.game));
        info!(%id, game = pairing.game, %code, players = ?nicks, "arena game");
        for (account, joined) in seated {
            self.arenas.seats.insert((id.clone(), account), joined.clone());
            if let Some(ticket) = self.arenas.tickets.remove(&(id.clone(), account)) {
                let _ = ticket.send(Ok(joined));
            }
        }
    }

    /// An arena game that cannot be played: its players are free again,
    /// without points, and those waiting are told why.
    fn call_off(&mut self, id: &ArenaId, pairing: &Pairing, now: u64) {
        if let Some(arena) = self.arenas.running.get_mut(id) {
            arena.finish(pairing.game, &[], now);
        }
        for account in &pairing.players {
            if let Some(ticket) = self.arenas.tickets.remove(&(id.clone(), *account)) {
                refuse(ticket, ApiError::NoGameMade);
            }
        }
    }

    /// What an arena game's result does to its arena's standings, worked
    /// out on a copy: it is stored with the game's last events, and kept
    /// once stored ([`Hub::credited`]).
    pub(super) fn arena_credit(&self, code: RoomCode, result: &GameResult, now: u64) -> Option<Credit> {
        let (id, game) = self.arenas.rooms.get(&code)?.clone();
        let mut arena = self.arenas.running.get(&id)?.clone();
        // A game that does not count frees its players, and scores nothing.
        let outcomes: Vec<(AccountId, Outcome)> = result
            .seats
            .iter()
            .filter(|_| result.counts)
            .filter_map(|seat| match seat.player {
                Player::Member(account) => Some((account, seat.outcome)),
                _ => None,
            })
            .collect();
        let players = arena.games().find(|(g, _)| *g == game).map(|(_, p)| p.to_vec()).unwrap_or_default();
        let counted = arena.finish(game, &outcomes, now);
        info!(%id, game, counted, "arena game over");
        Some(Credit { arena, players })
    }

    /// Keeps an arena game's credit, stored with the game's end.
    pub(super) fn credited(&mut self, code: RoomCode, credit: Credit) {
        let id = credit.arena.id.clone();
        self.arenas.rooms.remove(&code);
        for account in &credit.players {
            self.arenas.seats.remove(&(id.clone(), *account));
        }
        self.arenas.running.insert(id, credit.arena);
        self.arenas.changed();
    }
}
