//! Lines of chat reported to the moderators, who list them with the
//! server's admin key (`GET /api/reports`).

use super::{Db, DbError, Result};
use serde::Serialize;
use sqlx::Row;
use wocable_net::RoomCode;

/// Reports listed at most, the latest first.
const LISTED: i64 = 500;

/// A line reported, with its room and who said it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    pub room: String,
    pub line: u32,
    pub reporter: String,
    pub reported: String,
    pub text: String,
    pub at_ms: u64,
}

impl Db {
    /// Keeps a report; the same player reporting the same line again
    /// changes nothing.
    pub async fn report(
        &self,
        code: RoomCode,
        line: u32,
        reporter: &str,
        reported: &str,
        text: &str,
        now: u64,
    ) -> Result<()> {
        sqlx::query(
            "INSERT INTO reports (room, line, reporter, reported, text, at_ms) VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT DO NOTHING",
        )
        .bind(code.as_str())
        .bind(i64::from(line))
        .bind(reporter)
        .bind(reported)
        .bind(text)
        .bind(now as i64)
        .execute(&self.pool)
        .await
        .map(drop)
        .map_err(DbError::Sql)
    }

    /// The latest reports.
    pub async fn reports(&self) -> Result<Vec<Report>> {
        let rows = sqlx::query(
            "SELECT room, line, reporter, reported, text, at_ms FROM reports ORDER BY at_ms DESC, room, line LIMIT $1",
        )
        .bind(LISTED)
        .fetch_all(&self.reads)
        .await
        .map_err(DbError::Sql)?;
        rows.iter()
            .map(|row| {
                Ok(Report {
                    room: row.try_get("room")?,
                    line: row.try_get::<i64, _>("line")? as u32,
                    reporter: row.try_get("reporter")?,
                    reported: row.try_get("reported")?,
                    text: row.try_get("text")?,
                    at_ms: row.try_get::<i64, _>("at_ms")? as u64,
                })
            })
            .collect::<std::result::Result<_, sqlx::Error>>()
            .map_err(DbError::Sql)
    }
}
