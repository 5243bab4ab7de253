//! Games played with generated moves: every move the generator finds is
//! accepted by the rules with the same score, under every rule set, with
//! 2–4 players, in English and Spanish.

use proptest::prelude::*;
use wocable_crossword::movegen::all_moves;
use wocable_crossword::{Event, Game, GameConfig, Intent, RuleSetKind};
use wocable_lexicon::{Language, Lexicon};

fn play_game(
    rules: RuleSetKind,
    language: Language,
    players: usize,
    seed: u64,
    picks: &[u64],
) -> Result<(), TestCaseError> {
    let config = GameConfig::numbered(rules, language, players, seed);
    let mut game = Game::new(config, Lexicon::bundled(language)).unwrap();
    for pick in picks {
        if game.is_over() {
            break;
        }
        let seat = game.turn();
        let moves = all_moves(game.board(), game.rack(seat), game.lexicon(), &game.scoring());
        let Some(chosen) = moves.get(*pick as usize % moves.len().max(1)) else {
            game.apply(Intent::Pass { seat }).unwrap();
            continue;
        };
        let preview = game.preview(&chosen.tiles).map_err(|e| TestCaseError::fail(format!("{chosen:?}: {e}")))?;
        prop_assert_eq!(preview.score, chosen.score);
        prop_assert_eq!(chosen.word_length(game.board()), preview.words[0].len());
        let events = game.apply(Intent::Play { seat, tiles: chosen.tiles.clone() }).unwrap();
        let played = matches!(&events[0], Event::Played { play, .. } if play.score == chosen.score);
        prop_assert!(played, "the rules scored the play differently");
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn generated_moves_are_legal_and_score_the_same(
        rules in prop_oneof![Just(RuleSetKind::Wocable), Just(RuleSetKind::Webfeud), Just(RuleSetKind::Remote)],
        language in prop_oneof![Just(Language::En), Just(Language::Es), Just(Language::Fr)],
        players in 2..=4usize,
        seed in any::<u64>(),
        picks in proptest::collection::vec(any::<u64>(), 10..40),
    ) {
        let players = if rules == RuleSetKind::Webfeud { 2 } else { players };
        play_game(rules, language, players, seed, &picks)?;
    }
}
