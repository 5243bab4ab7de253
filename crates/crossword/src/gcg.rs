//! GCG game records (§3.5): export from a game's log, import, and replay
//! through the rules with every score and total checked.

use crate::board::Board;
use crate::error::RuleError;
use crate::game::{ConfigError, Event, Game, GameConfig, GameSettings, Intent, LeaveReason};
use crate::notation::{NotationError, format_position, format_word, parse_move, parse_position, parse_rack};
use crate::rules::{ExchangeOrder, RuleSetKind};
use crate::seed::Seed;
use crate::tile::{Tile, format_rack, take_from, tiles_used};
use std::collections::VecDeque;
use std::fmt::Write;
use thiserror::Error;
use wocable_lexicon::{Language, Lexicon};

/// One line of a record that the rules act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    Move {
        nick: String,
        rack: Option<String>,
        position: String,
        word: String,
        score: i32,
        total: i32,
    },
    Pass {
        nick: String,
        rack: Option<String>,
        total: i32,
    },
    Exchange {
        nick: String,
        rack: Option<String>,
        tiles: String,
        total: i32,
    },
    /// `--`: the play before was withdrawn.
    Withdrawn {
        nick: String,
        rack: Option<String>,
        score: i32,
        total: i32,
    },
    /// `(RACKS) +N`: tiles collected from the others at the end.
    Collected {
        nick: String,
        tiles: String,
        points: i32,
        total: i32,
    },
    /// `RACK (RACK) -N`: own rack deducted at the end.
    Deducted {
        nick: String,
        rack: String,
        points: i32,
        total: i32,
    },
    /// `RACK (time) -N`.
    TimePenalty {
        nick: String,
        points: i32,
        total: i32,
    },
    /// `#resigned nick` / `#timedout nick` (Wocable pragmas).
    Left {
        nick: String,
        reason: LeaveReason,
    },
    /// `#rackN RACK`: a player's rack at the end of the record.
    FinalRack {
        player: usize,
        rack: String,
    },
}

/// A parsed GCG file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Nicknames, in turn order.
    pub players: Vec<String>,
    /// The line of the last `#playerN`.
    pub players_line: usize,
    pub lexicon: Option<String>,
    /// The players could ask the engine for hints (`#description … hints
    /// on`).
    pub hints: bool,
    /// Entries with their 1-based line numbers.
    pub entries: Vec<(usize, Entry)>,
    /// `#commitment HEX`: what the referee committed to before the deal
    /// ([`Seed::commitment`]).
    pub commitment: Option<String>,
    /// `#seed HEX`: the seed, revealed once the game is over.
    pub seed: Option<Seed>,
}

#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("line {line}: {reason}")]
pub struct GcgError {
    pub line: usize,
    pub reason: String,
}

fn err(line: usize, reason: impl ToString) -> GcgError {
    GcgError { line, reason: reason.to_string() }
}

/// Writes a game as GCG: every turn, the end-of-game rack counts, who
/// left, and each player's current rack (`#rackN`).
pub fn export(game: &Game) -> String {
    let language = game.settings().language;
    let nicks = &game.settings().players;
    let mut out = String::from("#character-encoding UTF-8\n");
    for (i, nick) in nicks.iter().enumerate() {
        let _ = writeln!(out, "#player{} {nick} {nick}", i + 1);
    }
    // The word list's name, or the language's code for its bundled list.
    let lexicon = game.settings().word_list.as_deref().unwrap_or(language.code());
    let _ = writeln!(out, "#lexicon {lexicon}");
    let hints = if game.settings().hints { ", hints on" } else { "" };
    let _ = writeln!(out, "#description Wocable, {} rules{hints}", game.settings().rules);
    let seed = game.config().seed;
    if let Some(commitment) = seed.commitment() {
        let _ = writeln!(out, "#commitment {commitment}");
    }
    if let Some(hex) = seed.hex().filter(|_| game.is_over()) {
        let _ = writeln!(out, "#seed {hex}");
    }
    let mut racks: Vec<Vec<Tile>> = vec![Vec::new(); nicks.len()];
    let mut totals = vec![0i32; nicks.len()];
    let mut board = Board::default();
    let mut rack_before = Vec::new();
    for event in game.log() {
        match event {
            Event::Drew { seat, tiles } => racks[*seat].extend(tiles),
            Event::Played { seat, tiles, play } => {
                totals[*seat] += play.score as i32;
                let word = format_word(language, &board, tiles, play.start, play.direction);
                let _ = writeln!(
                    out,
                    ">{}: {} {} {word} +{} {}",
                    nicks[*seat],
                    format_rack(language, &racks[*seat]),
                    format_position(play.start, play.direction),
                    play.score,
                    totals[*seat]
                );
                for (pos, tile) in tiles {
                    board.set(*pos, *tile);
                }
                racks[*seat] = take_from(&racks[*seat], &tiles_used(tiles)).unwrap_or_default();
            }
            Event::PlayWithdrawn { seat, tiles, play, .. } => {
                let rack = format_rack(language, &racks[*seat]);
                let (start, direction) = (play.start, play.direction);
                let word = format_word(language, &board, tiles, start, direction);
                let position = format_position(start, direction);
                let nick = &nicks[*seat];
                let total = totals[*seat];
                let _ = writeln!(out, ">{nick}: {rack} {position} {word} +0 {total}\n>{nick}: {rack} -- -0 {total}");
            }
            Event::Exchanged { seat, .. } => rack_before = racks[*seat].clone(),
            Event::Returned { seat, tiles } => {
                let _ = writeln!(
                    out,
                    ">{}: {} -{} +0 {}",
                    nicks[*seat],
                    format_rack(language, &rack_before),
                    format_rack(language, tiles),
                    totals[*seat]
                );
                racks[*seat] = take_from(&racks[*seat], tiles).unwrap_or_default();
            }
            Event::Passed { seat } => {
                let _ =
                    writeln!(out, ">{}: {} - +0 {}", nicks[*seat], format_rack(language, &racks[*seat]), totals[*seat]);
            }
            Event::Left { seat, reason } => {
                let pragma = match reason {
                    LeaveReason::Resigned => "resigned",
                    LeaveReason::TimedOut => "timedout",
                };
                let _ = writeln!(out, "#{pragma} {}", nicks[*seat]);
            }
            Event::RackCounted { seat, rack, points } => {
                totals[*seat] += points;
                let tiles = format_rack(language, rack);
                if *points > 0 || (*points == 0 && rack.is_empty()) {
                    let _ = writeln!(out, ">{}: ({tiles}) +{points} {}", nicks[*seat], totals[*seat]);
                } else {
                    let _ = writeln!(out, ">{}: {tiles} ({tiles}) {points} {}", nicks[*seat], totals[*seat]);
                }
            }
            Event::Ended { .. } => {}
        }
    }
    for (i, rack) in racks.iter().enumerate() {
        let _ = writeln!(out, "#rack{} {}", i + 1, format_rack(language, rack));
    }
    out
}

fn number(line: usize, text: &str) -> Result<i32, GcgError> {
    text.trim_start_matches('+').parse().map_err(|_| err(line, format!("'{text}' is not a score")))
}

/// Parses a GCG file. Unknown pragmas are ignored, and so are the lines a
/// `#note` goes on over (up to the next pragma or event); malformed lines
/// are errors with their line number.
pub fn parse(text: &str) -> Result<Record, GcgError> {
    let mut record = Record::default();
    let mut in_note = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let raw = raw.trim();
        if let Some(pragma) = raw.strip_prefix('#') {
            let (name, rest) = pragma.split_once(char::is_whitespace).unwrap_or((pragma, ""));
            in_note = name == "note";
            let rest = rest.trim();
            let first_word = || rest.split_whitespace().next().map(str::to_string);
            if let Some(n) = name.strip_prefix("player").and_then(|n| n.parse::<usize>().ok()) {
                let nick = first_word().ok_or_else(|| err(line, "a player needs a nickname"))?;
                if n != record.players.len() + 1 {
                    return Err(err(line, format!("#player{n} out of order")));
                }
                record.players.push(nick);
                record.players_line = line;
            } else if let Some(n) = name.strip_prefix("rack").and_then(|n| n.parse::<usize>().ok()) {
                record.entries.push((line, Entry::FinalRack { player: n, rack: first_word().unwrap_or_default() }));
            } else if name == "lexicon" {
                // A word list's name may have spaces.
                record.lexicon = Some(rest.trim().to_string()).filter(|name| !name.is_empty());
            } else if name == "commitment" {
                record.commitment = Some(rest.to_ascii_lowercase());
            } else if name == "seed" {
                record.seed = Some(Seed::from_hex(rest).ok_or_else(|| err(line, "a seed is 64 hexadecimal digits"))?);
            } else if name == "description" {
                record.hints = rest.split(',').any(|part| part.trim() == "hints on");
            } else if name == "resigned" || name == "timedout" {
                let nick = first_word().ok_or_else(|| err(line, "which player left?"))?;
                let reason = if name == "resigned" { LeaveReason::Resigned } else { LeaveReason::TimedOut };
                record.entries.push((line, Entry::Left { nick, reason }));
            }
            continue;
        }
        let Some(event) = raw.strip_prefix('>') else {
            if raw.is_empty() || in_note {
                continue;
            }
            return Err(err(line, "expected a '#' pragma or a '>' event"));
        };
        in_note = false;
        let (nick, rest) = event.split_once(':').ok_or_else(|| err(line, "expected '>nick:'"))?;
        let nick = nick.trim().to_string();
        let fields: Vec<&str> = rest.split_whitespace().collect();
        if fields.len() < 3 {
            return Err(err(line, "an event ends with its score and the player's total"));
        }
        let (head, tail) = fields.split_at(fields.len() - 2);
        let (score, total) = (number(line, tail[0])?, number(line, tail[1])?);
        let rack_then = |rest: &[&str]| -> (Option<String>, Vec<String>) {
            (rest.first().map(|r| r.to_string()), rest[1..].iter().map(|s| s.to_string()).collect())
        };
        let entry = match head {
            [tiles] if tiles.starts_with('(') => {
                Entry::Collected { nick, tiles: strip_parens(tiles), points: score, total }
            }
            [_, "(time)"] => Entry::TimePenalty { nick, points: score, total },
            [rack, counted] if counted.starts_with('(') && parse_position(rack).is_err() => {
                Entry::Deducted { nick, rack: rack.to_string(), points: score, total }
            }
            _ => {
                let (rack, rest) = match head {
                    [kind] if kind.starts_with('-') => (None, vec![kind.to_string()]),
                    [_, _] if head[1].starts_with('-') => rack_then(head),
                    [_, _, _] => rack_then(head),
                    [_, _] => (None, head.iter().map(|s| s.to_string()).collect()),
                    _ => return Err(err(line, "cannot read this event")),
                };
                match rest.as_slice() {
                    [dash] if dash == "-" => Entry::Pass { nick, rack, total },
                    [dash] if dash == "--" => Entry::Withdrawn { nick, rack, score, total },
                    [tiles] if tiles.starts_with('-') => {
                        Entry::Exchange { nick, rack, tiles: tiles[1..].to_string(), total }
                    }
                    [position, word] => {
                        Entry::Move { nick, rack, position: position.clone(), word: word.clone(), score, total }
                    }
                    _ => return Err(err(line, "cannot read this event")),
                }
            }
        };
        record.entries.push((line, entry));
    }
    Ok(record)
}

fn strip_parens(text: &str) -> String {
    text.trim_start_matches('(').trim_end_matches(')').to_string()
}

/// The player's own word list a record names: a `#lexicon` that is no
/// language's code.
fn word_list(record: &Record) -> Option<String> {
    record.lexicon.clone().filter(|name| Language::from_code(name).is_none())
}

/// Why a record's bag cannot be shown to be fair.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum BagError {
    #[error("the record has no seed and commitment to check (only a finished online game has them)")]
    Unsigned,
    #[error("the seed is not the one committed to when the game began")]
    NotCommitted,
    #[error("the draws did not come from the seed: {0}")]
    Draws(GcgError),
}

/// Checks that a record's bag was fair: its seed is the one its
/// commitment names, and the game dealt from that seed draws every rack
/// the record shows as its moves are replayed.
pub fn verify(record: &Record, rules: RuleSetKind, lexicon: Lexicon) -> Result<Game, BagError> {
    let (Some(seed), Some(commitment)) = (record.seed, &record.commitment) else {
        return Err(BagError::Unsigned);
    };
    if seed.commitment().as_ref() != Some(commitment) {
        return Err(BagError::NotCommitted);
    }
    replay_dealt(record, rules, lexicon, Some(seed)).map_err(BagError::Draws)
}

/// Replays a record through the rules: the game it describes, or the
/// first line whose move is illegal or whose score or total is wrong.
pub fn replay(record: &Record, rules: RuleSetKind, lexicon: Lexicon) -> Result<Game, GcgError> {
    replay_dealt(record, rules, lexicon, None)
}

/// [`replay`], its tiles drawn from `seed` when there is one, else as the
/// record's racks show them.
fn replay_dealt(record: &Record, rules: RuleSetKind, lexicon: Lexicon, seed: Option<Seed>) -> Result<Game, GcgError> {
    let language = lexicon.language();
    let players = &record.players;
    let seat_of = |line: usize, nick: &str| -> Result<usize, GcgError> {
        players.iter().position(|p| p == nick).ok_or_else(|| err(line, format!("no player is called {nick}")))
    };
    let rack_of = |line: usize, text: &str| parse_rack(language, text).map_err(|e| err(line, e));
    // Every rack the record shows, per seat, in order: what each draw was.
    let mut seen: Vec<VecDeque<(usize, Vec<Tile>)>> = vec![VecDeque::new(); players.len()];
    for (line, entry) in &record.entries {
        let (seat, rack) = match entry {
            Entry::Move { nick, rack: Some(rack), .. }
            | Entry::Pass { nick, rack: Some(rack), .. }
            | Entry::Exchange { nick, rack: Some(rack), .. }
            | Entry::Deducted { nick, rack, .. } => (seat_of(*line, nick)?, rack),
            Entry::FinalRack { player, rack } => (
                player.checked_sub(1).filter(|p| *p < players.len()).ok_or_else(|| err(*line, "no such player"))?,
                rack,
            ),
            _ => continue,
        };
        seen[seat].push_back((*line, rack_of(*line, rack)?));
    }
    let deals: Vec<_> = seen.iter().map(|s| s.front().map(|(_, r)| r.clone())).collect();
    let config = GameConfig {
        settings: GameSettings {
            rules,
            language,
            players: players.clone(),
            layout: None,
            word_list: word_list(record),
            hints: record.hints,
        },
        seed: seed.unwrap_or(0.into()),
    };
    let dealt = match seed {
        Some(_) => Game::new(config, lexicon),
        None => Game::with_draws(config, lexicon, deals),
    };
    let mut game = dealt.map_err(|e: ConfigError| err(record.players_line, e))?;
    let mut pending_counts: VecDeque<Event> = VecDeque::new();
    let mut withdrawn_before = false;
    for (line, entry) in &record.entries {
        let line = *line;
        let check_rack = |game: &Game, seat: usize, rack: &Option<String>| -> Result<(), GcgError> {
            if let Some(rack) = rack {
                let shown = rack_of(line, rack)?;
                if !same_tiles(&shown, game.rack(seat)) {
                    return Err(err(
                        line,
                        format!(
                            "the rack shown is {rack}, but {} holds {}",
                            players[seat],
                            format_rack(language, game.rack(seat))
                        ),
                    ));
                }
            }
            Ok(())
        };
        let check_total = |game: &Game, seat: usize, total: i32| -> Result<(), GcgError> {
            let actual = game.scores()[seat];
            if actual != total {
                Err(err(line, format!("wrong total: the record says {total}, the rules give {actual}")))
            } else {
                Ok(())
            }
        };
        let was_withdrawn = std::mem::take(&mut withdrawn_before);
        let (intent, seat, score, total, used) = match entry {
            Entry::Move { nick, rack, position, word, score, total } => {
                let seat = seat_of(line, nick)?;
                check_rack(&game, seat, rack)?;
                let tiles =
                    parse_move(language, game.board(), position, word).map_err(|e: NotationError| err(line, e))?;
                let used = tiles_used(&tiles);
                (Intent::Play { seat, tiles }, seat, *score, *total, used)
            }
            Entry::Exchange { nick, rack, tiles, total } => {
                let seat = seat_of(line, nick)?;
                check_rack(&game, seat, rack)?;
                let tiles = if tiles.chars().all(|c| c.is_ascii_digit()) {
                    return Err(err(line, "an exchange must name its tiles"));
                } else {
                    rack_of(line, tiles)?
                };
                (Intent::Exchange { seat, tiles: tiles.clone() }, seat, 0, *total, tiles)
            }
            Entry::Pass { nick, rack, total } => {
                let seat = seat_of(line, nick)?;
                check_rack(&game, seat, rack)?;
                (Intent::Pass { seat }, seat, 0, *total, Vec::new())
            }
            Entry::Left { nick, reason } => {
                let seat = seat_of(line, nick)?;
                let intent = match reason {
                    LeaveReason::Resigned => Intent::Resign { seat },
                    LeaveReason::TimedOut => Intent::TimeOut { seat },
                };
                game.apply(intent).map_err(|e| err(line, e))?;
                continue;
            }
            Entry::Withdrawn { nick, total, .. } => {
                let seat = seat_of(line, nick)?;
                if !was_withdrawn {
                    return Err(err(line, "only a play with an unknown word is withdrawn (Remote rule)"));
                }
                check_total(&game, seat, *total)?;
                continue;
            }
            Entry::Collected { nick, points, total, tiles: shown }
            | Entry::Deducted { nick, points, total, rack: shown } => {
                let seat = seat_of(line, nick)?;
                match pending_counts.pop_front() {
                    Some(Event::RackCounted { seat: s, points: p, rack }) if s == seat && p == *points => {
                        if !same_tiles(&rack_of(line, shown)?, &rack) {
                            return Err(err(line, format!("the tiles counted are {}", format_rack(language, &rack))));
                        }
                        check_total(&game, seat, *total)?
                    }
                    Some(Event::RackCounted { seat: s, points: p, .. }) => {
                        return Err(err(line, format!("the rules count {p:+} for {} here", players[s])));
                    }
                    _ => return Err(err(line, "racks are only counted when the game ends")),
                }
                continue;
            }
            Entry::TimePenalty { .. } => return Err(err(line, "time penalties are not part of Wocable's rules")),
            Entry::FinalRack { player, rack } => {
                let seat = player.saturating_sub(1);
                if !same_tiles(&rack_of(line, rack)?, game.rack(seat)) {
                    let held = format_rack(language, game.rack(seat));
                    return Err(err(line, format!("the rack shown is {rack}, but {} holds {held}", players[seat])));
                }
                continue;
            }
        };
        // Tell the game what the record says this turn drew (unless its
        // draws are the seed's, which is what is being checked).
        if seed.is_none() && !used.is_empty() && !game.bag().is_empty() {
            let draw = seen[seat].iter().skip_while(|(l, _)| *l <= line).map(|(_, r)| r.clone()).next();
            let leave = take_from(game.rack(seat), &used);
            // A next rack that cannot follow is reported on its own line,
            // where the rack shown differs from the one the rules hold.
            let count = used.len().min(game.bag().len());
            // Tiles thrown back first may be drawn straight back (§2.6).
            let mut pool = game.bag().to_vec();
            if matches!(intent, Intent::Exchange { .. }) && game.rules().exchange_order == ExchangeOrder::ReturnFirst {
                pool.extend(&used);
            }
            let drawn = leave
                .zip(draw)
                .and_then(|(leave, next)| take_from(&next, &leave))
                .filter(|drawn| drawn.len() == count && take_from(&pool, drawn).is_some());
            game.queue_draw(drawn);
        }
        let before = game.log().len();
        game.apply(intent).map_err(|e: RuleError| err(line, e))?;
        game.discard_queued_draws();
        let new_events: Vec<Event> = game.log()[before..].to_vec();
        let rules_score = new_events
            .iter()
            .find_map(|e| match e {
                Event::Played { play, .. } => Some(play.score as i32),
                _ => None,
            })
            .unwrap_or(0);
        withdrawn_before = new_events.iter().any(|e| matches!(e, Event::PlayWithdrawn { .. }));
        if score != rules_score && !withdrawn_before {
            return Err(err(line, format!("wrong score: the record says {score:+}, the rules give {rules_score:+}")));
        }
        pending_counts.extend(new_events.into_iter().filter(|e| matches!(e, Event::RackCounted { .. })));
        let expected = game.scores()[seat]
            - pending_counts
                .iter()
                .map(|e| {
                    if let Event::RackCounted { seat: s, points, .. } = e {
                        if *s == seat { *points } else { 0 }
                    } else {
                        0
                    }
                })
                .sum::<i32>();
        if expected != total {
            return Err(err(line, format!("wrong total: the record says {total}, the rules give {expected}")));
        }
    }
    Ok(game)
}

fn same_tiles(a: &[Tile], b: &[Tile]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort();
    b.sort();
    a == b
}
