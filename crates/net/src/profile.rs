//! Accounts, profiles and leaderboards as the lobby's HTTP API has them
//! (§6.1): the JSON bodies of its requests and answers.

use crate::code::RecoveryCode;
use crate::rating::{BestPlay, Rating};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use wocable_crossword::RuleSetKind;
use wocable_lexicon::Language;

/// A player's secret, kept by the app on its device: it proves who they
/// are to the lobby, which keeps only a hash of it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PlayerKey(pub u128);

impl PlayerKey {
    pub fn to_hex(self) -> String {
        format!("{:032x}", self.0)
    }

    pub fn from_hex(text: &str) -> Option<PlayerKey> {
        (text.len() == 32).then(|| u128::from_str_radix(text, 16).ok()).flatten().map(PlayerKey)
    }
}

/// Not in logs by mistake.
impl fmt::Debug for PlayerKey {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("PlayerKey(…)")
    }
}

impl Serialize for PlayerKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for PlayerKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PlayerKey, D::Error> {
        let text = String::deserialize(deserializer)?;
        PlayerKey::from_hex(&text).ok_or_else(|| serde::de::Error::custom("a player key is 32 hexadecimal digits"))
    }
}

/// `POST /api/players`: an account for this nickname. With a `key` the
/// app made and kept, asking again after an answer was lost gives the
/// same account (with a new recovery code); without, the server makes one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewPlayer {
    pub nick: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<PlayerKey>,
}

/// `POST /api/players/recover`: the account back on a new device.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recover {
    pub nick: String,
    pub recovery: RecoveryCode,
}

/// The answer to [`NewPlayer`] and [`Recover`]: the key for the app to
/// keep (a recovered account gets a new one, and the old one no longer
/// works) and the recovery code for the player to write down.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Account {
    pub nick: String,
    pub key: PlayerKey,
    pub recovery: RecoveryCode,
}

/// A place on a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Placed {
    /// 1 for the best rating.
    pub place: u64,
    pub nick: String,
    pub rating: f64,
    pub deviation: f64,
    pub games: u64,
}

/// `GET /api/leaderboard?rules=R&lang=L[&page=N][&per_page=N][&me=NICK]`:
/// the players of a rating list whose rating is no longer provisional,
/// best first, a page at a time; with `me`, that player's own place.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leaderboard {
    pub rules: RuleSetKind,
    pub language: Language,
    /// From 1.
    pub page: u64,
    pub per_page: u64,
    /// Players on the whole list.
    pub total: u64,
    pub players: Vec<Placed>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub you: Option<Placed>,
}

/// A rating after a game, for the chart of a profile.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingPoint {
    pub at_ms: u64,
    pub rating: f64,
    pub deviation: f64,
}

/// How a member's rating changed in one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    pub seat: usize,
    pub nick: String,
    pub before: f64,
    pub after: f64,
    /// Whether the rating after is provisional.
    pub provisional: bool,
}

/// `GET /api/rooms/CODE/ratings`: the ratings a finished game changed
/// (none when nobody in it was rated).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameRatings {
    pub changes: Vec<RatingChange>,
}

/// A player's record on one rating list (rule set × language).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ListRecord {
    pub rules: RuleSetKind,
    pub language: Language,
    pub rating: Rating,
    pub provisional: bool,
    pub games: u64,
    /// A game is won alone at the top, drawn when the top is shared, and
    /// lost otherwise.
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub turns: u64,
    pub points: u64,
    pub points_per_turn: f64,
    pub bingos: u64,
    pub best: Option<BestPlay>,
    /// The latest ratings, oldest first.
    pub history: Vec<RatingPoint>,
}

/// `GET /api/players/NICK`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    pub nick: String,
    pub since_ms: u64,
    pub lists: Vec<ListRecord>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_key_travels_as_hexadecimal_and_stays_out_of_logs() {
        let account = Account { nick: "ana".into(), key: PlayerKey(0xabc), recovery: RecoveryCode::from_number(7) };
        let json = serde_json::to_string(&account).unwrap();
        assert!(json.contains("\"00000000000000000000000000000abc\""), "{json}");
        assert!(json.contains("\"00000-00000-00000-00007\""), "{json}");
        assert_eq!(serde_json::from_str::<Account>(&json).unwrap(), account);
        assert!(serde_json::from_str::<Account>(&json.replace("0abc", "0abg")).is_err());
        assert!(!format!("{account:?}").contains("abc"));
    }
}
