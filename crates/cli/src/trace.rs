//! `wocable-cli trace solve | puzzle | play`.

use crate::args::{Args, UsageError};
use crate::{Failure, fail, language, lexicon, print_lines};
use std::io::{BufRead, Write};
use wocable_crossword::Tile;
use wocable_crossword::notation::parse_rack;
use wocable_lexicon::{Language, Letter};
use wocable_trace::solver::{solve as solve_words, trace_path};
use wocable_trace::{Familiar, Mode, Outcome, Puzzle, Round, RoundEnd, RoundEvent, RoundIntent, Shape, generate};

pub fn run(args: &mut Args) -> Result<(), Failure> {
    match args.positional("solve|puzzle|play|stats")?.as_str() {
        "solve" => solve(args),
        "puzzle" => puzzle(args),
        "play" => play(args),
        "stats" => stats(args),
        other => Err(UsageError::Value("trace", other.to_string()).into()),
    }
}

/// Letters as typed: one a cell, `[CH]` for a digraph.
fn letters(language: Language, text: &str) -> Result<Vec<Letter>, Failure> {
    parse_rack(language, text)
        .map_err(fail)?
        .into_iter()
        .map(|t| match t {
            Tile::Letter(l) => Ok(l),
            Tile::Blank => Err(fail("'?' is not a letter")),
        })
        .collect()
}

fn solve(args: &mut Args) -> Result<(), Failure> {
    let language = language(args)?;
    let lexicon = lexicon(args, language)?;
    let (shape, cells) = match (args.option("--grid")?, args.option("--wheel")?) {
        (Some(rows), None) => {
            let rows: Vec<Vec<Letter>> = rows.split('/').map(|r| letters(language, r)).collect::<Result<_, _>>()?;
            let side = rows.len();
            if !(2..=5).contains(&side) || rows.iter().any(|r| r.len() != side) {
                return Err(fail("a grid is 2 to 5 rows of as many letters, joined by '/'"));
            }
            (Shape::Grid { side }, rows.concat())
        }
        (None, Some(wheel)) => {
            let cells = letters(language, &wheel)?;
            if !(3..=12).contains(&cells.len()) {
                return Err(fail("a wheel has 3 to 12 letters"));
            }
            (Shape::Wheel { letters: cells.len() }, cells)
        }
        _ => return Err(UsageError::Missing("--grid ROWS or --wheel LETTERS").into()),
    };
    args.finish()?;
    print_lines(solve_words(&lexicon, shape, &cells).iter().map(|word| language.spell(word)));
    Ok(())
}

fn mode(args: &mut Args) -> Result<Mode, Failure> {
    let name = args.required("--mode")?;
    Mode::from_name(&name).ok_or_else(|| UsageError::Value("--mode", name).into())
}

fn draw(args: &mut Args) -> Result<Puzzle, Failure> {
    let mode = mode(args)?;
    let language = language(args)?;
    let lexicon = lexicon(args, language)?;
    let side = args.number("--size")?.unwrap_or(4) as usize;
    let seed = match args.number("--seed")? {
        Some(seed) => seed,
        None => std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64),
    };
    generate(mode, side, &lexicon, &Familiar::bundled(language), seed).map_err(fail)
}

fn puzzle(args: &mut Args) -> Result<(), Failure> {
    let puzzle = draw(args)?;
    args.finish()?;
    let language = puzzle.language;
    let words: Vec<serde_json::Value> = puzzle
        .targets
        .iter()
        .map(|t| {
            serde_json::json!({
                "word": language.spell(&t.word),
                "row": t.row,
                "column": t.col,
                "direction": if t.across { "across" } else { "down" },
            })
        })
        .collect();
    let letters: Vec<&str> = puzzle.letters.iter().map(|l| language.label(*l)).collect();
    let json = serde_json::json!({
        "mode": puzzle.mode,
        "language": language,
        "seed": puzzle.seed,
        "shape": match puzzle.shape { Shape::Grid { side } => format!("grid {side}x{side}"), Shape::Wheel { letters } => format!("wheel of {letters}") },
        "letters": letters,
        "words_to_find": words,
        "bonus_words": puzzle.bonus_count(),
    });
    println!("{}", serde_json::to_string_pretty(&json).map_err(fail)?);
    Ok(())
}

/// `trace stats`: how many bonus words puzzles offer, over many seeds.
fn stats(args: &mut Args) -> Result<(), Failure> {
    let mode = mode(args)?;
    let language = language(args)?;
    let lexicon = lexicon(args, language)?;
    let side = args.number("--size")?.unwrap_or(4) as usize;
    let count = args.number("--puzzles")?.unwrap_or(1000);
    args.finish()?;
    let familiar = Familiar::bundled(language);
    let mut bonus: Vec<usize> = (0..count)
        .map(|seed| generate(mode, side, &lexicon, &familiar, seed).map(|p| p.bonus_count()))
        .collect::<Result<_, _>>()
        .map_err(fail)?;
    bonus.sort_unstable();
    let at = |q: f64| bonus.get(((bonus.len().max(1) - 1) as f64 * q) as usize).copied().unwrap_or(0);
    let mean = bonus.iter().sum::<usize>() as f64 / bonus.len().max(1) as f64;
    println!(
        "{} {language}, {count} puzzles: bonus words min {} p10 {} median {} mean {mean:.1} p90 {} max {}",
        mode.name(),
        at(0.0),
        at(0.1),
        at(0.5),
        at(0.9),
        at(1.0)
    );
    Ok(())
}

fn play(args: &mut Args) -> Result<(), Failure> {
    let puzzle = draw(args)?;
    args.finish()?;
    let started = std::time::Instant::now();
    let now = || started.elapsed().as_millis() as u64;
    let mut round = Round::new(puzzle);
    round.apply(RoundIntent::Start, now());
    println!("Trace: type a word, or its cells by number (e.g. 1 6 7); 'pause', 'quit'.");
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    while round.tick(now()).is_none() {
        show(&round, now());
        print!("> ");
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = lines.next() else { break };
        let line = line.trim();
        match line {
            "quit" => break,
            "pause" => {
                round.apply(RoundIntent::Pause, now());
                println!("Game paused. Press Enter to resume.");
                let _ = lines.next();
                round.apply(RoundIntent::Resume, now());
                continue;
            }
            _ => {}
        }
        let path = cells_of(&round, line);
        let Some(path) = path else {
            println!("{}", describe(&Outcome::NotAWord { word: line.to_uppercase() }));
            continue;
        };
        for event in round.apply(RoundIntent::Submit(path), now()) {
            if let RoundEvent::Traced(outcome) = event {
                println!("{}", describe(&outcome));
            }
        }
    }
    round.tick(now());
    finish(&round);
    Ok(())
}

/// The cells a typed line means: numbers (from 1), or a word to trace.
fn cells_of(round: &Round, line: &str) -> Option<Vec<usize>> {
    let puzzle = round.puzzle();
    if line.split_whitespace().all(|w| w.parse::<usize>().is_ok()) {
        return line.split_whitespace().map(|w| w.parse::<usize>().ok()?.checked_sub(1)).collect();
    }
    let word = letters(puzzle.language, &puzzle.language.normalise(line)?).ok()?;
    trace_path(puzzle.shape, &puzzle.letters, &word)
}

fn describe(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Target { word, points, .. } => format!("{word}: in the crossword! +{points}"),
        Outcome::Bonus { word, points } => format!("{word}: bonus word, +{points}"),
        Outcome::AlreadyFound { word } => format!("{word}: already found"),
        Outcome::NotAWord { word } => format!("{word}: not a word here"),
        Outcome::TooShort => "at least 3 letters".into(),
        Outcome::NotATrace => "those cells do not follow each other".into(),
        Outcome::GameOver => "the game is over".into(),
    }
}

fn show(round: &Round, now: u64) {
    let puzzle = round.puzzle();
    let language = puzzle.language;
    println!();
    match puzzle.shape {
        Shape::Grid { side } => {
            for row in puzzle.letters.chunks(side).enumerate() {
                let cells: Vec<String> = row
                    .1
                    .iter()
                    .enumerate()
                    .map(|(c, l)| format!("{:>2}:{:<2}", row.0 * side + c + 1, language.label(*l)))
                    .collect();
                println!("  {}", cells.join(" "));
            }
        }
        Shape::Wheel { .. } => {
            let cells: Vec<String> =
                puzzle.letters.iter().enumerate().map(|(i, l)| format!("{}:{}", i + 1, language.label(*l))).collect();
            println!("  wheel: {}", cells.join("  "));
        }
    }
    if !puzzle.targets.is_empty() {
        let height = puzzle.targets.iter().flat_map(|t| t.squares()).map(|((r, _), _)| r).max().unwrap_or(0) + 1;
        let width = puzzle.targets.iter().flat_map(|t| t.squares()).map(|((_, c), _)| c).max().unwrap_or(0) + 1;
        let mut grid = vec![vec!["  ".to_string(); width as usize]; height as usize];
        for (i, target) in puzzle.targets.iter().enumerate() {
            for ((r, c), letter) in target.squares() {
                let cell = &mut grid[r as usize][c as usize];
                if round.is_revealed(i) {
                    *cell = format!("{:<2}", language.label(letter));
                } else if cell.trim().is_empty() {
                    *cell = "□ ".into();
                }
            }
        }
        for row in grid {
            println!("  {}", row.concat());
        }
    }
    println!("Score {} · {} s left", round.score(), round.remaining_ms(now) / 1000);
}

fn finish(round: &Round) {
    match round.end() {
        Some(RoundEnd::TimeUp) => println!("\nTime's up!"),
        Some(RoundEnd::Perfect { bonus }) => println!("\nAll words found! Perfect bonus +{bonus}"),
        None => println!("\nGame left."),
    }
    println!("Score: {}", round.score());
    let lists = round.end_lists();
    let line = |words: &[(String, bool)]| {
        words.iter().map(|(w, found)| if *found { w.clone() } else { w.to_lowercase() }).collect::<Vec<_>>().join(" ")
    };
    println!("WORDS TO FIND (found in capitals): {}", line(&lists.to_find));
    println!("BONUS WORDS (found in capitals): {}", line(&lists.bonus));
}
