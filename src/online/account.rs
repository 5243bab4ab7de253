//! This device's accounts, one a server (§6.1): each made with the
//! player's name online the first time they play there, and kept (a join
//! link may take the player to another server: the account on the first
//! stays). Its key goes with
//! every seat taken, so the server seats the player as their nickname and
//! rates their games. Its recovery code is shown until the player says
//! they wrote it down: with it, the account comes back on another device.

use crate::storage::{Damage, DamagedFiles, Storage};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use wocable_net::{Account, PlayerKey};

/// Where the account is kept.
pub const ACCOUNT_FILE: &str = "account.json";

/// Where the key of an account being asked for is kept until it is made.
const NEW_KEY_FILE: &str = "new-account-key.txt";

/// The key to ask for an account with: made once and kept before it is
/// sent, so that asking again after an answer was lost on the way gives
/// the account the first request made, not "nickname taken".
pub fn new_key(storage: &Storage) -> PlayerKey {
    if let Some(key) = storage.read(NEW_KEY_FILE).and_then(|text| PlayerKey::from_hex(text.trim())) {
        return key;
    }
    let key = PlayerKey(rand::random());
    if let Err(error) = storage.write(NEW_KEY_FILE, &key.to_hex()) {
        warn!("the new account's key was not kept: {error}");
    }
    key
}

/// An account, the server it is on, and whether the player noted its
/// recovery code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptAccount {
    pub server: String,
    pub account: Account,
    pub noted: bool,
}

/// This device's accounts, one a server at most.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct OnlineAccount(pub Vec<KeptAccount>);

impl OnlineAccount {
    /// The account on `server`: an account is the server's that made it.
    pub fn on(&self, server: &str) -> Option<&KeptAccount> {
        self.0.iter().find(|kept| same_server(&kept.server, server))
    }

    pub fn key_on(&self, server: &str) -> Option<PlayerKey> {
        self.on(server).map(|kept| kept.account.key)
    }

    /// Keeps a new account (or one recovered) for `server`, in place of
    /// the one it had there.
    pub fn keep(&mut self, storage: &Storage, server: &str, account: Account) {
        self.0.retain(|kept| !same_server(&kept.server, server));
        self.0.push(KeptAccount { server: server.to_string(), account, noted: false });
        self.store(storage);
        storage.remove(NEW_KEY_FILE);
    }

    /// Forgets the account on `server`: its key is no longer known there
    /// (it was taken back on another device).
    pub fn forget(&mut self, storage: &Storage, server: &str) {
        self.0.retain(|kept| !same_server(&kept.server, server));
        self.store(storage);
    }

    /// The player wrote down the recovery code of the account on `server`:
    /// it is no longer shown.
    pub fn noted(&mut self, storage: &Storage, server: &str) {
        if let Some(kept) = self.0.iter_mut().find(|kept| same_server(&kept.server, server)) {
            kept.noted = true;
        }
        self.store(storage);
    }

    fn store(&self, storage: &Storage) {
        if self.0.is_empty() {
            storage.remove(ACCOUNT_FILE);
            return;
        }
        let written = serde_json::to_string(&self.0)
            .map_err(|e| e.to_string())
            .and_then(|text| storage.write(ACCOUNT_FILE, &text).map_err(|e| e.to_string()));
        if let Err(error) = written {
            warn!("the account was not kept: {error}");
        }
    }
}

fn same_server(a: &str, b: &str) -> bool {
    a.trim_end_matches('/') == b.trim_end_matches('/')
}

/// The accounts kept on this device (a file from before there could be
/// several holds one); a damaged file is set aside (the recovery codes
/// bring the accounts back).
pub(super) fn read(storage: &Storage, damaged: &mut DamagedFiles) -> OnlineAccount {
    let parse = |text: &str| {
        serde_json::from_str::<Vec<KeptAccount>>(text)
            .or_else(|_| serde_json::from_str::<KeptAccount>(text).map(|kept| vec![kept]))
            .map_err(|_| Damage::Unreadable)
    };
    let read = storage.read_text(ACCOUNT_FILE).and_then(|text| text.map(|text| parse(&text)).transpose());
    match read {
        Ok(kept) => OnlineAccount(kept.unwrap_or_default()),
        Err(damage) => {
            damaged.0.push(storage.set_aside(ACCOUNT_FILE, damage));
            OnlineAccount::default()
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use wocable_net::RecoveryCode;

    #[test]
    fn an_account_is_asked_for_with_one_key_until_it_is_made() {
        let dir = std::env::temp_dir().join(format!("wocable-new-key-{}", std::process::id()));
        let storage = Storage::in_dir(&dir);
        let key = new_key(&storage);
        assert_eq!(new_key(&Storage::in_dir(&dir)), key, "the same key after a restart, as the server may know it");
        let mut account = OnlineAccount::default();
        account.keep(
            &storage,
            "http://server",
            Account { nick: "ana".into(), key, recovery: RecoveryCode::from_number(1) },
        );
        assert_ne!(new_key(&storage), key, "an account made: the next is asked for with a new key");
        let other = Account { nick: "ana2".into(), key: PlayerKey(7), recovery: RecoveryCode::from_number(2) };
        account.keep(&storage, "https://elsewhere", other);
        assert_eq!(account.on("http://server/").map(|kept| kept.account.key), Some(key), "the first server's stays");
        let read_again = read(&storage, &mut DamagedFiles::default());
        assert_eq!(read_again, account);
        account.forget(&storage, "http://server");
        assert_eq!(account.0.len(), 1);
        assert_eq!(read(&storage, &mut DamagedFiles::default()), account);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_file_of_one_account_from_before_is_read() {
        let dir = std::env::temp_dir().join(format!("wocable-one-account-{}", std::process::id()));
        let storage = Storage::in_dir(&dir);
        let kept = KeptAccount {
            server: "http://server".into(),
            account: Account { nick: "ana".into(), key: PlayerKey(3), recovery: RecoveryCode::from_number(1) },
            noted: true,
        };
        storage.write(ACCOUNT_FILE, &serde_json::to_string(&kept).unwrap()).unwrap();
        assert_eq!(read(&storage, &mut DamagedFiles::default()), OnlineAccount(vec![kept]));
        let _ = std::fs::remove_dir_all(dir);
    }
}
