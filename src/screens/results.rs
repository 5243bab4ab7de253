//! Results: the standings, the pairwise results of §3.4, each player's
//! best play and bingos, and a review of every turn beside the best move
//! there was (§4.3).

use super::friends::befriend_opponents;
use super::online::OnlineForm;
use super::ratings::{Ratings, RatingsRequest, rating_changes};
use super::rematch::{AnswerRematch, RematchOffer};
use crate::Screen;
use crate::crossword::picture::{PictureTile, TileLook, board_picture};
use crate::crossword::referee::BagCheck;
use crate::crossword::thinking::{ThinkInSteps, steps_for};
use crate::crossword::turn::FinalRecord;
use crate::online::{ArenaEntry, FinishedOnline, FriendsList, FriendsRequest, OnlineRequest};
use crate::settings::Settings;
use crate::ui::bold;
use crate::ui::i18n::Locale;
use crate::ui::theme::{self, egui_colour};
use crate::ui::widgets::wide_button;
use crate::ui::widgets::{centred_choices, centred_page, centred_row};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
#[cfg(not(target_arch = "wasm32"))]
use bevy::tasks::{AsyncComputeTaskPool, Task};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
#[cfg(not(target_arch = "wasm32"))]
use std::sync::{
    Arc,
    atomic::{AtomicUsize, Ordering},
};
use std::time::Duration;
use wocable_crossword::GameSettings;
use wocable_crossword::Outcome;
use wocable_crossword::computer::{Reviewer, TurnReview};
use wocable_crossword::{Event, Game, Intent};
use wocable_crossword::{Layout, Pos};
use wocable_crossword::{PlacedTile, SIZE};

/// A square of the review's pictures of the board, where there is room.
const PICTURE_SQUARE: f32 = 22.0;
/// The bar that shows the review being made, as wide as a phone allows.
const REVIEWING_BAR_WIDTH: f32 = 280.0;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatResult {
    pub seat: usize,
    pub name: String,
    pub rank: usize,
    pub score: i32,
    pub left: bool,
    /// Main word and score of the best play.
    pub best_play: Option<(String, u32)>,
    pub bingos: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewLine {
    pub name: String,
    pub played: Option<(String, String)>,
    pub score: u32,
    pub best: Option<(String, String, u32)>,
    /// The tiles put down (taken back if the play was withdrawn).
    pub played_tiles: Vec<PictureTile>,
    pub best_tiles: Vec<PictureTile>,
}

impl ReviewLine {
    /// Remote rules: tiles were put down, but a word was not in the
    /// dictionary and they went back to the rack.
    pub fn withdrawn(&self) -> bool {
        self.played.is_none() && !self.played_tiles.is_empty()
    }

    /// What was played, as "H8 WORD 24".
    fn played_text(&self, locale: &Locale) -> String {
        match &self.played {
            Some((pos, word)) => format!("{pos} {word} {}", self.score),
            None if self.withdrawn() => locale.t("results-withdrawn"),
            // An exchange or a pass (resigning is not a turn of the review).
            None => locale.t("results-no-play"),
        }
    }

    fn best_text(&self, locale: &Locale) -> String {
        match &self.best {
            Some((pos, word, score)) => format!("{pos} {word} {score}"),
            None => locale.t("results-no-move"),
        }
    }

    /// "Best: H8 WORD 24", beside or under the move played.
    fn best_caption(&self, locale: &Locale) -> String {
        locale.t_with("results-best-move", &[("move", self.best_text(locale).into())])
    }

    /// Whether the player found a move that scored as much as the best.
    fn found_best(&self) -> bool {
        self.played.is_some() && self.best.as_ref().is_some_and(|(.., best)| self.score >= *best)
    }
}

/// The turn of the review shown on the board, and on a narrow window
/// which of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Viewing {
    pub turn: usize,
    pub best: bool,
}

/// What the results screen shows.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct Results {
    pub seats: Vec<SeatResult>,
    /// (winner or first of a draw, other, outcome for the first).
    pub pairs: Vec<(String, String, Outcome)>,
    pub review: Vec<ReviewLine>,
    /// Whether the review is open under the standings.
    pub review_shown: bool,
    pub viewing: Option<Viewing>,
    /// The game's premium squares, for pictures of the board.
    pub layout: Layout,
}

impl Results {
    /// The standings of `game`; its review is made apart ([`Reviewing`]).
    pub fn of(game: &Game) -> Results {
        let name = |seat: usize| game.settings().players[seat].clone();
        let language = game.settings().language;
        let mut seats: Vec<SeatResult> = game
            .standings()
            .into_iter()
            .map(|standing| SeatResult {
                seat: standing.seat,
                name: name(standing.seat),
                rank: standing.rank,
                score: standing.score,
                left: standing.left,
                best_play: None,
                bingos: 0,
            })
            .collect();
        for event in game.log() {
            let Event::Played { seat, play, .. } = event else { continue };
            let Some(result) = seats.iter_mut().find(|r| r.seat == *seat) else { continue };
            result.bingos += usize::from(play.bingo);
            if result.best_play.as_ref().is_none_or(|(_, best)| play.score > *best) {
                let word = play.spelt(language).into_iter().next().unwrap_or_default();
                result.best_play = Some((word, play.score));
            }
        }
        let pairs = game
            .pairwise_results()
            .into_iter()
            .map(|pair| match pair.outcome {
                Outcome::Loss => (name(pair.opponent), name(pair.seat), Outcome::Win),
                outcome => (name(pair.seat), name(pair.opponent), outcome),
            })
            .collect();
        Results { seats, pairs, review: Vec::new(), review_shown: false, viewing: None, layout: game.layout().clone() }
    }

    /// The tiles on the board when `turn` of the review began: those of
    /// the plays that stayed (a withdrawn play's went back).
    pub fn board_before(&self, turn: usize) -> impl Iterator<Item = &PictureTile> {
        self.review.iter().take(turn).filter(|line| line.played.is_some()).flat_map(|line| &line.played_tiles)
    }
}

/// Every turn of a game played with `settings` as the review shows it.
fn review_lines(settings: &GameSettings, turns: &[TurnReview]) -> Vec<ReviewLine> {
    let language = settings.language;
    let picture = |tiles: &[(Pos, PlacedTile)]| {
        let tile = |(pos, tile): &(Pos, PlacedTile)| PictureTile {
            pos: *pos,
            letter: language.label(tile.letter).to_string(),
            blank: tile.blank,
        };
        tiles.iter().map(tile).collect::<Vec<_>>()
    };
    turns
        .iter()
        .map(|turn| ReviewLine {
            name: settings.players[turn.seat].clone(),
            played_tiles: match &turn.intent {
                Intent::Play { tiles, .. } => picture(tiles),
                _ => Vec::new(),
            },
            best_tiles: turn.best.as_ref().map_or_else(Vec::new, |best| picture(&best.tiles)),
            played: turn.played_notation.clone(),
            score: turn.score,
            best: turn
                .best_notation
                .clone()
                .zip(turn.best.as_ref().map(|m| m.score))
                .map(|((pos, word), score)| (pos, word, score)),
        })
        .collect()
}

/// The review being made, which runs the move generator for every turn:
/// off the frame, as a computer player thinks ([`ThinkInSteps`]) — on
/// another thread, or on the web a few turns a frame. The standings show
/// meanwhile, and the review's box says how far it has got.
#[derive(Resource)]
pub struct Reviewing(ReviewWork);

enum ReviewWork {
    #[cfg(not(target_arch = "wasm32"))]
    Task {
        task: Task<Vec<ReviewLine>>,
        /// Turns reviewed, told by the thread that reviews them.
        done: Arc<AtomicUsize>,
        total: usize,
    },
    Steps {
        settings: Box<GameSettings>,
        reviewer: Box<Reviewer>,
        per_frame: Duration,
    },
}

impl Reviewing {
    fn start(game: &Game, in_steps: Option<ThinkInSteps>) -> Reviewing {
        let reviewer = Reviewer::new(game);
        let settings = game.settings().clone();
        #[cfg(not(target_arch = "wasm32"))]
        let Some(ThinkInSteps { per_frame }) = in_steps else {
            let (done, total) = (Arc::new(AtomicUsize::new(0)), reviewer.progress().1);
            let counted = done.clone();
            let task = AsyncComputeTaskPool::get().spawn(async move {
                let mut reviewer = reviewer;
                while reviewer.step() {
                    counted.store(reviewer.progress().0, Ordering::Relaxed);
                }
                review_lines(&settings, reviewer.turns())
            });
            return Reviewing(ReviewWork::Task { task, done, total });
        };
        #[cfg(target_arch = "wasm32")]
        let ThinkInSteps { per_frame } = in_steps.unwrap_or_default();
        Reviewing(ReviewWork::Steps { settings: Box::new(settings), reviewer: Box::new(reviewer), per_frame })
    }

    /// Reviews on (for its time a frame, when on this thread); the review
    /// once it is made.
    fn poll(&mut self) -> Option<Vec<ReviewLine>> {
        match &mut self.0 {
            #[cfg(not(target_arch = "wasm32"))]
            ReviewWork::Task { task, .. } => bevy::tasks::futures::check_ready(task),
            ReviewWork::Steps { settings, reviewer, per_frame } => {
                steps_for(*per_frame, || reviewer.step()).then(|| review_lines(settings, reviewer.turns()))
            }
        }
    }

    /// The share of the turns reviewed, from 0 to 1.
    pub fn progress(&self) -> f32 {
        let (done, total) = match &self.0 {
            #[cfg(not(target_arch = "wasm32"))]
            ReviewWork::Task { done, total, .. } => (done.load(Ordering::Relaxed), *total),
            ReviewWork::Steps { reviewer, .. } => reviewer.progress(),
        };
        done as f32 / total.max(1) as f32
    }
}

pub(super) fn plugin(app: &mut App) {
    // The last game's results go on the way out, so that those shown are
    // this game's: made as the screen opens, or once an online game's
    // record comes, which may be a frame or two after its end.
    app.add_systems(
        Update,
        make_the_results.run_if(
            in_state(Screen::Results)
                .and_then(resource_exists::<FinalRecord>)
                .and_then(not(resource_exists::<Results>)),
        ),
    )
    .add_systems(OnEnter(Screen::Results), ask_the_rating_changes)
    .add_systems(Update, make_the_review.run_if(resource_exists::<Reviewing>))
    // A review not yet made is not wanted once the results are left.
    .add_systems(OnExit(Screen::Results), |mut commands: Commands| {
        commands.remove_resource::<Results>();
        commands.remove_resource::<Reviewing>();
        commands.remove_resource::<FinishedOnline>();
    });
}

fn make_the_results(mut commands: Commands, record: Res<FinalRecord>, in_steps: Option<Res<ThinkInSteps>>) {
    commands.insert_resource(Results::of(record.0.game()));
    commands.insert_resource(Reviewing::start(record.0.game(), in_steps.as_deref().copied()));
}

/// An online game's results say how it changed ratings (a local game's
/// show none: see [`OnlineResults::show`]).
fn ask_the_rating_changes(finished: Option<Res<FinishedOnline>>, mut requests: MessageWriter<RatingsRequest>) {
    if let Some(finished) = finished {
        requests.write(RatingsRequest::Game(finished.0.code));
    }
}

fn make_the_review(mut commands: Commands, mut reviewing: ResMut<Reviewing>, mut results: ResMut<Results>) {
    if let Some(review) = reviewing.poll() {
        results.review = review;
        commands.remove_resource::<Reviewing>();
    }
}

pub(super) fn ui(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.in_set(crate::ui::Drawing).run_if(in_state(Screen::Results).and_then(resource_exists::<Results>)),
    );
}

/// What the results of an online game add: rating changes, and the way
/// back to the arena the game was played in.
#[derive(SystemParam)]
struct OnlineResults<'w> {
    finished: Option<Res<'w, FinishedOnline>>,
    bag: Option<Res<'w, BagCheck>>,
    ratings: Res<'w, Ratings>,
    entry: Res<'w, ArenaEntry>,
    form: Option<ResMut<'w, OnlineForm>>,
    requests: MessageWriter<'w, OnlineRequest>,
    rematch: Option<Res<'w, RematchOffer>>,
    answers: MessageWriter<'w, AnswerRematch>,
    friends: Res<'w, FriendsList>,
    friend_requests: MessageWriter<'w, FriendsRequest>,
}

impl OnlineResults<'_> {
    fn show(&mut self, ui: &mut egui::Ui, locale: &Locale, screen: &mut NextState<Screen>) {
        let Some((finished, my_seat)) = self.finished.as_deref().map(|finished| (finished.0.code, finished.0.seat))
        else {
            return;
        };
        match self.bag.as_deref() {
            Some(BagCheck::Verified) => {
                ui.label(locale.t("results-bag-verified"));
            }
            Some(BagCheck::Failed(_)) => {
                ui.colored_label(egui::Color32::RED, locale.t("results-bag-not-verified"));
            }
            None => {}
        }
        rating_changes(ui, locale, &self.ratings);
        if let Some(request) = befriend_opponents(ui, locale, (&self.ratings, my_seat), &self.friends) {
            self.friend_requests.write(request);
        }
        if let Some(offer) = self.rematch.as_deref() {
            super::rematch::show(ui, locale, offer, &mut self.answers);
        }
        // The way back, after a game of the arena the player is in.
        let Some(arena) = self.entry.arena.clone().filter(|_| self.entry.game == Some(finished)) else { return };
        ui.add_space(12.0);
        if wide_button(ui, bold(locale.t("arena-next"), 20.0)).clicked() {
            if let Some(form) = &mut self.form {
                form.show_arena(arena.clone());
            }
            self.requests.write(OnlineRequest::Arena(arena));
            screen.set(Screen::Online);
        }
        if wide_button(ui, locale.t("arena-leave")).clicked() {
            self.requests.write(OnlineRequest::LeaveArena);
        }
    }
}

fn draw(
    mut contexts: EguiContexts,
    locale: Res<Locale>,
    mut results: ResMut<Results>,
    reviewing: Option<Res<Reviewing>>,
    mut screen: ResMut<NextState<Screen>>,
    settings: Res<Settings>,
    mut online: OnlineResults,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let heading = match results.seats.first() {
        Some(winner) if results.seats.iter().filter(|s| s.rank == 1).count() == 1 => {
            locale.t_with("results-winner", &[("name", winner.name.clone().into())])
        }
        _ => locale.t("results-title"),
    };
    centred_page(ctx, &heading, |ui| {
        centred_row(ui, |ui| standings(ui, &locale, &results));
        ui.add_space(8.0);
        for (first, second, outcome) in &results.pairs {
            let key = if *outcome == Outcome::Draw { "results-pair-draw" } else { "results-pair-win" };
            ui.label(locale.t_with(key, &[("first", first.clone().into()), ("second", second.clone().into())]));
        }
        online.show(ui, &locale, &mut screen);
        ui.add_space(12.0);
        let mut review_shown = results.review_shown;
        if let Some(reviewing) = reviewing {
            let bar = egui::ProgressBar::new(reviewing.progress()).text(locale.t("results-reviewing"));
            ui.add_sized([REVIEWING_BAR_WIDTH, 20.0], bar);
        } else if ui.checkbox(&mut review_shown, locale.t("results-review")).changed() {
            results.review_shown = review_shown;
        }
        if review_shown && !results.review.is_empty() {
            ui.small(locale.t("results-review-hint"));
            let side_by_side = ui.available_width() >= 480.0;
            let mut viewing = results.viewing;
            centred_row(ui, |ui| review_table(ui, &locale, &results.review, side_by_side, &mut viewing));
            if viewing != results.viewing {
                results.viewing = viewing;
            }
        }
        ui.add_space(12.0);
        if wide_button(ui, crate::ui::bold(locale.t("home-new-game"), 20.0)).clicked() {
            screen.set(Screen::NewGame);
        }
        if wide_button(ui, locale.t("results-home")).clicked() {
            screen.set(Screen::Home);
        }
    });
    if let Some(viewing) = results.viewing {
        let next = turn_on_the_board(ctx, &locale, &results, viewing, settings.colour_blind);
        if next != results.viewing {
            results.viewing = next;
        }
    }
    Ok(())
}

/// A turn of the review on the board: the move played beside the best
/// one, or one at a time with a choice between them where the window is
/// too narrow for two boards. What to show next frame (`None`: closed, by
/// its button, Escape or a click beside it).
fn turn_on_the_board(
    ctx: &egui::Context,
    locale: &Locale,
    results: &Results,
    mut viewing: Viewing,
    colour_blind: bool,
) -> Option<Viewing> {
    // The arrow keys go from turn to turn, as the buttons do.
    ctx.input(|input| {
        if input.key_pressed(egui::Key::ArrowLeft) {
            viewing.turn = viewing.turn.saturating_sub(1);
        }
        if input.key_pressed(egui::Key::ArrowRight) && viewing.turn + 1 < results.review.len() {
            viewing.turn += 1;
        }
    });
    let line = results.review.get(viewing.turn)?;
    let width = ctx.content_rect().width();
    let side_by_side = width >= 2.0 * SIZE as f32 * PICTURE_SQUARE + 96.0;
    // A phone's board fills the dialog.
    let square = if side_by_side { PICTURE_SQUARE } else { ((width - 64.0) / SIZE as f32).min(PICTURE_SQUARE) };
    let before: Vec<(&PictureTile, TileLook)> =
        results.board_before(viewing.turn).map(|t| (t, TileLook::Earlier)).collect();
    let picture = |ui: &mut egui::Ui, tiles: &[PictureTile], look: TileLook| {
        let mut all = before.clone();
        all.extend(tiles.iter().map(|tile| (tile, look)));
        board_picture(ui, square, &results.layout, &all, colour_blind);
    };
    let played = locale.t_with("results-played-move", &[("move", line.played_text(locale).into())]);
    let best = line.best_caption(locale);
    let mut open = true;
    let modal = egui::Modal::new(egui::Id::new("turn on the board")).show(ctx, |ui| {
        ui.vertical_centered(|ui| {
            let turn = locale.t_with("results-turn", &[("turn", (viewing.turn + 1).into())]);
            ui.label(bold(format!("{turn} · {}", line.name), 20.0));
            if side_by_side {
                ui.horizontal_top(|ui| {
                    for (caption, tiles, look) in [
                        (&played, &line.played_tiles, TileLook::Played),
                        (&best, &line.best_tiles, TileLook::Suggested),
                    ] {
                        let column = egui::vec2(square * SIZE as f32, 0.0);
                        ui.allocate_ui_with_layout(column, egui::Layout::top_down(egui::Align::Center), |ui| {
                            ui.label(caption.as_str());
                            picture(ui, tiles, look);
                        });
                    }
                });
            } else {
                centred_choices(ui, &mut viewing.best, &[(false, played.clone()), (true, best.clone())]);
                if viewing.best {
                    picture(ui, &line.best_tiles, TileLook::Suggested);
                } else {
                    picture(ui, &line.played_tiles, TileLook::Played);
                }
            }
            centred_row(ui, |ui| {
                if ui.add_enabled(viewing.turn > 0, egui::Button::new("◀")).clicked() {
                    viewing.turn -= 1;
                }
                if ui.add_enabled(viewing.turn + 1 < results.review.len(), egui::Button::new("▶")).clicked() {
                    viewing.turn += 1;
                }
                if ui.button(locale.t("back")).clicked() {
                    open = false;
                }
            });
        });
    });
    (open && !modal.should_close()).then_some(viewing)
}

/// Every turn beside the best move there was, or under it where the
/// column is narrow (a phone); a ✓ where the player found a move that
/// scored as much. A turn's number shows it on the board.
fn review_table(
    ui: &mut egui::Ui,
    locale: &Locale,
    review: &[ReviewLine],
    side_by_side: bool,
    viewing: &mut Option<Viewing>,
) {
    egui::Grid::new("review").striped(true).spacing([10.0, 4.0]).show(ui, |ui| {
        ui.label("");
        let headings: &[&str] = if side_by_side {
            &["results-player", "results-played", "results-best"]
        } else {
            &["results-player", "results-played"]
        };
        for key in headings {
            ui.label(crate::ui::bold(locale.t(key), 15.0));
        }
        ui.end_row();
        for (turn, line) in review.iter().enumerate() {
            if ui.small_button((turn + 1).to_string()).clicked() {
                *viewing = Some(Viewing { turn, best: false });
            }
            ui.label(&line.name);
            let played = line.played_text(locale);
            let found = || egui::RichText::new("✓").color(egui_colour(theme::ACCENT));
            if side_by_side {
                ui.label(played);
                ui.label(if line.found_best() { found() } else { line.best_text(locale).into() });
            } else if line.found_best() {
                ui.horizontal(|ui| {
                    ui.label(played);
                    ui.label(found());
                });
            } else {
                ui.vertical(|ui| {
                    ui.label(played);
                    ui.label(egui::RichText::new(line.best_caption(locale)).small().weak());
                });
            }
            ui.end_row();
        }
    });
}

/// The standings in three columns, the best play under the name: a phone
/// is narrow.
fn standings(ui: &mut egui::Ui, locale: &Locale, results: &Results) {
    egui::Grid::new("standings").striped(true).spacing([12.0, 8.0]).show(ui, |ui| {
        for key in ["results-player", "results-score", "results-bingos"] {
            ui.label(crate::ui::bold(locale.t(key), 15.0));
        }
        ui.end_row();
        for seat in &results.seats {
            let mut name = format!("{}. {}", seat.rank, seat.name);
            if seat.left {
                name = format!("{name} ({})", locale.t("results-left"));
            }
            ui.vertical(|ui| {
                ui.add(egui::Label::new(name).extend());
                if let Some((word, score)) = &seat.best_play {
                    let best = locale.t_with("results-best-play", &[("move", format!("{word} {score}").into())]);
                    ui.add(egui::Label::new(egui::RichText::new(best).small()).extend());
                }
            });
            ui.label(crate::ui::bold(seat.score.to_string(), 18.0));
            ui.label(seat.bingos.to_string());
            ui.end_row();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use wocable_crossword::notation::{parse_move, parse_rack};
    use wocable_crossword::{GameConfig, GameSettings, RuleSetKind};
    use wocable_lexicon::{Language, Lexicon};

    /// Remote rules: Ana's TAC is not a word and goes back to her rack;
    /// Ben's ZA stays.
    #[test]
    fn a_withdrawn_play_is_reviewed_but_leaves_no_tiles_on_the_board() {
        let lexicon = Lexicon::import(Language::En, b"CAT\nAT\nTA\nZA".as_slice()).expect("a word list").0;
        let config = GameConfig {
            settings: GameSettings {
                rules: RuleSetKind::Remote,
                language: Language::En,
                players: vec!["Ana".into(), "Ben".into()],
                layout: None,
                word_list: None,
                hints: true,
            },
            seed: 7.into(),
        };
        let racks = ["CATSDOG", "ZAXEQIJ"].map(|rack| parse_rack(Language::En, rack).ok());
        let mut game = Game::with_draws(config, lexicon, racks).expect("a game");
        for (seat, word) in [(0, "TAC"), (1, "ZA")] {
            let tiles = parse_move(Language::En, game.board(), "8G", word).expect("a placement");
            game.apply(Intent::Play { seat, tiles }).expect("played");
        }
        let mut results = Results::of(&game);
        results.review = review_lines(game.settings(), &wocable_crossword::computer::review(&game));
        let [tac, za] = &results.review[..] else { panic!("two turns: {:?}", results.review) };
        assert!(tac.withdrawn() && tac.played.is_none() && tac.score == 0);
        assert_eq!(tac.played_tiles.iter().map(|t| t.letter.as_str()).collect::<String>(), "TAC", "shown as put down");
        assert!(!za.withdrawn());
        assert_eq!(za.played, Some(("8G".into(), "ZA".into())));
        assert_eq!(results.board_before(1).count(), 0, "TAC went back to the rack");
        let board: Vec<_> = results.board_before(2).map(|t| t.letter.as_str()).collect();
        assert_eq!(board, ["Z", "A"]);
    }
}
