//! Arenas and their standings (§6.2): written as they change, so that the
//! standings survive a restart and stay after the end.

use super::{Db, DbError, Result, damaged};
use sqlx::any::{Any, AnyRow};
use sqlx::{Row, Transaction};
use std::collections::HashMap;
use wocable_crossword::RuleSetKind;
use wocable_lexicon::Language;
use wocable_net::{
    AccountId, Arena, ArenaId, ArenaKind, ArenaPlace, ArenaSummary, Entrant, EntrantState, FIRE_STREAK, RoomCode,
};

/// Stores some entrants of an arena as they are now, within a transaction.
pub(super) async fn store_entrants(
    tx: &mut Transaction<'_, Any>,
    arena: &Arena,
    accounts: &[AccountId],
) -> sqlx::Result<()> {
    for entrant in accounts.iter().filter_map(|a| arena.entrant(*a)) {
        sqlx::query(
            "INSERT INTO arena_entrants (arena, player, nick, rating, score, streak, sheet, last_opponents) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (arena, player) DO UPDATE SET \
             score = excluded.score, streak = excluded.streak, sheet = excluded.sheet, \
             last_opponents = excluded.last_opponents",
        )
        .bind(&arena.id.0)
        .bind(entrant.account.0)
        .bind(&entrant.nick)
        .bind(entrant.rating)
        .bind(i64::from(entrant.score))
        .bind(i64::from(entrant.streak))
        .bind(serde_json::to_string(&entrant.sheet).expect("numbers serialise"))
        .bind(serde_json::to_string(&entrant.last_opponents).expect("numbers serialise"))
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Leaders shown with each arena of a list.
const LEADERS: i64 = 3;

fn json<T: serde::de::DeserializeOwned>(arena: &str, row: &AnyRow, column: usize) -> Result<T> {
    serde_json::from_str(row.get::<&str, _>(column)).map_err(|e| damaged(format!("arena {arena}"), e))
}

fn kind(row: &AnyRow) -> Result<ArenaKind> {
    let (rules, language): (String, String) = (row.get(1), row.get(2));
    let unknown =
        || damaged(format!("arena {}", row.get::<&str, _>(0)), format!("{rules}/{language} is not a rating list"));
    Ok(ArenaKind {
        rules: RuleSetKind::from_name(&rules).ok_or_else(unknown)?,
        language: Language::from_code(&language).ok_or_else(unknown)?,
        players: row.get::<i64, _>(3) as usize,
    })
}

/// An entrant's place in the standings, after its arena's column.
macro_rules! place_columns {
    () => {
        "nick, score, rating, sheet, streak"
    };
}

/// A row of [`place_columns`] (after the arena's column) at `place`.
fn arena_place(arena: &str, row: &AnyRow, place: u64) -> Result<ArenaPlace> {
    Ok(ArenaPlace {
        place,
        nick: row.get(1),
        score: row.get::<i64, _>(2) as u32,
        rating: row.get(3),
        sheet: json(arena, row, 4)?,
        fire: row.get::<i64, _>(5) >= i64::from(FIRE_STREAK),
    })
}

/// The columns of `arenas` that `kind` and `summaries` read (a macro, for
/// `concat!`: sqlx takes only static queries).
macro_rules! arenas {
    ($where:literal) => {
        concat!("SELECT id, rules, language, players, starts_ms, ends_ms, next_game FROM arenas ", $where)
    };
}

impl Db {
    /// Opens an arena on this instance, unless another opened it first
    /// (instances sharing a database open each arena once); whether this
    /// instance runs it.
    pub async fn open_arena(&self, arena: &Arena) -> Result<bool> {
        sqlx::query(
            "INSERT INTO arenas (id, rules, language, players, starts_ms, ends_ms, next_game, instance) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING",
        )
        .bind(&arena.id.0)
        .bind(arena.kind.rules.name())
        .bind(arena.kind.language.code())
        .bind(arena.kind.players as i64)
        .bind(arena.starts_ms as i64)
        .bind(arena.ends_ms as i64)
        .bind(arena.next_game() as i64)
        .bind(self.instance())
        .execute(&self.pool)
        .await?;
        self.claim_arenas(Some(&arena.id.0)).await?;
        let runner =
            sqlx::query("SELECT instance FROM arenas WHERE id = $1").bind(&arena.id.0).fetch_one(&self.pool).await?;
        Ok(runner.get::<Option<String>, _>(0).as_deref() == Some(self.instance()))
    }

    /// Takes the arenas that no instance runs (opened before instances
    /// were named), one or all: once, so that two instances never both
    /// run one.
    async fn claim_arenas(&self, id: Option<&str>) -> Result<()> {
        let query = match id {
            Some(_) => "UPDATE arenas SET instance = $1 WHERE instance IS NULL AND id = $2",
            None => "UPDATE arenas SET instance = $1 WHERE instance IS NULL",
        };
        let mut query = sqlx::query(query).bind(self.instance());
        if let Some(id) = id {
            query = query.bind(id);
        }
        query.execute(&self.pool).await.map(drop).map_err(DbError::Sql)
    }

    /// The server that runs an arena still running at `now`, if another does.
    pub async fn arena_elsewhere(&self, id: &str, now: u64) -> Result<Option<String>> {
        let row = sqlx::query("SELECT instance FROM arenas WHERE id = $1 AND ends_ms > $2 AND instance <> $3")
            .bind(id)
            .bind(now as i64)
            .bind(self.instance())
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|row| row.get(0)))
    }

    /// Stores the number of an arena's next game (its entrants: see
    /// [`Db::save_entrants`]).
    pub async fn save_arena(&self, arena: &Arena) -> Result<()> {
        sqlx::query("UPDATE arenas SET next_game = $1 WHERE id = $2")
            .bind(arena.next_game() as i64)
            .bind(&arena.id.0)
            .execute(&self.pool)
            .await
            .map(drop)
            .map_err(DbError::Sql)
    }

    /// Stores some entrants of an arena as they are now.
    pub async fn save_entrants(&self, arena: &Arena, accounts: &[AccountId]) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        store_entrants(&mut tx, arena, accounts).await?;
        tx.commit().await.map_err(DbError::Sql)
    }

    /// Says which arena game a room was made for.
    pub async fn set_room_arena(&self, code: RoomCode, arena: &ArenaId, game: u64) -> Result<()> {
        sqlx::query("UPDATE rooms SET arena = $1, arena_game = $2 WHERE code = $3")
            .bind(&arena.0)
            .bind(game as i64)
            .bind(code.as_str())
            .execute(&self.pool)
            .await
            .map(drop)
            .map_err(DbError::Sql)
    }

    /// The arenas this instance runs at `now`, with their entrants (away
    /// until they join again).
    pub async fn running_arenas(&self, now: u64) -> Result<Vec<Arena>> {
        self.claim_arenas(None).await?;
        let query = arenas!("WHERE starts_ms <= $1 AND ends_ms > $1 AND instance = $2");
        let rows = sqlx::query(query).bind(now as i64).bind(self.instance()).fetch_all(&self.pool).await?;
        let mut arenas = Vec::new();
        for row in rows {
            let id: String = row.get(0);
            let entrants = sqlx::query(
                "SELECT player, nick, rating, score, streak, sheet, last_opponents FROM arena_entrants WHERE arena = $1",
            )
            .bind(&id)
            .fetch_all(&self.pool)
            .await
            ?
            .iter()
            .map(|e| {
                Ok(Entrant {
                    account: AccountId(e.get(0)),
                    nick: e.get(1),
                    rating: e.get(2),
                    score: e.get::<i64, _>(3) as u32,
                    streak: e.get::<i64, _>(4) as u32,
                    sheet: json(&id, e, 5)?,
                    state: EntrantState::Away,
                    leaving: false,
                    last_opponents: json(&id, e, 6)?,
                })
            })
            .collect::<Result<Vec<Entrant>>>()?;
            let (starts, ends, next_game) = (row.get::<i64, _>(4), row.get::<i64, _>(5), row.get::<i64, _>(6));
            arenas.push(Arena::restore(kind(&row)?, starts as u64, ends as u64, entrants, next_game as u64));
        }
        Ok(arenas)
    }

    /// A page of an arena's standings: score, then rating.
    async fn places(&self, arena: &str, offset: u64, count: i64) -> Result<Vec<ArenaPlace>> {
        let rows = sqlx::query(concat!(
            "SELECT arena, ",
            place_columns!(),
            " FROM arena_entrants WHERE arena = $1 ORDER BY score DESC, rating DESC, player LIMIT $2 OFFSET $3"
        ))
        .bind(arena)
        .bind(count)
        .bind(offset.min(i64::MAX as u64) as i64)
        .fetch_all(&self.reads)
        .await?;
        rows.iter().zip(offset.saturating_add(1)..).map(|(row, place)| arena_place(arena, row, place)).collect()
    }

    /// The summaries of the arenas of `rows`, in their order: every one's
    /// entrants and leaders come in one query, however many arenas.
    async fn summaries(&self, rows: &[AnyRow]) -> Result<Vec<ArenaSummary>> {
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<String> = rows.iter().map(|row| row.get(0)).collect();
        let placeholders: Vec<String> = (1..=ids.len()).map(|i| format!("${i}")).collect();
        let text = format!(
            "SELECT arena, {}, entrants, place FROM (SELECT *, COUNT(*) OVER (PARTITION BY arena) AS entrants, \
             ROW_NUMBER() OVER (PARTITION BY arena ORDER BY score DESC, rating DESC, player) AS place \
             FROM arena_entrants WHERE arena IN ({})) AS ranked WHERE place <= {LEADERS} ORDER BY arena, place",
            place_columns!(),
            placeholders.join(", ")
        );
        // Only numbered placeholders are made into the text.
        let query = ids.iter().fold(sqlx::query(sqlx::AssertSqlSafe(text)), |query, id| query.bind(id));
        let mut found: HashMap<String, (u64, Vec<ArenaPlace>)> = HashMap::new();
        for row in query.fetch_all(&self.reads).await? {
            let arena: String = row.get(0);
            let place = arena_place(&arena, &row, row.get::<i64, _>(7) as u64)?;
            let (entrants, leaders) = found.entry(arena).or_default();
            *entrants = row.get::<i64, _>(6) as u64;
            leaders.push(place);
        }
        rows.iter()
            .map(|row| {
                let id: String = row.get(0);
                let (entrants, leaders) = found.remove(&id).unwrap_or_default();
                Ok(ArenaSummary {
                    kind: kind(row)?,
                    starts_ms: row.get::<i64, _>(4) as u64,
                    ends_ms: row.get::<i64, _>(5) as u64,
                    entrants,
                    leaders,
                    id: ArenaId(id),
                })
            })
            .collect()
    }

    /// The arenas running at `now`, and a page of those that ended (the
    /// latest first).
    pub async fn arenas(&self, now: u64, page: u64, per_page: u64) -> Result<(Vec<ArenaSummary>, Vec<ArenaSummary>)> {
        let running = sqlx::query(arenas!("WHERE starts_ms <= $1 AND ends_ms > $1 ORDER BY rules, language, players"))
            .bind(now as i64)
            .fetch_all(&self.reads)
            .await?;
        let recent = sqlx::query(arenas!("WHERE ends_ms <= $1 ORDER BY ends_ms DESC, id LIMIT $2 OFFSET $3"))
            .bind(now as i64)
            .bind(per_page as i64)
            .bind(page.saturating_sub(1).saturating_mul(per_page).min(i64::MAX as u64) as i64)
            .fetch_all(&self.reads)
            .await?;
        Ok((self.summaries(&running).await?, self.summaries(&recent).await?))
    }

    /// An arena and a page of its standings.
    pub async fn arena(&self, id: &str, page: u64, per_page: u64) -> Result<Option<(ArenaSummary, Vec<ArenaPlace>)>> {
        let Some(row) = sqlx::query(arenas!("WHERE id = $1")).bind(id).fetch_optional(&self.reads).await? else {
            return Ok(None);
        };
        let offset = page.saturating_sub(1).saturating_mul(per_page);
        let places = self.places(id, offset, per_page as i64).await?;
        let summary = self.summaries(std::slice::from_ref(&row)).await?.pop();
        Ok(summary.map(|summary| (summary, places)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::temp::{member, temp_db};
    use std::time::Duration;
    use wocable_net::ArenaKind;

    #[tokio::test]
    async fn a_page_of_arenas_has_each_ones_entrants_and_leaders_and_never_waits_for_the_writer() {
        let temp = temp_db("arena-pages").await;
        let db = &temp.db;
        let hour = 60 * 60 * 1000;
        let mut arenas = Vec::new();
        for (players, entrants) in [(2, 5), (3, 2), (4, 0)] {
            let kind = ArenaKind { rules: RuleSetKind::Wocable, language: Language::En, players };
            let mut arena = Arena::new(kind, hour, 2 * hour);
            assert!(db.open_arena(&arena).await.unwrap());
            let mut accounts = Vec::new();
            for i in 0..entrants {
                let nick = format!("p{players}x{i}");
                let account = member(db, &nick).await;
                arena.join(account, &nick, 1500.0 + f64::from(i * 10), hour).unwrap();
                accounts.push(account);
            }
            db.save_entrants(&arena, &accounts).await.unwrap();
            arenas.push((arena.id.clone(), entrants));
        }
        // The referee holds the one writer meanwhile.
        let writing = db.pool.begin().await.unwrap();
        let listed = tokio::time::timeout(Duration::from_secs(5), db.arenas(hour + 1, 1, 10)).await;
        let (running, recent) = listed.expect("a page does not wait for the writer").unwrap();
        drop(writing);
        assert!(recent.is_empty());
        assert_eq!(running.len(), 3);
        for (id, entrants) in arenas {
            let summary = running.iter().find(|s| s.id == id).unwrap();
            assert_eq!(summary.entrants, entrants as u64, "{id:?}");
            assert_eq!(summary.leaders, db.places(&id.0, 0, LEADERS).await.unwrap(), "{id:?}");
            assert_eq!(summary.leaders.len(), entrants.min(LEADERS as u32) as usize);
            let (alone, _) = db.arena(&id.0, 1, 1).await.unwrap().unwrap();
            assert_eq!(alone, *summary, "one arena's summary is the same alone");
        }
    }
}
