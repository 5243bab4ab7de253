//! A round of Trace: the clock, traced words, score and the end (§7.3–§7.9).
//! Time is passed in as milliseconds from any fixed origin.
//!
//! As a crossword game, a round is its own referee: the player's intents
//! ([`RoundIntent`]) go to [`Round::apply`], which checks them and says
//! what happened ([`RoundEvent`]); only the referee says when time is up
//! ([`Round::tick`]). The trace being drawn is the player's, not the
//! round's (see [`Tracer`](crate::Tracer)): only a finished path is sent.

use crate::puzzle::{Mode, Puzzle};
use crate::solver::MIN_LETTERS;
use serde::{Deserialize, Serialize};
use wocable_lexicon::{Letter, Offensive};

/// Points for a word of `letters` letters: 10 × the Boggle table.
pub fn word_points(letters: usize) -> u32 {
    match letters {
        0..=2 => 0,
        3 | 4 => 10,
        5 => 20,
        6 => 30,
        7 => 50,
        _ => 110,
    }
}

/// The bonus for finding every word to find with `seconds_left` to spare.
pub fn perfect_bonus(seconds_left: u64) -> u32 {
    100 + 10 * seconds_left as u32
}

/// A countdown that runs only while the round is shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    limit_ms: u64,
    /// Time used before the current run.
    used_ms: u64,
    /// When the current run started; `None` while stopped.
    running_since: Option<u64>,
    started: bool,
}

impl Clock {
    pub fn new(limit_ms: u64) -> Clock {
        Clock { limit_ms, used_ms: 0, running_since: None, started: false }
    }

    pub fn remaining_ms(&self, now: u64) -> u64 {
        let running = self.running_since.map_or(0, |since| now.saturating_sub(since));
        self.limit_ms.saturating_sub(self.used_ms + running)
    }

    pub fn is_running(&self) -> bool {
        self.running_since.is_some()
    }

    fn start(&mut self, now: u64) {
        if !self.started {
            self.started = true;
            self.running_since = Some(now);
        }
    }

    fn stop(&mut self, now: u64) {
        if let Some(since) = self.running_since.take() {
            self.used_ms += now.saturating_sub(since);
        }
    }

    fn resume(&mut self, now: u64) {
        if self.started && self.running_since.is_none() {
            self.running_since = Some(now);
        }
    }
}

/// What the player asks of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoundIntent {
    /// The letters appeared: the clock starts.
    Start,
    /// « Partie en pause » (or the app went to the background, §7.7): the
    /// clock stops.
    Pause,
    Resume,
    /// A traced path of cells, to score.
    Submit(Vec<usize>),
}

/// What an intent did to a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundEvent {
    Started,
    Paused,
    Resumed,
    /// A submitted path, and what it scored.
    Traced(Outcome),
    /// The last word to find was found.
    Ended(RoundEnd),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoundEnd {
    /// « Temps écoulé ! »
    TimeUp,
    /// Every word to find was found, with this bonus.
    Perfect { bonus: u32 },
}

/// What a submitted trace did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// One of the words to find: revealed in the crossword.
    Target {
        word: String,
        index: usize,
        points: u32,
    },
    Bonus {
        word: String,
        points: u32,
    },
    AlreadyFound {
        word: String,
    },
    NotAWord {
        word: String,
    },
    /// Fewer than three letters: ignored.
    TooShort,
    /// Cells that do not follow each other (only from a caller that builds
    /// paths itself; the tracer never makes one).
    NotATrace,
    /// The round is over (or not started, or paused): nothing counts.
    GameOver,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Found {
    pub word: Vec<Letter>,
    pub points: u32,
}

/// The lists of the end screen (§7.8): each word with whether it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndLists {
    pub to_find: Vec<(String, bool)>,
    pub bonus: Vec<(String, bool)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    puzzle: Puzzle,
    clock: Clock,
    found: Vec<Found>,
    score: u32,
    end: Option<RoundEnd>,
}

impl Round {
    pub fn new(puzzle: Puzzle) -> Round {
        let clock = Clock::new(puzzle.mode.time_limit_ms());
        Round { puzzle, clock, found: Vec::new(), score: 0, end: None }
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    pub fn score(&self) -> u32 {
        self.score
    }

    pub fn found(&self) -> &[Found] {
        &self.found
    }

    pub fn end(&self) -> Option<RoundEnd> {
        self.end
    }

    pub fn remaining_ms(&self, now: u64) -> u64 {
        self.clock.remaining_ms(now)
    }

    pub fn is_paused(&self) -> bool {
        self.clock.started && !self.clock.is_running() && self.end.is_none()
    }

    /// Whether a trace would count now: the round is under way, its
    /// clock running and not run out.
    pub fn accepts_traces(&self, now: u64) -> bool {
        self.end.is_none() && self.clock.is_running() && self.clock.remaining_ms(now) > 0
    }

    /// Checks an intent and carries it out: what it did (nothing, for a
    /// pause while paused, say).
    pub fn apply(&mut self, intent: RoundIntent, now: u64) -> Vec<RoundEvent> {
        let was_running = self.clock.is_running();
        match intent {
            RoundIntent::Start => {
                let started = self.clock.started;
                self.clock.start(now);
                if started { vec![] } else { vec![RoundEvent::Started] }
            }
            RoundIntent::Pause => {
                self.clock.stop(now);
                if was_running { vec![RoundEvent::Paused] } else { vec![] }
            }
            RoundIntent::Resume if self.end.is_none() => {
                self.clock.resume(now);
                if !was_running && self.clock.is_running() { vec![RoundEvent::Resumed] } else { vec![] }
            }
            RoundIntent::Resume => vec![],
            RoundIntent::Submit(path) => {
                let outcome = self.submit(&path, now);
                let ended = matches!(outcome, Outcome::Target { .. }).then_some(self.end).flatten();
                let mut events = vec![RoundEvent::Traced(outcome)];
                events.extend(ended.map(RoundEvent::Ended));
                events
            }
        }
    }

    /// Checks the clock; ends the round at zero. The end, once it came.
    pub fn tick(&mut self, now: u64) -> Option<RoundEnd> {
        if self.end.is_none() && self.clock.started && self.clock.remaining_ms(now) == 0 {
            self.clock.stop(now);
            self.end = Some(RoundEnd::TimeUp);
        }
        self.end
    }

    /// Scores a traced path of cells.
    fn submit(&mut self, path: &[usize], now: u64) -> Outcome {
        self.tick(now);
        if !self.accepts_traces(now) {
            return Outcome::GameOver;
        }
        if path.len() < MIN_LETTERS {
            return Outcome::TooShort;
        }
        let shape = self.puzzle.shape;
        let distinct = path.iter().enumerate().all(|(i, c)| !path[..i].contains(c));
        if !distinct || path.windows(2).any(|w| !shape.adjacent(w[0], w[1])) {
            return Outcome::NotATrace;
        }
        let word: Vec<Letter> = path.iter().filter_map(|c| self.puzzle.letters.get(*c).copied()).collect();
        let spelt = self.puzzle.language.spell(&word);
        if self.found.iter().any(|f| f.word == word) {
            return Outcome::AlreadyFound { word: spelt };
        }
        if self.puzzle.solutions.binary_search(&word).is_err() {
            return Outcome::NotAWord { word: spelt };
        }
        let points = word_points(word.len());
        self.score += points;
        self.found.push(Found { word: word.clone(), points });
        let Some(index) = self.puzzle.targets.iter().position(|t| t.word == word) else {
            return Outcome::Bonus { word: spelt, points };
        };
        if self.puzzle.mode != Mode::Score
            && self.puzzle.targets.iter().all(|t| self.found.iter().any(|f| f.word == t.word))
        {
            let bonus = perfect_bonus(self.clock.remaining_ms(now) / 1000);
            self.score += bonus;
            self.clock.stop(now);
            self.end = Some(RoundEnd::Perfect { bonus });
        }
        Outcome::Target { word: spelt, index, points }
    }

    /// How many words to find are found.
    pub fn targets_found(&self) -> usize {
        (0..self.puzzle.targets.len()).filter(|index| self.is_revealed(*index)).count()
    }

    /// How many bonus words are found.
    pub fn bonus_found(&self) -> usize {
        self.found.iter().filter(|f| !self.puzzle.targets.iter().any(|t| t.word == f.word)).count()
    }

    /// Whether the words found are the puzzle's, each once (a round read
    /// from a file may not be).
    pub fn is_sound(&self) -> bool {
        let mut words: Vec<&Vec<Letter>> = self.found.iter().map(|f| &f.word).collect();
        words.sort();
        words.dedup();
        self.puzzle.is_sound()
            && words.len() == self.found.len()
            && self.found.iter().all(|f| self.puzzle.solutions.binary_search(&f.word).is_ok())
    }

    /// Whether the word to find at `index` is revealed in the crossword.
    pub fn is_revealed(&self, index: usize) -> bool {
        self.puzzle.targets.get(index).is_some_and(|t| self.found.iter().any(|f| f.word == t.word))
    }

    /// The end screen's lists: words to find, then bonus words, each
    /// with whether it was found. An offensive bonus word counts when
    /// traced, but is never shown.
    pub fn end_lists(&self) -> EndLists {
        let language = self.puzzle.language;
        let found = |w: &Vec<Letter>| self.found.iter().any(|f| &f.word == w);
        let offensive = Offensive::bundled(language);
        let to_find: Vec<(String, bool)> =
            self.puzzle.targets.iter().map(|t| (language.spell(&t.word), found(&t.word))).collect();
        let bonus = self
            .puzzle
            .solutions
            .iter()
            .filter(|w| !self.puzzle.targets.iter().any(|t| &t.word == *w) && !offensive.contains(w))
            .map(|w| (language.spell(w), found(w)))
            .collect();
        EndLists { to_find, bonus }
    }
}
