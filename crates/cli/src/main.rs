//! `wocable-cli`: analysis and tooling on the Wocable rules. The command
//! contract is documented in the README and kept stable.

mod args;
mod computer;
mod endgames;
mod engine;
mod online;
mod play;
mod trace;

use args::{Args, UsageError};
use std::path::Path;
use std::process::ExitCode;
use wocable_crossword::RACK_SIZE;
use wocable_crossword::movegen::{self, Summary};
use wocable_crossword::notation::{parse_board, parse_move, parse_rack};
use wocable_crossword::{RuleSetKind, gcg};
use wocable_crossword::{Scoring, check_words, score_placement};
use wocable_lexicon::{AnagramMode, BuildStep, FAMILY_LIST, Language, Lexicon, LexiconBuilder, TileSet};

const USAGE: &str = "usage:
  wocable-cli check --lang en|es|fr [--lexicon FILE] WORD…
  wocable-cli score --lang L --rules wocable|webfeud|remote --board B --move \"8D WORD\"
  wocable-cli replay --lang L --rules R FILE.gcg
  wocable-cli verify --lang L --rules R FILE.gcg
  wocable-cli play --rules R --lang L --players N [--seed S]
  wocable-cli moves --lang L --rules R --board B --rack RACK [--top N]
  wocable-cli moves [--lang L] --lexicon FILE --rules R --vectors FILE
  wocable-cli selfplay --rules R --lang L --players N --levels champion,strong[,…] --seed S --out game.gcg
  wocable-cli match --rules R --lang L --a LEVEL --b LEVEL --games N --seed S
  wocable-cli engine   (commands on standard input: see the README)
  wocable-cli endgames --rules R --lang L [--positions N] [--seed S] [--records DIR] [--seconds T]
  wocable-cli leaves --rules R --lang L [--games N] [--rounds K] [--seed S] --out FILE
  wocable-cli trace solve --lang L [--lexicon FILE] --grid ABCD/EFGH/IJKL/MNOP | --wheel LETTERS
  wocable-cli trace puzzle --mode circle|grid|score --lang L --seed N [--size 4|5]
  wocable-cli trace play --mode circle|grid|score --lang L [--seed N] [--size 4|5]
  wocable-cli trace stats --mode M --lang L [--puzzles N] [--size 4|5]
  wocable-cli search --lang L prefix|contains|pattern|anagrams TEXT [--limit N]
  wocable-cli lexicon build --lang L --input words.txt --output x.wlex [--name NAME]
  wocable-cli online create --server URL --rules R --lang L --players N [--clock SECONDS] [--computers LEVEL,…]
                            [--word-list NAME|family] [--hints]
  wocable-cli online bot --server URL (--code CODE | --random --rules R --lang L --players N [--wait SECONDS] [--family])
                         --level LEVEL [--name NICK] [--gcg FILE] [--rematch]
  wocable-cli online load --server URL --rooms N --players P [--level LEVEL] [--think MS]
(--lexicon FILE, a word list or a lexicon built from one, replaces the bundled lexicon wherever --lang is taken;
 --lexicon family: the bundled lexicon less the language's offensive words)";

/// A failure to report: the message, and the exit status.
struct Failure(String, u8);

impl From<UsageError> for Failure {
    fn from(e: UsageError) -> Failure {
        Failure(format!("{e}\n{USAGE}"), 2)
    }
}

fn fail(message: impl ToString) -> Failure {
    Failure(message.to_string(), 1)
}

fn main() -> ExitCode {
    let mut args = Args::new(std::env::args().skip(1));
    match run(&mut args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure(message, status)) => {
            eprintln!("{message}");
            ExitCode::from(status)
        }
    }
}

fn run(args: &mut Args) -> Result<(), Failure> {
    match args.command().as_deref() {
        Some("check") => check(args),
        Some("score") => score(args),
        Some("replay") => replay(args),
        Some("verify") => verify(args),
        Some("play") => play::run(args),
        Some("search") => search(args),
        Some("moves") => moves(args),
        Some("selfplay") => computer::selfplay(args),
        Some("match") => computer::play_match(args),
        Some("leaves") => computer::leaves(args),
        Some("endgames") => endgames::run(args),
        Some("engine") => engine::run(args),
        Some("trace") => trace::run(args),
        Some("lexicon") => lexicon_build(args),
        Some("online") => online::run(args),
        Some("help") | Some("--help") | Some("-h") => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(UsageError::UnknownCommand(other.to_string()).into()),
        None => Err(UsageError::NoCommand.into()),
    }
}

/// Prints one item a line, stopping quietly once stdout is closed (a list
/// piped into `head`).
fn print_lines<T: std::fmt::Display>(lines: impl IntoIterator<Item = T>) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    for line in lines {
        if writeln!(out, "{line}").is_err() {
            return;
        }
    }
}

fn language(args: &mut Args) -> Result<Language, Failure> {
    let code = args.required("--lang")?;
    Language::from_code(&code).ok_or_else(|| UsageError::Value("--lang", code).into())
}

fn rules(args: &mut Args) -> Result<RuleSetKind, Failure> {
    let name = args.required("--rules")?;
    RuleSetKind::from_name(&name).ok_or_else(|| UsageError::Value("--rules", name).into())
}

/// The bundled lexicon of `language`, its family list (`--lexicon
/// family`), or the file given with `--lexicon`.
fn lexicon(args: &mut Args, language: Language) -> Result<Lexicon, Failure> {
    match args.option("--lexicon")? {
        Some(path) => load_lexicon(language, &path),
        None => Ok(Lexicon::bundled(language)),
    }
}

/// The family list (`family`) or the word list or lexicon in the file
/// `path`.
fn load_lexicon(language: Language, path: &str) -> Result<Lexicon, Failure> {
    if path == FAMILY_LIST {
        return Ok(Lexicon::bundled(language).family());
    }
    let bytes = std::fs::read(path).map_err(|e| fail(format!("{path}: {e}")))?;
    let (lexicon, report) = Lexicon::load_file_bytes(language, bytes).map_err(|e| fail(format!("{path}: {e}")))?;
    if report.skipped() > 0 {
        eprintln!("{path}: {} words, {} lines skipped", report.words, report.skipped());
    }
    Ok(lexicon)
}

fn check(args: &mut Args) -> Result<(), Failure> {
    let language = language(args)?;
    let lexicon = lexicon(args, language)?;
    let words = args.rest()?;
    if words.is_empty() {
        return Err(UsageError::Missing("WORD").into());
    }
    print_lines(words.iter().map(|word| {
        let verdict = if lexicon.contains_word(word) { "valid" } else { "invalid" };
        format!("{word} {verdict}")
    }));
    Ok(())
}

fn score(args: &mut Args) -> Result<(), Failure> {
    let language = language(args)?;
    let rules = rules(args)?;
    let lexicon = lexicon(args, language)?;
    let board = args.required("--board")?;
    let text = args.required("--move")?;
    args.finish()?;
    let board = parse_board(language, &board).map_err(fail)?;
    let (position, word) =
        text.split_once(' ').ok_or_else(|| fail(format!("'{text}' is not a move: write \"8D WORD\"")))?;
    let placement = parse_move(language, &board, position, word.trim()).map_err(fail)?;
    let layout = rules.layout();
    let tiles = TileSet::new(language, rules.rules().tiles);
    let scoring = Scoring { layout: &layout, tiles: &tiles, bingo_bonus: rules.rules().bingo_bonus };
    let play = score_placement(&board, &placement, &scoring).map_err(fail)?;
    check_words(&play, &lexicon).map_err(fail)?;
    println!("{}", play.score);
    Ok(())
}

/// The arguments of `replay` and `verify`: `--lang`, `--rules`, the word
/// list, and the record in FILE.gcg.
fn record_args(args: &mut Args) -> Result<(RuleSetKind, Lexicon, gcg::Record), Failure> {
    let language = language(args)?;
    let rules = rules(args)?;
    let lexicon = lexicon(args, language)?;
    let path = args.positional("FILE.gcg")?;
    args.finish()?;
    let text = std::fs::read_to_string(&path).map_err(|e| fail(format!("{path}: {e}")))?;
    Ok((rules, lexicon, gcg::parse(&text).map_err(fail)?))
}

fn replay(args: &mut Args) -> Result<(), Failure> {
    let (rules, lexicon, record) = record_args(args)?;
    let game = gcg::replay(&record, rules, lexicon).map_err(fail)?;
    for (nick, score) in game.settings().players.iter().zip(game.scores()) {
        println!("{nick} {score}");
    }
    Ok(())
}

/// `verify`: checks that a finished online game's bag was fair (see
/// [`gcg::verify`]).
fn verify(args: &mut Args) -> Result<(), Failure> {
    let (rules, lexicon, record) = record_args(args)?;
    gcg::verify(&record, rules, lexicon).map_err(|e| fail(format!("bag not verified: {e}")))?;
    let (seed, commitment) = (record.seed.and_then(|s| s.hex()), record.commitment);
    println!("bag verified: seed {}, committed to as {}", seed.unwrap_or_default(), commitment.unwrap_or_default());
    Ok(())
}

fn moves(args: &mut Args) -> Result<(), Failure> {
    let language = match args.option("--lang")? {
        Some(code) => Language::from_code(&code).ok_or(UsageError::Value("--lang", code))?,
        None => Language::En,
    };
    let rules = rules(args)?;
    let lexicon = lexicon(args, language)?;
    let layout = rules.layout();
    let tiles = TileSet::new(language, rules.rules().tiles);
    let scoring = Scoring { layout: &layout, tiles: &tiles, bingo_bonus: rules.rules().bingo_bonus };
    if let Some(path) = args.option("--vectors")? {
        args.finish()?;
        let text = std::fs::read_to_string(&path).map_err(|e| fail(format!("{path}: {e}")))?;
        let mut positions = Vec::new();
        for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty()) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [id, board, rack, ..] = fields[..] else {
                return Err(fail(format!("{path}: line {}: expected 'id board rack …'", n + 1)));
            };
            let board = parse_board(language, board).map_err(|e| fail(format!("{path}: line {}: {e}", n + 1)))?;
            let rack = parse_rack(language, rack)
                .ok()
                .filter(|r| r.len() <= RACK_SIZE)
                .ok_or_else(|| fail(format!("{path}: line {}: not a rack", n + 1)))?;
            positions.push((id.to_string(), board, rack));
        }
        let started = std::time::Instant::now();
        let summaries: Vec<Summary> = positions
            .iter()
            .map(|(_, board, rack)| {
                let mut summary = Summary::default();
                movegen::generate(board, rack, &lexicon, &scoring, |_, score, _| summary.add(score));
                summary
            })
            .collect();
        let seconds = started.elapsed().as_secs_f64();
        print_lines(
            positions
                .iter()
                .zip(&summaries)
                .map(|((id, _, _), s)| format!("{id} {} {} {} {}", s.placements, s.best, s.best_count, s.score_sum)),
        );
        let moves: u64 = summaries.iter().map(|s| s.placements).sum();
        eprintln!(
            "{} positions, {moves} moves in {seconds:.3} s: {:.0} positions/s, {:.0} moves/s",
            positions.len(),
            positions.len() as f64 / seconds,
            moves as f64 / seconds
        );
        return Ok(());
    }
    let board = args.required("--board")?;
    let rack = args.required("--rack")?;
    let top = args.number("--top")?.unwrap_or(10) as usize;
    args.finish()?;
    let board = parse_board(language, &board).map_err(fail)?;
    let rack = parse_rack(language, &rack).map_err(fail)?;
    if rack.len() > RACK_SIZE {
        return Err(fail(format!("a rack holds at most {RACK_SIZE} tiles")));
    }
    let mut summary = Summary::default();
    let mut found: Vec<(u32, String, String)> = movegen::all_moves(&board, &rack, &lexicon, &scoring)
        .into_iter()
        .map(|m| {
            summary.add(m.score);
            let (position, word) = m.notation(&board, language);
            (m.score, position, word)
        })
        .collect();
    found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| (&a.1, &a.2).cmp(&(&b.1, &b.2))));
    println!("{} {} {} {}", summary.placements, summary.best, summary.best_count, summary.score_sum);
    print_lines(found.into_iter().take(top).map(|(score, position, word)| format!("{score} {position} {word}")));
    Ok(())
}

fn search(args: &mut Args) -> Result<(), Failure> {
    let language = language(args)?;
    let lexicon = lexicon(args, language)?;
    let limit = args.number("--limit")?.unwrap_or(100) as usize;
    let kind = args.positional("prefix|contains|pattern|anagrams")?;
    let text = args.positional("TEXT")?;
    args.finish()?;
    let words = match kind.as_str() {
        "prefix" => lexicon.prefixed(&text, limit),
        "contains" => lexicon.containing(&text, limit),
        "pattern" => lexicon.matching(&text, limit),
        "anagrams" => lexicon.anagrams(&text, AnagramMode::Subset, limit),
        _ => return Err(UsageError::Value("search", kind).into()),
    }
    .map_err(fail)?;
    print_lines(words);
    Ok(())
}

fn lexicon_build(args: &mut Args) -> Result<(), Failure> {
    let sub = args.positional("build")?;
    if sub != "build" {
        return Err(UsageError::Value("lexicon", sub).into());
    }
    let language = language(args)?;
    let input = args.required("--input")?;
    let output = args.required("--output")?;
    let name = args.option("--name")?;
    args.finish()?;
    let text = std::fs::read(&input).map_err(|e| fail(format!("{input}: {e}")))?;
    let file_name = |path: &str| Path::new(path).file_name().map_or(path.to_string(), |n| n.to_string_lossy().into());
    let stem = |path: &str| Path::new(path).file_stem().map_or(path.to_string(), |n| n.to_string_lossy().into());
    let name = name.unwrap_or_else(|| stem(&output));
    let mut builder = LexiconBuilder::new(language, text);
    let mut shown = 0;
    let (lexicon, report) = loop {
        match builder.step() {
            BuildStep::Working(done) => {
                // Progress on standard error, a line every tenth.
                let percent = (done * 100.0) as u32;
                if percent >= shown + 10 {
                    shown = percent / 10 * 10;
                    eprintln!("building {name}: {shown}%");
                }
            }
            BuildStep::Done(built) => break built.map_err(|e| fail(format!("{input}: {e}")))?,
        }
    };
    eprintln!("building {name}: 100%");
    let temporary = format!("{output}.tmp");
    std::fs::write(&temporary, lexicon.to_file(&name, &file_name(&input)))
        .and_then(|()| std::fs::rename(&temporary, &output))
        .map_err(|e| fail(format!("{output}: {e}")))?;
    println!(
        "{} words; skipped {} (duplicates {}, bad characters {}, bad length {}, blank {})",
        report.words,
        report.skipped(),
        report.duplicates,
        report.bad_characters,
        report.bad_length,
        report.blank_lines
    );
    Ok(())
}
