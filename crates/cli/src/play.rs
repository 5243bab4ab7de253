//! `wocable-cli play`: a pass-and-play game in the terminal.

use crate::args::Args;
use crate::{Failure, fail, language, lexicon, rules};
use std::io::{BufRead, Write};
use wocable_crossword::Outcome;
use wocable_crossword::notation::{parse_move, parse_rack};
use wocable_crossword::{CENTRE, Pos, SIZE};
use wocable_crossword::{Event, Game, GameConfig, GameSettings, Intent, Premium, gcg};
use wocable_crossword::{bracketed, format_rack};

const HELP: &str = "On your turn type one of:
  8D WORD      play WORD across from row 8, column D (D8 WORD: down)
               lower case = a blank; (X) or . = a tile already on the board
  exchange ABC put tiles back and draw new ones (? for a blank, [CH] for a digraph)
  pass         skip your turn
  resign       leave the game (asks to confirm)
  check WORD   look a word up
  save FILE    write the game so far as a GCG record
  help, quit";

pub fn run(args: &mut Args) -> Result<(), Failure> {
    let rules = rules(args)?;
    let language = language(args)?;
    let lexicon = lexicon(args, language)?;
    let players = args.number("--players")?.unwrap_or(2).min(99) as usize;
    let seed = match args.number("--seed")? {
        Some(seed) => seed,
        None => std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64),
    };
    args.finish()?;
    let config = GameConfig {
        settings: GameSettings {
            rules,
            language,
            players: (1..=players).map(|i| format!("Player{i}")).collect(),
            layout: None,
            word_list: None,
            hints: true,
        },
        seed: seed.into(),
    };
    let mut game = Game::new(config, lexicon).map_err(fail)?;
    println!("Wocable, {rules} rules, {language}. Type 'help' for the commands.");
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut read = |prompt: &str| -> Option<String> {
        print!("{prompt}");
        let _ = std::io::stdout().flush();
        lines.next().and_then(Result::ok)
    };
    if take_turns(&mut game, &mut read).is_some() {
        print_results(&game);
    }
    Ok(())
}

/// Plays turns until the game ends (`Some`) or the player quits or the
/// input ends (`None`).
fn take_turns(game: &mut Game, read: &mut impl FnMut(&str) -> Option<String>) -> Option<()> {
    let language = game.settings().language;
    let players = game.settings().players.len();
    let mut shown_to = None;
    while !game.is_over() {
        let seat = game.turn();
        let name = game.settings().players[seat].clone();
        if shown_to != Some(seat) && players > 1 {
            println!("\n=== Pass the device to {name}, then press Enter ===");
            read("")?;
            shown_to = Some(seat);
        }
        print_state(game, seat);
        let line = read(&format!("{name}> "))?;
        let line = line.trim();
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let intent = match command.to_lowercase().as_str() {
            "" => continue,
            "help" => {
                println!("{HELP}");
                continue;
            }
            "quit" | "exit" => return None,
            "pass" => Intent::Pass { seat },
            "resign" => {
                if read("Resign and lose this game? (yes/no) ")?.trim().eq_ignore_ascii_case("yes") {
                    Intent::Resign { seat }
                } else {
                    continue;
                }
            }
            "exchange" | "swap" => match parse_rack(language, rest.trim()) {
                Ok(tiles) => Intent::Exchange { seat, tiles },
                Err(e) => {
                    println!("! {e}");
                    continue;
                }
            },
            "check" => {
                for word in rest.split_whitespace() {
                    let verdict = if game.lexicon().contains_word(word) { "valid" } else { "not in the lexicon" };
                    println!("{word}: {verdict}");
                }
                continue;
            }
            "save" => {
                match std::fs::write(rest.trim(), gcg::export(game)) {
                    Ok(()) => println!("saved to {}", rest.trim()),
                    Err(e) => println!("! {}: {e}", rest.trim()),
                }
                continue;
            }
            _ => match parse_move(language, game.board(), command, rest.trim()) {
                Ok(tiles) => Intent::Play { seat, tiles },
                Err(e) => {
                    println!("! {e} (type 'help')");
                    continue;
                }
            },
        };
        match game.apply(intent) {
            Ok(events) => report(game, &events),
            Err(e) => println!("! {e}"),
        }
    }
    Some(())
}

fn print_state(game: &Game, seat: usize) {
    let language = game.settings().language;
    print!("\n   ");
    for col in 0..SIZE {
        print!(" {} ", (b'A' + col as u8) as char);
    }
    println!();
    for row in 0..SIZE {
        print!("{:>2} ", row + 1);
        for col in 0..SIZE {
            let Some(pos) = Pos::new(row, col) else { continue };
            let cell = match game.board().get(pos) {
                Some(tile) => {
                    let label = bracketed(language.label(tile.letter));
                    let label = if tile.blank { label.to_lowercase() } else { label };
                    format!("{label:^3}")
                }
                None if pos == CENTRE => " * ".into(),
                None => match game.layout().premium(pos) {
                    Premium::TripleWord => "TW ".into(),
                    Premium::DoubleWord => "DW ".into(),
                    Premium::TripleLetter => "TL ".into(),
                    Premium::DoubleLetter => "DL ".into(),
                    Premium::None => " . ".into(),
                },
            };
            print!("{cell}");
        }
        println!();
    }
    for (i, (nick, score)) in game.settings().players.iter().zip(game.scores()).enumerate() {
        let mark = if i == seat { ">" } else { " " };
        let left = if game.has_left(i) { " (left)" } else { "" };
        println!("{mark} {nick}: {score}{left}");
    }
    println!("Bag: {} tiles. Your rack: {}", game.bag().len(), format_rack(language, game.rack(seat)));
}

fn report(game: &Game, events: &[Event]) {
    let language = game.settings().language;
    let nick = |seat: usize| &game.settings().players[seat];
    for event in events {
        match event {
            Event::Played { seat, play, .. } => {
                let bingo = if play.bingo { " — BINGO!" } else { "" };
                println!("{} played {} for {} points{bingo}", nick(*seat), play.spelt(language).join(", "), play.score);
            }
            Event::PlayWithdrawn { seat, words, .. } => {
                println!("{}: {} not in the lexicon — turn lost", nick(*seat), words.join(", "));
            }
            Event::Exchanged { seat, count } => println!("{} exchanged {count} tiles", nick(*seat)),
            Event::Passed { seat } => println!("{} passed", nick(*seat)),
            Event::Left { seat, .. } => println!("{} left the game", nick(*seat)),
            Event::RackCounted { seat, points, .. } => println!("{}: {points:+} for the racks", nick(*seat)),
            _ => {}
        }
    }
}

fn print_results(game: &Game) {
    println!("\nGame over.");
    let nick = |seat: usize| &game.settings().players[seat];
    for standing in game.standings() {
        let left = if standing.left { " (left)" } else { "" };
        println!("{}. {} {}{left}", standing.rank, nick(standing.seat), standing.score);
    }
    for result in game.pairwise_results() {
        let verb = match result.outcome {
            Outcome::Win => "beat",
            Outcome::Draw => "drew with",
            Outcome::Loss => "lost to",
        };
        println!("{} {verb} {}", nick(result.seat), nick(result.opponent));
    }
}
