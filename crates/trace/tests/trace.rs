//! Every rule of §7: the solver against brute force, puzzle invariants over
//! many seeds, trace semantics, scoring, the clock and the end of a round.

use proptest::prelude::*;
use std::collections::BTreeSet;
use wocable_lexicon::{Language, Letter, Lexicon, Offensive};
use wocable_trace::solver::{solve, trace_path};
use wocable_trace::{
    Familiar, Mode, Outcome, Puzzle, Round, RoundEnd, RoundEvent, RoundIntent, Shape, generate, perfect_bonus,
    word_points,
};

fn letters(text: &str) -> Vec<Letter> {
    Language::En.tokenise(text).unwrap()
}

/// Every word of the lexicon checked one by one for a path.
fn brute_force(lexicon: &Lexicon, shape: Shape, grid: &[Letter]) -> BTreeSet<Vec<Letter>> {
    lexicon
        .words()
        .filter_map(|w| Language::En.tokenise(&w).ok())
        .filter(|w| w.len() >= 3 && trace_path(shape, grid, w).is_some())
        .collect()
}

#[test]
fn solver_finds_the_words_of_a_known_grid() {
    let lexicon = Lexicon::import(Language::En, b"EPAND\nPAN\nNAP\nAPE\nDEN\nPANE\nPAD\nXYZ\nAN\n").unwrap().0;
    // E P . .
    // . A N .
    // . . D .
    let grid = letters("EPQQQANQQQDQQQQQ");
    let found: Vec<String> =
        solve(&lexicon, Shape::Grid { side: 4 }, &grid).iter().map(|w| Language::En.spell(w)).collect();
    assert_eq!(found, ["APE", "EPAND", "NAP", "PAD", "PAN"]);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn solver_agrees_with_brute_force(grid in "[AEIORSTNLD]{16}", wheel in "[AEIRSTN]{6,7}") {
        let words: String = ["RAT", "TAR", "ART", "STAR", "RATS", "TEN", "NET", "SENT", "TINE", "LINT", "DIRT", "NOR", "ROTS", "SORT", "IRATE", "RAIN", "TRAIN", "STRAIN", "TRAINS", "SATIRE", "AA"].join("\n");
        let lexicon = Lexicon::import(Language::En, words.as_bytes()).unwrap().0;
        let grid = letters(&grid);
        prop_assert_eq!(solve(&lexicon, Shape::Grid { side: 4 }, &grid), brute_force(&lexicon, Shape::Grid { side: 4 }, &grid));
        let wheel = letters(&wheel);
        let shape = Shape::Wheel { letters: wheel.len() };
        prop_assert_eq!(solve(&lexicon, shape, &wheel), brute_force(&lexicon, shape, &wheel));
    }
}

fn check_puzzle(puzzle: &Puzzle, lexicon: &Lexicon) {
    let shape = puzzle.shape;
    assert!(puzzle.is_sound(), "seed {}", puzzle.seed);
    assert_eq!(puzzle.letters.len(), shape.cells());
    if puzzle.mode == Mode::Score {
        assert!(puzzle.targets.is_empty());
        return;
    }
    assert_eq!(puzzle.targets.len(), 10, "seed {}", puzzle.seed);
    let mut cells = std::collections::HashMap::new();
    for target in &puzzle.targets {
        assert!(lexicon.contains(&target.word));
        assert!(trace_path(shape, &puzzle.letters, &target.word).is_some(), "traceable");
        assert!(puzzle.solutions.binary_search(&target.word).is_ok());
        for (square, letter) in target.squares() {
            assert!(square.0 >= 0 && square.1 >= 0);
            assert_eq!(*cells.entry(square).or_insert(letter), letter, "crossings agree");
        }
    }
    // Connected: every square reachable from the first through shared words.
    let mut reached = vec![0usize];
    let mut changed = true;
    while changed {
        changed = false;
        for (i, word) in puzzle.targets.iter().enumerate() {
            if reached.contains(&i) {
                continue;
            }
            let touches = reached
                .iter()
                .any(|r| puzzle.targets[*r].squares().any(|(sq, _)| word.squares().any(|(s, _)| s == sq)));
            if touches {
                reached.push(i);
                changed = true;
            }
        }
    }
    assert_eq!(reached.len(), 10, "the crossword is connected (seed {})", puzzle.seed);
    // Letters touch only inside words: every run of two or more letters in a
    // row or a column is one of the words.
    for &(r, c) in cells.keys() {
        for (dr, dc, across) in [(0, 1, true), (1, 0, false)] {
            if cells.contains_key(&(r - dr, c - dc)) || !cells.contains_key(&(r + dr, c + dc)) {
                continue;
            }
            let mut run = Vec::new();
            let mut at = (r, c);
            while let Some(l) = cells.get(&at) {
                run.push(*l);
                at = (at.0 + dr, at.1 + dc);
            }
            let is_word =
                puzzle.targets.iter().any(|t| t.across == across && t.row == r && t.col == c && t.word == run);
            assert!(is_word, "stray run at {r},{c} (seed {})", puzzle.seed);
        }
    }
}

#[test]
fn puzzles_hold_their_invariants_over_many_seeds() {
    for language in [Language::En, Language::Fr] {
        let lexicon = Lexicon::bundled(language);
        let familiar = Familiar::bundled(language);
        for mode in [Mode::Circle, Mode::Grid, Mode::Score] {
            for seed in 0..400 {
                let puzzle = generate(mode, 4, &lexicon, &familiar, seed).unwrap();
                check_puzzle(&puzzle, &lexicon);
                assert!(puzzle.bonus_count() >= mode.min_bonus_words());
            }
        }
        let big = generate(Mode::Grid, 5, &lexicon, &familiar, 1).unwrap();
        assert_eq!(big.letters.len(), 25);
        check_puzzle(&big, &lexicon);
    }
}

#[test]
fn the_same_seed_draws_the_same_puzzle() {
    let lexicon = Lexicon::bundled(Language::En);
    let familiar = Familiar::bundled(Language::En);
    for mode in [Mode::Circle, Mode::Grid] {
        let a = generate(mode, 4, &lexicon, &familiar, 42).unwrap();
        assert_eq!(a, generate(mode, 4, &lexicon, &familiar, 42).unwrap());
        assert_ne!(a.letters, generate(mode, 4, &lexicon, &familiar, 43).unwrap().letters);
    }
    assert!(generate(Mode::Grid, 6, &lexicon, &familiar, 1).is_err());
}

#[test]
fn scoring_follows_the_boggle_table() {
    let expected = [(2, 0), (3, 10), (4, 10), (5, 20), (6, 30), (7, 50), (8, 110), (12, 110)];
    for (letters, points) in expected {
        assert_eq!(word_points(letters), points);
    }
    assert_eq!(perfect_bonus(42), 520);
}

fn round() -> Round {
    let lexicon = Lexicon::bundled(Language::En);
    Round::new(generate(Mode::Circle, 4, &lexicon, &Familiar::bundled(Language::En), 7).unwrap())
}

fn path_of(round: &Round, word: &[Letter]) -> Vec<usize> {
    trace_path(round.puzzle().shape, &round.puzzle().letters, word).unwrap()
}

/// A path sent to the round: what it scored.
fn submit(round: &mut Round, path: &[usize], now: u64) -> Outcome {
    match round.apply(RoundIntent::Submit(path.to_vec()), now).into_iter().next() {
        Some(RoundEvent::Traced(outcome)) => outcome,
        other => panic!("a path is answered with what it scored, not {other:?}"),
    }
}

#[test]
fn a_round_scores_words_once_and_refuses_the_rest() {
    let mut r = round();
    let puzzle = r.puzzle().clone();
    assert_eq!(submit(&mut r, &[0, 1, 2], 0), Outcome::GameOver, "nothing counts before the letters appear");
    assert_eq!(r.apply(RoundIntent::Start, 1_000), [RoundEvent::Started]);
    let target = &puzzle.targets[0];
    let path = path_of(&r, &target.word);
    let outcome = submit(&mut r, &path, 2_000);
    assert!(matches!(outcome, Outcome::Target { index: 0, .. }), "{outcome:?}");
    assert!(r.is_revealed(0));
    assert_eq!(r.score(), word_points(target.word.len()));
    assert!(matches!(submit(&mut r, &path, 3_000), Outcome::AlreadyFound { .. }));
    assert_eq!(submit(&mut r, &path[..2], 3_000), Outcome::TooShort);
    assert_eq!(submit(&mut r, &[path[0], path[1], path[0]], 3_000), Outcome::NotATrace, "a cell used twice");
    assert_eq!(submit(&mut r, &[0, 1, 99], 3_000), Outcome::NotATrace, "off the wheel");
    let bonus = puzzle.solutions.iter().find(|w| !puzzle.targets.iter().any(|t| &t.word == *w)).unwrap();
    let before = r.score();
    let bonus_path = path_of(&r, bonus);
    assert!(matches!(submit(&mut r, &bonus_path, 4_000), Outcome::Bonus { .. }));
    assert_eq!(r.score(), before + word_points(bonus.len()));
    // A trace that is no word changes nothing.
    let cells: Vec<usize> = (0..puzzle.letters.len()).collect();
    let nonsense =
        (3..=cells.len()).flat_map(|n| [cells[..n].to_vec(), cells[..n].iter().rev().copied().collect()]).find(|p| {
            let word: Vec<Letter> = p.iter().map(|c| puzzle.letters[*c]).collect();
            puzzle.solutions.binary_search(&word).is_err()
        });
    if let Some(nonsense) = nonsense {
        let score = r.score();
        assert!(matches!(submit(&mut r, &nonsense, 5_000), Outcome::NotAWord { .. }));
        assert_eq!(r.score(), score);
    }
}

#[test]
fn finding_every_word_ends_the_round_with_the_perfect_bonus() {
    let mut r = round();
    r.apply(RoundIntent::Start, 0);
    let targets = r.puzzle().targets.clone();
    let (last, others) = targets.split_last().unwrap();
    for (i, target) in others.iter().enumerate() {
        let path = path_of(&r, &target.word);
        assert!(matches!(submit(&mut r, &path, 10_000), Outcome::Target { .. }), "word {i}");
    }
    // 110 s left of 120.
    let path = path_of(&r, &last.word);
    let events = r.apply(RoundIntent::Submit(path), 10_000);
    assert!(matches!(events[..], [RoundEvent::Traced(Outcome::Target { .. }), RoundEvent::Ended(_)]), "{events:?}");
    assert_eq!(events[1], RoundEvent::Ended(RoundEnd::Perfect { bonus: perfect_bonus(110) }));
    assert_eq!(r.end(), Some(RoundEnd::Perfect { bonus: perfect_bonus(110) }));
    let words: u32 = targets.iter().map(|t| word_points(t.word.len())).sum();
    assert_eq!(r.score(), words + perfect_bonus(110));
    let lists = r.end_lists();
    assert!(lists.to_find.iter().all(|(_, found)| *found));
    assert!(lists.bonus.iter().all(|(_, found)| !*found));
    assert_eq!(lists.bonus.len(), r.puzzle().bonus_count());
}

#[test]
fn the_clock_pauses_resumes_and_runs_out() {
    let mut r = round();
    r.apply(RoundIntent::Start, 0);
    assert_eq!(r.remaining_ms(30_000), 90_000);
    assert_eq!(r.apply(RoundIntent::Pause, 30_000), [RoundEvent::Paused]);
    assert!(r.is_paused() && !r.accepts_traces(30_000));
    assert_eq!(r.remaining_ms(500_000), 90_000, "paused: the clock stands still");
    let path = path_of(&r, &r.puzzle().targets[0].word.clone());
    assert_eq!(submit(&mut r, &path, 40_000), Outcome::GameOver, "nothing counts while paused");
    assert_eq!(r.apply(RoundIntent::Resume, 100_000), [RoundEvent::Resumed]);
    assert_eq!(r.remaining_ms(110_000), 80_000);
    assert_eq!(r.tick(189_999), None);
    assert!(r.accepts_traces(189_999));
    // A trace begun before the end does not count after it.
    assert_eq!(r.tick(190_000), Some(RoundEnd::TimeUp));
    assert_eq!(submit(&mut r, &path, 190_100), Outcome::GameOver);
    assert_eq!(r.apply(RoundIntent::Resume, 190_200), [], "an ended round stays ended");
    assert_eq!(r.score(), 0);
    assert!(r.end_lists().to_find.iter().all(|(_, found)| !found));
}

#[test]
fn an_intent_that_changes_nothing_says_nothing() {
    let mut r = round();
    assert_eq!(r.apply(RoundIntent::Pause, 500), [], "not started: nothing to pause");
    assert_eq!(r.apply(RoundIntent::Start, 1_000), [RoundEvent::Started]);
    assert_eq!(r.apply(RoundIntent::Start, 1_100), [], "started once");
    assert_eq!(r.apply(RoundIntent::Resume, 1_150), [], "running already");
    assert_eq!(r.apply(RoundIntent::Pause, 1_200), [RoundEvent::Paused]);
    assert_eq!(r.apply(RoundIntent::Pause, 1_300), []);
    assert_eq!(r.apply(RoundIntent::Resume, 50_000), [RoundEvent::Resumed]);
    assert_eq!(r.remaining_ms(50_000), 119_800);
}

#[test]
fn a_paused_round_survives_a_save() {
    let mut r = round();
    r.apply(RoundIntent::Start, 0);
    let path = path_of(&r, &r.puzzle().targets[0].word.clone());
    submit(&mut r, &path, 5_000);
    r.apply(RoundIntent::Pause, 6_000);
    let saved = serde_json::to_string(&r).unwrap();
    let restored: Round = serde_json::from_str(&saved).unwrap();
    assert_eq!(restored, r);
    assert_eq!(restored.remaining_ms(1_000_000), 114_000);
    assert!(restored.is_sound());
    assert_eq!((restored.targets_found(), restored.bonus_found()), (1, 0));
}

#[test]
fn a_round_read_from_a_file_is_checked() {
    let mut r = round();
    r.apply(RoundIntent::Start, 0);
    let good = serde_json::to_value(&r).unwrap();
    let edited = |change: &dyn Fn(&mut serde_json::Value)| {
        let mut value = good.clone();
        change(&mut value);
        serde_json::from_value::<Round>(value).map(|round| round.is_sound()).ok()
    };
    assert_eq!(edited(&|_| {}), Some(true));
    assert_eq!(edited(&|v| v["puzzle"]["shape"] = serde_json::json!({"Grid": {"side": 100000}})), Some(false));
    assert_eq!(edited(&|v| v["puzzle"]["letters"].as_array_mut().unwrap().truncate(3)), Some(false));
    assert_eq!(edited(&|v| v["puzzle"]["targets"][0]["row"] = serde_json::json!(-1)), Some(false));
    let first_target = good["puzzle"]["targets"][0].clone();
    assert_eq!(edited(&|v| v["puzzle"]["targets"][1] = first_target.clone()), Some(false), "a word to find twice");
    assert_eq!(edited(&|v| v["puzzle"]["solutions"].as_array_mut().unwrap().reverse()), Some(false));
    let word = good["puzzle"]["targets"][0]["word"].clone();
    let twice = serde_json::json!([{"word": word, "points": 10}, {"word": word, "points": 10}]);
    assert_eq!(edited(&|v| v["found"] = twice.clone()), Some(false), "a word found twice");
}

#[test]
fn no_puzzle_of_ten_thousand_seeds_asks_for_an_offensive_word() {
    let check = |language: Language| {
        let lexicon = Lexicon::bundled(language);
        let familiar = Familiar::bundled(language);
        let offensive = Offensive::bundled(language);
        let mut offered = 0;
        for seed in 0..10_000 {
            // Circle and Grid take turns: each asks for ten words.
            let mode = if seed % 2 == 0 { Mode::Circle } else { Mode::Grid };
            let puzzle = generate(mode, 4, &lexicon, &familiar, seed).unwrap();
            for target in &puzzle.targets {
                assert!(
                    !offensive.contains(&target.word),
                    "{language:?} seed {seed}: {}",
                    language.spell(&target.word)
                );
            }
            offered += puzzle.solutions.iter().filter(|w| offensive.contains(w)).count();
        }
        // The letters still make such words: they are there to be refused.
        assert!(offered > 0, "{language:?}");
    };
    // A language a thread: a cold machine has two cores.
    std::thread::scope(|scope| {
        for language in Language::ALL {
            scope.spawn(move || check(language));
        }
    });
}

#[test]
fn an_offensive_bonus_word_counts_but_is_never_shown() {
    let lexicon = Lexicon::bundled(Language::En);
    let familiar = Familiar::bundled(Language::En);
    let offensive = Offensive::bundled(Language::En);
    let (puzzle, word) = (0..)
        .find_map(|seed| {
            let puzzle = generate(Mode::Grid, 4, &lexicon, &familiar, seed).unwrap();
            let word = puzzle.solutions.iter().find(|w| offensive.contains(w))?.clone();
            Some((puzzle, word))
        })
        .unwrap();
    let mut round = Round::new(puzzle);
    round.apply(RoundIntent::Start, 0);
    let path = path_of(&round, &word);
    assert!(matches!(submit(&mut round, &path, 1_000), Outcome::Bonus { .. }));
    assert!(round.score() > 0, "it counts");
    assert_eq!(round.bonus_found(), 1);
    let lists = round.end_lists();
    let spelt = Language::En.spell(&word);
    assert!(!lists.bonus.iter().chain(&lists.to_find).any(|(w, _)| *w == spelt), "{spelt} is never shown");
    assert!(!lists.bonus.is_empty(), "the other bonus words are");
}

#[test]
fn on_a_family_list_an_offensive_word_is_no_word_and_the_puzzle_is_the_same() {
    let lexicon = Lexicon::bundled(Language::En);
    let family = lexicon.clone().family();
    let familiar = Familiar::bundled(Language::En);
    let offensive = Offensive::bundled(Language::En);
    let (puzzle, word, seed) = (0..)
        .find_map(|seed| {
            let puzzle = generate(Mode::Grid, 4, &lexicon, &familiar, seed).unwrap();
            let word = puzzle.solutions.iter().find(|w| offensive.contains(w))?.clone();
            Some((puzzle, word, seed))
        })
        .unwrap();
    let kept = generate(Mode::Grid, 4, &family, &familiar, seed).unwrap();
    assert_eq!((&kept.letters, &kept.targets), (&puzzle.letters, &puzzle.targets));
    let less: Vec<_> = puzzle.solutions.iter().filter(|w| !offensive.contains(w)).cloned().collect();
    assert_eq!(kept.solutions, less);
    let mut round = Round::new(kept);
    round.apply(RoundIntent::Start, 0);
    let path = path_of(&round, &word);
    assert!(matches!(submit(&mut round, &path, 1_000), Outcome::NotAWord { .. }));
    assert_eq!((round.score(), round.bonus_found()), (0, 0));
}
