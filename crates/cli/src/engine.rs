//! `engine`: the Champion behind a text protocol, one command a line on
//! standard input and answers on standard output (as UCI is for chess
//! engines), so that a referee program, a GUI or another engine can play
//! it. The README documents the protocol. A command that cannot be
//! carried out gets one `error` line and changes nothing; the engine goes
//! on reading.

use crate::{Failure, fail, load_lexicon};
use std::io::{BufRead, Write};

use std::time::{Duration, Instant};
use wocable_crossword::computer::{ENDGAME_NODES, EndgameSearch, LeaveModel, Level, Thinker};
use wocable_crossword::notation::{format_position, format_word, parse_board, parse_rack};
use wocable_crossword::{Game, GameConfig, Intent, RACK_SIZE, RuleSetKind, Setup, format_rack, take_from};
use wocable_lexicon::{Language, Lexicon};

/// The version of the protocol, which `hello` answers with.
const PROTOCOL: u32 = 1;

/// Positions an endgame search takes between looks at the clock.
const STEP_NODES: u64 = 512;

/// What a line asked for that cannot be done, as the `error` line says it.
type Refusal = String;

struct Engine {
    rules: RuleSetKind,
    language: Language,
    /// The word list as named (`standard`, `family` or a file).
    list: String,
    lexicon: Lexicon,
    /// The position set, until the settings change.
    game: Option<Game>,
}

/// `engine`: answers commands until `quit` or the end of its input.
pub fn run(args: &mut crate::args::Args) -> Result<(), Failure> {
    args.finish()?;
    let mut engine = Engine {
        rules: RuleSetKind::Wocable,
        language: Language::En,
        list: "standard".into(),
        lexicon: Lexicon::bundled(Language::En),
        game: None,
    };
    let mut out = std::io::stdout().lock();
    let mut input = std::io::stdin().lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes).map_err(|e| fail(format!("standard input: {e}")))? == 0 {
            break;
        }
        let answer = match std::str::from_utf8(&bytes) {
            Ok(line) if line.split_whitespace().next() == Some("quit") => break,
            Ok(line) => engine.command(&line.split_whitespace().collect::<Vec<_>>(), &mut out),
            Err(_) => Err("a line must be UTF-8".to_string()),
        };
        let written = match answer {
            Ok(()) => Ok(()),
            Err(why) => writeln!(out, "error {why}"),
        };
        // A reader that went away ends the engine.
        if written.and_then(|()| out.flush()).is_err() {
            break;
        }
    }
    Ok(())
}

impl Engine {
    fn command(&mut self, words: &[&str], out: &mut impl Write) -> Result<(), Refusal> {
        let say = |out: &mut dyn Write, line: String| writeln!(out, "{line}").map_err(|e| e.to_string());
        match words {
            [] => Ok(()),
            ["hello"] => say(out, format!("hello wocable {} protocol {PROTOCOL}", env!("CARGO_PKG_VERSION"))),
            ["isready"] => say(out, "readyok".into()),
            ["rules", name] => {
                self.rules = RuleSetKind::from_name(name).ok_or(format!("no rule set is called '{name}'"))?;
                self.game = None;
                say(out, "ok".into())
            }
            ["lang", code] => {
                let language = Language::from_code(code).ok_or(format!("no language has the code '{code}'"))?;
                self.lexicon = Lexicon::bundled(language);
                (self.language, self.list, self.game) = (language, "standard".into(), None);
                say(out, "ok".into())
            }
            ["wordlist", name] => {
                self.lexicon = match *name {
                    "standard" => Lexicon::bundled(self.language),
                    _ => load_lexicon(self.language, name).map_err(|Failure(why, _)| why)?,
                };
                (self.list, self.game) = (name.to_string(), None);
                say(out, "ok".into())
            }
            ["position", fields @ ..] => {
                self.game = Some(self.position(fields)?);
                say(out, "ok".into())
            }
            ["go", limits @ ..] => self.go(limits, out),
            [other, ..] => Err(format!("unknown command '{other}'")),
        }
    }

    /// Reads `position`'s fields into a game at that position.
    fn position(&self, fields: &[&str]) -> Result<Game, Refusal> {
        let language = self.language;
        let mut board = None;
        let (mut turn, mut scores, mut rack, mut unseen, mut others) = (None, None, None, None, None);
        let (mut passes, mut scoreless) = (0usize, None);
        let number = |value: &str, name: &str| value.parse::<usize>().map_err(|_| format!("{name} takes a number"));
        let tiles = |value: &str| match value {
            "-" => Ok(Vec::new()),
            _ => parse_rack(language, value).map_err(|e| e.to_string()),
        };
        for pair in fields.chunks(2) {
            let [name, value] = pair else { return Err(format!("'{}' has no value", pair[0])) };
            match *name {
                "board" => board = Some(parse_board(language, value).map_err(|e| e.to_string())?),
                "turn" => turn = Some(number(value, "turn")?),
                "scores" => {
                    let parsed: Result<Vec<i32>, _> = value.split(',').map(str::parse).collect();
                    scores = Some(parsed.map_err(|_| "scores are numbers joined by commas".to_string())?);
                }
                "rack" => rack = Some(tiles(value)?),
                "unseen" => unseen = Some(tiles(value)?),
                "racks" => others = Some(value.split(',').map(tiles).collect::<Result<Vec<_>, _>>()?),
                "passes" => passes = number(value, "passes")?,
                "scoreless" => scoreless = Some(number(value, "scoreless")?),
                other => return Err(format!("a position has no field '{other}'")),
            }
        }
        let missing = |name: &str| format!("the position needs {name}");
        let scores = scores.ok_or_else(|| missing("scores"))?;
        let turn = turn.ok_or_else(|| missing("turn"))?;
        let players = scores.len();
        if turn >= players {
            return Err(format!("turn {turn}: the seats are 0 to {}", players.saturating_sub(1)));
        }
        // The others hold the racks given, or else what the player cannot
        // see, a rack each in turn order while it lasts; the rest is the
        // bag. (Only with the bag empty and two or more opponents does the
        // Champion read their racks: otherwise it draws its own guesses
        // from the unseen tiles.)
        let mut unseen = unseen.ok_or_else(|| missing("unseen"))?;
        let mut racks = vec![Vec::new(); players];
        racks[turn] = rack.ok_or_else(|| missing("rack"))?;
        let seats = (1..players).map(|i| (turn + i) % players);
        match others {
            Some(others) if others.len() != players - 1 => {
                return Err(format!("racks gives {} racks for {} other players", others.len(), players - 1));
            }
            Some(others) => {
                for (seat, rack) in seats.zip(others) {
                    unseen = take_from(&unseen, &rack).ok_or("racks holds tiles that are not unseen")?;
                    racks[seat] = rack;
                }
            }
            None => {
                for seat in seats {
                    racks[seat] = unseen.drain(..RACK_SIZE.min(unseen.len())).collect();
                }
            }
        }
        // The passes were the last turns', seat before seat. More than two
        // rounds of them would have ended the game under every rule set.
        let pass_run = (1..=passes.min(players * 2)).rev().map(|back| (turn + players * 2 - back) % players).collect();
        let setup = Setup {
            board: board.ok_or_else(|| missing("board"))?,
            scores,
            racks,
            bag: unseen,
            turn,
            pass_run,
            scoreless_run: scoreless.unwrap_or(passes),
        };
        let names = (1..=players).map(|i| format!("player{i}")).collect();
        let mut config = GameConfig::numbered(self.rules, language, players, 0);
        config.settings.players = names;
        config.settings.word_list = (self.list != "standard").then(|| self.list.clone());
        Game::set_up(config, self.lexicon.clone(), setup).map_err(|e| e.to_string())
    }

    /// Thinks on the position within the limits given and answers with
    /// progress lines, then the move.
    fn go(&self, limits: &[&str], out: &mut impl Write) -> Result<(), Refusal> {
        let game = self.game.as_ref().ok_or("no position is set")?;
        if game.is_over() {
            return Err("the game is over".into());
        }
        let (mut time, mut nodes) = (None, None);
        for pair in limits.chunks(2) {
            let (name, value) = match pair {
                [name, value] => (*name, value.parse::<u64>().map_err(|_| format!("{name} takes a number"))?),
                _ => return Err(format!("'{}' has no value", pair[0])),
            };
            match name {
                "time" => time = Some(Duration::from_millis(value)),
                "nodes" => nodes = Some(value),
                other => return Err(format!("go takes time and nodes, not '{other}'")),
            }
        }
        let started = Instant::now();
        let time_left = || time.is_none_or(|t| started.elapsed() < t);
        let io = |e: std::io::Error| e.to_string();
        if let Some(mut search) = EndgameSearch::of(game) {
            // Without a limit, as long as the Champion searches in a game.
            let budget = nodes.unwrap_or(if time.is_some() { u64::MAX } else { ENDGAME_NODES });
            let mut depth = 0;
            loop {
                let spent = search.answer().positions;
                let more = spent < budget && search.search(game, STEP_NODES.min(budget - spent));
                let answer = search.answer();
                if answer.depth != depth {
                    depth = answer.depth;
                    let exact = if answer.exact { "yes" } else { "no" };
                    writeln!(
                        out,
                        "info depth {depth} spread {:+} positions {} exact {exact}",
                        answer.spread, answer.positions
                    )
                    .map_err(io)?;
                }
                if !more || !time_left() {
                    break;
                }
            }
            let answer = search.answer();
            let exact = if answer.exact { "yes" } else { "no" };
            let line =
                format!("bestmove {} exact {exact} spread {:+}", self.spelt(game, &answer.intent)?, answer.spread);
            return writeln!(out, "{line}").map_err(io);
        }
        let leaves = LeaveModel::bundled(self.language);
        let mut thinker = Thinker::new(game, Level::Champion, &leaves, 0);
        while thinker.step(game) && time_left() {}
        writeln!(out, "info samples {}", thinker.samples()).map_err(io)?;
        writeln!(out, "bestmove {}", self.spelt(game, &thinker.choice())?).map_err(io)
    }

    /// A move as `bestmove` gives it: a placement in GCG notation (its
    /// square and word) with its score, `exchange TILES` or `pass`.
    fn spelt(&self, game: &Game, intent: &Intent) -> Result<String, Refusal> {
        match intent {
            Intent::Play { tiles, .. } => {
                let play = game.preview(tiles).map_err(|e| e.to_string())?;
                let word = format_word(self.language, game.board(), tiles, play.start, play.direction);
                Ok(format!("{} {word} score {}", format_position(play.start, play.direction), play.score))
            }
            Intent::Exchange { tiles, .. } => Ok(format!("exchange {}", format_rack(self.language, tiles))),
            _ => Ok("pass".into()),
        }
    }
}
