//! The Crossword game on screen (§2–§4): the match being played, the turn
//! flow from the players' actions through the rules to the ECS, computer
//! players thinking off the main thread, the turn clock and saving.

pub mod board;
pub mod chat;
pub mod composer;
pub mod effects;
pub mod hud;
pub mod input;
pub mod layout;
pub mod picture;
pub mod referee;
pub mod thinking;
pub mod turn;

use crate::Screen;
use crate::ui::i18n::Locale;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use fluent_bundle::FluentValue;
use serde::{Deserialize, Serialize};
use wocable_crossword::computer::Level;
use wocable_crossword::{BuildError, RuleError, RuleSetKind, SeatView, Sequenced, Tile, ViewError};
use wocable_crossword::{Event, GameConfig, GameSettings, SavedGame};
use wocable_lexicon::{Language, Letter, Lexicon};

/// Who sits at a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    /// A player on this device.
    Human,
    Computer(Level),
    /// A player on another device (online).
    Remote,
}

/// A new game as the new game screen sets it up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSetup {
    pub rules: RuleSetKind,
    pub language: Language,
    pub players: Vec<(String, Seat)>,
    /// The turn clock (§3.3); `None` for no clock.
    pub turn_seconds: Option<u32>,
    pub seed: u64,
    /// The player's own word list to play on, by name; `None`: the
    /// language's bundled list.
    pub word_list: Option<String>,
}

/// The game being played on this device, as its seats here know it: a
/// view of the game for each human here (one with no rack when there is
/// none), kept up with the events the referee sends.
#[derive(Resource, Clone, Debug)]
pub struct Match {
    views: Vec<SeatView>,
    lexicon: Lexicon,
    pub seats: Vec<Seat>,
    pub turn_seconds: Option<u32>,
    /// The seat whose rack is on screen (or was, while it is hidden).
    pub viewer: usize,
    /// The rack is hidden until the next player takes the device.
    pub rack_hidden: bool,
}

/// A match as saved after every turn (§8.4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedMatch {
    pub version: u32,
    pub game: SavedGame,
    pub seats: Vec<Seat>,
    pub turn_seconds: Option<u32>,
    /// What is left of the turn clock for the turn to play; `None` for a
    /// whole turn (and in saves made before it was kept).
    #[serde(default)]
    pub seconds_left: Option<f32>,
}

pub const SAVE_VERSION: u32 = 1;
/// The game in progress, in the app's storage.
pub const SAVE_FILE: &str = "game.json";

impl MatchSetup {
    /// Ana against the computer at `level`, in English by the Wocable rules
    /// with no clock: the scripted games (the capture tour, the web demo).
    pub fn against_computer(level: Level, seed: u64) -> MatchSetup {
        MatchSetup {
            rules: RuleSetKind::Wocable,
            language: Language::En,
            players: vec![("Ana".into(), Seat::Human), ("Bot".into(), Seat::Computer(level))],
            turn_seconds: None,
            seed,
            word_list: None,
        }
    }

    /// The rules' configuration of this game.
    pub fn config(&self) -> GameConfig {
        GameConfig {
            settings: GameSettings {
                rules: self.rules,
                language: self.language,
                players: self.players.iter().map(|(name, _)| name.clone()).collect(),
                layout: None,
                word_list: self.word_list.clone(),
                hints: true,
            },
            seed: self.seed.into(),
        }
    }
}

impl Match {
    /// The match as its seats here see it after `events`, the ones the
    /// referee has sent so far.
    pub fn new(
        settings: GameSettings,
        seats: Vec<Seat>,
        turn_seconds: Option<u32>,
        lexicon: Lexicon,
        events: Vec<Sequenced>,
    ) -> Result<Match, BuildError> {
        let humans = (0..seats.len()).filter(|seat| seats[*seat] == Seat::Human);
        let mut views =
            humans.map(|seat| SeatView::new(settings.clone(), Some(seat))).collect::<Result<Vec<_>, _>>()?;
        if views.is_empty() {
            views.push(SeatView::new(settings, None)?);
        }
        let mut started = Match { views, lexicon, seats, turn_seconds, viewer: 0, rack_hidden: false };
        started.take(events)?;
        started.viewer = started.next_viewer();
        started.rack_hidden = started.humans() > 1;
        Ok(started)
    }

    /// Brings every view here up to date with `events` (those seen already,
    /// as a rejoin sends them again, are skipped): the events that were new.
    pub fn take(&mut self, events: Vec<Sequenced>) -> Result<Vec<Event>, ViewError> {
        let mut new = Vec::new();
        for sequenced in events {
            let mut taken = false;
            for view in &mut self.views {
                let seen = view.last_seq().is_some_and(|last| sequenced.seq <= last);
                if !seen && sequenced.event.visible_to(view.viewer()) {
                    view.apply(sequenced.clone())?;
                    taken = true;
                }
            }
            if taken {
                new.push(sequenced.event);
            }
        }
        Ok(new)
    }

    /// The game as the seat on screen knows it.
    pub fn view(&self) -> &SeatView {
        let on_screen = self.views.iter().find(|view| view.viewer() == Some(self.viewer));
        // `new` leaves at least one view.
        on_screen.unwrap_or(&self.views[0])
    }

    /// The rack of `seat`, when it is a seat on this device.
    pub fn rack(&self, seat: usize) -> &[Tile] {
        self.views.iter().find(|view| view.viewer() == Some(seat)).map_or(&[], |view| view.rack())
    }

    /// The word list the game is played with, for the preview and hints.
    pub fn lexicon(&self) -> &Lexicon {
        &self.lexicon
    }

    pub fn is_over(&self) -> bool {
        self.view().is_over()
    }

    pub fn turn(&self) -> usize {
        self.view().turn()
    }

    pub fn name(&self, seat: usize) -> &str {
        self.view().settings().players.get(seat).map(String::as_str).unwrap_or("?")
    }

    /// Each player's name and score, in seat order: "Ana 24 · Bot 0".
    pub fn scores(&self) -> String {
        let scores = self.view().scores().iter().enumerate();
        scores.map(|(seat, score)| format!("{} {score}", self.name(seat))).collect::<Vec<_>>().join(" · ")
    }

    pub fn language(&self) -> Language {
        self.view().settings().language
    }

    /// Whether the game is refereed elsewhere, with players on other
    /// devices: its clock runs on the server and cannot be paused here.
    pub fn is_online(&self) -> bool {
        self.seats.contains(&Seat::Remote)
    }

    /// Whether the players may ask for hints (§4.3): in local games, and
    /// in online rooms made with hints on (a rated game never).
    pub fn hints_allowed(&self) -> bool {
        self.view().settings().hints
    }

    pub fn humans(&self) -> usize {
        self.seats.iter().filter(|s| **s == Seat::Human).count()
    }

    /// Whether the seat to play is a human on this device.
    pub fn human_to_play(&self) -> bool {
        !self.is_over() && self.seats.get(self.turn()) == Some(&Seat::Human)
    }

    /// Whose rack to show: the human to play, else the one shown before,
    /// else the first human still in the game.
    pub fn next_viewer(&self) -> usize {
        if self.human_to_play() {
            return self.turn();
        }
        if self.seats.get(self.viewer) == Some(&Seat::Human) {
            return self.viewer;
        }
        self.seats.iter().position(|s| *s == Seat::Human).unwrap_or(0)
    }

    /// Whether the device must be handed to the human to play before
    /// their rack shows: one player's rack is never shown to another (§4.1).
    pub fn needs_handover(&self) -> bool {
        self.humans() > 1 && self.human_to_play() && (self.rack_hidden || self.viewer != self.turn())
    }
}

/// The overlay open, and whether the game is paused.
#[derive(SystemParam)]
pub(crate) struct Modes<'w> {
    pub overlay: Res<'w, State<Overlay>>,
    pub pause: Res<'w, State<crate::pause::Pause>>,
}

/// Overlays on the game screen; the board takes no input under them.
#[derive(SubStates, Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Game)]
pub enum Overlay {
    #[default]
    None,
    /// "Pass the device to NAME": the rack stays hidden until they take it.
    Handover,
    BlankLetter,
    Exchange,
    ConfirmResign,
}

/// Where the way out of the game leads, when not home (a game that lasts
/// days goes back to the player's list of them).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeaveTo(pub Screen);

/// Start a new match (from the new game screen).
#[derive(Message, Clone, Debug)]
pub struct NewMatch(pub MatchSetup);

/// Resume the saved match ("Continue" on the home screen).
#[derive(Message, Clone, Debug)]
pub struct ResumeMatch;

/// What the player on screen asks for.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Play,
    Pass,
    /// Exchange the composer's tiles at these indices.
    Exchange(Vec<usize>),
    Resign,
    Shuffle,
    Recall,
    /// The letter for the blank waiting for one.
    ChooseBlank(Letter),
    /// The next player has the device.
    TakeOver,
    /// Show the best moves for the rack (§4.3).
    Hint,
    /// Put hint N's tiles on the board.
    LayHint(usize),
    OpenOverlay(Overlay),
    /// Pause the game (its clock stops and the board is hidden), or resume.
    Pause(bool),
}

/// The referee said what happened: the events new to this device.
#[derive(Message, Clone, Debug)]
pub struct TurnApplied {
    pub events: Vec<Event>,
}

/// The player's move did not happen; nothing changed.
#[derive(Message, Clone, Debug)]
pub struct MoveRefused(pub Unplayed);

/// Why a move did not happen.
#[derive(Clone, Debug, PartialEq)]
pub enum Unplayed {
    /// The rules refused it.
    Rule(RuleError),
    /// Online, it could not be sent: the connection is down.
    NotConnected,
}

/// Why a move was refused, in the player's language (§2.7).
pub fn rule_error(locale: &Locale, error: &RuleError) -> String {
    let count = |n: usize| FluentValue::from(n);
    match error {
        RuleError::GameOver => locale.t("error-game-over"),
        RuleError::NotYourTurn => locale.t("error-not-your-turn"),
        RuleError::NoSuchPlayer(_) | RuleError::PlayerLeft => locale.t("error-player-left"),
        RuleError::NoTiles => locale.t("error-no-tiles"),
        RuleError::OffBoard | RuleError::NotALetter | RuleError::ScriptedDraw(_) => locale.t("error-bad-move"),
        RuleError::SameSquare(pos) | RuleError::CellTaken(pos) => {
            locale.t_with("error-cell-taken", &[("square", pos.to_string().into())])
        }
        RuleError::NotInLine => locale.t("error-not-in-line"),
        RuleError::Gap => locale.t("error-gap"),
        RuleError::NotConnected => locale.t("error-not-connected"),
        RuleError::FirstMoveMissesCentre => locale.t("error-first-move-centre"),
        RuleError::FirstMoveTooShort => locale.t("error-first-move-short"),
        RuleError::NotInLexicon(words) => {
            locale.t_with("error-not-in-lexicon", &[("count", count(words.len())), ("words", words.join(", ").into())])
        }
        RuleError::LeftOut(words) => {
            locale.t_with("error-left-out", &[("count", count(words.len())), ("words", words.join(", ").into())])
        }
        RuleError::TileNotOnRack(tile) => locale.t_with("error-tile-not-on-rack", &[("tile", tile.clone().into())]),
        RuleError::NothingToExchange => locale.t("error-nothing-to-exchange"),
        RuleError::ExchangeNotAllowed { bag, needed } => {
            locale.t_with("error-exchange-not-allowed", &[("bag", count(*bag)), ("needed", count(*needed))])
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_sub_state::<Overlay>()
        .add_message::<NewMatch>()
        .add_message::<ResumeMatch>()
        .add_message::<Action>()
        .add_message::<TurnApplied>()
        .add_message::<MoveRefused>()
        .add_plugins((turn::plugin, board::plugin, input::plugin, effects::plugin, chat::plugin));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::i18n::UiLanguage;

    #[test]
    fn refusals_are_told_with_their_figures() {
        let polish = Locale::new(UiLanguage::Pl);
        let refused = rule_error(&polish, &RuleError::ExchangeNotAllowed { bag: 3, needed: 7 });
        assert!(refused.contains('3') && refused.contains('7'), "{refused}");
        let english = Locale::new(UiLanguage::En);
        let one = rule_error(&english, &RuleError::NotInLexicon(vec!["QXZ".into()]));
        let two = rule_error(&english, &RuleError::NotInLexicon(vec!["QXZ".into(), "ZZQ".into()]));
        assert!(one.contains("QXZ") && two.contains("ZZQ") && one != two);
        let left_out = rule_error(&english, &RuleError::LeftOut(vec!["BUTT".into()]));
        assert_eq!(left_out, "BUTT is left out of the family word list.");
    }
}
