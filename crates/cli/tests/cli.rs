//! The command-line contract of `wocable-cli`, run as a real process.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wocable-cli")).args(args).output().unwrap()
}

fn cli_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wocable-cli"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn temp_file(name: &str, contents: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("wocable-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn board_with_agave() -> String {
    let empty = ".".repeat(15);
    let mut rows = vec![empty; 15];
    rows[7] = "...AGAVE.......".into();
    rows.join("/")
}

#[test]
fn check_prints_one_verdict_per_word() {
    let output = cli(&["check", "--lang", "en", "cat", "QAT", "ZZZQ"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output), "cat valid\nQAT valid\nZZZQ invalid\n");
    let spanish = cli(&["check", "--lang", "es", "CHARRO", "año"]);
    assert_eq!(stdout(&spanish), "CHARRO valid\naño valid\n");
    let family = cli(&["check", "--lang", "en", "--lexicon", "family", "butt", "button"]);
    assert_eq!(stdout(&family), "butt invalid\nbutton valid\n");
    let empty = vec![".".repeat(15); 15].join("/");
    let score = ["score", "--lang", "en", "--rules", "wocable", "--lexicon", "family", "--board", &empty, "--move"];
    let left_out = cli(&[&score[..], &["8H BUTT"]].concat());
    assert_eq!(stderr(&left_out), "word BUTT is left out of the family word list\n");
}

#[test]
fn score_prints_the_score_or_the_rule_error() {
    let board = board_with_agave();
    let ok = cli(&["score", "--lang", "en", "--rules", "wocable", "--board", &board, "--move", "G7 A(V)iATORS"]);
    assert!(ok.status.success(), "{}", stderr(&ok));
    assert_eq!(stdout(&ok), "62\n");
    let dotted = cli(&["score", "--lang", "en", "--rules", "wocable", "--board", &board, "--move", "G7 A.iATORS"]);
    assert_eq!(stdout(&dotted), "62\n");
    let webfeud = cli(&["score", "--lang", "en", "--rules", "webfeud", "--board", &board, "--move", "G7 A(V)iATORS"]);
    assert_eq!(stdout(&webfeud), "52\n", "40-point bingo, Webfeud premiums");
    let apart = cli(&["score", "--lang", "en", "--rules", "wocable", "--board", &board, "--move", "1A CAT"]);
    assert_eq!(apart.status.code(), Some(1));
    assert_eq!(stderr(&apart), "the word must touch a tile already on the board\n");
    let unknown = cli(&["score", "--lang", "en", "--rules", "wocable", "--board", &board, "--move", "G7 A(V)X"]);
    assert_eq!(stderr(&unknown), "word AVX is not in the lexicon\n");
    let malformed = cli(&["score", "--lang", "en", "--rules", "wocable", "--board", "...", "--move", "8D CAT"]);
    assert_eq!(malformed.status.code(), Some(1));
    assert_eq!(stderr(&malformed), "a board is 15 rows joined by '/'; found 1 rows\n");
}

#[test]
fn score_reads_spanish_digraph_tiles() {
    let empty = vec![".".repeat(15); 15].join("/");
    // CH(5) A(1) RR(8) O(1) from 8E: the centre doubles, no other premium.
    let ok = cli(&["score", "--lang", "es", "--rules", "wocable", "--board", &empty, "--move", "8E CHARRO"]);
    assert_eq!(stdout(&ok), "30\n", "{}", stderr(&ok));
    let bracketed = cli(&["score", "--lang", "es", "--rules", "wocable", "--board", &empty, "--move", "8E [CH]A[RR]O"]);
    assert_eq!(stdout(&bracketed), "30\n");
}

#[test]
fn replay_prints_final_scores_or_the_first_bad_line() {
    let record = "#character-encoding UTF-8\n#player1 ann Ann\n#player2 bob Bob\n>ann: ACDGOST 8G CAT +10 10\n>bob: AEIJQXZ H8 (A)X +9 9\n";
    let path = temp_file("game.gcg", record.as_bytes());
    let ok = cli(&["replay", "--lang", "en", "--rules", "wocable", path.to_str().unwrap()]);
    assert!(ok.status.success(), "{}", stderr(&ok));
    assert_eq!(stdout(&ok), "ann 10\nbob 9\n");
    let wrong = temp_file("wrong.gcg", record.replace("+9 9", "+9 12").as_bytes());
    let bad = cli(&["replay", "--lang", "en", "--rules", "wocable", wrong.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(1));
    assert_eq!(stderr(&bad), "line 5: wrong total: the record says 12, the rules give 9\n");
}

#[test]
fn verify_checks_a_finished_online_games_bag_against_its_commitment() {
    use wocable_crossword::computer::{LeaveModel, Level, play_game};
    use wocable_crossword::{GameConfig, RuleSetKind, Seed, gcg};
    use wocable_lexicon::{Language, Lexicon};
    let seed = Seed::Full([7; 32]);
    let mut config = GameConfig::numbered(RuleSetKind::Webfeud, Language::En, 2, 0);
    config.seed = seed;
    let levels = [Level::Strong, Level::Strong];
    let game = play_game(config, Lexicon::bundled(Language::En), &levels, &LeaveModel::zero(Language::En));
    let text = gcg::export(&game);
    let path = temp_file("online.gcg", text.as_bytes());
    let args = ["verify", "--lang", "en", "--rules", "webfeud"];
    let verified = cli(&[&args[..], &[path.to_str().unwrap()]].concat());
    assert!(verified.status.success(), "{}", stderr(&verified));
    let (hex, commitment) = (seed.hex().unwrap(), seed.commitment().unwrap());
    assert_eq!(stdout(&verified), format!("bag verified: seed {hex}, committed to as {commitment}\n"));
    let other = temp_file("other.gcg", text.replace(&hex, &"8".repeat(64)).as_bytes());
    let refused = cli(&[&args[..], &[other.to_str().unwrap()]].concat());
    assert_eq!(refused.status.code(), Some(1));
    assert_eq!(stderr(&refused), "bag not verified: the seed is not the one committed to when the game began\n");
}

#[test]
fn play_runs_a_whole_game_in_the_terminal() {
    // Four passes end a Wocable game; Enter hands the device over.
    let output = cli_with_input(
        &["play", "--rules", "wocable", "--lang", "en", "--players", "2", "--seed", "4"],
        "\nhelp\n8A QQ\npass\n\npass\n\npass\n\npass\n",
    );
    let text = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(text.contains("Pass the device to Player2"), "{text}");
    assert!(text.contains("exchange ABC"), "help is shown");
    assert!(text.contains("! "), "a bad move is refused with its reason");
    assert!(text.contains("Game over."), "{text}");
    assert!(text.contains("Player1 drew with Player2"), "{text}");
}

#[test]
fn lexicon_build_makes_a_lexicon_other_commands_take() {
    let words = temp_file("words.txt", "zyx\nqwv\nnot a word\n".as_bytes());
    let built_file = words.with_file_name("words.wlex");
    let built = cli(&[
        "lexicon",
        "build",
        "--lang",
        "en",
        "--input",
        words.to_str().unwrap(),
        "--output",
        built_file.to_str().unwrap(),
        "--name",
        "Backwards",
    ]);
    assert!(built.status.success(), "{}", stderr(&built));
    assert!(stdout(&built).starts_with("2 words; skipped 1"));
    assert!(stderr(&built).contains("building Backwards: 100%"), "progress: {}", stderr(&built));
    for lexicon in [&built_file, &words] {
        let output = cli(&["check", "--lang", "en", "--lexicon", lexicon.to_str().unwrap(), "zyx", "cat"]);
        assert_eq!(stdout(&output), "zyx valid\ncat invalid\n");
    }
    let binary = temp_file("binary.txt", &[0, 1, 2, 3]);
    let refused = cli(&["check", "--lang", "en", "--lexicon", binary.to_str().unwrap(), "cat"]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(stderr(&refused).contains("binary data"));
    let french = cli(&["check", "--lang", "fr", "--lexicon", built_file.to_str().unwrap(), "zyx"]);
    assert!(stderr(&french).contains("built for the language 'en', not 'fr'"), "{}", stderr(&french));
    let mut damaged = std::fs::read(&built_file).unwrap();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    let damaged = temp_file("damaged.wlex", &damaged);
    let refused = cli(&["check", "--lang", "en", "--lexicon", damaged.to_str().unwrap(), "zyx"]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(stderr(&refused).contains("checksum is wrong"), "{}", stderr(&refused));
}

#[test]
fn usage_errors_exit_with_status_2() {
    for args in [&[][..], &["frobnicate"][..], &["check", "--lang", "xx", "cat"][..], &["score", "--lang", "en"][..]] {
        let output = cli(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr(&output).contains("usage:"));
    }
}

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../crossword/tests/data");

#[test]
fn moves_reports_the_summary_and_the_best_moves() {
    let lexicon = format!("{DATA}/wamerican-2to15.txt");
    let board = board_with_agave();
    let output = cli(&[
        "moves",
        "--lang",
        "en",
        "--lexicon",
        &lexicon,
        "--rules",
        "wocable",
        "--board",
        &board,
        "--rack",
        "AAORST?",
        "--top",
        "2",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    // Reference position 1: 3463 placements, best 62 (one of them), sum 17941.
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "3463 62 1 17941");
    assert_eq!(lines[1], "62 G7 A(V)iATORS");
    assert_eq!(lines.len(), 3);
}

#[test]
fn moves_runs_a_vectors_file() {
    let vectors = format!("{DATA}/vectors-wamerican.txt");
    let lexicon = format!("{DATA}/wamerican-2to15.txt");
    let output = cli(&["moves", "--lexicon", &lexicon, "--rules", "wocable", "--vectors", &vectors]);
    assert!(output.status.success(), "{}", stderr(&output));
    let expected: Vec<String> = std::fs::read_to_string(&vectors)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            format!("{} {} {} {} {}", f[0], f[4], f[5], f[6], f[7])
        })
        .collect();
    assert_eq!(stdout(&output).lines().collect::<Vec<_>>(), expected);
    assert!(stderr(&output).contains("positions/s"));
}

#[test]
fn selfplay_writes_a_record_that_replays() {
    let out = temp_file("selfplay.gcg", b"");
    let played = cli(&[
        "selfplay",
        "--rules",
        "remote",
        "--lang",
        "en",
        "--players",
        "3",
        "--levels",
        "champion,strong,casual",
        "--seed",
        "3",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(played.status.success(), "{}", stderr(&played));
    let replayed = cli(&["replay", "--lang", "en", "--rules", "remote", out.to_str().unwrap()]);
    assert!(replayed.status.success(), "{}", stderr(&replayed));
    assert_eq!(stdout(&replayed), stdout(&played), "the same final scores");
    assert_eq!(stdout(&played).lines().count(), 3);
}

#[test]
fn endgames_reads_every_record_in_a_folder_that_reaches_an_empty_bag() {
    let folder = std::env::temp_dir().join(format!("wocable-cli-records-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("notes.txt"), "not a record").unwrap();
    let record = folder.join("strong.gcg");
    let selfplay = ["selfplay", "--rules", "wocable", "--lang", "en", "--players", "2", "--levels", "strong,strong"];
    let played = cli(&[&selfplay[..], &["--seed", "5", "--out", record.to_str().unwrap()]].concat());
    assert!(played.status.success(), "{}", stderr(&played));
    std::fs::write(folder.join("three.gcg"), "#player1 a A\n#player2 b B\n#player3 c C\n").unwrap();
    std::fs::write(folder.join("torn.gcg"), "#player1 a A\n#player2 b B\n>a: AEGRSTV 8H\n").unwrap();
    let args = ["endgames", "--rules", "wocable", "--lang", "en", "--seconds", "1", "--records"];
    let output = cli(&[&args[..], &[folder.to_str().unwrap()]].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let line = text.lines().next().unwrap();
    assert!(line.starts_with("strong: 7 tiles against "), "{text}");
    assert!(line.contains(", exact, ") || line.contains(", best found, "), "{text}");
    assert!(text.contains("\n1 endgames, wocable rules, en\nproven within 1 s: "), "{text}");
    let errors = stderr(&output);
    assert!(errors.contains("three: left out: 3 players, the search is for two\n"), "{errors}");
    assert!(errors.contains("torn: left out: line 3: "), "{errors}");
}

#[test]
fn match_reports_results_and_a_confidence_interval() {
    let output = cli(&[
        "match", "--rules", "wocable", "--lang", "en", "--a", "strong", "--b", "beginner", "--games", "4", "--seed",
        "1",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("A: 4 wins, 0 draws, 0 losses"), "{text}");
    assert!(text.contains("95% confidence interval"), "{text}");
}

#[test]
fn trace_solve_lists_every_word_sorted() {
    let output = cli(&["trace", "solve", "--lang", "fr", "--wheel", "ETEP"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "ETE\nPET\nPETE\nTEE\n");
    let grid = cli(&["trace", "solve", "--lang", "en", "--grid", "CAT/XXX/XXX"]);
    assert!(stdout(&grid).lines().any(|w| w == "CAT"));
    assert!(!stdout(&grid).lines().any(|w| w == "ACT"), "C and T are not neighbours");
    let bad = cli(&["trace", "solve", "--lang", "en", "--grid", "CAT/XX"]);
    assert_eq!(bad.status.code(), Some(1));
}

#[test]
fn trace_puzzle_prints_json() {
    let output = cli(&["trace", "puzzle", "--mode", "grid", "--lang", "en", "--seed", "12"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["letters"].as_array().unwrap().len(), 16);
    assert_eq!(json["words_to_find"].as_array().unwrap().len(), 10);
    assert!(json["bonus_words"].as_u64().unwrap() > 0);
    let again = cli(&["trace", "puzzle", "--mode", "grid", "--lang", "en", "--seed", "12"]);
    assert_eq!(stdout(&again), stdout(&output), "the same seed, the same puzzle");
}

#[test]
fn trace_play_takes_words_and_ends_with_the_lists() {
    let puzzle = cli(&["trace", "puzzle", "--mode", "circle", "--lang", "en", "--seed", "5"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&puzzle)).unwrap();
    let word = json["words_to_find"][0]["word"].as_str().unwrap().to_string();
    let output = cli_with_input(
        &["trace", "play", "--mode", "circle", "--lang", "en", "--seed", "5"],
        &format!("{word}\n{word}\nzzz\nquit\n"),
    );
    let text = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(text.contains(&format!("{word}: in the crossword!")), "{text}");
    assert!(text.contains(&format!("{word}: already found")), "{text}");
    assert!(text.contains("WORDS TO FIND"), "{text}");
}

#[test]
fn long_lists_stop_quietly_when_the_reader_goes_away() {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_wocable-cli"))
        .args(["search", "--lang", "en", "prefix", "a", "--limit", "100000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The reading end is now closed, as `| head` does.
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(!stderr(&output).contains("panicked"));
}

/// An engine process driven through its protocol.
struct Engine {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::Lines<std::io::BufReader<std::process::ChildStdout>>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_wocable-cli"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = std::io::BufRead::lines(std::io::BufReader::new(child.stdout.take().unwrap()));
        Engine { child, input, output }
    }

    /// Sends a line and reads the answer up to its last line (every line
    /// before it is a progress line).
    fn ask(&mut self, line: &str) -> Vec<String> {
        self.ask_bytes(format!("{line}\n").as_bytes())
    }

    fn ask_bytes(&mut self, line: &[u8]) -> Vec<String> {
        self.input.write_all(line).unwrap();
        let mut answer = Vec::new();
        for line in self.output.by_ref() {
            let line = line.unwrap();
            let last = !line.starts_with("info ");
            answer.push(line);
            if last {
                return answer;
            }
        }
        panic!("the engine stopped after {answer:?}")
    }
}

#[test]
fn the_engine_answers_each_command_and_refuses_bad_ones_with_one_line() {
    let mut engine = Engine::start();
    assert_eq!(engine.ask("hello"), [format!("hello wocable {} protocol 1", env!("CARGO_PKG_VERSION"))]);
    assert_eq!(engine.ask_bytes(b"rules \xff\n"), ["error a line must be UTF-8"]);
    assert_eq!(engine.ask("isready"), ["readyok"]);
    assert_eq!(engine.ask("go"), ["error no position is set"]);
    assert_eq!(engine.ask("rules chess"), ["error no rule set is called 'chess'"]);
    assert_eq!(engine.ask("fly"), ["error unknown command 'fly'"]);
    let board = board_with_agave();
    // Only one Q in the English set.
    let refused = engine.ask(&format!("position board {board} turn 0 scores 20,0 rack QQ unseen ABC"));
    assert!(refused[0].starts_with("error the position cannot be set up"), "{refused:?}");
    assert_eq!(engine.ask(&format!("position board {board} turn 0 scores 20")), ["error the position needs unseen"]);
    // A two-tile endgame: proven at once, and the line says so.
    let set = engine.ask(&format!("position board {board} turn 1 scores 20,0 rack EE unseen ST"));
    assert_eq!(set, ["ok"]);
    let answer = engine.ask("go time 5000");
    let best = answer.last().unwrap();
    assert_eq!(best, "bestmove G7 E(V)E score 8 exact yes spread +12", "{answer:?}");
    assert!(answer[..answer.len() - 1].iter().all(|l| l.starts_with("info depth ")), "{answer:?}");
    assert_eq!(engine.ask("go nodes x"), ["error nodes takes a number"]);
    // Three players, the bag empty, each rack given: the paranoid search.
    let three = format!("position board {board} turn 1 scores 20,0,5 rack EE unseen STX racks");
    assert_eq!(engine.ask(&format!("{three} S")), ["error racks gives 1 racks for 2 other players"]);
    assert_eq!(engine.ask(&format!("{three} S,Q")), ["error racks holds tiles that are not unseen"]);
    assert_eq!(engine.ask(&format!("{three} ST,X")), ["ok"]);
    assert_eq!(engine.ask("go").last().unwrap(), "bestmove G7 E(V)E score 8");
    engine.input.write_all(b"quit\n").unwrap();
    assert!(engine.child.wait().unwrap().success());
}

/// Two engine processes play a whole game, each told only what its seat
/// sees; the rules crate referees every move, and the record replays.
#[test]
fn two_engines_play_a_whole_game_that_replays() {
    use wocable_crossword::notation::{format_board, parse_move, parse_rack};
    use wocable_crossword::{Game, GameConfig, Intent, RuleSetKind, Tile, format_rack, full_bag, gcg};
    use wocable_lexicon::{Language, Lexicon};
    let language = Language::En;
    let mut game = Game::new(GameConfig::numbered(RuleSetKind::Wocable, language, 2, 11), Lexicon::bundled(language))
        .expect("a game");
    let mut engines = [Engine::start(), Engine::start()];
    while !game.is_over() {
        let seat = game.turn();
        let rack = game.rack(seat).to_vec();
        let mut unseen = full_bag(game.tile_set());
        for tile in game.board().tiles().map(|(_, t)| Tile::from(t)).chain(rack.iter().copied()) {
            let i = unseen.iter().position(|t| *t == tile).expect("a tile of the set");
            unseen.swap_remove(i);
        }
        let scores: Vec<String> = game.scores().iter().map(i32::to_string).collect();
        let position = format!(
            "position board {} turn {seat} scores {} rack {} unseen {} passes {} scoreless {}",
            format_board(language, game.board()),
            scores.join(","),
            format_rack(language, &rack),
            if unseen.is_empty() { "-".to_string() } else { format_rack(language, &unseen) },
            game.pass_run().len(),
            game.scoreless_run(),
        );
        assert_eq!(engines[seat].ask(&position), ["ok"], "{position}");
        let answer = engines[seat].ask("go time 300");
        let words: Vec<&str> = answer.last().unwrap().split_whitespace().collect();
        let intent = match words[..] {
            ["bestmove", "pass", ..] => Intent::Pass { seat },
            ["bestmove", "exchange", tiles, ..] => {
                Intent::Exchange { seat, tiles: parse_rack(language, tiles).unwrap() }
            }
            ["bestmove", square, word, "score", score, ..] => {
                let tiles = parse_move(language, game.board(), square, word).unwrap();
                assert_eq!(game.preview(&tiles).unwrap().score.to_string(), score, "{answer:?}");
                Intent::Play { seat, tiles }
            }
            _ => panic!("not a move: {answer:?}"),
        };
        game.apply(intent).unwrap_or_else(|e| panic!("{answer:?}: {e}"));
    }
    let record = gcg::parse(&gcg::export(&game)).unwrap();
    let replayed = gcg::replay(&record, RuleSetKind::Wocable, Lexicon::bundled(language)).unwrap();
    assert_eq!(replayed.scores(), game.scores());
    assert!(game.log().len() > 10, "a whole game: {} events", game.log().len());
}
