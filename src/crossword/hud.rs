//! The game screen's egui parts: the scoreboard across the top, the
//! controls beside the board (landscape) or under the rack (portrait),
//! the move log, the bag and unseen tiles, hints, and the overlays (pass
//! the device, blank letter, exchange, resign).

use super::board::Player;
use super::chat::{ChatRoom, ChatSays, chat_ui};
use super::composer::Composer;
use super::effects::{ScoreFlight, score_in_the_air};
use super::layout::{BOTTOM_BAR, BoardLayout, SIDE_PANEL, TOP_BAR};
use super::referee::{Connection, TurnClock};
use super::thinking::Thinking;
use super::turn::{Hints, Preview};
use super::{Action, LeaveTo, Match, Modes, Overlay, Seat};
use crate::Screen;
use crate::feedback::Notice;
use crate::ui::i18n::Locale;
use crate::ui::theme::{self, egui_colour};
use crate::ui::widgets::{PauseChoice, cover_screen, pause_screen};
use crate::ui::{bold, bold_family, root_ui};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::collections::BTreeMap;
use wocable_crossword::SeatView;
use wocable_crossword::Tile;
use wocable_crossword::full_bag;
use wocable_crossword::{Event, LeaveReason};
use wocable_lexicon::{Language, Letter};

pub(crate) fn ui(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (panels, score_flights, overlays, notice)
            .chain()
            .in_set(crate::ui::Drawing)
            .run_if(in_state(Screen::Game).and_then(resource_exists::<Match>)),
    );
}

/// Tiles the viewer has not seen: not on the board nor on the rack shown.
pub fn unseen(view: &SeatView, rack: &[Tile]) -> BTreeMap<String, usize> {
    let mut tiles = full_bag(view.tile_set());
    let seen = view.board().tiles().map(|(_, placed)| Tile::from(placed)).chain(rack.iter().copied());
    for tile in seen {
        if let Some(at) = tiles.iter().position(|t| *t == tile) {
            tiles.swap_remove(at);
        }
    }
    let language = view.settings().language;
    let mut counts = BTreeMap::new();
    for tile in tiles {
        let label = match tile {
            Tile::Letter(letter) => language.label(letter).to_string(),
            Tile::Blank => "?".to_string(),
        };
        *counts.entry(label).or_insert(0) += 1;
    }
    counts
}

/// The move log, one line a turn, newest last.
pub fn log_lines(m: &Match, locale: &Locale) -> Vec<String> {
    let name = |seat: usize| m.name(seat).to_string();
    m.view().log().iter().filter_map(|sequenced| event_line(&sequenced.event, &name, m.language(), locale)).collect()
}

/// An event of the log as a line of it, its players named by `name`;
/// none for a draw.
pub fn event_line(
    event: &Event,
    name: &dyn Fn(usize) -> String,
    language: Language,
    locale: &Locale,
) -> Option<String> {
    match event {
        Event::Played { seat, play, .. } => Some(locale.t_with(
            "log-played",
            &[
                ("player", name(*seat).into()),
                ("word", play.spelt(language).into_iter().next().unwrap_or_default().into()),
                ("score", play.score.into()),
            ],
        )),
        Event::PlayWithdrawn { seat, words, .. } => {
            Some(locale.t_with("log-withdrawn", &[("player", name(*seat).into()), ("words", words.join(", ").into())]))
        }
        Event::Exchanged { seat, count } => {
            Some(locale.t_with("log-exchanged", &[("player", name(*seat).into()), ("count", (*count).into())]))
        }
        Event::Passed { seat } => Some(locale.t_with("log-passed", &[("player", name(*seat).into())])),
        Event::Left { seat, reason } => {
            let key = if *reason == LeaveReason::Resigned { "log-resigned" } else { "log-timed-out" };
            Some(locale.t_with(key, &[("player", name(*seat).into())]))
        }
        Event::RackCounted { seat, points, .. } => {
            Some(locale.t_with("log-rack-counted", &[("player", name(*seat).into()), ("points", (*points).into())]))
        }
        Event::Ended { .. } => Some(locale.t("log-game-over")),
        Event::Drew { .. } | Event::Returned { .. } => None,
    }
}

fn status_line(m: &Match, preview: &Preview, connection: Connection, locale: &Locale) -> (String, Color) {
    match connection {
        Connection::Connected => {}
        Connection::Connecting => return (locale.t("online-connecting"), theme::WARNING),
        Connection::Reconnecting => return (locale.t("online-reconnecting"), theme::WARNING),
        Connection::Lost => return (locale.t("online-lost"), theme::WARNING),
    }
    match preview {
        Preview::Valid { words, score, bingo } => {
            let key = if *bingo { "preview-bingo" } else { "preview-valid" };
            (locale.t_with(key, &[("words", words.join(", ").into()), ("score", (*score).into())]), theme::ACCENT)
        }
        Preview::Invalid(reason) => (super::rule_error(locale, reason), theme::WARNING),
        Preview::NeedsBlankLetter => (locale.t("preview-blank"), theme::TILE_FACE),
        Preview::Nothing if m.is_over() => (locale.t("log-game-over"), Color::WHITE),
        Preview::Nothing if m.human_to_play() && m.turn() == m.viewer => (locale.t("status-your-turn"), Color::WHITE),
        Preview::Nothing => {
            let seat = m.turn();
            let key = if matches!(m.seats[seat], Seat::Computer(_)) { "status-thinking" } else { "status-to-play" };
            (locale.t_with(key, &[("player", m.name(seat).to_string().into())]), Color::WHITE)
        }
    }
}

/// Minutes and seconds; days and hours, or hours and minutes, for a turn
/// of days.
pub fn clock_text(seconds: f32) -> String {
    let seconds = seconds.max(0.0).ceil() as u32;
    let (days, hours, minutes) = (seconds / 86_400, seconds / 3600 % 24, seconds / 60 % 60);
    match seconds {
        86_400.. => format!("{days}d {hours}h"),
        3600.. => format!("{hours}h {minutes:02}m"),
        _ => format!("{}:{:02}", seconds / 60, seconds % 60),
    }
}

/// The move log and unseen tiles as last formatted.
struct LogTexts {
    log: Vec<String>,
    unseen: String,
}

/// What a button of the game screen does.
#[derive(Clone)]
enum Pressed {
    Act(Action),
    Details,
    Home,
    Chat(ChatSays),
}

/// The game on this device as the panels show it.
#[derive(SystemParam)]
struct Shown<'w, 's> {
    m: Res<'w, Match>,
    players: Query<'w, 's, &'static Player>,
    composer: Res<'w, Composer>,
    preview: Res<'w, Preview>,
    hints: Res<'w, Hints>,
    layout: Res<'w, BoardLayout>,
    locale: Res<'w, Locale>,
    flights: Query<'w, 's, &'static ScoreFlight>,
}

/// What the referee says beside the events: the clock, a computer at work,
/// the connection.
#[derive(SystemParam)]
struct RefereeSays<'w> {
    clock: Option<Res<'w, TurnClock>>,
    thinking: Option<Res<'w, Thinking>>,
    connection: Option<Res<'w, Connection>>,
}

/// The game's chat, when it has one, and what the player says there.
#[derive(SystemParam)]
struct Talk<'w> {
    chat: Option<ResMut<'w, ChatRoom>>,
    says: MessageWriter<'w, ChatSays>,
}

/// What a button press may do: an action in the game, or another screen.
#[derive(SystemParam)]
struct Answers<'w> {
    actions: MessageWriter<'w, Action>,
    screen: ResMut<'w, NextState<Screen>>,
    leave_to: Option<Res<'w, LeaveTo>>,
}

fn panels(
    mut contexts: EguiContexts,
    shown: Shown,
    referee: RefereeSays,
    answers: Answers,
    mut talk: Talk,
    mut details: Local<bool>,
    mut texts: Local<Option<LogTexts>>,
) -> Result {
    let Answers { mut actions, mut screen, leave_to } = answers;
    let way_out = leave_to.map_or(Screen::Home, |to| to.0);
    let RefereeSays { clock, thinking, connection } = referee;
    let Shown { m, players, composer, preview, hints, layout, locale, flights } = shown;
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let mut players: Vec<&Player> = players.iter().collect();
    players.sort_by_key(|p| p.seat);
    egui::Panel::top("scoreboard").exact_size(TOP_BAR).show(&mut root, |ui| {
        ui.columns(players.len().max(1), |columns| {
            for (column, player) in columns.iter_mut().zip(&players) {
                column.vertical_centered(|ui| {
                    let colour = if player.to_play { egui_colour(theme::ACCENT) } else { egui::Color32::WHITE };
                    let mut name = bold(&player.name, 16.0).color(colour);
                    if player.left {
                        name = name.strikethrough();
                    }
                    ui.label(name);
                    let mut line = score_shown(player, &flights).to_string();
                    if player.to_play {
                        if let (Some(clock), Some(_)) = (&clock, m.turn_seconds) {
                            line = format!("{line}  ⏱ {}", clock_text(clock.seconds_left));
                        }
                        if thinking.as_ref().is_some_and(|t| t.seat == player.seat) {
                            line = format!("{line}  …");
                        }
                    }
                    ui.label(bold(line, 20.0).color(colour));
                });
            }
        });
    });
    let connected = connection.as_deref().is_none_or(|c| *c == Connection::Connected);
    let my_turn = m.human_to_play() && m.turn() == m.viewer && !m.rack_hidden && connected;
    let connection = connection.map_or(Connection::Connected, |c| *c);
    let (status, status_colour) = status_line(&m, &preview, connection, &locale);
    let mut pressed = Vec::new();
    // Nobody plays on this device (a game watched, or computers among
    // themselves): only the details and the way out.
    let playing = m.humans() > 0;
    // The buttons, in the order they are laid out.
    let mut buttons: Vec<(egui::RichText, bool, Pressed)> = Vec::new();
    if playing {
        buttons.push((
            bold(locale.t("action-play"), 18.0),
            my_turn && composer.has_placed(),
            Pressed::Act(Action::Play),
        ));
        buttons.push(if composer.has_placed() {
            (locale.t("action-recall").into(), true, Pressed::Act(Action::Recall))
        } else {
            (locale.t("action-shuffle").into(), true, Pressed::Act(Action::Shuffle))
        });
        buttons.push((
            locale.t("action-exchange").into(),
            my_turn,
            Pressed::Act(Action::OpenOverlay(Overlay::Exchange)),
        ));
        buttons.push((locale.t("action-pass").into(), my_turn, Pressed::Act(Action::Pass)));
        if m.hints_allowed() {
            buttons.push((locale.t("action-hint").into(), my_turn, Pressed::Act(Action::Hint)));
        }
    }
    if layout.portrait {
        buttons.push((locale.t("action-details").into(), true, Pressed::Details));
    }
    if playing {
        buttons.push((
            locale.t("action-resign").into(),
            !m.is_over() && connected,
            Pressed::Act(Action::OpenOverlay(Overlay::ConfirmResign)),
        ));
    }
    // On the clock the way out is through the pause, which stops it first
    // (and keeps a phone's buttons to two rows).
    buttons.push(if m.turn_seconds.is_some() && !m.is_over() && !m.is_online() {
        (locale.t("action-pause").into(), true, Pressed::Act(Action::Pause(true)))
    } else {
        let label = if way_out == Screen::Online { "action-my-games" } else { "action-home" };
        (locale.t(label).into(), true, Pressed::Home)
    });
    let controls = |ui: &mut egui::Ui, pressed: &mut Vec<Pressed>| {
        ui.label(bold(status.clone(), 17.0).color(egui_colour(status_colour)));
        if layout.portrait {
            // Two rows of four equal buttons, thumb-sized.
            ui.spacing_mut().button_padding = egui::vec2(2.0, 4.0);
            ui.spacing_mut().item_spacing = egui::vec2(6.0, 6.0);
            for row in buttons.chunks(4) {
                ui.columns(4, |columns| {
                    for (column, (label, enabled, action)) in columns.iter_mut().zip(row) {
                        let button = egui::Button::new(label.clone().size(15.0));
                        if column
                            .add_enabled_ui(*enabled, |ui| ui.add_sized([ui.available_width(), 40.0], button))
                            .inner
                            .clicked()
                        {
                            pressed.push(action.clone());
                        }
                    }
                });
            }
        } else {
            ui.horizontal_wrapped(|ui| {
                for (label, enabled, action) in &buttons {
                    if ui.add_enabled(*enabled, egui::Button::new(label.clone())).clicked() {
                        pressed.push(action.clone());
                    }
                }
            });
        }
    };
    // The log and the unseen tiles change only with the game (or the
    // language): not formatted again every frame.
    if m.is_changed() || locale.is_changed() {
        *texts = None;
    }
    let texts = texts.get_or_insert_with(|| {
        // A hidden rack must not show through what is missing here.
        let rack = if m.rack_hidden { &[] } else { m.rack(m.viewer) };
        let unseen: Vec<String> = unseen(m.view(), rack).into_iter().map(|(l, n)| format!("{l}×{n}")).collect();
        LogTexts { log: log_lines(&m, &locale), unseen: unseen.join("  ") }
    });
    let names = &m.view().settings().players;
    let mut details_ui = |ui: &mut egui::Ui, pressed: &mut Vec<Pressed>| {
        for (index, hint) in hints.0.iter().enumerate() {
            let (position, word) = hint.notation(m.view().board(), m.language());
            if ui.button(format!("{position} {word}  {}", hint.score)).clicked() {
                pressed.push(Pressed::Act(Action::LayHint(index)));
            }
        }
        ui.label(locale.t_with("bag-count", &[("count", m.view().bag_len().into())]));
        egui::CollapsingHeader::new(locale.t("unseen-tiles")).show(ui, |ui| {
            ui.label(&texts.unseen);
        });
        if let Some(chat) = talk.chat.as_deref_mut() {
            let mut says = Vec::new();
            chat_ui(ui, &locale, chat, names, m.view().viewer(), &mut says);
            pressed.extend(says.into_iter().map(Pressed::Chat));
        }
        ui.label(bold(locale.t("move-log"), 16.0));
        egui::ScrollArea::vertical().stick_to_bottom(true).auto_shrink([false, false]).show(ui, |ui| {
            for line in &texts.log {
                ui.label(line);
            }
        });
    };
    if layout.portrait {
        egui::Panel::bottom("controls").exact_size(BOTTOM_BAR).show(&mut root, |ui| controls(ui, &mut pressed));
        if *details {
            egui::Window::new(locale.t("move-log"))
                .open(&mut details)
                .collapsible(false)
                .default_height(360.0)
                .show(ctx, |ui| details_ui(ui, &mut pressed));
        }
    } else {
        egui::Panel::right("controls").exact_size(SIDE_PANEL).show(&mut root, |ui| {
            controls(ui, &mut pressed);
            ui.separator();
            details_ui(ui, &mut pressed);
        });
    }
    for press in pressed {
        match press {
            Pressed::Act(action) => {
                // On a phone the hints show in the log window.
                if action == Action::Hint && layout.portrait {
                    *details = true;
                }
                actions.write(action);
            }
            Pressed::Details => *details = !*details,
            Pressed::Home => screen.set(way_out),
            Pressed::Chat(said) => {
                talk.says.write(said);
            }
        }
    }
    Ok(())
}

fn modal(ctx: &egui::Context, id: &str, add: impl FnOnce(&mut egui::Ui)) {
    // A margin around it on a phone.
    let width = (ctx.content_rect().width() - 48.0).clamp(200.0, 420.0);
    egui::Modal::new(egui::Id::new(id)).show(ctx, |ui| {
        ui.set_max_width(width);
        add(ui);
    });
}

fn overlays(
    mut contexts: EguiContexts,
    modes: Modes,
    m: Res<Match>,
    composer: Res<Composer>,
    locale: Res<Locale>,
    answers: Answers,
    mut chosen: Local<Vec<usize>>,
) -> Result {
    let Modes { overlay, pause } = modes;
    let Answers { mut actions, mut screen, .. } = answers;
    let ctx = contexts.ctx_mut()?;
    if pause.get().0 {
        match pause_screen(ctx, &locale) {
            Some(PauseChoice::Resume) => {
                actions.write(Action::Pause(false));
            }
            Some(PauseChoice::Home) => screen.set(Screen::Home),
            None => {}
        }
        return Ok(());
    }
    match overlay.get() {
        Overlay::None => chosen.clear(),
        Overlay::Handover => {
            let name = m.name(m.turn()).to_string();
            let title = locale.t_with("handover-title", &[("player", name.clone().into())]);
            let ready = locale.t_with("handover-ready", &[("player", name.into())]);
            if cover_screen(ctx, "handover", title, locale.t("handover-hint"), [ready]) == Some(0) {
                actions.write(Action::TakeOver);
            }
        }
        Overlay::BlankLetter => modal(ctx, "blank", |ui| {
            ui.label(bold(locale.t("blank-title"), 22.0));
            // Rows of seven, smaller on a phone.
            ui.scope(|ui| {
                let side = (ui.available_width() / 7.0 - ui.spacing().item_spacing.x).clamp(28.0, 44.0);
                ui.spacing_mut().button_padding = egui::vec2(2.0, 2.0);
                for row in m.language().letters().collect::<Vec<Letter>>().chunks(7) {
                    ui.horizontal(|ui| {
                        for letter in row {
                            let label = bold(m.language().label(*letter), 20.0);
                            if ui.add(egui::Button::new(label).min_size(egui::vec2(side, side))).clicked() {
                                actions.write(Action::ChooseBlank(*letter));
                            }
                        }
                    });
                }
            });
            if ui.button(locale.t("cancel")).clicked() {
                actions.write(Action::OpenOverlay(Overlay::None));
            }
        }),
        Overlay::Exchange => modal(ctx, "exchange", |ui| {
            ui.label(bold(locale.t("exchange-title"), 22.0));
            ui.label(locale.t_with("bag-count", &[("count", m.view().bag_len().into())]));
            ui.horizontal_wrapped(|ui| {
                for index in composer.rack() {
                    let label = match composer.tiles()[index].tile {
                        Tile::Letter(letter) => m.language().label(letter).to_string(),
                        Tile::Blank => "?".to_string(),
                    };
                    let mut on = chosen.contains(&index);
                    if ui.toggle_value(&mut on, bold(label, 20.0)).changed() {
                        if on {
                            chosen.push(index);
                        } else {
                            chosen.retain(|&i| i != index);
                        }
                    }
                }
            });
            ui.horizontal(|ui| {
                let confirm = locale.t_with("exchange-confirm", &[("count", chosen.len().into())]);
                if ui.add_enabled(!chosen.is_empty(), egui::Button::new(confirm)).clicked() {
                    actions.write(Action::Exchange(chosen.clone()));
                }
                if ui.button(locale.t("cancel")).clicked() {
                    actions.write(Action::OpenOverlay(Overlay::None));
                }
            });
        }),
        Overlay::ConfirmResign => modal(ctx, "resign", |ui| {
            ui.label(bold(locale.t("resign-title"), 22.0));
            ui.label(locale.t("resign-hint"));
            ui.horizontal(|ui| {
                if ui.button(bold(locale.t("resign-confirm"), 18.0)).clicked() {
                    actions.write(Action::Resign);
                }
                if ui.button(locale.t("cancel")).clicked() {
                    actions.write(Action::OpenOverlay(Overlay::None));
                }
            });
        }),
    }
    Ok(())
}

/// A player's score as the scoreboard shows it: without the scores still
/// flying to it, so that each one adds up as it lands.
fn score_shown(player: &Player, flights: &Query<&ScoreFlight>) -> i32 {
    player.score - score_in_the_air(player.seat, flights) as i32
}

/// Scores on their way from the word to the scoreboard: on the panels'
/// layer, after them, so over the panels but under windows (the move log)
/// and dialogs.
fn score_flights(mut contexts: EguiContexts, flights: Query<&ScoreFlight>, time: Res<Time>) -> Result {
    if flights.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::background());
    // The layout's window points are the safe area's.
    let origin = ctx.content_rect().min;
    for flight in &flights {
        let Some(pose) = flight.at(time.elapsed_secs()) else { continue };
        painter.text(
            origin + egui::vec2(pose.at.x, pose.at.y),
            egui::Align2::CENTER_CENTER,
            format!("+{}", flight.score),
            // Whole points: egui keeps the glyphs of every size it draws.
            egui::FontId::new((flight.size * pose.scale).round(), bold_family()),
            egui_colour(theme::ACCENT).gamma_multiply(pose.alpha),
        );
    }
    Ok(())
}

/// Why a move was refused, shown over the board for a moment.
fn notice(mut contexts: EguiContexts, notice: Res<Notice>, time: Res<Time>) -> Result {
    if notice.text.is_empty() || time.elapsed_secs() > notice.until {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("notice"))
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, TOP_BAR + 12.0))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::new().fill(egui_colour(theme::WARNING)).corner_radius(8.0).inner_margin(12.0).show(ui, |ui| {
                ui.label(bold(notice.text.clone(), 18.0).color(egui::Color32::WHITE));
            });
        });
    Ok(())
}
