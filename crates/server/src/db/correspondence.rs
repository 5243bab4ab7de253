//! Games that last days (see migration 0013): read whole for each request,
//! written back with a check that nothing changed them in between.

use super::{Append, Db, DbError, Result, StoredRoom, append_in, damaged, stored_seats, text};
use sqlx::Row;
use sqlx::any::AnyRow;
use wocable_crossword::Seed;
use wocable_net::{AccountId, FINISHED_LISTED_MS, GameSummary, MyGame, RoomCode, RoomSettings, Seat};

/// A game that lasts days as read, with the version a change to it is
/// made on.
pub struct StoredGame {
    pub room: StoredRoom,
    pub version: i64,
    pub deadline_ms: Option<u64>,
}

/// What one request changed in a game that lasts days.
pub struct Change<'a> {
    /// The version the game was read at.
    pub version: i64,
    /// The game's events and result, if any (its room's code is the
    /// game's).
    pub append: Append<'a>,
    /// The seats, when someone took one: the member and their seat.
    pub seated: Option<(&'a [Seat], AccountId, usize)>,
    pub deadline_ms: Option<u64>,
    /// The seat on turn, and when to remind its player.
    pub turn_seat: Option<usize>,
    pub remind_ms: Option<u64>,
    pub summary: &'a GameSummary,
    /// Whether seats are still free.
    pub filling: bool,
    pub now: u64,
}

impl Db {
    /// A new room for a game that lasts days, made for a random game's
    /// queue `seeking` or not. No instance holds it: any of the
    /// database's serves it.
    pub async fn create_correspondence(
        &self,
        code: RoomCode,
        settings: &RoomSettings,
        seed: Seed,
        seeking: Option<&str>,
        now: u64,
    ) -> Result<()> {
        let summary = GameSummary { seats: vec![None; settings.players], ..GameSummary::default() };
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO rooms (code, settings, seed, seed_text, seats, created_ms) VALUES ($1, $2, $3, $4, '[]', $5)",
        )
        .bind(code.as_str())
        .bind(text(settings))
        .bind(seed.low_bits() as i64)
        .bind(seed.hex())
        .bind(now as i64)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO correspondence (code, days, version, summary, changed_ms, seeking) \
             VALUES ($1, $2, 0, $3, $4, $5)",
        )
        .bind(code.as_str())
        .bind(i64::from(settings.days.unwrap_or_default()))
        .bind(text(&summary))
        .bind(now as i64)
        .bind(seeking)
        .execute(&mut *tx)
        .await?;
        tx.commit().await.map_err(DbError::Sql)
    }

    /// Whether room `code` is a game that lasts days.
    pub async fn is_correspondence(&self, code: RoomCode) -> Result<bool> {
        let row = sqlx::query("SELECT 1 FROM correspondence WHERE code = $1")
            .bind(code.as_str())
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }

    /// A game that lasts days, whole.
    pub async fn correspondence(&self, code: RoomCode) -> Result<Option<StoredGame>> {
        let row = sqlx::query("SELECT version, deadline_ms FROM correspondence WHERE code = $1")
            .bind(code.as_str())
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else { return Ok(None) };
        let version: i64 = row.get(0);
        let deadline_ms = row.get::<Option<i64>, _>(1).map(|ms| ms as u64);
        // Read after the version: a change in between fails the write.
        let room = self.room(code).await?.ok_or_else(|| damaged(format!("game {code}"), "its room is missing"))?;
        Ok(Some(StoredGame { room, version, deadline_ms }))
    }

    /// Writes a change made on the game as read at `change.version`, all
    /// or nothing: `false`, and nothing written, when another change was
    /// written first.
    pub async fn change_correspondence(&self, change: &Change<'_>) -> Result<bool> {
        let code = change.append.code;
        let finished = change.append.result.map(|_| change.now as i64);
        let mut tx = self.pool.begin().await?;
        let updated = sqlx::query(
            "UPDATE correspondence SET version = version + 1, deadline_ms = $1, summary = $2, changed_ms = $3, \
             finished_ms = $4, seeking = CASE WHEN $7 THEN seeking ELSE NULL END, turn_seat = $8, remind_ms = $9 \
             WHERE code = $5 AND version = $6",
        )
        .bind(change.deadline_ms.map(|ms| ms as i64))
        .bind(text(change.summary))
        .bind(change.now as i64)
        .bind(finished)
        .bind(code.as_str())
        .bind(change.version)
        .bind(change.filling)
        .bind(change.turn_seat.map(|seat| seat as i64))
        .bind(change.remind_ms.map(|ms| ms as i64))
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() == 0 {
            return Ok(false);
        }
        if let Some((seats, member, seat)) = change.seated {
            sqlx::query("UPDATE rooms SET seats = $1 WHERE code = $2")
                .bind(stored_seats(seats))
                .bind(code.as_str())
                .execute(&mut *tx)
                .await?;
            sqlx::query("INSERT INTO correspondence_seats (player, code, seat) VALUES ($1, $2, $3)")
                .bind(member.0)
                .bind(code.as_str())
                .bind(seat as i64)
                .execute(&mut *tx)
                .await?;
        }
        append_in(&mut tx, std::slice::from_ref(&change.append)).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The games that last days `me` sits in: those being played or
    /// filling, and those finished within [`FINISHED_LISTED_MS`]; in no
    /// order.
    pub async fn my_games(&self, me: AccountId, now: u64) -> Result<Vec<MyGame>> {
        let rows = sqlx::query(
            "SELECT c.code, s.seat, r.settings, c.deadline_ms, c.changed_ms, c.summary \
             FROM correspondence_seats s JOIN correspondence c ON c.code = s.code JOIN rooms r ON r.code = s.code \
             WHERE s.player = $1 AND (c.finished_ms IS NULL OR c.finished_ms > $2)",
        )
        .bind(me.0)
        .bind(now.saturating_sub(FINISHED_LISTED_MS) as i64)
        .fetch_all(&self.reads)
        .await?;
        rows.iter()
            .map(|row| {
                let code: String = row.get(0);
                let damaged = |what: &str, e: &dyn std::fmt::Display| damaged(format!("game {code}'s {what}"), e);
                Ok(MyGame {
                    code: RoomCode::parse(&code).map_err(|e| damaged("code", &e))?,
                    seat: row.get::<i64, _>(1) as usize,
                    room: serde_json::from_str(row.get::<&str, _>(2)).map_err(|e| damaged("settings", &e))?,
                    deadline_ms: row.get::<Option<i64>, _>(3).map(|ms| ms as u64),
                    changed_ms: row.get::<i64, _>(4) as u64,
                    summary: serde_json::from_str(row.get::<&str, _>(5)).map_err(|e| damaged("summary", &e))?,
                })
            })
            .collect()
    }

    /// Up to `limit` players on turn whose reminder is due by `now`, each
    /// with their game and its deadline: each claimed here (its reminder
    /// cleared), so that of the servers sharing the database one sends it.
    pub async fn reminders_due(&self, now: u64, limit: i64) -> Result<Vec<(RoomCode, AccountId, u64)>> {
        let rows = sqlx::query(
            "SELECT c.code, s.player, c.deadline_ms FROM correspondence c \
             JOIN correspondence_seats s ON s.code = c.code AND s.seat = c.turn_seat \
             WHERE c.remind_ms <= $1 ORDER BY c.remind_ms, c.code LIMIT $2",
        )
        .bind(now as i64)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut due = Vec::new();
        for row in rows {
            let code: String = row.get(0);
            let claimed = sqlx::query("UPDATE correspondence SET remind_ms = NULL WHERE code = $1 AND remind_ms <= $2")
                .bind(&code)
                .bind(now as i64)
                .execute(&self.pool)
                .await?;
            if claimed.rows_affected() == 1 {
                let parsed = RoomCode::parse(&code).map_err(|e| damaged(format!("game {code}'s code"), e))?;
                due.push((parsed, AccountId(row.get(1)), row.get::<Option<i64>, _>(2).unwrap_or_default() as u64));
            }
        }
        Ok(due)
    }

    /// Up to `limit` games of the random games' queue `seeking` that wait
    /// for players, the oldest first.
    pub async fn seeking(&self, seeking: &str, limit: i64) -> Result<Vec<RoomCode>> {
        let rows = sqlx::query("SELECT code FROM correspondence WHERE seeking = $1 ORDER BY changed_ms, code LIMIT $2")
            .bind(seeking)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        codes(&rows)
    }

    /// Up to `limit` games whose player on turn ran out of days by `now`,
    /// the earliest deadline first.
    pub async fn deadlines_passed(&self, now: u64, limit: i64) -> Result<Vec<RoomCode>> {
        let rows =
            sqlx::query("SELECT code FROM correspondence WHERE deadline_ms <= $1 ORDER BY deadline_ms, code LIMIT $2")
                .bind(now as i64)
                .bind(limit)
                .fetch_all(&self.pool)
                .await?;
        codes(&rows)
    }
}

/// The codes in the first column of `rows`.
fn codes(rows: &[AnyRow]) -> Result<Vec<RoomCode>> {
    rows.iter()
        .map(|row| {
            let code: String = row.get(0);
            RoomCode::parse(&code).map_err(|e| damaged(format!("game {code}'s code"), e))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::temp::{member, temp_db, two_players};
    use super::*;
    use wocable_crossword::{Event, RULES_EDITION, Sequenced};
    use wocable_net::{Player, SeatToken};

    #[tokio::test]
    async fn of_two_changes_made_on_one_version_only_the_first_is_written() {
        let temp = temp_db("correspondence-versions").await;
        let db = &temp.db;
        let code = RoomCode::from_number(9);
        let settings = RoomSettings { days: Some(2), ..two_players() };
        db.create_correspondence(code, &settings, 3.into(), Some("q"), 0).await.unwrap();
        assert_eq!(db.seeking("q", 5).await.unwrap(), [code]);
        let ana = member(db, "Ana").await;
        let seats = [Seat { name: "Ana".into(), player: Player::Member(ana), token: SeatToken(1) }];
        let passed = [Sequenced { seq: 0, event: Event::Passed { seat: 0 } }];
        let summary = GameSummary::default();
        let change = |version, events| Change {
            version,
            append: Append { code, edition: RULES_EDITION, events, result: None, standings: None },
            seated: Some((&seats[..], ana, 0)),
            deadline_ms: Some(5),
            turn_seat: Some(0),
            remind_ms: Some(3),
            summary: &summary,
            filling: false,
            now: 1,
        };
        assert!(db.change_correspondence(&change(0, &passed)).await.unwrap());
        assert!(!db.change_correspondence(&change(0, &passed)).await.unwrap(), "made on a version gone");
        let stored = db.correspondence(code).await.unwrap().unwrap();
        assert_eq!((stored.version, stored.deadline_ms, stored.room.events.len()), (1, Some(5), 1));
        assert_eq!(stored.room.seats, seats);
        assert_eq!(db.seeking("q", 5).await.unwrap(), [], "no longer waiting for players");
        let listed = db.my_games(ana, 1).await.unwrap();
        assert_eq!((listed.len(), listed[0].seat, listed[0].deadline_ms), (1, 0, Some(5)));
        assert_eq!(db.deadlines_passed(4, 10).await.unwrap(), []);
        assert_eq!(db.deadlines_passed(5, 10).await.unwrap(), [code]);
        assert_eq!(db.reminders_due(2, 10).await.unwrap(), []);
        assert_eq!(db.reminders_due(3, 10).await.unwrap(), [(code, ana, 5)]);
        assert_eq!(db.reminders_due(4, 10).await.unwrap(), [], "reminded once");
    }
}
