//! The database: rooms, their seats and their games' logs; players, their
//! ratings and results (in `players`). Events are written before they are
//! sent (see `hub`), so that a server killed and started again on the
//! same file resumes every game where it was.

mod arenas;
mod correspondence;
mod friends;
mod leaderboard;
mod players;
mod push;
mod reports;
#[cfg(test)]
mod temp;
mod waiting;

pub use correspondence::{Change, StoredGame};
pub use players::{Forfeit, GameResult, Registered};
pub use push::StoredSubscription;
pub use reports::Report;
pub use waiting::{STALE_MS, Waited, WaitingSummary};

use futures::future::BoxFuture;
use sha2::{Digest, Sha256};
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{Any, AnyPool, ConnectOptions, Executor, Row, SqlStr, Transaction};
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};
use wocable_crossword::{Event, Seed, Sequenced};
use wocable_net::{AccountId, Arena, ArenaId, Player, RoomCode, RoomSettings, Seat, SeatToken};

/// The migrations, built into the binary.
#[derive(Debug)]
struct Embedded;

impl MigrationSource<'static> for Embedded {
    fn resolve(self) -> BoxFuture<'static, std::result::Result<Vec<Migration>, sqlx::error::BoxDynError>> {
        Box::pin(async {
            let migration = |version, name: &'static str, sql| {
                Migration::new(version, name.into(), MigrationType::Simple, SqlStr::from_static(sql), false)
            };
            Ok(vec![
                migration(1, "rooms", include_str!("../../migrations/0001_rooms.sql")),
                migration(2, "players", include_str!("../../migrations/0002_players.sql")),
                migration(3, "arenas", include_str!("../../migrations/0003_arenas.sql")),
                migration(4, "rating before", include_str!("../../migrations/0004_rating_before.sql")),
                migration(5, "instances", include_str!("../../migrations/0005_instances.sql")),
                migration(6, "settled ratings", include_str!("../../migrations/0006_settled_ratings.sql")),
                migration(7, "shared queues", include_str!("../../migrations/0007_shared_queues.sql")),
                migration(8, "rating counts", include_str!("../../migrations/0008_rating_counts.sql")),
                migration(9, "rules editions", include_str!("../../migrations/0009_rules_edition.sql")),
                migration(10, "full seeds", include_str!("../../migrations/0010_full_seeds.sql")),
                migration(11, "reports", include_str!("../../migrations/0011_reports.sql")),
                migration(12, "friends", include_str!("../../migrations/0012_friends.sql")),
                migration(13, "correspondence", include_str!("../../migrations/0013_correspondence.sql")),
                migration(14, "push", include_str!("../../migrations/0014_push.sql")),
                migration(15, "blocks since", include_str!("../../migrations/0015_blocks_since.sql")),
                migration(16, "seated", include_str!("../../migrations/0016_seated.sql")),
            ])
        })
    }
}

#[derive(Clone)]
pub struct Db {
    pool: AnyPool,
    /// For the lobby's pages: on SQLite, read-only connections of their
    /// own, which never wait for the referee's one writer (WAL); on
    /// PostgreSQL, the same pool.
    reads: AnyPool,
    postgres: bool,
    /// This server's address for clients, as stored with the rooms it
    /// holds; known once it listens.
    instance: Arc<OnceLock<String>>,
}

/// Events for one room's log (see [`Db::append`]).
pub struct Append<'a> {
    pub code: RoomCode,
    pub edition: u32,
    pub events: &'a [Sequenced],
    pub result: Option<&'a GameResult>,
    pub standings: Option<(&'a Arena, &'a [AccountId])>,
}

/// Rows in one insert of events: three placeholders each, well under
/// SQLite's and PostgreSQL's limits.
const EVENTS_PER_INSERT: usize = 1000;

/// A room as stored.
pub struct StoredRoom {
    pub code: RoomCode,
    pub settings: RoomSettings,
    pub seed: Seed,
    pub seats: Vec<Seat>,
    /// The rules edition of its game (see [`Db::append`]).
    pub edition: u32,
    pub events: Vec<Event>,
    /// The arena and the number of the game it was made for.
    pub arena: Option<(ArenaId, u64)>,
}

type Result<T> = std::result::Result<T, DbError>;

/// Why the database could not do what it was asked.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The database at `place` (shown without its password) cannot be
    /// opened or brought up to date.
    #[error("{place}: {source}")]
    Open { place: String, source: sqlx::Error },
    #[error("{place}: {source}")]
    Migrate { place: String, source: sqlx::migrate::MigrateError },
    #[error("{}: {source}", folder.display())]
    Folder { folder: std::path::PathBuf, source: std::io::Error },
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
    /// A stored value that does not read back.
    #[error("{what} is damaged: {why}")]
    Damaged { what: String, why: String },
}

/// A stored value that does not read back, and why.
fn damaged(what: impl std::fmt::Display, why: impl std::fmt::Display) -> DbError {
    DbError::Damaged { what: what.to_string(), why: why.to_string() }
}

/// Read-only connections to an SQLite file, for the lobby's pages.
const SQLITE_READERS: u32 = 4;

/// Connections to PostgreSQL an instance keeps.
const POSTGRES_CONNECTIONS: u32 = 8;

fn text(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("stored values serialise")
}

/// What a room keeps of a seat's token, in memory and in the database: its
/// SHA-256 (the first 128 bits), so that neither holds a secret that takes
/// a seat. A client's token is hashed the same way to find its seat.
pub fn token_hash(token: SeatToken) -> SeatToken {
    let digest = Sha256::digest(token.0.to_be_bytes());
    let mut first = [0u8; 16];
    first.copy_from_slice(&digest[..16]);
    SeatToken(u128::from_be_bytes(first))
}

/// A seat as stored. Rooms stored before tokens were hashed kept the token
/// itself: it is hashed when read.
#[derive(serde::Serialize, serde::Deserialize)]
struct StoredSeat {
    name: String,
    player: Player,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    token_hash: Option<SeatToken>,
    #[serde(default, skip_serializing)]
    token: Option<SeatToken>,
}

/// Seats to store, whose tokens are [`token_hash`]es already.
fn stored_seats(seats: &[Seat]) -> String {
    let stored: Vec<StoredSeat> = seats
        .iter()
        .map(|seat| StoredSeat {
            name: seat.name.clone(),
            player: seat.player,
            token_hash: Some(seat.token),
            token: None,
        })
        .collect();
    text(&stored)
}

/// Seats as stored, each with the hash of its token.
fn read_seats(text: &str) -> std::result::Result<Vec<Seat>, String> {
    let stored: Vec<StoredSeat> = serde_json::from_str(text).map_err(|e| e.to_string())?;
    stored
        .into_iter()
        .map(|seat| {
            let hash = seat.token_hash.or(seat.token.map(token_hash)).ok_or("a seat without a token")?;
            Ok(Seat { name: seat.name, player: seat.player, token: hash })
        })
        .collect()
}

/// The database's place as the log may show it: without a password.
pub fn without_password(place: &str) -> String {
    // A password may come as a parameter too.
    let place = match place.split_once('?') {
        Some((before, query)) if query.contains("password") => &format!("{before}?…"),
        _ => place,
    };
    let Some((scheme, rest)) = place.split_once("://") else { return place.to_string() };
    let authority = rest.split('/').next().unwrap_or_default();
    match authority.rsplit_once('@') {
        Some((user, _)) if user.contains(':') => {
            let name = user.split(':').next().unwrap_or_default();
            format!("{scheme}://{name}:…@{}", &rest[user.len() + 1..])
        }
        _ => place.to_string(),
    }
}

impl Db {
    /// The database at `place`: a PostgreSQL URL (`postgres://…`), shared
    /// by every instance given it, or else an SQLite file (a path, or
    /// `sqlite://` and a path), made if missing.
    pub async fn open(place: &str) -> Result<Db> {
        sqlx::any::install_default_drivers();
        let shown = without_password(place);
        let open = |source| DbError::Open { place: shown.clone(), source };
        let postgres = ["postgres://", "postgresql://"].iter().any(|scheme| place.starts_with(scheme));
        let mut read_only = None;
        let (options, connections) = if postgres {
            (
                AnyConnectOptions::from_url(&place.parse().map_err(|e| open(sqlx::Error::Configuration(Box::new(e))))?),
                POSTGRES_CONNECTIONS,
            )
        } else {
            let file = place.strip_prefix("sqlite://").or_else(|| place.strip_prefix("sqlite:")).unwrap_or(place);
            let path = Path::new(file);
            if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(folder)
                    .map_err(|source| DbError::Folder { folder: folder.to_path_buf(), source })?;
            }
            let url = SqliteConnectOptions::new().filename(path).create_if_missing(true).to_url_lossy();
            read_only = Some(SqliteConnectOptions::new().filename(path).read_only(true).to_url_lossy());
            // One writer at a time: SQLite's own rule.
            (AnyConnectOptions::from_url(&url), 1)
        };
        let options = options.map_err(open)?;
        let pool = AnyPoolOptions::new().max_connections(connections).connect_with(options).await.map_err(open)?;
        if !postgres {
            // Readers do not wait for the writer (kept in the file).
            pool.execute("PRAGMA journal_mode = WAL").await.map_err(open)?;
        }
        let migrate = |source| DbError::Migrate { place: shown.clone(), source };
        let migrator = Migrator::new(Embedded).await.map_err(migrate)?;
        migrator.run(&pool).await.map_err(migrate)?;
        let reads = match &read_only {
            Some(url) => {
                let options = AnyConnectOptions::from_url(url).map_err(open)?;
                AnyPoolOptions::new().max_connections(SQLITE_READERS).connect_with(options).await.map_err(open)?
            }
            None => pool.clone(),
        };
        Ok(Db { pool, reads, postgres, instance: Arc::default() })
    }

    /// This server's address, once it listens: the rooms it makes are
    /// stored as its own.
    pub fn set_instance(&self, address: String) {
        let _ = self.instance.set(address);
    }

    pub fn instance(&self) -> &str {
        self.instance.get().map_or("", String::as_str)
    }

    /// The server that holds an unfinished room, if another does.
    pub async fn elsewhere(&self, code: RoomCode) -> Result<Option<String>> {
        let row = sqlx::query("SELECT instance FROM rooms WHERE code = $1 AND NOT finished AND instance <> $2")
            .bind(code.as_str())
            .bind(self.instance())
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|row| row.get(0)))
    }

    pub async fn create_room(&self, code: RoomCode, settings: &RoomSettings, seed: Seed, now: u64) -> Result<()> {
        sqlx::query(
            "INSERT INTO rooms (code, settings, seed, seed_text, seats, created_ms, instance) \
             VALUES ($1, $2, $3, $4, '[]', $5, $6)",
        )
        .bind(code.as_str())
        .bind(text(settings))
        .bind(seed.low_bits() as i64)
        .bind(seed.hex())
        .bind(now as i64)
        .bind(self.instance())
        .execute(&self.pool)
        .await
        .map(drop)
        .map_err(DbError::Sql)
    }

    /// The seats of a room this server holds, and the members among them.
    pub async fn set_seats(&self, code: RoomCode, seats: &[Seat]) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE rooms SET seats = $1 WHERE code = $2")
            .bind(stored_seats(seats))
            .bind(code.as_str())
            .execute(&mut *tx)
            .await?;
        unseat(&mut tx, code).await?;
        let mut members: Vec<AccountId> = seats.iter().filter_map(|seat| seat.player.account()).collect();
        members.sort_unstable_by_key(|member| member.0);
        members.dedup();
        for member in members {
            sqlx::query("INSERT INTO seated (player, code) VALUES ($1, $2)")
                .bind(member.0)
                .bind(code.as_str())
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await.map_err(DbError::Sql)
    }

    /// Appends events to rooms' logs in one transaction, all or none: the
    /// referee stores the moves that came in together with one commit.
    /// With the rules `edition` of a game when its events begin it, so that
    /// a game started before the rules changed replays as it was played;
    /// with the game's result when they end it, so that a game is rated
    /// exactly once, and with the standings of its players in its arena,
    /// if it is an arena's.
    pub async fn append(&self, appends: &[Append<'_>]) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        append_in(&mut tx, appends).await?;
        tx.commit().await.map_err(DbError::Sql)
    }

    /// Marks a room that will never be played (nobody came) as done with.
    pub async fn close_room(&self, code: RoomCode) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE rooms SET finished = TRUE WHERE code = $1").bind(code.as_str()).execute(&mut *tx).await?;
        unseat(&mut tx, code).await?;
        tx.commit().await.map_err(DbError::Sql)
    }

    /// Every room of this server whose game is not over, with its log.
    pub async fn open_rooms(&self) -> Result<Vec<StoredRoom>> {
        // Rooms made before instances were named are taken once, by the
        // first to start: two instances never both resume one.
        sqlx::query(
            "UPDATE rooms SET instance = $1 WHERE instance IS NULL AND NOT finished \
             AND NOT EXISTS (SELECT 1 FROM correspondence c WHERE c.code = rooms.code)",
        )
        .bind(self.instance())
        .execute(&self.pool)
        .await?;
        self.rooms("NOT r.finished AND r.instance = $1", self.instance()).await
    }

    /// One room, as stored.
    pub async fn room(&self, code: RoomCode) -> Result<Option<StoredRoom>> {
        let rooms = self.rooms("r.code = $1", code.as_str()).await?;
        Ok(rooms.into_iter().next())
    }

    /// The rooms `which` picks (a condition on `r`, with one value bound),
    /// in two queries however many they are: a server resumes all its
    /// rooms at start.
    async fn rooms(&self, which: &'static str, bound: &str) -> Result<Vec<StoredRoom>> {
        let rooms = format!(
            "SELECT r.code, r.settings, r.seed, r.seats, r.arena, r.arena_game, r.rules_edition, r.seed_text \
             FROM rooms r WHERE {which}"
        );
        let rows = sqlx::query(sqlx::AssertSqlSafe(rooms)).bind(bound.to_string()).fetch_all(&self.pool).await?;
        let events = format!(
            "SELECT e.code, e.event FROM events e JOIN rooms r ON r.code = e.code WHERE {which} ORDER BY e.code, e.seq"
        );
        let mut logs: HashMap<String, Vec<Event>> = HashMap::new();
        for row in sqlx::query(sqlx::AssertSqlSafe(events)).bind(bound.to_string()).fetch_all(&self.pool).await? {
            let code: String = row.get(0);
            let event =
                serde_json::from_str(row.get::<&str, _>(1)).map_err(|e| damaged(format!("room {code}'s events"), e))?;
            logs.entry(code).or_default().push(event);
        }
        let mut rooms = Vec::new();
        for row in rows {
            let code: String = row.get(0);
            let damaged = |what: &str, e: &dyn std::fmt::Display| damaged(format!("room {code}'s {what}"), e);
            let settings: String = row.get(1);
            let seats: String = row.get(3);
            let events = logs.remove(&code).unwrap_or_default();
            rooms.push(StoredRoom {
                code: RoomCode::parse(&code).map_err(|e| damaged("code", &e))?,
                settings: serde_json::from_str(&settings).map_err(|e| damaged("settings", &e))?,
                seed: match row.get::<Option<String>, _>(7) {
                    Some(text) => Seed::from_hex(&text).ok_or_else(|| damaged("seed", &text))?,
                    None => Seed::Number(row.get::<i64, _>(2) as u64),
                },
                seats: read_seats(&seats).map_err(|e| damaged("seats", &e))?,
                edition: row.get::<i64, _>(6) as u32,
                events,
                arena: row.get::<Option<String>, _>(4).map(ArenaId).zip(row.get::<Option<i64>, _>(5).map(|g| g as u64)),
            });
        }
        Ok(rooms)
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// Room `code` lists no member seated: its seats changed, or it is over.
async fn unseat(tx: &mut Transaction<'_, Any>, code: RoomCode) -> Result<()> {
    sqlx::query("DELETE FROM seated WHERE code = $1").bind(code.as_str()).execute(&mut **tx).await?;
    Ok(())
}

/// Appends events to rooms' logs within `tx` (see [`Db::append`]).
async fn append_in(tx: &mut Transaction<'_, Any>, appends: &[Append<'_>]) -> Result<()> {
    for append in appends.iter().filter(|a| a.events.first().is_some_and(|event| event.seq == 0)) {
        sqlx::query("UPDATE rooms SET rules_edition = $1 WHERE code = $2")
            .bind(append.edition as i64)
            .bind(append.code.as_str())
            .execute(&mut **tx)
            .await?;
    }
    // Every event in as few statements as the placeholders allow: each
    // statement is a round trip to the database.
    let events: Vec<(RoomCode, &Sequenced)> =
        appends.iter().flat_map(|a| a.events.iter().map(move |event| (a.code, event))).collect();
    for rows in events.chunks(EVENTS_PER_INSERT) {
        let values: Vec<String> =
            (0..rows.len()).map(|i| format!("(${}, ${}, ${})", 3 * i + 1, 3 * i + 2, 3 * i + 3)).collect();
        // Only numbered placeholders are made into the text.
        let sql = format!("INSERT INTO events (code, seq, event) VALUES {}", values.join(", "));
        let query = rows.iter().fold(sqlx::query(sqlx::AssertSqlSafe(sql)), |query, (code, event)| {
            query.bind(code.as_str()).bind(event.seq as i64).bind(text(&event.event))
        });
        query.execute(&mut **tx).await?;
    }
    for append in appends {
        if let Some(result) = append.result {
            sqlx::query("UPDATE rooms SET finished = TRUE WHERE code = $1")
                .bind(append.code.as_str())
                .execute(&mut **tx)
                .await?;
            unseat(tx, append.code).await?;
            players::record(tx, append.code, result).await?;
        }
        if let Some((arena, players)) = append.standings {
            arenas::store_entrants(tx, arena, players).await?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::temp::{room, temp_db};
    use super::*;
    use wocable_crossword::{Event, RULES_EDITION};

    fn passed(seq: u32) -> Sequenced {
        Sequenced { seq, event: Event::Passed { seat: 0 } }
    }

    fn append(code: RoomCode, edition: u32, events: &[Sequenced]) -> Append<'_> {
        Append { code, edition, events, result: None, standings: None }
    }

    #[tokio::test]
    async fn a_room_keeps_the_rules_edition_its_game_began_under() {
        let temp = temp_db("editions").await;
        let db = &temp.db;
        let edition = |code| async move { db.room(code).await.unwrap().unwrap().edition };
        // A game begun before the rules changed, and still played on.
        let old = room(db, 1).await;
        db.append(&[append(old, 1, &[passed(0)])]).await.unwrap();
        db.append(&[append(old, RULES_EDITION, &[passed(1), passed(2)])]).await.unwrap();
        assert_eq!(edition(old).await, 1);
        // Rooms made before the column was written wait at edition 1 until
        // their game begins.
        let new = room(db, 2).await;
        assert_eq!(edition(new).await, 1);
        db.append(&[append(new, RULES_EDITION, &[passed(0), passed(1)])]).await.unwrap();
        assert_eq!(edition(new).await, RULES_EDITION);
        assert_eq!(db.room(new).await.unwrap().unwrap().events.len(), 2);
    }

    #[tokio::test]
    async fn rooms_appended_together_are_stored_all_or_none() {
        let temp = temp_db("appends").await;
        let db = &temp.db;
        let (a, b) = (room(db, 1).await, room(db, 2).await);
        let logged = |code| async move { db.room(code).await.unwrap().unwrap().events.len() };
        let first = [passed(0), passed(1)];
        let second: Vec<Sequenced> = (0..EVENTS_PER_INSERT as u32 + 2).map(passed).collect();
        db.append(&[append(a, RULES_EDITION, &first), append(b, RULES_EDITION, &second)]).await.unwrap();
        assert_eq!(logged(a).await, 2);
        assert_eq!(logged(b).await, EVENTS_PER_INSERT + 2, "more rows than one insert holds");
        // One room's events refused (a number already taken) refuse the others'.
        let refused =
            db.append(&[append(a, RULES_EDITION, &[passed(2)]), append(b, RULES_EDITION, &[passed(5)])]).await;
        assert!(refused.is_err());
        assert_eq!((logged(a).await, logged(b).await), (2, EVENTS_PER_INSERT + 2));
    }

    #[tokio::test]
    async fn a_room_keeps_only_its_seats_token_hashes() {
        let temp = temp_db("token-hashes").await;
        let db = &temp.db;
        let code = room(db, 3).await;
        let token = SeatToken(0x1234_5678_9abc_def0_1234_5678_9abc_def0);
        let seat = Seat { name: "ann".into(), player: Player::Human, token: token_hash(token) };
        db.set_seats(code, std::slice::from_ref(&seat)).await.unwrap();
        let stored: String = sqlx::query("SELECT seats FROM rooms WHERE code = $1")
            .bind(code.as_str())
            .fetch_one(&db.pool)
            .await
            .unwrap()
            .get(0);
        assert!(!stored.contains(&token.0.to_string()), "{stored}");
        assert_eq!(db.room(code).await.unwrap().unwrap().seats, std::slice::from_ref(&seat));
        // A room stored with the token itself, before: read with its hash.
        let old = format!(r#"[{{"name":"ann","player":"human","token":{}}}]"#, token.0);
        sqlx::query("UPDATE rooms SET seats = $1 WHERE code = $2")
            .bind(&old)
            .bind(code.as_str())
            .execute(&db.pool)
            .await
            .unwrap();
        assert_eq!(db.room(code).await.unwrap().unwrap().seats, [seat]);
        assert_ne!(token_hash(token), token);
    }

    #[tokio::test]
    async fn a_room_keeps_its_full_seed_and_one_made_before_its_number() {
        let temp = temp_db("seeds").await;
        let db = &temp.db;
        let before = room(db, 4).await;
        assert_eq!(db.room(before).await.unwrap().unwrap().seed, Seed::Number(1));
        let code = RoomCode::from_number(5);
        let settings = db.room(before).await.unwrap().unwrap().settings;
        let seed = Seed::Full(std::array::from_fn(|i| 255 - i as u8));
        db.create_room(code, &settings, seed, 0).await.unwrap();
        assert_eq!(db.room(code).await.unwrap().unwrap().seed, seed);
    }

    #[tokio::test]
    async fn every_migration_in_the_folder_is_run_in_its_order() {
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/migrations");
        let mut files: Vec<String> =
            std::fs::read_dir(folder).unwrap().map(|file| file.unwrap().file_name().to_string_lossy().into()).collect();
        files.sort();
        let run = Embedded.resolve().await.unwrap();
        assert_eq!(run.len(), files.len(), "{files:?}");
        for (version, (migration, file)) in (1..).zip(run.iter().zip(&files)) {
            assert!(file.starts_with(&format!("{version:04}_")), "{file}");
            assert_eq!(migration.version, version);
            let sql = std::fs::read_to_string(format!("{folder}/{file}")).unwrap();
            assert_eq!(migration.sql.as_str(), sql, "{file}");
        }
    }

    #[test]
    fn the_log_never_shows_a_database_password() {
        assert_eq!(without_password("postgres://ana:s3cret@db:5432/w"), "postgres://ana:…@db:5432/w");
        assert_eq!(without_password("postgres://ana@db/w"), "postgres://ana@db/w");
        assert_eq!(without_password("postgres://db/w?user=ana&password=s3cret"), "postgres://db/w?…");
        assert_eq!(without_password("/var/lib/wocable/server.db"), "/var/lib/wocable/server.db");
    }
}
