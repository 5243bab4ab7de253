//! Games played with generated moves: every move the generator finds is
//! accepted by the rules with the same score, under every rule set, with
//! 2–4 players, in English and Spanish; on a family list, the moves are
//! those of the whole list that form no word left out.

use crate::support;
use proptest::prelude::*;
use std::sync::LazyLock;
use wocable_crossword::movegen::{Move, all_moves};
use wocable_crossword::{Event, Game, GameConfig, Intent, RuleError, RuleSetKind};
use wocable_lexicon::{Language, Lexicon, Offensive};

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

/// Words of two and three letters that many plays on the permissive
/// lexicon form, each with its plurals.
static LEFT_OUT: LazyLock<Offensive> =
    LazyLock::new(|| Offensive::parse(Language::En, "at\nta\nre\ner\nin\non\nno\nate\ntea\neat\nsit\nits"));

fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort_by_key(|m| format!("{m:?}"));
    moves
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]

    #[test]
    fn a_family_list_gives_the_whole_lists_moves_that_form_no_word_left_out(
        seed in any::<u64>(),
        picks in proptest::collection::vec(any::<u64>(), 8..16),
    ) {
        let whole = support::permissive_lexicon();
        let family = whole.clone().leaving_out(&LEFT_OUT);
        let config = GameConfig::numbered(RuleSetKind::Wocable, Language::En, 2, seed);
        let mut game = Game::new(config, family).unwrap();
        let mut left_out = 0;
        for pick in picks {
            if game.is_over() {
                break;
            }
            let seat = game.turn();
            let every = all_moves(game.board(), game.rack(seat), &whole, &game.scoring());
            let (kept, refused): (Vec<Move>, Vec<Move>) =
                every.into_iter().partition(|m| game.preview(&m.tiles).is_ok());
            for m in &refused {
                let why = game.preview(&m.tiles).unwrap_err();
                prop_assert!(matches!(why, RuleError::LeftOut(_)), "{m:?}: {why}");
            }
            left_out += refused.len();
            let found = all_moves(game.board(), game.rack(seat), game.lexicon(), &game.scoring());
            prop_assert_eq!(sorted(found), sorted(kept.clone()));
            let intent = match kept.get(pick as usize % kept.len().max(1)) {
                Some(chosen) => Intent::Play { seat, tiles: chosen.tiles.clone() },
                None => Intent::Pass { seat },
            };
            game.apply(intent).unwrap();
        }
        prop_assert!(left_out > 0, "no play formed a word left out: the test proves nothing");
    }
}
