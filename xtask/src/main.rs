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
//!   and plays online from a room's link, served by wocable-server,
//!   against a CLI bot.
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

mod devtools;
mod mobile;
mod postgres;

use devtools::Browser;
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::io::Write;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
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
/// The web build's budget: the wasm file raw, and as brotli sends it.
const WASM_BUDGET: u64 = 20_000_000;
const WASM_BROTLI_BUDGET: u64 = 6_000_000;
/// Binaryen's optimiser as npm ships it (compiled to wasm, run by Node):
/// Debian's (Binaryen 108) breaks the table of JavaScript objects that
/// wasm-bindgen makes.
const BINARYEN: &str = "binaryen@132.0.0";
/// The first frame comes this soon after the page starts loading.
const FIRST_FRAME_BUDGET_MS: f64 = 3_000.0;
const WASM_TARGET: &str = "wasm32-unknown-unknown";

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

fn test() -> Result<(), String> {
    let started = Instant::now();
    // Every package in one go: one `apt-get update`, not one a phase.
    let packages =
        [BUILD_PACKAGES, PLAY_PACKAGES, TEST_PACKAGES, BROWSER_PACKAGES, WEB_PACKAGES, mobile::CHECK_PACKAGES].concat();
    timed("system packages", || ensure_packages(&packages))?;
    timed("rustfmt", || run(cargo().args(["fmt", "--all", "--check"])))?;
    let web =
        ensure_target(WASM_TARGET).inspect_err(|reason| eprintln!("xtask: WARNING: web build not checked: {reason}"));
    // The web build ends in minutes on one core (fat LTO, then wasm-opt):
    // it runs beside the native build and the tests, which keep the other
    // one busy, and says what it did in a log of its own.
    let log = target_dir().join("xtask-web.log");
    let (native, dist) = std::thread::scope(|scope| {
        let dist = web.is_ok().then(|| scope.spawn(|| timed("web build, linted (beside)", || web_build_linted(&log))));
        let native =
            timed("native build of every target, linted", || run(build_tests().args(["--all-targets", "--no-run"])))
                .and_then(|()| timed("phone projects", mobile::check))
                .and_then(|()| timed("tests", native_tests));
        (native, dist.map(|handle| handle.join().unwrap_or_else(|_| Err("the web build's thread panicked".into()))))
    });
    if let Some(Err(reason)) = &dist {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        eprintln!("xtask: the web build's log ({}):\n{text}", log.display());
        native?;
        return Err(reason.clone());
    }
    native?;
    if let Some(Ok(dist)) = dist {
        timed("browser check", || browser_check_of(&dist))?;
    }
    eprintln!("xtask: everything checked in {}", minutes(started.elapsed()));
    Ok(())
}

/// Every test program, the server's suites on PostgreSQL too, and the
/// doctests. The window test must run here, not skip for want of Xvfb.
fn native_tests() -> Result<(), String> {
    let programs = test_programs()?;
    // Each server test on a database of its own in a throwaway cluster.
    let cluster = postgres::Cluster::start()?;
    let on_postgres = programs.iter().filter(|program| program.name == SERVER_TESTS);
    let runs: Vec<TestRun> = programs
        .iter()
        .map(|program| TestRun { program, postgres: None })
        .chain(on_postgres.map(|program| TestRun { program, postgres: Some(&cluster.url) }))
        .collect();
    run_tests(&runs)?;
    run(build_tests().arg("--doc"))
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

/// The server's integration tests, which run on PostgreSQL as well as on
/// SQLite.
const SERVER_TESTS: &str = "server";
/// How many test programs run at once: most of their time they wait on
/// clocks, sockets and other processes rather than compute.
const TEST_PROGRAMS_AT_ONCE: usize = 3;

/// A test program that `cargo test --workspace` runs, and its package's
/// folder, in which cargo runs it.
struct TestProgram {
    name: String,
    path: PathBuf,
    package: PathBuf,
}

/// The programs of the tests, built and linted first (as `build_tests`).
fn test_programs() -> Result<Vec<TestProgram>, String> {
    let mut build = build_tests();
    build.args(["--no-run", "--message-format=json-render-diagnostics"]).current_dir(root());
    eprintln!("xtask: running {build:?}");
    let output = build.stderr(Stdio::inherit()).output().map_err(|e| format!("cannot start cargo: {e}"))?;
    if !output.status.success() {
        return Err(format!("building the tests failed ({})", output.status));
    }
    let mut programs = Vec::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Ok(message) = serde_json::from_str::<Value>(line) else { continue };
        let (Some(path), Some(manifest), Some(name)) =
            (message["executable"].as_str(), message["manifest_path"].as_str(), message["target"]["name"].as_str())
        else {
            continue;
        };
        if message["reason"] == "compiler-artifact" && message["profile"]["test"] == true {
            let package = Path::new(manifest).parent().ok_or("a manifest without a folder")?.to_path_buf();
            programs.push(TestProgram { name: name.to_string(), path: path.into(), package });
        }
    }
    Ok(programs)
}

/// A test program to run, on PostgreSQL at this address or on SQLite.
struct TestRun<'a> {
    program: &'a TestProgram,
    postgres: Option<&'a str>,
}

impl TestRun<'_> {
    fn label(&self) -> String {
        let on = if self.postgres.is_some() { " on PostgreSQL" } else { "" };
        let package = self.program.package.strip_prefix(root()).unwrap_or(&self.program.package);
        let package = if package.as_os_str().is_empty() { Path::new(".") } else { package };
        format!("{}: {}{on}", package.display(), self.program.name)
    }
}

/// Runs the test programs a few at once (cargo runs one after another),
/// the slowest of the last run first. The times are kept in the target
/// folder for the next run's order.
fn run_tests(runs: &[TestRun]) -> Result<(), String> {
    let times_file = target_dir().join("xtask-test-times.json");
    let last: Value = std::fs::read(&times_file).ok().and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or_default();
    // Programs not timed yet go first: they may be slow.
    let last_time = |run: &TestRun| last[run.label()].as_f64().unwrap_or(f64::INFINITY);
    let mut order: Vec<&TestRun> = runs.iter().collect();
    order.sort_by(|a, b| last_time(b).total_cmp(&last_time(a)));
    let queue = std::sync::Mutex::new(order.into_iter());
    let next = || queue.lock().ok().and_then(|mut queue| queue.next());
    let results: Vec<TestOutcome> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..TEST_PROGRAMS_AT_ONCE)
            .map(|_| scope.spawn(|| std::iter::from_fn(next).map(run_test).collect::<Vec<_>>()))
            .collect();
        workers.into_iter().flat_map(|worker| worker.join().unwrap_or_default()).collect()
    });
    let times: serde_json::Map<String, Value> =
        results.iter().map(|outcome| (outcome.label.clone(), json!(outcome.seconds))).collect();
    // Only a hint for the next run's order: failing to keep it is no failure.
    let _ = std::fs::write(&times_file, Value::Object(times).to_string());
    let tally = results.iter().fold(Tally::default(), |sum, outcome| sum.add(&outcome.tally));
    eprintln!("tests: {} passed, {} failed, {} skipped", tally.passed, tally.failed, tally.ignored);
    let failed: Vec<&str> =
        results.iter().filter(|outcome| !outcome.passed).map(|outcome| outcome.label.as_str()).collect();
    if results.len() != runs.len() {
        return Err(format!("only {} of {} test programs ran", results.len(), runs.len()));
    }
    if failed.is_empty() { Ok(()) } else { Err(format!("tests failed: {}", failed.join(", "))) }
}

/// Runs one test program as cargo runs it (in its package's folder) and
/// shows its output in one piece, as cargo would (each test and the
/// tally), with how long it took; stderr too if it failed.
fn run_test(run: &TestRun) -> TestOutcome {
    let started = Instant::now();
    let mut command = Command::new(&run.program.path);
    command.current_dir(&run.program.package).env("WOCABLE_REQUIRE_WINDOW", "1");
    if let Some(url) = run.postgres {
        command.env("WOCABLE_TEST_POSTGRES", url);
    }
    let output = command.output();
    let seconds = started.elapsed().as_secs_f64();
    let label = run.label();
    let output = match output {
        Ok(output) => output,
        Err(e) => {
            eprintln!("xtask: FAILED {label}: cannot start {}: {e}", run.program.path.display());
            return TestOutcome { label, seconds, passed: false, tally: Tally::default() };
        }
    };
    let out = String::from_utf8_lossy(&output.stdout);
    let passed = output.status.success();
    if passed {
        eprintln!("xtask: passed {label} in {seconds:.1} s:\n{out}");
    } else {
        let err = String::from_utf8_lossy(&output.stderr);
        eprintln!("xtask: FAILED {label} ({}) in {seconds:.1} s:\n{out}{err}", output.status);
    }
    let mut tally = Tally::of(&out);
    // A program that crashed may not have said which test failed.
    if !passed && tally.failed == 0 {
        tally.failed = 1;
    }
    TestOutcome { label, seconds, passed, tally }
}

/// How one test program went.
struct TestOutcome {
    label: String,
    seconds: f64,
    passed: bool,
    tally: Tally,
}

/// Tests counted as libtest counts them.
#[derive(Default)]
struct Tally {
    passed: u64,
    failed: u64,
    ignored: u64,
}

impl Tally {
    /// The counts in libtest's closing line (`test result: ok. 3 passed;
    /// 0 failed; 1 ignored; …`) of a program's output.
    fn of(output: &str) -> Tally {
        let mut tally = Tally::default();
        for line in output.lines().filter(|line| line.starts_with("test result:")) {
            for part in line.split(['.', ';']) {
                let mut words = part.split_whitespace();
                let (Some(count), Some(what)) = (words.next().and_then(|n| n.parse::<u64>().ok()), words.next()) else {
                    continue;
                };
                match what {
                    "passed" => tally.passed += count,
                    "failed" => tally.failed += count,
                    "ignored" => tally.ignored += count,
                    _ => {}
                }
            }
        }
        tally
    }

    fn add(self, other: &Tally) -> Tally {
        Tally {
            passed: self.passed + other.passed,
            failed: self.failed + other.failed,
            ignored: self.ignored + other.ignored,
        }
    }
}

/// `cargo test --workspace`, with clippy's lints (`-D warnings`) on the
/// workspace's crates as it builds them: `cargo clippy` only checks, so
/// beside a build it compiled every dependency a second time. Every
/// `cargo test` of `test` runs this way, or the workspace's crates would
/// build again (cargo tracks the wrapper).
fn build_tests() -> Command {
    let mut command = linted_cargo();
    command.args(["test", "--workspace"]);
    command
}

/// Cargo whose builds lint the workspace's crates as `cargo clippy --
/// -D warnings` does (it runs clippy's driver the same way).
fn linted_cargo() -> Command {
    let mut command = cargo();
    command.env("RUSTC_WORKSPACE_WRAPPER", clippy_driver()).env("CLIPPY_ARGS", "-D__CLIPPY_HACKERY__warnings");
    command
}

/// The toolchain's `clippy-driver` (`rust-toolchain.toml` asks for clippy).
fn clippy_driver() -> PathBuf {
    let sysroot = Command::new("rustc").args(["--print", "sysroot"]).output();
    let sysroot = sysroot.map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string()).unwrap_or_default();
    Path::new(&sysroot).join("bin").join("clippy-driver")
}

/// The web build that the browser check loads (with the `dev` feature),
/// linted for wasm32 as it builds; then, while wasm-opt keeps one core
/// busy, the app's library linted as released, without `dev` (its
/// dependencies built already). Every command's output goes to `log`.
fn web_build_linted(log: &Path) -> Result<PathBuf, String> {
    let output = Output::Log(log.to_path_buf());
    std::fs::write(log, "").map_err(|e| format!("{}: {e}", log.display()))?;
    build_wasm(Build::Dev, linted_cargo, &output)?;
    std::thread::scope(|scope| {
        let release_lint = scope.spawn(|| {
            let mut release = linted_cargo();
            release.args(["build", "--lib", "--package", "wocable", "--no-default-features", "--profile", "web"]);
            output.run(release.args(["--target", WASM_TARGET]))
        });
        let dist = package_web(&output);
        release_lint.join().unwrap_or_else(|_| Err("the release lint's thread panicked".into()))?;
        dist
    })
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

/// The `wasm-bindgen` version in Cargo.lock: the CLI must be the same.
fn wasm_bindgen_version() -> Result<String, String> {
    let lock = std::fs::read_to_string(root().join("Cargo.lock")).map_err(|e| format!("Cargo.lock: {e}"))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == "name = \"wasm-bindgen\"" {
            let version = lines.next().and_then(|l| l.strip_prefix("version = \"")?.strip_suffix('"'));
            return version.map(str::to_string).ok_or_else(|| "Cargo.lock: no wasm-bindgen version".into());
        }
    }
    Err("Cargo.lock has no wasm-bindgen".into())
}

fn web(args: &[String]) -> Result<(), String> {
    let port = match args {
        [] => return build_web(Build::Release, cargo, &Output::Terminal).map(drop),
        [check] if check == "--check" => return browser_check(),
        [serve] if serve == "--serve" => 8080,
        [serve, flag, port] if serve == "--serve" && flag == "--port" => {
            port.parse().map_err(|_| format!("not a port: {port}"))?
        }
        _ => return Err("usage: cargo xtask web [--serve [--port N] | --check]".into()),
    };
    let out = build_web(Build::Release, cargo, &Output::Terminal)?;
    let listener = TcpListener::bind(("127.0.0.1", port)).map_err(|e| format!("port {port}: {e}"))?;
    eprintln!("xtask: serving {} on http://127.0.0.1:{port}/", out.display());
    serve_dir(listener, &out, Arc::default());
    Ok(())
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root().join("target"))
}

/// A build as released, or with the `dev` feature (the scripted tour,
/// the web's `?demo`) for the checks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Build {
    Release,
    Dev,
}

/// Where a command's output goes: the terminal, or a log (for work that
/// runs beside other work).
enum Output {
    Terminal,
    Log(PathBuf),
}

impl Output {
    fn run(&self, command: &mut Command) -> Result<(), String> {
        let Output::Log(log) = self else { return run(command) };
        let open = || {
            std::fs::OpenOptions::new()
                .append(true)
                .create(true)
                .open(log)
                .map_err(|e| format!("{}: {e}", log.display()))
        };
        let shown = format!("{command:?}");
        writeln!(open()?, "xtask: running {shown}").map_err(|e| format!("{}: {e}", log.display()))?;
        let status = command.current_dir(root()).stdout(open()?).stderr(open()?).status();
        let status = status.map_err(|e| format!("cannot start {shown}: {e}"))?;
        if status.success() { Ok(()) } else { Err(format!("{shown} failed ({status}); see {}", log.display())) }
    }
}

/// Builds the app for the browser into `target/web-dist/`, which it
/// returns, with cargo as `cargo` makes it.
fn build_web(build: Build, cargo: fn() -> Command, output: &Output) -> Result<PathBuf, String> {
    build_wasm(build, cargo, output)?;
    package_web(output)
}

/// The app's wasm, as cargo builds it for `build`.
fn build_wasm(build: Build, cargo: fn() -> Command, output: &Output) -> Result<(), String> {
    ensure_target(WASM_TARGET)?;
    ensure_packages(WEB_PACKAGES)?;
    let mut cargo_build = cargo();
    cargo_build.args(["build", "--profile", "web", "--package", "wocable", "--target", WASM_TARGET]);
    if build == Build::Release {
        cargo_build.arg("--no-default-features");
    }
    output.run(&mut cargo_build)
}

/// The wasm that cargo built last, bound to JavaScript and optimised,
/// with the page, its assets and its service worker: the web build in
/// `target/web-dist/`, which it returns.
fn package_web(output: &Output) -> Result<PathBuf, String> {
    let out = target_dir().join("web-dist");
    let wasm = target_dir().join(WASM_TARGET).join("web/wocable.wasm");
    // wasm-bindgen and wasm-opt take minutes: only for a wasm that cargo
    // has not built before (known by its size and time).
    let source = target_dir().join("web-dist.source");
    let built = std::fs::metadata(&wasm).and_then(|m| m.modified().map(|time| format!("{} {time:?}", m.len())));
    let built = built.map_err(|e| format!("{}: {e}", wasm.display()))?;
    if std::fs::read_to_string(&source).ok().as_ref() != Some(&built) || !out.join("wocable_bg.wasm").exists() {
        bind_and_optimise(&wasm, &out, output)?;
        std::fs::write(&source, built).map_err(|e| format!("{}: {e}", source.display()))?;
    }
    for file in ["index.html", "manifest.webmanifest"] {
        std::fs::copy(root().join("web").join(file), out.join(file)).map_err(|e| format!("{file}: {e}"))?;
    }
    copy_dir(&root().join("web/icons"), &out.join("icons"))?;
    write_app_assets(&out.join("assets"))?;
    write_service_worker(&out)?;
    eprintln!("xtask: the web build is in {}", out.display());
    Ok(out)
}

/// The wasm from cargo, bound to JavaScript and optimised into `out`.
fn bind_and_optimise(wasm: &Path, out: &Path, output: &Output) -> Result<(), String> {
    output.run(
        Command::new(wasm_bindgen(output)?)
            .args([
                "--target",
                "web",
                "--no-typescript",
                "--remove-name-section",
                "--remove-producers-section",
                "--out-name",
                "wocable",
                "--out-dir",
            ])
            .arg(out)
            .arg(wasm),
    )?;
    // Binaryen takes an eighth off what LLVM left, in a couple of minutes.
    let bound = out.join("wocable_bg.wasm");
    let optimised = out.join("wocable_bg.opt.wasm");
    output.run(Command::new("node").arg(wasm_opt(output)?).arg("-Oz").arg(&bound).arg("-o").arg(&optimised))?;
    std::fs::rename(&optimised, &bound).map_err(|e| format!("{}: {e}", bound.display()))?;
    Ok(())
}

/// The `wasm-bindgen` program of the version in Cargo.lock (it must be
/// the same as the library's), built once into the target folder: no
/// registry this project reaches has it built.
fn wasm_bindgen(output: &Output) -> Result<PathBuf, String> {
    let version = wasm_bindgen_version()?;
    let dir = target_dir().join("tools").join(format!("wasm-bindgen-{version}"));
    let program = dir.join("bin/wasm-bindgen");
    if !program.exists() {
        eprintln!("xtask: building wasm-bindgen-cli {version} (takes a few minutes, once)");
        // Not `--locked`: its lock file names a crate the registry no longer
        // serves (webpki-roots 1.0.11).
        let mut install = cargo();
        install.args(["install", "wasm-bindgen-cli", "--version", &version, "--root"]).arg(&dir);
        output.run(&mut install)?;
    }
    Ok(program)
}

/// Binaryen's `wasm-opt`, installed from npm into the target folder once
/// (with Node and npm, if the machine lacks them).
fn wasm_opt(output: &Output) -> Result<PathBuf, String> {
    if !mobile::answers(Command::new("npm").arg("--version")) {
        ensure_packages(&["nodejs", "npm"])?;
    }
    let dir = target_dir().join("tools").join(BINARYEN.replace('@', "-"));
    let program = dir.join("node_modules/binaryen/bin/wasm-opt");
    if !program.exists() {
        eprintln!("xtask: installing Binaryen's wasm-opt ({BINARYEN}) from npm");
        output.run(
            Command::new("npm").args(["install", "--no-audit", "--no-fund", "--prefix"]).arg(&dir).arg(BINARYEN),
        )?;
    }
    Ok(program)
}

/// The app's assets in `dir`, with the word lists that the web and phone
/// builds fetch or read when a game needs one (`src/lexicons.rs`), and the
/// lists' licences beside them.
fn write_app_assets(dir: &Path) -> Result<(), String> {
    copy_dir(&root().join("assets"), dir)?;
    let lexicons = dir.join("lexicons");
    std::fs::create_dir_all(&lexicons).map_err(|e| format!("{}: {e}", lexicons.display()))?;
    for language in Language::ALL {
        let (set, graph) = wocable_lexicon::Lexicon::bundled_files(language);
        for (extension, bytes) in [("fst", set), ("gaddag", graph)] {
            let file = lexicons.join(format!("{}.{extension}", language.code()));
            std::fs::write(&file, bytes).map_err(|e| format!("{}: {e}", file.display()))?;
        }
    }
    std::fs::copy(root().join("lexicons/LICENSES.md"), dir.join("LEXICONS.md"))
        .map_err(|e| format!("lexicons/LICENSES.md: {e}"))?;
    Ok(())
}

/// `web/sw.js` with this build's fingerprint (a hash of its wasm, so that
/// browsers replace the kept app when it changes) and its sounds to keep.
fn write_service_worker(out: &Path) -> Result<(), String> {
    let wasm = std::fs::read(out.join("wocable_bg.wasm")).map_err(|e| format!("wocable_bg.wasm: {e}"))?;
    // FNV-1a: enough to tell builds apart.
    let fingerprint = wasm
        .iter()
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3));
    let sounds_dir = out.join("assets/sounds");
    let mut sounds: Vec<String> = std::fs::read_dir(&sounds_dir)
        .map_err(|e| format!("{}: {e}", sounds_dir.display()))?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".ogg"))
        .map(|name| format!("\"assets/sounds/{name}\""))
        .collect();
    sounds.sort();
    let worker = std::fs::read_to_string(root().join("web/sw.js")).map_err(|e| format!("web/sw.js: {e}"))?;
    let worker = worker.replace("__BUILD__", &format!("{fingerprint:016x}")).replace("__SOUNDS__", &sounds.join(", "));
    std::fs::write(out.join("sw.js"), worker).map_err(|e| format!("sw.js: {e}"))
}

/// The wasm file's size raw, gzipped and brotli-compressed (as servers
/// send it, at their highest settings), each within its budget.
fn wasm_sizes(dist: &Path) -> Result<String, String> {
    let wasm = dist.join("wocable_bg.wasm");
    let raw = std::fs::metadata(&wasm).map_err(|e| format!("{}: {e}", wasm.display()))?.len();
    let compressed = |program: &str, args: &[&str]| -> Result<u64, String> {
        let output =
            Command::new(program).args(args).arg(&wasm).output().map_err(|e| format!("cannot start {program}: {e}"))?;
        if !output.status.success() {
            return Err(format!("{program} failed: {}", String::from_utf8_lossy(&output.stderr)));
        }
        Ok(output.stdout.len() as u64)
    };
    let gzip = compressed("gzip", &["-9", "-c"])?;
    let brotli = compressed("brotli", &["-q", "11", "-c"])?;
    let megabytes = |bytes: u64| bytes as f64 / 1e6;
    let sizes = format!(
        "wasm {:.1} MB raw, {:.1} MB gzipped, {:.1} MB brotli",
        megabytes(raw),
        megabytes(gzip),
        megabytes(brotli)
    );
    if raw > WASM_BUDGET || brotli > WASM_BROTLI_BUDGET {
        return Err(format!(
            "the web build is over its budget ({:.0} MB raw, {:.0} MB brotli): {sizes}",
            megabytes(WASM_BUDGET),
            megabytes(WASM_BROTLI_BUDGET)
        ));
    }
    Ok(sizes)
}

fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for entry in std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let name = path.file_name().ok_or("a file without a name")?;
        if path.is_dir() {
            copy_dir(&path, &to.join(name))?;
        } else {
            std::fs::copy(&path, to.join(name)).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// A small static file server, enough to load the web build; it serves
/// until the process ends, answering nothing while `down` (as if the
/// network were gone).
fn serve_dir(listener: TcpListener, dir: &Path, down: Arc<AtomicBool>) {
    use std::io::{BufRead, BufReader, Write};
    for stream in listener.incoming().flatten() {
        if down.load(Ordering::SeqCst) {
            continue;
        }
        let dir = dir.to_path_buf();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(&stream);
            let mut request = String::new();
            if reader.read_line(&mut request).is_err() {
                return;
            }
            let path = request.split_whitespace().nth(1).unwrap_or("/");
            let path = path.split('?').next().unwrap_or("/").trim_start_matches('/');
            let path = if path.is_empty() { "index.html" } else { path };
            let file = (!path.split('/').any(|part| part == "..")).then(|| dir.join(path));
            let mut stream = &stream;
            let _ = match file.and_then(|f| std::fs::read(&f).ok().map(|body| (f, body))) {
                Some((file, body)) => {
                    let kind = match file.extension().and_then(|e| e.to_str()) {
                        Some("html") => "text/html; charset=utf-8",
                        Some("js") => "text/javascript",
                        Some("wasm") => "application/wasm",
                        Some("ogg") => "audio/ogg",
                        Some("png") => "image/png",
                        Some("svg") => "image/svg+xml",
                        Some("webmanifest") => "application/manifest+json",
                        Some("otf") => "font/otf",
                        _ => "application/octet-stream",
                    };
                    let head = format!(
                        "HTTP/1.1 200 OK\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                        body.len()
                    );
                    stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(&body))
                }
                None => stream.write_all(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"),
            };
        });
    }
}

/// The web build in headless Chromium, observed through the page's title,
/// which the app sets per screen. (a) It starts and shows the home screen:
/// "Wocable" with nothing saved (the page's own title is "Wocable…").
/// (b) `?demo` plays a move (and goes home), the title showing the game;
/// a reload finds the same game in local storage. The loads share one
/// browser profile, so local storage lasts from one to the next. (c) and
/// (d): see [`failed_fetch_and_first_gesture`]; (e): [`a_join_link`];
/// (f): [`an_app_that_cannot_be_fetched`].
fn browser_check() -> Result<(), String> {
    browser_check_of(&build_web(Build::Dev, cargo, &Output::Terminal)?)
}

/// The browser check of a web build with the `dev` feature in `dist`.
fn browser_check_of(dist: &Path) -> Result<(), String> {
    ensure_packages(BROWSER_PACKAGES)?;
    let listener = TcpListener::bind(("127.0.0.1", 0)).map_err(|e| format!("no port to serve on: {e}"))?;
    let url = format!("http://{}/", listener.local_addr().map_err(|e| e.to_string())?);
    let served = dist.to_path_buf();
    let down = Arc::new(AtomicBool::new(false));
    let server_down = down.clone();
    std::thread::spawn(move || serve_dir(listener, &served, server_down));
    let dir = target_dir().join("web-check");
    match std::fs::remove_dir_all(&dir) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(format!("{}: {e}", dir.display())),
        _ => std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?,
    }
    let started = Instant::now();
    let home = |page: &str| (title_of(page) == Some("Wocable") && page.contains("<canvas")).then_some(());
    if load_until(&dir, "home", &url, false, home)?.is_none() {
        return Err(format!("no home screen in Chromium (see {})", dir.display()));
    }
    let demo = |page: &str| title_of(page).and_then(saved_game).map(str::to_string);
    let Some(saved) = load_until(&dir, "demo", &format!("{url}?demo"), true, demo)? else {
        return Err(format!("the demo left no saved game with Ana's move (see {})", dir.display()));
    };
    let offered =
        |page: &str| title_of(page).and_then(|title| title.strip_prefix("Wocable — Continue: ")).map(str::to_string);
    let reload = load_until(&dir, "reload", &url, false, |page| offered(page).filter(|game| *game == saved))?;
    if reload.is_none() {
        return Err(format!(
            "after a reload the home screen does not offer the saved game {saved:?} (see {})",
            dir.display()
        ));
    }
    failed_fetch_and_first_gesture(&dir, &url)?;
    an_app_that_cannot_be_fetched(&dir, &url)?;
    a_word_list_of_the_players(&dir, &url)?;
    a_join_link(&dir, dist)?;
    let first_frame = offline_after_a_visit(&dir, &url, &down)?;
    let sizes = wasm_sizes(dist)?;
    eprintln!(
        "xtask: the web build runs in Chromium, finds its save again, says why a word list is missing, \
         starts its sound at a tap, says when the app cannot load, keeps a word list imported in IndexedDB, \
         plays online from a join link and offline once visited ({:.0} s); first frame after {first_frame:.0} ms; \
         {sizes}",
        started.elapsed().as_secs_f32()
    );
    Ok(())
}

/// (c) In a fresh browser whose fetch of the English word graph fails,
/// `?demo` cannot start its game: the app says why and stays home, with
/// nothing saved. (d) Under desktop Chrome's autoplay policy (headless
/// Chromium has none of its own), the app's audio is suspended until the
/// player's first gesture (`web/index.html` resumes it): a tap, then its
/// clock runs.
fn failed_fetch_and_first_gesture(dir: &Path, url: &str) -> Result<(), String> {
    let log = dir.join("gesture.log");
    let mut browser =
        Browser::start(&dir.join("gesture-profile"), &log, &["--autoplay-policy=document-user-activation-required"])?;
    eprintln!("xtask: loading {url}?demo in headless Chromium, without the English word graph, to tap it");
    browser.open()?;
    browser.call("Network.enable", json!({}))?;
    browser.call("Network.setBlockedURLs", json!({ "urls": ["*/lexicons/en.gaddag"] }))?;
    browser.call("Page.navigate", json!({ "url": format!("{url}?demo") }))?;
    let read_log = || std::fs::read_to_string(&log).map_err(|e| format!("{}: {e}", log.display()));
    let failed = Instant::now() + Duration::from_secs(300);
    while !read_log()?.contains("the word list could not be fetched") {
        if Instant::now() > failed {
            return Err(format!("no word of the failed fetch in 5 minutes (see {})", log.display()));
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    let title = browser.evaluate("document.title")?;
    if title != "Wocable" {
        return Err(format!(
            "without its word list the demo should stay home with nothing saved; the title is {title}"
        ));
    }
    let states = "window.wocableAudio.map((context) => context.state).join()";
    let before = browser.evaluate(states)?;
    if before != "suspended" {
        return Err(format!("before any gesture the app's audio should be suspended, it is {before}"));
    }
    // On the corner of the home screen, away from its buttons. A tap, as
    // on a phone: its start is no gesture to the browser, its end is.
    browser.tap(8.0, 8.0)?;
    let running = |states: &Value| (states == "running").then_some(());
    if browser.wait_for(states, Duration::from_secs(30), running)?.is_none() {
        return Err(format!("a tap did not start the app's audio: {}", browser.evaluate(states)?));
    }
    let clock = "window.wocableAudio[0].currentTime";
    let start = browser.evaluate(clock)?.as_f64().unwrap_or(0.0);
    std::thread::sleep(Duration::from_secs(1));
    let later = browser.evaluate(clock)?.as_f64().unwrap_or(0.0);
    if later < start + 0.5 {
        return Err(format!("the app's audio does not advance: {start} s, then {later} s a second later"));
    }
    Ok(())
}

/// (f) Settings → Word lists in the browser (`#/word-lists`): a file set on
/// the screen's file input, as the browser's picker sets it, is built a
/// step a frame and kept in IndexedDB; after a reload the app reads it
/// back from there.
fn a_word_list_of_the_players(dir: &Path, url: &str) -> Result<(), String> {
    let list = dir.join("club.txt");
    let letters = || (b'A'..=b'Z').map(char::from);
    let words: String = letters().flat_map(|a| letters().map(move |b| format!("{a}{b}\n"))).collect();
    std::fs::write(&list, words).map_err(|e| format!("{}: {e}", list.display()))?;
    let log = dir.join("word-list.log");
    let read_log = || std::fs::read_to_string(&log).map_err(|e| format!("{}: {e}", log.display()));
    let wait_in_log = |what: &str| -> Result<(), String> {
        let deadline = Instant::now() + Duration::from_secs(300);
        while !read_log()?.contains(what) {
            if Instant::now() > deadline {
                return Err(format!("no \"{what}\" in 5 minutes (see {})", log.display()));
            }
            std::thread::sleep(Duration::from_millis(500));
        }
        Ok(())
    };
    let mut browser = Browser::start(&dir.join("word-list-profile"), &log, &[])?;
    eprintln!("xtask: importing a word list in headless Chromium, then reloading");
    browser.open()?;
    browser.navigate(&format!("{url}#/word-lists"))?;
    let input = "document.getElementById('wocable-word-list-file') !== null";
    if browser.wait_for(input, Duration::from_secs(300), |shown| shown.as_bool().filter(|s| *s))?.is_none() {
        return Err(format!("the word lists screen never showed its file input (see {})", log.display()));
    }
    let document = browser.call("DOM.getDocument", json!({}))?;
    let selector = json!({ "nodeId": document["root"]["nodeId"], "selector": "#wocable-word-list-file" });
    let found = browser.call("DOM.querySelector", selector)?;
    browser.call("DOM.setFileInputFiles", json!({ "files": [list], "nodeId": found["nodeId"] }))?;
    wait_in_log("word list built")?;
    browser.screenshot(&dir.join("word-lists.png"))?;
    browser.navigate(url)?;
    wait_in_log("files read from the browser's storage: 1")
}

/// (g) Installable and offline: the first visit's first frame comes
/// within its budget (its time in ms is returned); its service worker
/// keeps the app, and `?demo` the English word list; then, with the
/// server answering nothing, `?demo` in a page with nothing saved loads
/// the app, starts a game and plays a move.
fn offline_after_a_visit(dir: &Path, url: &str, down: &AtomicBool) -> Result<f64, String> {
    let log = dir.join("offline.log");
    let mut browser = Browser::start(&dir.join("offline-profile"), &log, &[])?;
    eprintln!("xtask: visiting {url} in headless Chromium, then playing there with the server gone");
    browser.open()?;
    browser.navigate(url)?;
    let minutes = Duration::from_secs(300);
    let Some(first_frame) = browser.wait_for("window.wocableFirstFrameMs ?? null", minutes, Value::as_f64)? else {
        return Err(format!("the app never drew its first screen (see {})", log.display()));
    };
    if first_frame > FIRST_FRAME_BUDGET_MS {
        return Err(format!("the first frame came after {first_frame:.0} ms, over {FIRST_FRAME_BUDGET_MS:.0} ms"));
    }
    let kept = "navigator.serviceWorker.controller !== null";
    if browser.wait_for(kept, minutes, |kept| kept.as_bool().filter(|k| *k))?.is_none() {
        return Err(format!("no service worker took the page (see {})", log.display()));
    }
    let game_in_title = |title: &Value| title.as_str().and_then(saved_game).map(str::to_string);
    let demo = format!("{url}?demo");
    browser.navigate(&demo)?;
    if browser.wait_for("document.title", minutes, game_in_title)?.is_none() {
        return Err(format!("online, the demo played no move (see {})", log.display()));
    }
    browser.evaluate("localStorage.clear()")?;
    down.store(true, Ordering::SeqCst);
    browser.navigate(&demo)?;
    let offline = browser.wait_for("document.title", minutes, game_in_title);
    down.store(false, Ordering::SeqCst);
    browser.screenshot(&dir.join("offline.png"))?;
    if offline?.is_none() {
        return Err(format!("with the server gone, the demo played no move (see {})", log.display()));
    }
    Ok(first_frame)
}

/// A process of the check's, ended with it.
struct Process(std::process::Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The folder of the workspace's programs, built as `cargo xtask test`
/// builds them: after the tests this builds nothing (a build
/// of one package would unify other features, and build again).
fn built_programs() -> Result<PathBuf, String> {
    run(build_tests().arg("--no-run"))?;
    Ok(target_dir().join("debug"))
}

/// (e) A friend opens a room's link (§8.1). wocable-server serves the web
/// build beside the room; `wocable-cli online create` makes a room for
/// two; headless Chromium, with the player's name kept from before, opens
/// `SERVER/#/join/CODE` and by taps joins and shares the link from the
/// waiting room; a CLI bot takes the other seat, and the browser plays:
/// Hint, the first hint, Play, then Resign to end the game. The bot's
/// record of the game must hold the browser player's move.
///
/// Chromium runs with its defaults, as a player's does: it hides its
/// addresses behind mDNS names (`….local`), which the server's WebRTC
/// peer need not resolve: the server offers plain addresses, and learns
/// the browser's from its connectivity checks (peer-reflexive candidates).
fn a_join_link(dir: &Path, dist: &Path) -> Result<(), String> {
    let programs = built_programs()?;
    let (server, cli) = (programs.join("wocable-server"), programs.join("wocable-cli"));
    let mut child = Command::new(&server)
        .args(["--listen", "127.0.0.1:0", "--web"])
        .arg(dist)
        .arg("--db")
        .arg(dir.join("server.db"))
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(dir.join("server.log")).map_err(|e| format!("server.log: {e}"))?)
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", server.display()))?;
    let output = child.stdout.take().ok_or("no output from wocable-server")?;
    let server = Process(child);
    let mut line = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(output), &mut line)
        .map_err(|e| format!("wocable-server: {e}"))?;
    let url = line.trim().strip_prefix("listening on ").ok_or_else(|| format!("wocable-server said {line:?}"))?;
    let created = Command::new(&cli)
        .args(["online", "create", "--server", url, "--rules", "wocable", "--lang", "en", "--players", "2"])
        .output()
        .map_err(|e| format!("cannot start {}: {e}", cli.display()))?;
    let code = String::from_utf8_lossy(&created.stdout).trim().to_string();
    if !created.status.success() || code.is_empty() {
        return Err(format!("wocable-cli online create: {}", String::from_utf8_lossy(&created.stderr)));
    }
    let gcg = dir.join("bot.gcg");
    let mut bot = None;
    let mut seat_the_bot = || -> Result<(), String> {
        let child = Command::new(&cli)
            .args(["online", "bot", "--server", url, "--code", &code, "--level", "beginner", "--name", "Bot"])
            .arg("--gcg")
            .arg(&gcg)
            .stdout(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", cli.display()))?;
        bot = Some(Process(child));
        Ok(())
    };
    let mut browser = Browser::start(&dir.join("online-profile"), &dir.join("online.log"), &[])?;
    browser.open()?;
    let result = play_from_a_link(&mut browser, url, &code, &mut seat_the_bot);
    let shot = dir.join("online.png");
    if result.is_err() {
        let _ = browser.screenshot(&shot);
    }
    result.map_err(|e| format!("{e} (see {} and {})", shot.display(), dir.join("online.log").display()))?;
    let mut bot = bot.ok_or("the bot never took its seat")?;
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = bot.0.try_wait().map_err(|e| format!("the bot: {e}"))? {
            break status;
        }
        if Instant::now() > deadline {
            return Err("the bot did not see the game end".into());
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    if !status.success() {
        return Err(format!("the bot failed ({status}); see {}", dir.join("server.log").display()));
    }
    drop(server);
    let record = std::fs::read_to_string(&gcg).map_err(|e| format!("the bot's record {}: {e}", gcg.display()))?;
    // A placement: ">Ana: RACK 8D WORD +SCORE TOTAL".
    let placed = record.lines().filter_map(|line| line.strip_prefix(">Ana: ")).any(|mv| {
        let fields: Vec<&str> = mv.split_whitespace().collect();
        fields.len() == 5 && fields[3].strip_prefix('+').and_then(|s| s.parse::<u32>().ok()).is_some_and(|s| s > 0)
    });
    if !placed {
        return Err(format!("the bot's record has no word placed by the browser's player:\n{record}"));
    }
    Ok(())
}

/// The browser's side of [`a_join_link`], on a page of 1280×800: up to
/// the waiting room, where it shares the link, then (once
/// `seat_the_bot` has seated the bot) the game.
fn play_from_a_link(
    browser: &mut Browser,
    url: &str,
    code: &str,
    seat_the_bot: &mut dyn FnMut() -> Result<(), String>,
) -> Result<(), String> {
    let title = |wanted: &'static str| move |title: &Value| title.as_str()?.starts_with(wanted).then_some(());
    eprintln!("xtask: opening {url}/#/join/{code} in headless Chromium, to play there");
    browser.navigate(url)?;
    // The page's own title is "Wocable…" until the app names it.
    let home = |title: &Value| (title == "Wocable").then_some(());
    if browser.wait_for("document.title", Duration::from_secs(120), home)?.is_none() {
        return Err("no home screen".into());
    }
    // The player's name online, kept from an earlier visit.
    browser.evaluate(r#"localStorage.setItem("wocable/settings.json", '{"nickname": "Ana", "animations": false}')"#)?;
    // A new page, not a move within this one.
    browser.navigate("about:blank")?;
    browser.navigate(&format!("{url}/#/join/{code}"))?;
    if browser.wait_for("document.title", Duration::from_secs(120), title("Online"))?.is_none() {
        return Err("the link did not open the online screen".into());
    }
    // A share sheet, as phones' browsers have, that keeps what it is given
    // (the app looks for one each frame).
    browser.evaluate("navigator.share = (data) => { window.shared = data; return Promise.resolve(); }")?;
    // Join with a code, then Share in the waiting room.
    let shared = "window.shared ? `${window.shared.url} ${window.shared.text}` : ''";
    let link = format!("{url}/#/join/{code}");
    let sent = |value: &Value| value.as_str().filter(|sent| !sent.is_empty()).map(str::to_string);
    let Some(sent) = taps_until(browser, &[(640.0, 290.0), (796.0, 216.0)], shared, sent)? else {
        return Err("no link shared from the waiting room".into());
    };
    if !sent.starts_with(&format!("{link} ")) || !sent.ends_with(code) {
        return Err(format!("the waiting room shared {sent:?}, not the room's link {link} and its code"));
    }
    seat_the_bot()?;
    // The bot may play first.
    if browser.wait_for("document.title", Duration::from_secs(120), title("Your turn"))?.is_none() {
        return Err("the game did not come to the browser's player".into());
    }
    let played = |title: &Value| {
        let ana = title.as_str()?.split("Ana ").nth(1)?.split(' ').next()?.parse::<u32>().ok()?;
        (ana > 0).then_some(())
    };
    // Hint (twice: it only shows the hints), the first hint (laid on the
    // board), Play. The buttons move once tiles are laid (Hint's place is
    // then Resign's), and a slow frame may take a tap late: the hint and
    // Play are tapped again until the move is made, never Hint.
    let (hint, first_hint, play) = ((1219.0, 164.0), (1050.0, 276.0), (1021.0, 116.0));
    for _ in 0..2 {
        browser.tap(hint.0, hint.1)?;
        std::thread::sleep(Duration::from_secs(2));
    }
    if taps_until(browser, &[first_hint, play], "document.title", played)?.is_none() {
        return Err("the browser's player did not score".into());
    }
    // Resign, then Resign again in the dialog.
    if taps_until(browser, &[(1031.0, 212.0), (475.0, 446.0)], "document.title", title("Game over"))?.is_none() {
        return Err("resigning did not end the game".into());
    }
    Ok(())
}

/// Taps at `places` one after the other until `seen` finds what it looks
/// for in the value of `expression`; three times at most, as a tap given
/// before the app drew its button is lost.
fn taps_until<T>(
    browser: &mut Browser,
    places: &[(f32, f32)],
    expression: &str,
    seen: impl Fn(&Value) -> Option<T>,
) -> Result<Option<T>, String> {
    for _ in 0..3 {
        for &(x, y) in places {
            browser.tap(x, y)?;
            std::thread::sleep(Duration::from_secs(1));
        }
        if let Some(found) = browser.wait_for(expression, Duration::from_secs(30), &seen)? {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// (f) While the app (tens of megabytes) loads, `index.html` shows a bar;
/// when it cannot be fetched, the page says so rather than staying on
/// "Wocable…".
fn an_app_that_cannot_be_fetched(dir: &Path, url: &str) -> Result<(), String> {
    let mut browser = Browser::start(&dir.join("unfetched-profile"), &dir.join("unfetched.log"), &[])?;
    browser.open()?;
    browser.call("Network.enable", json!({}))?;
    browser.call("Network.setBlockedURLs", json!({ "urls": ["*/wocable_bg.wasm"] }))?;
    browser.navigate(url)?;
    let said = "document.getElementById('said')?.textContent ?? ''";
    let failed = |text: &Value| text.as_str()?.starts_with("Wocable could not load").then_some(());
    if browser.wait_for(said, Duration::from_secs(60), failed)?.is_none() {
        return Err(format!("without its wasm, the page says {}", browser.evaluate(said)?));
    }
    Ok(())
}

/// The browser profile the loads of the check in `dir` share.
fn profile(dir: &Path) -> PathBuf {
    dir.join("profile")
}

/// Loads `url` up to three times, until `seen` finds in the page what it
/// looks for. Headless Chromium gives a page a varying number of frames
/// (fewer on a busy machine), so a page may be dumped before the app got
/// there. A later load starts from what the earlier one saved, or with
/// `afresh` from a new profile: the demo does nothing where a game is
/// saved, so one dumped before its move would stop the next.
fn load_until<T>(
    dir: &Path,
    name: &str,
    url: &str,
    afresh: bool,
    seen: impl Fn(&str) -> Option<T>,
) -> Result<Option<T>, String> {
    for attempt in 1..=3 {
        let profile = profile(dir);
        if afresh && attempt > 1 && profile.exists() {
            std::fs::remove_dir_all(&profile).map_err(|e| format!("{}: {e}", profile.display()))?;
        }
        if let Some(found) = seen(&load_in_chromium(dir, &format!("{name}-{attempt}"), url)?) {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// Loads `url` in headless Chromium with the profile in `dir`, gives the
/// app a minute of (virtual) time, and returns the page as it is then.
/// The page and the browser's log stay in `dir` as `NAME.html` and
/// `NAME.log`; a panic of the app is an error.
fn load_in_chromium(dir: &Path, name: &str, url: &str) -> Result<String, String> {
    let file = |extension: &str| dir.join(format!("{name}.{extension}"));
    let create = |path: PathBuf| std::fs::File::create(&path).map_err(|e| format!("{}: {e}", path.display()));
    eprintln!("xtask: loading {url} in headless Chromium");
    let mut chromium = Command::new("chromium")
        .args(["--headless", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"])
        .args(["--use-angle=swiftshader", "--enable-unsafe-swiftshader"])
        .args(["--window-size=1280,800", "--virtual-time-budget=60000", "--enable-logging=stderr", "--v=0"])
        .arg(format!("--user-data-dir={}", profile(dir).display()))
        .args(["--dump-dom", url])
        .stdout(create(file("html"))?)
        .stderr(create(file("log"))?)
        .stdin(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start chromium: {e}"))?;
    let deadline = Instant::now() + Duration::from_secs(300);
    let status = loop {
        if let Some(status) = chromium.try_wait().map_err(|e| format!("chromium: {e}"))? {
            break status;
        }
        if Instant::now() > deadline {
            let _ = chromium.kill();
            let _ = chromium.wait();
            return Err(format!("chromium did not finish {url} in 5 minutes (see {})", file("log").display()));
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    let read = |path: PathBuf| std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()));
    let log = read(file("log"))?;
    // The place, then the message.
    let panic: Vec<&str> = log.lines().skip_while(|line| !line.contains("panicked at")).take(2).collect();
    if !panic.is_empty() {
        return Err(format!("the app panicked in Chromium: {}", panic.join(" ")));
    }
    if !status.success() {
        return Err(format!("chromium failed on {url} ({status}), see {}", file("log").display()));
    }
    read(file("html"))
}

/// The scores in a title that shows a game with Ana's move made, on the
/// home screen ("Wocable — Continue: Ana 18 · Bot 0") or while it is
/// played ("Ana 18 · Bot 0 — Wocable").
fn saved_game(title: &str) -> Option<&str> {
    let scores = title.strip_prefix("Wocable — Continue: ").or_else(|| title.strip_suffix(" — Wocable"))?;
    let ana: u32 = scores.strip_prefix("Ana ")?.split(' ').next()?.parse().ok()?;
    (ana > 0).then_some(scores)
}

fn title_of(page: &str) -> Option<&str> {
    Some(page.split_once("<title>")?.1.split_once("</title>")?.0)
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

#[cfg(test)]
mod tests {
    use super::Tally;

    #[test]
    fn a_tally_adds_up_the_closing_lines_of_libtest() {
        let output = "running 4 tests\ntest a ... ok\n\
            test result: ok. 3 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.52s\n\
            test result: FAILED. 2 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 1.00s\n";
        let tally = Tally::of(output);
        assert_eq!((tally.passed, tally.failed, tally.ignored), (5, 1, 1));
        let sum = tally.add(&Tally::of("test result: ok. 7 passed; 0 failed; 0 ignored"));
        assert_eq!((sum.passed, sum.failed, sum.ignored), (12, 1, 1));
        assert_eq!(Tally::of("no tests here").passed, 0);
    }
}
