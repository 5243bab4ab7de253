//! Leaderboards: each rating list's settled ratings, best first. A list
//! may hold a million players, so nothing here counts through it: the
//! number of settled ratings in each whole rating point is kept
//! (`rating_counts`, migration 0008) by each game's transaction, and a
//! total, a deep page or a player's place is found by summing those, then
//! reading a single rating point's players from the index (migration 0006).

use super::players::fold;
use super::{Db, Result};
use sqlx::any::Any;
use sqlx::{Row, Transaction};
use std::collections::BTreeMap;
use wocable_crossword::RuleSetKind;
use wocable_lexicon::Language;
use wocable_net::{Leaderboard, Placed, Rating};

/// The deviation at most of a settled rating, written into the queries
/// (not bound) so that they use the index of settled ratings (migration
/// 0006); it is `PROVISIONAL_DEVIATION`, as a test checks.
macro_rules! settled {
    () => {
        "110"
    };
}

/// The whole rating point a rating is counted in: rounded down, as
/// migration 0008 does.
fn point(rating: f64) -> i64 {
    rating.floor() as i64
}

/// Keeps the counts of a rating list's settled ratings in step with a
/// game's changes, `(before, after)` for each member (`before` is `None`
/// for a first game), within the transaction that stores them. Points
/// are updated in one order, so two games' transactions cannot deadlock.
pub(super) async fn count_settled(
    tx: &mut Transaction<'_, Any>,
    rules: &str,
    language: &str,
    changes: &[(Option<Rating>, Rating)],
) -> sqlx::Result<()> {
    let mut moves: BTreeMap<i64, i64> = BTreeMap::new();
    for (before, after) in changes {
        if let Some(before) = before.filter(|r| !r.is_provisional()) {
            *moves.entry(point(before.rating)).or_default() -= 1;
        }
        if !after.is_provisional() {
            *moves.entry(point(after.rating)).or_default() += 1;
        }
    }
    for (point, change) in moves.into_iter().filter(|(_, change)| *change != 0) {
        sqlx::query(
            "INSERT INTO rating_counts (rules, language, rating_point, players) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (rules, language, rating_point) DO UPDATE SET players = rating_counts.players + excluded.players",
        )
        .bind(rules)
        .bind(language)
        .bind(point)
        .bind(change)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// How many settled ratings a list has in each whole rating point, the
/// best point first.
struct Counts(Vec<(i64, u64)>);

impl Counts {
    fn total(&self) -> u64 {
        self.0.iter().map(|(_, players)| players).sum()
    }

    /// Players in the points above `point`.
    fn above(&self, point: i64) -> u64 {
        self.0.iter().take_while(|(p, _)| *p > point).map(|(_, players)| players).sum()
    }

    /// The point that the player at `offset` (from 0, best first) is in,
    /// and how many of that point's players come before them.
    fn find(&self, offset: u64) -> Option<(i64, u64)> {
        let mut before = 0;
        for (point, players) in &self.0 {
            if offset < before + players {
                return Some((*point, offset - before));
            }
            before += players;
        }
        None
    }
}

impl Db {
    async fn counts(&self, rules: &str, language: &str) -> Result<Counts> {
        let rows = sqlx::query(
            "SELECT rating_point, players FROM rating_counts WHERE rules = $1 AND language = $2 AND players > 0 \
             ORDER BY rating_point DESC",
        )
        .bind(rules)
        .bind(language)
        .fetch_all(&self.reads)
        .await?;
        Ok(Counts(rows.iter().map(|row| (row.get(0), row.get::<i64, _>(1) as u64)).collect()))
    }

    /// A page of a rating list's leaderboard (pages from 1), with the
    /// place of `me` when they are on it.
    pub async fn leaderboard(
        &self,
        rules: RuleSetKind,
        language: Language,
        page: u64,
        per_page: u64,
        me: Option<&str>,
    ) -> Result<Leaderboard> {
        let (r, l) = (rules.name(), language.code());
        let counts = self.counts(r, l).await?;
        let offset = page.saturating_sub(1).saturating_mul(per_page);
        let players = match counts.find(offset) {
            // From the first player of the page's rating point on: the
            // players passed over are never read.
            Some((point, skip)) => {
                let rows = sqlx::query(concat!(
                    "SELECT p.nick, r.rating, r.deviation, r.games FROM \
                     (SELECT player, rating, deviation, games FROM ratings WHERE rules = $1 AND language = $2 \
                      AND deviation <= ",
                    settled!(),
                    " AND rating < $3 ORDER BY rating DESC, player LIMIT $4 OFFSET $5) r \
                     JOIN players p ON p.id = r.player ORDER BY r.rating DESC, r.player"
                ))
                .bind(r)
                .bind(l)
                .bind((point + 1) as f64)
                .bind(per_page as i64)
                .bind(skip as i64)
                .fetch_all(&self.reads)
                .await?;
                rows.iter()
                    .zip(offset + 1..)
                    .map(|(row, place)| Placed {
                        place,
                        nick: row.get(0),
                        rating: row.get(1),
                        deviation: row.get(2),
                        games: row.get::<i64, _>(3) as u64,
                    })
                    .collect()
            }
            None => Vec::new(),
        };
        let you = match me {
            Some(nick) => self.place(r, l, nick, &counts).await?,
            None => None,
        };
        Ok(Leaderboard { rules, language, page, per_page, total: counts.total(), players, you })
    }

    /// A player's place on a rating list, if they are on it.
    async fn place(&self, rules: &str, language: &str, nick: &str, counts: &Counts) -> Result<Option<Placed>> {
        let row = sqlx::query(concat!(
            "SELECT p.nick, r.rating, r.deviation, r.games, r.player FROM ratings r JOIN players p ON p.id = r.player \
             WHERE p.folded = $1 AND r.rules = $2 AND r.language = $3 AND r.deviation <= ",
            settled!()
        ))
        .bind(fold(nick))
        .bind(rules)
        .bind(language)
        .fetch_optional(&self.reads)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let (rating, player): (f64, i64) = (row.get(1), row.get(4));
        // Those above in the player's own rating point.
        let ahead: i64 = sqlx::query(concat!(
            "SELECT COUNT(*) FROM ratings WHERE rules = $1 AND language = $2 AND deviation <= ",
            settled!(),
            " AND rating < $3 AND (rating > $4 OR (rating = $4 AND player < $5))"
        ))
        .bind(rules)
        .bind(language)
        .bind((point(rating) + 1) as f64)
        .bind(rating)
        .bind(player)
        .fetch_one(&self.reads)
        .await?
        .get(0);
        Ok(Some(Placed {
            place: counts.above(point(rating)) + ahead as u64 + 1,
            nick: row.get(0),
            rating,
            deviation: row.get(2),
            games: row.get::<i64, _>(3) as u64,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::temp::{member, temp_db};
    use wocable_net::PROVISIONAL_DEVIATION;

    #[test]
    fn the_queries_count_settled_ratings_as_the_profiles_do() {
        assert_eq!(settled!().parse::<f64>(), Ok(PROVISIONAL_DEVIATION));
    }

    #[test]
    fn counts_find_a_place_and_the_players_above_it() {
        let counts = Counts(vec![(2100, 1), (1800, 3), (1700, 2)]);
        assert_eq!(counts.total(), 6);
        assert_eq!(
            (counts.find(0), counts.find(1), counts.find(3), counts.find(4)),
            (Some((2100, 0)), Some((1800, 0)), Some((1800, 2)), Some((1700, 0)))
        );
        assert_eq!(counts.find(6), None);
        assert_eq!((counts.above(2100), counts.above(1800), counts.above(1750), counts.above(1000)), (0, 1, 4, 6));
    }

    /// Rates members as games would, through the transaction's counting.
    async fn rate(db: &Db, ratings: &[(&str, f64, f64)]) {
        let mut members = Vec::new();
        for (nick, _, _) in ratings {
            members.push(member(db, nick).await);
        }
        let mut tx = db.pool.begin().await.unwrap();
        let mut changes = Vec::new();
        for (id, (_, rating, deviation)) in members.iter().zip(ratings) {
            sqlx::query(
                "INSERT INTO ratings (player, rules, language, rating, deviation, volatility, games, wins, draws, \
                 losses, turns, points, bingos) VALUES ($1, 'wocable', 'en', $2, $3, 0.06, 10, 0, 0, 0, 0, 0, 0)",
            )
            .bind(id.0)
            .bind(rating)
            .bind(deviation)
            .execute(&mut *tx)
            .await
            .unwrap();
            changes.push((None, Rating { rating: *rating, deviation: *deviation, volatility: 0.06 }));
        }
        count_settled(&mut tx, "wocable", "en", &changes).await.unwrap();
        tx.commit().await.unwrap();
    }

    #[tokio::test]
    async fn the_leaderboard_ranks_settled_ratings_a_page_at_a_time() {
        let temp = temp_db("leaderboard").await;
        let db = &temp.db;
        rate(db, &[("a", 1600.0, 60.0), ("b", 1800.0, 50.0), ("c", 2100.0, 200.0)]).await;
        rate(db, &[("d", 1700.5, 80.0), ("e", 1700.5, 90.0), ("f", 1700.25, 70.0), ("g", 1701.0, 70.0)]).await;
        let board = |page, per_page, me| db.leaderboard(RuleSetKind::Wocable, Language::En, page, per_page, me);
        let first = board(1, 2, Some("E")).await.unwrap();
        assert_eq!(first.total, 6, "c is provisional");
        let mut all: Vec<(u64, String)> = Vec::new();
        for page in 1..=4 {
            let board = board(page, 2, None).await.unwrap();
            assert_eq!(board.total, 6);
            all.extend(board.players.iter().map(|p| (p.place, p.nick.clone())));
        }
        let nicks: Vec<&str> = all.iter().map(|(_, nick)| nick.as_str()).collect();
        // Ties in rating go by account, which is random: d and e either way.
        assert!(nicks == ["b", "g", "d", "e", "f", "a"] || nicks == ["b", "g", "e", "d", "f", "a"], "{nicks:?}");
        assert_eq!(all.iter().map(|(place, _)| *place).collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6]);
        for (place, nick) in &all {
            let you = board(1, 2, Some(nick)).await.unwrap().you.unwrap();
            assert_eq!((you.place, &you.nick), (*place, nick), "the same place both ways");
        }
        assert!(board(1, 10, Some("c")).await.unwrap().you.is_none(), "a provisional rating has no place yet");

        // A game takes a to the top: the counts follow it.
        let (before, after) = (Rating { rating: 1600.0, deviation: 60.0, volatility: 0.06 }, 1900.0);
        let mut tx = db.pool.begin().await.unwrap();
        sqlx::query("UPDATE ratings SET rating = $1 WHERE rating = $2")
            .bind(after)
            .bind(before.rating)
            .execute(&mut *tx)
            .await
            .unwrap();
        count_settled(&mut tx, "wocable", "en", &[(Some(before), Rating { rating: after, ..before })]).await.unwrap();
        tx.commit().await.unwrap();
        let top = board(1, 1, Some("a")).await.unwrap();
        assert_eq!((top.total, top.players[0].nick.as_str(), top.you.map(|you| you.place)), (6, "a", Some(1)));
        assert_eq!(board(6, 1, None).await.unwrap().players[0].nick, "f");
        let other = db.leaderboard(RuleSetKind::Remote, Language::En, 1, 10, None).await.unwrap();
        assert_eq!((other.total, other.players.len()), (0, 0));
    }
}
