//! Random games' queues, shared by the instances of one database: a
//! player waits in a row of `waiting`; any instance pairs the rows, with
//! a lock per row on PostgreSQL (rows another instance is pairing are
//! skipped, not waited for), and leaves each paired player their answer.

use super::{Db, DbError, Result, damaged, text};
use sqlx::Row;
use std::collections::HashSet;
use wocable_net::{AccountId, ApiErrorBody, Joined, Matched, Player, QueueKey, Waiting, pair_queues};

/// How long after their wait ran out a player is still waited for: a
/// live instance pairs and answers them well before.
pub const STALE_MS: u64 = 60_000;

/// What asking to wait gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Waited {
    Waiting,
    /// A member who waits already (they would meet themselves).
    Already,
    /// As many wait, in all the database, as may.
    Full,
}

/// The unclaimed waits in brief, read beside the writer: pairing them can
/// give something new only once this changes or `first_deadline` passes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WaitingSummary {
    pub count: u64,
    /// When the latest came, and the highest ticket: waits that came and
    /// went change one or the other.
    pub latest_ms: u64,
    pub highest_ticket: u64,
    /// The earliest time a wait runs out.
    pub first_deadline: Option<u64>,
}

/// A seat, or why the player has none.
pub type Answer = std::result::Result<Joined, ApiErrorBody>;

impl Db {
    /// A player starts waiting for a random game on this instance, unless
    /// `most` players wait already (every wait is read at each pairing).
    pub async fn wait(&self, key: QueueKey, waiting: &Waiting, most: u64) -> Result<Waited> {
        let count: i64 = sqlx::query("SELECT COUNT(*) FROM waiting").fetch_one(&self.pool).await?.get(0);
        if count as u64 >= most {
            return Ok(Waited::Full);
        }
        let account = match waiting.player {
            Player::Member(account) => Some(account.0),
            _ => None,
        };
        let stored = sqlx::query(
            "INSERT INTO waiting (ticket, instance, queue, name, player, account, since_ms, wait_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(waiting.ticket as i64)
        .bind(self.instance())
        .bind(text(&key))
        .bind(&waiting.name)
        .bind(text(&waiting.player))
        .bind(account)
        .bind(waiting.since as i64)
        .bind(waiting.wait_ms as i64)
        .execute(&self.pool)
        .await;
        match stored {
            Ok(_) => Ok(Waited::Waiting),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(Waited::Already),
            Err(e) => Err(DbError::Sql(e)),
        }
    }

    /// The unclaimed waits, in brief (see [`WaitingSummary`]).
    pub async fn waiting_summary(&self) -> Result<WaitingSummary> {
        let row = sqlx::query(
            "SELECT COUNT(*), MAX(since_ms), MAX(ticket), MIN(since_ms + wait_ms) FROM waiting WHERE NOT claimed",
        )
        .fetch_one(&self.reads)
        .await?;
        let at = |i: usize| row.get::<Option<i64>, _>(i).map(|n| n as u64);
        Ok(WaitingSummary {
            count: at(0).unwrap_or(0),
            latest_ms: at(1).unwrap_or(0),
            highest_ticket: at(2).unwrap_or(0),
            first_deadline: at(3),
        })
    }

    /// Pairs the players who wait, whichever instance they asked, and
    /// claims them for this one to seat.
    pub async fn pair_waiting(&self, now: u64) -> Result<Vec<Matched>> {
        // A wait that ran out long ago was never answered: the instance
        // that had the player, or the one that paired them, is gone.
        sqlx::query("DELETE FROM waiting WHERE since_ms + wait_ms < $1")
            .bind(now.saturating_sub(STALE_MS) as i64)
            .execute(&self.pool)
            .await?;
        // PostgreSQL locks the rows read, skipping those another instance
        // holds; SQLite lets one writer at a time in from the start.
        let (mut tx, query) = if self.postgres {
            let query = "SELECT ticket, queue, name, player, since_ms, wait_ms FROM waiting \
                         WHERE NOT claimed ORDER BY since_ms, ticket FOR UPDATE SKIP LOCKED";
            (self.pool.begin().await?, query)
        } else {
            let query = "SELECT ticket, queue, name, player, since_ms, wait_ms FROM waiting \
                         WHERE NOT claimed ORDER BY since_ms, ticket";
            (self.pool.begin_with("BEGIN IMMEDIATE").await?, query)
        };
        let rows = sqlx::query(query).fetch_all(&mut *tx).await?;
        let mut waiting = Vec::new();
        for row in rows {
            let ticket = row.get::<i64, _>(0) as u64;
            let damaged = |e| damaged(format!("waiting ticket {ticket}"), e);
            let key: QueueKey = serde_json::from_str(row.get(1)).map_err(damaged)?;
            let player: Player = serde_json::from_str(row.get(3)).map_err(damaged)?;
            let (since, wait_ms) = (row.get::<i64, _>(4) as u64, row.get::<i64, _>(5) as u64);
            waiting.push((key, Waiting { ticket, name: row.get(2), player, since, wait_ms }));
        }
        let members: Vec<AccountId> = waiting.iter().filter_map(|(_, waiting)| waiting.player.account()).collect();
        let blocks: HashSet<(AccountId, AccountId)> = self.blocks_among(&members).await?.into_iter().collect();
        let account = |waiting: &Waiting| waiting.player.account();
        let apart = |a: &Waiting, b: &Waiting| account(a).zip(account(b)).is_some_and(|pair| blocks.contains(&pair));
        let matched = pair_queues(waiting, now, apart);
        for waiting in matched.iter().flat_map(|m| &m.players) {
            sqlx::query("UPDATE waiting SET claimed = TRUE WHERE ticket = $1")
                .bind(waiting.ticket as i64)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(matched)
    }

    /// Leaves a paired player their answer, for the instance they asked.
    pub async fn answer(&self, ticket: u64, answer: &Answer) -> Result<()> {
        sqlx::query("UPDATE waiting SET answer = $1 WHERE ticket = $2")
            .bind(text(answer))
            .bind(ticket as i64)
            .execute(&self.pool)
            .await
            .map(drop)
            .map_err(DbError::Sql)
    }

    /// The answers other instances left for this one's players, taken.
    pub async fn answers(&self) -> Result<Vec<(u64, Answer)>> {
        let rows = sqlx::query("SELECT ticket, answer FROM waiting WHERE instance = $1 AND answer IS NOT NULL")
            .bind(self.instance())
            .fetch_all(&self.pool)
            .await?;
        let mut answers = Vec::new();
        for row in rows {
            let ticket = row.get::<i64, _>(0) as u64;
            self.stop_waiting(ticket).await?;
            let answer =
                serde_json::from_str(row.get(1)).map_err(|e| damaged(format!("waiting ticket {ticket}"), e))?;
            answers.push((ticket, answer));
        }
        Ok(answers)
    }

    /// A player waits no longer: answered, or gone. One who was paired
    /// meanwhile has a seat that nobody comes to, which a computer takes.
    pub async fn stop_waiting(&self, ticket: u64) -> Result<()> {
        sqlx::query("DELETE FROM waiting WHERE ticket = $1")
            .bind(ticket as i64)
            .execute(&self.pool)
            .await
            .map(drop)
            .map_err(DbError::Sql)
    }

    /// Forgets the players who waited on this instance before it started:
    /// their requests ended with the process that had them.
    pub async fn forget_waiting(&self) -> Result<()> {
        sqlx::query("DELETE FROM waiting WHERE instance = $1")
            .bind(self.instance())
            .execute(&self.pool)
            .await
            .map(drop)
            .map_err(DbError::Sql)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::temp::temp_db;
    use wocable_crossword::RuleSetKind;
    use wocable_lexicon::Language;
    use wocable_net::{AccountId, RoomCode, SeatToken};

    const KEY: QueueKey = QueueKey { rules: RuleSetKind::Wocable, language: Language::En, players: 2, family: false };

    /// Room for all the test's players.
    const MOST: u64 = 10;

    fn waiting(ticket: u64, player: Player) -> Waiting {
        Waiting { ticket, name: format!("p{ticket}"), player, since: 0, wait_ms: 60_000 }
    }

    #[tokio::test]
    async fn players_who_asked_two_instances_are_paired_and_answered_where_they_asked() {
        let first = temp_db("waiting").await;
        let db = &first.db;
        db.set_instance("http://first".into());
        let member = Player::Member(AccountId(7));
        assert_eq!(db.wait(KEY, &waiting(1, member), MOST).await.unwrap(), Waited::Waiting);
        assert_eq!(
            db.wait(KEY, &waiting(2, member), MOST).await.unwrap(),
            Waited::Already,
            "a member waits once: they would meet themselves"
        );
        assert!(db.pair_waiting(1_000).await.unwrap().is_empty(), "alone, before their wait is up");
        let alone = db.waiting_summary().await.unwrap();
        assert_eq!((alone.count, alone.highest_ticket, alone.first_deadline), (1, 1, Some(60_000)));

        // Another instance of the same database: a clone that says so.
        let second = Db { instance: Default::default(), ..db.clone() };
        second.set_instance("http://second".into());
        assert_eq!(second.wait(KEY, &waiting(3, Player::Human), MOST).await.unwrap(), Waited::Waiting);
        let matched = second.pair_waiting(2_000).await.unwrap();
        let tickets: Vec<u64> = matched.iter().flat_map(|m| &m.players).map(|w| w.ticket).collect();
        assert_eq!(tickets, [1, 3]);
        assert_eq!(db.waiting_summary().await.unwrap(), WaitingSummary::default(), "claimed: none wait");
        assert!(db.pair_waiting(90_000).await.unwrap().is_empty(), "claimed: not paired again, nor filled");

        let joined = Joined { code: RoomCode::from_number(5), seat: 0, token: SeatToken(9), server: None, days: None };
        second.answer(1, &Ok(joined.clone())).await.unwrap();
        assert!(second.answers().await.unwrap().is_empty(), "the first instance's player is answered there");
        assert_eq!(db.answers().await.unwrap(), [(1, Ok(joined))]);
        assert!(db.answers().await.unwrap().is_empty(), "taken once");
        assert_eq!(
            db.wait(KEY, &waiting(4, member), MOST).await.unwrap(),
            Waited::Waiting,
            "answered: free to wait again"
        );

        // A restarted instance forgets those who waited on it.
        db.forget_waiting().await.unwrap();
        assert_eq!(db.wait(KEY, &waiting(5, member), MOST).await.unwrap(), Waited::Waiting);

        // A wait long run out (its instance gone) holds nobody back: it is
        // let go, not paired, and the member may wait again elsewhere.
        assert!(second.pair_waiting(60_000 + STALE_MS + 1).await.unwrap().is_empty());
        assert_eq!(second.wait(KEY, &waiting(6, member), MOST).await.unwrap(), Waited::Waiting);
    }

    #[tokio::test]
    async fn so_many_wait_and_no_more() {
        let temp = temp_db("waiting-full").await;
        let db = &temp.db;
        for ticket in 1..=3 {
            assert_eq!(db.wait(KEY, &waiting(ticket, Player::Human), 3).await.unwrap(), Waited::Waiting);
        }
        assert_eq!(db.wait(KEY, &waiting(4, Player::Human), 3).await.unwrap(), Waited::Full);
        assert_eq!(db.pair_waiting(1_000).await.unwrap().len(), 1, "two of the three paired");
        db.stop_waiting(1).await.unwrap();
        assert_eq!(db.wait(KEY, &waiting(5, Player::Human), 3).await.unwrap(), Waited::Waiting, "room again");
    }
}
