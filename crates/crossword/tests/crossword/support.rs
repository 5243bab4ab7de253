//! A lexicon where most short plays are legal, and a brute-force player,
//! to drive games deep into the bag (and property tests) without a move
//! generator; and the English reference data.

use wocable_crossword::{Game, Intent, Tile};
use wocable_crossword::{PlacedTile, Pos, SIZE};
use wocable_lexicon::{Language, Lexicon};

/// The English reference data (`tests/data/README.md`): the word list, the
/// positions, and every placement of each position with its score.
pub const WORDS: &str = include_str!("../data/wamerican-2to15.txt");
pub const POSITIONS: &str = include_str!("../data/vectors-wamerican.txt");
pub const MOVES: &str = include_str!("../data/vectors-wamerican-moves.txt");

/// Every string of two or three letters.
pub fn permissive_lexicon() -> Lexicon {
    lexicon_without("")
}

/// Every string of two or three letters with none of `without`.
pub fn lexicon_without(without: &str) -> Lexicon {
    let letters: Vec<char> = ('A'..='Z').filter(|c| !without.contains(*c)).collect();
    let mut words = String::new();
    for a in &letters {
        for b in &letters {
            words.push_str(&format!("{a}{b}\n"));
            for c in &letters {
                words.push_str(&format!("{a}{b}{c}\n"));
            }
        }
    }
    Lexicon::import(Language::En, words.as_bytes()).unwrap().0
}

/// Some legal play of one or two tiles for the player on turn, found by
/// trying squares in an order picked by `pick`.
pub fn some_play(game: &Game, pick: u64) -> Option<Intent> {
    let seat = game.turn();
    let rack = game.rack(seat);
    let as_placed = |tile: Tile| match tile {
        Tile::Letter(letter) => PlacedTile { letter, blank: false },
        Tile::Blank => PlacedTile { letter: Language::En.letter("E").unwrap(), blank: true },
    };
    let squares = SIZE * SIZE;
    for i in 0..squares {
        let n = (i + (pick % squares as u64) as usize * 37) % squares;
        let pos = Pos::new(n / SIZE, n % SIZE)?;
        if game.board().get(pos).is_some() {
            continue;
        }
        for (t, tile) in rack.iter().enumerate() {
            let first = (pos, as_placed(*tile));
            let mut tries = vec![vec![first]];
            if let Some(second) = rack.iter().enumerate().find(|(u, _)| *u != t).map(|(_, t)| as_placed(*t)) {
                for next in [
                    pos.step(wocable_crossword::Direction::Across, true),
                    pos.step(wocable_crossword::Direction::Down, true),
                ]
                .into_iter()
                .flatten()
                {
                    if game.board().get(next).is_none() {
                        tries.push(vec![first, (next, second)]);
                    }
                }
            }
            for tiles in tries {
                if game.preview(&tiles).is_ok() {
                    return Some(Intent::Play { seat, tiles });
                }
            }
        }
    }
    None
}

/// Plays until the bag holds at most `left` tiles (or no play is found).
pub fn drain_bag(game: &mut Game, left: usize) {
    let mut pick = 0;
    while game.bag().len() > left && !game.is_over() {
        pick += 1;
        match some_play(game, pick) {
            Some(intent) => game.apply(intent).unwrap(),
            None => game.apply(Intent::Pass { seat: game.turn() }).unwrap(),
        };
    }
}

/// Plays to the end: some play when there is one, else a pass.
pub fn play_out(game: &mut Game) {
    let mut pick = 0;
    while !game.is_over() {
        pick += 1;
        let intent = some_play(game, pick).unwrap_or(Intent::Pass { seat: game.turn() });
        game.apply(intent).unwrap();
    }
}
