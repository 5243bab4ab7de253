//! The real app in a real window under Xvfb (software Vulkan): it tours
//! every screen, plays a move against the computer and saves a
//! screenshot of each screen, in landscape and in portrait. The PNGs are
//! kept in `target/screenshots/<size>/` to be looked at.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const SCREENS: [&str; 16] = [
    "home",
    "new-game",
    "game-start",
    "game-composing",
    "game-played",
    "game-reply",
    "exchange",
    "resign",
    "results",
    "dictionary",
    "settings",
    "how-to-play",
    "handover",
    "blank-letter",
    "paused",
    "timings",
];

/// An Xvfb process, its display, and whether it came up (its socket
/// showed).
struct Xvfb(Child, u32, bool);

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
        // Killed, it leaves its lock and socket behind (if it ran: else
        // they may be another server's).
        if self.2 {
            let _ = std::fs::remove_file(lock_file(self.1));
            let _ = std::fs::remove_file(socket(self.1));
        }
    }
}

fn lock_file(display: u32) -> String {
    format!("/tmp/.X{display}-lock")
}

fn socket(display: u32) -> String {
    format!("/tmp/.X11-unix/X{display}")
}

/// Whether an X server runs on `display`: its lock names a live process
/// (a lock left by a killed server does not count; Xvfb replaces it).
fn display_taken(display: u32) -> bool {
    let Ok(lock) = std::fs::read_to_string(lock_file(display)) else {
        return Path::new(&socket(display)).exists();
    };
    lock.trim().parse::<u32>().is_ok_and(|pid| Path::new(&format!("/proc/{pid}")).exists())
}

/// Starts Xvfb on a free display; `None` where there is no Xvfb (a
/// developer's machine; `cargo xtask test` installs it and sets
/// `WOCABLE_REQUIRE_WINDOW`, so CI never skips).
fn xvfb() -> Option<(Xvfb, String)> {
    let installed = Command::new("Xvfb").arg("-help").stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok();
    if !installed {
        assert!(std::env::var_os("WOCABLE_REQUIRE_WINDOW").is_none(), "Xvfb is missing");
        eprintln!("skipped: no Xvfb here (cargo xtask test installs it)");
        return None;
    }
    for number in 90..140 {
        if display_taken(number) {
            continue;
        }
        // What a killed server left, so that the socket shows when this one is up.
        let _ = std::fs::remove_file(lock_file(number));
        let _ = std::fs::remove_file(socket(number));
        let display = format!(":{number}");
        let child = Command::new("Xvfb")
            .args([display.as_str(), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb starts");
        let mut xvfb = Xvfb(child, number, false);
        let ready = Instant::now();
        while !Path::new(&socket(number)).exists() && ready.elapsed() < Duration::from_secs(10) {
            assert!(xvfb.0.try_wait().expect("Xvfb runs").is_none(), "Xvfb on {display} stopped");
            std::thread::sleep(Duration::from_millis(50));
        }
        xvfb.2 = Path::new(&socket(number)).exists();
        return Some((xvfb, display));
    }
    panic!("no free X display");
}

fn tour(size: &str) -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let target = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("target"));
    let dir = target.join("screenshots").join(size);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("screenshot folder");
    let data = dir.join("data");
    let (_xvfb, display) = xvfb()?;
    let mut app = Command::new(env!("CARGO_BIN_EXE_wocable"))
        .env("DISPLAY", &display)
        .env("WGPU_BACKEND", "vulkan")
        .env("BEVY_ASSET_ROOT", root)
        .env("WOCABLE_CAPTURE", &dir)
        .env("WOCABLE_WINDOW", size)
        .env("WOCABLE_DATA", &data)
        .spawn()
        .expect("the app starts");
    let started = Instant::now();
    loop {
        if let Some(status) = app.try_wait().expect("the app runs") {
            assert!(status.success(), "the app ended with {status}");
            break;
        }
        if started.elapsed() > Duration::from_secs(600) {
            let _ = app.kill();
            panic!("the tour did not finish in ten minutes");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    Some(dir)
}

fn check(dir: &Path) {
    for name in SCREENS {
        let file = if name == "timings" { dir.join("timings.txt") } else { dir.join(format!("{name}.png")) };
        let size = std::fs::metadata(&file).map(|m| m.len()).unwrap_or(0);
        // A blank window compresses to a few kilobytes; a drawn screen
        // with text and tiles to tens of them.
        let enough = if name == "timings" { 10 } else { 12_000 };
        assert!(size >= enough, "{}: {size} bytes", file.display());
    }
}

#[test]
fn every_screen_is_drawn_in_landscape_and_portrait() {
    for size in ["1280x800", "360x640"] {
        if let Some(dir) = tour(size) {
            check(&dir);
        }
    }
}
