//! Home: continue the saved game, start a new one, the dictionary,
//! settings and how to play.

use super::trace_menu::mode_name;
use crate::Screen;
use crate::crossword::referee::LocalReferee;
use crate::crossword::turn::{PendingStart, local_match};
use crate::crossword::{ResumeMatch, SAVE_FILE, SAVE_VERSION, SavedMatch};
use crate::lexicons::{GameLexicons, Unavailable};
use crate::online::{ACCOUNT_FILE, MyGamesList, OnlineRequest, SEAT_FILE};
use crate::storage::{Damage, DamagedFiles, Storage};
use crate::trace::hud::clock_text;
use crate::trace::{ROUND_FILE, ResumeRound, SavedRoundInfo};
use crate::ui::i18n::Locale;
use crate::ui::theme;
use crate::ui::widgets::{centred_page, wide_button};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use wocable_crossword::Premium;

/// The saved game "Continue" resumes, described in a line; `None` when
/// there is none or it cannot be resumed.
#[derive(Resource, Default, Debug)]
pub struct SavedGameInfo(pub Option<String>);

/// Why the saved game cannot go on just now.
#[derive(Resource, Default, Debug)]
pub struct SavedGameWaits(pub Option<Unavailable>);

/// Whether this device has a seat in an online game that may still be
/// running on the server.
#[derive(Resource, Default, Debug)]
pub struct OnlineSeatKept(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SavedGameInfo>()
        .init_resource::<SavedGameWaits>()
        .init_resource::<OnlineSeatKept>()
        .add_systems(OnEnter(Screen::Home), read_saved_game)
        .add_systems(Update, check_saved_game.run_if(in_state(Screen::Home)));
}

/// The saved game, read and waiting for its lexicon to be checked.
#[derive(Resource)]
struct SaveToCheck(SavedMatch);

pub(super) fn ui(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw.in_set(crate::ui::Drawing).run_if(in_state(Screen::Home)));
}

fn read_saved_game(
    mut commands: Commands,
    storage: Res<Storage>,
    mut info: ResMut<SavedGameInfo>,
    mut waits: ResMut<SavedGameWaits>,
    mut seat_kept: ResMut<OnlineSeatKept>,
    mut damaged: ResMut<DamagedFiles>,
) {
    info.0 = None;
    waits.0 = None;
    seat_kept.0 = storage.read(SEAT_FILE).is_some();
    match storage.read_versioned::<SavedMatch>(SAVE_FILE, SAVE_VERSION) {
        Ok(Some(saved)) => commands.insert_resource(SaveToCheck(saved)),
        Ok(None) => {}
        Err(damage) => damaged.0.push(storage.set_aside(SAVE_FILE, damage)),
    }
}

/// Offers the saved game once it resumes with its lexicon; one the rules
/// refuse is set aside. One whose word list cannot be had (not fetched
/// just now, or a list of the player's since removed) is kept, and the
/// home screen says why it is not offered.
fn check_saved_game(
    mut commands: Commands,
    save: Option<Res<SaveToCheck>>,
    mut lexicons: GameLexicons,
    mut info: ResMut<SavedGameInfo>,
    mut waits: ResMut<SavedGameWaits>,
    storage: Res<Storage>,
    mut damaged: ResMut<DamagedFiles>,
) {
    let Some(SaveToCheck(saved)) = save.as_deref() else { return };
    let lexicon = match lexicons.get(&saved.game.config.settings) {
        Ok(Some(lexicon)) => lexicon,
        // Still on its way: the next frame looks again.
        Ok(None) => return,
        Err(why) => {
            waits.0 = Some(why);
            return commands.remove_resource::<SaveToCheck>();
        }
    };
    commands.remove_resource::<SaveToCheck>();
    let resumed = LocalReferee::resume(saved, lexicon.clone())
        .map_err(|e| e.to_string())
        .and_then(|mut referee| local_match(&mut referee, lexicon).map_err(|e| e.to_string()));
    match resumed {
        Ok(m) => info.0 = Some(m.scores()),
        // On a list of the player's, the list may be the one that changed:
        // the game is kept for the list to come back.
        Err(error) if let Some(name) = &saved.game.config.settings.word_list => {
            warn!("the saved game does not resume on the word list {name}: {error}");
            waits.0 = Some(Unavailable::Changed(name.clone()));
        }
        Err(error) => {
            warn!("the saved game does not resume: {error}");
            damaged.0.push(storage.set_aside(SAVE_FILE, Damage::AgainstTheRules));
        }
    }
}

/// What was set aside, and why, in a warning the player can dismiss.
fn damaged_notices(ui: &mut egui::Ui, locale: &Locale, damaged: &mut DamagedFiles) {
    if damaged.0.is_empty() {
        return;
    }
    for file in &damaged.0 {
        let why = locale.t(match file.damage {
            Damage::Unreadable => "damaged-unreadable",
            Damage::Newer => "damaged-newer",
            Damage::AgainstTheRules => "damaged-against-the-rules",
        });
        let what = match file.name {
            SAVE_FILE => "damaged-game",
            ROUND_FILE => "damaged-round",
            ACCOUNT_FILE => "damaged-account",
            _ => "damaged-settings",
        };
        let kept = match &file.kept_as {
            Some(aside) => locale.t_with("damaged-kept", &[("file", aside.clone().into())]),
            None => locale.t("damaged-not-kept"),
        };
        let text = format!("{} {kept}", locale.t_with(what, &[("why", why.into())]));
        ui.colored_label(theme::egui_colour(theme::WARNING), text);
    }
    if ui.button(locale.t("damaged-dismiss")).clicked() {
        damaged.0.clear();
    }
    ui.add_space(8.0);
}

/// What may be continued: the saved game and what it waits for, a start
/// waiting for its word list, a seat kept online, the saved Trace round.
#[derive(SystemParam)]
struct Continuable<'w> {
    info: Res<'w, SavedGameInfo>,
    waits: Res<'w, SavedGameWaits>,
    pending: Res<'w, PendingStart>,
    seat_kept: Res<'w, OnlineSeatKept>,
    trace: Res<'w, SavedRoundInfo>,
    my_games: Res<'w, MyGamesList>,
}

/// How each is continued.
#[derive(SystemParam)]
struct Continues<'w, 's> {
    resume: MessageWriter<'w, ResumeMatch>,
    requests: MessageWriter<'w, OnlineRequest>,
    resume_trace: MessageWriter<'w, ResumeRound>,
    commands: Commands<'w, 's>,
}

fn draw(
    mut contexts: EguiContexts,
    locale: Res<Locale>,
    continuable: Continuable,
    settings: Res<crate::settings::Settings>,
    mut screen: ResMut<NextState<Screen>>,
    continues: Continues,
    mut damaged: ResMut<DamagedFiles>,
) -> Result {
    let Continues { mut resume, mut requests, mut resume_trace, mut commands } = continues;
    let Continuable { info, waits, pending, seat_kept, trace, my_games } = continuable;
    let ctx = contexts.ctx_mut()?;
    centred_page(ctx, "", |ui| {
        ui.add_space(24.0);
        let side = (ui.available_width() / 7.5).min(56.0);
        let title = [("W", 4), ("O", 1), ("C", 3), ("A", 1), ("B", 3), ("L", 1), ("E", 1)];
        let premiums = [
            Premium::TripleWord,
            Premium::None,
            Premium::DoubleLetter,
            Premium::None,
            Premium::DoubleWord,
            Premium::None,
            Premium::TripleLetter,
        ];
        let tiles: Vec<_> =
            title.iter().zip(premiums).map(|((letter, value), premium)| (*letter, *value, premium)).collect();
        crate::crossword::picture::tiles_row(ui, side, &tiles, settings.colour_blind);
        ui.add_space(12.0);
        ui.label(locale.t("home-tagline"));
        ui.add_space(24.0);
        damaged_notices(ui, &locale, &mut damaged);
        if let Some(why) = &waits.0 {
            super::fetch_failed(ui, &locale, why);
        }
        if let Some(summary) = &info.0 {
            if wide_button(ui, crate::ui::bold(locale.t("home-continue"), 20.0)).clicked() {
                resume.write(ResumeMatch);
            }
            super::fetch_status(ui, &locale, &pending);
            ui.small(summary);
            ui.add_space(8.0);
        }
        if seat_kept.0 && wide_button(ui, crate::ui::bold(locale.t("home-rejoin"), 20.0)).clicked() {
            requests.write(OnlineRequest::Rejoin);
            screen.set(Screen::Online);
        }
        let my_turn = my_games.my_turn();
        if my_turn > 0
            && wide_button(ui, crate::ui::bold(locale.t_with("home-my-turn", &[("count", my_turn.into())]), 20.0))
                .clicked()
        {
            commands.insert_resource(super::online::OpenOnPage(super::online::Page::MyGames));
            screen.set(Screen::Online);
        }
        if let Some((mode, left)) = trace.0 {
            let args = [("mode", mode_name(&locale, mode).into()), ("time", clock_text(left).into())];
            if wide_button(ui, crate::ui::bold(locale.t_with("trace-resume", &args), 20.0)).clicked() {
                resume_trace.write(ResumeRound);
            }
            ui.add_space(8.0);
        }
        for (key, next) in [
            ("home-new-game", Screen::NewGame),
            ("home-trace", Screen::TraceMenu),
            ("home-online", Screen::Online),
            ("home-dictionary", Screen::Dictionary),
            ("home-settings", Screen::Settings),
            ("home-how-to-play", Screen::HowToPlay),
        ] {
            if wide_button(ui, locale.t(key)).clicked() {
                screen.set(next);
            }
        }
    });
    Ok(())
}
