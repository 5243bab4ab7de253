//! Friends on the online screen: ask a player by nickname, answer those
//! who asked, see who is online, their ratings and the game they play (to
//! watch it), remove or block, and invite one to three friends to a new
//! room. An invitation to the player shows on every screen but a game's,
//! to play at once or decline.

use super::join_link::free;
use super::online::{CLOCKS, OnlineForm, clock_label, lobby_failure};
use super::ratings::Ratings;
use crate::Screen;
use crate::online::{Fetched, FriendsList, FriendsRequest, Online, OnlineRequest, WatchGame};
use crate::ui::i18n::{GAME_LANGUAGES, Locale, language_key, rules_key};
use crate::ui::theme::{self, egui_colour};
use crate::ui::widgets::{centred_choices, centred_row, wide_button};
use crate::ui::{Drawing, bold};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use wocable_crossword::RuleSetKind;
use wocable_net::{Friend, FriendAct, MAX_INVITED, MAX_NAME, RoomSettings};

pub(super) fn ui(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, invitation.in_set(Drawing));
}

/// A friend's rating on the list they played most (short enough for a
/// phone's row), or that they have none; every list's on hover.
fn rating(ui: &mut egui::Ui, locale: &Locale, friend: &Friend) {
    let Some(most) = friend.ratings.first() else {
        ui.small(locale.t("friends-unrated"));
        return;
    };
    let lists: Vec<String> = friend
        .ratings
        .iter()
        .map(|list| {
            let (rules, language) = (locale.t(rules_key(list.rules)), locale.t(language_key(list.language)));
            format!("{:.0} · {rules} · {language}", list.rating)
        })
        .collect();
    ui.small(format!("{:.0} · {}", most.rating, locale.t(rules_key(most.rules)))).on_hover_text(lists.join("\n"));
}

/// Under an online game's results: each other member who played in it,
/// not yet a friend nor asked, offered as one; the one to ask, when
/// chosen.
pub(super) fn befriend_opponents(
    ui: &mut egui::Ui,
    locale: &Locale,
    (ratings, my_seat): (&Ratings, usize),
    list: &FriendsList,
) -> Option<FriendsRequest> {
    let (Fetched::Got(game), Some(friends)) = (&ratings.game, &list.friends) else { return None };
    let known = |nick: &str| {
        friends.friends.iter().any(|friend| friend.nick == nick)
            || [&friends.asked, &friends.asking, &friends.blocked].iter().any(|nicks| nicks.iter().any(|n| n == nick))
    };
    let mut asked = None;
    for change in game.changes.iter().filter(|change| change.seat != my_seat && !known(&change.nick)) {
        if ui.small_button(locale.t_with("friends-add-player", &[("nick", change.nick.clone().into())])).clicked() {
            asked = Some(FriendsRequest::Act { nick: change.nick.clone(), act: FriendAct::Ask });
        }
    }
    asked
}

/// The friends page; the room to invite friends to, when asked for.
pub(super) fn friends_page(
    ui: &mut egui::Ui,
    locale: &Locale,
    form: &mut OnlineForm,
    list: &FriendsList,
    (requests, watch): (&mut MessageWriter<FriendsRequest>, &mut MessageWriter<WatchGame>),
) -> Option<OnlineRequest> {
    let mut act = |nick: &str, act: FriendAct| {
        requests.write(FriendsRequest::Act { nick: nick.to_string(), act });
    };
    ui.label(bold(locale.t("friends-add"), 20.0));
    centred_row(ui, |ui| {
        ui.add(egui::TextEdit::singleline(&mut form.friend_nick).char_limit(MAX_NAME).desired_width(200.0));
        if ui.button(locale.t("friends-ask")).clicked() && !form.friend_nick.trim().is_empty() {
            act(form.friend_nick.trim(), FriendAct::Ask);
            form.friend_nick.clear();
        }
    });
    if let Some(error) = &list.failed {
        ui.colored_label(egui_colour(theme::WARNING), lobby_failure(locale, error));
    }
    let Some(friends) = &list.friends else {
        ui.spinner();
        return None;
    };
    for nick in &friends.asking {
        ui.label(locale.t_with("friends-asking", &[("nick", nick.clone().into())]));
        centred_row(ui, |ui| {
            let answers = [
                ("friends-accept", FriendAct::Accept),
                ("friends-refuse", FriendAct::Refuse),
                ("friends-block", FriendAct::Block),
            ];
            for (key, answer) in answers {
                if ui.button(locale.t(key)).clicked() {
                    act(nick, answer);
                }
            }
        });
    }
    ui.add_space(8.0);
    ui.label(bold(locale.t("online-friends"), 20.0));
    if friends.friends.is_empty() {
        ui.label(locale.t("friends-none"));
    }
    form.invited.retain(|nick| friends.friends.iter().any(|friend| friend.nick == *nick));
    for friend in &friends.friends {
        centred_row(ui, |ui| {
            let mut invited = form.invited.contains(&friend.nick);
            let dot = if friend.online { theme::ACCENT } else { theme::CELL };
            let (place, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
            ui.painter().circle_filled(place.center(), 5.0, egui_colour(dot));
            if ui.checkbox(&mut invited, bold(friend.nick.clone(), 18.0)).changed() {
                match invited {
                    true if form.invited.len() < MAX_INVITED => form.invited.push(friend.nick.clone()),
                    true => {}
                    false => form.invited.retain(|nick| *nick != friend.nick),
                }
            }
            rating(ui, locale, friend);
            if let Some(code) = friend.playing
                && ui.small_button(locale.t("friends-watch")).clicked()
            {
                watch.write(WatchGame(code));
            }
            // Out of the way in a menu: the row fits a phone's width.
            ui.menu_button("...", |ui| {
                if ui.button(locale.t("friends-remove")).clicked() {
                    act(&friend.nick, FriendAct::Remove);
                }
                if ui.button(locale.t("friends-block")).clicked() {
                    act(&friend.nick, FriendAct::Block);
                }
            });
        });
    }
    let invite = invite_choices(ui, locale, form);
    for nick in &friends.asked {
        centred_row(ui, |ui| {
            ui.label(locale.t_with("friends-asked", &[("nick", nick.clone().into())]));
            if ui.small_button(locale.t("cancel")).clicked() {
                act(nick, FriendAct::Remove);
            }
        });
    }
    for sent in &friends.sent {
        let key = match sent.accepted {
            None => "friends-sent-waiting",
            Some(true) => "friends-sent-accepted",
            Some(false) => "friends-sent-declined",
        };
        ui.small(locale.t_with(key, &[("nick", sent.to.clone().into())]));
    }
    if !friends.blocked.is_empty() {
        ui.add_space(8.0);
        ui.label(bold(locale.t("friends-blocked"), 18.0));
    }
    for nick in &friends.blocked {
        centred_row(ui, |ui| {
            ui.label(nick);
            if ui.small_button(locale.t("friends-unblock")).clicked() {
                act(nick, FriendAct::Unblock);
            }
        });
    }
    invite
}

/// The game to invite the friends ticked to: its rules, language and
/// clock (a seat each, and the player's); the request, once asked for.
fn invite_choices(ui: &mut egui::Ui, locale: &Locale, form: &mut OnlineForm) -> Option<OnlineRequest> {
    ui.add_space(8.0);
    if form.invited.is_empty() {
        ui.small(locale.t("friends-invite-pick"));
        return None;
    }
    centred_choices(ui, &mut form.rules, &RuleSetKind::ALL.map(|r| (r, locale.t(rules_key(r)))));
    centred_choices(ui, &mut form.language, &GAME_LANGUAGES.map(|l| (l, locale.t(language_key(l)))));
    centred_choices(ui, &mut form.clock, &CLOCKS.map(|c| (c, clock_label(locale, c))));
    let players = form.invited.len() + 1;
    let rules = form.rules.rules();
    if !(rules.min_players..=rules.max_players).contains(&players) {
        ui.colored_label(egui_colour(theme::WARNING), locale.t("lobby-player-count"));
        return None;
    }
    let names = form.invited.join(", ");
    if !wide_button(ui, bold(locale.t_with("friends-invite", &[("names", names.into())]), 20.0)).clicked() {
        return None;
    }
    let room = RoomSettings {
        rules: form.rules,
        language: form.language,
        players,
        clock: form.clock,
        word_list: None,
        hints: false,
        days: None,
    };
    Some(OnlineRequest::Invite { friends: std::mem::take(&mut form.invited), room })
}

/// What answering an invitation asks for.
#[derive(SystemParam)]
struct InvitationAnswers<'w> {
    next: ResMut<'w, NextState<Screen>>,
    requests: MessageWriter<'w, OnlineRequest>,
    declines: MessageWriter<'w, FriendsRequest>,
}

/// The first invitation to the player, over any screen but a game's,
/// while they are not on their way into a room.
fn invitation(
    mut contexts: EguiContexts,
    list: Res<FriendsList>,
    locale: Res<Locale>,
    online: Res<Online>,
    screen: Res<State<Screen>>,
    mut answers: InvitationAnswers,
) -> Result {
    let Some(invitation) = list.friends.as_ref().and_then(|friends| friends.invitations.first()) else { return Ok(()) };
    if !free(*screen.get(), &online) {
        return Ok(());
    }
    let settings = &invitation.settings;
    let text = locale.t_with(
        "invitation-from",
        &[
            ("nick", invitation.from.clone().into()),
            ("rules", locale.t(rules_key(settings.rules)).into()),
            ("language", locale.t(language_key(settings.language)).into()),
            ("players", settings.players.into()),
            ("clock", clock_label(&locale, settings.clock).into()),
        ],
    );
    egui::Window::new(locale.t("invitation"))
        .id(egui::Id::new(("invitation", invitation.id)))
        .anchor(egui::Align2::CENTER_TOP, [0.0, 12.0])
        .collapsible(false)
        .resizable(false)
        .show(contexts.ctx_mut()?, |ui| {
            ui.label(text);
            centred_row(ui, |ui| {
                if ui.button(bold(locale.t("invitation-accept"), 18.0)).clicked() {
                    answers.requests.write(OnlineRequest::AcceptInvitation(invitation.id));
                    answers.next.set(Screen::Online);
                }
                if ui.button(locale.t("invitation-decline")).clicked() {
                    answers.declines.write(FriendsRequest::Decline(invitation.id));
                }
            });
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use wocable_net::{Friends, GameRatings, RatingChange};

    /// Where egui drew `wanted`, if it did.
    fn text_at(shapes: &[egui::epaint::ClippedShape], wanted: &str) -> Option<egui::Rect> {
        fn find(shape: &egui::Shape, wanted: &str) -> Option<egui::Rect> {
            match shape {
                egui::Shape::Text(text) if text.galley.text() == wanted => {
                    Some(egui::Rect::from_min_size(text.pos, text.galley.size()))
                }
                egui::Shape::Vec(shapes) => shapes.iter().find_map(|shape| find(shape, wanted)),
                _ => None,
            }
        }
        shapes.iter().find_map(|clipped| find(&clipped.shape, wanted))
    }

    /// A frame of the results' offers, given `events`: what egui drew, and
    /// the request chosen.
    fn frame(
        ctx: &egui::Context,
        (ratings, list): (&Ratings, &FriendsList),
        events: Vec<egui::Event>,
    ) -> (Vec<egui::epaint::ClippedShape>, Option<FriendsRequest>) {
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(390.0, 844.0));
        let input = egui::RawInput { screen_rect: Some(screen), events, ..Default::default() };
        let mut asked = None;
        let mut output = ctx.run_ui(input, |ui| asked = befriend_opponents(ui, &Locale::default(), (ratings, 0), list));
        // The font atlas, which a renderer would take up.
        output.textures_delta.clear();
        (output.shapes, asked)
    }

    #[test]
    fn add_as_a_friend_on_the_results_asks_the_player_pressed_and_offers_no_one_known() {
        let change = |seat, nick: &str| RatingChange {
            seat,
            nick: nick.into(),
            before: 1500.0,
            after: 1510.0,
            provisional: true,
        };
        let changes = vec![change(0, "Me"), change(1, "Ben"), change(2, "Cy"), change(3, "Dee")];
        let ratings = Ratings { game: Fetched::Got(GameRatings { changes }), ..default() };
        let mut list = FriendsList::default();
        list.friends = Some(Friends { asked: vec!["Cy".into()], blocked: vec!["Dee".into()], ..default() });
        let ctx = egui::Context::default();
        crate::ui::style(&ctx);
        let (shapes, asked) = frame(&ctx, (&ratings, &list), Vec::new());
        assert_eq!(asked, None);
        let offer = |nick: &str| Locale::default().t_with("friends-add-player", &[("nick", nick.to_string().into())]);
        for known in ["Me", "Cy", "Dee"] {
            assert_eq!(text_at(&shapes, &offer(known)), None, "{known} is offered");
        }
        let ben = text_at(&shapes, &offer("Ben")).expect("Ben offered as a friend").center();
        let press = |pressed| egui::Event::PointerButton {
            pos: ben,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        let (_, asked) = frame(&ctx, (&ratings, &list), vec![egui::Event::PointerMoved(ben), press(true)]);
        assert_eq!(asked, None, "not until it is let go");
        let (_, asked) = frame(&ctx, (&ratings, &list), vec![press(false)]);
        assert_eq!(asked, Some(FriendsRequest::Act { nick: "Ben".into(), act: FriendAct::Ask }));
    }
}
