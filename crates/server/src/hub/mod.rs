//! The host peer and every room. One task owns the rooms, the random-game
//! queues and the server's own WebRTC socket, which is the host of every
//! room: clients talk only to it. Each change to a room is written to the
//! database before anything is sent (the moves read together with one
//! commit), and computer players think on blocking threads, away from this
//! task.

mod arenas;
mod chat;
mod latency;
mod random;
mod rematch;
mod spectators;

use crate::db::{Append, Db, DbError, Forfeit, GameResult, StoredRoom, token_hash};
use crate::error::ApiError;
use crate::signal::Signals;
use crate::word_lists::{WordListError, WordLists};
use futures::{FutureExt, StreamExt};
use matchbox_socket::{Packet, PeerId, PeerState, RtcIceServerConfig, WebRtcChannel, WebRtcSocketBuilder};
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::{mpsc, oneshot, watch};
use tracing::{error, info, warn};
use wocable_crossword::computer::{LeaveModel, Level};
use wocable_crossword::{Game, Intent, RULES_EDITION, Seed, Sequenced};
use wocable_lexicon::Language;
use wocable_net::{
    AccountId, ArenaId, COMPUTER_NAME, ClientMessage, ComputerTurn, GivenUp, Joined, LiveGame, LobbyError, MAX_NAME,
    Player, QueueKey, RateLimit, Refusal, Rematch, RematchAnswer, Room, RoomCode, RoomSettings, Schedule, SeatToken,
    ServerMessage, Step, Verdict, Waiting, Watched,
};

/// Where a player who asked for a seat is answered: the seat, or why
/// there is none.
pub type SeatReply = oneshot::Sender<Result<Joined, ApiError>>;

pub enum Command {
    Create {
        settings: RoomSettings,
        computers: Vec<Level>,
        reply: oneshot::Sender<Result<RoomCode, ApiError>>,
    },
    /// A person takes a seat: a guest by their name, a member by their
    /// nickname.
    Join {
        code: RoomCode,
        name: String,
        player: Player,
        reply: SeatReply,
    },
    Look {
        code: RoomCode,
        reply: oneshot::Sender<Option<RoomInfo>>,
    },
    /// Where the rematch of a finished game stands, after one of its
    /// players' answer.
    Rematch {
        code: RoomCode,
        answer: RematchAnswer,
        reply: oneshot::Sender<Result<Rematch, ApiError>>,
    },
    /// What a spectator may see of a room's game from event `since` on,
    /// and what says when it moves on.
    Watch {
        code: RoomCode,
        since: u32,
        reply: oneshot::Sender<Result<(Watched, watch::Receiver<u64>), ApiError>>,
    },
    LiveGames {
        reply: oneshot::Sender<Vec<LiveGame>>,
    },
    Random {
        key: QueueKey,
        name: String,
        player: Player,
        wait_ms: u64,
        reply: SeatReply,
    },
    Thought {
        code: RoomCode,
        turn: Box<ComputerTurn>,
        intent: Intent,
    },
    /// A member waits for their next game in an arena.
    JoinArena {
        id: ArenaId,
        account: AccountId,
        nick: String,
        rating: f64,
        reply: SeatReply,
    },
    LeaveArena {
        id: ArenaId,
        account: AccountId,
        reply: oneshot::Sender<Result<(), ApiError>>,
    },
    /// A member blocked another: in a room where both sit, the blocked
    /// one's chat no longer reaches them.
    Blocked {
        blocker: AccountId,
        blocked: AccountId,
    },
}

/// What anyone with the code may know of a room.
#[derive(Debug, Serialize)]
pub struct RoomInfo {
    pub code: RoomCode,
    #[serde(flatten)]
    pub settings: RoomSettings,
    pub seats: Vec<String>,
    pub started: bool,
    pub finished: bool,
}

impl RoomInfo {
    pub fn of(room: &Room) -> RoomInfo {
        RoomInfo {
            code: room.code(),
            settings: room.settings().clone(),
            seats: room.seats().iter().map(|seat| seat.name.clone()).collect(),
            started: room.game().is_some(),
            finished: room.is_over(),
        }
    }
}

/// Messages a peer may send at once, and per second after that: more
/// than a person ever sends; a computer player may have to wait.
const BURST: u32 = 30;
const PER_SECOND: u32 = 15;

/// Codes drawn for a new room before giving up (a billion codes: a
/// second draw is rare, a tenth means the database is failing).
const CODE_DRAWS: usize = 10;

/// How long a room may wait for its players with nobody in it, and how
/// long a finished game stays in memory for players coming back to it.
const WAITING_ROOM_MS: u64 = 60 * 60 * 1000;
const FINISHED_ROOM_MS: u64 = 10 * 60 * 1000;

/// How often the referee's own time for a move is logged.
const LATENCIES_EVERY_MS: u64 = 60 * 1000;

/// Numbers tried after a name that is taken (a room seats four at most).
const NAME_NUMBERS: usize = 9;

/// The level of the computer players that fill random games.
const FILL_LEVEL: Level = Level::Strong;

struct Peer {
    rate: RateLimit,
    seat: Option<(RoomCode, usize)>,
}

impl Peer {
    fn new(now: u64) -> Peer {
        Peer { rate: RateLimit::new(BURST, PER_SECOND, now), seat: None }
    }
}

pub struct Hub {
    db: Db,
    word_lists: Arc<WordLists>,
    rooms: HashMap<RoomCode, Room>,
    /// When each room was made (or resumed), and when its game ended.
    opened: HashMap<RoomCode, u64>,
    ended: HashMap<RoomCode, u64>,
    peers: HashMap<PeerId, Peer>,
    /// Peers no longer listened to, until their connection ends.
    flooders: HashSet<PeerId>,
    seat_peers: HashMap<(RoomCode, usize), PeerId>,
    queues: random::Queues,
    thinking: HashSet<RoomCode>,
    leaves: HashMap<Language, Arc<LeaveModel>>,
    commands: mpsc::Sender<Command>,
    /// Rooms of random games: nobody else knows their codes, so a seat
    /// given up there goes to a computer player.
    matched: HashSet<RoomCode>,
    arenas: arenas::Arenas,
    /// The rematches asked for after finished games, by the finished
    /// game's room.
    rematches: HashMap<RoomCode, rematch::Votes>,
    /// The latest lines of each room's chat.
    chats: HashMap<RoomCode, chat::Chat>,
    /// What wakes the spectators of each room watched, at each move.
    spectated: HashMap<RoomCode, watch::Sender<u64>>,
    outbox: Outbox,
    /// What waits for its events to be stored, in the order it is sent.
    unsent: Vec<Unsent>,
    /// The clients' websockets: a client is let stay once it says who it
    /// is, and closed when it is no longer listened to.
    signals: Signals,
    /// The referee's own time for each move, logged every minute.
    latencies: latency::Latencies,
    latencies_logged: u64,
}

/// How far the server's clock is from the system's: set only by
/// `--test-clock` servers, for tests of what happens over hours.
static CLOCK_AHEAD_MS: AtomicI64 = AtomicI64::new(0);

fn system_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

pub fn now_ms() -> u64 {
    (system_ms() + CLOCK_AHEAD_MS.load(Ordering::Relaxed)).max(0) as u64
}

/// Sets the server's clock to `ms` (see `--test-clock`).
pub fn set_clock(ms: u64) {
    CLOCK_AHEAD_MS.store(ms as i64 - system_ms(), Ordering::Relaxed);
}

/// Moves the server's clock on (see `--test-clock`).
pub fn advance_clock(ms: u64) {
    CLOCK_AHEAD_MS.fetch_add(ms as i64, Ordering::Relaxed);
}

/// Why a stored room cannot be played again.
#[derive(Debug, thiserror::Error)]
enum RestoreError {
    #[error(transparent)]
    WordList(#[from] WordListError),
    #[error(transparent)]
    Room(#[from] wocable_net::LobbyError),
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("the room is not in the database")]
    Gone,
}

fn restore(stored: StoredRoom, word_lists: &WordLists, now: u64) -> Result<Room, RestoreError> {
    let lexicon = word_lists.lexicon(&stored.settings)?;
    let game = (!stored.events.is_empty()).then_some((stored.edition, stored.events));
    Ok(Room::restore(stored.code, stored.settings, stored.seed, lexicon, stored.seats, game, now)?)
}

/// What woke the hub's loop.
enum Woke {
    Command(Command),
    Peer(PeerId, PeerState),
    Message(PeerId, Packet),
    Tick,
}

impl Hub {
    /// The hub with every unfinished room of the database, games resumed.
    pub async fn load(
        db: Db,
        word_lists: Arc<WordLists>,
        commands: mpsc::Sender<Command>,
        schedule: Schedule,
        arena_changes: watch::Sender<u64>,
        signals: Signals,
    ) -> Result<Hub, DbError> {
        let mut rooms = HashMap::new();
        let now = now_ms();
        db.forget_waiting().await?;
        let mut arenas = arenas::Arenas::new(schedule, db.running_arenas(now).await?, arena_changes);
        let mut matched = HashSet::new();
        let mut chats = HashMap::new();
        for stored in db.open_rooms().await? {
            let code = stored.code;
            let arena = stored.arena.clone();
            let members: Vec<AccountId> = stored.seats.iter().filter_map(|seat| seat.player.account()).collect();
            match restore(stored, &word_lists, now) {
                Ok(room) => {
                    match db.blocks_among(&members).await {
                        Ok(blocks) if !blocks.is_empty() => {
                            chats.insert(code, chat::Chat::resumed(&room, &blocks));
                        }
                        Ok(_) => {}
                        Err(e) => error!(%code, "blocks among the players not read: {e}"),
                    }
                    rooms.insert(code, room);
                    if let Some((arena, game)) = arena {
                        arenas.resume(code, arena, game, members);
                        matched.insert(code);
                    }
                }
                // One damaged room must not keep the others from play.
                Err(e) => error!(%code, "room not resumed: {e}"),
            }
        }
        if !rooms.is_empty() {
            info!(rooms = rooms.len(), "resumed the rooms of the database");
        }
        Ok(Hub {
            db,
            word_lists,
            opened: rooms.keys().map(|code| (*code, now)).collect(),
            ended: HashMap::new(),
            rooms,
            peers: HashMap::new(),
            flooders: HashSet::new(),
            seat_peers: HashMap::new(),
            queues: random::Queues::default(),
            thinking: HashSet::new(),
            leaves: HashMap::new(),
            matched,
            arenas,
            rematches: HashMap::new(),
            spectated: HashMap::new(),
            chats,
            outbox: Outbox::default(),
            unsent: Vec::new(),
            commands,
            signals,
            latencies: latency::Latencies::default(),
            latencies_logged: now,
        })
    }

    /// Runs until `shutdown` says so; the host peer is started again
    /// whenever its connection ends.
    pub async fn run(
        mut self,
        mut commands: mpsc::Receiver<Command>,
        host_url: String,
        ice: RtcIceServerConfig,
        mut shutdown: watch::Receiver<bool>,
    ) {
        loop {
            // A client that never connects is let go by the signalling's
            // deadline as well; this bounds the host's side on its own.
            let (mut socket, message_loop) = WebRtcSocketBuilder::new(host_url.clone())
                .ice_server(ice.clone())
                .handshake_timeout(Some(self.signals.hello_deadline()))
                .add_reliable_channel()
                .build();
            let mut message_loop = tokio::spawn(message_loop);
            let Ok(mut channel) = socket.take_channel(0) else { return };
            let mut tick = tokio::time::interval(Duration::from_millis(100));
            loop {
                let woke = tokio::select! {
                    _ = shutdown.changed() => {
                        self.latencies.log_and_reset();
                        message_loop.abort();
                        self.db.close().await;
                        return;
                    }
                    Some(command) = commands.recv() => Woke::Command(command),
                    Some((peer, state)) = socket.next() => Woke::Peer(peer, state),
                    Some((peer, packet)) = channel.next() => Woke::Message(peer, packet),
                    _ = tick.tick() => Woke::Tick,
                    result = &mut message_loop => {
                        warn!("the host peer stopped ({result:?}); starting it again");
                        break;
                    }
                };
                // Timed from here: the wait for something to do is not the hub's.
                let started = Instant::now();
                let what = match woke {
                    Woke::Command(command) => {
                        self.command(command, &mut channel).await;
                        "command"
                    }
                    Woke::Peer(peer, state) => {
                        self.peer_changed(peer, state, &mut channel);
                        "peer"
                    }
                    Woke::Message(peer, packet) => {
                        self.message(peer, &packet, &mut channel);
                        // Messages already waiting are read too, and their
                        // moves stored with one commit.
                        for _ in 1..MAX_BATCH {
                            if self.holds_a_game_end() {
                                break;
                            }
                            let Some(Some((peer, packet))) = channel.next().now_or_never() else { break };
                            self.message(peer, &packet, &mut channel);
                        }
                        "message"
                    }
                    Woke::Tick => {
                        self.tick(&mut channel).await;
                        "tick"
                    }
                };
                self.flush(&mut channel).await;
                self.latencies.step(what, started.elapsed());
            }
            let now = now_ms();
            self.flooders.clear();
            for (code, seat) in self.peers.drain().filter_map(|(_, p)| p.seat) {
                if let Some(room) = self.rooms.get_mut(&code) {
                    room.disconnect(seat, now);
                }
            }
            self.seat_peers.clear();
            self.outbox = Outbox::default();
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }

    async fn command(&mut self, command: Command, channel: &mut WebRtcChannel) {
        match command {
            Command::Create { settings, computers, reply } => {
                let made = self.create(settings).await;
                if let Ok(code) = made {
                    for level in computers {
                        let _ = self.join_as_free_name(code, COMPUTER_NAME, Player::Computer(level)).await;
                    }
                }
                let _ = reply.send(made);
            }
            Command::Join { code, name, player, reply } => {
                let _ = reply.send(self.join(code, &name, player).await);
            }
            Command::Look { code, reply } => {
                let _ = reply.send(self.rooms.get(&code).map(RoomInfo::of));
            }
            Command::Rematch { code, answer, reply } => {
                let _ = reply.send(self.rematch(code, answer).await);
            }
            Command::Watch { code, since, reply } => {
                let _ = reply.send(self.watch(code, since));
            }
            Command::LiveGames { reply } => {
                let _ = reply.send(self.live_games());
            }
            Command::Random { key, name, player, wait_ms, reply } => {
                self.random(key, Waiting { ticket: rand::random(), name, player, since: now_ms(), wait_ms }, reply)
                    .await;
            }
            Command::JoinArena { id, account, nick, rating, reply } => {
                self.join_arena(id, account, nick, rating, reply).await;
            }
            Command::LeaveArena { id, account, reply } => {
                let _ = reply.send(self.leave_arena(id, account));
            }
            Command::Blocked { blocker, blocked } => self.mute_blocked(blocker, blocked),
            Command::Thought { code, turn, intent } => {
                self.thinking.remove(&code);
                let Some(room) = self.rooms.get_mut(&code) else { return };
                let step = room.computer_move(&turn, intent, now_ms());
                self.deliver(code, step, channel).await;
            }
        }
    }

    async fn create(&mut self, settings: RoomSettings) -> Result<RoomCode, ApiError> {
        let mut stored = Ok(());
        // A code in use, or that a finished game had, is drawn again.
        for _ in 0..CODE_DRAWS {
            let code = RoomCode::from_number(rand::random());
            if self.rooms.contains_key(&code) {
                continue;
            }
            let seed = Seed::Full(rand::random());
            let lexicon = self.word_lists.lexicon(&settings)?;
            let room = Room::new(code, settings.clone(), seed, lexicon)?;
            stored = self.db.create_room(code, &settings, seed, now_ms()).await;
            if stored.is_ok() {
                info!(%code, rules = %settings.rules, language = %settings.language, players = settings.players, "room made");
                self.rooms.insert(code, room);
                self.opened.insert(code, now_ms());
                return Ok(code);
            }
        }
        error!("no room could be stored: {stored:?}");
        Err(stored.err().map_or(ApiError::NoGameMade, ApiError::Database))
    }

    async fn join(&mut self, code: RoomCode, name: &str, player: Player) -> Result<Joined, ApiError> {
        let room = self.rooms.get(&code).ok_or(ApiError::NoSuchRoom(code))?;
        if let Player::Member(account) = player {
            let mut members: Vec<AccountId> = room.seats().iter().filter_map(|seat| seat.player.account()).collect();
            if !members.is_empty() {
                members.push(account);
                // A block either way: the room is full, as far as they know.
                let blocks = self.db.blocks_among(&members).await.map_err(ApiError::Database)?;
                if blocks.iter().any(|(a, b)| *a == account || *b == account) {
                    return Err(LobbyError::Full.into());
                }
            }
        }
        let room = self.rooms.get_mut(&code).ok_or(ApiError::NoSuchRoom(code))?;
        let token = SeatToken(rand::random());
        let seat = room.join(name, player, token_hash(token), now_ms())?;
        if let Err(e) = self.db.set_seats(code, room.seats()).await {
            error!(%code, "seat not stored: {e}");
            room.cancel_join(seat);
            return Err(ApiError::Database(e));
        }
        info!(%code, seat, name, "seat taken");
        Ok(Joined { code, seat, token, server: None, days: None })
    }

    /// Seats a player as `name`, or, when someone in the room is called
    /// that, as `name` with the first number that is free.
    async fn join_as_free_name(&mut self, code: RoomCode, name: &str, player: Player) -> Result<Joined, ApiError> {
        let mut joined = self.join(code, name, player).await;
        for n in 1..=NAME_NUMBERS {
            if joined.is_ok() {
                break;
            }
            let suffix = n.to_string();
            let stem: String = name.chars().take(MAX_NAME - suffix.len()).collect();
            joined = self.join(code, &format!("{stem}{suffix}"), player).await;
        }
        joined
    }

    fn peer_changed(&mut self, peer: PeerId, state: PeerState, channel: &mut WebRtcChannel) {
        let now = now_ms();
        match state {
            // Its first message may have come first: keep what it said,
            // and send what it was answered.
            PeerState::Connected => {
                self.peers.entry(peer).or_insert_with(|| Peer::new(now));
                self.outbox.connected(channel, peer);
            }
            PeerState::Disconnected => {
                self.outbox.disconnected(peer);
                self.flooders.remove(&peer);
                self.forget(peer, now);
            }
        }
    }

    /// A peer is gone, or is no longer listened to.
    fn forget(&mut self, peer: PeerId, now: u64) {
        let Some((code, seat)) = self.peers.remove(&peer).and_then(|p| p.seat) else { return };
        if self.seat_peers.get(&(code, seat)) == Some(&peer) {
            self.seat_peers.remove(&(code, seat));
            if let Some(room) = self.rooms.get_mut(&code) {
                room.disconnect(seat, now);
                info!(%code, seat, "player away");
            }
        }
    }

    fn message(&mut self, peer: PeerId, packet: &[u8], channel: &mut WebRtcChannel) {
        let read = Instant::now();
        let now = now_ms();
        if self.flooders.contains(&peer) {
            return;
        }
        let state = self.peers.entry(peer).or_insert_with(|| Peer::new(now));
        match state.rate.check(now) {
            Verdict::Accept => {}
            Verdict::Refuse => return self.reply(channel, peer, ServerMessage::Refused(Refusal::TooFast)),
            Verdict::Flood => {
                warn!(%peer, "peer floods: closed");
                self.flooders.insert(peer);
                self.signals.close(peer);
                return self.forget(peer, now);
            }
        }
        let message = match ClientMessage::decode(packet) {
            Ok(message) => message,
            Err(e) => {
                warn!(%peer, "refused: {e}");
                return self.reply(channel, peer, ServerMessage::Refused(Refusal::Malformed(e)));
            }
        };
        match message {
            ClientMessage::Ping => self.reply(channel, peer, ServerMessage::Pong),
            ClientMessage::Chat(text) => self.say(peer, &text, channel, now),
            ClientMessage::Report(line) => self.report(peer, line, channel, now),
            ClientMessage::Hello { room: code, token } => {
                let Some(room) = self.rooms.get_mut(&code) else {
                    return self.reply(channel, peer, ServerMessage::Refused(Refusal::NoSuchRoom(code)));
                };
                let Some(seat) = room.seat_of(token_hash(token)) else {
                    warn!(%peer, %code, "refused: a token not of this room");
                    return self.reply(channel, peer, ServerMessage::Refused(Refusal::BadToken));
                };
                self.signals.greeted(peer);
                // One peer per seat and one seat per peer: a peer that
                // held another seat leaves it, another peer on this seat
                // (a connection not yet seen to drop) is no longer it.
                let previous = self.peers.get_mut(&peer).and_then(|p| p.seat.replace((code, seat)));
                if let Some(previous) = previous.filter(|previous| *previous != (code, seat)) {
                    self.seat_peers.remove(&previous);
                    if let Some(room) = self.rooms.get_mut(&previous.0) {
                        room.disconnect(previous.1, now);
                    }
                }
                if let Some(other) = self.seat_peers.insert((code, seat), peer).filter(|other| *other != peer)
                    && let Some(other) = self.peers.get_mut(&other)
                {
                    other.seat = None;
                }
                let Some(room) = self.rooms.get_mut(&code) else { return };
                info!(%code, seat, "player connected");
                match room.connect(seat, now) {
                    Ok(step) => self.hold(code, step, None),
                    Err(e) => error!(%code, "the game cannot start: {e}"),
                }
                self.lines_again(peer, code, seat, channel);
            }
            ClientMessage::Hints => {
                let Some((code, seat)) = self.peers.get(&peer).and_then(|p| p.seat) else {
                    return self.reply(channel, peer, ServerMessage::Refused(Refusal::NoHello));
                };
                let Some(room) = self.rooms.get_mut(&code) else { return };
                let answer = match room.hints(seat) {
                    Ok(moves) => ServerMessage::Hints(moves),
                    Err(refusal) => {
                        info!(%code, seat, "hints refused: {refusal}");
                        ServerMessage::Refused(refusal)
                    }
                };
                self.reply(channel, peer, answer);
            }
            ClientMessage::Intent(intent) => {
                let Some((code, seat)) = self.peers.get(&peer).and_then(|p| p.seat) else {
                    return self.reply(channel, peer, ServerMessage::Refused(Refusal::NoHello));
                };
                let Some(room) = self.rooms.get_mut(&code) else { return };
                match room.intent(seat, intent, now) {
                    Ok(step) => self.hold(code, step, Some(read)),
                    Err(refusal) => {
                        info!(%code, seat, "refused: {refusal}");
                        self.reply(channel, peer, ServerMessage::Refused(refusal));
                    }
                }
            }
        }
    }

    async fn tick(&mut self, channel: &mut WebRtcChannel) {
        let now = now_ms();
        let codes: Vec<RoomCode> = self.rooms.keys().copied().collect();
        for code in codes {
            self.give_up_absent_seats(code, now, channel).await;
            let Some(room) = self.rooms.get_mut(&code) else { continue };
            let step = room.tick(now);
            self.deliver(code, step, channel).await;
        }
        self.run_queues(now).await;
        self.run_arenas(now).await;
        self.let_go(now).await;
        if now.saturating_sub(self.latencies_logged) >= LATENCIES_EVERY_MS {
            self.latencies.log_and_reset();
            self.latencies_logged = now;
        }
    }

    /// A room still filling gives up the seats of players who left it or
    /// never came, so that it does not wait for them for ever; the peers
    /// of the seats after them move up with their seats. In a random
    /// game's room, computer players take the seats given up, and a member
    /// who never came forfeits.
    async fn give_up_absent_seats(&mut self, code: RoomCode, now: u64, channel: &mut WebRtcChannel) {
        let Some(room) = self.rooms.get_mut(&code) else { return };
        let given_up = room.give_up_absent_seats(now);
        if given_up.is_empty() {
            return;
        }
        let gone: Vec<usize> = given_up.iter().map(|g| g.seat).collect();
        info!(%code, ?gone, "seats given up: their players left the waiting room or never came");
        // Should this fail, the next seat taken stores them all; a restart
        // before then only gives the players gone another grace.
        if let Err(e) = self.db.set_seats(code, room.seats()).await {
            error!(%code, "seats not stored: {e}");
        }
        let moved: Vec<(usize, PeerId)> =
            self.seat_peers.iter().filter(|((c, _), _)| *c == code).map(|((_, seat), peer)| (*seat, *peer)).collect();
        for (seat, _) in &moved {
            self.seat_peers.remove(&(code, *seat));
        }
        for (seat, peer) in moved {
            // A seat given up has no peer (its player is away); were one
            // still there, it no longer holds a seat.
            let seat = (!gone.contains(&seat)).then(|| seat - gone.iter().filter(|g| **g < seat).count());
            if let Some(seat) = seat {
                self.seat_peers.insert((code, seat), peer);
            }
            if let Some(peer) = self.peers.get_mut(&peer) {
                peer.seat = seat.map(|seat| (code, seat));
            }
        }
        if self.matched.contains(&code) {
            // A random game nobody came to is not played by computers
            // alone (an arena's no-shows are the arena's to count).
            let present: Vec<Player> = room.seats().iter().map(|seat| seat.player).filter(|p| p.is_person()).collect();
            if !self.arenas.holds(code) {
                self.forfeit_no_shows(code, &given_up, &present, now).await;
                if present.is_empty() {
                    info!(%code, "room closed: no person came");
                    return self.close(code, true).await;
                }
            }
            for _ in &gone {
                let _ = self.join_as_free_name(code, COMPUTER_NAME, Player::Computer(FILL_LEVEL)).await;
            }
        }
        let Some(room) = self.rooms.get_mut(&code) else { return };
        let step = match room.start_if_ready(now) {
            Ok(started) => started.unwrap_or_else(|| room.waiting()),
            Err(e) => {
                error!(%code, "the game could not start: {e}");
                room.waiting()
            }
        };
        self.deliver(code, step, channel).await;
    }

    /// Each member given up who never came to a rated random game that
    /// others came to loses it: see [`Forfeit`].
    async fn forfeit_no_shows(&mut self, code: RoomCode, given_up: &[GivenUp], present: &[Player], now: u64) {
        let Some(room) = self.rooms.get(&code) else { return };
        let settings = room.settings();
        if present.is_empty() || settings.clock.is_none() || settings.hints {
            return;
        }
        for no_show in given_up.iter().filter(|g| !g.came) {
            let Player::Member(absent) = no_show.sitter.player else { continue };
            let forfeit = Forfeit {
                rules: settings.rules,
                language: settings.language,
                seat: no_show.seat,
                absent,
                present: present.to_vec(),
                at_ms: now,
            };
            info!(%code, seat = no_show.seat, "a member who never came forfeits");
            if let Err(e) = self.db.forfeit(code, &forfeit).await {
                error!(%code, "forfeit not stored: {e}");
            }
        }
    }

    /// Forgets finished games a while after they end, and closes rooms
    /// that waited an hour for players with nobody in them.
    async fn let_go(&mut self, now: u64) {
        let occupied: HashSet<RoomCode> = self.seat_peers.keys().map(|(code, _)| *code).collect();
        let mut done = Vec::new();
        for (code, room) in &self.rooms {
            let since = |times: &HashMap<RoomCode, u64>| now.saturating_sub(times.get(code).copied().unwrap_or(now));
            let finished = room.is_over() && since(&self.ended) >= FINISHED_ROOM_MS;
            let abandoned = room.game().is_none() && since(&self.opened) >= WAITING_ROOM_MS;
            if (finished || abandoned) && !occupied.contains(code) {
                done.push((*code, abandoned));
            }
        }
        for (code, abandoned) in done {
            if abandoned {
                info!(%code, "room closed: nobody came");
            }
            self.close(code, abandoned).await;
        }
    }

    /// Forgets a room; one whose game was never played is closed in the
    /// database too, so that no restart resumes it.
    async fn close(&mut self, code: RoomCode, unplayed: bool) {
        if unplayed && let Err(e) = self.db.close_room(code).await {
            error!(%code, "room not closed: {e}");
        }
        self.rooms.remove(&code);
        self.opened.remove(&code);
        self.ended.remove(&code);
        self.matched.remove(&code);
        self.rematches.remove(&code);
        self.spectated.remove(&code);
        self.chats.remove(&code);
    }

    /// Stores a step's events, then sends its messages; then lets a
    /// computer player think if it is its turn.
    async fn deliver(&mut self, code: RoomCode, step: Step, channel: &mut WebRtcChannel) {
        self.hold(code, step, None);
        self.flush(channel).await;
    }

    /// Keeps a step until [`Hub::flush`] stores its events; its messages
    /// go to the peers that hold its seats now. `read` is when the move it
    /// answers was read.
    fn hold(&mut self, code: RoomCode, step: Step, read: Option<Instant>) {
        let Some(room) = self.rooms.get(&code) else { return };
        let now = now_ms();
        let edition = room.game().map_or(RULES_EDITION, Game::edition);
        let clocked = room.settings().clock.is_some();
        let result = room
            .game()
            .filter(|game| !step.events.is_empty() && game.is_over())
            .map(|game| GameResult::of(game, room.seats(), clocked, now));
        let credit = result.as_ref().and_then(|result| self.arena_credit(code, result, now));
        let messages = step
            .messages
            .into_iter()
            .filter_map(|(seat, message)| Some((*self.seat_peers.get(&(code, seat))?, message)))
            .collect();
        self.unsent.push(Unsent::Step(Box::new(Held {
            code,
            edition,
            events: step.events,
            result,
            credit,
            messages,
            read,
        })));
    }

    /// Sends an answer to one peer, after the steps held before it.
    fn reply(&mut self, channel: &mut WebRtcChannel, peer: PeerId, message: ServerMessage) {
        if self.unsent.is_empty() {
            self.outbox.send(channel, peer, &message);
        } else {
            self.unsent.push(Unsent::Answer(peer, message));
        }
    }

    /// Whether a step held ends a game: its arena's standings must be
    /// stored before another game's are worked out.
    fn holds_a_game_end(&self) -> bool {
        self.unsent.iter().any(|unsent| matches!(unsent, Unsent::Step(held) if held.result.is_some()))
    }

    /// Stores the events of every step held with one commit, then sends
    /// what waited for them, in order. Should the commit fail, each room is
    /// stored on its own, and a room that still fails goes back to what the
    /// database holds.
    async fn flush(&mut self, channel: &mut WebRtcChannel) {
        let unsent = std::mem::take(&mut self.unsent);
        let failed = self.store(&unsent).await;
        let now = now_ms();
        for unsent in unsent {
            let held = match unsent {
                Unsent::Answer(peer, message) => {
                    self.outbox.send(channel, peer, &message);
                    continue;
                }
                Unsent::Step(held) if failed.contains(&held.code) => continue,
                Unsent::Step(held) => held,
            };
            let code = held.code;
            if held.result.is_some() {
                info!(%code, "game over");
                self.ended.insert(code, now);
            }
            if let Some(credit) = held.credit {
                self.credited(code, credit);
            }
            for (peer, message) in &held.messages {
                self.outbox.send(channel, *peer, message);
            }
            if !held.events.is_empty() {
                self.moved(code);
            }
            self.think(code);
            if let Some(read) = held.read {
                self.latencies.moves.record(read.elapsed());
            }
        }
        for code in failed {
            self.reload(code, channel).await;
        }
    }

    /// Stores the events held; answers the rooms whose events could not
    /// be stored.
    async fn store(&mut self, unsent: &[Unsent]) -> HashSet<RoomCode> {
        let appends: Vec<Append> = unsent
            .iter()
            .filter_map(|unsent| match unsent {
                Unsent::Step(held) if !held.events.is_empty() => Some(held.append()),
                _ => None,
            })
            .collect();
        let mut failed = HashSet::new();
        if appends.is_empty() {
            return failed;
        }
        let writing = Instant::now();
        let stored = self.db.append(&appends).await;
        self.latencies.writes.record(writing.elapsed());
        let Err(e) = stored else {
            self.latencies.stored += appends.len() as u64;
            return failed;
        };
        if let [append] = &appends[..] {
            error!(code = %append.code, "events not stored: {e}");
            failed.insert(append.code);
            return failed;
        }
        warn!(rooms = appends.len(), "events not stored together ({e}): storing each room's alone");
        for append in &appends {
            if failed.contains(&append.code) {
                continue;
            }
            if let Err(e) = self.db.append(std::slice::from_ref(append)).await {
                error!(code = %append.code, "events not stored: {e}");
                failed.insert(append.code);
            }
        }
        failed
    }

    /// Events that could not be stored are not sent: the room goes back
    /// to what the database holds, and everyone in it is welcomed again.
    async fn reload(&mut self, code: RoomCode, channel: &mut WebRtcChannel) {
        let now = now_ms();
        let restored = self.db.room(code).await.map_err(RestoreError::from).and_then(|stored| {
            let stored = stored.ok_or(RestoreError::Gone)?;
            restore(stored, &self.word_lists, now)
        });
        match restored {
            Ok(room) => {
                self.rooms.insert(code, room);
            }
            Err(e) => {
                error!(%code, "room taken offline: {e}");
                self.close(code, false).await;
            }
        }
        let seats: Vec<usize> = self.seat_peers.keys().filter(|(c, _)| *c == code).map(|(_, seat)| *seat).collect();
        for seat in seats {
            let Some(room) = self.rooms.get_mut(&code) else { break };
            if let Ok(step) = room.connect(seat, now) {
                for (seat, message) in &step.messages {
                    if let Some(peer) = self.seat_peers.get(&(code, *seat)) {
                        self.outbox.send(channel, *peer, message);
                    }
                }
            }
        }
    }

    fn think(&mut self, code: RoomCode) {
        if self.thinking.contains(&code) {
            return;
        }
        let Some(room) = self.rooms.get(&code) else { return };
        let Some(turn) = room.computer_turn() else { return };
        let lexicon = room.lexicon().clone();
        self.thinking.insert(code);
        let language = turn.view.settings().language;
        let leaves = self.leaves.entry(language).or_insert_with(|| Arc::new(LeaveModel::bundled(language))).clone();
        let commands = self.commands.clone();
        tokio::spawn(async move {
            let thought = turn.clone();
            let chosen = tokio::task::spawn_blocking(move || thought.choose(lexicon, &leaves)).await;
            // A computer that failed to think passes rather than stall the game.
            let intent = chosen.unwrap_or(Intent::Pass { seat: turn.seat });
            let _ = commands.send(Command::Thought { code, turn: Box::new(turn), intent }).await;
        });
    }
}

/// Messages a peer may be sent before its connection is reported.
const MAX_HELD: usize = 64;

/// Messages read at once, whose moves are stored with one commit.
const MAX_BATCH: usize = 64;

/// What the hub sends once the events before it are stored.
enum Unsent {
    Step(Box<Held>),
    Answer(PeerId, ServerMessage),
}

/// A step of a room whose events are not stored yet.
struct Held {
    code: RoomCode,
    edition: u32,
    events: Vec<Sequenced>,
    result: Option<GameResult>,
    credit: Option<arenas::Credit>,
    messages: Vec<(PeerId, ServerMessage)>,
    read: Option<Instant>,
}

impl Held {
    fn append(&self) -> Append<'_> {
        Append {
            code: self.code,
            edition: self.edition,
            events: &self.events,
            result: self.result.as_ref(),
            standings: self.credit.as_ref().map(|credit| (&credit.arena, &credit.players[..])),
        }
    }
}

/// What the hub sends. The socket drops what is sent to a peer it has not
/// reported yet, and a peer's first message may come before its
/// connection is reported (the socket's streams are polled in any
/// order): answers to such a peer are held until it is.
#[derive(Default)]
struct Outbox {
    connected: HashSet<PeerId>,
    held: HashMap<PeerId, Vec<Vec<u8>>>,
}

impl Outbox {
    fn send(&mut self, channel: &mut WebRtcChannel, peer: PeerId, message: &ServerMessage) {
        let bytes = message.encode();
        if !self.connected.contains(&peer) {
            let held = self.held.entry(peer).or_default();
            if held.len() < MAX_HELD {
                held.push(bytes);
            }
            return;
        }
        if channel.try_send(bytes.into(), peer).is_err() {
            warn!(%peer, "a message could not be sent");
        }
    }

    fn connected(&mut self, channel: &mut WebRtcChannel, peer: PeerId) {
        self.connected.insert(peer);
        for bytes in self.held.remove(&peer).unwrap_or_default() {
            if channel.try_send(bytes.into(), peer).is_err() {
                warn!(%peer, "a message could not be sent");
            }
        }
    }

    fn disconnected(&mut self, peer: PeerId) {
        self.connected.remove(&peer);
        self.held.remove(&peer);
    }
}
