//! A game as a log of events (§2, §3): intents are checked by the rules,
//! and every change of state goes through [`Game::record`], so that a log
//! replays into the same game.

use crate::board::{Board, Layout, PlacedTile};
use crate::error::RuleError;
use crate::movegen;
use crate::play::{Placement, ScoredPlay, Scoring, check_words, score_placement};
use crate::rules::{ExchangeOrder, InvalidWord, PassEnding, RACK_SIZE, RULES_EDITION, RuleSet, RuleSetKind};
use crate::seed::Seed;
use crate::tile::{Tile, full_bag, rack_value, take_from, tiles_used};
use crate::view::SeatView;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use thiserror::Error;
use wocable_lexicon::{Language, Lexicon, TileSet};

/// What everyone at the table may know about a game: its rules, language,
/// players and board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSettings {
    pub rules: RuleSetKind,
    pub language: Language,
    /// Players' nicknames, in turn order.
    pub players: Vec<String>,
    /// A custom premium layout instead of the rule set's own. (Written
    /// even when `None`: the wire format has no field names to skip by.)
    #[serde(default)]
    pub layout: Option<Layout>,
    /// The player's own word list the game is played with, by the name
    /// it was imported under (never a language's code); `None`: the
    /// language's bundled list.
    #[serde(default)]
    pub word_list: Option<String>,
    /// Whether the players may ask the engine for help (hints) while the
    /// game is played: local games, and unrated rooms made with hints on;
    /// never a rated game (§4.3). Saves from before it was kept are local
    /// games, which always had hints.
    #[serde(default = "hints_by_default")]
    pub hints: bool,
}

fn hints_by_default() -> bool {
    true
}

/// What a game is made with: everything needed to replay it from its log.
/// The seed decides every draw, so only the referee may hold it: players
/// are sent the [`GameSettings`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameConfig {
    #[serde(flatten)]
    pub settings: GameSettings,
    pub seed: Seed,
}

impl GameSettings {
    /// Whether a game can start with this configuration: the number of
    /// players, their names and the layout (the lexicon is checked when
    /// the game starts).
    pub fn check(&self) -> Result<(), ConfigError> {
        let rules = self.rules.rules();
        let found = self.players.len();
        if !(rules.min_players..=rules.max_players).contains(&found) {
            return Err(ConfigError::PlayerCount {
                rules: self.rules,
                min: rules.min_players,
                max: rules.max_players,
                found,
            });
        }
        for (i, name) in self.players.iter().enumerate() {
            if name.is_empty() || name.contains(char::is_whitespace) || name.contains(':') {
                return Err(ConfigError::BadName(name.clone()));
            }
            if self.players[..i].contains(name) {
                return Err(ConfigError::SameName(name.clone()));
            }
        }
        if self.layout.as_ref().is_some_and(|l| !l.is_complete()) {
            return Err(ConfigError::Layout);
        }
        Ok(())
    }

    /// The rule set's own board, or the custom one.
    pub fn layout(&self) -> Layout {
        self.layout.clone().unwrap_or_else(|| self.rules.layout())
    }
}

impl GameConfig {
    /// A game on the rule set's own board between `players` players
    /// called p1, p2, …: computers playing each other, tests, benchmarks.
    pub fn numbered(rules: RuleSetKind, language: Language, players: usize, seed: u64) -> GameConfig {
        let players = (1..=players).map(|i| format!("p{i}")).collect();
        GameConfig {
            settings: GameSettings { rules, language, players, layout: None, word_list: None, hints: true },
            seed: seed.into(),
        }
    }
}

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error("{rules} games are for {min} to {max} players, not {found}")]
    PlayerCount { rules: RuleSetKind, min: usize, max: usize, found: usize },
    #[error("the lexicon is {found}, but the game is in {wanted}")]
    LexiconLanguage { wanted: Language, found: Language },
    #[error("two players are called {0}")]
    SameName(String),
    #[error("a nickname must be one word without spaces, not '{0}'")]
    BadName(String),
    #[error("there is no seat {0} in this game")]
    NoSuchSeat(usize),
    #[error("the board layout is damaged")]
    Layout,
    #[error("the opening racks cannot be dealt: {0}")]
    Deal(String),
    #[error("the position cannot be set up: {0}")]
    Setup(String),
}

/// What a player asks for. Scores are never taken from the player: the
/// rules compute them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Intent {
    Play {
        seat: usize,
        tiles: Placement,
    },
    Exchange {
        seat: usize,
        tiles: Vec<Tile>,
    },
    Pass {
        seat: usize,
    },
    Resign {
        seat: usize,
    },
    /// The turn clock of `seat` ran out (§3.3).
    TimeOut {
        seat: usize,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LeaveReason {
    Resigned,
    TimedOut,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    /// A player played their last tile with the bag empty.
    WentOut { seat: usize },
    /// The rule set's run of passes.
    Passes,
    /// The rule set's limit of turns in a row that put no tile down.
    ScorelessTurns,
    /// With the bag empty, no player still in had a legal play (Remote).
    NoPlayLeft,
    /// Everyone else left.
    OnePlayerLeft,
}

/// Who may see an event (online play sends each seat only its view).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visibility {
    Public,
    /// Only this seat may see it.
    Private(usize),
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Tiles taken from the bag onto a rack.
    Drew {
        seat: usize,
        tiles: Vec<Tile>,
    },
    Played {
        seat: usize,
        tiles: Placement,
        play: ScoredPlay,
    },
    /// Remote rule: a play with unknown words; the tiles go back, 0 points.
    /// `play` is where it lay and what it would have scored.
    PlayWithdrawn {
        seat: usize,
        play: ScoredPlay,
        tiles: Placement,
        words: Vec<String>,
    },
    Exchanged {
        seat: usize,
        count: usize,
    },
    /// The exchanged tiles, put back into the bag.
    Returned {
        seat: usize,
        tiles: Vec<Tile>,
    },
    Passed {
        seat: usize,
    },
    Left {
        seat: usize,
        reason: LeaveReason,
    },
    /// End of game: `points` added to `seat` for the tiles `rack` (its own
    /// rack, deducted; or the others' racks, collected by the player who
    /// went out).
    RackCounted {
        seat: usize,
        rack: Vec<Tile>,
        points: i32,
    },
    Ended {
        reason: EndReason,
    },
}

impl Intent {
    /// The seat that asks.
    pub fn seat(&self) -> usize {
        match self {
            Intent::Play { seat, .. } | Intent::Exchange { seat, .. } => *seat,
            Intent::Pass { seat } | Intent::Resign { seat } | Intent::TimeOut { seat } => *seat,
        }
    }
}

impl Event {
    pub fn visibility(&self) -> Visibility {
        match self {
            Event::Drew { seat, .. } | Event::Returned { seat, .. } => Visibility::Private(*seat),
            _ => Visibility::Public,
        }
    }

    /// The intent that caused this event, for the events that end a turn
    /// or a player's game.
    pub fn intent(&self) -> Option<Intent> {
        Some(match self {
            Event::Played { seat, tiles, .. } | Event::PlayWithdrawn { seat, tiles, .. } => {
                Intent::Play { seat: *seat, tiles: tiles.clone() }
            }
            Event::Returned { seat, tiles } => Intent::Exchange { seat: *seat, tiles: tiles.clone() },
            Event::Passed { seat } => Intent::Pass { seat: *seat },
            Event::Left { seat, reason: LeaveReason::Resigned } => Intent::Resign { seat: *seat },
            Event::Left { seat, reason: LeaveReason::TimedOut } => Intent::TimeOut { seat: *seat },
            _ => return None,
        })
    }

    /// Whether it is a turn taken: a play (withdrawn or not), an exchange
    /// or a pass (a resignation or time-out is leaving, not a turn).
    pub fn is_turn(&self) -> bool {
        matches!(
            self,
            Event::Played { .. } | Event::PlayWithdrawn { .. } | Event::Exchanged { .. } | Event::Passed { .. }
        )
    }

    /// Whether `viewer` (a seat, or `None` for a spectator) may see it.
    pub fn visible_to(&self, viewer: Option<usize>) -> bool {
        match self.visibility() {
            Visibility::Public => true,
            Visibility::Private(seat) => viewer == Some(seat),
        }
    }
}

/// A game that is over: its whole record, every rack and the bag's order
/// included, which every player may now see (its GCG record shows them
/// all). Results and reviews take this, never a game still being played.
#[derive(Clone, Debug)]
pub struct FinishedGame(Game);

impl FinishedGame {
    /// The game, once it is over.
    pub fn of(game: Game) -> Option<FinishedGame> {
        game.is_over().then_some(FinishedGame(game))
    }

    pub fn game(&self) -> &Game {
        &self.0
    }
}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    config: GameConfig,
    rules: RuleSet,
    layout: Layout,
    tiles: TileSet,
    lexicon: Lexicon,
    board: Board,
    bag: Vec<Tile>,
    racks: Vec<Vec<Tile>>,
    scores: Vec<i32>,
    turn: usize,
    /// Who passed, in order, since the last turn that was not a pass.
    pass_run: Vec<usize>,
    /// Turns in a row that put no tile on the board.
    scoreless_run: usize,
    /// Seats that left, in the order they left.
    left: Vec<usize>,
    ended: Option<EndReason>,
    /// The edition of the rules the game began under ([`RULES_EDITION`]).
    edition: u32,
    draws: u64,
    /// Draws dictated by a record being replayed; `None` entries are drawn
    /// at random.
    script: VecDeque<Option<Vec<Tile>>>,
    log: Vec<Event>,
}

/// Where a game stands, told from outside (see [`Game::set_up`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: Board,
    pub scores: Vec<i32>,
    pub racks: Vec<Vec<Tile>>,
    pub bag: Vec<Tile>,
    pub turn: usize,
    /// Who passed, in order, since the last turn that was not a pass.
    pub pass_run: Vec<usize>,
    /// Turns in a row that put no tile on the board.
    pub scoreless_run: usize,
}

/// A game as saved: its configuration and its whole log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// The edition of the rules it is played under ([`RULES_EDITION`]).
    pub version: u32,
    pub config: GameConfig,
    pub events: Vec<Event>,
}

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum RestoreError {
    #[error("this save was written by a newer version of Wocable")]
    Version,
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error("the saved game is damaged: event {index}: {reason}")]
    Damaged { index: usize, reason: String },
}

impl Game {
    /// Starts a game: every player draws a rack.
    pub fn new(config: GameConfig, lexicon: Lexicon) -> Result<Game, ConfigError> {
        Game::scripted(config, lexicon, VecDeque::new(), RULES_EDITION)
    }

    /// Starts a game whose draws are dictated, in order, by `draws` (the
    /// racks of a record being replayed, a lesson, a test); draws past
    /// its end, and `None` entries, are random.
    pub fn with_draws(
        config: GameConfig,
        lexicon: Lexicon,
        draws: impl IntoIterator<Item = Option<Vec<Tile>>>,
    ) -> Result<Game, ConfigError> {
        Game::scripted(config, lexicon, draws.into_iter().collect(), RULES_EDITION)
    }

    fn scripted(
        config: GameConfig,
        lexicon: Lexicon,
        script: VecDeque<Option<Vec<Tile>>>,
        edition: u32,
    ) -> Result<Game, ConfigError> {
        let settings = &config.settings;
        settings.check()?;
        if lexicon.language() != settings.language {
            return Err(ConfigError::LexiconLanguage { wanted: settings.language, found: lexicon.language() });
        }
        let rules = settings.rules.rules_of_edition(edition);
        let found = settings.players.len();
        let tiles = TileSet::new(settings.language, rules.tiles);
        let mut game = Game {
            rules,
            layout: settings.layout(),
            bag: full_bag(&tiles),
            tiles,
            lexicon,
            board: Board::default(),
            racks: vec![Vec::new(); found],
            scores: vec![0; found],
            turn: 0,
            pass_run: Vec::new(),
            scoreless_run: 0,
            left: Vec::new(),
            ended: None,
            edition,
            draws: 0,
            script,
            log: Vec::new(),
            config,
        };
        let mut events = Vec::new();
        for seat in 0..found {
            // Only a scripted deal can fail: racks the bag cannot hold.
            game.draw(seat, RACK_SIZE, &mut events).map_err(|e| ConfigError::Deal(e.to_string()))?;
        }
        Ok(game)
    }

    /// A game that looks to `seat` as its view does: its board, scores,
    /// turn and own rack, with the tiles it cannot see dealt at random
    /// (from `seed`) to the others' racks and the bag. A computer player
    /// that may not peek chooses its move on it.
    pub fn guessed(view: &SeatView, lexicon: Lexicon, seed: u64) -> Result<Game, ConfigError> {
        let seat = view.viewer().ok_or(ConfigError::NoSuchSeat(usize::MAX))?;
        let config = GameConfig { settings: view.settings().clone(), seed: seed.into() };
        let mut game = Game::new(config, lexicon)?;
        let mut unseen = full_bag(&game.tiles);
        unseen = take_from(&unseen, &view.board().tiles().map(|(_, t)| Tile::from(t)).collect::<Vec<_>>())
            .and_then(|rest| take_from(&rest, view.rack()))
            .ok_or_else(|| ConfigError::Deal("the view holds tiles the set has not".into()))?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for (other, size) in view.rack_sizes().iter().enumerate() {
            game.racks[other] = if other == seat {
                view.rack().to_vec()
            } else {
                (0..(*size).min(unseen.len())).map(|_| unseen.swap_remove(rng.random_range(0..unseen.len()))).collect()
            };
        }
        game.bag = unseen;
        game.board = view.board().clone();
        game.scores = view.scores().to_vec();
        game.turn = view.turn();
        game.left = view.left().to_vec();
        game.pass_run = view.pass_run().to_vec();
        game.scoreless_run = view.scoreless_run();
        game.ended = view.ended();
        game.log.clear();
        Ok(game)
    }

    /// A game at a position given from outside (an engine told where the
    /// game stands): its board, scores, racks, bag and turn are the
    /// setup's, and it has no log. Refused when the setup does not fit the
    /// configuration or holds tiles the set has not.
    pub fn set_up(config: GameConfig, lexicon: Lexicon, setup: Setup) -> Result<Game, ConfigError> {
        let mut game = Game::new(config, lexicon)?;
        let players = game.racks.len();
        let refuse = |why: String| Err(ConfigError::Setup(why));
        if setup.scores.len() != players || setup.racks.len() != players {
            return refuse(format!("the game has {players} players"));
        }
        if setup.turn >= players || setup.pass_run.iter().any(|seat| *seat >= players) {
            return Err(ConfigError::NoSuchSeat(setup.turn.max(setup.pass_run.iter().copied().max().unwrap_or(0))));
        }
        if let Some(rack) = setup.racks.iter().find(|rack| rack.len() > RACK_SIZE) {
            return refuse(format!("a rack holds at most {RACK_SIZE} tiles, not {}", rack.len()));
        }
        let board_tiles = setup.board.tiles().map(|(_, tile)| Tile::from(tile));
        let used: Vec<Tile> =
            board_tiles.chain(setup.racks.iter().flatten().copied()).chain(setup.bag.iter().copied()).collect();
        if take_from(&full_bag(&game.tiles), &used).is_none() {
            return refuse("the board, racks and bag hold more of a tile than the set has".into());
        }
        game.board = setup.board;
        game.scores = setup.scores;
        game.racks = setup.racks;
        game.bag = setup.bag;
        game.turn = setup.turn;
        game.pass_run = setup.pass_run;
        game.scoreless_run = setup.scoreless_run;
        game.log.clear();
        // A finished game is no position to move from.
        let went_out = game.bag.is_empty() && game.racks.iter().any(Vec::is_empty);
        game.end_if_nothing_moves(&mut Vec::new());
        if went_out || game.is_over() {
            return refuse("the game is over at that position".into());
        }
        Ok(game)
    }

    /// Who passed, in order, since the last turn that was not a pass.
    pub fn pass_run(&self) -> &[usize] {
        &self.pass_run
    }

    /// Turns in a row that put no tile on the board.
    pub fn scoreless_run(&self) -> usize {
        self.scoreless_run
    }

    /// Sets what the next draw takes from the bag (`None`: at random).
    pub(crate) fn queue_draw(&mut self, tiles: Option<Vec<Tile>>) {
        self.script.push_back(tiles);
    }

    /// Forgets queued draws that the last move did not take (a play the
    /// Remote rule withdrew draws nothing).
    pub(crate) fn discard_queued_draws(&mut self) {
        self.script.clear();
    }

    /// A new game that will draw what `saved` drew: apply the intents of
    /// its events ([`Event::intent`]) to walk through it turn by turn.
    pub fn replaying(saved: &SavedGame, lexicon: Lexicon) -> Result<Game, RestoreError> {
        if saved.version > RULES_EDITION {
            return Err(RestoreError::Version);
        }
        let script = saved
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Drew { tiles, .. } => Some(Some(tiles.clone())),
                _ => None,
            })
            .collect();
        Ok(Game::scripted(saved.config.clone(), lexicon, script, saved.version)?)
    }

    /// Rebuilds a saved game by replaying its log through the rules.
    pub fn restore(saved: &SavedGame, lexicon: Lexicon) -> Result<Game, RestoreError> {
        let mut game = Game::replaying(saved, lexicon)?;
        for (index, event) in saved.events.iter().enumerate() {
            if let Some(intent) = event.intent() {
                game.apply(intent).map_err(|e| RestoreError::Damaged { index, reason: e.to_string() })?;
            }
        }
        if let Some(index) = game.log.iter().zip(&saved.events).position(|(a, b)| a != b) {
            return Err(RestoreError::Damaged { index, reason: "it does not follow from the moves before".into() });
        }
        if game.log.len() != saved.events.len() {
            return Err(RestoreError::Damaged {
                index: game.log.len().min(saved.events.len()),
                reason: "events are missing".into(),
            });
        }
        Ok(game)
    }

    pub fn save(&self) -> SavedGame {
        SavedGame { version: self.edition, config: self.config.clone(), events: self.log.clone() }
    }

    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// The edition of the rules the game is played under.
    pub fn edition(&self) -> u32 {
        self.edition
    }

    /// What the players may know of the configuration (not the seed).
    pub fn settings(&self) -> &GameSettings {
        &self.config.settings
    }

    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn tile_set(&self) -> &TileSet {
        &self.tiles
    }

    pub fn lexicon(&self) -> &Lexicon {
        &self.lexicon
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn bag(&self) -> &[Tile] {
        &self.bag
    }

    pub fn rack(&self, seat: usize) -> &[Tile] {
        self.racks.get(seat).map_or(&[], Vec::as_slice)
    }

    pub fn scores(&self) -> &[i32] {
        &self.scores
    }

    /// The seat whose turn it is.
    pub fn turn(&self) -> usize {
        self.turn
    }

    pub fn ended(&self) -> Option<EndReason> {
        self.ended
    }

    pub fn is_over(&self) -> bool {
        self.ended.is_some()
    }

    pub fn log(&self) -> &[Event] {
        &self.log
    }

    /// The log as `viewer` may see it: the public events and the viewer's
    /// own private ones (`None`: a spectator, public events only).
    pub fn view(&self, viewer: Option<usize>) -> impl Iterator<Item = &Event> {
        self.log.iter().filter(move |e| e.visible_to(viewer))
    }

    /// Seats that left, in the order they left.
    pub fn left(&self) -> &[usize] {
        &self.left
    }

    pub fn has_left(&self, seat: usize) -> bool {
        self.left.contains(&seat)
    }

    fn active_seats(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.racks.len()).filter(|s| !self.has_left(*s))
    }

    /// How plays score in this game: its layout, tile values and bingo bonus.
    pub fn scoring(&self) -> Scoring<'_> {
        Scoring { layout: &self.layout, tiles: &self.tiles, bingo_bonus: self.rules.bingo_bonus }
    }

    /// Checks and scores a placement without playing it (the app's preview).
    pub fn preview(&self, tiles: &[(crate::board::Pos, PlacedTile)]) -> Result<ScoredPlay, RuleError> {
        let play = score_placement(&self.board, tiles, &self.scoring())?;
        check_words(&play, &self.lexicon)?;
        Ok(play)
    }

    /// Applies a player's intent: the events it caused, or why it was
    /// refused (and then nothing changed).
    pub fn apply(&mut self, intent: Intent) -> Result<Vec<Event>, RuleError> {
        if self.ended.is_some() {
            return Err(RuleError::GameOver);
        }
        let seat = intent.seat();
        if seat >= self.racks.len() {
            return Err(RuleError::NoSuchPlayer(seat));
        }
        if self.has_left(seat) {
            return Err(RuleError::PlayerLeft);
        }
        if seat != self.turn && !matches!(intent, Intent::Resign { .. }) {
            return Err(RuleError::NotYourTurn);
        }
        let mut events = Vec::new();
        match intent {
            Intent::Play { seat, tiles } => self.play(seat, tiles, &mut events)?,
            Intent::Exchange { seat, tiles } => self.exchange(seat, tiles, &mut events)?,
            Intent::Pass { seat } => self.record(Event::Passed { seat }, &mut events),
            Intent::Resign { seat } => self.leave(seat, LeaveReason::Resigned, &mut events),
            Intent::TimeOut { seat } => self.leave(seat, LeaveReason::TimedOut, &mut events),
        }
        if self.ended.is_none() {
            self.end_if_nothing_moves(&mut events);
        }
        Ok(events)
    }

    fn play(&mut self, seat: usize, mut tiles: Placement, events: &mut Vec<Event>) -> Result<(), RuleError> {
        // Logged in board order, whatever order the player put them down in.
        tiles.sort_by_key(|(pos, _)| *pos);
        let used = tiles_used(&tiles);
        self.check_on_rack(seat, &used)?;
        let play = score_placement(&self.board, &tiles, &self.scoring())?;
        match (check_words(&play, &self.lexicon), self.rules.invalid_word) {
            (Ok(()), _) => {}
            (Err(RuleError::NotInLexicon(words) | RuleError::LeftOut(words)), InvalidWord::CostsTurn) => {
                self.record(Event::PlayWithdrawn { seat, tiles, play, words }, events);
                return Ok(());
            }
            (Err(e), _) => return Err(e),
        }
        self.check_next_draw(used.len(), &[])?;
        self.record(Event::Played { seat, tiles, play }, events);
        self.draw(seat, used.len(), events)?;
        if self.racks[seat].is_empty() && self.bag.is_empty() {
            self.end_by_going_out(seat, events);
        }
        Ok(())
    }

    fn exchange(&mut self, seat: usize, mut tiles: Vec<Tile>, events: &mut Vec<Event>) -> Result<(), RuleError> {
        tiles.sort();
        if tiles.is_empty() {
            return Err(RuleError::NothingToExchange);
        }
        self.check_on_rack(seat, &tiles)?;
        let needed = self.rules.bag_needed_to_exchange(tiles.len());
        if self.bag.len() < needed {
            return Err(RuleError::ExchangeNotAllowed { bag: self.bag.len(), needed });
        }
        let count = tiles.len();
        let returned_first = self.rules.exchange_order == ExchangeOrder::ReturnFirst;
        self.check_next_draw(count, if returned_first { &tiles } else { &[] })?;
        self.record(Event::Exchanged { seat, count }, events);
        match self.rules.exchange_order {
            ExchangeOrder::DrawFirst => {
                self.draw(seat, count, events)?;
                self.record(Event::Returned { seat, tiles }, events);
            }
            ExchangeOrder::ReturnFirst => {
                self.record(Event::Returned { seat, tiles }, events);
                self.draw(seat, count, events)?;
            }
        }
        Ok(())
    }

    fn check_on_rack(&self, seat: usize, tiles: &[Tile]) -> Result<(), RuleError> {
        match missing_tile(&self.racks[seat], tiles) {
            None => Ok(()),
            Some(Tile::Blank) => Err(RuleError::TileNotOnRack("?".into())),
            Some(Tile::Letter(l)) => Err(RuleError::TileNotOnRack(self.config.settings.language.label(l).into())),
        }
    }

    fn leave(&mut self, seat: usize, reason: LeaveReason, events: &mut Vec<Event>) {
        self.record(Event::Left { seat, reason }, events);
        if self.active_seats().count() <= 1 {
            self.record(Event::Ended { reason: EndReason::OnePlayerLeft }, events);
        }
    }

    /// Ends the game as by passes when it can no longer move on: the rule
    /// set's run of passes, its limit of scoreless turns, or (Remote) no
    /// legal play left. Checked after every turn, and after a player left,
    /// since those still in may all have passed enough already.
    fn end_if_nothing_moves(&mut self, events: &mut Vec<Event>) {
        let active = self.active_seats().count();
        let passed = match self.rules.pass_ending {
            PassEnding::Consecutive(n) => self.pass_run.len() >= n as usize,
            PassEnding::EachPlayerTwice => {
                self.active_seats().all(|seat| self.pass_run.iter().filter(|s| **s == seat).count() >= 2)
            }
        };
        let reason = if passed {
            EndReason::Passes
        } else if self.rules.scoreless_rounds.is_some_and(|rounds| self.scoreless_run >= rounds as usize * active) {
            EndReason::ScorelessTurns
        } else if self.rules.ends_when_no_play_left
            && self.bag.is_empty()
            && !self.active_seats().any(|seat| self.has_a_play(seat))
        {
            EndReason::NoPlayLeft
        } else {
            return;
        };
        if self.rules.deduct_racks_on_passes {
            for seat in self.active_seats().collect::<Vec<_>>() {
                let rack = self.racks[seat].clone();
                let points = -(rack_value(&rack, &self.tiles) as i32);
                self.record(Event::RackCounted { seat, rack, points }, events);
            }
        }
        self.record(Event::Ended { reason }, events);
    }

    /// Whether `seat`'s rack can be played anywhere on the board.
    fn has_a_play(&self, seat: usize) -> bool {
        let mut found = false;
        movegen::generate(&self.board, &self.racks[seat], &self.lexicon, &self.scoring(), |_, _, _| found = true);
        found
    }

    fn end_by_going_out(&mut self, out: usize, events: &mut Vec<Event>) {
        let others: Vec<usize> = self.active_seats().filter(|s| *s != out).collect();
        let collected: Vec<Tile> = others.iter().flat_map(|s| self.racks[*s].clone()).collect();
        let points = rack_value(&collected, &self.tiles) as i32;
        self.record(Event::RackCounted { seat: out, rack: collected, points }, events);
        for seat in others {
            let rack = self.racks[seat].clone();
            let points = -(rack_value(&rack, &self.tiles) as i32);
            self.record(Event::RackCounted { seat, rack, points }, events);
        }
        self.record(Event::Ended { reason: EndReason::WentOut { seat: out } }, events);
    }

    /// Draws up to `count` tiles for `seat`: the script's next draw when
    /// replaying a record, otherwise at random from the game's seed.
    fn draw(&mut self, seat: usize, count: usize, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let count = count.min(self.bag.len());
        if count == 0 {
            return Ok(());
        }
        let scripted = self.next_scripted(&self.bag, count)?.cloned();
        self.script.pop_front();
        let mut tiles = match scripted {
            Some(tiles) => tiles,
            None => {
                let mut rng = self.config.seed.rng();
                rng.set_stream(self.draws);
                let mut bag = self.bag.clone();
                (0..count).map(|_| bag.swap_remove(rng.random_range(0..bag.len()))).collect()
            }
        };
        // Drawn tiles are logged in tile order: the order they came out of
        // the bag is no part of the game.
        tiles.sort();
        self.record(Event::Drew { seat, tiles }, events);
        Ok(())
    }

    /// The script's next draw of `count` tiles from `bag`, checked; `None`
    /// when the next draw is at random.
    fn next_scripted(&self, bag: &[Tile], count: usize) -> Result<Option<&Vec<Tile>>, RuleError> {
        let Some(Some(tiles)) = self.script.front() else { return Ok(None) };
        if tiles.len() != count {
            return Err(RuleError::ScriptedDraw(format!("{} tiles drawn where {count} could be", tiles.len())));
        }
        if missing_tile(bag, tiles).is_some() {
            return Err(RuleError::ScriptedDraw("a tile drawn is not left in the bag".into()));
        }
        Ok(Some(tiles))
    }

    /// Checks the draw a move will make, with `returned` in the bag by
    /// then, before it records anything: a record whose draw cannot be
    /// made is refused with nothing changed.
    fn check_next_draw(&self, count: usize, returned: &[Tile]) -> Result<(), RuleError> {
        if !matches!(self.script.front(), Some(Some(_))) {
            return Ok(());
        }
        let bag: Vec<Tile> = self.bag.iter().chain(returned).copied().collect();
        let count = count.min(bag.len());
        if count == 0 {
            return Ok(());
        }
        self.next_scripted(&bag, count).map(drop)
    }

    /// The one place where the state changes: applies an event and logs it.
    /// Events come only from checked intents, so the tiles they move are
    /// always where they are taken from.
    fn record(&mut self, event: Event, events: &mut Vec<Event>) {
        match &event {
            Event::Drew { seat, tiles } => {
                self.bag = take_from(&self.bag, tiles).expect(HELD);
                self.racks[*seat].extend(tiles);
                self.draws += 1;
            }
            Event::Played { seat, tiles, play } => {
                for (pos, tile) in tiles {
                    self.board.set(*pos, *tile);
                }
                self.racks[*seat] = take_from(&self.racks[*seat], &tiles_used(tiles)).expect(HELD);
                self.scores[*seat] += play.score as i32;
                self.pass_run.clear();
                self.scoreless_run = 0;
                self.advance_turn();
            }
            Event::PlayWithdrawn { seat, .. } if self.rules.withdrawn_play_passes => {
                self.pass_run.push(*seat);
                self.scoreless_run += 1;
                self.advance_turn();
            }
            Event::PlayWithdrawn { .. } | Event::Exchanged { .. } => {
                self.pass_run.clear();
                self.scoreless_run += 1;
                self.advance_turn();
            }
            Event::Returned { seat, tiles } => {
                self.racks[*seat] = take_from(&self.racks[*seat], tiles).expect(HELD);
                self.bag.extend(tiles);
            }
            Event::Passed { seat } => {
                self.pass_run.push(*seat);
                self.scoreless_run += 1;
                self.advance_turn();
            }
            Event::Left { seat, .. } => {
                self.left.push(*seat);
                if self.turn == *seat {
                    self.advance_turn();
                }
            }
            Event::RackCounted { seat, points, .. } => self.scores[*seat] += points,
            Event::Ended { reason } => self.ended = Some(*reason),
        }
        self.log.push(event.clone());
        events.push(event);
    }

    fn advance_turn(&mut self) {
        self.turn = next_seat(self.turn, self.racks.len(), &self.left);
    }
}

/// The seat after `turn` among `players` that has not left (`turn` itself
/// when everyone else has).
pub(crate) fn next_seat(turn: usize, players: usize, left: &[usize]) -> usize {
    (1..=players).map(|step| (turn + step) % players).find(|seat| !left.contains(seat)).unwrap_or(turn)
}

const HELD: &str = "an event only moves tiles that are there";

/// The first of `tiles` that `rack` does not hold (counting repeats).
fn missing_tile(rack: &[Tile], tiles: &[Tile]) -> Option<Tile> {
    let mut left = rack.to_vec();
    for tile in tiles {
        match left.iter().position(|t| t == tile) {
            Some(i) => {
                left.swap_remove(i);
            }
            None => return Some(*tile),
        }
    }
    None
}
