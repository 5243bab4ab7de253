//! `cargo xtask test`: everything CI checks, in phases that run beside
//! each other where they can (see the README), and each test program's
//! output with a closing tally.

use crate::browser::browser_check_of;
use crate::web::{Build, Output, WASM_TARGET, build_wasm, package_web};
use crate::{
    BROWSER_PACKAGES, BUILD_PACKAGES, PLAY_PACKAGES, TEST_PACKAGES, WEB_PACKAGES, cargo, ensure_packages,
    ensure_target, minutes, root, run, target_dir, timed,
};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

pub(crate) fn test() -> Result<(), String> {
    let started = Instant::now();
    // Every package in one go: one `apt-get update`, not one a phase.
    let packages =
        [BUILD_PACKAGES, PLAY_PACKAGES, TEST_PACKAGES, BROWSER_PACKAGES, WEB_PACKAGES, crate::mobile::CHECK_PACKAGES]
            .concat();
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
                .and_then(|()| timed("phone projects", crate::mobile::check))
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
    let cluster = crate::postgres::Cluster::start()?;
    let on_postgres = programs.iter().filter(|program| program.name == SERVER_TESTS);
    let runs: Vec<TestRun> = programs
        .iter()
        .map(|program| TestRun { program, postgres: None })
        .chain(on_postgres.map(|program| TestRun { program, postgres: Some(&cluster.url) }))
        .collect();
    run_tests(&runs)?;
    run(build_tests().arg("--doc"))
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
pub(crate) fn build_tests() -> Command {
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
