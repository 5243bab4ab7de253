//! A rematch at the end of an online game: the results offer one and say
//! who else wants it; each player answers once, and when every person of
//! the game wants it (computer players always do) the new room's game
//! opens, with the same players and settings. The server keeps the
//! answers; the results ask it where things stand every few seconds.
//! Arena games have none: the arena pairs its next games itself.

use super::online::lobby_failure;
use crate::Screen;
use crate::online::{ArenaEntry, Call, CallError, FinishedOnline, OnlineRequest, lobby};
use crate::settings::Settings;
use crate::ui::bold;
use crate::ui::i18n::Locale;
use crate::ui::widgets::{centred_row, wide_button};
use bevy::prelude::*;
use bevy_egui::egui;
use wocable_net::{Joined, Rematch};

/// The player's answer to a rematch of the game just finished.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnswerRematch(pub bool);

/// A rematch of the game just finished, on its results.
#[derive(Resource)]
pub struct RematchOffer {
    /// The seat in the finished game.
    finished: Joined,
    /// The player's answer, once given.
    pub answer: Option<bool>,
    /// Where it stands, as the server last said.
    pub state: Rematch,
    pub failed: Option<CallError>,
    call: Option<Call<Rematch>>,
    /// When to ask next (the app's time, in seconds).
    next_ask: f32,
    /// The seat in the new room was taken.
    pub seated: bool,
}

/// How often the server is asked while the players make up their minds.
const ASK_EVERY: f32 = 2.0;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<AnswerRematch>()
        .add_systems(OnEnter(Screen::Results), offer)
        .add_systems(Update, (answer, ask).chain().run_if(resource_exists::<RematchOffer>))
        .add_systems(OnExit(Screen::Results), |mut commands: Commands| commands.remove_resource::<RematchOffer>());
}

fn offer(mut commands: Commands, finished: Option<Res<FinishedOnline>>, entry: Res<ArenaEntry>) {
    let Some(FinishedOnline(finished)) = finished.as_deref() else { return };
    if entry.game == Some(finished.code) {
        return;
    }
    commands.insert_resource(RematchOffer {
        finished: finished.clone(),
        answer: None,
        state: Rematch::default(),
        failed: None,
        call: None,
        next_ask: 0.0,
        seated: false,
    });
}

/// An answer is said at once (a question under way is given up for it).
fn answer(mut answers: MessageReader<AnswerRematch>, mut offer: ResMut<RematchOffer>) {
    for AnswerRematch(yes) in answers.read() {
        if offer.answer.is_none() {
            offer.answer = Some(*yes);
            offer.call = None;
            offer.next_ask = 0.0;
        }
    }
}

fn ask(
    mut offer: ResMut<RematchOffer>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut requests: MessageWriter<OnlineRequest>,
) {
    let now = time.elapsed_secs();
    if let Some(call) = &offer.call {
        let Some(answer) = call.take() else { return };
        offer.call = None;
        offer.next_ask = now + ASK_EVERY;
        match answer {
            Ok(state) => {
                if let Some(joined) = state.joined.clone().filter(|_| !offer.seated) {
                    offer.seated = true;
                    requests.write(OnlineRequest::Rematch(joined));
                }
                offer.state = state;
                offer.failed = None;
            }
            Err(error) => offer.failed = Some(error),
        }
        return;
    }
    // Settled: seated, called off, or refused (the room was let go).
    let refused = matches!(offer.failed, Some(CallError::Refused { .. }));
    if offer.seated || offer.state.declined.is_some() || refused || now < offer.next_ask {
        return;
    }
    offer.call = Some(lobby(&settings).rematch(&offer.finished, offer.answer));
}

/// The offer on the results: who wants it, and the player's two answers
/// until they give one.
pub(super) fn show(
    ui: &mut egui::Ui,
    locale: &Locale,
    offer: &RematchOffer,
    answers: &mut MessageWriter<AnswerRematch>,
) {
    ui.add_space(12.0);
    if let Some(name) = &offer.state.declined {
        ui.label(locale.t_with("results-rematch-declined", &[("name", name.clone().into())]));
        return;
    }
    if let Some(error) = &offer.failed {
        ui.label(lobby_failure(locale, error));
    }
    match offer.answer {
        None => {
            if !offer.state.wanted.is_empty() {
                let names = offer.state.wanted.join(", ");
                ui.label(locale.t_with("results-rematch-wanted", &[("names", names.into())]));
            }
            if wide_button(ui, bold(locale.t("results-rematch"), 20.0)).clicked() {
                answers.write(AnswerRematch(true));
            }
            if wide_button(ui, locale.t("results-no-rematch")).clicked() {
                answers.write(AnswerRematch(false));
            }
        }
        Some(true) => {
            let key = if offer.seated { "results-rematch-starting" } else { "results-rematch-waiting" };
            centred_row(ui, |ui| {
                ui.spinner();
                ui.label(locale.t(key));
            });
        }
        Some(false) => {
            ui.label(locale.t("results-rematch-refused"));
        }
    }
}
