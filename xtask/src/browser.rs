//! The browser check: the web build served here and driven in headless
//! Chromium through its DevTools protocol, scenario by scenario.

use crate::devtools::Browser;
use crate::testing::build_tests;
use crate::web::{Build, Output, build_web, wasm_sizes};
use crate::{BROWSER_PACKAGES, cargo, ensure_packages, run, target_dir};
use serde_json::{Value, json};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The first frame comes this soon after the page starts loading.
const FIRST_FRAME_BUDGET_MS: f64 = 3_000.0;

/// A small static file server, enough to load the web build; it serves
/// until the process ends, answering nothing while `down` (as if the
/// network were gone).
pub(crate) fn serve_dir(listener: TcpListener, dir: &Path, down: Arc<AtomicBool>) {
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
pub(crate) fn browser_check() -> Result<(), String> {
    browser_check_of(&build_web(Build::Dev, cargo, &Output::Terminal)?)
}

/// The browser check of a web build with the `dev` feature in `dist`.
pub(crate) fn browser_check_of(dist: &Path) -> Result<(), String> {
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
    told_by_push(&mut browser, url).map_err(|e| format!("{e} (see {})", log.display()))?;
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

/// (h) The page's service worker shows a Web Push message as a
/// notification: a message delivered to it as a push service delivers
/// one (DevTools' `ServiceWorker.deliverPushMessage`: headless Chromium
/// reaches no push service, so it cannot subscribe) shows the title and
/// tag of the notice it carries. A click on it (an event the check
/// dispatches in the worker: headless Chromium shows no notification to
/// click) hands its link to the open page, and the app goes to it: the
/// online screen, for a game that is not the player's.
fn told_by_push(browser: &mut Browser, url: &str) -> Result<(), String> {
    let origin = url.trim_end_matches('/');
    let permissions = json!({ "origin": origin, "permissions": ["notifications"] });
    browser.call_browser("Browser.grantPermissions", permissions)?;
    browser.call("ServiceWorker.enable", json!({}))?;
    let registered = |event: &Value| {
        let registrations = event["params"]["registrations"].as_array()?;
        let live = registrations.iter().find(|registration| registration["isDeleted"] == json!(false))?;
        live["registrationId"].as_str().map(str::to_string)
    };
    let registration = browser.event("ServiceWorker.workerRegistrationUpdated", Duration::from_secs(30), registered)?;
    let registration = registration.ok_or("DevTools reported no service worker registration")?;
    let notice = json!({ "title": "Your turn", "body": "Ana has played in game ABC234.", "url": format!("{origin}/join/ABC234"), "tag": "ABC234" });
    let delivered = json!({ "origin": origin, "registrationId": registration, "data": notice.to_string() });
    browser.call("ServiceWorker.deliverPushMessage", delivered)?;
    let shown = "navigator.serviceWorker.ready.then((worker) => worker.getNotifications()).then((shown) => { \
                 window.wocableShown = shown.map((n) => `${n.title}|${n.tag}`); }); window.wocableShown ?? null";
    let found = |shown: &Value| shown.as_array().filter(|shown| shown.contains(&json!("Your turn|ABC234"))).map(drop);
    if browser.wait_for(shown, Duration::from_secs(30), found)?.is_none() {
        return Err("a push message delivered to the service worker showed no notification".into());
    }
    // The worker's handler runs; its waitUntil throws, as the event is
    // not the browser's own, after the page was handed the link.
    let click = "self.registration.getNotifications({ tag: 'ABC234' }).then((shown) => \
                 self.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown[0] })))";
    browser.evaluate_in_worker(click)?;
    let online = |title: &Value| title.as_str().filter(|title| title.contains("Online")).map(drop);
    match browser.wait_for("document.title", Duration::from_secs(30), online)? {
        Some(()) => Ok(()),
        None => Err("a click on a notification did not take the app to its link".into()),
    }
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
/// two with hints on; headless Chromium, with the player's name kept from before, opens
/// `SERVER/join/CODE` (which the server sends on to the page's
/// `#/join/CODE`) and by taps joins and shares the link from the
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
        .args(["online", "create", "--server", url, "--rules", "wocable", "--lang", "en", "--players", "2", "--hints"])
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
            .args(["online", "bot", "--server", url, "--code", &code, "--level", "beginner", "--name", "Robo"])
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
    let link = format!("{url}/join/{code}");
    eprintln!("xtask: opening {link} in headless Chromium, to play there");
    browser.navigate(url)?;
    // The page's own title is "Wocable…" until the app names it.
    let home = |title: &Value| (title == "Wocable").then_some(());
    if browser.wait_for("document.title", Duration::from_secs(120), home)?.is_none() {
        return Err("no home screen".into());
    }
    // The player's name online, kept from an earlier visit.
    browser.evaluate(r#"localStorage.setItem("wocable/settings.json", '{"nickname": "Ana", "animations": false}')"#)?;
    // A new page, not a move within this one; the server sends the link
    // on to the page's `#/join/CODE`.
    browser.navigate("about:blank")?;
    browser.navigate(&link)?;
    if browser.wait_for("document.title", Duration::from_secs(120), title("Online"))?.is_none() {
        return Err("the link did not open the online screen".into());
    }
    // A share sheet, as phones' browsers have, that keeps what it is given
    // (the app looks for one each frame).
    browser.evaluate("navigator.share = (data) => { window.shared = data; return Promise.resolve(); }")?;
    // Join with a code, then Share in the waiting room.
    let shared = "window.shared ? `${window.shared.url} ${window.shared.text}` : ''";
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
