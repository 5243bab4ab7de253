//! `cargo xtask <task>`: the project's set-up and checks, runnable on a
//! fresh Debian machine.
//!
//! - `play`          builds and runs the app (the `play` profile: optimised,
//!   incremental).
//! - `test`          everything CI checks: formatting, clippy, all tests
//!   (the server's again on a throwaway PostgreSQL cluster), and the web
//!   build (`wasm32-unknown-unknown`): clippy, then a check
//!   in headless Chromium that it starts, finds its save after a reload,
//!   says why when a word list cannot be fetched, starts its sound at
//!   the player's first tap, keeps a word list imported in IndexedDB,
//!   plays online from a room's link, served by wocable-server, against
//!   a CLI bot, and shows a Web Push message as a notification.
//! - `web [--serve [--port N] | --check]` builds the app for the browser
//!   into `target/web-dist/` (wasm-bindgen), and serves it on
//!   127.0.0.1, or runs the browser check that `test` runs (on a build
//!   with the `dev` feature, for its `?demo`).
//! - `android`, `ios` build the phone apps where their SDKs are, and say
//!   what is missing where they are not (see `mobile`).
//! - `assets DIR` writes the app's assets with the word lists into DIR,
//!   as the web and phone builds carry them (the iOS build phase runs it).
//! - `lexicons [--raw DIR]` regenerates `lexicons/<lang>.txt` from their
//!   sources (`lexicons/fetch.sh`), or from raw lists already in DIR.
//! - `leaves`        relearns the Champion's leave values by self-play
//!   (`crates/crossword/data/leaves-<lang>.txt`).

mod browser;
mod devtools;
mod mobile;
mod postgres;
mod testing;
mod web;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};
use testing::test;
use web::{web, write_app_assets};
use wocable_lexicon::Language;

/// Debian packages the app needs to build (Bevy: ALSA, udev).
const BUILD_PACKAGES: &[&str] = &["pkg-config", "libasound2-dev", "libudev-dev"];
/// What running the window needs (winit opens Xlib, Xlib-xcb, Xcursor and
/// XInput2 at run time; Vulkan with Mesa's drivers where no other is).
const PLAY_PACKAGES: &[&str] = &[
    "libx11-6",
    "libx11-xcb1",
    "libxcursor1",
    "libxi6",
    "libxrandr2",
    "libxkbcommon-x11-0",
    "libvulkan1",
    "mesa-vulkan-drivers",
];
/// The window test runs the window under Xvfb (software Vulkan), and
/// records its sound with a PulseAudio server of its own (which ALSA
/// reaches through its pulse plugin).
/// The server's tests run again on PostgreSQL.
const TEST_PACKAGES: &[&str] =
    &["xvfb", "xauth", "pulseaudio", "pulseaudio-utils", "libasound2-plugins", "postgresql", "postgresql-client"];
/// The browser check runs the web build in headless Chromium.
const BROWSER_PACKAGES: &[&str] = &["chromium"];
/// The web build is measured compressed as servers send it (gzip, brotli).
const WEB_PACKAGES: &[&str] = &["brotli"];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("test") => test(),
        Some("play") => play(&args[1..]),
        Some("web") => web(&args[1..]),
        Some("lexicons") => lexicons(&args[1..]),
        Some("leaves") => leaves(),
        Some("server") => server(&args[1..]),
        Some("android") => mobile::android(),
        Some("ios") => mobile::ios(),
        Some("assets") if args.len() == 2 => write_app_assets(Path::new(&args[1])),
        _ => Err("usage: cargo xtask play | test | web [--serve [--port N] | --check] | server [ARGS] \
                  | android | ios | assets DIR | lexicons [--raw DIR] | leaves"
            .to_string()),
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
    run_in(&root(), command)
}

/// Runs `command` in `dir`, saying what runs; an error if it fails.
fn run_in(dir: &Path, command: &mut Command) -> Result<(), String> {
    let shown = format!("{command:?}");
    eprintln!("xtask: running {shown}");
    let status = command.current_dir(dir).status().map_err(|e| format!("cannot start {shown}: {e}"))?;
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

/// Runs a phase of `test`, saying how long it took.
fn timed<T>(phase: &str, work: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    let started = Instant::now();
    let result = work();
    let outcome = if result.is_ok() { "done" } else { "failed" };
    eprintln!("xtask: ── {phase}: {outcome} in {}", minutes(started.elapsed()));
    result
}

fn minutes(time: Duration) -> String {
    let seconds = time.as_secs();
    format!("{} min {:02} s", seconds / 60, seconds % 60)
}

fn ensure_target(triple: &str) -> Result<(), String> {
    let installed = Command::new("rustup").args(["target", "list", "--installed"]).output();
    if installed.is_ok_and(|o| String::from_utf8_lossy(&o.stdout).lines().any(|l| l.trim() == triple)) {
        return Ok(());
    }
    run(Command::new("rustup").args(["target", "add", triple]))
}

fn play(args: &[String]) -> Result<(), String> {
    // Before a long build, as the game itself checks before its window.
    let unix_desktop = cfg!(all(unix, not(target_os = "macos")));
    if unix_desktop && ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"].iter().all(|v| std::env::var_os(v).is_none()) {
        return Err("the game opens a window and needs a desktop session (neither DISPLAY nor WAYLAND_DISPLAY \
                    is set); without one, run it under Xvfb: xvfb-run -a cargo xtask play"
            .into());
    }
    ensure_packages(BUILD_PACKAGES)?;
    ensure_packages(PLAY_PACKAGES)?;
    run(cargo()
        .args(["run", "--profile", "play", "--package", "wocable", "--"])
        .args(args)
        .env("BEVY_ASSET_ROOT", root()))
}

/// Builds and runs wocable-server (optimised, as `play` builds the app);
/// its defaults work on one machine: 127.0.0.1:3536, a database in the
/// data folder. Arguments go to the server (`--help` lists them).
fn server(args: &[String]) -> Result<(), String> {
    run(cargo().args(["run", "--profile", "play", "--package", "wocable-server", "--"]).args(args))
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root().join("target"))
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
