//! Where the app keeps its files: the platform's data folder natively;
//! on the web, the browser's local storage for text and its IndexedDB for
//! bytes (word lists), read whole when the app starts. Writes are atomic
//! (a temporary file renamed over the old one; one `setItem` or `put`),
//! so a killed app leaves the old file or the new one, never half of one.

#[cfg(target_arch = "wasm32")]
mod indexed_db;

use bevy::prelude::*;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum StorageError {
    #[error("no place to keep files on this device")]
    Unavailable,
    #[error("could not write {name}: {reason}")]
    Write { name: String, reason: String },
}

/// Why a file of the player's could not be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Damage {
    /// Cut short, or not what the app writes.
    Unreadable,
    /// Written by a newer version of the app.
    Newer,
    /// A saved game whose moves the rules refuse.
    AgainstTheRules,
}

/// A file that could not be used and was set aside, so that nothing is
/// lost and a new one can be written; the home screen says so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DamagedFile {
    pub name: &'static str,
    pub damage: Damage,
    /// Its name now (`None`: it could not be moved).
    pub kept_as: Option<String>,
}

/// The files set aside since the app started, until the player has read
/// about them.
#[derive(Resource, Default, Debug)]
pub struct DamagedFiles(pub Vec<DamagedFile>);

#[derive(Resource, Clone, Debug)]
pub struct Storage {
    #[cfg(not(target_arch = "wasm32"))]
    dir: Option<std::path::PathBuf>,
    #[cfg(target_arch = "wasm32")]
    files: std::sync::Arc<std::sync::Mutex<web::Files>>,
}

#[cfg(not(target_arch = "wasm32"))]
impl Storage {
    /// The platform's data folder for the app.
    pub fn platform() -> Storage {
        Storage { dir: crate::platform::data_dir() }
    }

    /// Whether the files in bytes are at hand (natively, always).
    pub fn bytes_ready(&self) -> bool {
        true
    }

    /// Whether the file `name` last written is kept (natively, once
    /// written).
    pub fn is_kept(&self, _name: &str) -> Result<bool, StorageError> {
        Ok(true)
    }

    /// Files kept in `dir` (tests, portable installs).
    pub fn in_dir(dir: impl Into<std::path::PathBuf>) -> Storage {
        Storage { dir: Some(dir.into()) }
    }

    pub fn read(&self, name: &str) -> Option<String> {
        std::fs::read_to_string(self.dir.as_ref()?.join(name)).ok()
    }

    pub fn write(&self, name: &str, text: &str) -> Result<(), StorageError> {
        self.write_bytes(name, text.as_bytes())
    }

    pub fn read_bytes(&self, name: &str) -> Option<Vec<u8>> {
        std::fs::read(self.dir.as_ref()?.join(name)).ok()
    }

    pub fn write_bytes(&self, name: &str, bytes: &[u8]) -> Result<(), StorageError> {
        use std::io::Write;
        let dir = self.dir.as_ref().ok_or(StorageError::Unavailable)?;
        let failed = |e: std::io::Error| StorageError::Write { name: name.to_string(), reason: e.to_string() };
        std::fs::create_dir_all(dir).map_err(failed)?;
        let temporary = dir.join(format!("{name}.tmp"));
        let mut file = std::fs::File::create(&temporary).map_err(failed)?;
        file.write_all(bytes).map_err(failed)?;
        file.sync_all().map_err(failed)?;
        std::fs::rename(&temporary, dir.join(name)).map_err(failed)
    }

    /// Whether there is a file `name` (which [`Storage::read`] may not
    /// read, if it is not text).
    pub fn exists(&self, name: &str) -> bool {
        self.dir.as_ref().is_some_and(|dir| dir.join(name).exists())
    }

    fn rename(&self, name: &str, to: &str) -> Result<(), StorageError> {
        let dir = self.dir.as_ref().ok_or(StorageError::Unavailable)?;
        std::fs::rename(dir.join(name), dir.join(to))
            .map_err(|e| StorageError::Write { name: to.to_string(), reason: e.to_string() })
    }

    pub fn remove(&self, name: &str) {
        if let Some(dir) = &self.dir {
            // Nothing to do when it is already gone.
            let _ = std::fs::remove_file(dir.join(name));
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use std::collections::HashMap;

    /// The files in bytes, as read from IndexedDB when the app started.
    #[derive(Debug, Default)]
    pub struct Files {
        /// `None` until IndexedDB answered; then whether it can keep files.
        pub kept: Option<bool>,
        pub bytes: HashMap<String, Vec<u8>>,
        /// Files written and not yet known to be kept: `None` while
        /// IndexedDB has not answered, then its answer.
        pub writes: HashMap<String, Option<Result<(), String>>>,
    }
}

#[cfg(target_arch = "wasm32")]
impl Storage {
    /// The browser's storage; the files in bytes come from IndexedDB a
    /// moment later (see [`Storage::bytes_ready`]).
    pub fn platform() -> Storage {
        let storage = Storage { files: Default::default() };
        let files = storage.files.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let read = indexed_db::read_all().await;
            let Ok(mut files) = files.lock() else { return };
            match read {
                Ok(read) => {
                    info!("files read from the browser's storage: {}", read.len());
                    files.bytes.extend(read);
                    files.kept = Some(true);
                }
                Err(e) => {
                    warn!("the browser keeps no files here: {e}");
                    files.kept = Some(false);
                }
            }
        });
        storage
    }

    fn files(&self) -> std::sync::MutexGuard<'_, web::Files> {
        self.files.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Whether the files in bytes are at hand: IndexedDB has answered.
    pub fn bytes_ready(&self) -> bool {
        self.files().kept.is_some()
    }

    /// Whether the file `name` last written is kept in IndexedDB (a page
    /// closed before would lose it), or why it could not be.
    pub fn is_kept(&self, name: &str) -> Result<bool, StorageError> {
        let mut files = self.files();
        if matches!(files.writes.get(name), Some(None)) {
            return Ok(false);
        }
        match files.writes.remove(name).flatten() {
            Some(Err(reason)) => Err(StorageError::Write { name: name.to_string(), reason }),
            _ => Ok(true),
        }
    }

    fn local_storage() -> Option<web_sys::Storage> {
        web_sys::window()?.local_storage().ok().flatten()
    }

    fn key(name: &str) -> String {
        format!("wocable/{name}")
    }

    pub fn read(&self, name: &str) -> Option<String> {
        Self::local_storage()?.get_item(&Self::key(name)).ok().flatten()
    }

    /// One `setItem` replaces the value whole, which is as atomic as
    /// local storage gets.
    pub fn write(&self, name: &str, text: &str) -> Result<(), StorageError> {
        let storage = Self::local_storage().ok_or(StorageError::Unavailable)?;
        storage
            .set_item(&Self::key(name), text)
            .map_err(|e| StorageError::Write { name: name.to_string(), reason: format!("{e:?}") })
    }

    pub fn exists(&self, name: &str) -> bool {
        self.read(name).is_some() || self.files().bytes.contains_key(name)
    }

    pub fn read_bytes(&self, name: &str) -> Option<Vec<u8>> {
        self.files().bytes.get(name).cloned()
    }

    /// Kept at once for this session, and in IndexedDB a moment later
    /// (local storage holds a few megabytes of text: no place for them).
    pub fn write_bytes(&self, name: &str, bytes: &[u8]) -> Result<(), StorageError> {
        let mut files = self.files();
        if files.kept != Some(true) {
            return Err(StorageError::Unavailable);
        }
        files.bytes.insert(name.to_string(), bytes.to_vec());
        files.writes.insert(name.to_string(), None);
        let (name, bytes, all) = (name.to_string(), bytes.to_vec(), self.files.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let kept = indexed_db::put(&name, &bytes).await;
            if let Err(e) = &kept {
                error!("{name} could not be kept in the browser: {e}");
            }
            if let Ok(mut files) = all.lock() {
                files.writes.insert(name, Some(kept));
            }
        });
        Ok(())
    }

    fn rename(&self, name: &str, to: &str) -> Result<(), StorageError> {
        let text = self.read(name).ok_or(StorageError::Unavailable)?;
        self.write(to, &text)?;
        self.remove(name);
        Ok(())
    }

    pub fn remove(&self, name: &str) {
        if let Some(storage) = Self::local_storage() {
            let _ = storage.remove_item(&Self::key(name));
        }
        if self.files().bytes.remove(name).is_some() {
            let name = name.to_string();
            wasm_bindgen_futures::spawn_local(async move {
                if let Err(e) = indexed_db::delete(&name).await {
                    warn!("{name} could not be removed from the browser: {e}");
                }
            });
        }
    }
}

impl Storage {
    /// The text of the file `name` (`None`: there is none), or
    /// [`Damage::Unreadable`] for a file that is there but is not text.
    pub fn read_text(&self, name: &str) -> Result<Option<String>, Damage> {
        match self.read(name) {
            None if self.exists(name) => Err(Damage::Unreadable),
            text => Ok(text),
        }
    }

    /// The saved JSON file `name`, of a format whose `version` field is at
    /// most `version` (`None`: there is none), or why it cannot be used.
    pub fn read_versioned<T: serde::de::DeserializeOwned>(
        &self,
        name: &str,
        version: u32,
    ) -> Result<Option<T>, Damage> {
        let Some(text) = self.read_text(name)? else { return Ok(None) };
        let value: serde_json::Value = serde_json::from_str(&text).map_err(|_| Damage::Unreadable)?;
        // A newer version may have changed more than the version's number.
        if value["version"].as_u64().is_some_and(|saved| saved > u64::from(version)) {
            return Err(Damage::Newer);
        }
        serde_json::from_value(value).map(Some).map_err(|_| Damage::Unreadable)
    }

    /// Sets the file `name`, which could not be used, aside under a name
    /// no other file has ("game.json.damaged", then "game.json.damaged-2",
    /// …), and says so in the log; what to tell the player.
    pub fn set_aside(&self, name: &'static str, damage: Damage) -> DamagedFile {
        let free = (1..100)
            .map(|n| if n == 1 { format!("{name}.damaged") } else { format!("{name}.damaged-{n}") })
            .find(|aside| !self.exists(aside));
        let kept_as = free.and_then(|aside| {
            self.rename(name, &aside).inspect_err(|e| warn!("{name} could not be set aside: {e}")).ok().map(|()| aside)
        });
        warn!("{name} could not be used ({damage:?}); kept as {kept_as:?}");
        DamagedFile { name, damage, kept_as }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn writes_replace_the_file_whole() {
        let dir = std::env::temp_dir().join(format!("wocable-storage-{}", std::process::id()));
        let storage = Storage::in_dir(&dir);
        assert_eq!(storage.read("a.json"), None);
        storage.write("a.json", "one").expect("written");
        storage.write("a.json", "two").expect("written");
        assert_eq!(storage.read("a.json").as_deref(), Some("two"));
        assert!(!dir.join("a.json.tmp").exists());
        storage.remove("a.json");
        assert_eq!(storage.read("a.json"), None);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_damaged_file_is_set_aside_under_a_free_name() {
        let dir = std::env::temp_dir().join(format!("wocable-storage-aside-{}", std::process::id()));
        let storage = Storage::in_dir(&dir);
        for (text, aside) in [("one", "a.json.damaged"), ("two", "a.json.damaged-2")] {
            storage.write("a.json", text).expect("written");
            let damaged = storage.set_aside("a.json", Damage::Unreadable);
            assert_eq!(damaged.kept_as.as_deref(), Some(aside));
            assert!(!storage.exists("a.json"));
            assert_eq!(storage.read(aside).as_deref(), Some(text), "nothing is lost");
        }
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn no_folder_is_an_error_not_a_panic() {
        let storage = Storage { dir: None };
        assert!(matches!(storage.write("a", "b"), Err(StorageError::Unavailable)));
        assert_eq!(storage.read("a"), None);
    }
}
