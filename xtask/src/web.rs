//! `cargo xtask web`: the browser build (wasm-bindgen, then Binaryen's
//! wasm-opt), its size budgets, and the assets it carries.

use crate::browser::{browser_check, serve_dir};
use crate::{WEB_PACKAGES, cargo, ensure_packages, ensure_target, root, run, target_dir};
use std::io::Write;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use wocable_lexicon::Language;

/// The web build's budget: the wasm file raw, and as brotli sends it.
const WASM_BUDGET: u64 = 20_000_000;
const WASM_BROTLI_BUDGET: u64 = 6_000_000;
/// Binaryen's optimiser as npm ships it (compiled to wasm, run by Node):
/// Debian's (Binaryen 108) breaks the table of JavaScript objects that
/// wasm-bindgen makes.
const BINARYEN: &str = "binaryen@132.0.0";
pub(crate) const WASM_TARGET: &str = "wasm32-unknown-unknown";

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

pub(crate) fn web(args: &[String]) -> Result<(), String> {
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

/// A build as released, or with the `dev` feature (the scripted tour,
/// the web's `?demo`) for the checks.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Build {
    Release,
    Dev,
}

/// Where a command's output goes: the terminal, or a log (for work that
/// runs beside other work).
pub(crate) enum Output {
    Terminal,
    Log(PathBuf),
}

impl Output {
    pub(crate) fn run(&self, command: &mut Command) -> Result<(), String> {
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
pub(crate) fn build_web(build: Build, cargo: fn() -> Command, output: &Output) -> Result<PathBuf, String> {
    build_wasm(build, cargo, output)?;
    package_web(output)
}

/// The app's wasm, as cargo builds it for `build`.
pub(crate) fn build_wasm(build: Build, cargo: fn() -> Command, output: &Output) -> Result<(), String> {
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
pub(crate) fn package_web(output: &Output) -> Result<PathBuf, String> {
    let out = target_dir().join("web-dist");
    let wasm = target_dir().join(WASM_TARGET).join("web/wocable.wasm");
    // wasm-bindgen and wasm-opt take minutes: only for a wasm that cargo
    // has not built before (known by its size and time).
    let source = target_dir().join("web-dist.source");
    let built = std::fs::metadata(&wasm).and_then(|m| m.modified().map(|time| format!("{} {time:?}", m.len())));
    let built = built.map_err(|e| format!("{}: {e}", wasm.display()))?;
    if std::fs::read_to_string(&source).ok().as_ref() != Some(&built) || !out.join("wocable_bg.wasm").exists() {
        // Forgotten first: a binding cut short must not pass for done.
        let _ = std::fs::remove_file(&source);
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
    // Binaryen takes an eighth off what LLVM left (on one core: the longest
    // step of a build after a change).
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
    if !crate::mobile::answers(Command::new("npm").arg("--version")) {
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
/// builds fetch or read when a game needs one (`src/lexicons/`), and the
/// lists' licences beside them.
pub(crate) fn write_app_assets(dir: &Path) -> Result<(), String> {
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
pub(crate) fn wasm_sizes(dist: &Path) -> Result<String, String> {
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
