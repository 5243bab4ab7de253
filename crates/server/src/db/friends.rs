//! Friends, blocks and invitations (migration 0012). A block hides the
//! blocked one's requests and invitations from the one who blocked them,
//! and ends their friendship; the blocked one's own lists show nothing of
//! it but a friend gone.

use super::players::fold;
use super::{Db, DbError, Result, damaged, text};
use sqlx::any::AnyRow;
use sqlx::{AssertSqlSafe, Row};
use std::collections::HashMap;
use wocable_net::{AccountId, Friend, FriendRating, Friends, Invitation, RoomCode, RoomSettings, SentInvitation};

/// A player seen within this is online.
pub const ONLINE_MS: u64 = 60 * 1000;

/// A player's last sight is written at most this often.
const SEEN_EVERY_MS: u64 = 10 * 1000;

/// Nicknames, from the rows' one column.
fn nicks(rows: &[AnyRow]) -> Vec<String> {
    rows.iter().map(|row| row.get(0)).collect()
}

/// The friends row of `$1` and `$2`, either way round.
macro_rules! both_ways {
    () => {
        "((asker = $1 AND asked = $2) OR (asker = $2 AND asked = $1))"
    };
}

/// Neither of `$1` and `$2` blocks the other.
macro_rules! no_block_between {
    () => {
        "NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker = $1 AND b.blocked = $2) \
         OR (b.blocker = $2 AND b.blocked = $1))"
    };
}

/// The other player of friends row `f` of `$1`.
macro_rules! other {
    () => {
        "CASE WHEN f.asker = $1 THEN f.asked ELSE f.asker END"
    };
}

/// `$1` does not block player `$who`.
macro_rules! not_blocked {
    ($who:literal) => {
        concat!("NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker = $1 AND b.blocked = ", $who, ")")
    };
}

impl Db {
    /// A member by nickname (in any case).
    pub async fn account(&self, nick: &str) -> Result<Option<(AccountId, String)>> {
        let row = sqlx::query("SELECT id, nick FROM players WHERE folded = $1")
            .bind(fold(nick))
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|row| (AccountId(row.get(0)), row.get(1))))
    }

    /// `me` asks `other` to be friends; when `other` asked first, they are
    /// friends now. A new request is not made while `me` has `most` of them
    /// waiting for an answer: whether it was.
    pub async fn ask_friend(&self, me: AccountId, other: AccountId, now: u64, most: u64) -> Result<bool> {
        // A blocked player's ask only seems to wait (see `block`).
        let query =
            concat!("UPDATE friends SET accepted = 1 WHERE asker = $1 AND asked = $2 AND ", no_block_between!());
        let theirs = sqlx::query(query).bind(other.0).bind(me.0).execute(&self.pool).await?;
        if theirs.rows_affected() == 0 {
            let waiting = sqlx::query("SELECT COUNT(*) FROM friends WHERE asker = $1 AND accepted = 0 AND asked <> $2")
                .bind(me.0)
                .bind(other.0)
                .fetch_one(&self.pool)
                .await?;
            if waiting.get::<i64, _>(0) as u64 >= most {
                return Ok(false);
            }
            sqlx::query(
                "INSERT INTO friends (asker, asked, accepted, since_ms) VALUES ($1, $2, 0, $3) ON CONFLICT DO NOTHING",
            )
            .bind(me.0)
            .bind(other.0)
            .bind(now as i64)
            .execute(&self.pool)
            .await?;
        }
        Ok(true)
    }

    /// `me` accepts (or refuses) `other`'s request, if there is one.
    pub async fn answer_friend(&self, me: AccountId, other: AccountId, accept: bool) -> Result<()> {
        let query = match accept {
            true => {
                concat!("UPDATE friends SET accepted = 1 WHERE asker = $1 AND asked = $2 AND ", no_block_between!())
            }
            false => "DELETE FROM friends WHERE asker = $1 AND asked = $2 AND accepted = 0",
        };
        sqlx::query(query).bind(other.0).bind(me.0).execute(&self.pool).await.map(drop).map_err(DbError::Sql)
    }

    /// No longer friends, nor asking, either way.
    pub async fn remove_friend(&self, me: AccountId, other: AccountId) -> Result<()> {
        let query = concat!("DELETE FROM friends WHERE ", both_ways!());
        sqlx::query(query).bind(me.0).bind(other.0).execute(&self.pool).await.map(drop).map_err(DbError::Sql)
    }

    pub async fn are_friends(&self, me: AccountId, other: AccountId) -> Result<bool> {
        let query = concat!("SELECT 1 FROM friends WHERE accepted = 1 AND ", both_ways!());
        Ok(sqlx::query(query).bind(me.0).bind(other.0).fetch_optional(&self.pool).await?.is_some())
    }

    /// `me` blocks `other`, which ends their friendship; or lets them be.
    pub async fn block(&self, me: AccountId, other: AccountId, block: bool, now: u64) -> Result<()> {
        if !block {
            let query = "DELETE FROM blocks WHERE blocker = $1 AND blocked = $2";
            return sqlx::query(query).bind(me.0).bind(other.0).execute(&self.pool).await.map(drop).map_err(Into::into);
        }
        let mut tx = self.pool.begin().await?;
        sqlx::query("INSERT INTO blocks (blocker, blocked, since_ms) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
            .bind(me.0)
            .bind(other.0)
            .bind(now as i64)
            .execute(&mut *tx)
            .await?;
        // Their request stays, hidden: they must not learn of the block.
        // The blocker's own request and open invitations go: nothing of
        // theirs may let the blocked one back in.
        let query =
            concat!("DELETE FROM friends WHERE (accepted = 1 AND ", both_ways!(), ") OR (asker = $1 AND asked = $2)");
        sqlx::query(query).bind(me.0).bind(other.0).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM invitations WHERE inviter = $1 AND invitee = $2 AND accepted IS NULL")
            .bind(me.0)
            .bind(other.0)
            .execute(&mut *tx)
            .await?;
        tx.commit().await.map_err(Into::into)
    }

    pub async fn blocks(&self, me: AccountId, other: AccountId) -> Result<bool> {
        let query = "SELECT 1 FROM blocks WHERE blocker = $1 AND blocked = $2";
        Ok(sqlx::query(query).bind(me.0).bind(other.0).fetch_optional(&self.pool).await?.is_some())
    }

    /// The blocks made at `since` or later, as (blocker, blocked).
    pub async fn blocks_since(&self, since: u64) -> Result<Vec<(AccountId, AccountId)>> {
        let query = "SELECT blocker, blocked FROM blocks WHERE since_ms >= $1";
        let rows = sqlx::query(query).bind(since as i64).fetch_all(&self.reads).await?;
        Ok(rows.iter().map(|row| (AccountId(row.get(0)), AccountId(row.get(1)))).collect())
    }

    /// Those `me` blocks, and those who block `me`.
    pub async fn blocks_either_way(&self, me: AccountId) -> Result<Vec<AccountId>> {
        let query = "SELECT blocked FROM blocks WHERE blocker = $1 UNION SELECT blocker FROM blocks WHERE blocked = $1";
        let rows = sqlx::query(query).bind(me.0).fetch_all(&self.reads).await?;
        Ok(rows.iter().map(|row| AccountId(row.get(0))).collect())
    }

    /// The blocks between any two of `accounts`, as (blocker, blocked).
    pub async fn blocks_among(&self, accounts: &[AccountId]) -> Result<Vec<(AccountId, AccountId)>> {
        if accounts.len() < 2 {
            return Ok(Vec::new());
        }
        // The ids are numbers of this server's own: written in the query,
        // as a list of them cannot be bound on both databases.
        let ids = accounts.iter().map(|account| account.0.to_string()).collect::<Vec<_>>().join(", ");
        let query = format!("SELECT blocker, blocked FROM blocks WHERE blocker IN ({ids}) AND blocked IN ({ids})");
        // From the readers: pairing asks inside its transaction, which
        // holds SQLite's one writer.
        let rows = sqlx::query(AssertSqlSafe(query)).fetch_all(&self.reads).await?;
        Ok(rows.iter().map(|row| (AccountId(row.get(0)), AccountId(row.get(1)))).collect())
    }

    /// Notes that `me`'s app asked now: they are online.
    pub async fn seen(&self, me: AccountId, now: u64) -> Result<()> {
        sqlx::query("UPDATE players SET seen_ms = $1 WHERE id = $2 AND seen_ms < $3")
            .bind(now as i64)
            .bind(me.0)
            .bind(now.saturating_sub(SEEN_EVERY_MS) as i64)
            .execute(&self.pool)
            .await
            .map(drop)
            .map_err(DbError::Sql)
    }

    /// How many of `me`'s invitations may still be answered at `now`.
    pub async fn inviting(&self, me: AccountId, now: u64) -> Result<u64> {
        let row =
            sqlx::query("SELECT COUNT(*) FROM invitations WHERE inviter = $1 AND accepted IS NULL AND expires_ms > $2")
                .bind(me.0)
                .bind(now as i64)
                .fetch_one(&self.reads)
                .await?;
        Ok(row.get::<i64, _>(0) as u64)
    }

    /// Invitations from `me` to `invitees` to room `code`, their ids.
    pub async fn invite(
        &self,
        me: AccountId,
        invitees: &[AccountId],
        code: RoomCode,
        settings: &RoomSettings,
        expires_ms: u64,
    ) -> Result<Vec<u64>> {
        let mut tx = self.pool.begin().await?;
        let mut ids = Vec::new();
        for invitee in invitees {
            let id = rand::random::<i64>() & i64::MAX;
            sqlx::query(
                "INSERT INTO invitations (id, room, inviter, invitee, settings, expires_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(id)
            .bind(code.as_str())
            .bind(me.0)
            .bind(invitee.0)
            .bind(text(settings))
            .bind(expires_ms as i64)
            .execute(&mut *tx)
            .await?;
            ids.push(id as u64);
        }
        tx.commit().await?;
        Ok(ids)
    }

    /// Answers an invitation to `me` that may still be answered, once:
    /// its room; `None` if it cannot be (answered, lapsed, not theirs).
    pub async fn answer_invitation(&self, id: u64, me: AccountId, accept: bool, now: u64) -> Result<Option<RoomCode>> {
        let row = sqlx::query(
            "UPDATE invitations SET accepted = $1 \
             WHERE id = $2 AND invitee = $3 AND accepted IS NULL AND expires_ms > $4 RETURNING room",
        )
        .bind(i64::from(accept))
        .bind(id as i64)
        .bind(me.0)
        .bind(now as i64)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| RoomCode::parse(row.get(0)).map_err(|e| damaged(format!("invitation {id}"), e))).transpose()
    }

    /// An invitation accepted whose seat could not be taken: declined.
    pub async fn spend_invitation(&self, id: u64) -> Result<()> {
        sqlx::query("UPDATE invitations SET accepted = 0 WHERE id = $1")
            .bind(id as i64)
            .execute(&self.pool)
            .await
            .map(drop)
            .map_err(DbError::Sql)
    }

    /// What `me` sees of their friends, requests, blocks and invitations
    /// (the version left empty).
    pub async fn friends(&self, me: AccountId, now: u64) -> Result<Friends> {
        let rows = sqlx::query(concat!(
            "SELECT p.id, p.nick, p.seen_ms, (SELECT r.code FROM seated s JOIN rooms r ON r.code = s.code \
             WHERE s.player = p.id AND NOT r.finished AND EXISTS (SELECT 1 FROM events e WHERE e.code = r.code) \
             ORDER BY r.created_ms DESC, r.code LIMIT 1) FROM friends f JOIN players p ON p.id = ",
            other!(),
            " WHERE (f.asker = $1 OR f.asked = $1) AND f.accepted = 1 ORDER BY p.folded"
        ))
        .bind(me.0)
        .fetch_all(&self.reads)
        .await?;
        let ratings = sqlx::query(concat!(
            "SELECT r.player, r.rules, r.language, r.rating, r.games FROM friends f JOIN ratings r ON r.player = ",
            other!(),
            " WHERE (f.asker = $1 OR f.asked = $1) AND f.accepted = 1 ORDER BY r.games DESC, r.rules, r.language"
        ))
        .bind(me.0)
        .fetch_all(&self.reads)
        .await?;
        let mut by_player: HashMap<i64, Vec<FriendRating>> = HashMap::new();
        for row in &ratings {
            let list = || format!("a rating of player {}", row.get::<i64, _>(0));
            let rules = row.get::<String, _>(1);
            let rules = wocable_crossword::RuleSetKind::from_name(&rules).ok_or_else(|| damaged(list(), &rules))?;
            let language = row.get::<String, _>(2);
            let language = wocable_lexicon::Language::from_code(&language).ok_or_else(|| damaged(list(), &language))?;
            by_player.entry(row.get(0)).or_default().push(FriendRating {
                rules,
                language,
                rating: row.get(3),
                games: row.get::<i64, _>(4) as u64,
            });
        }
        let mut friends = Vec::with_capacity(rows.len());
        for row in &rows {
            let online = now.saturating_sub(row.get::<i64, _>(2) as u64) < ONLINE_MS;
            // The game they sit in, whichever server holds it: shown while
            // their app is open, as one who left it is not playing.
            let playing = match row.get::<Option<String>, _>(3) {
                Some(code) if online => {
                    Some(RoomCode::parse(&code).map_err(|e| damaged(format!("the room {code} a friend plays in"), e))?)
                }
                _ => None,
            };
            friends.push(Friend {
                nick: row.get(1),
                online,
                ratings: by_player.remove(&row.get::<i64, _>(0)).unwrap_or_default(),
                playing,
            });
        }
        let asking = sqlx::query(concat!(
            "SELECT p.nick FROM friends f JOIN players p ON p.id = f.asker WHERE f.asked = $1 AND f.accepted = 0 AND ",
            not_blocked!("f.asker"),
            " ORDER BY p.folded"
        ))
        .bind(me.0)
        .fetch_all(&self.reads)
        .await?;
        let asked = sqlx::query(
            "SELECT p.nick FROM friends f JOIN players p ON p.id = f.asked \
             WHERE f.asker = $1 AND f.accepted = 0 ORDER BY p.folded",
        )
        .bind(me.0)
        .fetch_all(&self.reads)
        .await?;
        let blocked = sqlx::query(
            "SELECT p.nick FROM blocks b JOIN players p ON p.id = b.blocked WHERE b.blocker = $1 ORDER BY p.folded",
        )
        .bind(me.0)
        .fetch_all(&self.reads)
        .await?;
        let invitations = sqlx::query(concat!(
            "SELECT i.id, p.nick, i.room, i.settings, i.expires_ms FROM invitations i JOIN players p ON p.id = i.inviter \
             WHERE i.invitee = $1 AND i.accepted IS NULL AND i.expires_ms > $2 AND ",
            not_blocked!("i.inviter"),
            " ORDER BY i.expires_ms, i.id"
        ))
        .bind(me.0)
        .bind(now as i64)
        .fetch_all(&self.reads)
        .await?;
        let sent = sqlx::query(
            "SELECT i.id, p.nick, i.room, CAST(COALESCE(i.accepted, -1) AS BIGINT), i.expires_ms \
             FROM invitations i JOIN players p ON p.id = i.invitee \
             WHERE i.inviter = $1 AND i.expires_ms > $2 ORDER BY i.expires_ms, i.id",
        )
        .bind(me.0)
        .bind(now as i64)
        .fetch_all(&self.reads)
        .await?;
        Ok(Friends {
            version: String::new(),
            friends,
            asking: nicks(&asking),
            asked: nicks(&asked),
            blocked: nicks(&blocked),
            invitations: invitations.iter().map(invitation).collect::<Result<_>>()?,
            sent: sent.iter().map(sent_invitation).collect::<Result<_>>()?,
        })
    }
}

fn room(row: &AnyRow, id: i64) -> Result<RoomCode> {
    RoomCode::parse(row.get(2)).map_err(|e| damaged(format!("invitation {id}"), e))
}

fn invitation(row: &AnyRow) -> Result<Invitation> {
    let id: i64 = row.get(0);
    let settings = serde_json::from_str(row.get(3)).map_err(|e| damaged(format!("invitation {id}"), e))?;
    Ok(Invitation {
        id: id as u64,
        from: row.get(1),
        code: room(row, id)?,
        settings,
        expires_ms: row.get::<i64, _>(4) as u64,
    })
}

fn sent_invitation(row: &AnyRow) -> Result<SentInvitation> {
    let id: i64 = row.get(0);
    let accepted = match row.get::<i64, _>(3) {
        -1 => None,
        answer => Some(answer == 1),
    };
    Ok(SentInvitation {
        id: id as u64,
        to: row.get(1),
        code: room(row, id)?,
        accepted,
        expires_ms: row.get::<i64, _>(4) as u64,
    })
}

#[cfg(test)]
mod tests {
    use crate::db::temp::{member, room, temp_db, two_players};
    use crate::db::{Append, GameResult};
    use wocable_crossword::{Event, RULES_EDITION, Sequenced};
    use wocable_net::{Player, Seat, SeatToken};

    #[tokio::test]
    async fn requests_and_invitations_waiting_for_answers_are_counted_against_a_most() {
        let temp = temp_db("asking").await;
        let db = &temp.db;
        let ana = member(db, "Ana").await;
        let others = [member(db, "Ben").await, member(db, "Cy").await, member(db, "Dee").await];
        assert!(db.ask_friend(ana, others[0], 0, 2).await.unwrap());
        assert!(db.ask_friend(ana, others[1], 0, 2).await.unwrap());
        assert!(!db.ask_friend(ana, others[2], 0, 2).await.unwrap(), "two wait already");
        assert!(db.ask_friend(ana, others[1], 0, 2).await.unwrap(), "asking again is no new request");
        // Dee asks Ana: her yes is no request of hers.
        assert!(db.ask_friend(others[2], ana, 0, 2).await.unwrap());
        assert!(db.ask_friend(ana, others[2], 0, 2).await.unwrap());
        assert!(db.are_friends(ana, others[2]).await.unwrap());
        // Ben refuses: one fewer waits.
        db.answer_friend(others[0], ana, false).await.unwrap();
        let eve = member(db, "Eve").await;
        assert!(db.ask_friend(ana, eve, 0, 2).await.unwrap());

        let code = room(db, 1).await;
        let ids = db.invite(ana, &others[..2], code, &two_players(), 1_000).await.unwrap();
        assert_eq!(db.inviting(ana, 0).await.unwrap(), 2);
        db.answer_invitation(ids[0], others[0], false, 10).await.unwrap();
        assert_eq!(db.inviting(ana, 10).await.unwrap(), 1, "answered");
        assert_eq!(db.inviting(ana, 1_000).await.unwrap(), 0, "lapsed");
    }

    #[tokio::test]
    async fn a_friend_online_is_playing_the_latest_game_begun_they_sit_in_until_it_ends() {
        let temp = temp_db("playing").await;
        let db = &temp.db;
        let (ana, ben) = (member(db, "Ana").await, member(db, "Ben").await);
        db.ask_friend(ana, ben, 0, 2).await.unwrap();
        db.answer_friend(ben, ana, true).await.unwrap();
        db.seen(ben, 0).await.unwrap();
        let playing = || async { db.friends(ana, 1).await.unwrap().friends[0].playing };
        let seat = |player| Seat { name: "Ben".into(), player, token: SeatToken(1) };
        let begun = |code| async move {
            let started = [Sequenced { seq: 0, event: Event::Passed { seat: 0 } }];
            let append = Append { code, edition: RULES_EDITION, events: &started, result: None, standings: None };
            db.append(&[append]).await.unwrap();
        };
        let (first, second) = (room(db, 1).await, room(db, 2).await);
        db.set_seats(first, &[seat(Player::Member(ben))]).await.unwrap();
        assert_eq!(playing().await, None, "seated, but the game has not begun");
        begun(first).await;
        assert_eq!(playing().await, Some(first));
        // A guest's seat is nobody's.
        db.set_seats(second, &[seat(Player::Human)]).await.unwrap();
        begun(second).await;
        assert_eq!(playing().await, Some(first));
        let later = wocable_net::RoomCode::from_number(3);
        db.create_room(later, &two_players(), 1.into(), 5).await.unwrap();
        db.set_seats(later, &[seat(Player::Member(ben)), seat(Player::Member(ben))]).await.unwrap();
        begun(later).await;
        assert_eq!(playing().await, Some(later), "the game made latest");
        assert_eq!(db.friends(ana, super::ONLINE_MS + 1).await.unwrap().friends[0].playing, None, "gone");
        db.close_room(later).await.unwrap();
        assert_eq!(playing().await, Some(first));
        let settings = two_players();
        let result = GameResult {
            rules: settings.rules,
            language: settings.language,
            seats: Vec::new(),
            pairs: Vec::new(),
            finished_ms: 10,
            counts: false,
        };
        let ended = [Sequenced { seq: 1, event: Event::Passed { seat: 0 } }];
        let append =
            Append { code: first, edition: RULES_EDITION, events: &ended, result: Some(&result), standings: None };
        db.append(&[append]).await.unwrap();
        assert_eq!(playing().await, None, "over");
    }
}
