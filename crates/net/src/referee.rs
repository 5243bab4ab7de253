//! The referee of one game, the same for the server's rooms and the app's
//! games on one device: it checks intents by the rules, alone says when a
//! player's time is up (§3.3), lets computer players choose on their own
//! seat's view, and has a refused computer move pass. Time is passed in
//! (milliseconds, on any clock that only moves forward).

use crate::protocol::{Clock, Refusal};
use crate::room::Player;
use wocable_crossword::computer::{self, LeaveModel, Level};
use wocable_crossword::{Game, Intent, SeatView, Sequenced};
use wocable_lexicon::Lexicon;

/// How long a player without a turn clock may be away on their turn
/// before they are out of the game.
pub const ABSENT_GRACE_MS: u64 = 60_000;

/// A game and who plays each of its seats, refereed.
#[derive(Clone, Debug)]
pub struct Referee {
    game: Game,
    players: Vec<Player>,
    /// Each turn's time, when the game has a clock.
    turn_seconds: Option<u32>,
    /// When the turn on the clock began.
    turn_started: u64,
    /// The time the turn on the clock has from `turn_started`: a whole
    /// turn, or what was left of it when the game was resumed.
    turn_allowance_ms: u64,
}

/// A computer player's turn to think about, away from the referee: its
/// seat's view, and nothing it may not see.
#[derive(Clone, Debug, PartialEq)]
pub struct ComputerTurn {
    pub seat: usize,
    pub level: Level,
    pub view: SeatView,
    pub seed: u64,
}

impl ComputerTurn {
    /// The game the computer thinks on: guessed from its view, so that it
    /// cannot peek at the others' racks or the bag's order.
    pub fn game(&self, lexicon: Lexicon) -> Option<Game> {
        Game::guessed(&self.view, lexicon, self.seed).ok()
    }

    /// The move, chosen on [`ComputerTurn::game`] (a pass if there is none).
    pub fn choose(&self, lexicon: Lexicon, leaves: &LeaveModel) -> Intent {
        match self.game(lexicon) {
            Some(game) => computer::choose(&game, self.level, leaves, self.seed),
            None => Intent::Pass { seat: self.seat },
        }
    }
}

impl Referee {
    /// Referees `game`, its seats played by `players` (one each), each
    /// turn `turn_seconds` long if it has a clock; its turn begins `now`.
    pub fn new(game: Game, players: Vec<Player>, turn_seconds: Option<u32>, now: u64) -> Referee {
        debug_assert_eq!(players.len(), game.scores().len(), "a player for each seat");
        let mut referee = Referee { game, players, turn_seconds, turn_started: now, turn_allowance_ms: 0 };
        referee.turn_allowance_ms = referee.turn_ms().unwrap_or(0);
        referee
    }

    fn turn_ms(&self) -> Option<u64> {
        self.turn_seconds.map(|seconds| u64::from(seconds) * 1000)
    }

    /// The same, with `left_ms` of the turn on the clock left (a resumed
    /// game): never more than a whole turn.
    pub fn resumed(mut self, left_ms: Option<u64>) -> Referee {
        if let (Some(left), Some(whole)) = (left_ms, self.turn_ms()) {
            self.turn_allowance_ms = left.min(whole);
        }
        self
    }

    /// The game, every rack and the bag in it: for whoever keeps it (the
    /// server's store, a device's save), never for a seat's screen.
    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn players(&self) -> &[Player] {
        &self.players
    }

    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Each turn's time, when the game has a clock.
    pub fn turn_seconds(&self) -> Option<u32> {
        self.turn_seconds
    }

    /// When the turn on the clock began.
    pub fn turn_started(&self) -> u64 {
        self.turn_started
    }

    /// Whose turn it is and the time they have left; `None` once the game
    /// is over.
    pub fn clock(&self, now: u64) -> Option<Clock> {
        if self.game.is_over() {
            return None;
        }
        let left_ms =
            self.turn_seconds.map(|_| self.turn_allowance_ms.saturating_sub(now.saturating_sub(self.turn_started)));
        Some(Clock { seat: self.game.turn(), left_ms })
    }

    /// An intent from `seat`'s player, checked by the rules: the events it
    /// added to the log, or why it was refused (and nothing changed).
    pub fn intent(&mut self, seat: usize, intent: Intent, now: u64) -> Result<Vec<Sequenced>, Refusal> {
        if intent.seat() != seat || !self.players.get(seat).is_some_and(|player| player.is_person()) {
            return Err(Refusal::NotYourSeat);
        }
        // Only the referee says when time is up.
        if matches!(intent, Intent::TimeOut { .. }) {
            return Err(Refusal::RefereeOnly);
        }
        self.apply(intent, now)
    }

    fn apply(&mut self, intent: Intent, now: u64) -> Result<Vec<Sequenced>, Refusal> {
        let first = self.game.log().len();
        let turn = self.game.turn();
        self.game.apply(intent).map_err(Refusal::Rule)?;
        self.end_without_people();
        if self.game.turn() != turn {
            self.turn_started = now;
            self.turn_allowance_ms = self.turn_ms().unwrap_or(0);
        }
        Ok(self.game.numbered_from(first).collect())
    }

    /// Computers do not play a game out among themselves once the people
    /// in it have all left: those still in resign, the lowest score first,
    /// until one is left. The people rank below every computer, as they
    /// would have had the game been played out. (A game of computers alone
    /// from the start is played out.)
    fn end_without_people(&mut self) {
        let still_in = |game: &Game, seat: usize| !game.has_left(seat);
        let mut people = (0..self.players.len()).filter(|seat| self.players[*seat].is_person()).peekable();
        if people.peek().is_none() || people.any(|seat| still_in(&self.game, seat)) {
            return;
        }
        while !self.game.is_over() {
            let scores = self.game.scores();
            let lowest =
                (0..self.players.len()).filter(|seat| still_in(&self.game, *seat)).min_by_key(|seat| scores[*seat]);
            let Some(seat) = lowest else { return };
            if self.game.apply(Intent::Resign { seat }).is_err() {
                return;
            }
        }
    }

    /// Times out the person on turn whose clock ran out, or who has been
    /// away too long in a game without a clock (§3.3): `away_since` says
    /// since when each seat's player has been away (none on one device).
    pub fn tick(&mut self, now: u64, away_since: &[Option<u64>]) -> Vec<Sequenced> {
        let Some(clock) = self.clock(now) else { return Vec::new() };
        let seat = clock.seat;
        let out_of_time = clock.left_ms == Some(0);
        // Away on their turn: since the turn began, or since they left.
        let gone = self.turn_seconds.is_none()
            && away_since
                .get(seat)
                .copied()
                .flatten()
                .is_some_and(|since| now.saturating_sub(since.max(self.turn_started)) >= ABSENT_GRACE_MS);
        if (out_of_time || gone) && self.players[seat].is_person() {
            return self.apply(Intent::TimeOut { seat }, now).unwrap_or_default();
        }
        Vec::new()
    }

    /// The computer player on turn, if it is one's turn, with the seed it
    /// chooses with.
    pub fn computer_turn(&self) -> Option<ComputerTurn> {
        if self.game.is_over() {
            return None;
        }
        let seat = self.game.turn();
        let Player::Computer(level) = self.players[seat] else { return None };
        let seed = self.game.config().seed.low_bits() ^ (self.game.log().len() as u64).rotate_left(32);
        Some(ComputerTurn { seat, level, view: self.game.seat_view(Some(seat)), seed })
    }

    /// A computer's chosen move: nothing if its turn is past; if the rules
    /// refuse it, it passes rather than stall the game.
    pub fn computer_move(&mut self, turn: &ComputerTurn, intent: Intent, now: u64) -> Vec<Sequenced> {
        if self.computer_turn().as_ref() != Some(turn) {
            return Vec::new();
        }
        let pass = Intent::Pass { seat: turn.seat };
        let intent = if intent.seat() == turn.seat { intent } else { pass.clone() };
        self.apply(intent, now).or_else(|_| self.apply(pass, now)).unwrap_or_default()
    }
}

/// The events that any of `seats` may see; with no seats, those a
/// spectator may see.
pub fn visible_to(events: &[Sequenced], seats: &[usize]) -> Vec<Sequenced> {
    let visible = |sequenced: &&Sequenced| {
        if seats.is_empty() {
            sequenced.event.visible_to(None)
        } else {
            seats.iter().any(|seat| sequenced.event.visible_to(Some(*seat)))
        }
    };
    events.iter().filter(visible).cloned().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use wocable_crossword::{Event, GameConfig, LeaveReason, RuleSetKind};
    use wocable_lexicon::Language;

    /// A game of `players` with a turn clock of a minute, begun at 0.
    fn refereed(players: Vec<Player>) -> Referee {
        let config = GameConfig::numbered(RuleSetKind::Wocable, Language::En, players.len(), 5);
        let game = Game::new(config, Lexicon::bundled(Language::En)).expect("a game");
        Referee::new(game, players, Some(60), 0)
    }

    #[test]
    fn a_player_moves_only_for_their_own_seat_and_never_says_time_is_up() {
        let mut referee = refereed(vec![Player::Human, Player::Computer(Level::Beginner)]);
        let refused = [
            (1, Intent::Pass { seat: 0 }, Refusal::NotYourSeat),
            (1, Intent::Pass { seat: 1 }, Refusal::NotYourSeat),
            (0, Intent::TimeOut { seat: 0 }, Refusal::RefereeOnly),
        ];
        for (seat, intent, refusal) in refused {
            assert_eq!(referee.intent(seat, intent, 10), Err(refusal));
        }
        assert!(referee.game().log().iter().all(|event| matches!(event, Event::Drew { .. })), "nothing changed");
        let passed = referee.intent(0, Intent::Pass { seat: 0 }, 10).expect("a pass");
        assert!(matches!(passed.as_slice(), [Sequenced { event: Event::Passed { seat: 0 }, .. }]), "{passed:?}");
    }

    #[test]
    fn the_clock_runs_from_each_turn_and_times_out_only_a_person() {
        let mut referee = refereed(vec![Player::Human, Player::Computer(Level::Beginner)]);
        assert_eq!(referee.clock(20_000), Some(Clock { seat: 0, left_ms: Some(40_000) }));
        assert!(referee.tick(59_999, &[]).is_empty());
        referee.intent(0, Intent::Pass { seat: 0 }, 30_000).expect("a pass");
        assert_eq!(referee.clock(40_000), Some(Clock { seat: 1, left_ms: Some(50_000) }), "a whole turn");
        assert!(referee.tick(200_000, &[]).is_empty(), "a computer is never timed out");

        let mut referee = refereed(vec![Player::Human, Player::Human]).resumed(Some(5_000));
        assert_eq!(referee.clock(1_000), Some(Clock { seat: 0, left_ms: Some(4_000) }), "what the save had left");
        let out = referee.tick(5_000, &[]);
        assert!(
            out.iter().any(|e| e.event == Event::Left { seat: 0, reason: LeaveReason::TimedOut }),
            "out when it ran out: {out:?}"
        );
        assert_eq!(
            refereed(vec![Player::Human; 2]).resumed(Some(600_000)).clock(0).and_then(|c| c.left_ms),
            Some(60_000)
        );
    }

    #[test]
    fn without_a_clock_a_person_away_on_their_turn_is_out_after_the_grace() {
        let config = GameConfig::numbered(RuleSetKind::Wocable, Language::En, 2, 5);
        let game = Game::new(config, Lexicon::bundled(Language::En)).expect("a game");
        let mut referee = Referee::new(game, vec![Player::Human; 2], None, 0);
        assert_eq!(referee.clock(1_000_000), Some(Clock { seat: 0, left_ms: None }));
        assert!(referee.tick(1_000_000, &[]).is_empty(), "here, they may think as long as they like");
        let away = [Some(10_000), None];
        assert!(referee.tick(10_000 + ABSENT_GRACE_MS - 1, &away).is_empty());
        assert!(!referee.tick(10_000 + ABSENT_GRACE_MS, &away).is_empty(), "out");
    }

    #[test]
    fn a_computer_chooses_on_its_own_view_and_a_refused_move_passes() {
        let mut referee = refereed(vec![Player::Computer(Level::Beginner), Player::Human]);
        let turn = referee.computer_turn().expect("the computer's turn");
        assert_eq!(turn.view, referee.game().seat_view(Some(0)), "its own seat's view");
        let guessed = turn.game(referee.game().lexicon().clone()).expect("a game to think on");
        assert_eq!(guessed.rack(0), referee.game().rack(0));
        assert_eq!(guessed.scores(), referee.game().scores());
        // An exchange of tiles it has not: refused, so it passes.
        let exchange = Intent::Exchange { seat: 0, tiles: vec![wocable_crossword::Tile::Blank; 7] };
        let events = referee.computer_move(&turn, exchange, 10);
        assert!(matches!(events.as_slice(), [Sequenced { event: Event::Passed { seat: 0 }, .. }]), "{events:?}");
        assert!(referee.computer_move(&turn, Intent::Pass { seat: 0 }, 20).is_empty(), "its turn is past");
        assert_eq!(referee.computer_turn(), None, "a person's turn");
    }

    #[test]
    fn computers_left_alone_end_the_game_below_nobody_who_stayed() {
        let computer = Player::Computer(Level::Beginner);
        let mut referee = refereed(vec![Player::Human, computer, Player::Human, computer]);
        referee.intent(0, Intent::Pass { seat: 0 }, 10).expect("a pass");
        let turn = referee.computer_turn().expect("the computer's turn");
        referee.computer_move(&turn, Intent::Pass { seat: 1 }, 20);
        referee.intent(2, Intent::Resign { seat: 2 }, 30).expect("a resignation");
        assert!(!referee.is_over(), "a person is still in");
        let turn = referee.computer_turn().expect("the other computer's turn");
        referee.computer_move(&turn, Intent::Pass { seat: 3 }, 40);
        let events = referee.tick(40 + 60_000, &[]);
        let left: Vec<(usize, LeaveReason)> = events
            .iter()
            .filter_map(|e| if let Event::Left { seat, reason } = e.event { Some((seat, reason)) } else { None })
            .collect();
        // The person on turn timed out; the computers stop at once.
        assert_eq!(left[0], (0, LeaveReason::TimedOut));
        assert_eq!(left.len(), 2, "one computer resigns, the other is left: {events:?}");
        assert!(referee.is_over() && referee.computer_turn().is_none());
        let standings = referee.game().standings();
        let by_rank: Vec<usize> = standings.iter().map(|s| s.seat).collect();
        assert!(matches!(by_rank[..], [1, 3, 0, 2] | [3, 1, 0, 2]), "{standings:?}");
        // Computers alone from the start play on.
        let mut referee = refereed(vec![computer; 2]);
        let turn = referee.computer_turn().expect("a computer's turn");
        referee.computer_move(&turn, Intent::Pass { seat: 0 }, 10);
        assert!(!referee.is_over() && referee.computer_turn().is_some());
    }

    #[test]
    fn a_seat_sees_its_own_draws_and_a_spectator_none() {
        let referee = refereed(vec![Player::Human, Player::Human]);
        let log: Vec<Sequenced> = referee.game().numbered_from(0).collect();
        let drawn_by = |events: Vec<Sequenced>| -> Vec<usize> {
            events
                .iter()
                .filter_map(|e| if let Event::Drew { seat, .. } = e.event { Some(seat) } else { None })
                .collect()
        };
        assert_eq!(drawn_by(visible_to(&log, &[1])), vec![1]);
        assert_eq!(drawn_by(visible_to(&log, &[0, 1])), vec![0, 1]);
        assert_eq!(drawn_by(visible_to(&log, &[])), Vec::<usize>::new());
    }
}
