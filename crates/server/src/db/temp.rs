//! A database for the unit tests: an SQLite file in a folder of its own.

use super::{Db, Registered};
use std::path::PathBuf;
use wocable_crossword::RuleSetKind;
use wocable_lexicon::Language;
use wocable_net::{AccountId, PlayerKey, RecoveryCode, RoomCode, RoomSettings};

pub struct TempDb {
    pub db: Db,
    dir: PathBuf,
}

impl Drop for TempDb {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub async fn temp_db(name: &str) -> TempDb {
    let dir = std::env::temp_dir().join(format!("wocable-db-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    TempDb { db: Db::open(&dir.join("s.db").to_string_lossy()).await.unwrap(), dir }
}

/// A new member, whose key and recovery code are made from their nickname.
pub async fn member(db: &Db, nick: &str) -> AccountId {
    let secret = nick.bytes().fold(0u128, |n, b| n * 256 + u128::from(b));
    match db.create_player(nick, PlayerKey(secret), RecoveryCode::from_number(secret), 0).await.unwrap() {
        Registered::New(account) => account,
        other => panic!("{nick}: {other:?}"),
    }
}

/// A live game of two players without a clock.
pub fn two_players() -> RoomSettings {
    RoomSettings {
        rules: RuleSetKind::Wocable,
        language: Language::En,
        players: 2,
        clock: None,
        word_list: None,
        hints: false,
        days: None,
    }
}

/// A new room of two players, numbered `n`.
pub async fn room(db: &Db, n: u64) -> RoomCode {
    let code = RoomCode::from_number(n);
    db.create_room(code, &two_players(), 1.into(), 0).await.unwrap();
    code
}
