//! What one seat may know of a game (§5.4): the board, the scores, its own
//! rack, how many tiles the others hold and the bag has, whose turn it is,
//! the move log and who has left. A view is built only from the events
//! its seat may see, so a client follows a game without the [`Game`] (and
//! so without the seed, the bag's order or another rack).

use crate::board::{Board, Layout, PlacedTile, Pos};
use crate::error::RuleError;
use crate::game::{ConfigError, EndReason, Event, Game, GameSettings, next_seat};
use crate::play::{ScoredPlay, Scoring, check_words, score_placement};
use crate::rules::RACK_SIZE;
use crate::tile::{Tile, full_bag, take_from, tiles_used};
use serde::{Deserialize, Serialize};
use thiserror::Error;
use wocable_lexicon::{Lexicon, TileSet};

/// An event with its place in the game's whole log. A view skips the
/// events it may not see, so its numbers rise but may leave gaps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sequenced {
    pub seq: u32,
    pub event: Event,
}

/// Why an event cannot be applied to a view; the view is left unchanged.
#[derive(Clone, Debug, Error, PartialEq, Eq, Serialize, Deserialize)]
pub enum ViewError {
    #[error("event {seq} is old or out of order: {last} came already")]
    OutOfOrder { seq: u32, last: u32 },
    #[error("event {0} is not for this seat's eyes")]
    NotVisible(u32),
    #[error("event {seq} does not follow from the game so far: {reason}")]
    Inconsistent { seq: u32, reason: String },
}

/// One seat's knowledge of a game (`viewer` `None`: a spectator's). It is
/// serialised as its settings and events, and checked again when read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "ViewRecord", try_from = "ViewRecord")]
pub struct SeatView {
    settings: GameSettings,
    viewer: Option<usize>,
    layout: Layout,
    tiles: TileSet,
    board: Board,
    scores: Vec<i32>,
    rack: Vec<Tile>,
    rack_sizes: Vec<usize>,
    bag: usize,
    turn: usize,
    /// Who passed, in order, since the last turn that was not a pass.
    pass_run: Vec<usize>,
    scoreless_run: usize,
    left: Vec<usize>,
    ended: Option<EndReason>,
    log: Vec<Sequenced>,
}

impl SeatView {
    /// The view before the first event: the racks are dealt, unseen.
    pub fn new(settings: GameSettings, viewer: Option<usize>) -> Result<SeatView, ConfigError> {
        settings.check()?;
        let players = settings.players.len();
        if let Some(seat) = viewer.filter(|seat| *seat >= players) {
            return Err(ConfigError::NoSuchSeat(seat));
        }
        let tiles = TileSet::new(settings.language, settings.rules.rules().tiles);
        let dealt = RACK_SIZE * players;
        Ok(SeatView {
            layout: settings.layout(),
            bag: full_bag(&tiles).len().saturating_sub(dealt),
            tiles,
            viewer,
            board: Board::default(),
            scores: vec![0; players],
            rack: Vec::new(),
            rack_sizes: vec![RACK_SIZE; players],
            turn: 0,
            pass_run: Vec::new(),
            scoreless_run: 0,
            left: Vec::new(),
            ended: None,
            log: Vec::new(),
            settings,
        })
    }

    /// The view built from `events`, as a client that joins is sent them.
    pub fn from_events(
        settings: GameSettings,
        viewer: Option<usize>,
        events: impl IntoIterator<Item = Sequenced>,
    ) -> Result<SeatView, BuildError> {
        let mut view = SeatView::new(settings, viewer)?;
        for event in events {
            view.apply(event)?;
        }
        Ok(view)
    }

    /// Applies the next event this seat may see: all of it, or on an
    /// error nothing.
    pub fn apply(&mut self, sequenced: Sequenced) -> Result<(), ViewError> {
        let seq = sequenced.seq;
        if let Some(last) = self.last_seq()
            && seq <= last
        {
            return Err(ViewError::OutOfOrder { seq, last });
        }
        if !sequenced.event.visible_to(self.viewer) {
            return Err(ViewError::NotVisible(seq));
        }
        let inconsistent = |reason: &str| ViewError::Inconsistent { seq, reason: reason.into() };
        if self.ended.is_some() {
            return Err(inconsistent("the game is over"));
        }
        let players = self.scores.len();
        let seat = match &sequenced.event {
            Event::Drew { seat, .. }
            | Event::Played { seat, .. }
            | Event::PlayWithdrawn { seat, .. }
            | Event::Exchanged { seat, .. }
            | Event::Returned { seat, .. }
            | Event::Passed { seat }
            | Event::Left { seat, .. }
            | Event::RackCounted { seat, .. } => Some(*seat),
            Event::Ended { .. } => None,
        };
        if seat.is_some_and(|seat| seat >= players) {
            return Err(inconsistent("no such seat"));
        }
        match &sequenced.event {
            // How many tiles were drawn follows from the public events (see
            // `Played`); a seat's own draw says which tiles.
            Event::Drew { tiles, .. } => self.rack.extend(tiles),
            Event::Played { seat, tiles, play } => {
                let used = tiles_used(tiles);
                if tiles.iter().any(|(pos, _)| Pos::new(pos.row.into(), pos.col.into()).is_none()) {
                    return Err(inconsistent("a tile is off the board"));
                }
                if tiles.iter().any(|(pos, _)| self.board.get(*pos).is_some()) {
                    return Err(inconsistent("a square is taken"));
                }
                if used.len() > self.rack_sizes[*seat] {
                    return Err(inconsistent("more tiles played than the rack holds"));
                }
                if Some(*seat) == self.viewer {
                    self.rack =
                        take_from(&self.rack, &used).ok_or_else(|| inconsistent("a tile is not on the rack"))?;
                }
                for (pos, tile) in tiles {
                    self.board.set(*pos, *tile);
                }
                self.scores[*seat] = self.scores[*seat].saturating_add_unsigned(play.score);
                let drawn = used.len().min(self.bag);
                self.rack_sizes[*seat] = self.rack_sizes[*seat] - used.len() + drawn;
                self.bag -= drawn;
                self.pass_run.clear();
                self.scoreless_run = 0;
                self.advance_turn();
            }
            Event::Returned { tiles, .. } => {
                self.rack = take_from(&self.rack, tiles).ok_or_else(|| inconsistent("a tile is not on the rack"))?;
            }
            Event::PlayWithdrawn { seat, .. } if self.settings.rules.rules().withdrawn_play_passes => {
                self.pass_run.push(*seat);
                self.scoreless_run += 1;
                self.advance_turn();
            }
            Event::PlayWithdrawn { .. } | Event::Exchanged { .. } => {
                self.pass_run.clear();
                self.scoreless_run += 1;
                self.advance_turn();
            }
            Event::Passed { seat } => {
                self.pass_run.push(*seat);
                self.scoreless_run += 1;
                self.advance_turn();
            }
            Event::Left { seat, .. } => {
                if self.left.contains(seat) {
                    return Err(inconsistent("the player left already"));
                }
                self.left.push(*seat);
                if self.turn == *seat {
                    self.advance_turn();
                }
            }
            Event::RackCounted { seat, points, .. } => self.scores[*seat] = self.scores[*seat].saturating_add(*points),
            Event::Ended { reason } => self.ended = Some(*reason),
        }
        self.log.push(sequenced);
        Ok(())
    }

    fn advance_turn(&mut self) {
        self.turn = next_seat(self.turn, self.scores.len(), &self.left);
    }

    pub fn settings(&self) -> &GameSettings {
        &self.settings
    }

    /// The seat this view is for (`None`: a spectator).
    pub fn viewer(&self) -> Option<usize> {
        self.viewer
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn tile_set(&self) -> &TileSet {
        &self.tiles
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn scores(&self) -> &[i32] {
        &self.scores
    }

    /// The viewer's own rack (a spectator's is empty).
    pub fn rack(&self) -> &[Tile] {
        &self.rack
    }

    /// How many tiles each seat holds.
    pub fn rack_sizes(&self) -> &[usize] {
        &self.rack_sizes
    }

    /// How many tiles are left in the bag.
    pub fn bag_len(&self) -> usize {
        self.bag
    }

    pub fn turn(&self) -> usize {
        self.turn
    }

    /// Who passed, in order, since the last turn that was not a pass.
    pub fn pass_run(&self) -> &[usize] {
        &self.pass_run
    }

    /// Seats that left, in the order they left.
    /// Turns in a row that put no tile on the board.
    pub fn scoreless_run(&self) -> usize {
        self.scoreless_run
    }

    pub fn left(&self) -> &[usize] {
        &self.left
    }

    pub fn ended(&self) -> Option<EndReason> {
        self.ended
    }

    pub fn is_over(&self) -> bool {
        self.ended.is_some()
    }

    pub fn has_left(&self, seat: usize) -> bool {
        self.left.contains(&seat)
    }

    /// Checks and scores a placement on this board without playing it,
    /// against `lexicon` (the app's preview): what the referee would say.
    pub fn preview(&self, tiles: &[(Pos, PlacedTile)], lexicon: &Lexicon) -> Result<ScoredPlay, RuleError> {
        let scoring =
            Scoring { layout: &self.layout, tiles: &self.tiles, bingo_bonus: self.settings.rules.rules().bingo_bonus };
        let play = score_placement(&self.board, tiles, &scoring)?;
        check_words(&play, lexicon)?;
        Ok(play)
    }

    /// The events this seat has seen, in order.
    pub fn log(&self) -> &[Sequenced] {
        &self.log
    }

    /// The number of the last event seen.
    pub fn last_seq(&self) -> Option<u32> {
        self.log.last().map(|e| e.seq)
    }
}

#[derive(Serialize, Deserialize)]
struct ViewRecord {
    settings: GameSettings,
    viewer: Option<usize>,
    log: Vec<Sequenced>,
}

impl From<SeatView> for ViewRecord {
    fn from(view: SeatView) -> ViewRecord {
        ViewRecord { settings: view.settings, viewer: view.viewer, log: view.log }
    }
}

impl TryFrom<ViewRecord> for SeatView {
    type Error = BuildError;

    fn try_from(record: ViewRecord) -> Result<SeatView, BuildError> {
        SeatView::from_events(record.settings, record.viewer, record.log)
    }
}

/// Why a view could not be built from its events.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum BuildError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Event(#[from] ViewError),
}

impl Game {
    /// The log as `viewer` may see it, numbered (`None`: a spectator,
    /// public events only).
    pub fn sequenced(&self, viewer: Option<usize>) -> impl Iterator<Item = Sequenced> + '_ {
        self.numbered_from(0).filter(move |e| e.event.visible_to(viewer))
    }

    /// Every event from the `first` on, numbered: the referee's record.
    pub fn numbered_from(&self, first: usize) -> impl Iterator<Item = Sequenced> + '_ {
        let events = self.log().get(first..).unwrap_or_default();
        (first as u32..).zip(events).map(|(seq, event)| Sequenced { seq, event: event.clone() })
    }

    /// What `viewer` knows of this game, built from the events it may see.
    pub fn seat_view(&self, viewer: Option<usize>) -> SeatView {
        SeatView::from_events(self.settings().clone(), viewer, self.sequenced(viewer))
            .expect("a game's own log makes a view")
    }
}
