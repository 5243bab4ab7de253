//! GCG export, import and replay (§3.5).

use wocable_crossword::gcg::{self, BagError, Entry};
use wocable_crossword::notation::{parse_move, parse_rack};
use wocable_crossword::{Event, Game, GameConfig, GameSettings, Intent, RuleSetKind, Seed};
use wocable_lexicon::{Language, Lexicon};

use crate::support;

fn game(rules: RuleSetKind, players: usize, seed: u64) -> Game {
    Game::new(config(rules, players, seed.into()), support::permissive_lexicon()).unwrap()
}

fn config(rules: RuleSetKind, players: usize, seed: Seed) -> GameConfig {
    GameConfig {
        settings: GameSettings {
            rules,
            language: Language::En,
            players: ["ann", "bob", "cy", "di"][..players].iter().map(|s| s.to_string()).collect(),
            layout: None,
            word_list: None,
            hints: true,
        },
        seed,
    }
}

fn round_trip(original: &Game) -> Game {
    let text = gcg::export(original);
    let record = gcg::parse(&text).unwrap();
    let replayed = gcg::replay(&record, original.settings().rules, support::permissive_lexicon())
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(gcg::export(&replayed), text);
    assert_eq!(replayed.log(), original.log(), "{text}");
    assert_eq!(replayed.scores(), original.scores());
    replayed
}

#[test]
fn finished_games_round_trip_for_every_rule_set_and_size() {
    for rules in RuleSetKind::ALL {
        let sizes: &[usize] = if rules == RuleSetKind::Webfeud { &[2] } else { &[2, 3, 4] };
        for &players in sizes {
            for seed in 0..3 {
                let mut original = game(rules, players, seed);
                support::play_out(&mut original);
                round_trip(&original);
            }
        }
    }
}

#[test]
fn a_game_on_a_players_own_word_list_names_it() {
    let mut original = game(RuleSetKind::Wocable, 2, 9);
    let mut config = original.config().clone();
    config.settings.word_list = Some("Collins 2019".into());
    original = Game::new(config, support::permissive_lexicon()).unwrap();
    support::play_out(&mut original);
    assert!(gcg::export(&original).contains("\n#lexicon Collins 2019\n"));
    let replayed = round_trip(&original);
    assert_eq!(replayed.settings().word_list.as_deref(), Some("Collins 2019"));
    let bundled = round_trip(&game(RuleSetKind::Wocable, 2, 9));
    assert!(gcg::export(&bundled).contains("\n#lexicon en\n"));
    assert_eq!(bundled.settings().word_list, None, "a language's code names its bundled list");
}

#[test]
fn games_in_progress_with_exchanges_and_resignations_round_trip() {
    let mut original = game(RuleSetKind::Wocable, 3, 5);
    support::drain_bag(&mut original, 60);
    let seat = original.turn();
    let tiles = original.rack(seat)[..3].to_vec();
    original.apply(Intent::Exchange { seat, tiles }).unwrap();
    original.apply(Intent::Resign { seat: 0 }).unwrap();
    let seat = original.turn();
    original.apply(Intent::TimeOut { seat }).unwrap();
    assert!(original.is_over());
    let text = gcg::export(&original);
    assert!(text.contains("#resigned ann") && text.contains("#timedout"));
    round_trip(&original);
}

#[test]
fn a_withdrawn_play_is_written_and_read_back() {
    let words = Lexicon::import(Language::En, b"CAT\nAT\n").unwrap().0;
    let config = GameConfig {
        settings: GameSettings {
            rules: RuleSetKind::Remote,
            language: Language::En,
            players: vec!["ann".into(), "bob".into()],
            layout: None,
            word_list: None,
            hints: true,
        },
        seed: 1.into(),
    };
    let racks =
        [Some(parse_rack(Language::En, "CATSDOG").unwrap()), Some(parse_rack(Language::En, "AACTTXY").unwrap())];
    let mut original = Game::with_draws(config, words.clone(), racks).unwrap();
    let tiles = parse_move(Language::En, original.board(), "8G", "TAC").unwrap();
    original.apply(Intent::Play { seat: 0, tiles }).unwrap();
    // The next play draws: the withdrawn one must not have taken its draw.
    let tiles = parse_move(Language::En, original.board(), "8G", "CAT").unwrap();
    original.apply(Intent::Play { seat: 1, tiles }).unwrap();
    let text = gcg::export(&original);
    assert!(text.contains(">ann: ACDGOST 8G TAC +0 0\n>ann: ACDGOST -- -0 0\n"), "{text}");
    let replayed = gcg::replay(&gcg::parse(&text).unwrap(), RuleSetKind::Remote, words.clone()).unwrap();
    assert_eq!(replayed.log(), original.log());
    // Under Wocable rules the same record is an illegal move.
    let error = gcg::replay(&gcg::parse(&text).unwrap(), RuleSetKind::Wocable, words).unwrap_err();
    assert_eq!(error.to_string(), "line 6: word TAC is not in the lexicon");
}

#[test]
fn replay_reports_the_first_wrong_line() {
    let lexicon = Lexicon::import(Language::En, b"CAT\nCATS\nAT\nZA\nZAS\n").unwrap().0;
    let text = "#character-encoding UTF-8
#player1 ann Ann
#player2 bob Bob
>ann: ACDGOST 8G CAT +10 10
>bob: AEIJQXZ H7 Z(A) +11 11
>ann: DGOS?AR 8G (CAT)S +6 16
";
    let record = gcg::parse(text).unwrap();
    assert!(matches!(record.entries[0], (4, Entry::Move { .. })));
    let replayed = gcg::replay(&record, RuleSetKind::Wocable, lexicon.clone()).unwrap();
    assert_eq!(replayed.scores(), [16, 11]);

    let wrong_score = text.replace("+11 11", "+12 12");
    let error = gcg::replay(&gcg::parse(&wrong_score).unwrap(), RuleSetKind::Wocable, lexicon.clone()).unwrap_err();
    assert_eq!(error.to_string(), "line 5: wrong score: the record says +12, the rules give +11");
    let wrong_total = text.replace("+6 16", "+6 17");
    let error = gcg::replay(&gcg::parse(&wrong_total).unwrap(), RuleSetKind::Wocable, lexicon.clone()).unwrap_err();
    assert_eq!(error.line, 6);
    let off_turn = text.replace(">bob: AEIJQXZ", ">ann: AEIJQXZ");
    assert_eq!(
        gcg::replay(&gcg::parse(&off_turn).unwrap(), RuleSetKind::Wocable, lexicon.clone()).unwrap_err().line,
        5
    );
    let bad_word = text.replace("(CAT)S", "(CAT)Z");
    assert_eq!(
        gcg::replay(&gcg::parse(&bad_word).unwrap(), RuleSetKind::Wocable, lexicon.clone()).unwrap_err().line,
        6
    );
    let wrong_rack = text.replace(">ann: DGOS?AR", ">ann: DGOS?AQ");
    assert_eq!(gcg::replay(&gcg::parse(&wrong_rack).unwrap(), RuleSetKind::Wocable, lexicon).unwrap_err().line, 6);
}

/// Notes written by other programs go on over several lines (with DOS
/// line ends, in a macondo test record).
#[test]
fn a_note_goes_on_over_the_lines_up_to_the_next_event() {
    let text = "#player1 ann Ann\r\n#player2 bo Bo\r\n>ann: ACT 8G CAT +10 10\r\n#note a risky play:\r\n\
                win or lose. will it work?\r\n\r\n>bo: DOG H7 D.G +5 5\r\n";
    let record = gcg::parse(text).unwrap();
    assert_eq!(record.entries.len(), 2);
    assert!(matches!(&record.entries[1], (7, Entry::Move { nick, .. }) if nick == "bo"), "{:?}", record.entries[1]);
}

#[test]
fn malformed_records_are_refused_with_their_line() {
    for (text, line) in [
        ("#player1 ann\n>ann 8G CAT +10 10\n", 2),
        ("#player1 ann\n>ann: 8G CAT +x 10\n", 2),
        ("#player2 ann\n", 1),
        ("hello\n", 1),
        ("#player1 ann\n>ann: +10\n", 2),
        // A note goes on only up to the next event.
        ("#player1 ann\n#note good\n>ann: ACT 8G CAT +10 10\nstray\n", 4),
    ] {
        assert_eq!(gcg::parse(text).unwrap_err().line, line, "{text}");
    }
}

#[test]
fn end_of_game_lines_are_checked() {
    let mut original = game(RuleSetKind::Webfeud, 2, 9);
    support::play_out(&mut original);
    let text = gcg::export(&original);
    let counted = original.log().iter().filter(|e| matches!(e, Event::RackCounted { .. })).count();
    assert!(counted > 0, "{text}");
    // Change the points of the last rack count.
    let lines: Vec<&str> = text.lines().collect();
    let (index, last) = lines.iter().enumerate().rev().find(|(_, l)| l.starts_with('>')).unwrap();
    let fields: Vec<&str> = last.split(' ').collect();
    let points: i32 = fields[fields.len() - 2].parse().unwrap();
    let changed = last.replace(
        &format!(" {points:+} ").replace("+-", "-"),
        &format!(" {} ", if points >= 0 { format!("+{}", points + 1) } else { (points - 1).to_string() }),
    );
    let mut tampered: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
    tampered[index] = changed;
    let error =
        gcg::replay(&gcg::parse(&tampered.join("\n")).unwrap(), RuleSetKind::Webfeud, support::permissive_lexicon())
            .unwrap_err();
    assert_eq!(error.line, index + 1, "{}", tampered.join("\n"));
}

#[test]
fn final_racks_and_counted_tiles_are_checked() {
    let mut original = game(RuleSetKind::Webfeud, 2, 4);
    support::play_out(&mut original);
    let text = gcg::export(&original);
    let lines: Vec<&str> = text.lines().collect();
    let (index, rack_line) = lines.iter().enumerate().find(|(_, l)| l.starts_with("#rack1 ")).unwrap();
    let wrong = if rack_line.ends_with('Z') { format!("{rack_line}Q") } else { format!("{rack_line}Z") };
    let tampered = text.replace(rack_line, &wrong);
    let error =
        gcg::replay(&gcg::parse(&tampered).unwrap(), RuleSetKind::Webfeud, support::permissive_lexicon()).unwrap_err();
    assert_eq!(error.line, index + 1, "{tampered}");
    // A move line without a rack is still a move when its word starts with
    // a tile on the board.
    let record = gcg::parse("#player1 a\n#player2 b\n>a: 8D (A)BC +9 9\n").unwrap();
    assert!(matches!(record.entries[0].1, Entry::Move { .. }));
}

#[test]
fn opening_racks_the_bag_cannot_hold_are_refused() {
    let record = gcg::parse("#player1 ann\n#player2 bob\n>ann: QQQQQQQ 8G QAT +12 12\n").unwrap();
    let error = gcg::replay(&record, RuleSetKind::Wocable, support::permissive_lexicon()).unwrap_err();
    assert_eq!(error.line, 2);
    assert!(error.reason.starts_with("the opening racks cannot be dealt"), "{error}");
}

#[test]
fn a_finished_online_game_shows_its_bag_was_fair_and_one_changed_draw_does_not() {
    let rules = RuleSetKind::Remote;
    let lexicon = support::permissive_lexicon;
    let seed = Seed::Full(std::array::from_fn(|i| i as u8 * 3 + 1));
    let config = config(rules, 3, seed);
    let mut game = Game::new(config.clone(), lexicon()).unwrap();
    let (opening, bag) = (game.rack(0).to_vec(), game.bag().to_vec());
    let in_progress = gcg::export(&game);
    let commitment = seed.commitment().unwrap();
    assert!(in_progress.contains(&format!("\n#commitment {commitment}\n")), "{in_progress}");
    assert!(!in_progress.contains(&seed.hex().unwrap()), "the seed is secret until the end");
    let unsigned = gcg::verify(&gcg::parse(&in_progress).unwrap(), rules, lexicon());
    assert_eq!(unsigned.map(|_| ()), Err(BagError::Unsigned));

    support::play_out(&mut game);
    let text = gcg::export(&game);
    assert!(text.contains(&format!("\n#seed {}\n", seed.hex().unwrap())), "{text}");
    let record = gcg::parse(&text).unwrap();
    let verified = gcg::verify(&record, rules, lexicon()).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(verified.log(), game.log());

    let mut other_seed = record.clone();
    other_seed.seed = Some(Seed::Full([9; 32]));
    assert_eq!(gcg::verify(&other_seed, rules, lexicon()).map(|_| ()), Err(BagError::NotCommitted));

    // The same seed and commitment, but one tile of the first rack dealt
    // is another: the record still replays, and fails the check.
    let mut dealt = opening;
    dealt[0] = *bag.iter().find(|tile| **tile != dealt[0]).unwrap();
    let mut changed = Game::with_draws(config, lexicon(), [Some(dealt)]).unwrap();
    support::play_out(&mut changed);
    let record = gcg::parse(&gcg::export(&changed)).unwrap();
    assert!(gcg::replay(&record, rules, lexicon()).is_ok());
    let failed = gcg::verify(&record, rules, lexicon()).map(|_| ());
    assert!(matches!(failed, Err(BagError::Draws(_))), "{failed:?}");
}
