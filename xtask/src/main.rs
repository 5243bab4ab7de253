//! `cargo xtask <task>`: the project's set-up and checks, runnable on a
//! fresh Debian machine.
//!
//! - `play [ARGS…]`  builds and runs the game (for now the terminal game of
//!   `wocable-cli play`; ARGS go to it).
//! - `test`          everything CI checks: formatting, clippy, all tests.
//! - `lexicons [--raw DIR]` regenerates `lexicons/<lang>.txt` from their
//!   sources (`lexicons/fetch.sh`), or from raw lists already in DIR.
//! - `leaves`        relearns the Champion's leave values by self-play
//!   (`crates/crossword/data/leaves-<lang>.txt`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use wocable_lexicon::Language;

/// Debian packages each task needs beyond the Rust toolchain. The rules
/// crates and the terminal game need none; the Bevy app adds its build
/// packages here.
const TEST_PACKAGES: &[&str] = &[];
const PLAY_PACKAGES: &[&str] = &[];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("test") => test(),
        Some("play") => play(&args[1..]),
        Some("lexicons") => lexicons(&args[1..]),
        Some("leaves") => leaves(),
        _ => Err("usage: cargo xtask play [ARGS…] | test | lexicons [--raw DIR] | leaves".to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask sits in the workspace").to_path_buf()
}

fn run(command: &mut Command) -> Result<(), String> {
    let shown = format!("{command:?}");
    eprintln!("xtask: running {shown}");
    let status = command.current_dir(root()).status().map_err(|e| format!("cannot start {shown}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("{shown} failed ({status})")) }
}

fn cargo() -> Command {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
}

/// Installs the Debian packages that are missing, saying which.
fn ensure_packages(packages: &[&str]) -> Result<(), String> {
    let missing: Vec<&str> = packages
        .iter()
        .copied()
        .filter(|p| {
            !Command::new("dpkg-query")
                .args(["-W", "-f=${Status}", p])
                .output()
                .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("install ok installed"))
        })
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    eprintln!("xtask: installing missing system packages: {}", missing.join(" "));
    let sudo = if is_root() { vec![] } else { vec!["sudo"] };
    let apt = |args: &[&str]| {
        let mut all: Vec<&str> = sudo.clone();
        all.push("apt-get");
        all.extend(args);
        run(Command::new(all[0]).args(&all[1..]).env("DEBIAN_FRONTEND", "noninteractive"))
    };
    apt(&["update", "-q"])?;
    let mut install = vec!["install", "-y", "-q", "--no-install-recommends"];
    install.extend(&missing);
    apt(&install)
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0"))
}

fn test() -> Result<(), String> {
    ensure_packages(TEST_PACKAGES)?;
    run(cargo().args(["fmt", "--all", "--check"]))?;
    run(cargo().args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]))?;
    run(cargo().args(["test", "--workspace"]))
}

fn play(args: &[String]) -> Result<(), String> {
    ensure_packages(PLAY_PACKAGES)?;
    let mut command = cargo();
    command.args(["run", "--release", "--quiet", "--package", "wocable-cli", "--", "play"]);
    if args.is_empty() {
        command.args(["--rules", "wocable", "--lang", "en", "--players", "2"]);
    }
    run(command.args(args))
}

/// Relearns every language's leave values with the settings that made the
/// shipped ones.
fn leaves() -> Result<(), String> {
    for language in Language::ALL {
        let out = root().join(format!("crates/crossword/data/leaves-{}.txt", language.code()));
        let mut command = cargo();
        command.args(["run", "--release", "--quiet", "--package", "wocable-cli", "--", "leaves"]);
        command.args([
            "--rules",
            "wocable",
            "--lang",
            language.code(),
            "--games",
            "2000",
            "--rounds",
            "2",
            "--seed",
            "1",
        ]);
        run(command.arg("--out").arg(out))?;
    }
    Ok(())
}

/// Normalises raw word lists (§1.4) into `lexicons/<lang>.txt`: one word
/// a line, upper case, in the language's tile order.
fn lexicons(args: &[String]) -> Result<(), String> {
    let raw = match args {
        [flag, dir] if flag == "--raw" => PathBuf::from(dir),
        [] => {
            let dir = std::env::temp_dir().join("wocable-lexicons");
            run(Command::new("bash").arg(root().join("lexicons/fetch.sh")).arg(&dir))?;
            dir
        }
        _ => return Err("usage: cargo xtask lexicons [--raw DIR]".into()),
    };
    for language in Language::ALL {
        let source = raw.join(format!("{}-raw.txt", language.code()));
        let text = std::fs::read_to_string(&source).map_err(|e| format!("{}: {e}", source.display()))?;
        let words: BTreeSet<Vec<u8>> = text
            .lines()
            .filter_map(|line| language.crossword_word(line))
            .map(|tiles| tiles.into_iter().map(|l| l.0).collect())
            .collect();
        let mut out = String::new();
        for word in &words {
            for letter in word {
                out.push_str(language.label(wocable_lexicon::Letter(*letter)));
            }
            out.push('\n');
        }
        let target = root().join(format!("lexicons/{}.txt", language.code()));
        let temporary = target.with_extension("txt.tmp");
        std::fs::write(&temporary, out).map_err(|e| format!("{}: {e}", temporary.display()))?;
        std::fs::rename(&temporary, &target).map_err(|e| format!("{}: {e}", target.display()))?;
        eprintln!("xtask: {} words in {}", words.len(), target.display());
    }
    Ok(())
}
