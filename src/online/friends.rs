//! The member's friends while the app is open: their list, who is online,
//! requests and invitations, kept up to date by asking the server again
//! and again, each question waiting there for the next change (one
//! request at a time, whatever the number of friends). The player's word
//! about another player goes to the server, and its answer is the new
//! list. An invitation accepted is a seat, taken as any other
//! ([`OnlineRequest::AcceptInvitation`](super::OnlineRequest)).

use super::lobby::Call;
use super::{CallError, Lobby, OnlineAccount};
use crate::settings::Settings;
use bevy::prelude::*;
use wocable_net::{FriendAct, Friends, PlayerKey};

/// What the server last said of the member's friends on the app's server.
#[derive(Resource, Default)]
pub struct FriendsList {
    /// `None` until it first comes, or without an account there.
    pub friends: Option<Friends>,
    /// Why the last question failed, until one is answered.
    pub failed: Option<CallError>,
    /// The server and account listened for: another starts again.
    of: Option<(String, PlayerKey)>,
    listening: Option<Call<Friends>>,
    acting: Vec<Call<Friends>>,
    declining: Vec<Call<()>>,
    /// When to ask again after a failure (wall-clock seconds since the app
    /// started: a game's time may run faster or stop).
    next_ask: f32,
}

/// The player's word about another player, or their no to an invitation.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum FriendsRequest {
    Act { nick: String, act: FriendAct },
    Decline(u64),
}

/// A question that failed is asked again after this (seconds).
const RETRY_AFTER: f32 = 10.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FriendsList>()
        .add_message::<FriendsRequest>()
        .add_systems(Update, (follow_the_account, send_requests, take_answers, listen).chain());
}

/// Another server or account: what was known is another's.
fn follow_the_account(mut list: ResMut<FriendsList>, settings: Res<Settings>, account: Res<OnlineAccount>) {
    let of = account.key_on(&settings.server).map(|key| (settings.server.clone(), key));
    if list.of != of {
        *list = FriendsList { of, ..FriendsList::default() };
    }
}

fn send_requests(mut requests: MessageReader<FriendsRequest>, mut list: ResMut<FriendsList>) {
    let Some((server, key)) = list.of.clone() else { return };
    let lobby = Lobby::new(&server);
    for request in requests.read() {
        match request {
            FriendsRequest::Act { nick, act } => {
                let call = lobby.friend_act(key, nick, *act);
                list.acting.push(call);
            }
            FriendsRequest::Decline(id) => {
                // Gone from the list at once; the server's next answer agrees.
                if let Some(friends) = list.friends.as_mut() {
                    friends.invitations.retain(|invitation| invitation.id != *id);
                }
                let call = lobby.decline_invitation(*id, key);
                list.declining.push(call);
            }
        }
    }
}

/// The answers that came, each taken once.
fn answered<T: Send + 'static>(calls: &mut Vec<Call<T>>) -> Vec<Result<T, CallError>> {
    let mut answers = Vec::new();
    calls.retain(|call| match call.take() {
        Some(answer) => {
            answers.push(answer);
            false
        }
        None => true,
    });
    answers
}

/// The answers in the order they were read on the server, as far as the
/// app can tell: a question listening was asked before the player's last
/// word, so its answer may be from before it. The word's answer comes
/// after, and the question is asked again with it (answered at once if
/// the list has moved on since).
fn take_answers(mut list: ResMut<FriendsList>, time: Res<Time<Real>>) {
    let list = &mut *list;
    let mut answers = Vec::new();
    if let Some(answer) = list.listening.as_ref().and_then(Call::take) {
        list.listening = None;
        if answer.is_err() {
            list.next_ask = time.elapsed_secs() + RETRY_AFTER;
        }
        answers.push(answer);
    }
    let acts = answered(&mut list.acting);
    if acts.iter().any(Result::is_ok) {
        list.listening = None;
    }
    answers.extend(acts);
    for answer in answers {
        match answer {
            Ok(friends) => {
                list.friends = Some(friends);
                list.failed = None;
            }
            Err(error) => {
                warn!("friends: {error}");
                list.failed = Some(error);
            }
        }
    }
    for declined in answered(&mut list.declining) {
        if let Err(error) = declined {
            warn!("an invitation was not declined: {error}");
        }
    }
}

/// Asks again as soon as the last question was answered: the server
/// answers at the next change.
fn listen(mut list: ResMut<FriendsList>, time: Res<Time<Real>>) {
    let Some((server, key)) = list.of.clone() else { return };
    if list.listening.is_some() || time.elapsed_secs() < list.next_ask {
        return;
    }
    let since = list.friends.as_ref().map(|friends| friends.version.clone());
    list.listening = Some(Lobby::new(&server).friends(key, since));
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::ecs::system::RunSystemOnce;

    fn version(version: &str) -> Friends {
        Friends { version: version.into(), ..default() }
    }

    fn taken(list: FriendsList) -> FriendsList {
        let mut world = World::new();
        world.insert_resource(list);
        world.init_resource::<Time<Real>>();
        world.run_system_once(take_answers).unwrap();
        world.remove_resource::<FriendsList>().unwrap()
    }

    #[test]
    fn the_answer_to_a_players_word_outranks_a_listening_answer_and_asks_again() {
        // Both come in one frame: the word's answer is the newer.
        let list = taken(FriendsList {
            listening: Some(Call::answered(Ok(version("before")))),
            acting: vec![Call::answered(Ok(version("after")))],
            ..default()
        });
        assert_eq!(list.friends.map(|friends| friends.version).as_deref(), Some("after"));
        // The question still open was asked before the word: its answer
        // is not waited for, and the next asks from the word's answer.
        let open = Call::answered(Ok(version("before")));
        open.take();
        let list = taken(FriendsList {
            listening: Some(open),
            acting: vec![Call::answered(Ok(version("after")))],
            ..default()
        });
        assert!(list.listening.is_none());
        assert_eq!(list.friends.map(|friends| friends.version).as_deref(), Some("after"));
        // A word refused leaves the question open.
        let open = Call::answered(Ok(version("before")));
        open.take();
        let refused = Call::answered(Err(CallError::Unreadable("no".into())));
        let list = taken(FriendsList { listening: Some(open), acting: vec![refused], ..default() });
        assert!(list.listening.is_some() && list.failed.is_some());
    }
}
