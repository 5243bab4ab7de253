//! Computer players finish games under every rule set, Strong plays the
//! top score, hints are the best moves, and self-played games replay.

use wocable_crossword::computer::{LeaveModel, Level, choose, hints, play_game};
use wocable_crossword::{Event, Game, GameConfig, Intent, RuleSetKind, gcg};
use wocable_lexicon::{Language, Lexicon};

#[test]
fn every_level_finishes_games_that_replay() {
    for (rules, language, levels) in [
        (RuleSetKind::Wocable, Language::En, vec![Level::Champion, Level::Strong]),
        (RuleSetKind::Webfeud, Language::Es, vec![Level::Casual, Level::Beginner]),
        (RuleSetKind::Remote, Language::Fr, vec![Level::Beginner, Level::Champion, Level::Casual]),
        (RuleSetKind::Wocable, Language::Es, vec![Level::Strong, Level::Casual, Level::Beginner, Level::Champion]),
    ] {
        let lexicon = Lexicon::bundled(language);
        let game = play_game(
            GameConfig::numbered(rules, language, levels.len(), 5),
            lexicon.clone(),
            &levels,
            &LeaveModel::bundled(language),
        );
        assert!(game.is_over(), "{rules} {language}");
        let plays = game.log().iter().filter(|e| matches!(e, Event::Played { .. })).count();
        assert!(plays > 10, "{rules} {language}: only {plays} plays");
        let replayed = gcg::replay(&gcg::parse(&gcg::export(&game)).unwrap(), rules, lexicon).unwrap();
        assert_eq!(replayed.scores(), game.scores());
    }
}

#[test]
fn strong_plays_the_top_score_and_hints_list_the_best() {
    let mut game =
        Game::new(GameConfig::numbered(RuleSetKind::Wocable, Language::En, 2, 9), Lexicon::bundled(Language::En))
            .unwrap();
    for turn in 0..6 {
        let best = hints(&game, 5);
        assert!(best.windows(2).all(|w| w[0].score >= w[1].score));
        let intent = choose(&game, Level::Strong, &LeaveModel::zero(Language::En), turn);
        let events = game.apply(intent).unwrap();
        let score =
            events.iter().find_map(|e| if let Event::Played { play, .. } = e { Some(play.score) } else { None });
        assert_eq!(score, best.first().map(|m| m.score), "turn {turn}");
    }
}

#[test]
fn weaker_levels_score_less() {
    let lexicon = Lexicon::bundled(Language::En);
    let leaves = LeaveModel::bundled(Language::En);
    let mut totals = [0i32; 3];
    for seed in 0..6 {
        for (i, level) in [Level::Beginner, Level::Casual, Level::Strong].into_iter().enumerate() {
            let game = play_game(
                GameConfig::numbered(RuleSetKind::Wocable, Language::En, 2, seed),
                lexicon.clone(),
                &[level, level],
                &leaves,
            );
            totals[i] += game.scores().iter().sum::<i32>();
        }
    }
    assert!(totals[0] < totals[1] && totals[1] < totals[2], "{totals:?}");
}

#[test]
fn champion_exchanges_a_hopeless_rack() {
    let language = Language::En;
    let lexicon = Lexicon::import(language, b"AA\nAB\n").unwrap().0;
    let rack = wocable_crossword::notation::parse_rack(language, "UUUVVWW").unwrap();
    let mut leaves = LeaveModel::zero(language);
    leaves.repeat = -10.0;
    let game =
        Game::with_draws(GameConfig::numbered(RuleSetKind::Wocable, language, 2, 1), lexicon, [Some(rack)]).unwrap();
    match choose(&game, Level::Champion, &leaves, 0) {
        Intent::Exchange { tiles, .. } => assert!(tiles.len() >= 4, "{tiles:?}"),
        other => panic!("expected an exchange, got {other:?}"),
    }
}

#[test]
fn review_puts_each_turn_beside_the_best_move() {
    let lexicon = Lexicon::bundled(Language::En);
    let game = play_game(
        GameConfig::numbered(RuleSetKind::Wocable, Language::En, 2, 4),
        lexicon,
        &[Level::Strong, Level::Beginner],
        &LeaveModel::zero(Language::En),
    );
    let turns = wocable_crossword::computer::review(&game);
    let played = game
        .log()
        .iter()
        .filter(|e| matches!(e, Event::Played { .. } | Event::Passed { .. } | Event::Exchanged { .. }))
        .count();
    assert_eq!(turns.len(), played);
    for turn in &turns {
        let best = turn.best.as_ref().map_or(0, |m| m.score);
        assert!(turn.score <= best, "{turn:?}");
        if turn.seat == 0 && matches!(turn.intent, Intent::Play { .. }) {
            assert_eq!(turn.score, best, "Strong always plays the best score");
        }
        assert_eq!(turn.best_notation.is_some(), turn.best.is_some(), "{turn:?}");
        let (position, word) = turn.played_notation.clone().unwrap_or_default();
        if matches!(turn.intent, Intent::Play { .. }) {
            assert!(word.len() >= 2 && (2..=3).contains(&position.len()), "{turn:?}");
        } else {
            assert!(word.is_empty(), "{turn:?}");
        }
    }
    assert!(
        turns.iter().any(|t| t.seat == 1 && t.score < t.best.as_ref().map_or(0, |m| m.score)),
        "Beginner misses some"
    );
    // A turn at a time, as the web build makes it, the review is the same.
    let mut reviewer = wocable_crossword::computer::Reviewer::new(&game);
    let total = reviewer.progress().1;
    assert_eq!(reviewer.progress(), (0, total));
    let mut steps = 0;
    while reviewer.step() {
        steps += 1;
        assert_eq!(reviewer.progress(), (steps, total));
    }
    assert_eq!(reviewer.progress(), (total, total));
    assert_eq!(reviewer.turns(), turns);
}

#[test]
fn the_endgame_search_plays_out_when_the_bag_is_empty() {
    use wocable_crossword::computer::endgame;
    let lexicon = Lexicon::bundled(Language::En);
    let mut searched = 0;
    for seed in 0..2 {
        let mut game =
            Game::new(GameConfig::numbered(RuleSetKind::Wocable, Language::En, 2, seed), lexicon.clone()).unwrap();
        let leaves = LeaveModel::bundled(Language::En);
        while !game.is_over() {
            let intent = if game.bag().is_empty() {
                searched += 1;
                endgame(&game, 300).expect("two players, empty bag").intent
            } else {
                assert_eq!(endgame(&game, 300), None, "only once the bag is empty");
                choose(&game, Level::Strong, &leaves, seed)
            };
            game.apply(intent).unwrap();
        }
    }
    assert!(searched > 0);
    // Three players: no search.
    let three = Game::new(GameConfig::numbered(RuleSetKind::Wocable, Language::En, 3, 1), lexicon).unwrap();
    assert_eq!(endgame(&three, 10), None);
}

#[test]
fn a_thinker_has_a_legal_choice_after_each_of_its_first_steps() {
    use wocable_crossword::computer::{SIMULATIONS, Thinker};
    let lexicon = Lexicon::bundled(Language::En);
    let leaves = LeaveModel::bundled(Language::En);
    let mut game = Game::new(GameConfig::numbered(RuleSetKind::Wocable, Language::En, 2, 11), lexicon).unwrap();
    let (mut looked_ahead, mut endgames) = (0, 0);
    while !game.is_over() {
        let seed = game.log().len() as u64;
        // Stepped like the web build: a little at a time, endgame depths
        // cut short; every intermediate choice is one the rules accept.
        let mut thinker = Thinker::new(&game, Level::Champion, &leaves, seed).with_step_nodes(20);
        for steps in 0.. {
            assert!(game.clone().apply(thinker.choice()).is_ok(), "after {steps} steps: {:?}", thinker.choice());
            if steps == 8 || !thinker.step(&game) {
                break;
            }
        }
        if thinker.samples() > 0 {
            looked_ahead += 1;
        } else if game.bag().is_empty() {
            endgames += 1;
        }
        // `choose` is a thinker stepped to its end.
        let mut reference = Thinker::new(&game, Level::Champion, &leaves, seed);
        while reference.step(&game) {}
        let chosen = choose(&game, Level::Champion, &leaves, seed);
        assert_eq!(reference.choice(), chosen);
        game.apply(chosen).unwrap();
    }
    assert!(looked_ahead > 5 && endgames > 0, "{looked_ahead} {endgames}");
    // The weaker levels choose at once; the look-ahead stops at its cap.
    let game =
        Game::new(GameConfig::numbered(RuleSetKind::Wocable, Language::En, 2, 3), Lexicon::bundled(Language::En))
            .unwrap();
    assert!(!Thinker::new(&game, Level::Strong, &leaves, 0).step(&game));
    let mut thinker = Thinker::new(&game, Level::Champion, &leaves, 0);
    while thinker.step(&game) {}
    assert_eq!(thinker.samples(), SIMULATIONS);
}
