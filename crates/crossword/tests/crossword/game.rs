//! Every rule of §2 and §3, each refusal of §2.7, with 2, 3 and 4 players
//! under each rule set.

use wocable_crossword::notation::{parse_move, parse_rack};
use wocable_crossword::{
    EndReason, Event, Game, GameConfig, GameSettings, Intent, LeaveReason, Outcome, RuleError, RuleSetKind, SavedGame,
    SeatView, Tile, ViewError, Visibility, format_rack,
};
use wocable_lexicon::{FAMILY_LIST, Language, Lexicon};

use crate::support;

const WORDS: &[&str] = &[
    "CAT", "CATS", "AT", "TA", "ZA", "ZAS", "DOG", "DOGS", "GOD", "AS", "SAT", "SCAT", "ACT", "TAG", "GAS", "AXE",
    "EX", "OX", "OXEN", "QI", "QIS", "JO", "JOE", "TOE", "TOES", "AD", "ADS", "EXCITE", "STOOD", "ZO", "OD", "DOE",
];

fn lexicon() -> Lexicon {
    Lexicon::import(Language::En, WORDS.join("\n").as_bytes()).unwrap().0
}

fn tiles(text: &str) -> Vec<Tile> {
    parse_rack(Language::En, text).unwrap()
}

fn new_game(rules: RuleSetKind, racks: &[&str]) -> Game {
    let config = GameConfig {
        settings: GameSettings {
            rules,
            language: Language::En,
            players: (1..=racks.len()).map(|i| format!("p{i}")).collect(),
            layout: None,
            word_list: None,
            hints: true,
        },
        seed: 7.into(),
    };
    Game::with_draws(config, lexicon(), racks.iter().map(|r| Some(tiles(r)))).unwrap()
}

fn play(game: &Game, seat: usize, position: &str, word: &str) -> Intent {
    Intent::Play { seat, tiles: parse_move(Language::En, game.board(), position, word).unwrap() }
}

/// Applies an intent that must be refused, and checks that nothing changed.
fn refused(game: &mut Game, intent: Intent) -> RuleError {
    let before = game.save();
    let error = game.apply(intent).unwrap_err();
    assert_eq!(game.save(), before, "a refused intent changed the game");
    error
}

fn refused_play(game: &mut Game, seat: usize, position: &str, word: &str) -> RuleError {
    let intent = play(game, seat, position, word);
    refused(game, intent)
}

fn score_of(events: &[Event]) -> u32 {
    events.iter().find_map(|e| if let Event::Played { play, .. } = e { Some(play.score) } else { None }).unwrap()
}

#[test]
fn first_play_scores_double_on_the_centre() {
    let mut game = new_game(RuleSetKind::Wocable, &["CATSDOG", "ZAXEQIJ"]);
    let events = game.apply(play(&game, 0, "8G", "CAT")).unwrap();
    // C3 A1 T1, the centre doubles the word.
    assert_eq!(score_of(&events), 10);
    assert_eq!(game.scores(), [10, 0]);
    assert_eq!(game.rack(0).len(), 7, "the rack is refilled");
    assert_eq!(game.turn(), 1);
    assert!(events.iter().any(|e| matches!(e, Event::Drew { seat: 0, tiles } if tiles.len() == 3)));
}

#[test]
fn premiums_count_only_for_new_tiles() {
    let mut game = new_game(RuleSetKind::Wocable, &["CATSDOG", "ZAXEQIJ"]);
    game.apply(play(&game, 0, "8G", "CAT")).unwrap();
    // Z on the plain H7 above the A on the (used) centre: 10 + 1, no double.
    let events = game.apply(play(&game, 1, "H7", "Z(A)")).unwrap();
    assert_eq!(score_of(&events), 11);
}

#[test]
fn one_tile_forming_two_words_scores_both() {
    // CAT across on row 8 (G–I), then S at J8 makes CATS; with AT... use ZA/ZAS.
    let mut game = new_game(RuleSetKind::Wocable, &["CATDOGE", "SZAQIJX"]);
    game.apply(play(&game, 0, "8G", "CAT")).unwrap();
    let events = game.apply(play(&game, 1, "8G", "(CAT)S")).unwrap();
    // J8 is plain: CATS = 3+1+1+1.
    assert_eq!(score_of(&events), 6);
}

#[test]
fn every_refusal_names_its_reason_and_changes_nothing() {
    let mut game = new_game(RuleSetKind::Wocable, &["CATSDOG", "ZAXEQIJ"]);
    assert_eq!(refused_play(&mut game, 0, "1A", "CAT"), RuleError::FirstMoveMissesCentre);
    assert_eq!(refused_play(&mut game, 1, "8G", "ZA"), RuleError::NotYourTurn);
    assert_eq!(refused(&mut game, Intent::Play { seat: 0, tiles: vec![] }), RuleError::NoTiles);
    let one = parse_move(Language::En, game.board(), "8H", "C").unwrap();
    assert_eq!(refused(&mut game, Intent::Play { seat: 0, tiles: one }), RuleError::FirstMoveTooShort);
    assert_eq!(refused_play(&mut game, 0, "8G", "ZAX"), RuleError::TileNotOnRack("Z".into()));
    assert_eq!(refused_play(&mut game, 0, "8G", "TAC"), RuleError::NotInLexicon(vec!["TAC".into()]));
    let mut diagonal = parse_move(Language::En, game.board(), "8G", "CA").unwrap();
    diagonal[1].0.row += 1;
    assert_eq!(refused(&mut game, Intent::Play { seat: 0, tiles: diagonal }), RuleError::NotInLine);
    let mut gap = parse_move(Language::En, game.board(), "8G", "CAT").unwrap();
    gap[2].0.col += 1;
    assert_eq!(refused(&mut game, Intent::Play { seat: 0, tiles: gap }), RuleError::Gap);
    let mut twice = parse_move(Language::En, game.board(), "8G", "CA").unwrap();
    twice[1].0 = twice[0].0;
    assert!(matches!(refused(&mut game, Intent::Play { seat: 0, tiles: twice }), RuleError::SameSquare(_)));
    assert_eq!(refused(&mut game, Intent::Pass { seat: 5 }), RuleError::NoSuchPlayer(5));
    assert_eq!(refused(&mut game, Intent::Exchange { seat: 0, tiles: vec![] }), RuleError::NothingToExchange);
    assert_eq!(
        refused(&mut game, Intent::Exchange { seat: 0, tiles: tiles("Q") }),
        RuleError::TileNotOnRack("Q".into())
    );

    game.apply(play(&game, 0, "8G", "CAT")).unwrap();
    let taken = parse_move(Language::En, &wocable_crossword::Board::default(), "8G", "ZA").unwrap();
    assert!(matches!(refused(&mut game, Intent::Play { seat: 1, tiles: taken }), RuleError::CellTaken(_)));
    assert_eq!(refused_play(&mut game, 1, "1A", "ZA"), RuleError::NotConnected);
    assert_eq!(refused_play(&mut game, 1, "H7", "Z(A)X"), RuleError::NotInLexicon(vec!["ZAX".into()]));
    let message = RuleError::NotInLexicon(vec!["ZAX".into(), "QAT".into()]).to_string();
    assert_eq!(message, "words ZAX, QAT are not in the lexicon");
}

/// A game of `rules` on the bundled English list or its family list.
fn bundled_game(rules: RuleSetKind, family: bool, racks: &[&str]) -> Game {
    let lexicon = Lexicon::bundled(Language::En);
    let (lexicon, word_list) = if family { (lexicon.family(), Some(FAMILY_LIST.into())) } else { (lexicon, None) };
    let mut config = GameConfig::numbered(rules, Language::En, racks.len(), 7);
    config.settings.word_list = word_list;
    Game::with_draws(config, lexicon, racks.iter().map(|r| Some(tiles(r)))).unwrap()
}

#[test]
fn a_family_game_refuses_a_word_left_out_and_says_why() {
    let mut game = bundled_game(RuleSetKind::Wocable, true, &["BUTTONS", "AEIOURS"]);
    let error = refused_play(&mut game, 0, "8H", "BUTT");
    assert_eq!(error, RuleError::LeftOut(vec!["BUTT".into()]));
    assert_eq!(error.to_string(), "word BUTT is left out of the family word list");
    // An unknown word is named first, as unknown.
    assert!(matches!(refused_play(&mut game, 0, "8H", "BUTTS"), RuleError::LeftOut(_)));
    assert!(matches!(refused_play(&mut game, 0, "8H", "BUTNO"), RuleError::NotInLexicon(_)));
    game.apply(play(&game, 0, "8H", "BUTTON")).unwrap();
    // The whole list has the word.
    let mut game = bundled_game(RuleSetKind::Wocable, false, &["BUTTONS", "AEIOURS"]);
    game.apply(play(&game, 0, "8H", "BUTT")).unwrap();
    // Under the Remote rule it costs the turn, as an unknown word does.
    let mut game = bundled_game(RuleSetKind::Remote, true, &["BUTTONS", "AEIOURS"]);
    let events = game.apply(play(&game, 0, "8H", "BUTT")).unwrap();
    assert!(matches!(&events[..], [Event::PlayWithdrawn { seat: 0, words, .. }] if words == &["BUTT"]));
}

#[test]
fn remote_rule_an_unknown_word_costs_the_turn() {
    let mut game = new_game(RuleSetKind::Remote, &["CATSDOG", "ZAXEQIJ"]);
    let rack = game.rack(0).to_vec();
    let events = game.apply(play(&game, 0, "8G", "TAC")).unwrap();
    assert!(matches!(&events[..], [Event::PlayWithdrawn { seat: 0, words, .. }] if words == &["TAC"]));
    assert_eq!(game.rack(0), rack, "the tiles are back on the rack");
    assert!(game.board().is_empty());
    assert_eq!(game.scores(), [0, 0]);
    assert_eq!(game.turn(), 1, "the turn is lost");
    // A misplaced tile is still only refused.
    assert_eq!(refused_play(&mut game, 1, "1A", "ZA"), RuleError::FirstMoveMissesCentre);
}

#[test]
fn exchange_thresholds_per_rule_set() {
    // Wocable: the bag must hold as many tiles as are exchanged.
    let mut game = new_game(RuleSetKind::Wocable, &["CATSDOG", "ZAXEQIJ"]);
    let bag = game.bag().len();
    let events = game.apply(Intent::Exchange { seat: 0, tiles: tiles("CAT") }).unwrap();
    assert!(matches!(events[0], Event::Exchanged { seat: 0, count: 3 }));
    assert_eq!(events[0].visibility(), Visibility::Public);
    assert_eq!(events[2].visibility(), Visibility::Private(0));
    assert!(!events[2].visible_to(Some(1)) && !events[2].visible_to(None));
    assert_eq!(game.bag().len(), bag);
    assert_eq!(game.rack(0).len(), 7);
    // Each seat sees its own draws and the public events; a spectator no draws.
    let draws = |viewer| game.view(viewer).filter(|e| matches!(e, Event::Drew { .. })).count();
    assert_eq!((draws(Some(0)), draws(Some(1)), draws(None)), (2, 1, 0));
    assert!(game.view(Some(1)).any(|e| matches!(e, Event::Exchanged { seat: 0, count: 3 })));
    assert_eq!(game.turn(), 1);

    for rules in [RuleSetKind::Webfeud, RuleSetKind::Remote] {
        assert_eq!(rules.rules().exchange_min_bag, Some(7));
    }
    assert_eq!(RuleSetKind::Wocable.rules().exchange_min_bag, None);
}

/// A game whose deals and later draws are scripted, in order.
fn scripted_game(rules: RuleSetKind, draws: &[&str]) -> Game {
    let config = GameConfig::numbered(rules, Language::En, 2, 7);
    Game::with_draws(config, lexicon(), draws.iter().map(|d| Some(tiles(d)))).unwrap()
}

/// The kinds of an exchange's events, in order.
fn exchange_order(events: &[Event]) -> Vec<&'static str> {
    events
        .iter()
        .map(|e| match e {
            Event::Exchanged { .. } => "exchanged",
            Event::Drew { .. } => "drew",
            Event::Returned { .. } => "returned",
            _ => "other",
        })
        .collect()
}

#[test]
fn a_webfeud_exchange_returns_first_and_can_draw_a_tile_just_thrown_back() {
    // The set has one J, one Q, one X and one Z: all four are on the rack.
    let mut game = scripted_game(RuleSetKind::Webfeud, &["ZAXEQIJ", "CATSDOG", "JQXZ"]);
    let events = game.apply(Intent::Exchange { seat: 0, tiles: tiles("JQXZ") }).unwrap();
    assert_eq!(exchange_order(&events), ["exchanged", "returned", "drew"]);
    assert_eq!(format_rack(Language::En, game.rack(0)), "AEIJQXZ", "the same four came straight back");
    assert_eq!(Game::restore(&game.save(), lexicon()).unwrap().save(), game.save());

    // Wocable and Remote draw first: those four are not in the bag to draw.
    for rules in [RuleSetKind::Wocable, RuleSetKind::Remote] {
        let mut game = scripted_game(rules, &["ZAXEQIJ", "CATSDOG", "JQXZ"]);
        let error = refused(&mut game, Intent::Exchange { seat: 0, tiles: tiles("JQXZ") });
        assert!(matches!(error, RuleError::ScriptedDraw(_)), "{rules}: {error}");
        let mut game = scripted_game(rules, &["ZAXEQIJ", "CATSDOG", "BCDF"]);
        let events = game.apply(Intent::Exchange { seat: 0, tiles: tiles("JQXZ") }).unwrap();
        assert_eq!(exchange_order(&events), ["exchanged", "drew", "returned"], "{rules}");
        assert_eq!(format_rack(Language::En, game.rack(0)), "ABCDEFI");
    }
}

#[test]
fn a_game_keeps_the_rules_edition_it_began_under() {
    // A save from edition 1: every exchange drew first, and exchanging
    // for ever never ended a game.
    let config = GameConfig::numbered(RuleSetKind::Webfeud, Language::En, 2, 7);
    let dealt = Game::new(config.clone(), lexicon()).unwrap().save();
    let mut game = Game::restore(&SavedGame { version: 1, ..dealt }, lexicon()).unwrap();
    for turn in 0..20 {
        let seat = game.turn();
        let rack = game.rack(seat)[..2].to_vec();
        let events = game.apply(Intent::Exchange { seat, tiles: rack }).unwrap();
        assert_eq!(exchange_order(&events), ["exchanged", "drew", "returned"], "turn {turn}");
    }
    assert!(!game.is_over());
    let saved = game.save();
    assert_eq!(saved.version, 1, "saved again under the edition it began with");
    assert_eq!(Game::restore(&saved, lexicon()).unwrap().save(), saved);
    // The same log does not follow from the current rules.
    let now = SavedGame { version: wocable_crossword::RULES_EDITION, ..saved };
    assert!(Game::restore(&now, lexicon()).is_err());
    assert_eq!(Game::new(config, lexicon()).unwrap().save().version, wocable_crossword::RULES_EDITION);
}

#[test]
fn scoreless_turns_end_the_game_as_passes_do() {
    // (rules, players, scoreless turns that end it, racks deducted)
    for (rules, n, turns, deducted) in [
        (RuleSetKind::Wocable, 2, 6, false),
        (RuleSetKind::Wocable, 3, 9, false),
        (RuleSetKind::Wocable, 4, 12, false),
        (RuleSetKind::Webfeud, 2, 6, true),
        (RuleSetKind::Remote, 3, 9, true),
    ] {
        let mut game = new_game(rules, &players(n));
        // Exchanges, with a pass now and then: no run of passes ends it.
        for turn in 1..=turns {
            let seat = game.turn();
            let intent = if turn % 3 == 0 {
                Intent::Pass { seat }
            } else {
                Intent::Exchange { seat, tiles: game.rack(seat)[..1].to_vec() }
            };
            let events = game.apply(intent).unwrap();
            if turn < turns {
                assert!(!game.is_over(), "{rules}, {n} players, turn {turn}");
            } else {
                assert!(matches!(events.last(), Some(Event::Ended { reason: EndReason::ScorelessTurns })));
            }
        }
        let expected: Vec<i32> = (0..n).map(|s| if deducted { -rack_points(&game, s) } else { 0 }).collect();
        assert_eq!(game.scores(), expected, "{rules} {n} players");
    }

    // A play starts the count again; so does a player's leaving shorten it.
    let mut game = new_game(RuleSetKind::Wocable, &players(3));
    let exchange = |game: &mut Game| {
        let seat = game.turn();
        game.apply(Intent::Exchange { seat, tiles: game.rack(seat)[..1].to_vec() }).unwrap();
    };
    for _ in 0..8 {
        exchange(&mut game);
    }
    let seat = game.turn();
    let rack = format_rack(Language::En, game.rack(seat));
    let word = ["CAT", "ZA", "TOE", "DOG", "AD", "OX", "QI", "JO", "EX", "AS", "TA"]
        .into_iter()
        .find(|w| take(&rack, w))
        .unwrap_or_else(|| panic!("no word on {rack}"));
    game.apply(play(&game, seat, "8G", word)).unwrap();
    for _ in 0..5 {
        exchange(&mut game);
    }
    assert!(!game.is_over());
    // Two players are left: six in a row end it, and six are made.
    game.apply(Intent::Resign { seat: game.turn() }).unwrap();
    exchange(&mut game);
    assert_eq!(game.ended(), Some(EndReason::ScorelessTurns));
}

/// Whether `rack` (as text) holds the letters of `word`.
fn take(rack: &str, word: &str) -> bool {
    let mut left = rack.to_string();
    word.chars().all(|c| left.find(c).map(|i| left.remove(i)).is_some())
}

#[test]
fn a_withdrawn_remote_play_counts_as_a_passed_turn() {
    let mut game = new_game(RuleSetKind::Remote, &players(2));
    game.apply(play(&game, 0, "8G", "TAC")).unwrap();
    pass(&mut game);
    game.apply(play(&game, 0, "8G", "TAC")).unwrap();
    assert!(!game.is_over());
    let events = pass(&mut game);
    assert!(matches!(events.last(), Some(Event::Ended { reason: EndReason::Passes })));
    assert_eq!(game.scores(), [-rack_points(&game, 0), -rack_points(&game, 1)]);
}

#[test]
fn a_remote_game_ends_when_no_play_is_left() {
    // J, Q, X and Z are in no word: the players who hold them get stuck.
    let lexicon = support::lexicon_without("JQXZ");
    let scoring_racks = |game: &Game| (0..game.scores().len()).map(|s| -rack_points(game, s)).collect::<Vec<_>>();
    let mut endings = 0;
    for seed in 0..12 {
        for rules in [RuleSetKind::Remote, RuleSetKind::Wocable] {
            let config = GameConfig::numbered(rules, Language::En, 2, seed);
            let mut game = Game::new(config, lexicon.clone()).unwrap();
            let mut could_play_before = true;
            while !game.is_over() {
                let seat = game.turn();
                let moves = |game: &Game, seat| {
                    wocable_crossword::movegen::all_moves(
                        game.board(),
                        game.rack(seat),
                        game.lexicon(),
                        &game.scoring(),
                    )
                };
                could_play_before = !game.bag().is_empty() || (0..2).any(|s| !moves(&game, s).is_empty());
                let intent = match moves(&game, seat).first() {
                    Some(m) => Intent::Play { seat, tiles: m.tiles.clone() },
                    None => Intent::Pass { seat },
                };
                game.apply(intent).unwrap();
            }
            if game.ended() != Some(EndReason::NoPlayLeft) {
                continue;
            }
            assert_eq!(rules, RuleSetKind::Remote, "seed {seed}");
            endings += 1;
            assert!(game.bag().is_empty() && could_play_before, "seed {seed}: it ends at the first turn with none");
            for seat in 0..2 {
                let moves = wocable_crossword::movegen::all_moves(
                    game.board(),
                    game.rack(seat),
                    game.lexicon(),
                    &game.scoring(),
                );
                assert!(moves.is_empty() && !game.rack(seat).is_empty(), "seed {seed}");
            }
            assert_eq!(racks_counted(&game), scoring_racks(&game), "seed {seed}: racks deducted as on passes");
        }
    }
    assert!(endings > 0, "some Remote games end with no play left");
}

#[test]
fn exchange_refused_when_the_bag_is_too_small() {
    for rules in RuleSetKind::ALL {
        let config = GameConfig {
            settings: GameSettings {
                rules,
                language: Language::En,
                players: vec!["a".into(), "b".into()],
                layout: None,
                word_list: None,
                hints: true,
            },
            seed: 3.into(),
        };
        let mut game = Game::new(config, support::permissive_lexicon()).unwrap();
        support::drain_bag(&mut game, 6);
        let bag = game.bag().len();
        assert!((4..=6).contains(&bag), "bag {bag}");
        let seat = game.turn();
        let two = game.rack(seat)[..2].to_vec();
        let result = refused_or_applied(&mut game, Intent::Exchange { seat, tiles: two });
        match rules {
            RuleSetKind::Wocable => assert_eq!(result, None, "Wocable allows it while the bag has enough tiles"),
            _ => assert_eq!(result, Some(RuleError::ExchangeNotAllowed { bag, needed: 7 })),
        }
        let seat = game.turn();
        let all = game.rack(seat).to_vec();
        if rules == RuleSetKind::Wocable && all.len() > game.bag().len() {
            let needed = all.len();
            let error = refused(&mut game, Intent::Exchange { seat, tiles: all });
            assert_eq!(error, RuleError::ExchangeNotAllowed { bag: game.bag().len(), needed });
            assert_eq!(
                error.to_string(),
                format!("exchange not allowed: the bag has {} tiles, {needed} needed", game.bag().len())
            );
        }
    }
}

fn refused_or_applied(game: &mut Game, intent: Intent) -> Option<RuleError> {
    let before = game.save();
    match game.apply(intent) {
        Ok(_) => None,
        Err(e) => {
            assert_eq!(game.save(), before);
            Some(e)
        }
    }
}

fn players(n: usize) -> Vec<&'static str> {
    ["CATSDOG", "ZAXEQIJ", "TOESDAG", "OINERLU"][..n].to_vec()
}

fn pass(game: &mut Game) -> Vec<Event> {
    let seat = game.turn();
    game.apply(Intent::Pass { seat }).unwrap()
}

#[test]
fn passes_end_the_game_per_rule_set() {
    // (rules, players, passes that end it, racks deducted)
    for (rules, n, passes, deducted) in [
        (RuleSetKind::Wocable, 2, 4, false),
        (RuleSetKind::Wocable, 3, 4, false),
        (RuleSetKind::Wocable, 4, 4, false),
        (RuleSetKind::Webfeud, 2, 3, true),
        (RuleSetKind::Remote, 2, 4, true),
        (RuleSetKind::Remote, 3, 6, true),
        (RuleSetKind::Remote, 4, 8, true),
    ] {
        let mut game = new_game(rules, &players(n));
        for _ in 1..passes {
            pass(&mut game);
            assert!(!game.is_over(), "{rules} {n} players");
        }
        let events = pass(&mut game);
        assert_eq!(game.ended(), Some(EndReason::Passes), "{rules} {n} players");
        assert!(matches!(events.last(), Some(Event::Ended { reason: EndReason::Passes })));
        let values: Vec<i32> =
            (0..n).map(|s| game.rack(s).iter().map(|t| t.value(game.tile_set()) as i32).sum()).collect();
        let expected: Vec<i32> = values.iter().map(|v| if deducted { -v } else { 0 }).collect();
        assert_eq!(game.scores(), expected, "{rules} {n} players");
        let seat = game.turn();
        assert_eq!(refused(&mut game, Intent::Pass { seat }), RuleError::GameOver);
    }
}

#[test]
fn a_play_breaks_a_run_of_passes() {
    let mut game = new_game(RuleSetKind::Webfeud, &players(2));
    pass(&mut game);
    pass(&mut game);
    game.apply(play(&game, 0, "8G", "CAT")).unwrap();
    pass(&mut game);
    pass(&mut game);
    assert!(!game.is_over());
    pass(&mut game);
    assert!(game.is_over());
}

#[test]
fn resigning_in_a_two_player_game_loses_at_once() {
    let mut game = new_game(RuleSetKind::Wocable, &players(2));
    game.apply(play(&game, 0, "8G", "CAT")).unwrap();
    // Player 1 is on turn; player 0, ahead on points, resigns anyway.
    let events = game.apply(Intent::Resign { seat: 0 }).unwrap();
    assert_eq!(events[0], Event::Left { seat: 0, reason: LeaveReason::Resigned });
    assert_eq!(game.ended(), Some(EndReason::OnePlayerLeft));
    let standings = game.standings();
    assert_eq!((standings[0].seat, standings[0].rank, standings[0].left), (1, 1, false));
    assert_eq!((standings[1].seat, standings[1].rank, standings[1].left), (0, 2, true));
    assert_eq!(game.pairwise_results()[0].outcome, Outcome::Loss);
}

#[test]
fn bigger_games_go_on_after_a_player_leaves() {
    let mut game = new_game(RuleSetKind::Remote, &players(3));
    game.apply(Intent::Resign { seat: 1 }).unwrap();
    assert!(!game.is_over());
    pass(&mut game);
    assert_eq!(game.turn(), 2, "the player who left is skipped");
    assert_eq!(refused(&mut game, Intent::Pass { seat: 1 }), RuleError::PlayerLeft);
    assert_eq!(refused(&mut game, Intent::TimeOut { seat: 0 }), RuleError::NotYourTurn);
    game.apply(Intent::TimeOut { seat: 2 }).unwrap();
    assert_eq!(game.ended(), Some(EndReason::OnePlayerLeft));
    let order: Vec<(usize, usize)> = game.standings().iter().map(|s| (s.seat, s.rank)).collect();
    // The last to leave ranks above the first.
    assert_eq!(order, [(0, 1), (2, 2), (1, 3)]);
}

#[test]
fn standings_share_ranks_on_equal_scores() {
    let mut game = new_game(RuleSetKind::Wocable, &players(4));
    game.apply(play(&game, 0, "8G", "CAT")).unwrap(); // p1: 10
    game.apply(play(&game, 1, "H7", "Z(A)")).unwrap(); // p2: 11
    game.apply(Intent::Resign { seat: 3 }).unwrap();
    for _ in 0..4 {
        pass(&mut game);
    }
    assert_eq!(game.ended(), Some(EndReason::Passes));
    let ranks: Vec<(usize, usize)> = game.standings().iter().map(|s| (s.seat, s.rank)).collect();
    assert_eq!(ranks, [(1, 1), (0, 2), (2, 3), (3, 4)]);
    let results: Vec<_> = game.pairwise_results().iter().map(|r| (r.seat, r.opponent, r.outcome)).collect();
    assert!(results.contains(&(0, 1, Outcome::Loss)));
    assert!(results.contains(&(0, 2, Outcome::Win)));
    assert!(results.contains(&(2, 3, Outcome::Win)));
    assert_eq!(results.len(), 6);

    // Two players on 0 points draw with each other.
    let mut tied = new_game(RuleSetKind::Wocable, &players(3));
    for _ in 0..4 {
        pass(&mut tied);
    }
    assert!(tied.pairwise_results().iter().all(|r| r.outcome == Outcome::Draw));
    assert!(tied.standings().iter().all(|s| s.rank == 1));
}

/// A game of `n` players under `rules`, played out on a lexicon that
/// takes every two- and three-letter word.
fn played_out(rules: RuleSetKind, n: usize, seed: u64) -> Game {
    let config = GameConfig {
        settings: GameSettings {
            rules,
            language: Language::En,
            players: (0..n).map(|i| format!("p{i}")).collect(),
            layout: None,
            word_list: None,
            hints: true,
        },
        seed: seed.into(),
    };
    let mut game = Game::new(config, support::permissive_lexicon()).unwrap();
    support::play_out(&mut game);
    game
}

/// What each seat was counted for its rack at the end, in seat order.
fn racks_counted(game: &Game) -> Vec<i32> {
    let mut counted = vec![0; game.settings().players.len()];
    for event in game.log() {
        if let Event::RackCounted { seat, points, .. } = event {
            counted[*seat] += points;
        }
    }
    counted
}

#[test]
fn going_out_collects_the_other_racks() {
    for (rules, counts) in [
        (RuleSetKind::Wocable, &[2, 3, 4][..]),
        (RuleSetKind::Webfeud, &[2][..]),
        (RuleSetKind::Remote, &[2, 3, 4][..]),
    ] {
        let mut endings = 0;
        for &n in counts {
            for seed in 0..6 {
                let game = played_out(rules, n, seed);
                let Some(EndReason::WentOut { seat }) = game.ended() else { continue };
                endings += 1;
                let others: i32 = (0..n).filter(|s| *s != seat).map(|s| rack_points(&game, s)).sum();
                let counted = racks_counted(&game);
                assert_eq!(counted[seat], others, "{rules:?}, {n} players, seed {seed}");
                for other in (0..n).filter(|s| *s != seat) {
                    assert_eq!(counted[other], -rack_points(&game, other));
                }
                assert!(game.rack(seat).is_empty() && game.bag().is_empty());
            }
        }
        assert!(endings > 0, "some {rules:?} games end by going out");
    }
}

/// A game that ends by going out: who went out, the racks left, and what
/// each seat's rack counted, worked by hand.
struct GoingOut {
    rules: RuleSetKind,
    seed: u64,
    out: usize,
    racks: &'static [&'static str],
    counted: &'static [i32],
}

/// Going out (§3.1) with every number of players each rule set allows,
/// against totals worked by hand from the racks left: classic values
/// (B 3, C 3, F 4, G 2, H 4, K 5) for Wocable and Remote, Wordfeud's
/// for Webfeud (C 4, J 10).
#[test]
fn going_out_totals_worked_by_hand() {
    let cases = [
        // The second player keeps H (4): the first +4, the second -4.
        GoingOut { rules: RuleSetKind::Wocable, seed: 2, out: 0, racks: &["", "H"], counted: &[4, -4] },
        // I (1) and C (3): +4.
        GoingOut { rules: RuleSetKind::Wocable, seed: 1, out: 1, racks: &["I", "", "C"], counted: &[-1, 4, -3] },
        // B E (3 + 1), K (5), C G (3 + 2): +14.
        GoingOut {
            rules: RuleSetKind::Wocable,
            seed: 5,
            out: 2,
            racks: &["BE", "K", "", "CG"],
            counted: &[-4, -5, 14, -5],
        },
        // Wordfeud's A J: 1 + 10 (8 for a classic J).
        GoingOut { rules: RuleSetKind::Webfeud, seed: 23, out: 0, racks: &["", "AJ"], counted: &[11, -11] },
        // Wordfeud's C C: 4 + 4 (3 each in the classic set).
        GoingOut { rules: RuleSetKind::Webfeud, seed: 13, out: 0, racks: &["", "CC"], counted: &[8, -8] },
        // F (4).
        GoingOut { rules: RuleSetKind::Remote, seed: 10, out: 0, racks: &["", "F"], counted: &[4, -4] },
        // B and B (3 each).
        GoingOut { rules: RuleSetKind::Remote, seed: 22, out: 1, racks: &["B", "", "B"], counted: &[-3, 6, -3] },
        // A F (1 + 4), E (1), K N (5 + 1): +12.
        GoingOut {
            rules: RuleSetKind::Remote,
            seed: 3,
            out: 2,
            racks: &["AF", "E", "", "KN"],
            counted: &[-5, -1, 12, -6],
        },
    ];
    for GoingOut { rules, seed, out, racks, counted } in cases {
        let n = racks.len();
        let game = played_out(rules, n, seed);
        let case = format!("{rules:?}, {n} players, seed {seed}");
        assert_eq!(game.ended(), Some(EndReason::WentOut { seat: out }), "{case}");
        let left: Vec<String> = (0..n).map(|s| format_rack(Language::En, game.rack(s))).collect();
        assert_eq!(left, racks, "{case}");
        assert_eq!(racks_counted(&game), counted, "{case}");
        // The scores are the plays' and the racks' together.
        for (seat, rack) in counted.iter().enumerate() {
            let played: i32 = game
                .log()
                .iter()
                .filter_map(|e| match e {
                    Event::Played { seat: s, play, .. } if *s == seat => Some(play.score as i32),
                    _ => None,
                })
                .sum();
            assert_eq!(game.scores()[seat], played + rack, "{case}, seat {seat}");
        }
    }
}

fn rack_points(game: &Game, seat: usize) -> i32 {
    game.rack(seat).iter().map(|t| t.value(game.tile_set()) as i32).sum()
}

#[test]
fn configurations_are_checked() {
    let config = |rules, n: usize| GameConfig {
        settings: GameSettings {
            rules,
            language: Language::En,
            players: (0..n).map(|i| format!("p{i}")).collect(),
            layout: None,
            word_list: None,
            hints: true,
        },
        seed: 1.into(),
    };
    assert!(Game::new(config(RuleSetKind::Webfeud, 3), lexicon()).is_err());
    assert!(Game::new(config(RuleSetKind::Wocable, 1), lexicon()).is_err());
    assert!(Game::new(config(RuleSetKind::Remote, 5), lexicon()).is_err());
    assert!(Game::new(config(RuleSetKind::Remote, 4), lexicon()).is_ok());
    let mut same = config(RuleSetKind::Wocable, 2);
    same.settings.players[1] = "p0".into();
    assert!(Game::new(same, lexicon()).is_err());
    let spanish = Lexicon::import(Language::Es, b"CASA").unwrap().0;
    assert!(Game::new(config(RuleSetKind::Wocable, 2), spanish).is_err());
}

#[test]
fn saves_restore_the_same_game() {
    let config = GameConfig {
        settings: GameSettings {
            rules: RuleSetKind::Remote,
            language: Language::En,
            players: vec!["ann".into(), "bob".into(), "cy".into()],
            layout: None,
            word_list: None,
            hints: true,
        },
        seed: 11.into(),
    };
    let mut game = Game::new(config, support::permissive_lexicon()).unwrap();
    support::drain_bag(&mut game, 40);
    let json = serde_json::to_string(&game.save()).unwrap();
    let saved: SavedGame = serde_json::from_str(&json).unwrap();
    let restored = Game::restore(&saved, support::permissive_lexicon()).unwrap();
    assert_eq!(restored.save(), game.save());
    assert_eq!(restored.board(), game.board());
    assert_eq!(restored.scores(), game.scores());
    assert_eq!(restored.bag().len(), game.bag().len());

    let mut damaged = saved.clone();
    let played = damaged
        .events
        .iter_mut()
        .find_map(|e| if let Event::Played { play, .. } = e { Some(play) } else { None })
        .unwrap();
    played.score += 1;
    assert!(Game::restore(&damaged, support::permissive_lexicon()).is_err());
    let mut newer = saved;
    newer.version = 99;
    assert_eq!(
        Game::restore(&newer, support::permissive_lexicon()).unwrap_err().to_string(),
        "this save was written by a newer version of Wocable"
    );
}

#[test]
fn a_custom_layout_replaces_the_rule_sets_board() {
    let custom = wocable_crossword::CLASSIC.replace("T..d...*...d..T", "T..d...T...d..T");
    let layout = wocable_crossword::Layout::parse(&custom, wocable_crossword::Premium::None).unwrap();
    let config = GameConfig {
        settings: GameSettings {
            rules: RuleSetKind::Wocable,
            language: Language::En,
            players: vec!["a".into(), "b".into()],
            layout: Some(layout),
            word_list: None,
            hints: true,
        },
        seed: 1.into(),
    };
    let mut game = Game::with_draws(config, lexicon(), [Some(tiles("CATSDOG"))]).unwrap();
    let events = game.apply(play(&game, 0, "8G", "CAT")).unwrap();
    assert_eq!(score_of(&events), 15, "the centre is a triple word on this board");
    let restored = Game::restore(&game.save(), lexicon()).unwrap();
    assert_eq!(restored.scores(), [15, 0]);
}

#[test]
fn remote_passes_count_only_for_players_still_in() {
    // B, C and A pass; C resigns; B passes: A has passed only once.
    let mut game = new_game(RuleSetKind::Remote, &players(3));
    game.apply(Intent::Pass { seat: 0 }).unwrap();
    game.apply(Intent::Pass { seat: 1 }).unwrap();
    game.apply(Intent::Pass { seat: 2 }).unwrap();
    game.apply(Intent::Resign { seat: 2 }).unwrap();
    game.apply(Intent::Pass { seat: 0 }).unwrap();
    assert!(!game.is_over(), "player 1 has passed once in this run");
    game.apply(Intent::Pass { seat: 1 }).unwrap();
    assert_eq!(game.ended(), Some(EndReason::Passes));

    // Leaving can complete the run for those who stay.
    let mut game = new_game(RuleSetKind::Remote, &players(3));
    for seat in [0, 1, 2, 0, 1] {
        game.apply(Intent::Pass { seat }).unwrap();
    }
    assert!(!game.is_over());
    game.apply(Intent::Resign { seat: 2 }).unwrap();
    assert_eq!(game.ended(), Some(EndReason::Passes));
}

#[test]
fn intents_off_the_board_or_alphabet_are_refused() {
    use wocable_crossword::{PlacedTile, Pos};
    let mut game = new_game(RuleSetKind::Wocable, &["CATSDO?", "ZAXEQIJ"]);
    let c = Language::En.letter("C").unwrap();
    let off = vec![(Pos { row: 20, col: 7 }, PlacedTile { letter: c, blank: false })];
    assert_eq!(refused(&mut game, Intent::Play { seat: 0, tiles: off }), RuleError::OffBoard);
    let odd = vec![
        (Pos { row: 7, col: 7 }, PlacedTile { letter: wocable_lexicon::Letter(200), blank: true }),
        (Pos { row: 7, col: 8 }, PlacedTile { letter: c, blank: false }),
    ];
    assert_eq!(refused(&mut game, Intent::Play { seat: 0, tiles: odd }), RuleError::NotALetter);
}

#[test]
fn a_seat_view_takes_only_its_own_events_in_order() {
    let mut game = new_game(RuleSetKind::Wocable, &["CATSDOG", "ZAXEQIJ"]);
    game.apply(play(&game, 0, "H8", "CAT")).unwrap();
    let mut events = game.sequenced(Some(1));
    let mut view = SeatView::new(game.settings().clone(), Some(1)).unwrap();
    let first = events.next().unwrap();
    assert!(matches!(first.event, Event::Drew { seat: 1, .. }), "seat 1 sees its own deal, not seat 0's");
    view.apply(first.clone()).unwrap();
    assert_eq!(view.rack(), game.rack(1));
    let before = view.clone();
    assert!(matches!(view.apply(first), Err(ViewError::OutOfOrder { .. })), "a replayed event is refused");
    let others = game.sequenced(Some(0)).filter(|e| !e.event.visible_to(Some(1))).last().unwrap();
    assert_eq!(view.apply(others.clone()), Err(ViewError::NotVisible(others.seq)), "another seat's draw is refused");
    assert_eq!(view, before, "refused events change nothing");
    for event in events {
        view.apply(event).unwrap();
    }
    assert_eq!((view.scores(), view.turn(), view.bag_len()), (game.scores(), 1, game.bag().len()));
    assert_eq!(view.rack_sizes(), [7, 7]);

    // Serialised as its settings and events, and checked again when read.
    let text = serde_json::to_string(&view).unwrap();
    assert!(!text.contains("CATSDOG") && !text.contains("seed"));
    assert_eq!(serde_json::from_str::<SeatView>(&text).unwrap(), view);
    let forged = text.replacen("\"seq\":1,", "\"seq\":99,", 1);
    assert_ne!(forged, text);
    assert!(serde_json::from_str::<SeatView>(&forged).is_err(), "a view whose events are out of order is refused");
    let spectator = game.seat_view(None);
    assert!(spectator.rack().is_empty() && spectator.log().iter().all(|e| !matches!(e.event, Event::Drew { .. })));
}

/// A game set up at a position (as the engine protocol sets one) plays on
/// from there under the rules: its passes in a row count, and a setup
/// that does not fit is refused.
#[test]
fn a_game_set_up_at_a_position_plays_on_from_there() {
    use wocable_crossword::{ConfigError, Setup};
    let mut game = new_game(RuleSetKind::Wocable, &["CATBBFF", "DOGSEEE"]);
    game.apply(play(&game, 0, "8G", "CAT")).unwrap();
    let setup = Setup {
        board: game.board().clone(),
        scores: game.scores().to_vec(),
        racks: vec![tiles("BBFF"), tiles("DOGSEEE")],
        bag: Vec::new(),
        turn: 1,
        pass_run: vec![0, 1, 0],
        scoreless_run: 3,
    };
    let set_up = |setup: &Setup| Game::set_up(game.config().clone(), lexicon(), setup.clone());
    let mut at = set_up(&setup).unwrap();
    assert_eq!(
        (at.board(), at.scores(), at.turn(), at.rack(1)),
        (game.board(), game.scores(), 1, &tiles("DOGSEEE")[..])
    );
    let intent = play(&game, 1, "8G", "(CAT)S");
    let expected = score_of(&game.clone().apply(intent.clone()).unwrap());
    assert_eq!(score_of(&at.apply(intent).unwrap()), expected);
    // Three passes before: a fourth ends the game (Wocable: four in a row).
    let mut passing = set_up(&setup).unwrap();
    passing.apply(Intent::Pass { seat: 1 }).unwrap();
    assert!(passing.is_over());
    let refusals = [
        Setup { scores: vec![0; 3], ..setup.clone() },
        Setup { turn: 2, ..setup.clone() },
        Setup { racks: vec![tiles("BBFF"), tiles("DOGSEEEE")], ..setup.clone() },
        Setup { racks: vec![tiles("QQ"), tiles("D")], ..setup.clone() },
        Setup { pass_run: vec![1, 0, 1, 0], ..setup.clone() },
        Setup { racks: vec![tiles("BBFF"), Vec::new()], ..setup.clone() },
    ];
    for bad in &refusals {
        assert!(matches!(set_up(bad), Err(ConfigError::Setup(_) | ConfigError::NoSuchSeat(_))), "{bad:?}");
    }
}
