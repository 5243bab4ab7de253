//! A database for the unit tests: an SQLite file in a folder of its own.

use super::Db;
use std::path::PathBuf;

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
