//! `endgames`: a benchmark of the endgame search. Its endgames come from
//! Strong-against-Strong games (each seed's game at the turn its bag
//! empties, both racks full) or from the records in a folder (each at the
//! first turn its player to move can see that the bag is empty); each is
//! searched until it is proven or `--seconds` are up. One line per
//! endgame and a summary.

use crate::args::Args;
use crate::{Failure, fail, language, lexicon, rules};
use std::path::Path;
use std::time::{Duration, Instant};
use wocable_crossword::computer::{EndgameSearch, LeaveModel, Level, choose};
use wocable_crossword::gcg::{self, Entry};
use wocable_crossword::notation::{parse_move, parse_rack};
use wocable_crossword::{Board, Game, GameConfig, RACK_SIZE, RuleSetKind, Setup, Tile, full_bag, take_from};
use wocable_lexicon::Lexicon;

pub fn run(args: &mut Args) -> Result<(), Failure> {
    let rules = rules(args)?;
    let language = language(args)?;
    let lexicon = lexicon(args, language)?;
    let count = args.number("--positions")?.unwrap_or(100) as usize;
    let seed = args.number("--seed")?.unwrap_or(0);
    let records = args.option("--records")?;
    let limit = Duration::from_secs_f64(args.number("--seconds")?.unwrap_or(10) as f64);
    args.finish()?;
    let mut bench = Bench { limit, times: Vec::new(), positions: 0, searching: Duration::ZERO };
    let kind = match records {
        Some(folder) => {
            for (name, game) in from_records(rules, &lexicon, Path::new(&folder))? {
                bench.solve(&name, &game);
            }
            String::new()
        }
        None => {
            // Most games reach it: a run of 20 times as many seeds is enough.
            let seeds = seed..seed.saturating_add(20 * count as u64);
            for (seed, game) in from_self_play(rules, &lexicon, seeds).take(count) {
                bench.solve(&format!("seed {seed}"), &game?);
            }
            format!(", {RACK_SIZE} tiles against {RACK_SIZE}")
        }
    };
    println!("{} endgames, {rules} rules, {language}{kind}", bench.times.len());
    bench.summary();
    Ok(())
}

/// Each seed's Strong-against-Strong game at the turn its bag empties,
/// when both racks are full then.
fn from_self_play(
    rules: RuleSetKind,
    lexicon: &Lexicon,
    seeds: std::ops::Range<u64>,
) -> impl Iterator<Item = (u64, Result<Game, Failure>)> + '_ {
    let strong = LeaveModel::zero(lexicon.language());
    seeds.filter_map(move |seed| {
        let config = GameConfig::numbered(rules, lexicon.language(), 2, seed);
        let played = Game::new(config, lexicon.clone()).map_err(fail).and_then(|mut game| {
            while !game.is_over() && !game.bag().is_empty() {
                game.apply(choose(&game, Level::Strong, &strong, seed)).map_err(fail)?;
            }
            Ok(game)
        });
        let full = |game: &Game| (0..2).all(|seat| game.rack(seat).len() == RACK_SIZE);
        match played {
            Ok(game) if game.is_over() || !full(&game) => None,
            played => Some((seed, played)),
        }
    })
}

/// The endgame of every two-player record (`*.gcg`) in `folder`, by
/// name; a record that has none, or that cannot be read, is named on
/// standard error and left out.
fn from_records(rules: RuleSetKind, lexicon: &Lexicon, folder: &Path) -> Result<Vec<(String, Game)>, Failure> {
    let entries = std::fs::read_dir(folder).map_err(|e| fail(format!("{}: {e}", folder.display())))?;
    let mut paths: Vec<_> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "gcg"))
        .collect();
    paths.sort();
    let mut endgames = Vec::new();
    for path in paths {
        let name = path.file_stem().map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        let text = std::fs::read(&path).map(|bytes| String::from_utf8_lossy(&bytes).into_owned());
        match text.map_err(|e| e.to_string()).and_then(|text| endgame_of(rules, lexicon, &text)) {
            Ok(Some(game)) => endgames.push((name, game)),
            Ok(None) => eprintln!("{name}: the bag is never empty"),
            Err(why) => eprintln!("{name}: left out: {why}"),
        }
    }
    Ok(endgames)
}

/// The position of a two-player record at the first turn whose player can
/// see that the bag is empty: the tiles they cannot see are few enough to
/// be their opponent's rack. The tiles are laid as the record lays them,
/// without checking its words (real games are played with other word
/// lists); `None` when the record ends before.
fn endgame_of(rules: RuleSetKind, lexicon: &Lexicon, text: &str) -> Result<Option<Game>, String> {
    let record = gcg::parse(text).map_err(|e| e.to_string())?;
    if record.players.len() != 2 {
        return Err(format!("{} players, the search is for two", record.players.len()));
    }
    let language = lexicon.language();
    let config = GameConfig::numbered(rules, language, 2, 0);
    let bag = full_bag(Game::new(config.clone(), lexicon.clone()).map_err(|e| e.to_string())?.tile_set());
    let seat_of = |nick: &str| record.players.iter().position(|p| p == nick).ok_or(format!("no player is {nick}"));
    let (mut board, mut before_play) = (Board::default(), Board::default());
    let mut scores = vec![0, 0];
    for (line, entry) in &record.entries {
        let at = |e: &dyn std::fmt::Display| format!("line {line}: {e}");
        let (nick, rack, total) = match entry {
            Entry::Move { nick, rack, total, .. }
            | Entry::Pass { nick, rack, total }
            | Entry::Exchange { nick, rack, total, .. } => (nick, rack.as_deref(), *total),
            Entry::Withdrawn { nick, total, .. } => (nick, None, *total),
            _ => return Ok(None),
        };
        let seat = seat_of(nick).map_err(|e| at(&e))?;
        if let Some(rack) = rack {
            let rack = parse_rack(language, rack).map_err(|e| at(&e))?;
            let seen: Vec<Tile> = board.tiles().map(|(_, t)| Tile::from(t)).chain(rack.iter().copied()).collect();
            let unseen = take_from(&bag, &seen).ok_or_else(|| at(&"more tiles than this rule set's bag holds"))?;
            if unseen.len() <= RACK_SIZE {
                let mut racks = vec![Vec::new(), Vec::new()];
                (racks[seat], racks[1 - seat]) = (rack, unseen);
                let setup =
                    Setup { board, scores, racks, bag: Vec::new(), turn: seat, pass_run: Vec::new(), scoreless_run: 0 };
                return Game::set_up(config, lexicon.clone(), setup).map(Some).map_err(|e| at(&e));
            }
        }
        match entry {
            Entry::Move { position, word, .. } => {
                before_play = board.clone();
                for (pos, tile) in parse_move(language, &board, position, word).map_err(|e| at(&e))? {
                    board.set(pos, tile);
                }
            }
            Entry::Withdrawn { .. } => board = before_play.clone(),
            _ => {}
        }
        scores[seat] = total;
    }
    Ok(None)
}

/// The figures of a benchmark run: for each endgame, the time it was
/// proven in (`None`: not within the limit).
struct Bench {
    limit: Duration,
    times: Vec<Option<Duration>>,
    positions: u64,
    searching: Duration,
}

impl Bench {
    /// Searches the endgame in `game` until it is proven or the time is up,
    /// and prints what was found.
    fn solve(&mut self, name: &str, game: &Game) {
        let Some(mut search) = EndgameSearch::of(game) else { return };
        let start = Instant::now();
        while search.search(game, 256) && start.elapsed() < self.limit {}
        let took = start.elapsed();
        let answer = search.answer();
        self.searching += took;
        self.positions += answer.positions;
        let exact = if answer.exact { "exact" } else { "best found" };
        let (mover, other) = (game.rack(game.turn()).len(), game.rack(1 - game.turn()).len());
        println!(
            "{name}: {mover} tiles against {other}, {exact}, spread {:+}, depth {}, {} positions, {:.3} s",
            answer.spread,
            answer.depth,
            answer.positions,
            took.as_secs_f64()
        );
        self.times.push(answer.exact.then_some(took));
    }

    fn summary(&self) {
        let within = |t: Duration| self.times.iter().filter(|s| s.is_some_and(|s| s <= t)).count();
        let mut sorted: Vec<Duration> = self.times.iter().map(|t| t.unwrap_or(Duration::MAX)).collect();
        sorted.sort();
        let shown = |t: Option<&Duration>| match t {
            Some(t) if *t < Duration::MAX => format!("{:.3} s", t.as_secs_f64()),
            Some(_) => "not proven".to_string(),
            None => "-".to_string(),
        };
        println!(
            "proven within 1 s: {}; within {:.0} s: {}",
            within(Duration::from_secs(1)),
            self.limit.as_secs_f64(),
            within(self.limit)
        );
        println!("median {}, worst {}", shown(sorted.get(sorted.len() / 2)), shown(sorted.last()));
        println!("{:.0} positions a second", self.positions as f64 / self.searching.as_secs_f64().max(1e-9));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wocable_crossword::{Event, Intent};
    use wocable_lexicon::Language;

    /// The Strong player's best play with its letters moved one square on,
    /// when the rules withdraw it as a word not in the lexicon.
    fn withdrawn_play(game: &Game) -> Option<Intent> {
        let Intent::Play { seat, mut tiles } = choose(game, Level::Strong, &LeaveModel::zero(Language::En), 0) else {
            return None;
        };
        let letters: Vec<_> = tiles.iter().map(|(_, tile)| *tile).collect();
        for (i, (_, tile)) in tiles.iter_mut().enumerate() {
            *tile = letters[(i + 1) % letters.len()];
        }
        let intent = Intent::Play { seat, tiles };
        let events = game.clone().apply(intent.clone()).ok()?;
        events.iter().any(|e| matches!(e, Event::PlayWithdrawn { .. })).then_some(intent)
    }

    #[test]
    fn a_record_gives_the_position_at_the_turn_its_bag_empties() {
        let lexicon = Lexicon::bundled(Language::En);
        let strong = LeaveModel::zero(Language::En);
        let rules = RuleSetKind::Remote;
        let mut game = Game::new(GameConfig::numbered(rules, Language::En, 2, 4), lexicon.clone()).unwrap();
        let mut withdrawn = false;
        let mut emptied = None;
        while !game.is_over() {
            if emptied.is_none() && game.bag().is_empty() {
                emptied = Some(game.clone());
            }
            let intent = match withdrawn_play(&game).filter(|_| !withdrawn) {
                Some(intent) => {
                    withdrawn = true;
                    intent
                }
                None => choose(&game, Level::Strong, &strong, 4),
            };
            game.apply(intent).unwrap();
        }
        assert!(withdrawn, "a play withdrawn on the way");
        let expected = emptied.expect("the bag empties");
        let found = endgame_of(rules, &lexicon, &gcg::export(&game)).unwrap().expect("an endgame");
        assert_eq!(found.board(), expected.board());
        assert_eq!(found.turn(), expected.turn());
        assert_eq!(found.scores(), expected.scores());
        for seat in 0..2 {
            let mut racks = [found.rack(seat).to_vec(), expected.rack(seat).to_vec()];
            racks.iter_mut().for_each(|rack| rack.sort());
            assert_eq!(racks[0], racks[1]);
        }
        assert!(found.bag().is_empty());
    }

    #[test]
    fn a_record_cut_short_or_for_three_has_no_endgame() {
        let lexicon = Lexicon::bundled(Language::En);
        let players = "#player1 ann Ann\n#player2 bob Bob\n";
        let short = format!("{players}>ann: AEGRSTV 8H GRAVEST +84 84\n>bob: DEIKLNO 9G OINKED +30 30\n");
        assert_eq!(endgame_of(RuleSetKind::Wocable, &lexicon, &short).map(|g| g.is_some()), Ok(false));
        let three = format!("{players}#player3 cy Cy\n>ann: AEGRSTV 8H GRAVEST +84 84\n");
        let refused = endgame_of(RuleSetKind::Wocable, &lexicon, &three).map(|_| ());
        assert_eq!(refused, Err("3 players, the search is for two".to_string()));
    }
}
