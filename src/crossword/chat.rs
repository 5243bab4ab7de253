//! The chat of an online game, beside the board: every seat's lines, a
//! field to say one, and for each line of another seat a way to report it
//! to the moderators; the player may mute the chat, or one player. Lines
//! come from the referee as rulings; what the player says goes to it.

use super::referee::ActiveReferee;
use crate::Screen;
use crate::ui::bold;
use crate::ui::i18n::Locale;
use crate::ui::theme::{self, egui_colour};
use bevy::prelude::*;
use bevy_egui::egui;
use wocable_net::{ChatLine, MAX_CHAT, Refusal};

/// The chat of the game on screen, when it has one.
#[derive(Resource, Default, Debug)]
pub struct ChatRoom {
    /// Every line heard, in order.
    pub lines: Vec<ChatLine>,
    /// What the player is typing.
    pub draft: String,
    pub muted_all: bool,
    /// The seats muted.
    pub muted: Vec<usize>,
    pub reported: Vec<u32>,
    /// Why the player's last line, or report, was refused.
    pub refused: Option<Refusal>,
    /// The player is typing a line: keys are not moves on the board.
    pub typing: bool,
}

impl ChatRoom {
    /// A line heard (again, after a reconnection: kept once).
    pub fn heard(&mut self, line: ChatLine) {
        if let Err(at) = self.lines.binary_search_by_key(&line.id, |kept| kept.id) {
            self.lines.insert(at, line);
        }
    }

    /// The lines not muted.
    pub fn shown(&self) -> impl Iterator<Item = &ChatLine> {
        self.lines.iter().filter(|line| !self.muted_all && !self.muted.contains(&line.seat))
    }
}

/// What the player says in the chat.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum ChatSays {
    Line(String),
    Report(u32),
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ChatSays>()
        .add_systems(OnEnter(Screen::Game), open_the_chat)
        .add_systems(Update, speak.run_if(resource_exists::<ChatRoom>.and_then(resource_exists::<ActiveReferee>)));
}

/// A game with a chat starts with an empty one (its referee sends the
/// latest lines again).
fn open_the_chat(mut commands: Commands, referee: Option<Res<ActiveReferee>>) {
    match referee.is_some_and(|referee| referee.0.has_chat()) {
        true => commands.insert_resource(ChatRoom::default()),
        false => commands.remove_resource::<ChatRoom>(),
    }
}

fn speak(mut says: MessageReader<ChatSays>, mut referee: ResMut<ActiveReferee>, mut chat: ResMut<ChatRoom>) {
    for said in says.read() {
        chat.refused = None;
        match said {
            ChatSays::Line(text) => referee.0.say(text.clone()),
            ChatSays::Report(id) => {
                referee.0.report(*id);
                chat.reported.push(*id);
            }
        }
    }
}

/// The chat beside the board: a way to mute it or a player, its lines
/// (another seat's with a way to report it), and a field to say a line.
/// `names` are the seats'; `me` is this device's seat. What the player
/// said or reported goes to `says`.
pub(super) fn chat_ui(
    ui: &mut egui::Ui,
    locale: &Locale,
    chat: &mut ChatRoom,
    names: &[String],
    me: Option<usize>,
    says: &mut Vec<ChatSays>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(bold(locale.t("chat-title"), 16.0));
        ui.checkbox(&mut chat.muted_all, locale.t("chat-mute"));
        for (seat, name) in names.iter().enumerate().filter(|(seat, _)| Some(*seat) != me && !chat.muted_all) {
            let mut muted = chat.muted.contains(&seat);
            if ui.checkbox(&mut muted, locale.t_with("chat-mute-player", &[("name", name.clone().into())])).changed() {
                chat.muted.retain(|other| *other != seat);
                if muted {
                    chat.muted.push(seat);
                }
            }
        }
    });
    let name = |seat: usize| names.get(seat).map_or("?", String::as_str);
    egui::ScrollArea::vertical().id_salt("chat").max_height(CHAT_HEIGHT).stick_to_bottom(true).show(ui, |ui| {
        for line in chat.shown() {
            ui.horizontal_wrapped(|ui| {
                ui.label(bold(format!("{}:", name(line.seat)), 14.0));
                ui.label(&line.text);
                if Some(line.seat) == me {
                    return;
                }
                if chat.reported.contains(&line.id) {
                    ui.small(locale.t("chat-reported"));
                } else if ui.small_button(locale.t("chat-report")).clicked() {
                    says.push(ChatSays::Report(line.id));
                }
            });
        }
    });
    if let Some(refusal) = &chat.refused {
        let key = match refusal {
            Refusal::ChatLength => "chat-length",
            Refusal::Offensive => "chat-offensive",
            Refusal::ChatTooFast => "chat-too-fast",
            _ => "chat-refused",
        };
        ui.colored_label(egui_colour(theme::WARNING), locale.t(key));
    }
    ui.horizontal(|ui| {
        let field = egui::TextEdit::singleline(&mut chat.draft)
            .char_limit(MAX_CHAT)
            .hint_text(locale.t("chat-hint"))
            .desired_width((ui.available_width() - SEND_WIDTH).max(80.0));
        let field = ui.add(field);
        let entered = field.lost_focus() && ui.input(|input| input.key_pressed(egui::Key::Enter));
        if (ui.button(locale.t("chat-send")).clicked() || entered) && !chat.draft.trim().is_empty() {
            says.push(ChatSays::Line(std::mem::take(&mut chat.draft)));
            // Still typing: the next line, not a move on the board.
            field.request_focus();
        }
        chat.typing = field.has_focus() || entered;
    });
}

/// The height of the chat's lines, and the room left beside the field
/// for its button.
const CHAT_HEIGHT: f32 = 140.0;
const SEND_WIDTH: f32 = 70.0;
