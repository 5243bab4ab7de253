//! Online play in the app (§5, §8.1): a room made or joined through the
//! lobby, its waiting room, and then the same game screen as local play,
//! refereed by the server through a [`Session`]. A seat taken is kept in
//! storage until its game ends, so the app can rejoin it after a restart.

mod account;
mod days;
mod friends;
mod link;
mod lobby;
mod session;
mod spectator;

pub use account::{ACCOUNT_FILE, KeptAccount, OnlineAccount};
pub use days::{DaysReferee, MyGamesList};
pub use friends::{FriendsList, FriendsRequest};
pub use lobby::{Call, CallError, Fetched, Lobby};
pub use session::Session;
pub use spectator::{WatchGame, Watching};

use crate::Screen;
use crate::crossword::referee::ActiveReferee;
use crate::crossword::turn::{PendingStart, ResultsDue, open_game};
use crate::crossword::{LeaveTo, Match, Seat};
use crate::lexicons::GameLexicons;
use crate::settings::Settings;
use crate::storage::{DamagedFiles, Storage};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use wocable_crossword::GameSettings;
use wocable_crossword::computer::Level;
use wocable_lexicon::{FAMILY_LIST, Lexicon};
use wocable_net::{
    Account, ArenaId, CreateRoom, Created, ErrorCode, Invite, Joined, PlayerKey, RandomGame, Recover, RecoveryCode,
    RoomCode, RoomSettings, SeatGame, ServerConfig,
};

/// The seat of the online game in progress, kept until the game ends.
pub const SEAT_FILE: &str = "online.json";

/// What the online screens ask for.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum OnlineRequest {
    /// A room for these settings, with computer players in some seats,
    /// and this device's player in the first free one.
    Create { room: RoomSettings, computers: Vec<Level> },
    /// A seat in the room of this code.
    Join(RoomCode),
    /// A seat in the next random game of its kind (its `name` is filled
    /// in from the settings).
    Random(RandomGame),
    /// Back to the seat kept in storage (after a restart).
    Rejoin,
    /// The next game of this arena (the player joins it, if not in it).
    Arena(ArenaId),
    /// Out of the arena the player is in.
    LeaveArena,
    /// This device takes the account of this nickname, with its code.
    Recover { nick: String, recovery: RecoveryCode },
    /// The seat given in a rematch (see `screens::rematch`).
    Rematch(Joined),
    /// A new room for these friends, invited to it, and this device's
    /// player (see [`FriendsList`]).
    Invite { friends: Vec<String>, room: RoomSettings },
    /// The seat an invitation offers, by its id.
    AcceptInvitation(u64),
    /// The game that lasts days of this code, from the member's list.
    OpenDays(RoomCode),
    /// Out of the room (a game in progress goes on on the server).
    Leave,
}

/// A seat on a server, as kept in storage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct KeptSeat {
    joined: Joined,
}

/// Where this device is in going online.
#[derive(Resource, Default)]
pub enum Online {
    #[default]
    Offline,
    /// Making this device's account, the first time it plays on the
    /// server; then the request goes on.
    Registering { call: Call<Account>, then: OnlineRequest },
    /// Taking an account back with its recovery code.
    Recovering(Call<Account>),
    /// Making a room: the player joins it next.
    Creating(Call<Created>),
    /// Taking a seat (a random game's is answered once matched).
    Joining(Call<Joined>),
    /// Waiting in an arena to be paired for its next game.
    Pairing { arena: ArenaId, call: Call<Joined> },
    /// Asking how to connect.
    Configuring { joined: Joined, call: Call<ServerConfig> },
    /// In the room's waiting room, until the game starts.
    InRoom(Box<Session>),
    /// The game of this seat is on screen, refereed by the session.
    Playing(Joined),
    /// A game that lasts days on its way to the screen: its view as kept
    /// on the device, or asked for, and its word list.
    OpeningDays(Box<OpeningDays>),
    /// A game that lasts days waits for players: its view so far.
    DaysWaiting(Box<SeatGame>),
    /// The game that lasts days of this code is on screen.
    PlayingDays(RoomCode),
    /// Why the last step failed, for the player to read, and what to ask
    /// to try again (`None`: the request that failed).
    Failed(OnlineFailure, Option<OnlineRequest>),
}

/// A game that lasts days on its way to the screen.
pub struct OpeningDays {
    code: RoomCode,
    /// The view kept on the device, or the server's answer.
    view: Option<SeatGame>,
    asked: Option<Call<SeatGame>>,
    /// The game's word list when it is one of the server's.
    server_list: lobby::ServerList,
}

/// On the way to game `code` that lasts days.
fn opening_days(lobby: &Lobby, storage: &Storage, code: RoomCode, key: PlayerKey) -> Online {
    let view = days::kept_view(storage, code).filter(|view| view.settings.is_some());
    // With no view kept, the server is asked before the board shows.
    let asked = view.is_none().then(|| lobby.seat_game(code, key, 0));
    Online::OpeningDays(Box::new(OpeningDays { code, view, asked, server_list: Default::default() }))
}

/// The arena this device's player is in, the room of their last game
/// there, and their request to leave one on its way.
#[derive(Resource, Default)]
pub struct ArenaEntry {
    pub arena: Option<ArenaId>,
    pub game: Option<RoomCode>,
    leaving: Option<Call<()>>,
}

impl ArenaEntry {
    fn leave(&mut self, lobby: &Lobby, key: PlayerKey) {
        if let Some(arena) = self.arena.take() {
            self.leaving = Some(lobby.arena_leave(&arena, key));
        }
        self.game = None;
    }

    /// Notes the arena of a pairing under way.
    fn note(&mut self, online: &Online) {
        if let Online::Pairing { arena, .. } = online
            && self.arena.as_ref() != Some(arena)
        {
            self.arena = Some(arena.clone());
            self.game = None;
        }
    }
}

/// Why going online failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineFailure {
    Lobby(CallError),
    /// The room is gone, or the seat is no longer ours.
    Closed(String),
    /// This device's account was taken back on another device: it is
    /// forgotten here.
    AccountGone,
    NoName,
}

impl Online {
    /// Whether a step is under way (the screens show a spinner).
    pub fn is_busy(&self) -> bool {
        matches!(
            self,
            Online::Registering { .. }
                | Online::Recovering(_)
                | Online::Creating(_)
                | Online::Joining(_)
                | Online::Configuring { .. }
        )
    }
}

pub(super) fn plugin(app: &mut App) {
    let storage = app.world().resource::<Storage>().clone();
    let mut damaged = app.world_mut().get_resource_or_init::<DamagedFiles>();
    let account = account::read(&storage, &mut damaged);
    app.insert_resource(account)
        .init_resource::<Online>()
        .init_resource::<ArenaEntry>()
        .add_message::<OnlineRequest>()
        .add_plugins((spectator::plugin, friends::plugin, days::plugin))
        .add_systems(Update, (hear_requests, go_on, open_the_game, open_days_game).chain())
        .add_systems(Update, days::refresh_the_game_on_screen)
        .add_systems(OnExit(Screen::Game), leave_the_game)
        // Results left unseen (Home pressed before they came) are not the
        // next game's.
        .add_systems(OnEnter(Screen::Game), |mut commands: Commands| commands.remove_resource::<FinishedOnline>());
}

/// The server this device plays on.
pub(crate) fn lobby(settings: &Settings) -> Lobby {
    Lobby::new(&settings.server)
}

fn hear_requests(
    mut requests: MessageReader<OnlineRequest>,
    mut online: ResMut<Online>,
    mut entry: ResMut<ArenaEntry>,
    settings: Res<Settings>,
    storage: Res<Storage>,
    account: Res<OnlineAccount>,
) {
    for request in requests.read() {
        let lobby = lobby(&settings);
        let name = settings.nickname.clone().filter(|name| !name.trim().is_empty());
        let member = account.on(&settings.server).map(|kept| &kept.account);
        // Any other request gives up the wait for a pairing, which is
        // leaving the arena: else the server would pair the player in a
        // game they never come to.
        let gives_up =
            matches!(&*online, Online::Pairing { arena, .. } if *request != OnlineRequest::Arena(arena.clone()));
        if (gives_up || *request == OnlineRequest::LeaveArena)
            && let Some(member) = member
        {
            entry.leave(&lobby, member.key);
        }
        *online = match (request, name) {
            (OnlineRequest::Leave | OnlineRequest::LeaveArena, _) => {
                // Out of a waiting room for good: Home no longer offers it.
                if matches!(*online, Online::InRoom(_)) {
                    storage.remove(SEAT_FILE);
                }
                Online::Offline
            }
            (OnlineRequest::Rejoin, _) => {
                match storage.read(SEAT_FILE).and_then(|text| serde_json::from_str::<KeptSeat>(&text).ok()) {
                    Some(kept) => Online::Configuring { joined: kept.joined, call: lobby.config() },
                    None => Online::Offline,
                }
            }
            (OnlineRequest::Rematch(joined), _) => to_the_room(&lobby, &storage, joined.clone()),
            (OnlineRequest::Recover { nick, recovery }, _) => {
                Online::Recovering(lobby.recover(&Recover { nick: nick.clone(), recovery: *recovery }))
            }
            (OnlineRequest::OpenDays(code), _) if let Some(member) = member => {
                opening_days(&lobby, &storage, *code, member.key)
            }
            (request, _) if let Some(member) = member => take_a_seat(&lobby, request, &member.nick, member.key),
            (_, None) => Online::Failed(OnlineFailure::NoName, None),
            (request, Some(name)) => {
                Online::Registering { call: lobby.register(&name, account::new_key(&storage)), then: request.clone() }
            }
        };
        entry.note(&online);
    }
}

/// Goes on with a request for a seat, as a member.
fn take_a_seat(lobby: &Lobby, request: &OnlineRequest, nick: &str, key: PlayerKey) -> Online {
    match request {
        OnlineRequest::Create { room, computers } => {
            Online::Creating(lobby.create(&CreateRoom { settings: room.clone(), computers: computers.clone() }))
        }
        OnlineRequest::Join(code) => Online::Joining(lobby.join(*code, nick, Some(key))),
        OnlineRequest::Random(request) => {
            Online::Joining(lobby.random(&RandomGame { name: nick.to_string(), key: Some(key), ..request.clone() }))
        }
        OnlineRequest::Arena(arena) => Online::Pairing { arena: arena.clone(), call: lobby.arena_join(arena, key) },
        OnlineRequest::Invite { friends, room } => {
            Online::Joining(lobby.invite(&Invite { key, friends: friends.clone(), settings: room.clone() }))
        }
        OnlineRequest::AcceptInvitation(id) => Online::Joining(lobby.accept_invitation(*id, key)),
        OnlineRequest::OpenDays(_) => Online::Offline,
        OnlineRequest::Rejoin
        | OnlineRequest::Leave
        | OnlineRequest::LeaveArena
        | OnlineRequest::Recover { .. }
        | OnlineRequest::Rematch(_) => Online::Offline,
    }
}

/// Takes each step's answer and goes on to the next.
fn go_on(
    mut online: ResMut<Online>,
    mut entry: ResMut<ArenaEntry>,
    settings: Res<Settings>,
    storage: Res<Storage>,
    time: Res<Time>,
    mut account: ResMut<OnlineAccount>,
) {
    let lobby = lobby(&settings);
    if let Some(Err(error)) = entry.leaving.as_ref().and_then(Call::take) {
        warn!("the arena was not left: {error}");
    }
    let next = match &mut *online {
        Online::Registering { call, then } => call.take().map(|answer| match answer {
            Ok(made) => {
                let next = take_a_seat(&lobby, then, &made.nick, made.key);
                account.keep(&storage, lobby.server(), made);
                next
            }
            Err(error) => Online::Failed(OnlineFailure::Lobby(error), None),
        }),
        Online::Recovering(call) => call.take().map(|answer| match answer {
            Ok(recovered) => {
                account.keep(&storage, lobby.server(), recovered);
                Online::Offline
            }
            Err(error) => Online::Failed(OnlineFailure::Lobby(error), None),
        }),
        Online::Creating(call) => call.take().map(|answer| match answer {
            Ok(created) => match account.on(lobby.server()) {
                Some(member) => {
                    Online::Joining(lobby.join(created.code, &member.account.nick, Some(member.account.key)))
                }
                None => Online::Failed(OnlineFailure::NoName, None),
            },
            Err(error) => Online::Failed(OnlineFailure::Lobby(error), None),
        }),
        Online::Joining(call) => call.take().map(|answer| seated(answer, &lobby, &storage, &mut account)),
        Online::Pairing { call, .. } => call.take().map(|answer| {
            match &answer {
                Ok(joined) => entry.game = Some(joined.code),
                // Refused (the arena is over, say): out of it.
                Err(CallError::Refused { .. }) => entry.arena = None,
                Err(_) => {}
            }
            seated(answer, &lobby, &storage, &mut account)
        }),
        Online::Configuring { joined, call } => call.take().map(|answer| match answer {
            Ok(config) => {
                // The room may be on another server than the lobby's.
                let server = joined.server(lobby.server()).to_string();
                Online::InRoom(Box::new(Session::open(&server, joined.clone(), config.ice, time.elapsed_secs())))
            }
            // The seat is taken (and kept): trying again goes back to it.
            Err(error) => Online::Failed(OnlineFailure::Lobby(error), Some(OnlineRequest::Rejoin)),
        }),
        Online::OpeningDays(opening) => opening.asked.as_ref().and_then(Call::take).and_then(|answer| match answer {
            Ok(view) if view.settings.is_some() => {
                opening.view = Some(view);
                opening.asked = None;
                None
            }
            Ok(view) => Some(Online::DaysWaiting(Box::new(view))),
            Err(error) => Some(Online::Failed(OnlineFailure::Lobby(error), None)),
        }),
        Online::InRoom(session) => {
            session.poll(time.elapsed_secs());
            session.closed().map(|refusal| {
                storage.remove(SEAT_FILE);
                Online::Failed(OnlineFailure::Closed(refusal.to_string()), None)
            })
        }
        Online::Offline | Online::Playing(_) | Online::DaysWaiting(_) | Online::PlayingDays(_) | Online::Failed(..) => {
            None
        }
    };
    if let Some(next) = next {
        *online = next;
        entry.note(&online);
    }
}

/// Goes on to the room of a seat taken.
fn seated(answer: Result<Joined, CallError>, lobby: &Lobby, storage: &Storage, account: &mut OnlineAccount) -> Online {
    match answer {
        // A game that lasts days is played by requests: no room to connect to.
        Ok(joined) if joined.days.is_some() => match account.key_on(lobby.server()) {
            Some(key) => opening_days(lobby, storage, joined.code, key),
            None => Online::Failed(OnlineFailure::NoName, None),
        },
        Ok(joined) => to_the_room(lobby, storage, joined),
        // The account was taken back on another device.
        Err(CallError::Refused { code: ErrorCode::UnknownKey, .. }) => {
            account.forget(storage, lobby.server());
            Online::Failed(OnlineFailure::AccountGone, None)
        }
        Err(error) => Online::Failed(OnlineFailure::Lobby(error), None),
    }
}

/// Kept, then connected to.
fn to_the_room(lobby: &Lobby, storage: &Storage, joined: Joined) -> Online {
    keep_the_seat(storage, &joined);
    Online::Configuring { joined, call: lobby.config() }
}

fn keep_the_seat(storage: &Storage, joined: &Joined) {
    match serde_json::to_string(&KeptSeat { joined: joined.clone() }) {
        Ok(text) => {
            if let Err(error) = storage.write(SEAT_FILE, &text) {
                warn!("the online seat was not kept: {error}");
            }
        }
        Err(error) => warn!("the online seat was not kept: {error}"),
    }
}

/// Once the referee has welcomed the seat and the word list is at hand,
/// the game opens: this device's seat is a human's, every other a remote
/// player's (people or computers on the server).
fn open_the_game(
    mut commands: Commands,
    mut online: ResMut<Online>,
    mut lexicons: GameLexicons,
    mut pending: ResMut<PendingStart>,
    mut screen: ResMut<NextState<Screen>>,
    time: Res<Time>,
) {
    let Online::InRoom(session) = &mut *online else { return };
    let Some(settings) = session.started().cloned() else { return };
    let (server, server_list) = session.server_list();
    let Some(lexicon) = online_lexicon(&settings, server_list, &server, &mut lexicons, &mut pending) else { return };
    let seats = online_seats(settings.players.len(), session.joined().seat);
    let clock = session.room().and_then(|room| room.clock);
    let events = session.take_events();
    match Match::new(settings, seats, clock, lexicon.clone(), events) {
        Ok(m) => {
            let playing = Online::Playing(session.joined().clone());
            let Online::InRoom(mut session) = std::mem::replace(&mut *online, playing) else { return };
            session.set_lexicon(lexicon);
            // A game that ended while this device was away: its results.
            let over = m.is_over();
            open_game(&mut commands, m, session);
            if over {
                commands.insert_resource(ResultsDue(time.elapsed_secs()));
            }
            screen.set(Screen::Game);
        }
        Err(reason) => {
            error!("the game from the referee does not follow: {reason}");
            *online = Online::Failed(OnlineFailure::Closed(reason.to_string()), None);
        }
    }
}

/// The word list of a game played online: the server's copy of one of its
/// own lists (`server_list` fetches it), else the app's; `None` while it
/// comes, or when it cannot (why, in `pending`).
fn online_lexicon(
    settings: &GameSettings,
    server_list: &mut lobby::ServerList,
    server: &str,
    lexicons: &mut GameLexicons,
    pending: &mut PendingStart,
) -> Option<Lexicon> {
    let lexicon = match &settings.word_list {
        Some(name) if name != FAMILY_LIST => server_list.get(server, name, settings.language),
        _ => lexicons.get(settings),
    };
    lexicon.unwrap_or_else(|reason| {
        pending.failed = Some(reason);
        None
    })
}

/// The seats of a game on this device: `mine` is a human's, every other a
/// remote player's (people or computers on the server).
fn online_seats(players: usize, mine: usize) -> Vec<Seat> {
    (0..players).map(|seat| if seat == mine { Seat::Human } else { Seat::Remote }).collect()
}

/// Once the view of a game that lasts days and its word list are at hand,
/// the game opens: this device's seat is a human's, every other a remote
/// player's.
fn open_days_game(
    mut commands: Commands,
    mut online: ResMut<Online>,
    mut lexicons: GameLexicons,
    mut pending: ResMut<PendingStart>,
    mut screen: ResMut<NextState<Screen>>,
    member: Member,
) {
    let Member { settings, storage, account } = member;
    let Online::OpeningDays(opening) = &mut *online else { return };
    let Some(game_settings) = opening.view.as_ref().and_then(|view| view.settings.clone()) else { return };
    let lexicon =
        online_lexicon(&game_settings, &mut opening.server_list, &settings.server, &mut lexicons, &mut pending);
    let (Some(lexicon), Some(key)) = (lexicon, account.key_on(&settings.server)) else { return };
    // Taken once the game can open, not cloned each frame while it waits.
    let Some(view) = opening.view.take() else { return };
    let code = opening.code;
    let seats = online_seats(game_settings.players.len(), view.seat);
    let opened = Match::new(game_settings, seats, view.room.turn_seconds(), lexicon.clone(), view.events.clone())
        .map_err(|e| e.to_string())
        .and_then(|m| Ok((m, DaysReferee::open(&settings.server, key, storage.clone(), lexicon, view)?)));
    match opened {
        Ok((m, referee)) => {
            *online = Online::PlayingDays(code);
            open_game(&mut commands, m, Box::new(referee));
            commands.insert_resource(LeaveTo(Screen::Online));
            screen.set(Screen::Game);
        }
        Err(reason) => {
            error!("the game kept here does not follow: {reason}");
            // What the device kept is of no use: the server's view next time.
            storage.remove(&days::kept_view_file(code));
            *online = Online::Failed(OnlineFailure::Closed(reason), None);
        }
    }
}

/// The player on this device: their server, account and storage.
#[derive(SystemParam)]
struct Member<'w> {
    settings: Res<'w, Settings>,
    storage: Res<'w, Storage>,
    account: Res<'w, OnlineAccount>,
}

/// The seat of an online game that just ended: the results screen asks
/// how it changed ratings, and offers a rematch.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct FinishedOnline(pub Joined);

/// Off the game screen an online game's connection closes (the server
/// then counts the player away): Home offers to go back to it while it
/// runs. A finished game's seat is not kept.
fn leave_the_game(mut commands: Commands, mut online: ResMut<Online>, m: Option<Res<Match>>, storage: Res<Storage>) {
    if let Online::PlayingDays(code) = &*online {
        // A finished game is not opened again: its view need not be kept.
        if m.is_some_and(|m| m.is_over()) {
            storage.remove(&days::kept_view_file(*code));
        }
        commands.remove_resource::<ActiveReferee>();
        commands.remove_resource::<LeaveTo>();
        *online = Online::Offline;
        return;
    }
    let Online::Playing(joined) = &*online else { return };
    if m.is_some_and(|m| m.is_over()) {
        storage.remove(SEAT_FILE);
        commands.insert_resource(FinishedOnline(joined.clone()));
    }
    commands.remove_resource::<ActiveReferee>();
    *online = Online::Offline;
}
