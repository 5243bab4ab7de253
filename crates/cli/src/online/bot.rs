//! A computer player that plays through the referee like any client: it
//! sees only its own view, and when the connection drops it connects
//! again (backing off, within the turn clock, or a minute without one)
//! and goes on from the view the referee sends.

use super::link::{Link, LinkError};
use super::lobby::Lobby;
use std::sync::Arc;
use std::time::{Duration, Instant};
use wocable_crossword::computer::{self, LeaveModel, Level};
use wocable_crossword::{Event, Game, GameSettings, Intent, SeatView, Standing};
use wocable_lexicon::{FAMILY_LIST, Lexicon};
use wocable_net::Joined;
use wocable_net::{ClientMessage, Refusal, RoomCode, ServerMessage};

/// How long a player without a turn clock may be away (the referee's
/// grace), and the first and longest pause between tries to reconnect.
const GRACE: Duration = Duration::from_millis(wocable_net::ABSENT_GRACE_MS);
const FIRST_PAUSE: Duration = Duration::from_millis(250);
const LONGEST_PAUSE: Duration = Duration::from_secs(4);

/// How the game ended for this bot.
pub struct Finished {
    pub seat: usize,
    pub standings: Vec<Standing>,
    pub gcg: String,
    pub view: SeatView,
}

/// Told of every turn a bot sees: for the load test's latencies.
pub trait Watch: Send + Sync {
    /// This bot sends the move that will be turn `turn` of room `code`.
    fn sent(&self, code: RoomCode, turn: usize, at: Instant);
    /// This bot has seen turn `turn` of room `code`.
    fn seen(&self, code: RoomCode, turn: usize, at: Instant);
}

pub struct Bot {
    pub lobby: Lobby,
    pub joined: Joined,
    pub level: Level,
    /// How long it waits before each move, as a person would.
    pub pause: Duration,
    pub watch: Option<Arc<dyn Watch>>,
}

/// Turns a view has seen: the public events that end one.
fn turns(view: &SeatView) -> usize {
    view.log()
        .iter()
        .filter(|e| {
            matches!(
                e.event,
                Event::Played { .. }
                    | Event::PlayWithdrawn { .. }
                    | Event::Exchanged { .. }
                    | Event::Passed { .. }
                    | Event::Left { .. }
            )
        })
        .count()
}

impl Bot {
    pub async fn play(self) -> Result<Finished, String> {
        let mut view: Option<SeatView> = None;
        let mut grace = GRACE;
        let mut away_since: Option<Instant> = None;
        let mut pause = FIRST_PAUSE;
        let mut ice = None;
        let mut lexicon = None;
        loop {
            if ice.is_none() {
                ice = self.lobby.ice_servers().await.ok();
            }
            let opened = match &ice {
                Some(ice) => {
                    Link::open(self.joined.server(self.lobby.server()), self.joined.code, ice, Duration::from_secs(10))
                        .await
                }
                None => Err(LinkError::Unreachable),
            };
            let mut link = match opened {
                Ok(link) => link,
                Err(e) => {
                    let since = *away_since.get_or_insert_with(Instant::now);
                    if since.elapsed() > grace {
                        return Err(format!("{e}, for longer than the game waits"));
                    }
                    tokio::time::sleep(pause).await;
                    pause = (pause * 2).min(LONGEST_PAUSE);
                    continue;
                }
            };
            away_since = None;
            pause = FIRST_PAUSE;
            let hello = ClientMessage::Hello { room: self.joined.code, token: self.joined.token };
            if link.send(&hello).is_err() {
                continue;
            }
            match self.follow(&mut link, &mut view, &mut grace, &mut lexicon).await {
                Ok(finished) => return Ok(finished),
                Err(LinkError::Dropped | LinkError::Unreachable) => {
                    away_since = Some(Instant::now());
                }
                Err(e) => return Err(e.to_string()),
            }
        }
    }

    /// Follows the game on one connection until it ends or drops.
    async fn follow(
        &self,
        link: &mut Link,
        view: &mut Option<SeatView>,
        grace: &mut Duration,
        lexicon: &mut Option<Lexicon>,
    ) -> Result<Finished, LinkError> {
        let mut moved_at = None;
        loop {
            match link.recv().await? {
                ServerMessage::Waiting { .. } => {}
                ServerMessage::Welcome { seat, room, settings, .. } => {
                    *grace = room.clock.map_or(GRACE, |s| Duration::from_secs(s.into()));
                    if lexicon.is_none() {
                        *lexicon = Some(self.lexicon(&settings).await?);
                    }
                    *view = SeatView::new(settings, Some(seat)).ok();
                    moved_at = None;
                }
                ServerMessage::Events { events, .. } => {
                    let Some(view) = view.as_mut() else { continue };
                    let before = turns(view);
                    for event in events {
                        if view.apply(event).is_err() {
                            return Err(LinkError::Dropped);
                        }
                    }
                    if let Some(watch) = &self.watch {
                        let now = Instant::now();
                        (before + 1..=turns(view)).for_each(|turn| watch.seen(self.joined.code, turn, now));
                    }
                    if let Some(lexicon) = lexicon {
                        self.move_if_on_turn(link, view, lexicon, &mut moved_at).await?;
                    }
                }
                ServerMessage::Finished { standings, gcg } => {
                    let Some(view) = view.take() else { return Err(LinkError::Dropped) };
                    // The seat welcomed to: seats move up when someone leaves a room still filling.
                    let Some(seat) = view.viewer() else { return Err(LinkError::Dropped) };
                    return Ok(Finished { seat, standings, gcg, view });
                }
                ServerMessage::Refused(refusal @ (Refusal::NoSuchRoom(_) | Refusal::BadToken)) => {
                    return Err(LinkError::Refused(refusal));
                }
                ServerMessage::Refused(Refusal::Rule(error)) => {
                    eprintln!("{}: move refused: {error}", self.joined.code);
                    // A move of ours refused: pass rather than stall.
                    if let Some(view) = view.as_ref().filter(|v| v.ended().is_none() && Some(v.turn()) == v.viewer()) {
                        link.send(&ClientMessage::Intent(Intent::Pass { seat: view.turn() }))?;
                    }
                }
                ServerMessage::Refused(Refusal::TooFast) => {
                    // Our move may be the one refused: wait, and send it again.
                    tokio::time::sleep(FIRST_PAUSE).await;
                    moved_at = None;
                    if let (Some(view), Some(lexicon)) = (view.as_ref(), lexicon.as_ref()) {
                        self.move_if_on_turn(link, view, lexicon, &mut moved_at).await?;
                    }
                }
                ServerMessage::Refused(refusal) => eprintln!("{}: refused: {refusal}", self.joined.code),
                // The bot finds its own moves: it never asks for hints.
                ServerMessage::Hints(_) | ServerMessage::Pong => {}
                // A bot says nothing, and reads nothing.
                ServerMessage::Chat(_) => {}
            }
        }
    }

    /// The game's word list: the language's bundled one or its family
    /// list, or the one the room's server holds.
    async fn lexicon(&self, settings: &GameSettings) -> Result<Lexicon, LinkError> {
        match &settings.word_list {
            None => Ok(Lexicon::bundled(settings.language)),
            Some(name) if name == FAMILY_LIST => Ok(Lexicon::bundled(settings.language).family()),
            Some(name) => Lobby::new(self.joined.server(self.lobby.server()))
                .word_list(name, settings.language)
                .await
                .map_err(LinkError::WordList),
        }
    }

    async fn move_if_on_turn(
        &self,
        link: &mut Link,
        view: &SeatView,
        lexicon: &Lexicon,
        moved_at: &mut Option<u32>,
    ) -> Result<(), LinkError> {
        let on_turn = view.ended().is_none() && Some(view.turn()) == view.viewer();
        if !on_turn || *moved_at == view.last_seq() {
            return Ok(());
        }
        *moved_at = view.last_seq();
        tokio::time::sleep(self.pause).await;
        let (level, seat) = (self.level, view.turn());
        let (thinking, lexicon) = (view.clone(), lexicon.clone());
        let intent = tokio::task::spawn_blocking(move || {
            let language = thinking.settings().language;
            let seed = u64::from(thinking.last_seq().unwrap_or(0)) ^ 0x5eed;
            match Game::guessed(&thinking, lexicon, seed) {
                Ok(game) => computer::choose(&game, level, &LeaveModel::bundled(language), seed),
                Err(_) => Intent::Pass { seat },
            }
        })
        .await
        .unwrap_or(Intent::Pass { seat });
        if let Some(watch) = &self.watch {
            watch.sent(self.joined.code, turns(view) + 1, Instant::now());
        }
        link.send(&ClientMessage::Intent(intent))
    }
}
