//! Ratings and the figures of a player's profile (§6.1, §6.3): Glicko-2
//! from the pairwise results of a game (§3.4), one rating period per
//! game, against the opponents' ratings before it. Computer players have
//! fixed ratings; guests (players without an account) are not rated, and
//! games against them change nobody's rating.

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};
use wocable_crossword::computer::Level;
use wocable_crossword::{Event, Game, Outcome, PairResult};

/// Above this deviation a rating is provisional: shown with a `?` and
/// left out of leaderboards (as on Lichess).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The deviation of a computer player's fixed rating: they play the same
/// way every game, so their strength is well known.
const COMPUTER_DEVIATION: f64 = 60.0;

/// A Glicko-2 rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player's: 1500 ± 350.
    fn default() -> Rating {
        Glicko2Rating::new().into()
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Rating {
        Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Glicko2Rating {
        Glicko2Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
    }
}

impl Rating {
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// A computer player's fixed rating, by level.
    pub fn computer(level: Level) -> Rating {
        let rating = match level {
            Level::Beginner => 900.0,
            Level::Casual => 1300.0,
            Level::Strong => 1700.0,
            Level::Champion => 2000.0,
        };
        Rating { rating, deviation: COMPUTER_DEVIATION, ..Rating::default() }
    }

    /// The rating after one rating period with these results.
    pub fn after(&self, results: &[(Rating, Outcome)]) -> Rating {
        let results: Vec<(Glicko2Rating, Outcomes)> = results
            .iter()
            .map(|(opponent, outcome)| {
                let outcome = match outcome {
                    Outcome::Win => Outcomes::WIN,
                    Outcome::Draw => Outcomes::DRAW,
                    Outcome::Loss => Outcomes::LOSS,
                };
                ((*opponent).into(), outcome)
            })
            .collect();
        glicko2_rating_period(&(*self).into(), &results, &Glicko2Config::new()).into()
    }
}

/// Who sat in a seat, as far as ratings go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rated {
    /// A player with an account, and their rating before the game.
    Person(Rating),
    Computer(Level),
    Guest,
}

impl Rated {
    fn rating(self) -> Option<Rating> {
        match self {
            Rated::Person(rating) => Some(rating),
            Rated::Computer(level) => Some(Rating::computer(level)),
            Rated::Guest => None,
        }
    }
}

/// Each seat's new rating after a game: `Some` for a person who met at
/// least one rated opponent, `None` otherwise (computers, guests, and
/// people who played only guests keep what they had).
pub fn rate_game(seats: &[Rated], results: &[PairResult]) -> Vec<Option<Rating>> {
    let flip = |outcome| match outcome {
        Outcome::Win => Outcome::Loss,
        Outcome::Draw => Outcome::Draw,
        Outcome::Loss => Outcome::Win,
    };
    seats
        .iter()
        .enumerate()
        .map(|(seat, rated)| {
            let Rated::Person(before) = rated else { return None };
            let against: Vec<(Rating, Outcome)> = results
                .iter()
                .filter_map(|r| match (r.seat == seat, r.opponent == seat) {
                    (true, _) => Some((r.opponent, r.outcome)),
                    (_, true) => Some((r.seat, flip(r.outcome))),
                    _ => None,
                })
                .filter_map(|(opponent, outcome)| Some((seats.get(opponent)?.rating()?, outcome)))
                .collect();
            (!against.is_empty()).then(|| before.after(&against))
        })
        .collect()
}

/// The best play of a game or a career: its main word and score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestPlay {
    pub word: String,
    pub score: u32,
}

/// What one seat did in a game, for its player's profile.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatStats {
    /// Turns taken: plays, withdrawn plays, exchanges and passes.
    pub turns: u32,
    /// Points scored by plays (not the end-of-game rack adjustments).
    pub points: u32,
    pub bingos: u32,
    pub best: Option<BestPlay>,
}

/// Every seat's figures in a game, from its log.
pub fn seat_stats(game: &Game) -> Vec<SeatStats> {
    let language = game.settings().language;
    let mut stats = vec![SeatStats::default(); game.scores().len()];
    for event in game.log() {
        let seat = match event {
            Event::Played { seat, play, .. } => {
                let s = &mut stats[*seat];
                s.points += play.score;
                s.bingos += u32::from(play.bingo);
                if s.best.as_ref().is_none_or(|best| play.score > best.score) {
                    let word = play.words.first().map(|w| language.spell(w)).unwrap_or_default();
                    s.best = Some(BestPlay { word, score: play.score });
                }
                *seat
            }
            Event::PlayWithdrawn { seat, .. } | Event::Exchanged { seat, .. } | Event::Passed { seat } => *seat,
            _ => continue,
        };
        stats[seat].turns += 1;
    }
    stats
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating { rating, deviation, volatility: 0.06 }
    }

    #[test]
    fn glickmans_worked_example() {
        let player = rating(1500.0, 200.0);
        let results = [
            (rating(1400.0, 30.0), Outcome::Win),
            (rating(1550.0, 100.0), Outcome::Loss),
            (rating(1700.0, 300.0), Outcome::Loss),
        ];
        let after = player.after(&results);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    fn pairs(order: &[(usize, usize, Outcome)]) -> Vec<PairResult> {
        order.iter().map(|&(seat, opponent, outcome)| PairResult { seat, opponent, outcome }).collect()
    }

    #[test]
    fn a_four_player_game_is_six_pairings_one_period_each() {
        // Seat 0 won, 1 and 2 drew, 3 last.
        use Outcome::*;
        let results = pairs(&[(0, 1, Win), (0, 2, Win), (0, 3, Win), (1, 2, Draw), (1, 3, Win), (2, 3, Win)]);
        let people = [rating(1500.0, 200.0), rating(1600.0, 80.0), rating(1400.0, 150.0), rating(1450.0, 60.0)];
        let seats: Vec<Rated> = people.iter().map(|r| Rated::Person(*r)).collect();
        let after = rate_game(&seats, &results);
        // Each against the other three's ratings before the game.
        let expected_1 = people[1].after(&[(people[0], Loss), (people[2], Draw), (people[3], Win)]);
        assert_eq!(after[1], Some(expected_1));
        assert_eq!(after[0], Some(people[0].after(&[(people[1], Win), (people[2], Win), (people[3], Win)])));
        assert!(after[0].unwrap().rating > people[0].rating);
        assert!(after[3].unwrap().rating < people[3].rating);
        assert!(after.iter().all(Option::is_some));
    }

    #[test]
    fn computers_keep_their_rating_and_guests_rate_nobody() {
        let results = pairs(&[(0, 1, Outcome::Win), (0, 2, Outcome::Loss), (1, 2, Outcome::Loss)]);
        let seats = [Rated::Person(Rating::default()), Rated::Guest, Rated::Computer(Level::Strong)];
        let after = rate_game(&seats, &results);
        assert_eq!(after[1], None);
        assert_eq!(after[2], None);
        // Only the loss to the computer counts for the person.
        let expected = Rating::default().after(&[(Rating::computer(Level::Strong), Outcome::Loss)]);
        assert_eq!(after[0], Some(expected));

        let only_guests = rate_game(&[Rated::Person(Rating::default()), Rated::Guest], &results[..1]);
        assert_eq!(only_guests, vec![None, None]);
    }

    #[test]
    fn a_new_rating_is_provisional_until_games_settle_it() {
        let mut player = Rating::default();
        assert!(player.is_provisional());
        let opponent = Rating::computer(Level::Casual);
        let mut games = 0;
        while player.is_provisional() {
            let outcome = if games % 2 == 0 { Outcome::Win } else { Outcome::Loss };
            player = player.after(&[(opponent, outcome)]);
            games += 1;
            assert!(games < 30, "still provisional after {games} games: {player:?}");
        }
        assert!(games >= 5, "settled after only {games} games");
        assert!(!Rating::computer(Level::Champion).is_provisional());
        let levels = Level::ALL.map(|level| Rating::computer(level).rating);
        assert!(levels.windows(2).all(|w| w[0] < w[1]), "{levels:?}");
    }

    #[test]
    fn a_games_figures_add_up_to_its_scores() {
        use wocable_crossword::computer::{self, LeaveModel};
        use wocable_crossword::{GameConfig, RuleSetKind};
        use wocable_lexicon::{Language, Lexicon};
        let config = GameConfig::numbered(RuleSetKind::Wocable, Language::En, 2, 5);
        let mut game = Game::new(config, Lexicon::bundled(Language::En)).unwrap();
        let leaves = LeaveModel::bundled(Language::En);
        while !game.is_over() {
            let intent = computer::choose(&game, Level::Champion, &leaves, game.log().len() as u64);
            game.apply(intent).unwrap();
        }
        let stats = seat_stats(&game);
        for (seat, stats) in stats.iter().enumerate() {
            let counted: i32 = game
                .log()
                .iter()
                .filter_map(|e| match e {
                    Event::RackCounted { seat: s, points, .. } if *s == seat => Some(*points),
                    _ => None,
                })
                .sum();
            assert_eq!(stats.points as i32 + counted, game.scores()[seat], "seat {seat}: {stats:?}");
            let plays: Vec<&wocable_crossword::ScoredPlay> = game
                .log()
                .iter()
                .filter_map(|e| match e {
                    Event::Played { seat: s, play, .. } if *s == seat => Some(play),
                    _ => None,
                })
                .collect();
            let best = plays.iter().map(|p| p.score).max().unwrap();
            assert_eq!(stats.best.as_ref().map(|b| b.score), Some(best));
            assert!(stats.best.as_ref().unwrap().word.len() >= 2);
            assert_eq!(stats.bingos as usize, plays.iter().filter(|p| p.bingo).count());
            assert!(stats.turns as usize >= plays.len());
        }
        let turns: u32 = stats.iter().map(|s| s.turns).sum();
        assert!(turns >= 10, "{stats:?}");
    }
}
