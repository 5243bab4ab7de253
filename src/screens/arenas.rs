//! Arenas (§6.2) on the online screen: those running and the latest that
//! ended; an arena's standings, followed live while they are shown; a
//! button to join, and while the player waits to be paired for their next
//! game, a way out.

use super::online::{OnlineForm, Page};
use super::ratings::{RatingsRequest, fetched, open_profile};
use crate::Screen;
use crate::online::Fetched;
use crate::online::{ArenaEntry, Call, Online, OnlineRequest, lobby};
use crate::platform::wall_clock_ms;
use crate::settings::Settings;
use crate::ui::bold;
use crate::ui::i18n::Locale;
use crate::ui::i18n::{GAME_LANGUAGES, language_key, rules_key};
use crate::ui::theme::{self, egui_colour};
use crate::ui::widgets::centred_row;
use crate::ui::widgets::wide_button;
use bevy::prelude::*;
use bevy_egui::egui;
use wocable_crossword::RuleSetKind;
use wocable_net::{ArenaId, ArenaList, ArenaStandings, ArenaSummary};

/// Seconds before live standings are asked again after a failure.
const RETRY_SECONDS: f32 = 5.0;

/// The arenas, and the standings of the one shown.
#[derive(Resource, Default)]
pub struct Arenas {
    pub list: Fetched<ArenaList>,
    pub standings: Fetched<ArenaStandings>,
    /// Whose standings were asked for.
    shown: Option<ArenaId>,
    /// The request that waits for the standings' next change.
    live: Option<Call<ArenaStandings>>,
    retry_at: f32,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Arenas>()
        .add_systems(Update, (follow.run_if(in_state(Screen::Online)), leave_when_the_page_is_left));
}

/// The wait for a pairing is shown on the arena's page: leaving the page
/// (or the screen) leaves the arena, so that the player is never paired
/// in a game they do not see coming.
fn leave_when_the_page_is_left(
    online: Res<Online>,
    screen: Res<State<Screen>>,
    form: Option<Res<OnlineForm>>,
    mut requests: MessageWriter<OnlineRequest>,
) {
    let on_the_page = *screen.get() == Screen::Online && form.is_some_and(|form| form.page == Page::Arena);
    if matches!(*online, Online::Pairing { .. }) && !on_the_page {
        requests.write(OnlineRequest::LeaveArena);
    }
}

/// Fetches what the page shown needs: the list, or an arena's standings
/// and then each change of them while the arena runs.
fn follow(mut arenas: ResMut<Arenas>, form: Option<Res<OnlineForm>>, settings: Res<Settings>, time: Res<Time>) {
    let lobby = lobby(&settings);
    let arenas = &mut *arenas;
    arenas.list.poll();
    arenas.standings.poll();
    let page = form.as_ref().map(|form| form.page);
    if page == Some(Page::Arenas) && matches!(arenas.list, Fetched::Nothing) {
        arenas.list = Fetched::Asked(lobby.arenas());
    }
    let shown = form.and_then(|form| form.arena.clone()).filter(|_| page == Some(Page::Arena));
    let Some(id) = shown else {
        arenas.live = None;
        return;
    };
    if arenas.shown.as_ref() != Some(&id) {
        arenas.standings = Fetched::Asked(lobby.arena(&id, None));
        arenas.shown = Some(id);
        arenas.live = None;
        return;
    }
    let now = time.elapsed_secs();
    if matches!(arenas.standings, Fetched::Failed(_)) && now >= arenas.retry_at {
        arenas.standings = Fetched::Asked(lobby.arena(&id, None));
        arenas.retry_at = now + RETRY_SECONDS;
    }
    if let Some(answer) = arenas.live.as_ref().and_then(Call::take) {
        arenas.live = None;
        match answer {
            Ok(standings) => arenas.standings = Fetched::Got(standings),
            Err(error) => {
                warn!("the arena's standings were not followed: {error}");
                arenas.retry_at = now + RETRY_SECONDS;
            }
        }
    }
    // An arena that ended changes no more.
    let Fetched::Got(standings) = &arenas.standings else { return };
    let running = standings.arena.ends_ms > wall_clock_ms();
    if arenas.live.is_none() && running && now >= arenas.retry_at {
        arenas.live = Some(lobby.arena(&id, Some(standings.version)));
    }
}

/// "Wocable · English".
fn kind_text(locale: &Locale, arena: &ArenaSummary) -> String {
    format!("{} · {}", locale.t(rules_key(arena.kind.rules)), locale.t(language_key(arena.kind.language)))
}

/// Players in it, and how long it runs.
fn status_text(locale: &Locale, arena: &ArenaSummary) -> String {
    let entrants = locale.t_with("arena-entrants", &[("entrants", arena.entrants.into())]);
    let left_ms = arena.ends_ms.saturating_sub(wall_clock_ms());
    let time = if left_ms == 0 {
        locale.t("arena-ended")
    } else {
        locale.t_with("arena-ends-in", &[("minutes", left_ms.div_ceil(60_000).into())])
    };
    format!("{entrants} · {time}")
}

/// The arenas running, and the latest that ended with their winners.
pub(super) fn arenas_page(ui: &mut egui::Ui, locale: &Locale, form: &mut OnlineForm, arenas: &Arenas) {
    let Some(list) = fetched(ui, locale, &arenas.list) else { return };
    ui.label(bold(locale.t("arenas-running"), 20.0));
    if list.running.is_empty() {
        ui.label(locale.t("arenas-none"));
    }
    // In the order of the new game screen's choices.
    let mut running: Vec<&ArenaSummary> = list.running.iter().collect();
    running.sort_by_key(|arena| {
        let rules = RuleSetKind::ALL.iter().position(|r| *r == arena.kind.rules);
        (rules, GAME_LANGUAGES.iter().position(|l| *l == arena.kind.language), arena.kind.players)
    });
    summaries(ui, locale, form, &running, |arena| status_text(locale, arena));
    if !list.recent.is_empty() {
        ui.add_space(8.0);
        ui.label(bold(locale.t("arenas-recent"), 20.0));
    }
    let recent: Vec<&ArenaSummary> = list.recent.iter().collect();
    summaries(ui, locale, form, &recent, |arena| match arena.leaders.first() {
        Some(leader) => locale.t_with("arena-won-by", &[("nick", leader.nick.clone().into())]),
        None => locale.t("arena-ended"),
    });
}

/// A row for each arena: its kind, a line about it, and a way to its page.
fn summaries(
    ui: &mut egui::Ui,
    locale: &Locale,
    form: &mut OnlineForm,
    arenas: &[&ArenaSummary],
    line: impl Fn(&ArenaSummary) -> String,
) {
    for arena in arenas {
        ui.push_id(&arena.id.0, |ui| {
            ui.label(bold(kind_text(locale, arena), 17.0));
            // The line and the button side by side, on a phone too.
            centred_row(ui, |ui| {
                ui.small(line(arena));
                if ui.button(locale.t("arena-standings")).clicked() {
                    form.show_arena(arena.id.clone());
                }
            });
            ui.add_space(4.0);
        });
    }
}

/// An arena: how it runs, joining it or waiting for the next pairing,
/// and its standings, live. What the player asked for, if anything.
pub(super) fn arena_page(
    ui: &mut egui::Ui,
    locale: &Locale,
    form: &mut OnlineForm,
    arenas: &Arenas,
    entry: &ArenaEntry,
    online: &Online,
    ratings: &mut MessageWriter<RatingsRequest>,
) -> Option<OnlineRequest> {
    let standings = fetched(ui, locale, &arenas.standings)?;
    let mut asked = None;
    let arena = &standings.arena;
    ui.label(bold(kind_text(locale, arena), 22.0).color(egui_colour(theme::ACCENT)));
    ui.label(status_text(locale, arena));
    ui.small(locale.t("arena-scoring"));
    ui.add_space(8.0);
    if arena.ends_ms > wall_clock_ms() {
        let in_it = entry.arena.as_ref() == Some(&arena.id);
        if in_it && matches!(online, Online::Pairing { .. }) {
            centred_row(ui, |ui| {
                ui.spinner();
                ui.label(bold(locale.t("arena-pairing"), 18.0));
            });
            if wide_button(ui, locale.t("arena-leave")).clicked() {
                asked = Some(OnlineRequest::LeaveArena);
            }
        } else {
            let join = if in_it { "arena-next" } else { "arena-join" };
            if wide_button(ui, bold(locale.t(join), 20.0)).clicked() {
                asked = Some(OnlineRequest::Arena(arena.id.clone()));
            }
        }
    }
    ui.separator();
    if standings.standings.is_empty() {
        ui.label(locale.t("arena-no-one"));
    }
    egui::Grid::new("arena standings").striped(true).spacing([20.0, 8.0]).show(ui, |ui| {
        for placed in &standings.standings {
            ui.label(placed.place.to_string());
            if ui.link(bold(&placed.nick, 18.0)).clicked() {
                open_profile(form, ratings, &placed.nick);
            }
            // A player on a streak scores double: their score is lit.
            let score = bold(placed.score.to_string(), 18.0);
            ui.label(if placed.fire { score.color(egui_colour(theme::TILE_LAST_MOVE)) } else { score });
            let sheet: Vec<String> = placed.sheet.iter().map(u32::to_string).collect();
            ui.label(sheet.join(" "));
            ui.end_row();
        }
    });
    asked
}
