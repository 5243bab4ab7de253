//! Players: accounts (only hashes of their secrets are kept), a rating and
//! the figures of a profile per rating list, each game's result, and the
//! leaderboards and profiles read from them (§6.1, §6.3).

use super::leaderboard::count_settled;
use super::{Db, DbError, Result, damaged};
use sha2::{Digest, Sha256};
use sqlx::any::{Any, AnyRow};
use sqlx::{Row, Transaction};
use wocable_crossword::{Game, Outcome, PairResult, RuleSetKind};
use wocable_lexicon::Language;
use wocable_net::{
    AccountId, BestPlay, GameRatings, ListRecord, PROVISIONAL_DEVIATION, Player, PlayerKey, Profile, Rated, Rating,
    RatingChange, RatingPoint, RecoveryCode, RoomCode, Seat, SeatStats, rate_game, seat_stats,
};

/// The most points of a rating chart.
const HISTORY: i64 = 100;

/// A game counts for ratings, records and arena points only after this
/// many turns per player: a spare account resigning at once gives nobody
/// anything.
const TURNS_TO_COUNT: usize = 3;

/// Games that count between two members in a day: more between the same
/// two change nothing (one feeding the other points).
const PAIRINGS_A_DAY: i64 = 3;
const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// How a game the server refereed ended, for the ratings and profiles.
#[derive(Clone)]
pub struct GameResult {
    pub rules: RuleSetKind,
    pub language: Language,
    /// By seat.
    pub seats: Vec<SeatResult>,
    pub pairs: Vec<PairResult>,
    pub finished_ms: u64,
    /// Whether the game counts: played to the clock, without hints (§4.3),
    /// for [`TURNS_TO_COUNT`] turns a player. One that does not changes no
    /// rating, record or arena score.
    pub counts: bool,
}

#[derive(Clone)]
pub struct SeatResult {
    pub player: Player,
    /// 1 for the winner(s).
    pub place: usize,
    pub score: i32,
    /// For the profile's count: won alone at the top, drawn when the top
    /// is shared, lost otherwise.
    pub outcome: Outcome,
    pub stats: SeatStats,
}

impl GameResult {
    /// The result of a game that is over, played with a turn clock or not.
    pub fn of(game: &Game, seats: &[Seat], clocked: bool, finished_ms: u64) -> GameResult {
        let standings = game.standings();
        let winners = standings.iter().filter(|s| s.rank == 1).count();
        let stats = seat_stats(game);
        let seats: Vec<SeatResult> = seats
            .iter()
            .zip(stats)
            .enumerate()
            .map(|(seat, (sitter, stats))| {
                let standing = standings.iter().find(|s| s.seat == seat);
                let place = standing.map_or(seats.len(), |s| s.rank);
                let outcome = match (place, winners) {
                    (1, 1) => Outcome::Win,
                    (1, _) => Outcome::Draw,
                    _ => Outcome::Loss,
                };
                SeatResult { player: sitter.player, place, score: standing.map_or(0, |s| s.score), outcome, stats }
            })
            .collect();
        let settings = game.settings();
        let players = seats.len();
        let turns = game.log().iter().filter(|e| e.is_turn()).count();
        GameResult {
            rules: settings.rules,
            language: settings.language,
            seats,
            pairs: game.pairwise_results(),
            finished_ms,
            counts: clocked && !settings.hints && turns >= TURNS_TO_COUNT * players,
        }
    }

    /// The accounts of its members, in seat order.
    fn members(&self) -> Vec<i64> {
        self.seats
            .iter()
            .filter_map(|seat| match seat.player {
                Player::Member(AccountId(id)) => Some(id),
                _ => None,
            })
            .collect()
    }
}

/// Whether two members of the game have counted [`PAIRINGS_A_DAY`] games
/// together in the day before it.
async fn met_too_often(tx: &mut Transaction<'_, Any>, result: &GameResult) -> sqlx::Result<bool> {
    let members = result.members();
    let since = result.finished_ms.saturating_sub(DAY_MS) as i64;
    for (i, first) in members.iter().enumerate() {
        for second in &members[i + 1..] {
            let met: i64 = sqlx::query(
                "SELECT COUNT(*) FROM results a JOIN results b ON a.code = b.code \
                 WHERE a.player = $1 AND b.player = $2 AND a.finished_ms >= $3",
            )
            .bind(first)
            .bind(second)
            .bind(since)
            .fetch_one(&mut **tx)
            .await?
            .get(0);
            if met >= PAIRINGS_A_DAY {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

fn hash(secret: &str) -> String {
    Sha256::digest(secret.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

fn key_hash(key: PlayerKey) -> String {
    hash(&key.to_hex())
}

fn recovery_hash(code: RecoveryCode) -> String {
    hash(code.as_str())
}

pub(super) fn fold(nick: &str) -> String {
    nick.to_lowercase()
}

/// A player's row of a rating list.
#[derive(Default)]
struct ListRow {
    rating: Rating,
    games: i64,
    wins: i64,
    draws: i64,
    losses: i64,
    turns: i64,
    points: i64,
    bingos: i64,
    best: Option<BestPlay>,
}

/// The columns [`ListRow::read`] reads (a macro, for `concat!`: sqlx takes
/// only static queries).
macro_rules! list_columns {
    () => {
        "rating, deviation, volatility, games, wins, draws, losses, turns, points, bingos, best_word, best_score"
    };
}

impl ListRow {
    /// From the columns of `list_columns!`, from `first` on.
    fn read(row: &AnyRow, first: usize) -> ListRow {
        let int = |i: usize| row.get::<i64, _>(first + i);
        let word: Option<String> = row.get(first + 10);
        let score: Option<i64> = row.get(first + 11);
        ListRow {
            rating: Rating { rating: row.get(first), deviation: row.get(first + 1), volatility: row.get(first + 2) },
            games: int(3),
            wins: int(4),
            draws: int(5),
            losses: int(6),
            turns: int(7),
            points: int(8),
            bingos: int(9),
            best: word.zip(score).map(|(word, score)| BestPlay { word, score: score as u32 }),
        }
    }

    fn add(&mut self, seat: &SeatResult, rating: Option<Rating>) {
        if let Some(rating) = rating {
            self.rating = rating;
        }
        self.games += 1;
        match seat.outcome {
            Outcome::Win => self.wins += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::Loss => self.losses += 1,
        }
        self.turns += i64::from(seat.stats.turns);
        self.points += i64::from(seat.stats.points);
        self.bingos += i64::from(seat.stats.bingos);
        if let Some(best) = &seat.stats.best
            && self.best.as_ref().is_none_or(|b| best.score > b.score)
        {
            self.best = Some(best.clone());
        }
    }
}

/// Rates a game and adds it to its members' records, within the
/// transaction that stores its last events, if it counts: see
/// [`GameResult::counts`], and two members may count only
/// [`PAIRINGS_A_DAY`] games together a day.
pub(super) async fn record(tx: &mut Transaction<'_, Any>, code: RoomCode, result: &GameResult) -> sqlx::Result<()> {
    if !result.counts || met_too_often(tx, result).await? {
        return Ok(());
    }
    let (rules, language) = (result.rules, result.language);
    lock_members(tx, result.members()).await?;
    let mut rows = Vec::new();
    for seat in &result.seats {
        let row = match seat.player {
            Player::Member(AccountId(id)) => Some(list_row(tx, id, rules, language).await?),
            Player::Human | Player::Computer(_) => None,
        };
        rows.push(row);
    }
    let rated: Vec<Rated> = result
        .seats
        .iter()
        .zip(&rows)
        .map(|(seat, row)| match (seat.player, row) {
            (Player::Computer(level), _) => Rated::Computer(level),
            (_, Some(row)) => Rated::Person(row.as_ref().map_or_else(Rating::default, |r| r.rating)),
            (_, None) => Rated::Guest,
        })
        .collect();
    let after = rate_game(&rated, &result.pairs);
    let mut settled = Vec::new();
    for (seat_number, ((seat, row), rating)) in result.seats.iter().zip(rows).zip(after).enumerate() {
        let (Player::Member(AccountId(id)), Some(stored)) = (seat.player, row) else { continue };
        let entry = Entry { code, seat: seat_number as i64, rules, language, finished_ms: result.finished_ms };
        settled.push(add_to_record(tx, id, &entry, seat, stored, rating).await?);
    }
    count_settled(tx, rules.name(), language.code(), &settled).await
}

/// A member matched for a random game who never came to it (§5.3): a loss
/// against each person who did, on the no-show's record alone, so that a
/// no-show costs its player and gives nobody anything.
#[derive(Clone, Debug)]
pub struct Forfeit {
    pub rules: RuleSetKind,
    pub language: Language,
    /// The seat the no-show was given.
    pub seat: usize,
    pub absent: AccountId,
    /// Who came.
    pub present: Vec<Player>,
    pub at_ms: u64,
}

impl Db {
    /// Rates a no-show's forfeit and adds it to their record. Its result is
    /// kept under the room with a seat number of its own, `-1 - seat`, as
    /// the room's seats were given again.
    pub async fn forfeit(&self, code: RoomCode, forfeit: &Forfeit) -> Result<()> {
        let (rules, language, AccountId(id)) = (forfeit.rules, forfeit.language, forfeit.absent);
        let mut tx = self.pool.begin().await?;
        lock_members(&mut tx, vec![id]).await?;
        let stored = list_row(&mut tx, id, rules, language).await?;
        let mut against = Vec::new();
        for player in &forfeit.present {
            let rating = match *player {
                Player::Member(AccountId(other)) => {
                    list_row(&mut tx, other, rules, language).await?.unwrap_or_default().rating
                }
                Player::Computer(level) => Rating::computer(level),
                Player::Human => continue,
            };
            against.push((rating, Outcome::Loss));
        }
        let before = stored.as_ref().map_or_else(Rating::default, |row| row.rating);
        let rating = (!against.is_empty()).then(|| before.after(&against));
        let lost = SeatResult {
            player: Player::Member(forfeit.absent),
            place: forfeit.present.len() + 1,
            score: 0,
            outcome: Outcome::Loss,
            stats: SeatStats::default(),
        };
        let seat = -1 - forfeit.seat as i64;
        let entry = Entry { code, seat, rules, language, finished_ms: forfeit.at_ms };
        let settled = add_to_record(&mut tx, id, &entry, &lost, stored, rating).await?;
        count_settled(&mut tx, rules.name(), language.code(), &[settled]).await?;
        tx.commit().await.map_err(DbError::Sql)
    }
}

/// Instances sharing PostgreSQL may end two games of one player at once:
/// each takes its members' locks until its transaction ends, in one order,
/// before reading their ratings. (SQLite has one writer.)
async fn lock_members(tx: &mut Transaction<'_, Any>, mut members: Vec<i64>) -> sqlx::Result<()> {
    if tx.backend_name() != "PostgreSQL" {
        return Ok(());
    }
    members.sort_unstable();
    members.dedup();
    for id in members {
        sqlx::query("SELECT 1 FROM pg_advisory_xact_lock($1)").bind(id).execute(&mut **tx).await?;
    }
    Ok(())
}

/// A member's row of a rating list, if they have one.
async fn list_row(
    tx: &mut Transaction<'_, Any>,
    id: i64,
    rules: RuleSetKind,
    language: Language,
) -> sqlx::Result<Option<ListRow>> {
    let query = concat!("SELECT ", list_columns!(), " FROM ratings WHERE player = $1 AND rules = $2 AND language = $3");
    let found = sqlx::query(query).bind(id).bind(rules.name()).bind(language.code()).fetch_optional(&mut **tx).await?;
    Ok(found.map(|row| ListRow::read(&row, 0)))
}

/// Where a result is kept: its room, seat, rating list and time.
struct Entry {
    code: RoomCode,
    seat: i64,
    rules: RuleSetKind,
    language: Language,
    finished_ms: u64,
}

/// Adds a seat's result to its member's row of the rating list (`stored`,
/// or a new one) with their new rating, if rated, and keeps the result:
/// the rating before and after, for the leaderboards' counts.
async fn add_to_record(
    tx: &mut Transaction<'_, Any>,
    id: i64,
    entry: &Entry,
    seat: &SeatResult,
    stored: Option<ListRow>,
    rating: Option<Rating>,
) -> sqlx::Result<(Option<Rating>, Rating)> {
    let (rules, language) = (entry.rules.name(), entry.language.code());
    let existed = stored.is_some();
    let mut row = stored.unwrap_or_default();
    let before = rating.map(|_| row.rating);
    let old = existed.then_some(row.rating);
    row.add(seat, rating);
    let statement = if existed {
        "UPDATE ratings SET rating = $4, deviation = $5, volatility = $6, games = $7, wins = $8, draws = $9, \
         losses = $10, turns = $11, points = $12, bingos = $13, best_word = $14, best_score = $15 \
         WHERE player = $1 AND rules = $2 AND language = $3"
    } else {
        "INSERT INTO ratings (player, rules, language, rating, deviation, volatility, games, wins, draws, \
         losses, turns, points, bingos, best_word, best_score) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)"
    };
    sqlx::query(statement)
        .bind(id)
        .bind(rules)
        .bind(language)
        .bind(row.rating.rating)
        .bind(row.rating.deviation)
        .bind(row.rating.volatility)
        .bind(row.games)
        .bind(row.wins)
        .bind(row.draws)
        .bind(row.losses)
        .bind(row.turns)
        .bind(row.points)
        .bind(row.bingos)
        .bind(row.best.as_ref().map(|b| b.word.clone()))
        .bind(row.best.as_ref().map(|b| i64::from(b.score)))
        .execute(&mut **tx)
        .await?;
    sqlx::query(
        "INSERT INTO results (code, seat, player, rules, language, place, score, rating, deviation, \
         rating_before, deviation_before, finished_ms) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(entry.code.as_str())
    .bind(entry.seat)
    .bind(id)
    .bind(rules)
    .bind(language)
    .bind(seat.place as i64)
    .bind(seat.score)
    .bind(rating.map(|r| r.rating))
    .bind(rating.map(|r| r.deviation))
    .bind(before.map(|r| r.rating))
    .bind(before.map(|r| r.deviation))
    .bind(entry.finished_ms as i64)
    .execute(&mut **tx)
    .await?;
    Ok((old, row.rating))
}

/// How long after an account is made asking again with its key gives it
/// back (with a new recovery code): long enough for an answer lost on the
/// way; after that, a key read from a device must not be enough to take
/// the account for good.
pub const REPEAT_MS: u64 = 10 * 60 * 1000;

/// What asking for an account gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Registered {
    New(AccountId),
    /// The key's account was made already, within [`REPEAT_MS`]: by an
    /// earlier request whose answer was lost, for this nickname or another.
    Again(AccountId, String),
    /// Another player has the nickname (in any case).
    Taken,
}

impl Db {
    /// Makes an account, or gives back the one the key made.
    pub async fn create_player(
        &self,
        nick: &str,
        key: PlayerKey,
        recovery: RecoveryCode,
        now: u64,
    ) -> Result<Registered> {
        let id = rand::random::<i64>() & i64::MAX;
        let made = sqlx::query(
            "INSERT INTO players (id, nick, folded, key_hash, recovery_hash, created_ms) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(nick)
        .bind(fold(nick))
        .bind(key_hash(key))
        .bind(recovery_hash(recovery))
        .bind(now as i64)
        .execute(&self.pool)
        .await;
        match made {
            Ok(_) => Ok(Registered::New(AccountId(id))),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                // The same key again, soon after (an answer lost on the
                // way): the account it made, with a new recovery code, as
                // the first one was never seen.
                let again = sqlx::query(
                    "UPDATE players SET recovery_hash = $1 WHERE key_hash = $2 AND created_ms >= $3 RETURNING id, nick",
                )
                .bind(recovery_hash(recovery))
                .bind(key_hash(key))
                .bind(now.saturating_sub(REPEAT_MS) as i64)
                .fetch_optional(&self.pool)
                .await?;
                Ok(again.map_or(Registered::Taken, |row| Registered::Again(AccountId(row.get(0)), row.get(1))))
            }
            Err(e) => Err(DbError::Sql(e)),
        }
    }

    /// Whether a member has the nickname (in any case).
    pub async fn is_nick(&self, nick: &str) -> Result<bool> {
        let row = sqlx::query("SELECT 1 FROM players WHERE folded = $1").bind(fold(nick)).fetch_optional(&self.pool);
        Ok(row.await?.is_some())
    }

    /// The account a key belongs to, and its nickname.
    pub async fn member(&self, key: PlayerKey) -> Result<Option<(AccountId, String)>> {
        let row = sqlx::query("SELECT id, nick FROM players WHERE key_hash = $1")
            .bind(key_hash(key))
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|row| (AccountId(row.get(0)), row.get(1))))
    }

    /// A member's rating on a list (a new player's, when they have none).
    pub async fn rating(&self, account: AccountId, rules: RuleSetKind, language: Language) -> Result<Rating> {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility FROM ratings WHERE player = $1 AND rules = $2 AND language = $3",
        )
        .bind(account.0)
        .bind(rules.name())
        .bind(language.code())
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map_or_else(Rating::default, |row| Rating {
            rating: row.get(0),
            deviation: row.get(1),
            volatility: row.get(2),
        }))
    }

    /// Gives an account a new key, if the recovery code is its own; the
    /// nickname as it was made.
    pub async fn recover(&self, nick: &str, recovery: RecoveryCode, key: PlayerKey) -> Result<Option<String>> {
        let row =
            sqlx::query("UPDATE players SET key_hash = $1 WHERE folded = $2 AND recovery_hash = $3 RETURNING nick")
                .bind(key_hash(key))
                .bind(fold(nick))
                .bind(recovery_hash(recovery))
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.map(|row| row.get(0)))
    }

    /// How a game changed its members' ratings (a no-show's forfeit, kept
    /// under the room, was no part of its game).
    pub async fn game_ratings(&self, code: RoomCode) -> Result<GameRatings> {
        let rows = sqlx::query(
            "SELECT r.seat, p.nick, r.rating_before, r.rating, r.deviation FROM results r \
             JOIN players p ON p.id = r.player \
             WHERE r.code = $1 AND r.seat >= 0 AND r.rating IS NOT NULL AND r.rating_before IS NOT NULL \
             ORDER BY r.seat",
        )
        .bind(code.as_str())
        .fetch_all(&self.reads)
        .await?;
        let changes = rows
            .iter()
            .map(|row| RatingChange {
                seat: row.get::<i64, _>(0) as usize,
                nick: row.get(1),
                before: row.get(2),
                after: row.get(3),
                provisional: row.get::<f64, _>(4) > PROVISIONAL_DEVIATION,
            })
            .collect();
        Ok(GameRatings { changes })
    }

    /// A player's profile: a record per rating list they played on.
    pub async fn profile(&self, nick: &str) -> Result<Option<Profile>> {
        let Some(player) = sqlx::query("SELECT id, nick, created_ms FROM players WHERE folded = $1")
            .bind(fold(nick))
            .fetch_optional(&self.reads)
            .await?
        else {
            return Ok(None);
        };
        let id: i64 = player.get(0);
        let lists = sqlx::query(concat!(
            "SELECT rules, language, ",
            list_columns!(),
            " FROM ratings WHERE player = $1 ORDER BY games DESC, rules, language"
        ))
        .bind(id)
        .fetch_all(&self.reads)
        .await?;
        let mut records = Vec::new();
        for list in lists {
            let (rules, language): (String, String) = (list.get(0), list.get(1));
            let damaged = || damaged(format!("player {id}"), format!("rating list {rules}/{language} is not known"));
            let rules = RuleSetKind::from_name(&rules).ok_or_else(damaged)?;
            let language = Language::from_code(&language).ok_or_else(damaged)?;
            let row = ListRow::read(&list, 2);
            let mut history: Vec<RatingPoint> = sqlx::query(
                "SELECT finished_ms, rating, deviation FROM results \
                 WHERE player = $1 AND rules = $2 AND language = $3 AND rating IS NOT NULL \
                 ORDER BY finished_ms DESC LIMIT $4",
            )
            .bind(id)
            .bind(rules.name())
            .bind(language.code())
            .bind(HISTORY)
            .fetch_all(&self.reads)
            .await?
            .iter()
            .map(|row| RatingPoint { at_ms: row.get::<i64, _>(0) as u64, rating: row.get(1), deviation: row.get(2) })
            .collect();
            history.reverse();
            records.push(ListRecord {
                rules,
                language,
                provisional: row.rating.is_provisional(),
                rating: row.rating,
                games: row.games as u64,
                wins: row.wins as u64,
                draws: row.draws as u64,
                losses: row.losses as u64,
                turns: row.turns as u64,
                points: row.points as u64,
                points_per_turn: if row.turns > 0 { row.points as f64 / row.turns as f64 } else { 0.0 },
                bingos: row.bingos as u64,
                best: row.best,
                history,
            });
        }
        Ok(Some(Profile { nick: player.get(1), since_ms: player.get::<i64, _>(2) as u64, lists: records }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::temp::{member, room, temp_db};
    use wocable_crossword::computer::Level;

    fn seat(player: Player, place: usize, outcome: Outcome, points: u32, best: Option<(&str, u32)>) -> SeatResult {
        let best = best.map(|(word, score)| BestPlay { word: word.into(), score });
        SeatResult {
            player,
            place,
            score: points as i32,
            outcome,
            stats: SeatStats { turns: 10, points, bingos: 1, best },
        }
    }

    async fn record_game(db: &Db, code: RoomCode, result: &GameResult) {
        let mut tx = db.pool.begin().await.unwrap();
        record(&mut tx, code, result).await.unwrap();
        tx.commit().await.unwrap();
    }

    #[tokio::test]
    async fn nicknames_are_unique_whatever_their_case_and_keys_prove_who_is_who() {
        let temp = temp_db("accounts").await;
        let db = &temp.db;
        let ana = member(db, "Ana").await;
        let taken = db.create_player("ANA", PlayerKey(1), RecoveryCode::from_number(1), 0).await.unwrap();
        assert_eq!(taken, Registered::Taken);
        let key = PlayerKey(u128::from_be_bytes(*b"\0\0\0\0\0\0\0\0\0\0\0\0\0Ana"));
        // Asked again with its key (the answer was lost): the same account,
        // whatever nickname comes with it, and only the new recovery code works.
        let again = db.create_player("Anabel", key, RecoveryCode::from_number(5), 0).await.unwrap();
        assert_eq!(again, Registered::Again(ana, "Ana".to_string()));
        assert_eq!(db.recover("ana", RecoveryCode::from_number(key.0), PlayerKey(8)).await.unwrap(), None);
        assert_eq!(db.recover("ana", RecoveryCode::from_number(5), key).await.unwrap(), Some("Ana".to_string()));
        let recovery = RecoveryCode::from_number(key.0);
        sqlx::query("UPDATE players SET recovery_hash = $1")
            .bind(recovery_hash(recovery))
            .execute(&db.pool)
            .await
            .unwrap();
        assert_eq!(db.member(key).await.unwrap(), Some((ana, "Ana".to_string())));
        assert_eq!(db.member(PlayerKey(2)).await.unwrap(), None);
        // Later, the key no longer gives the account a new recovery code.
        let late = db.create_player("Anabel", key, RecoveryCode::from_number(6), REPEAT_MS + 1).await.unwrap();
        assert_eq!(late, Registered::Taken);
        assert_eq!(db.recover("ana", RecoveryCode::from_number(6), key).await.unwrap(), None);

        assert_eq!(db.recover("ana", RecoveryCode::from_number(3), PlayerKey(9)).await.unwrap(), None);
        assert_eq!(db.recover("ana", recovery, PlayerKey(9)).await.unwrap(), Some("Ana".to_string()));
        assert_eq!(db.member(key).await.unwrap(), None, "the old key no longer works");
        assert_eq!(db.member(PlayerKey(9)).await.unwrap(), Some((ana, "Ana".to_string())));
        let stored: Vec<String> =
            sqlx::query_scalar("SELECT key_hash || recovery_hash FROM players").fetch_all(&db.pool).await.unwrap();
        assert!(!stored[0].contains(&PlayerKey(9).to_hex()) && !stored[0].contains(recovery.as_str()));
    }

    #[tokio::test]
    async fn a_game_rates_its_members_and_adds_to_their_profiles() {
        let temp = temp_db("record").await;
        let db = &temp.db;
        let (ana, ben) = (member(db, "Ana").await, member(db, "Ben").await);
        use Outcome::*;
        let pairs = |outcomes: [(usize, usize, Outcome); 6]| {
            outcomes.map(|(seat, opponent, outcome)| PairResult { seat, opponent, outcome }).to_vec()
        };
        let first = GameResult {
            rules: RuleSetKind::Wocable,
            language: Language::En,
            seats: vec![
                seat(Player::Member(ana), 1, Win, 400, Some(("QUIXOTIC", 120))),
                seat(Player::Human, 2, Loss, 300, None),
                seat(Player::Computer(Level::Strong), 3, Loss, 250, None),
                seat(Player::Member(ben), 4, Loss, 200, Some(("ZA", 40))),
            ],
            pairs: pairs([(0, 1, Win), (0, 2, Win), (0, 3, Win), (1, 2, Win), (1, 3, Win), (2, 3, Win)]),
            finished_ms: 1_000,
            counts: true,
        };
        record_game(db, room(db, 1).await, &first).await;
        let ana_after = Rating::default().after(&[(Rating::computer(Level::Strong), Win), (Rating::default(), Win)]);
        let profile = db.profile("ana").await.unwrap().unwrap();
        assert_eq!(profile.nick, "Ana");
        let list = &profile.lists[0];
        assert_eq!((list.rules, list.language), (RuleSetKind::Wocable, Language::En));
        assert_eq!(list.rating, ana_after, "rated against the computer and Ben, not the guest");
        assert!(list.provisional);
        assert_eq!((list.games, list.wins, list.draws, list.losses), (1, 1, 0, 0));
        assert_eq!((list.turns, list.points, list.bingos), (10, 400, 1));
        assert_eq!(list.points_per_turn, 40.0);
        assert_eq!(list.best.as_ref().map(|b| (b.word.as_str(), b.score)), Some(("QUIXOTIC", 120)));
        assert_eq!(
            list.history,
            vec![RatingPoint { at_ms: 1_000, rating: ana_after.rating, deviation: ana_after.deviation }]
        );

        // A second game: a draw at the top, and a lesser best play.
        let second = GameResult {
            seats: vec![
                seat(Player::Member(ana), 1, Draw, 300, Some(("JO", 30))),
                seat(Player::Member(ben), 1, Draw, 300, Some(("ZAX", 60))),
            ],
            pairs: vec![PairResult { seat: 0, opponent: 1, outcome: Draw }],
            finished_ms: 2_000,
            counts: true,
            ..first
        };
        record_game(db, room(db, 2).await, &second).await;
        let list = &db.profile("Ana").await.unwrap().unwrap().lists[0];
        assert_eq!((list.games, list.wins, list.draws, list.losses, list.points), (2, 1, 1, 0, 700));
        assert_eq!(list.best.as_ref().map(|b| b.score), Some(120), "the best play stays");
        assert_eq!(list.history.len(), 2);
        assert!(list.history[0].at_ms < list.history[1].at_ms, "oldest first");
        let ben = &db.profile("Ben").await.unwrap().unwrap().lists[0];
        assert_eq!((ben.games, ben.wins, ben.draws, ben.losses), (2, 0, 1, 1));
        assert_eq!(ben.best.as_ref().map(|b| b.word.as_str()), Some("ZAX"));
        assert_eq!(db.profile("nobody").await.unwrap(), None);

        // A game that does not count (too short, hints, no clock) changes
        // nothing; nor does a fourth game of the two in a day.
        let games = |nick: &'static str| async move { db.profile(nick).await.unwrap().unwrap().lists[0].games };
        let uncounted = GameResult { counts: false, finished_ms: 3_000, ..second.clone() };
        record_game(db, room(db, 3).await, &uncounted).await;
        assert_eq!(games("Ana").await, 2);
        let third = GameResult { finished_ms: 4_000, ..second.clone() };
        record_game(db, room(db, 4).await, &third).await;
        assert_eq!(games("Ana").await, 3, "three games together a day count");
        let fourth = GameResult { finished_ms: 5_000, ..second.clone() };
        record_game(db, room(db, 5).await, &fourth).await;
        assert_eq!((games("Ana").await, games("Ben").await), (3, 3), "a fourth does not");
        let next_day = GameResult { finished_ms: 1_000 + DAY_MS + 1, ..second };
        record_game(db, room(db, 6).await, &next_day).await;
        assert_eq!(games("Ana").await, 4, "the first game fell out of the day");
    }
}
