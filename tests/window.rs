//! The real app in a real window under Xvfb (software Vulkan): it tours
//! every screen, plays a move against the computer and saves a
//! screenshot of each screen, in landscape and in portrait. The PNGs are
//! kept in `target/screenshots/<size>/` to be looked at. In portrait, a
//! speaker of the test's own (PulseAudio) records what the app plays, to
//! `sound.raw` beside them (16-bit mono at 16 kHz), and the test listens
//! for the music and a cue.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use support::Server;
use wocable_lexicon::{Language, Lexicon};

const SCREENS: [&str; 45] = [
    "home",
    "new-game",
    "game-start",
    "game-composing",
    "game-played",
    "game-reply",
    "exchange",
    "resign",
    "results",
    "results-review",
    "review-turn",
    "dictionary",
    "settings",
    "how-to-play",
    "endgame",
    "game-zoomed",
    "game-safe-area",
    "handover",
    "blank-letter",
    "paused",
    "online",
    "online-create",
    "online-waiting",
    "online-account",
    "online-friends",
    "online-my-games",
    "online-leaderboard",
    "online-arenas",
    "online-arena",
    "word-lists",
    "online-results",
    "online-watch",
    "online-watching",
    "online-game",
    "online-reconnecting",
    "trace-menu",
    "trace-circle",
    "trace-paused",
    "trace-score",
    "trace-grid",
    "trace-time-up",
    "trace-end",
    "trace-perfect",
    "credits",
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
    if !installed("Xvfb", "-help") {
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

/// Whether a test that needs `program` must run (`cargo xtask test`
/// installs it), or may skip where it is missing.
fn installed(program: &str, flag: &str) -> bool {
    let found = Command::new(program).arg(flag).stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok();
    if !found {
        assert!(std::env::var_os("WOCABLE_REQUIRE_WINDOW").is_none(), "{program} is missing");
        eprintln!("skipped: no {program} here (cargo xtask test installs it)");
    }
    found
}

/// The rate of the recordings, in samples a second.
const RATE: usize = 16_000;

/// A PulseAudio server of the test's own whose one sink goes nowhere, and
/// `parec` recording what reaches that sink: the app's sound as a
/// speaker would get it (ALSA, which the app plays through, goes to
/// PulseAudio when one runs).
struct Speaker {
    server: Child,
    /// `parec`, once the server is up.
    recorder: Option<Child>,
    recording: PathBuf,
}

impl Speaker {
    /// A speaker recording into `dir`, and the address the app must be
    /// given in `PULSE_SERVER`; `None` where there is no PulseAudio.
    fn start(dir: &Path) -> Option<(Self, String)> {
        if !installed("pulseaudio", "--version") {
            return None;
        }
        let socket = dir.join("pulse.socket");
        let script = dir.join("pulse.pa");
        let modules = format!(
            "load-module module-native-protocol-unix socket={} auth-anonymous=1\n\
             load-module module-null-sink sink_name=speaker rate=48000 channels=1\n",
            socket.display()
        );
        std::fs::write(&script, modules).expect("PulseAudio's script");
        // Beside the player's own PulseAudio, if one runs (no pid file).
        let server = Command::new("pulseaudio")
            .args(["-n", "--daemonize=no", "--use-pid-file=no", "--exit-idle-time=-1", "--log-target=stderr"])
            .arg("-F")
            .arg(&script)
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(dir.join("pulse.log")).expect("PulseAudio's log"))
            .spawn()
            .expect("PulseAudio starts");
        // From here a failure stops the server too (on drop).
        let mut speaker = Self { server, recorder: None, recording: dir.join("sound.raw") };
        let ready = Instant::now();
        while !socket.exists() {
            assert!(ready.elapsed() < Duration::from_secs(10), "PulseAudio did not start: see pulse.log");
            std::thread::sleep(Duration::from_millis(50));
        }
        let address = format!("unix:{}", socket.display());
        let recorder = Command::new("parec")
            .args(["--raw", "--format=s16le", "--channels=1", "--device=speaker.monitor"])
            .arg(format!("--rate={RATE}"))
            .arg(format!("--server={address}"))
            .stdout(std::fs::File::create(&speaker.recording).expect("the recording"))
            .spawn()
            .expect("parec starts");
        speaker.recorder = Some(recorder);
        Some((speaker, address))
    }

    /// Stops recording and returns what was heard, from -1 to 1 (the raw
    /// recording stays beside the screenshots).
    fn heard(mut self) -> Vec<f32> {
        if let Some(mut recorder) = self.recorder.take() {
            let _ = recorder.kill();
            let _ = recorder.wait();
        }
        let bytes = std::fs::read(&self.recording).expect("the recording");
        bytes.chunks_exact(2).map(|pair| f32::from(i16::from_le_bytes([pair[0], pair[1]])) / 32768.0).collect()
    }
}

impl Drop for Speaker {
    fn drop(&mut self) {
        for child in self.recorder.iter_mut().chain([&mut self.server]) {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The amplitude of the `frequency` (Hz) in `samples` (Goertzel).
fn amplitude_at(samples: &[f32], frequency: f32) -> f32 {
    let coefficient = 2.0 * (std::f32::consts::TAU * frequency / RATE as f32).cos();
    let (mut previous, mut before) = (0.0, 0.0);
    for sample in samples {
        (previous, before) = (sample + coefficient * previous - before, previous);
    }
    let power = previous * previous + before * before - coefficient * previous * before;
    2.0 * power.max(0.0).sqrt() / samples.len() as f32
}

fn rms(samples: &[f32]) -> f32 {
    (samples.iter().map(|s| s * s).sum::<f32>() / samples.len().max(1) as f32).sqrt()
}

/// What the tour played: the music all along, and the "your turn" cue
/// (`assets/sounds/make.sh`: a sine of 880 Hz, then one of 1175 Hz,
/// which no other sound has) when the computer's reply came.
fn check_sound(heard: &[f32]) {
    let windows: Vec<&[f32]> = heard.chunks_exact(RATE / 20).collect();
    assert!(windows.len() > 5 * 20, "only {} s recorded", windows.len() / 20);
    let mut levels: Vec<f32> = windows.iter().map(|w| rms(w)).collect();
    levels.sort_by(f32::total_cmp);
    let median = levels[levels.len() / 2];
    assert!(median > 0.01, "the music is not heard: median level {median}");
    let your_turn = windows.iter().map(|w| amplitude_at(w, 1175.0)).fold(0.0, f32::max);
    assert!(your_turn > 0.05, "the 'your turn' cue is not heard: 1175 Hz reaches {your_turn}");
}

/// Runs the tour in a window of `size`, with a speaker if `listen`, and
/// returns the folder of its screenshots and what the speaker heard.
fn tour(size: &str, listen: bool) -> Option<(PathBuf, Option<Vec<f32>>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let target = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("target"));
    let dir = target.join("screenshots").join(size);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("screenshot folder");
    let data = dir.join("data");
    let (_xvfb, display) = xvfb()?;
    // The online screens play on a server of the test's own, as Ana, which
    // has a word list of its operator's for the create page to offer.
    let (club, _) = Lexicon::import(Language::En, b"QI\nZA\nXU\nJO\n").expect("a word list");
    let club_file = dir.join("club.wlex");
    std::fs::write(&club_file, club.to_file("Club 2026", "club.txt")).expect("the word list's file");
    let lexicon = club_file.to_str().expect("a path");
    let mut server = Server::start_with(&dir, "127.0.0.1:0", &["--lexicon", lexicon]);
    std::fs::create_dir_all(&data).expect("the data folder");
    let settings = format!(r#"{{"nickname": "Ana", "server": "{}"}}"#, server.url);
    std::fs::write(data.join("settings.json"), settings).expect("the settings");
    let speaker = if listen { Speaker::start(&dir) } else { None };
    let mut app = Command::new(env!("CARGO_BIN_EXE_wocable"));
    if let Some((_, address)) = &speaker {
        app.env("PULSE_SERVER", address);
    }
    let mut app = app
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
        // The game online is shown reconnecting: its server stops.
        if dir.join("online-game.png").exists() {
            server.stop();
        }
        if started.elapsed() > Duration::from_secs(600) {
            let _ = app.kill();
            panic!("the tour did not finish in ten minutes");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    Some((dir, speaker.map(|(speaker, _)| speaker.heard())))
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

/// The portrait tour also listens (the faster one: a sound is missed
/// only if the app never plays it).
#[test]
fn every_screen_is_drawn_in_landscape_and_portrait_and_sounds_are_heard() {
    for (size, listen) in [("1280x800", false), ("360x640", true)] {
        if let Some((dir, heard)) = tour(size, listen) {
            check(&dir);
            if let Some(heard) = heard {
                check_sound(&heard);
            }
        }
    }
}

#[test]
fn without_a_display_the_game_says_so_in_one_line_and_fails() {
    let output = Command::new(env!("CARGO_BIN_EXE_wocable"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .output()
        .expect("the game starts");
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{said}");
    assert!(said.starts_with("wocable: the game opens a window and needs a desktop session"), "{said}");
    assert_eq!(said.lines().count(), 1, "one line, no panic: {said}");
}
