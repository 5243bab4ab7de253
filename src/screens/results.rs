//! Results: the standings, the pairwise results of §3.4, each player's
//! best play and bingos, and a review of every turn beside the best move
//! there was (§4.3).

use super::home::wide_button;
use super::{Screen, centred_page, centred_row};
use crate::crossword::Match;
use crate::ui::i18n::Locale;
use crate::ui::theme::{self, egui_colour};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use wocable_crossword::Outcome;
use wocable_crossword::computer::review;
use wocable_crossword::game::{Event, Game, Intent};

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
    pub exchanged_or_passed: bool,
    pub score: u32,
    pub best: Option<(String, String, u32)>,
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
}

impl Results {
    pub fn of(game: &Game) -> Results {
        let name = |seat: usize| game.config().players[seat].clone();
        let language = game.config().language;
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
        let review = review(game)
            .into_iter()
            .map(|turn| ReviewLine {
                name: name(turn.seat),
                exchanged_or_passed: !matches!(turn.intent, Intent::Play { .. }),
                played: turn.played_notation,
                score: turn.score,
                best: turn.best_notation.zip(turn.best.map(|m| m.score)).map(|((pos, word), score)| (pos, word, score)),
            })
            .collect();
        Results { seats, pairs, review, review_shown: false }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Results), |mut commands: Commands, m: Option<Res<Match>>| {
        if let Some(m) = m {
            commands.insert_resource(Results::of(&m.game));
        }
    });
}

pub(super) fn ui(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.in_set(crate::ui::Drawing).run_if(in_state(Screen::Results).and_then(resource_exists::<Results>)),
    );
}

fn draw(
    mut contexts: EguiContexts,
    locale: Res<Locale>,
    mut results: ResMut<Results>,
    mut screen: ResMut<NextState<Screen>>,
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
        ui.add_space(12.0);
        let mut review_shown = results.review_shown;
        ui.checkbox(&mut review_shown, locale.t("results-review"));
        results.review_shown = review_shown;
        if review_shown {
            let side_by_side = ui.available_width() >= 480.0;
            centred_row(ui, |ui| review_table(ui, &locale, &results.review, side_by_side));
        }
        ui.add_space(12.0);
        if wide_button(ui, crate::ui::bold(locale.t("home-new-game"), 20.0)).clicked() {
            screen.set(Screen::NewGame);
        }
        if wide_button(ui, locale.t("results-home")).clicked() {
            screen.set(Screen::Home);
        }
    });
    Ok(())
}

/// Every turn beside the best move there was, or under it where the
/// column is narrow (a phone); a ✔ where the player found a move that
/// scored as much.
fn review_table(ui: &mut egui::Ui, locale: &Locale, review: &[ReviewLine], side_by_side: bool) {
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
            ui.label(egui::RichText::new((turn + 1).to_string()).weak());
            ui.label(&line.name);
            let played = match &line.played {
                Some((pos, word)) => format!("{pos} {word} {}", line.score),
                None if line.exchanged_or_passed => locale.t("results-no-play"),
                None => String::new(),
            };
            let found_best = line.played.is_some() && line.best.as_ref().is_some_and(|(.., best)| line.score >= *best);
            let best = match &line.best {
                Some((pos, word, score)) => format!("{pos} {word} {score}"),
                None => locale.t("results-no-move"),
            };
            let found = || egui::RichText::new("✔").color(egui_colour(theme::ACCENT));
            if side_by_side {
                ui.label(played);
                ui.label(if found_best { found() } else { best.into() });
            } else if found_best {
                ui.horizontal(|ui| {
                    ui.label(played);
                    ui.label(found());
                });
            } else {
                ui.vertical(|ui| {
                    ui.label(played);
                    ui.label(egui::RichText::new(format!("{}: {best}", locale.t("results-best"))).small().weak());
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
                    let best = format!("{}: {word} {score}", locale.t("results-best-play"));
                    ui.add(egui::Label::new(egui::RichText::new(best).small()).extend());
                }
            });
            ui.label(crate::ui::bold(seat.score.to_string(), 18.0));
            ui.label(seat.bingos.to_string());
            ui.end_row();
        }
    });
}
