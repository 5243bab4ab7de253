//! Leaderboards and profiles (§6.1) on the online screen: a rating list's
//! best players with this device's player's own place, and anyone's
//! profile (a tap on a name) with a chart of their rating.

use super::online::{OnlineForm, Page};
use crate::Screen;
use crate::online::{Fetched, OnlineAccount, lobby};
use crate::settings::Settings;
use crate::ui::i18n::Locale;
use crate::ui::i18n::{GAME_LANGUAGES, language_key, rules_key};
use crate::ui::theme::{self, egui_colour};
use crate::ui::widgets::centred_choices;
use bevy::prelude::*;
use bevy_egui::egui;
use wocable_crossword::RuleSetKind;
use wocable_lexicon::Language;
use wocable_net::{GameRatings, Leaderboard, ListRecord, Profile, RoomCode};

/// What the rating pages ask the server for.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum RatingsRequest {
    Leaderboard {
        rules: RuleSetKind,
        language: Language,
    },
    Profile(String),
    /// How the game in this room changed ratings.
    Game(RoomCode),
}

/// The leaderboard, the profile and the game's rating changes last asked
/// for.
#[derive(Resource, Default)]
pub struct Ratings {
    pub leaderboard: Fetched<Leaderboard>,
    pub profile: Fetched<Profile>,
    pub game: Fetched<GameRatings>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Ratings>()
        .add_message::<RatingsRequest>()
        .add_systems(Update, (ask, poll).chain().run_if(in_state(Screen::Online).or_else(in_state(Screen::Results))));
}

fn ask(
    mut requests: MessageReader<RatingsRequest>,
    mut ratings: ResMut<Ratings>,
    settings: Res<Settings>,
    account: Res<OnlineAccount>,
) {
    let lobby = lobby(&settings);
    for request in requests.read() {
        match request {
            RatingsRequest::Leaderboard { rules, language } => {
                let me = account.on(lobby.server()).map(|kept| kept.account.nick.as_str());
                ratings.leaderboard = Fetched::Asked(lobby.leaderboard(*rules, *language, me));
            }
            RatingsRequest::Profile(nick) => ratings.profile = Fetched::Asked(lobby.profile(nick)),
            RatingsRequest::Game(code) => ratings.game = Fetched::Asked(lobby.game_ratings(*code)),
        }
    }
}

fn poll(mut ratings: ResMut<Ratings>) {
    ratings.leaderboard.poll();
    ratings.profile.poll();
    ratings.game.poll();
}

/// Shows where a fetch is; what it got, once it came.
pub(super) fn fetched<'a, T>(ui: &mut egui::Ui, locale: &Locale, fetched: &'a Fetched<T>) -> Option<&'a T> {
    match fetched {
        Fetched::Got(got) => Some(got),
        Fetched::Asked(_) => {
            ui.spinner();
            None
        }
        Fetched::Failed(error) => {
            ui.colored_label(egui_colour(theme::WARNING), super::online::lobby_failure(locale, error));
            None
        }
        Fetched::Nothing => None,
    }
}

/// A rating list's best players, and this device's player's place.
pub(super) fn leaderboard_page(
    ui: &mut egui::Ui,
    locale: &Locale,
    form: &mut OnlineForm,
    ratings: &Ratings,
    requests: &mut MessageWriter<RatingsRequest>,
) {
    let list = (form.rules, form.language);
    ui.label(crate::ui::bold(locale.t("new-game-rules"), 20.0));
    centred_choices(ui, &mut form.rules, &RuleSetKind::ALL.map(|r| (r, locale.t(rules_key(r)))));
    ui.label(crate::ui::bold(locale.t("new-game-language"), 20.0));
    centred_choices(ui, &mut form.language, &GAME_LANGUAGES.map(|l| (l, locale.t(language_key(l)))));
    if (form.rules, form.language) != list {
        requests.write(RatingsRequest::Leaderboard { rules: form.rules, language: form.language });
    }
    ui.separator();
    let Some(board) = fetched(ui, locale, &ratings.leaderboard) else { return };
    if board.players.is_empty() {
        ui.label(locale.t("ratings-none"));
    }
    egui::Grid::new("leaderboard").striped(true).spacing([24.0, 8.0]).show(ui, |ui| {
        for placed in &board.players {
            ui.label(format!("{}", placed.place));
            if ui.link(crate::ui::bold(&placed.nick, 18.0)).clicked() {
                open_profile(form, requests, &placed.nick);
            }
            ui.label(format!("{:.0}", placed.rating));
            ui.label(locale.t_with("ratings-games", &[("games", placed.games.into())]));
            ui.end_row();
        }
    });
    if let Some(you) = &board.you {
        ui.add_space(8.0);
        let place = [("place", you.place.into()), ("rating", format!("{:.0}", you.rating).into())];
        ui.label(crate::ui::bold(locale.t_with("ratings-your-place", &place), 18.0));
    }
}

pub(super) fn open_profile(form: &mut OnlineForm, requests: &mut MessageWriter<RatingsRequest>, nick: &str) {
    form.profile_from = form.page;
    form.page = Page::Profile;
    requests.write(RatingsRequest::Profile(nick.to_string()));
}

/// A player's record on each rating list they played on.
pub(super) fn profile_page(ui: &mut egui::Ui, locale: &Locale, ratings: &Ratings) {
    let Some(profile) = fetched(ui, locale, &ratings.profile) else { return };
    ui.label(crate::ui::bold(&profile.nick, 28.0).color(egui_colour(theme::ACCENT)));
    if profile.lists.is_empty() {
        ui.label(locale.t("ratings-no-games"));
    }
    for list in &profile.lists {
        ui.add_space(8.0);
        record(ui, locale, list);
    }
}

fn record(ui: &mut egui::Ui, locale: &Locale, list: &ListRecord) {
    let title = format!("{} · {}", locale.t(rules_key(list.rules)), locale.t(language_key(list.language)));
    ui.label(crate::ui::bold(title, 20.0));
    // A provisional rating is shown with a question mark, as on Lichess.
    let rating = format!("{:.0}{}", list.rating.rating, if list.provisional { "?" } else { "" });
    let deviation = format!("{:.0}", list.rating.deviation);
    ui.label(locale.t_with("ratings-rating", &[("rating", rating.into()), ("deviation", deviation.into())]));
    let games = [
        ("games", list.games.into()),
        ("wins", list.wins.into()),
        ("draws", list.draws.into()),
        ("losses", list.losses.into()),
    ];
    ui.label(locale.t_with("ratings-record", &games));
    let figures = [("average", format!("{:.1}", list.points_per_turn).into()), ("bingos", list.bingos.into())];
    ui.label(locale.t_with("ratings-figures", &figures));
    if let Some(best) = &list.best {
        ui.label(locale.t_with("ratings-best", &[("word", best.word.clone().into()), ("score", best.score.into())]));
    }
    chart(ui, list);
}

/// How the game changed each member's rating: "Ana 1500 → 1512 (+12)".
pub(super) fn rating_changes(ui: &mut egui::Ui, locale: &Locale, ratings: &Ratings) {
    let Fetched::Got(game) = &ratings.game else { return };
    for change in &game.changes {
        let after = format!("{:.0}{}", change.after, if change.provisional { "?" } else { "" });
        let difference = (change.after - change.before).round();
        let args = [
            ("nick", change.nick.clone().into()),
            ("before", format!("{:.0}", change.before).into()),
            ("after", after.into()),
            ("change", format!("{difference:+.0}").into()),
        ];
        let colour = if difference < 0.0 { theme::WARNING } else { theme::ACCENT };
        ui.label(egui::RichText::new(locale.t_with("results-rating", &args)).color(egui_colour(colour)));
    }
}

/// The rating after each game, as a line.
fn chart(ui: &mut egui::Ui, list: &ListRecord) {
    let ratings: Vec<f64> = list.history.iter().map(|point| point.rating).collect();
    if ratings.len() < 2 {
        return;
    }
    let low = ratings.iter().copied().fold(f64::INFINITY, f64::min) - 10.0;
    let high = ratings.iter().copied().fold(f64::NEG_INFINITY, f64::max) + 10.0;
    let size = egui::vec2(ui.available_width().min(420.0), 120.0);
    let (response, painter) = ui.allocate_painter(size, egui::Sense::hover());
    let rect = response.rect.shrink(4.0);
    let last = (ratings.len() - 1) as f32;
    let line: Vec<egui::Pos2> = ratings
        .iter()
        .enumerate()
        .map(|(i, rating)| {
            let x = rect.left() + rect.width() * i as f32 / last;
            let y = rect.bottom() - rect.height() * ((rating - low) / (high - low)) as f32;
            egui::pos2(x, y)
        })
        .collect();
    let faint = egui::Color32::from_gray(90);
    painter.rect_stroke(response.rect, 4.0, egui::Stroke::new(1.0, faint), egui::StrokeKind::Inside);
    painter.add(egui::Shape::line(line, egui::Stroke::new(2.0, egui_colour(theme::ACCENT))));
    let font = egui::FontId::proportional(12.0);
    let corner = |at: egui::Pos2, align, value: f64| {
        painter.text(at, align, format!("{value:.0}"), font.clone(), egui::Color32::from_gray(160));
    };
    corner(rect.left_top(), egui::Align2::LEFT_TOP, high - 10.0);
    corner(rect.left_bottom(), egui::Align2::LEFT_BOTTOM, low + 10.0);
}
