//! Headless Chromium driven over the DevTools protocol on a pipe
//! (`--remote-debugging-pipe`: JSON messages, each ended by a NUL byte,
//! read from the browser's fd 3 and written to its fd 4). Enough to open a
//! page, read it with JavaScript and give it real (trusted) input, which
//! `--dump-dom` cannot.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long one call may take before the browser is taken for hung.
const CALL_TIMEOUT: Duration = Duration::from_secs(60);

pub struct Browser {
    child: Child,
    to_browser: ChildStdin,
    from_browser: Receiver<Value>,
    next_id: u64,
    /// The page's session, once a page is open.
    session: Option<String>,
    /// Events that came while calls waited for their answers.
    events: Vec<Value>,
}

impl Browser {
    /// Starts headless Chromium with `flags` besides the usual ones, its
    /// profile in `profile` and its log in `log`.
    pub fn start(profile: &Path, log: &Path, flags: &[&str]) -> Result<Self, String> {
        let log = std::fs::File::create(log).map_err(|e| format!("{}: {e}", log.display()))?;
        // The shell puts the pipes where Chromium looks for them.
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(r#"exec chromium "$@" 3<&0 4>&1 </dev/null >/dev/null"#)
            .arg("chromium")
            .args(["--headless", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"])
            .args(["--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--window-size=1280,800"])
            .args(["--enable-logging=stderr", "--v=0", "--remote-debugging-pipe"])
            .arg(format!("--user-data-dir={}", profile.display()))
            .args(flags)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .map_err(|e| format!("cannot start chromium: {e}"))?;
        let to_browser = child.stdin.take().ok_or("no pipe to chromium")?;
        let mut reader = BufReader::new(child.stdout.take().ok_or("no pipe from chromium")?);
        let (send, from_browser) = channel();
        std::thread::spawn(move || {
            let mut message = Vec::new();
            while reader.read_until(0, &mut message).is_ok_and(|n| n > 0) {
                message.pop_if(|byte| *byte == 0);
                if let Ok(value) = serde_json::from_slice(&message)
                    && send.send(value).is_err()
                {
                    return;
                }
                message.clear();
            }
        });
        Ok(Self { child, to_browser, from_browser, next_id: 0, session: None, events: Vec::new() })
    }

    /// Calls `method` (on the open page, if any) and returns its result.
    pub fn call(&mut self, method: &str, params: Value) -> Result<Value, String> {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if let Some(session) = &self.session {
            message["sessionId"] = json!(session);
        }
        let mut bytes = message.to_string().into_bytes();
        bytes.push(0);
        self.to_browser.write_all(&bytes).map_err(|e| format!("chromium went away: {e}"))?;
        let deadline = Instant::now() + CALL_TIMEOUT;
        loop {
            // Other answers are not needed here; events are kept.
            let reply = match self.from_browser.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(reply) => reply,
                Err(RecvTimeoutError::Timeout) => return Err(format!("chromium did not answer {method}")),
                Err(RecvTimeoutError::Disconnected) => return Err(format!("chromium went away during {method}")),
            };
            if reply.get("id").is_none() {
                self.events.push(reply);
                continue;
            }
            if reply["id"] != json!(id) {
                continue;
            }
            if let Some(error) = reply.get("error") {
                return Err(format!("{method}: {error}"));
            }
            return Ok(reply["result"].clone());
        }
    }

    /// Calls `method` of the browser itself, not of the open page.
    pub fn call_browser(&mut self, method: &str, params: Value) -> Result<Value, String> {
        let session = self.session.take();
        let answer = self.call(method, params);
        self.session = session;
        answer
    }

    /// Waits up to `limit` for an event `method` in which `seen` finds
    /// what it looks for.
    pub fn event<T>(
        &mut self,
        method: &str,
        limit: Duration,
        seen: impl Fn(&Value) -> Option<T>,
    ) -> Result<Option<T>, String> {
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            if let Some(found) = self.events.iter().filter(|event| event["method"] == method).find_map(&seen) {
                return Ok(Some(found));
            }
            // A call takes in what came meanwhile.
            std::thread::sleep(Duration::from_millis(200));
            self.evaluate("0")?;
        }
        Ok(None)
    }

    /// Opens a blank page of 1280×800, which later calls go to.
    pub fn open(&mut self) -> Result<(), String> {
        let target = self.call("Target.createTarget", json!({ "url": "about:blank" }))?;
        let attached =
            self.call("Target.attachToTarget", json!({ "targetId": target["targetId"], "flatten": true }))?;
        let session = attached["sessionId"].as_str().ok_or("no session for the page")?;
        self.session = Some(session.to_string());
        // The window's size less the browser's bars, which vary.
        let screen = json!({ "width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": false });
        self.call("Emulation.setDeviceMetricsOverride", screen).map(drop)
    }

    /// The value of a JavaScript expression in the page.
    pub fn evaluate(&mut self, expression: &str) -> Result<Value, String> {
        let result = self.call("Runtime.evaluate", json!({ "expression": expression, "returnByValue": true }));
        value_of(expression, result?)
    }

    /// The value of a JavaScript expression (a promise's, once settled)
    /// in the page's service worker.
    pub fn evaluate_in_worker(&mut self, expression: &str) -> Result<Value, String> {
        let targets = self.call_browser("Target.getTargets", json!({}))?;
        let worker = targets["targetInfos"]
            .as_array()
            .and_then(|targets| targets.iter().find(|target| target["type"] == "service_worker"))
            .ok_or("DevTools lists no service worker")?;
        let attached =
            self.call_browser("Target.attachToTarget", json!({ "targetId": worker["targetId"], "flatten": true }))?;
        let worker = attached["sessionId"].as_str().ok_or("no session for the service worker")?;
        let page = self.session.replace(worker.to_string());
        let asked = json!({ "expression": expression, "returnByValue": true, "awaitPromise": true });
        let result = self.call("Runtime.evaluate", asked);
        self.session = page;
        value_of(expression, result?)
    }

    /// Waits up to `limit` for `seen` to find what it looks for in the
    /// value of `expression`, asking twice a second.
    pub fn wait_for<T>(
        &mut self,
        expression: &str,
        limit: Duration,
        seen: impl Fn(&Value) -> Option<T>,
    ) -> Result<Option<T>, String> {
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            if let Some(found) = seen(&self.evaluate(expression)?) {
                return Ok(Some(found));
            }
            std::thread::sleep(Duration::from_millis(500));
        }
        Ok(None)
    }

    /// A tap of a finger at (`x`, `y`) in the page, as a player's: the
    /// browser takes its end, not its start, for the player's gesture.
    pub fn tap(&mut self, x: f32, y: f32) -> Result<(), String> {
        self.call("Emulation.setTouchEmulationEnabled", json!({ "enabled": true, "maxTouchPoints": 1 }))?;
        for (kind, points) in [("touchStart", json!([{ "x": x, "y": y }])), ("touchEnd", json!([]))] {
            self.call("Input.dispatchTouchEvent", json!({ "type": kind, "touchPoints": points }))?;
        }
        Ok(())
    }

    /// Loads `url` in the open page.
    pub fn navigate(&mut self, url: &str) -> Result<(), String> {
        self.call("Page.navigate", json!({ "url": url })).map(drop)
    }

    /// Saves what the page shows as a PNG, to see where a check stopped.
    pub fn screenshot(&mut self, path: &Path) -> Result<(), String> {
        let shot = self.call("Page.captureScreenshot", json!({ "format": "png" }))?;
        let png = shot["data"].as_str().and_then(from_base64).ok_or("Page.captureScreenshot: no image")?;
        std::fs::write(path, png).map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// What `Runtime.evaluate` of `expression` gave, or what it threw.
fn value_of(expression: &str, result: Value) -> Result<Value, String> {
    if let Some(thrown) = result.get("exceptionDetails") {
        return Err(format!("{expression}: {thrown}"));
    }
    Ok(result["result"]["value"].clone())
}

/// The bytes of standard base64 `text` (as DevTools sends images).
fn from_base64(text: &str) -> Option<Vec<u8>> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut bytes = Vec::with_capacity(text.len() / 4 * 3);
    for chunk in text.trim_end_matches('=').as_bytes().chunks(4) {
        let bits = chunk.iter().try_fold(0u32, |bits, &c| Some(bits << 6 | u32::from(value(c)?)))?;
        let bits = bits << (6 * (4 - chunk.len()));
        bytes.extend(&bits.to_be_bytes()[1..chunk.len()]);
    }
    Some(bytes)
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
