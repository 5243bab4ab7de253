//! Watching a game: what a spectator is sent. Only the public events,
//! as a seat's view with no seat has them (the board, scores and moves,
//! never a rack), and in a rated game that goes on, a turn late: what a
//! spectator could tell a player is then never the position to play.

use crate::{RoomCode, RoomSettings};
use serde::{Deserialize, Serialize};
use wocable_crossword::{Event, Game, GameSettings, RuleSetKind, Sequenced, gcg};
use wocable_lexicon::Language;

/// `GET /api/rooms/CODE/watch?since=SEQ`: the game's events from `since`
/// on, as far as a spectator sees it now.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Watched {
    pub settings: GameSettings,
    pub events: Vec<Sequenced>,
    /// What to ask from next: past every event shown or never to be (a
    /// rack's), up to the first one kept back.
    pub next: u32,
    /// Shown a turn late (a rated game, still going on).
    pub delayed: bool,
    /// Once the game is over, its record, every rack in it, as every
    /// player gets it then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
}

impl Watched {
    /// What a spectator may see of `game` (played in a room of
    /// `settings`) from event `since` on.
    pub fn of(game: &Game, settings: &RoomSettings, since: u32) -> Watched {
        let over = game.is_over();
        let delayed = settings.rated() && !over;
        let (shown, next) = shown(game, delayed);
        Watched {
            settings: game.settings().clone(),
            next: next.max(since),
            events: shown.into_iter().filter(|event| event.seq >= since).collect(),
            delayed,
            record: over.then(|| gcg::export(game)),
        }
    }
}

/// The public events, without the last turn's when `delayed` (before the
/// first move, there is none to keep back), and the first event not
/// shown that will be.
fn shown(game: &Game, delayed: bool) -> (Vec<Sequenced>, u32) {
    let mut public: Vec<Sequenced> = game.sequenced(None).collect();
    let kept_back = public.iter().rposition(|event| ends_a_turn(&event.event)).filter(|_| delayed);
    match kept_back {
        Some(last_turn) => {
            let next = public[last_turn].seq;
            public.truncate(last_turn);
            (public, next)
        }
        None => (public, game.log().len() as u32),
    }
}

/// A move, or a player leaving: what makes a turn.
fn ends_a_turn(event: &Event) -> bool {
    matches!(
        event,
        Event::Played { .. }
            | Event::PlayWithdrawn { .. }
            | Event::Exchanged { .. }
            | Event::Passed { .. }
            | Event::Left { .. }
    )
}

/// `GET /api/games/live`: the games being played on the server, those of
/// the rooms made (or resumed) latest first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveGames {
    pub games: Vec<LiveGame>,
}

/// A game being played, as the list of live games shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveGame {
    pub code: RoomCode,
    pub rules: RuleSetKind,
    pub language: Language,
    pub players: Vec<String>,
    /// Turns played, as far as a spectator sees them.
    pub turns: usize,
    /// Shown a turn late.
    pub delayed: bool,
}

impl LiveGame {
    pub fn of(code: RoomCode, game: &Game, settings: &RoomSettings) -> LiveGame {
        let delayed = settings.rated() && !game.is_over();
        LiveGame {
            code,
            rules: settings.rules,
            language: settings.language,
            players: game.settings().players.clone(),
            turns: game.log().iter().filter(|event| ends_a_turn(event)).count().saturating_sub(delayed.into()),
            delayed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wocable_crossword::{GameConfig, Intent};
    use wocable_lexicon::Lexicon;

    fn room(clock: Option<u32>, hints: bool) -> RoomSettings {
        RoomSettings {
            rules: RuleSetKind::Wocable,
            language: Language::En,
            players: 2,
            clock,
            word_list: None,
            hints,
            days: None,
        }
    }

    /// A game of two in which each player passed `passes` times in all.
    fn passed(passes: usize) -> Game {
        let config = GameConfig::numbered(RuleSetKind::Wocable, Language::En, 2, 5);
        let mut game = Game::new(config, Lexicon::bundled(Language::En)).expect("a game");
        for turn in 0..passes {
            game.apply(Intent::Pass { seat: turn % 2 }).expect("a pass");
        }
        game
    }

    #[test]
    fn a_spectator_sees_no_rack_and_a_rated_game_a_turn_late() {
        let game = passed(2);
        let casual = Watched::of(&game, &room(None, false), 0);
        assert!(!casual.delayed && casual.record.is_none());
        assert!(casual.events.iter().all(|event| !matches!(event.event, Event::Drew { .. })), "no rack");
        assert_eq!(casual.events.iter().filter(|event| ends_a_turn(&event.event)).count(), 2);
        let rated = Watched::of(&game, &room(Some(60), false), 0);
        assert!(rated.delayed);
        assert_eq!(rated.events.iter().filter(|event| ends_a_turn(&event.event)).count(), 1, "the last pass kept back");
        let held_back = casual.events.iter().rfind(|event| ends_a_turn(&event.event)).unwrap();
        assert_eq!(rated.next, held_back.seq, "asked from again");
        assert!(!Watched::of(&game, &room(Some(60), true), 0).delayed, "a game with hints is not rated");
        // From where the last answer ended: what came since, nothing again.
        let since = Watched::of(&passed(3), &room(Some(60), false), rated.next);
        assert_eq!(since.events.len(), 1, "{since:?}");
        assert!(Watched::of(&game, &room(Some(60), false), rated.next).events.is_empty());
        let live = LiveGame::of(RoomCode::from_number(1), &passed(3), &room(Some(60), false));
        assert_eq!((live.turns, live.delayed, live.players.len()), (2, true, 2));
    }

    #[test]
    fn before_the_first_move_nothing_is_kept_back_and_at_the_end_everything_is_shown() {
        let start = Watched::of(&passed(0), &room(Some(60), false), 0);
        assert!(start.events.is_empty(), "only the draws, which are private: {start:?}");
        assert_eq!(start.next as usize, passed(0).log().len(), "the draws are never to be shown");
        let over = passed(4);
        assert!(over.is_over(), "two passes each end a game of two");
        let watched = Watched::of(&over, &room(Some(60), false), 0);
        assert!(!watched.delayed);
        assert_eq!(watched.events.iter().filter(|event| ends_a_turn(&event.event)).count(), 4);
        assert!(watched.record.as_deref().is_some_and(|record| record.contains("#player1")));
    }
}
