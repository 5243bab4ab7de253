//! Members' push subscriptions (see `push`), and the server's VAPID key.

use super::{Db, Result};
use sqlx::Row;
use wocable_net::AccountId;

/// A member keeps at most this many subscriptions (a browser each): the
/// oldest goes when another comes.
const SUBSCRIPTIONS_KEPT: i64 = 10;

/// Where a member's browser is told things, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSubscription {
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
    /// The language the browser's player reads (`en`, `es`, `fr`, `pl`).
    pub language: String,
}

impl Db {
    /// The server's VAPID key (PKCS#8), made by `make` the first time it is
    /// asked for: the same for every instance of the database.
    pub async fn vapid_key(&self, make: impl FnOnce() -> Vec<u8>) -> Result<Vec<u8>> {
        use base64::Engine;
        use base64::engine::general_purpose::STANDARD;
        let read = || sqlx::query("SELECT value FROM server_keys WHERE name = 'vapid'").fetch_optional(&self.pool);
        if read().await?.is_none() {
            // Two instances starting at once: the first key stays.
            sqlx::query("INSERT INTO server_keys (name, value) VALUES ('vapid', $1) ON CONFLICT (name) DO NOTHING")
                .bind(STANDARD.encode(make()))
                .execute(&self.pool)
                .await?;
        }
        let row = read().await?.ok_or_else(|| super::damaged("the VAPID key", "it was not kept"))?;
        STANDARD.decode(row.get::<&str, _>(0)).map_err(|e| super::damaged("the VAPID key", e))
    }

    /// Keeps a subscription of `member`'s (another member's on the same
    /// endpoint is theirs no longer).
    pub async fn subscribe(&self, member: AccountId, subscription: &StoredSubscription, now: u64) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1")
            .bind(&subscription.endpoint)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO push_subscriptions (endpoint, player, p256dh, auth, language, created_ms) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&subscription.endpoint)
        .bind(member.0)
        .bind(&subscription.p256dh)
        .bind(&subscription.auth)
        .bind(&subscription.language)
        .bind(now as i64)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "DELETE FROM push_subscriptions WHERE player = $1 AND endpoint NOT IN \
             (SELECT endpoint FROM push_subscriptions WHERE player = $1 ORDER BY created_ms DESC LIMIT $2)",
        )
        .bind(member.0)
        .bind(SUBSCRIPTIONS_KEPT)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Forgets a subscription: the member's word, or its push service's
    /// (`member` `None`: gone, whoever had it).
    pub async fn unsubscribe(&self, member: Option<AccountId>, endpoint: &str) -> Result<()> {
        let query = match member {
            Some(member) => sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1 AND player = $2")
                .bind(endpoint)
                .bind(member.0),
            None => sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1").bind(endpoint),
        };
        query.execute(&self.pool).await?;
        Ok(())
    }

    /// Where `member` is told things.
    pub async fn subscriptions(&self, member: AccountId) -> Result<Vec<StoredSubscription>> {
        let rows = sqlx::query("SELECT endpoint, p256dh, auth, language FROM push_subscriptions WHERE player = $1")
            .bind(member.0)
            .fetch_all(&self.reads)
            .await?;
        Ok(rows
            .iter()
            .map(|row| StoredSubscription {
                endpoint: row.get(0),
                p256dh: row.get(1),
                auth: row.get(2),
                language: row.get(3),
            })
            .collect())
    }
}
