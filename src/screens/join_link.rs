//! Links that open the app (§8.1): a room's join link that the system
//! hands over (a phone's App Link or universal link, a notification's
//! link, the web page's own address, a desktop's command line) takes the
//! player to the room's join page, on the server the link names, with the
//! code filled in; or, when the room is one of the member's games that
//! last days (a notification of their turn), opens that game. A link
//! that comes during a game waits until the player leaves the game, and
//! one that comes while the player is on their way into a room waits
//! until that is over.

use crate::online::{MyGamesList, Online, OnlineAccount, OnlineRequest};
use crate::screens::online::{OnlineForm, Page};
use crate::settings::Settings;
use crate::{AppSystems, Screen};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::time::Duration;
use wocable_net::{LinkedRoom, room_in_link};

/// A room a link opened, until its join page shows it.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct JoinLink(pub LinkedRoom);

/// A link the system handed the app.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct LinkOpened(pub String);

/// How often the platform is asked: a phone hands the running app a link
/// when the player opens one elsewhere.
const ASK_EVERY: Duration = Duration::from_millis(500);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<LinkOpened>().add_systems(
        Update,
        (ask_the_platform, read_links, go_to_the_room, fill_in_the_room).chain().in_set(AppSystems::Input),
    );
}

fn ask_the_platform(time: Res<Time<Real>>, mut asked: Local<Option<Duration>>, mut opened: MessageWriter<LinkOpened>) {
    let now = time.elapsed();
    if asked.is_some_and(|asked| now < asked + ASK_EVERY) {
        return;
    }
    *asked = Some(now);
    if let Some(link) = crate::platform::opened_link() {
        opened.write(LinkOpened(link));
    }
}

fn read_links(mut opened: MessageReader<LinkOpened>, mut commands: Commands) {
    for LinkOpened(link) in opened.read() {
        match room_in_link(link) {
            Some(room) => commands.insert_resource(JoinLink(room)),
            None => info!("the app was opened with a link to no room: {link}"),
        }
    }
}

/// Whether the player is free to go to a linked room: not in a game, and
/// not on the way into a room.
pub(super) fn free(screen: Screen, online: &Online) -> bool {
    !matches!(screen, Screen::Game | Screen::TraceRound) && matches!(online, Online::Offline | Online::Failed(..))
}

fn go_to_the_room(
    link: Option<Res<JoinLink>>,
    screen: Res<State<Screen>>,
    online: Res<Online>,
    mut next: ResMut<NextState<Screen>>,
) {
    if link.is_some() && *screen.get() != Screen::Online && free(*screen.get(), &online) {
        next.set(Screen::Online);
    }
}

/// What the member has on the server, to tell their games from others'.
#[derive(SystemParam)]
struct Member<'w> {
    account: Res<'w, OnlineAccount>,
    games: Res<'w, MyGamesList>,
    requests: MessageWriter<'w, OnlineRequest>,
}

/// The join page, once the online screen is up: the link's server becomes
/// the one the app plays on (the page says which it is). Or the member's
/// game of that code, once their list of that server says it is theirs.
fn fill_in_the_room(
    mut commands: Commands,
    link: Option<Res<JoinLink>>,
    screen: Res<State<Screen>>,
    online: Res<Online>,
    form: Option<ResMut<OnlineForm>>,
    mut settings: ResMut<Settings>,
    mut member: Member,
) {
    let (Some(JoinLink(room)), Some(mut form)) = (link.as_deref(), form) else { return };
    if *screen.get() != Screen::Online || !free(Screen::Online, &online) {
        return;
    }
    if let Some(server) = room.server.as_ref().filter(|server| **server != settings.server) {
        settings.server = server.clone();
    }
    if member.account.key_on(&settings.server).is_some() {
        match member.games.holds(&settings.server, room.code) {
            None => return,
            Some(true) => {
                let open = OnlineRequest::OpenDays(room.code);
                form.page = Page::MyGames;
                form.last = Some(open.clone());
                member.requests.write(open);
                commands.remove_resource::<JoinLink>();
                return;
            }
            Some(false) => {}
        }
    }
    form.page = Page::Join;
    form.code = room.code.to_string();
    form.focus_code = true;
    form.problem = None;
    commands.remove_resource::<JoinLink>();
}
