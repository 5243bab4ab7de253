//! A phone's registration with its push service (Firebase on Android,
//! APNs on iOS), for the player to be told of their turns while the app
//! is closed: the platform asks the player's leave and its service's
//! token, then the app gives the token to the server for the member.
//! What the platform does is passed in (`Native`), so that the steps are
//! tested on any machine.

use std::sync::Mutex;
use wocable_net::{PhoneService, PhoneSubscribe, PlayerKey};

/// What the phone's system code does: asks the player's leave and the
/// token, and answers, once, how that went: `token:…`, `refused`, `failed`
/// (`None` while it goes on).
pub struct Native {
    pub service: PhoneService,
    pub ask: fn(),
    pub take_answer: fn() -> Option<String>,
}

/// Where asking is: the first three while it goes on.
#[derive(Debug)]
enum Step {
    NotAsked,
    /// The platform asks; the member's server, account and language wait
    /// for its token.
    Asking {
        server: String,
        key: PlayerKey,
        language: String,
    },
    /// The token is on its way to the server.
    Sending,
    On,
    Off,
}

pub struct Registration(Mutex<Step>);

impl Registration {
    pub const fn new() -> Registration {
        Registration(Mutex::new(Step::NotAsked))
    }

    fn step(&self) -> std::sync::MutexGuard<'_, Step> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Asks the platform, for the member of `key` (hex) on `server`,
    /// told in `language`.
    pub fn ask(&'static self, native: &Native, server: &str, key: &str, language: &str) {
        let Some(key) = PlayerKey::from_hex(key) else { return };
        *self.step() = Step::Asking { server: server.to_string(), key, language: language.to_string() };
        (native.ask)();
    }

    /// Whether the player is told (`None`: not asked, or not known yet).
    /// Once the platform answers with a token, it goes to the server.
    pub fn notifying(&'static self, native: &Native) -> Option<bool> {
        let mut step = self.step();
        match &*step {
            Step::On => Some(true),
            Step::Off => Some(false),
            Step::NotAsked | Step::Sending => None,
            Step::Asking { .. } => {
                let answer = (native.take_answer)()?;
                let Step::Asking { server, key, language } = std::mem::replace(&mut *step, Step::Sending) else {
                    return None;
                };
                let Some(token) = answer.strip_prefix("token:") else {
                    *step = Step::Off;
                    return Some(false);
                };
                let subscribe = PhoneSubscribe { key, service: native.service, token: token.to_string(), language };
                match ehttp::Request::post_json(format!("{server}/api/push/phone"), &subscribe) {
                    Ok(request) => ehttp::fetch(request, |answer| {
                        let on = answer.is_ok_and(|answer| answer.ok);
                        *self.step() = if on { Step::On } else { Step::Off };
                    }),
                    Err(_) => *step = Step::Off,
                }
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufRead, BufReader, Read, Write};
    use std::net::TcpListener;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};

    static ASKED: AtomicBool = AtomicBool::new(false);

    /// A server of one answer (`status`): the body of the request it took.
    fn one_answer(status: &str) -> (String, std::thread::JoinHandle<String>) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let status = status.to_string();
        let served = std::thread::spawn(move || {
            let (stream, _) = listener.accept().unwrap();
            let mut reader = BufReader::new(&stream);
            let (mut line, mut length) = (String::new(), 0);
            reader.read_line(&mut line).unwrap();
            assert!(line.starts_with("POST /api/push/phone "), "{line}");
            loop {
                line.clear();
                reader.read_line(&mut line).unwrap();
                if let Some(value) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                    length = value.trim().parse().unwrap();
                }
                if line.trim().is_empty() {
                    break;
                }
            }
            let mut body = vec![0; length];
            reader.read_exact(&mut body).unwrap();
            let answer = format!("HTTP/1.1 {status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
            (&stream).write_all(answer.as_bytes()).unwrap();
            String::from_utf8(body).unwrap()
        });
        (url, served)
    }

    fn until_answered(registration: &'static Registration, native: &Native) -> Option<bool> {
        let asked = Instant::now();
        loop {
            if let Some(on) = registration.notifying(native) {
                return Some(on);
            }
            assert!(asked.elapsed() < Duration::from_secs(10), "no answer");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    #[test]
    fn a_token_goes_to_the_server_for_the_member_and_a_refusal_nowhere() {
        static REGISTRATION: Registration = Registration::new();
        let native = Native {
            service: PhoneService::Apns,
            ask: || ASKED.store(true, Ordering::SeqCst),
            take_answer: || ASKED.load(Ordering::SeqCst).then(|| format!("token:{}", "ab".repeat(32))),
        };
        assert_eq!(REGISTRATION.notifying(&native), None, "not asked");
        let (server, served) = one_answer("204 No Content");
        let key = PlayerKey(0x1234_5678_9abc_def0_1234_5678_9abc_def0);
        REGISTRATION.ask(&native, &server, &key.to_hex(), "fr");
        assert!(ASKED.load(Ordering::SeqCst), "the platform asked");
        assert_eq!(until_answered(&REGISTRATION, &native), Some(true));
        let sent: PhoneSubscribe = serde_json::from_str(&served.join().unwrap()).unwrap();
        let expected =
            PhoneSubscribe { key, service: PhoneService::Apns, token: "ab".repeat(32), language: "fr".into() };
        assert_eq!(sent, expected);

        // A constant, as each platform's is.
        const REFUSING: Native =
            Native { service: PhoneService::Fcm, ask: || {}, take_answer: || Some("refused".into()) };
        static REFUSED: Registration = Registration::new();
        REFUSED.ask(&REFUSING, "http://127.0.0.1:9", &key.to_hex(), "en");
        assert_eq!(REFUSED.notifying(&REFUSING), Some(false));

        static TURNED_AWAY: Registration = Registration::new();
        let (server, served) = one_answer("400 Bad Request");
        let fcm = Native { service: PhoneService::Fcm, ask: || {}, take_answer: || Some("token:abc".into()) };
        TURNED_AWAY.ask(&fcm, &server, &key.to_hex(), "en");
        assert_eq!(until_answered(&TURNED_AWAY, &fcm), Some(false), "the server took no token");
        served.join().unwrap();
    }
}
