//! Online (§8.1): the player's name online, asked once and kept; create a
//! room, join one with its code, or ask for a random game; the waiting
//! room with the code, large, to copy or send as a link. The game itself
//! is on the same screen as local play.

use super::arenas::{Arenas, arena_page, arenas_page};
use super::friends::friends_page;
use super::new_game::{default_word_list, word_list_choice};
use super::ratings::{Ratings, RatingsRequest, leaderboard_page, open_profile, profile_page};
use super::watch::{LiveList, watch_page, watch_status};
use crate::Screen;
use crate::crossword::turn::PendingStart;
use crate::input::GoBack;
use crate::online::{
    ArenaEntry, CallError, Fetched, FriendsList, FriendsRequest, Lobby, MyGamesList, Online, OnlineAccount,
    OnlineFailure, OnlineRequest, Session, WatchGame, Watching,
};
use crate::platform;
use crate::settings::Settings;
use crate::storage::Storage;
use crate::ui::i18n::{GAME_LANGUAGES, Locale, language_key, level_key, refusal_key, rules_key};
use crate::ui::theme::{self, egui_colour};
use crate::ui::widgets::wide_button;
use crate::ui::widgets::{centred_choices, centred_page, centred_row};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use wocable_crossword::RuleSetKind;
use wocable_crossword::computer::Level;
use wocable_lexicon::{FAMILY_LIST, Language};
use wocable_net::{
    ArenaId, ErrorCode, MAX_NAME, RandomGame, RecoveryCode, RoomCode, RoomSettings, ServerConfig, join_link,
};

/// Which page of the online screen is shown, and what its forms hold.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct OnlineForm {
    pub page: Page,
    pub name: String,
    pub rules: RuleSetKind,
    pub language: Language,
    pub players: usize,
    pub clock: Option<u32>,
    /// The family list or one of the server's word lists (`None`: the
    /// language's own).
    pub word_list: Option<String>,
    /// The room lets its players ask for hints, and so is not rated.
    pub hints: bool,
    /// Seats the server fills with computer players, at `level`.
    pub computers: usize,
    pub level: Level,
    pub code: String,
    /// The account to take back, and its recovery code.
    pub recover_nick: String,
    pub recovery: String,
    /// Seconds a random game waits for people before a computer fills in.
    pub wait: u64,
    /// What was last asked, to ask again after a failure.
    pub last: Option<OnlineRequest>,
    pub problem: Option<String>,
    /// What was last put on the clipboard, to say so.
    pub copied: Option<String>,
    /// The code field takes the keyboard when the join page opens.
    pub focus_code: bool,
    /// The arena shown on its page.
    pub arena: Option<ArenaId>,
    /// The page a profile was opened from, to go back to.
    pub profile_from: Page,
    /// The nickname of a player to ask to be friends.
    pub friend_nick: String,
    /// The friends ticked, to invite to a game.
    pub invited: Vec<String>,
    /// Days a move, for a game that lasts days (`None`: live).
    pub days: Option<u8>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Page {
    #[default]
    Menu,
    Create,
    Join,
    Random,
    Recover,
    Leaderboard,
    Profile,
    Arenas,
    Arena,
    Watch,
    Friends,
    MyGames,
}

/// The page the online screen opens on, when another screen asks.
#[derive(Resource, Clone, Copy, Debug)]
pub struct OpenOnPage(pub Page);

/// The paces a room may have: live, or days a move.
const PACES: [Option<u8>; 5] = [None, Some(1), Some(2), Some(3), Some(7)];

pub(super) const CLOCKS: [Option<u32>; 4] = [None, Some(60), Some(120), Some(300)];
const WAITS: [u64; 3] = [30, 60, 120];

impl OnlineForm {
    /// Goes back a page; whether this was the first page, which Back
    /// leaves for home.
    fn back(&mut self) -> bool {
        match self.page {
            Page::Menu => return true,
            Page::Profile => self.page = self.profile_from,
            Page::Arena => self.page = Page::Arenas,
            _ => self.page = Page::Menu,
        }
        false
    }

    fn new(settings: &Settings) -> OnlineForm {
        OnlineForm {
            page: Page::Menu,
            name: settings.nickname.clone().unwrap_or_default(),
            rules: RuleSetKind::Wocable,
            language: Language::En,
            players: 2,
            clock: Some(120),
            word_list: default_word_list(settings),
            hints: false,
            computers: 0,
            level: Level::Strong,
            code: String::new(),
            recover_nick: String::new(),
            recovery: String::new(),
            wait: 30,
            last: None,
            problem: None,
            copied: None,
            focus_code: false,
            arena: None,
            profile_from: Page::Menu,
            friend_nick: String::new(),
            invited: Vec::new(),
            days: None,
        }
    }

    /// The page of this arena, with its standings.
    pub fn show_arena(&mut self, arena: ArenaId) {
        self.page = Page::Arena;
        self.arena = Some(arena);
    }

    fn room(&self) -> OnlineRequest {
        let room = RoomSettings {
            rules: self.rules,
            language: self.language,
            players: self.players,
            // A game that lasts days has no clock, hints or computers.
            clock: self.clock.filter(|_| self.days.is_none()),
            word_list: self.word_list.clone(),
            hints: self.hints && self.days.is_none(),
            days: self.days,
        };
        let computers = if self.days.is_some() { 0 } else { self.computers.min(self.players - 1) };
        OnlineRequest::Create { room, computers: vec![self.level; computers] }
    }

    fn random(&self) -> OnlineRequest {
        OnlineRequest::Random(RandomGame {
            rules: self.rules,
            language: self.language,
            players: self.players,
            name: String::new(),
            wait: self.wait,
            key: None,
            family: self.word_list.as_deref() == Some(FAMILY_LIST),
            days: self.days,
        })
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Online),
        |mut commands: Commands,
         form: Option<Res<OnlineForm>>,
         settings: Res<Settings>,
         asked: Option<Res<OpenOnPage>>,
         mut pending: ResMut<PendingStart>| {
            // Why an earlier game could not start is not this screen's.
            pending.failed = None;
            // Nor why a game could not be watched.
            commands.remove_resource::<Watching>();
            let mut form = form.map_or_else(|| OnlineForm::new(&settings), |form| form.clone());
            if let Some(asked) = asked {
                form.page = asked.0;
                commands.remove_resource::<OpenOnPage>();
            }
            commands.insert_resource(form);
        },
    );
    app.add_systems(
        Update,
        back_a_page
            .in_set(crate::AppSystems::Input)
            .run_if(in_state(Screen::Online).and_then(resource_exists::<OnlineForm>)),
    );
    app.init_resource::<ServerLists>()
        .add_systems(Update, (|mut lists: ResMut<ServerLists>| lists.config.poll()).run_if(in_state(Screen::Online)));
}

/// Back (a phone's button) goes back a page, as the Back button does.
fn back_a_page(mut back: MessageReader<GoBack>, mut form: ResMut<OnlineForm>, mut screen: ResMut<NextState<Screen>>) {
    if back.read().count() > 0 && form.back() {
        screen.set(Screen::Home);
    }
}

/// What a server says of itself, for the word lists rooms may be made
/// on: asked each time the create page opens.
#[derive(Resource, Default)]
struct ServerLists {
    /// The server asked (empty: none yet, or to ask again).
    server: String,
    config: Fetched<ServerConfig>,
}

impl ServerLists {
    /// Asks `server`, unless it was asked already.
    fn ask(&mut self, server: &str) {
        if self.server != server {
            self.server = server.to_string();
            self.config = Fetched::Asked(Lobby::new(server).config());
        }
    }

    /// The names of the server's lists in `language`, once it said them.
    fn of(&self, language: Language) -> Option<Vec<String>> {
        let Fetched::Got(config) = &self.config else { return None };
        Some(config.word_lists.iter().filter(|list| list.language == language).map(|list| list.name.clone()).collect())
    }
}

pub(super) fn ui(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.in_set(crate::ui::Drawing).run_if(in_state(Screen::Online).and_then(resource_exists::<OnlineForm>)),
    );
}

/// A server as a player knows it: its host (and port), without the scheme.
fn server_name(server: &str) -> &str {
    server.split_once("://").map_or(server, |(_, host)| host).trim_end_matches('/')
}

fn warning(ui: &mut egui::Ui, text: impl Into<String>) {
    ui.colored_label(egui_colour(theme::WARNING), text.into());
}

/// Why going online failed, in words; `name` is the name asked for.
fn failure_text(locale: &Locale, failure: &OnlineFailure, name: Option<String>) -> String {
    match failure {
        OnlineFailure::Lobby(CallError::Refused { code: ErrorCode::NameTaken | ErrorCode::NickTaken, .. }) => {
            locale.t_with("online-name-taken", &[("name", name.unwrap_or_default().into())])
        }
        OnlineFailure::Lobby(error) => lobby_failure(locale, error),
        OnlineFailure::Closed(_) => locale.t("online-lost"),
        OnlineFailure::AccountGone => locale.t("online-account-gone"),
        OnlineFailure::NoName => locale.t("online-no-name"),
    }
}

/// This device's account, and where it is kept.
#[derive(SystemParam)]
struct Membership<'w> {
    account: ResMut<'w, OnlineAccount>,
    storage: Res<'w, Storage>,
}

/// Why a call to the lobby failed, in words.
pub(super) fn lobby_failure(locale: &Locale, error: &CallError) -> String {
    match error {
        CallError::Unreachable(_) => locale.t("online-unreachable"),
        CallError::Refused { code, message } => match refusal_key(*code) {
            Some(key) => locale.t(key),
            // A code from a newer server: its own words.
            None => locale.t_with("online-refused", &[("reason", message.clone().into())]),
        },
        CallError::Unreadable(_) => locale.t("online-unreadable"),
    }
}

/// The leaderboards, profiles, arenas and the server's word lists, and
/// what asks for them.
#[derive(SystemParam)]
struct ServerPages<'w> {
    server_lists: ResMut<'w, ServerLists>,
    ratings: Res<'w, Ratings>,
    requests: MessageWriter<'w, RatingsRequest>,
    arenas: ResMut<'w, Arenas>,
    entry: Res<'w, ArenaEntry>,
    live: ResMut<'w, LiveList>,
    watching: Option<Res<'w, Watching>>,
    watch: MessageWriter<'w, WatchGame>,
    friends: Res<'w, FriendsList>,
    friend_requests: MessageWriter<'w, FriendsRequest>,
    my_games: Res<'w, MyGamesList>,
    real: Res<'w, Time<Real>>,
}

/// What the player chooses on these pages, and the settings that keep
/// some of it.
#[derive(SystemParam)]
struct Choices<'w> {
    form: ResMut<'w, OnlineForm>,
    settings: ResMut<'w, Settings>,
}

/// Online play as it stands, and a game waiting for its word list.
#[derive(SystemParam)]
struct UnderWay<'w> {
    online: Res<'w, Online>,
    pending: Res<'w, PendingStart>,
}

/// What the pages ask for: another screen, or the server.
#[derive(SystemParam)]
struct Asks<'w> {
    screen: ResMut<'w, NextState<Screen>>,
    requests: MessageWriter<'w, OnlineRequest>,
}

fn draw(
    mut contexts: EguiContexts,
    mut rating_pages: ServerPages,
    mut membership: Membership,
    locale: Res<Locale>,
    choices: Choices,
    under_way: UnderWay,
    asks: Asks,
) -> Result {
    let Asks { mut screen, mut requests } = asks;
    let UnderWay { online, pending } = under_way;
    let Choices { mut form, mut settings } = choices;
    let ctx = contexts.ctx_mut()?;
    let form = &mut *form;
    let mut ask = |form: &mut OnlineForm, request: OnlineRequest| {
        form.problem = None;
        form.last = Some(request.clone());
        requests.write(request);
    };
    if let Online::InRoom(session) = &*online {
        return waiting_room(ctx, &locale, session, &settings.server, &mut ask, form, &pending);
    }
    // A game that lasts days goes on in the list of them.
    if matches!(*online, Online::OpeningDays(_) | Online::DaysWaiting(_)) {
        form.page = Page::MyGames;
    }
    if let Online::DaysWaiting(view) = &*online {
        centred_page(ctx, &locale.t("online-room"), |ui| {
            if super::my_games::days_waiting(ui, &locale, view) {
                ask(form, OnlineRequest::Leave);
            }
        });
        return Ok(());
    }
    centred_page(ctx, &locale.t("online-title"), |ui| {
        if online.is_busy() {
            ui.spinner();
            ui.label(locale.t("online-connecting"));
            if wide_button(ui, locale.t("cancel")).clicked() {
                ask(form, OnlineRequest::Leave);
            }
            return;
        }
        if let Online::Failed(failure, retry) = &*online {
            warning(ui, failure_text(&locale, failure, settings.nickname.clone()));
            if let Some(again) = retry.clone().or_else(|| form.last.clone())
                && *failure != OnlineFailure::NoName
                && ui.button(locale.t("online-retry")).clicked()
            {
                ask(form, again);
            }
            ui.add_space(8.0);
        }
        if let Some(problem) = &form.problem {
            warning(ui, problem);
        }
        match membership.account.on(&settings.server).cloned() {
            Some(member) => {
                let playing_as = locale.t_with("online-playing-as", &[("nick", member.account.nick.clone().into())]);
                ui.label(crate::ui::bold(playing_as, 20.0));
                if !member.noted && recovery_notice(ui, &locale, member.account.recovery) {
                    membership.account.noted(&membership.storage, &settings.server);
                }
            }
            None => {
                ui.label(crate::ui::bold(locale.t("online-name"), 20.0));
                let field = egui::TextEdit::singleline(&mut form.name).char_limit(MAX_NAME).desired_width(220.0);
                if ui.add(field).changed() {
                    let trimmed = form.name.trim();
                    let nickname = (!trimmed.is_empty()).then(|| trimmed.to_string());
                    if settings.nickname != nickname {
                        settings.nickname = nickname;
                    }
                }
            }
        }
        ui.separator();
        let member = membership.account.on(&settings.server).map(|kept| kept.account.nick.clone());
        match form.page {
            Page::Menu => menu(ui, &locale, form, member.as_deref(), &mut rating_pages),
            Page::Leaderboard => {
                leaderboard_page(ui, &locale, form, &rating_pages.ratings, &mut rating_pages.requests);
            }
            Page::Profile => profile_page(ui, &locale, &rating_pages.ratings),
            Page::Friends => {
                let pages = &mut rating_pages;
                let writers = (&mut pages.friend_requests, &mut pages.watch);
                if let Some(request) = friends_page(ui, &locale, form, &pages.friends, writers) {
                    ask(form, request);
                }
                watch_status(ui, &locale, pages.watching.as_deref(), &pending);
            }
            Page::Arenas => arenas_page(ui, &locale, form, &rating_pages.arenas),
            Page::MyGames => {
                if let Some(member) = membership.account.on(&settings.server) {
                    let key = member.account.key.to_hex();
                    super::my_games::notifications(ui, &locale, &settings.server, &key);
                }
                let now_ms = rating_pages.my_games.server_ms(rating_pages.real.elapsed_secs());
                if let Some(request) = super::my_games::my_games_page(ui, &locale, &rating_pages.my_games, now_ms) {
                    ask(form, request);
                }
                if let Some(failed) = &pending.failed {
                    super::fetch_failed(ui, &locale, failed);
                }
            }
            Page::Watch => {
                watch_page(ui, &locale, &mut rating_pages.live, &mut rating_pages.watch);
                watch_status(ui, &locale, rating_pages.watching.as_deref(), &pending);
            }
            Page::Arena => {
                let pages = &mut rating_pages;
                if let Some(request) =
                    arena_page(ui, &locale, form, &pages.arenas, &pages.entry, &online, &mut pages.requests)
                {
                    ask(form, request);
                }
            }
            Page::Create => {
                rating_pages.server_lists.ask(&settings.server);
                let lists = rating_pages.server_lists.of(form.language);
                game_choices(ui, &locale, form, &lists.unwrap_or_default());
                pace_choice(ui, &locale, form);
                if form.days.is_none() {
                    ui.label(crate::ui::bold(locale.t("new-game-clock"), 20.0));
                    centred_choices(ui, &mut form.clock, &CLOCKS.map(|clock| (clock, clock_label(&locale, clock))));
                    ui.label(crate::ui::bold(locale.t("online-computers"), 20.0));
                    let counts: Vec<(usize, String)> = (0..form.players).map(|n| (n, n.to_string())).collect();
                    centred_choices(ui, &mut form.computers, &counts);
                    if form.computers > 0 {
                        centred_choices(ui, &mut form.level, &Level::ALL.map(|l| (l, locale.t(level_key(l)))));
                    }
                    ui.checkbox(&mut form.hints, locale.t("online-hints"));
                }
                ui.add_space(12.0);
                if wide_button(ui, crate::ui::bold(locale.t("online-create"), 20.0)).clicked() {
                    let request = form.room();
                    ask(form, request);
                }
            }
            Page::Join => {
                ui.label(crate::ui::bold(locale.t("online-code"), 20.0));
                let field = egui::TextEdit::singleline(&mut form.code)
                    .char_limit(8)
                    .hint_text(locale.t("online-code-hint"))
                    .font(egui::FontId::monospace(28.0))
                    .desired_width(200.0);
                let field = ui.add(field);
                if std::mem::take(&mut form.focus_code) {
                    field.request_focus();
                }
                // Enter in the field joins, as the button does.
                let entered = field.lost_focus() && ui.input(|input| input.key_pressed(egui::Key::Enter));
                ui.add_space(12.0);
                if wide_button(ui, crate::ui::bold(locale.t("online-join"), 20.0)).clicked() || entered {
                    match RoomCode::parse(&form.code) {
                        Ok(code) => ask(form, OnlineRequest::Join(code)),
                        Err(_) => form.problem = Some(locale.t("online-bad-code")),
                    }
                }
                // Under the button, so that the page's buttons keep their places.
                ui.small(locale.t_with("online-join-on", &[("server", server_name(&settings.server).into())]));
                if ui.button(locale.t("online-watch-code")).clicked() {
                    match RoomCode::parse(&form.code) {
                        Ok(code) => {
                            rating_pages.watch.write(WatchGame(code));
                        }
                        Err(_) => form.problem = Some(locale.t("online-bad-code")),
                    }
                }
                watch_status(ui, &locale, rating_pages.watching.as_deref(), &pending);
            }
            Page::Recover => {
                ui.label(crate::ui::bold(locale.t("online-name"), 20.0));
                ui.add(egui::TextEdit::singleline(&mut form.recover_nick).char_limit(MAX_NAME).desired_width(220.0));
                ui.label(crate::ui::bold(locale.t("online-recovery-code"), 20.0));
                let field = egui::TextEdit::singleline(&mut form.recovery)
                    .char_limit(29)
                    .hint_text("XXXXX-XXXXX-XXXXX-XXXXX")
                    .font(egui::FontId::monospace(20.0))
                    .desired_width(320.0);
                ui.add(field);
                ui.add_space(12.0);
                if wide_button(ui, crate::ui::bold(locale.t("online-recover"), 20.0)).clicked() {
                    match RecoveryCode::parse(&form.recovery) {
                        Ok(recovery) => {
                            let nick = form.recover_nick.trim().to_string();
                            ask(form, OnlineRequest::Recover { nick, recovery });
                            form.page = Page::Menu;
                        }
                        Err(_) => form.problem = Some(locale.t("online-bad-recovery")),
                    }
                }
            }
            Page::Random => {
                game_choices(ui, &locale, form, &[]);
                pace_choice(ui, &locale, form);
                if form.days.is_none() {
                    ui.label(crate::ui::bold(locale.t("online-wait"), 20.0));
                    let waits = WAITS.map(|s| (s, locale.t_with("online-wait-seconds", &[("seconds", s.into())])));
                    centred_choices(ui, &mut form.wait, &waits);
                }
                ui.add_space(12.0);
                if wide_button(ui, crate::ui::bold(locale.t("online-random"), 20.0)).clicked() {
                    let request = form.random();
                    ask(form, request);
                }
            }
        }
        ui.add_space(8.0);
        if wide_button(ui, locale.t("back")).clicked() && form.back() {
            screen.set(Screen::Home);
        }
    });
    Ok(())
}

/// Live, or days a move: a game that lasts days is for members (a new
/// player becomes one with their first game).
fn pace_choice(ui: &mut egui::Ui, locale: &Locale, form: &mut OnlineForm) {
    ui.label(crate::ui::bold(locale.t("online-pace"), 20.0));
    centred_choices(ui, &mut form.days, &PACES.map(|days| (days, super::my_games::pace_label(locale, days))));
}

fn menu(ui: &mut egui::Ui, locale: &Locale, form: &mut OnlineForm, member: Option<&str>, pages: &mut ServerPages) {
    if member.is_some() {
        let waiting = pages.my_games.my_turn();
        let label = match waiting {
            0 => locale.t("online-my-games"),
            n => locale.t_with("online-my-games-badge", &[("count", n.into())]),
        };
        if wide_button(ui, crate::ui::bold(label, 20.0)).clicked() {
            form.page = Page::MyGames;
        }
    }
    for (key, page) in [("online-create", Page::Create), ("online-join", Page::Join), ("online-random", Page::Random)] {
        if wide_button(ui, crate::ui::bold(locale.t(key), 20.0)).clicked() {
            form.page = page;
            form.problem = None;
            form.focus_code = page == Page::Join;
            // The lists are asked for again: the operator may add some.
            pages.server_lists.server.clear();
        }
    }
    if wide_button(ui, crate::ui::bold(locale.t("online-arenas"), 20.0)).clicked() {
        form.page = Page::Arenas;
        // Asked again each time: arenas open and end.
        pages.arenas.list = Fetched::Nothing;
    }
    if wide_button(ui, crate::ui::bold(locale.t("online-watch"), 20.0)).clicked() {
        form.page = Page::Watch;
        pages.live.list = Fetched::Nothing;
    }
    ui.add_space(8.0);
    centred_row(ui, |ui| {
        if ui.button(locale.t("online-leaderboards")).clicked() {
            form.page = Page::Leaderboard;
            pages.requests.write(RatingsRequest::Leaderboard { rules: form.rules, language: form.language });
        }
        if let Some(nick) = member
            && ui.button(locale.t("online-my-profile")).clicked()
        {
            open_profile(form, &mut pages.requests, nick);
        }
        if member.is_some() && ui.button(locale.t("online-friends")).clicked() {
            form.page = Page::Friends;
        }
        if ui.button(locale.t("online-recover-account")).clicked() {
            form.page = Page::Recover;
            form.problem = None;
        }
    });
}

/// The account's recovery code, until the player says they wrote it
/// down (then `true`).
fn recovery_notice(ui: &mut egui::Ui, locale: &Locale, recovery: RecoveryCode) -> bool {
    let mut noted = false;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.vertical_centered(|ui| {
            ui.label(locale.t("online-recovery"));
            // On one line, on a phone too.
            let size = (ui.available_width() / 17.0).min(22.0);
            ui.label(crate::ui::bold(recovery.to_string(), size).color(egui_colour(theme::TILE_FACE)));
            noted = ui.button(locale.t("online-recovery-noted")).clicked();
        });
    });
    noted
}

pub(super) fn clock_label(locale: &Locale, clock: Option<u32>) -> String {
    match clock {
        None => locale.t("clock-none"),
        Some(seconds) => locale.t_with("clock-minutes", &[("minutes", (seconds / 60).into())]),
    }
}

/// Rule set, language, word list (the server's `word_lists` in it, once
/// known, besides the bundled ones) and number of players, as on the new
/// game screen.
fn game_choices(ui: &mut egui::Ui, locale: &Locale, form: &mut OnlineForm, word_lists: &[String]) {
    ui.label(crate::ui::bold(locale.t("new-game-rules"), 20.0));
    centred_choices(ui, &mut form.rules, &RuleSetKind::ALL.map(|r| (r, locale.t(rules_key(r)))));
    ui.label(crate::ui::bold(locale.t("new-game-language"), 20.0));
    centred_choices(ui, &mut form.language, &GAME_LANGUAGES.map(|l| (l, locale.t(language_key(l)))));
    word_list_choice(ui, locale, &mut form.word_list, word_lists);
    ui.label(crate::ui::bold(locale.t("new-game-players"), 20.0));
    let rules = form.rules.rules();
    let counts: Vec<(usize, String)> = (rules.min_players..=rules.max_players).map(|n| (n, n.to_string())).collect();
    form.players = form.players.clamp(rules.min_players, rules.max_players);
    centred_choices(ui, &mut form.players, &counts);
}

/// The room's code, large, to copy or send as a link, and who is in.
fn waiting_room(
    ctx: &egui::Context,
    locale: &Locale,
    session: &Session,
    server: &str,
    ask: &mut impl FnMut(&mut OnlineForm, OnlineRequest),
    form: &mut OnlineForm,
    pending: &PendingStart,
) -> Result {
    let code = session.joined().code;
    centred_page(ctx, &locale.t("online-room"), |ui| {
        ui.label(locale.t("online-room-code"));
        ui.label(crate::ui::bold(code.to_string(), 56.0).color(egui_colour(theme::TILE_FACE)));
        let link = join_link(server, code);
        centred_row(ui, |ui| {
            if ui.button(locale.t("online-copy-code")).clicked() && platform::copy(&code.to_string()) {
                form.copied = Some(code.to_string());
            }
            if ui.button(locale.t("online-copy-link")).clicked() && platform::copy(&link) {
                form.copied = Some(link.clone());
            }
            if platform::can_share() && ui.button(locale.t("online-share")).clicked() {
                platform::share(&locale.t_with("online-share-text", &[("code", code.to_string().into())]), &link);
            }
        });
        if let Some(copied) = &form.copied {
            ui.label(locale.t_with("online-copied", &[("text", copied.clone().into())]));
        }
        ui.label(egui::RichText::new(link.as_str()).monospace());
        if let Some(name) = session.room().and_then(|room| room.word_list.clone()) {
            ui.label(locale.t_with("online-room-word-list", &[("name", name.into())]));
        }
        ui.separator();
        ui.label(crate::ui::bold(locale.t("online-waiting"), 20.0));
        for (seat, name) in session.seats().iter().enumerate() {
            let text = name.clone().unwrap_or_else(|| locale.t("online-free-seat"));
            let me = seat == session.joined().seat;
            let colour = if me { egui_colour(theme::ACCENT) } else { egui::Color32::WHITE };
            ui.label(egui::RichText::new(text).size(20.0).color(colour));
        }
        if session.seats().is_empty() {
            ui.spinner();
        }
        // The game has begun: it opens once its word list is here (the web
        // build fetches it).
        if session.started().is_some() {
            match &pending.failed {
                Some(reason) => super::fetch_failed(ui, locale, reason),
                None => {
                    ui.label(locale.t("lexicon-fetching"));
                }
            }
        }
        ui.add_space(12.0);
        if wide_button(ui, locale.t("online-leave")).clicked() {
            ask(form, OnlineRequest::Leave);
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::i18n::UiLanguage;

    #[test]
    fn a_refusal_is_said_in_the_players_language_and_an_unknown_one_in_the_servers_words() {
        let polish = Locale::new(UiLanguage::Pl);
        let full = CallError::Refused { code: ErrorCode::RoomFull, message: "the room is full".into() };
        assert_eq!(lobby_failure(&polish, &full), "Pokój jest pełny.");
        let later = CallError::Refused { code: ErrorCode::Other, message: "a reason from later".into() };
        assert_eq!(
            lobby_failure(&polish, &later),
            polish.t_with("online-refused", &[("reason", "a reason from later".into())])
        );
        assert!(lobby_failure(&polish, &later).contains("a reason from later"));
    }
}
