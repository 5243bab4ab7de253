//! Property tests over random games: tiles are conserved, scores are the
//! sum of the events, refused intents change nothing, saves and GCG
//! records give back the same game, and every seat's view, built from the
//! events it may see, agrees with the game.

use proptest::prelude::*;
use wocable_crossword::full_bag;
use wocable_crossword::{Event, Game, GameConfig, GameSettings, Intent, RuleSetKind, SeatView, Tile, gcg};
use wocable_crossword::{PlacedTile, Pos};
use wocable_lexicon::{Language, Letter};

use crate::support;

fn sorted(mut tiles: Vec<Tile>) -> Vec<Tile> {
    tiles.sort();
    tiles
}

fn check_invariants(game: &Game) -> Result<(), TestCaseError> {
    tiles_are_conserved(game)?;
    let mut totals = vec![0i32; game.scores().len()];
    for event in game.log() {
        match event {
            Event::Played { seat, play, .. } => totals[*seat] += play.score as i32,
            Event::RackCounted { seat, points, .. } => totals[*seat] += points,
            _ => {}
        }
    }
    prop_assert_eq!(totals.as_slice(), game.scores(), "scores are the sum of the events");
    Ok(())
}

fn tiles_are_conserved(game: &Game) -> Result<(), TestCaseError> {
    let mut all: Vec<Tile> = game.bag().to_vec();
    for seat in 0..game.settings().players.len() {
        all.extend(game.rack(seat));
    }
    all.extend(game.board().tiles().map(|(_, t)| if t.blank { Tile::Blank } else { Tile::Letter(t.letter) }));
    prop_assert_eq!(sorted(all), sorted(full_bag(game.tile_set())), "tiles are conserved");
    Ok(())
}

/// Brings each view up to date with the events it has not seen, and
/// checks it against what the game holds.
fn follow_views(game: &Game, views: &mut [SeatView]) -> Result<(), TestCaseError> {
    for view in views.iter_mut() {
        let viewer = view.viewer();
        let last = view.last_seq();
        for event in game.sequenced(viewer).filter(|e| last.is_none_or(|last| e.seq > last)) {
            view.apply(event).map_err(|e| TestCaseError::fail(format!("{viewer:?}: {e}")))?;
        }
        prop_assert_eq!(view.board(), game.board());
        prop_assert_eq!(view.scores(), game.scores());
        prop_assert_eq!(view.rack(), viewer.map_or(&[][..], |seat| game.rack(seat)), "{:?}'s rack", viewer);
        let sizes: Vec<usize> = (0..game.scores().len()).map(|seat| game.rack(seat).len()).collect();
        prop_assert_eq!(view.rack_sizes(), sizes.as_slice(), "{:?} counts the racks", viewer);
        prop_assert_eq!(view.bag_len(), game.bag().len());
        prop_assert_eq!(view.turn(), game.turn());
        prop_assert_eq!(view.left(), game.left());
        prop_assert_eq!(view.ended(), game.ended());
        prop_assert_eq!(&*view, &game.seat_view(viewer), "followed and rebuilt views agree");
        if let Some(seat) = viewer.filter(|_| !game.is_over()) {
            let guessed = Game::guessed(view, game.lexicon().clone(), 9).unwrap();
            prop_assert_eq!(guessed.rack(seat), game.rack(seat));
            let sizes_guessed: Vec<usize> = (0..sizes.len()).map(|seat| guessed.rack(seat).len()).collect();
            prop_assert_eq!(sizes_guessed, sizes);
            prop_assert_eq!((guessed.board(), guessed.scores()), (game.board(), game.scores()));
            prop_assert_eq!(
                (guessed.bag().len(), guessed.turn(), guessed.left()),
                (game.bag().len(), game.turn(), game.left())
            );
            tiles_are_conserved(&guessed)?;
        }
    }
    Ok(())
}

#[derive(Clone, Debug)]
enum Action {
    Play(u64),
    Pass,
    Exchange(u8),
    Resign(usize),
    Scatter(Vec<(u8, u8, u8)>),
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        8 => any::<u64>().prop_map(Action::Play),
        1 => Just(Action::Pass),
        1 => any::<u8>().prop_map(Action::Exchange),
        1 => (0..4usize).prop_map(Action::Resign),
        2 => proptest::collection::vec((0..15u8, 0..15u8, 0..8u8), 0..5).prop_map(Action::Scatter),
    ]
}

fn intent_for(game: &Game, action: &Action) -> Intent {
    let seat = game.turn();
    let rack = game.rack(seat);
    match action {
        Action::Play(pick) => support::some_play(game, *pick).unwrap_or(Intent::Pass { seat }),
        Action::Pass => Intent::Pass { seat },
        Action::Exchange(mask) => Intent::Exchange {
            seat,
            tiles: rack.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, t)| *t).collect(),
        },
        Action::Resign(who) => Intent::Resign { seat: *who },
        Action::Scatter(squares) => Intent::Play {
            seat,
            tiles: squares
                .iter()
                .filter_map(|(row, col, i)| {
                    let pos = Pos::new(*row as usize, *col as usize)?;
                    let tile = match rack.get(*i as usize)? {
                        Tile::Letter(letter) => PlacedTile { letter: *letter, blank: false },
                        Tile::Blank => PlacedTile { letter: Letter(1), blank: true },
                    };
                    Some((pos, tile))
                })
                .collect(),
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(
        rules in prop_oneof![Just(RuleSetKind::Wocable), Just(RuleSetKind::Webfeud), Just(RuleSetKind::Remote)],
        players in 2..=4usize,
        seed in any::<u64>(),
        actions in proptest::collection::vec(action(), 1..120),
    ) {
        let players = if rules == RuleSetKind::Webfeud { 2 } else { players };
        let config = GameConfig { settings: GameSettings { rules, language: Language::En, players: (0..players).map(|i| format!("p{i}")).collect(), layout: None, word_list: None, hints: true }, seed: seed.into() };
        let lexicon = support::permissive_lexicon();
        let mut game = Game::new(config, lexicon.clone()).unwrap();
        let mut views: Vec<SeatView> = std::iter::once(None)
            .chain((0..players).map(Some))
            .map(|viewer| SeatView::new(game.settings().clone(), viewer).unwrap())
            .collect();
        follow_views(&game, &mut views)?;
        for action in &actions {
            if game.is_over() {
                break;
            }
            let intent = intent_for(&game, action);
            let before = game.save();
            if game.apply(intent).is_err() {
                prop_assert_eq!(game.save(), before, "a refused intent changed nothing");
            }
            check_invariants(&game)?;
            follow_views(&game, &mut views)?;
        }
        let restored = Game::restore(&game.save(), lexicon.clone()).unwrap();
        prop_assert_eq!(restored.save(), game.save());
        let text = gcg::export(&game);
        let replayed = gcg::replay(&gcg::parse(&text).unwrap(), rules, lexicon).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(replayed.log(), game.log(), "{}", text);
    }

    #[test]
    fn gcg_parsing_never_panics(text in "(#player[1-4] [a-z]{1,3}\n|>[a-z]{1,3}: [A-Z?]{0,7} [0-9A-O]{0,3} [A-Za-z().]{0,8} [+-]?[0-9]{1,3} [0-9]{1,3}\n|[ -~]{0,20}\n){0,8}") {
        if let Ok(record) = gcg::parse(&text) {
            let _ = gcg::replay(&record, RuleSetKind::Wocable, support::permissive_lexicon());
        }
    }
}
