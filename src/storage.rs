//! Where the app keeps its files: the platform's data folder natively,
//! the browser's local storage on the web. Writes are atomic (a temporary
//! file renamed over the old one), so a killed app leaves the old file or
//! the new one, never half of one.

use bevy::prelude::*;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum StorageError {
    #[error("no place to keep files on this device")]
    Unavailable,
    #[error("could not write {name}: {reason}")]
    Write { name: String, reason: String },
}

#[derive(Resource, Clone, Debug)]
pub struct Storage {
    #[cfg(not(target_arch = "wasm32"))]
    dir: Option<std::path::PathBuf>,
}

#[cfg(not(target_arch = "wasm32"))]
impl Storage {
    /// The platform's data folder for the app, or `WOCABLE_DATA` when set
    /// (portable installs, tests).
    pub fn platform() -> Storage {
        let chosen = std::env::var_os("WOCABLE_DATA").map(std::path::PathBuf::from);
        let dir = chosen.or_else(|| {
            directories::ProjectDirs::from("org", "Wocable", "Wocable").map(|d| d.data_dir().to_path_buf())
        });
        Storage { dir }
    }

    /// Files kept in `dir` (tests, portable installs).
    pub fn in_dir(dir: impl Into<std::path::PathBuf>) -> Storage {
        Storage { dir: Some(dir.into()) }
    }

    pub fn read(&self, name: &str) -> Option<String> {
        std::fs::read_to_string(self.dir.as_ref()?.join(name)).ok()
    }

    pub fn write(&self, name: &str, text: &str) -> Result<(), StorageError> {
        use std::io::Write;
        let dir = self.dir.as_ref().ok_or(StorageError::Unavailable)?;
        let failed = |e: std::io::Error| StorageError::Write { name: name.to_string(), reason: e.to_string() };
        std::fs::create_dir_all(dir).map_err(failed)?;
        let temporary = dir.join(format!("{name}.tmp"));
        let mut file = std::fs::File::create(&temporary).map_err(failed)?;
        file.write_all(text.as_bytes()).map_err(failed)?;
        file.sync_all().map_err(failed)?;
        std::fs::rename(&temporary, dir.join(name)).map_err(failed)
    }

    pub fn remove(&self, name: &str) {
        if let Some(dir) = &self.dir {
            // Nothing to do when it is already gone.
            let _ = std::fs::remove_file(dir.join(name));
        }
    }
}

#[cfg(target_arch = "wasm32")]
impl Storage {
    pub fn platform() -> Storage {
        Storage {}
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

    pub fn remove(&self, name: &str) {
        if let Some(storage) = Self::local_storage() {
            let _ = storage.remove_item(&Self::key(name));
        }
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
    fn no_folder_is_an_error_not_a_panic() {
        let storage = Storage { dir: None };
        assert!(matches!(storage.write("a", "b"), Err(StorageError::Unavailable)));
        assert_eq!(storage.read("a"), None);
    }
}
