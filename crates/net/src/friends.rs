//! Friends and invitations, as the lobby and the app speak of them: a
//! member asks another by nickname, who accepts or refuses; friends see
//! who of them is online and their ratings, and invite one to three of
//! them to a new room. A member may block another: the blocked one cannot
//! ask, invite, chat to or be seated with them, and is never told why.

use crate::{PlayerKey, RoomCode, RoomSettings};
use serde::{Deserialize, Serialize};
use wocable_crossword::RuleSetKind;
use wocable_lexicon::Language;

/// Friends a member may invite to one room at most (a room seats four).
pub const MAX_INVITED: usize = 3;

/// How long an invitation may be answered.
pub const INVITATION_MS: u64 = 10 * 60 * 1000;

/// A member asks for their friends, invitations and requests; with
/// `since` (the `version` they have), once something changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FriendsAsked {
    pub key: PlayerKey,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<String>,
}

/// A member's word about another, by nickname: ask them to be friends,
/// accept or refuse their request, remove them, block or unblock them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AboutPlayer {
    pub key: PlayerKey,
    pub nick: String,
    pub act: FriendAct,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FriendAct {
    /// Ask to be friends; accepting their own request when they asked.
    Ask,
    Accept,
    Refuse,
    /// No longer friends, or no longer asking.
    Remove,
    Block,
    Unblock,
}

/// What a member sees of their friends and of what waits for them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Friends {
    /// Changes whenever anything below does.
    pub version: String,
    pub friends: Vec<Friend>,
    /// Those who asked to be this member's friends.
    pub asking: Vec<String>,
    /// Those this member asked.
    pub asked: Vec<String>,
    pub blocked: Vec<String>,
    /// Invitations to this member, not answered and not expired.
    pub invitations: Vec<Invitation>,
    /// This member's invitations, and how they were answered.
    pub sent: Vec<SentInvitation>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Friend {
    pub nick: String,
    /// The app is open somewhere, or was a moment ago.
    pub online: bool,
    pub ratings: Vec<FriendRating>,
    /// The game they play now on this server, to watch.
    #[serde(default)]
    pub playing: Option<RoomCode>,
}

/// A friend's rating on one list.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct FriendRating {
    pub rules: RuleSetKind,
    pub language: Language,
    pub rating: f64,
    pub games: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invitation {
    pub id: u64,
    pub from: String,
    pub code: RoomCode,
    pub settings: RoomSettings,
    pub expires_ms: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SentInvitation {
    pub id: u64,
    pub to: String,
    pub code: RoomCode,
    /// `None`: not answered yet.
    pub accepted: Option<bool>,
    pub expires_ms: u64,
}

/// A member invites friends to a new room with `settings`, seating
/// themselves in it: one seat for each of them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invite {
    pub key: PlayerKey,
    pub friends: Vec<String>,
    pub settings: RoomSettings,
}

/// An invited member's answer; a yes is answered with their seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InvitationAnswer {
    pub key: PlayerKey,
    pub accept: bool,
}
