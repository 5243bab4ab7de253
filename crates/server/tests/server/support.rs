//! What the server's tests share: the server as a real process on
//! 127.0.0.1, a scratch folder, and a client of the test's own that speaks
//! the protocol over its own WebRTC connection.

use futures::StreamExt;
use matchbox_socket::{PeerId, PeerState, RtcIceServerConfig, WebRtcChannel, WebRtcSocket, WebRtcSocketBuilder};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};
use wocable_crossword::movegen::Move;
use wocable_crossword::{Game, Intent, SeatView, Standing, computer};
use wocable_lexicon::Lexicon;
use wocable_net::{ChatLine, ClientMessage, Refusal, RoomCode, SeatToken, ServerMessage};

/// Turns a game of two needs to count for ratings and arenas (three each).
pub const COUNTED_TURNS: usize = 6;

/// Every seat plays its turns (see [`Seat::play_a_turn`]) until the game
/// has had enough to count.
pub async fn play_until_it_counts(seats: &mut [Seat]) {
    while seats[0].turns_taken() < COUNTED_TURNS {
        for seat in seats.iter_mut() {
            seat.take(Duration::from_millis(50)).await;
            if seat.on_turn() && seat.turns_taken() < COUNTED_TURNS {
                seat.play_a_turn().await;
            }
        }
    }
}

/// The PostgreSQL server the tests' databases are made on, when set: a
/// URL to connect as a user who may make databases. Unset, the tests use
/// SQLite files.
pub const POSTGRES: &str = "WOCABLE_TEST_POSTGRES";

/// A folder of this test's own, and a database, removed when dropped.
pub struct Scratch {
    dir: PathBuf,
    /// The PostgreSQL database made for the test, by name.
    postgres: Option<String>,
}

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("wocable-online-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let postgres = std::env::var(POSTGRES).is_ok().then(|| {
            let database = format!("wocable_{}_{}", name.replace('-', "_"), std::process::id());
            psql(&format!("DROP DATABASE IF EXISTS {database} WITH (FORCE)"));
            assert!(psql(&format!("CREATE DATABASE {database}")), "no database {database} made");
            database
        });
        Scratch { dir, postgres }
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// The test's database, for `--db`: on PostgreSQL when the tests are
    /// given one, else an SQLite file.
    pub fn database(&self) -> String {
        match &self.postgres {
            Some(database) => {
                let admin = std::env::var(POSTGRES).unwrap();
                let (server, _) = admin.rsplit_once('/').expect("a URL with a database");
                format!("{server}/{database}")
            }
            None => self.path("s.db").to_string_lossy().into_owned(),
        }
    }
}

/// Runs a statement on the tests' PostgreSQL server; whether it did.
fn psql(statement: &str) -> bool {
    let admin = std::env::var(POSTGRES).unwrap_or_default();
    let ran = Command::new("psql").args([&admin, "-q", "-v", "ON_ERROR_STOP=1", "-c", statement]).status();
    ran.is_ok_and(|status| status.success())
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
        // Not asserted: a test that failed is not to be hidden by this.
        if let Some(database) = &self.postgres {
            psql(&format!("DROP DATABASE IF EXISTS {database} WITH (FORCE)"));
        }
    }
}

pub struct Server {
    pub child: Child,
    pub url: String,
    pub log: PathBuf,
}

impl Server {
    /// Starts the server on a free port (`None`) or on `port`, with the
    /// database `db`, and waits for its "listening on" line.
    pub fn start(scratch: &Scratch, port: Option<u16>, db: &str) -> Server {
        Server::start_with(scratch, port, db, &[])
    }

    pub fn start_with(scratch: &Scratch, port: Option<u16>, db: &str, args: &[&str]) -> Server {
        Server::start_logging(scratch, port, db, args, "")
    }

    /// With `RUST_LOG` set to `log` (when not empty).
    pub fn start_logging(scratch: &Scratch, port: Option<u16>, db: &str, args: &[&str], log: &str) -> Server {
        let filter = log;
        let log = scratch.path(&format!("server-{}.log", Instant::now().elapsed().as_nanos()));
        let mut child = Command::new(env!("CARGO_BIN_EXE_wocable-server"))
            .args(["--listen", &format!("127.0.0.1:{}", port.unwrap_or(0)), "--db"])
            .arg(db)
            .args(args)
            .envs((!filter.is_empty()).then_some(("RUST_LOG", filter)))
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let url =
            line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("server said {line:?}")).to_string();
        Server { child, url, log }
    }

    pub fn port(&self) -> u16 {
        self.url.rsplit(':').next().unwrap().parse().unwrap()
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// SIGKILL: no chance to tidy up.
    pub fn kill(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    pub fn alive(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("server log ({}):\n{}", self.url, self.log());
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The lobby's HTTP API, asked as a client does.
#[derive(Clone)]
pub struct Lobby {
    pub url: String,
    pub http: reqwest::Client,
}

impl Lobby {
    pub fn of(server: &Server) -> Lobby {
        Lobby { url: server.url.clone(), http: reqwest::Client::new() }
    }

    /// The status and JSON of the answer to a `POST`.
    pub async fn post(&self, path: &str, body: serde_json::Value) -> (u16, serde_json::Value) {
        let answer = self.http.post(format!("{}{path}", self.url)).json(&body).send().await.unwrap();
        let status = answer.status().as_u16();
        (status, answer.json().await.unwrap_or(serde_json::Value::Null))
    }

    /// A new account's key, in hex.
    pub async fn account(&self, nick: &str) -> String {
        let (status, made) = self.post("/api/players", serde_json::json!({ "nick": nick })).await;
        assert_eq!(status, 201, "{made}");
        serde_json::from_value::<wocable_net::Account>(made).unwrap().key.to_hex()
    }
}

/// The code of a refusal's answer.
pub fn error_code(answer: &serde_json::Value) -> &str {
    answer["error"]["code"].as_str().unwrap_or_default()
}

/// A client of the test's own, over a WebRTC connection to the host.
pub struct Raw {
    pub socket: WebRtcSocket,
    pub channel: WebRtcChannel,
    pub host: PeerId,
    pub driver: tokio::task::JoinHandle<Result<(), matchbox_socket::Error>>,
}

impl Raw {
    /// A connection to the room `code` of the server at `server` (its URL).
    pub async fn open(server: &str, code: RoomCode) -> Raw {
        let url = format!("{}/{code}", server.replace("http://", "ws://"));
        let ice = RtcIceServerConfig { urls: Vec::new(), username: None, credential: None };
        let (mut socket, driver) = WebRtcSocketBuilder::new(url).ice_server(ice).add_reliable_channel().build();
        let driver = tokio::spawn(driver);
        let channel = socket.take_channel(0).unwrap();
        let host = tokio::time::timeout(Duration::from_secs(20), async {
            loop {
                match socket.next().await.expect("the server keeps the websocket open") {
                    (peer, PeerState::Connected) => return peer,
                    (_, PeerState::Disconnected) => {}
                }
            }
        })
        .await
        .expect("the host peer answers");
        Raw { socket, channel, host, driver }
    }

    pub fn send(&mut self, message: &ClientMessage) {
        self.send_bytes(message.encode());
    }

    pub fn send_bytes(&mut self, bytes: Vec<u8>) {
        self.channel.try_send(bytes.into(), self.host).unwrap();
    }

    /// The next message, or `None` after `wait` without one.
    pub async fn recv(&mut self, wait: Duration) -> Option<ServerMessage> {
        let (channel, socket, host) = (&mut self.channel, &mut self.socket, self.host);
        tokio::time::timeout(wait, async {
            loop {
                tokio::select! {
                    Some((peer, packet)) = channel.next() => if peer == host {
                        return ServerMessage::decode(&packet).expect("the server's messages read back");
                    },
                    Some(_) = socket.next() => {}
                }
            }
        })
        .await
        .ok()
    }
}

impl Drop for Raw {
    fn drop(&mut self) {
        self.driver.abort();
    }
}

/// A seat played by the test: its view, followed from what it is sent.
pub struct Seat {
    pub raw: Raw,
    pub code: RoomCode,
    pub token: SeatToken,
    pub view: Option<SeatView>,
    pub record: Option<String>,
    pub standings: Vec<Standing>,
    pub refusals: Vec<Refusal>,
    /// The last hints the server gave.
    pub hints: Option<Vec<Move>>,
    /// The room's chat, as heard.
    pub chat: Vec<ChatLine>,
}

impl Seat {
    pub async fn connect(server: &str, code: RoomCode, token: SeatToken) -> Seat {
        let mut raw = Raw::open(server, code).await;
        raw.send(&ClientMessage::Hello { room: code, token });
        Seat {
            raw,
            code,
            token,
            view: None,
            record: None,
            standings: Vec::new(),
            refusals: Vec::new(),
            hints: None,
            chat: Vec::new(),
        }
    }

    pub async fn reconnect(&mut self, server: &str) {
        *self = Seat::connect(server, self.code, self.token).await;
    }

    /// Takes in what comes within `wait`; whether anything came.
    pub async fn take(&mut self, wait: Duration) -> bool {
        let Some(message) = self.raw.recv(wait).await else { return false };
        match message {
            ServerMessage::Welcome { seat, settings, .. } => {
                self.view = Some(SeatView::new(settings, Some(seat)).unwrap())
            }
            ServerMessage::Events { events, .. } => {
                let view = self.view.as_mut().expect("a welcome comes first");
                for event in events {
                    view.apply(event).expect("only this seat's own events, in order");
                }
            }
            ServerMessage::Finished { gcg, standings } => {
                self.record = Some(gcg);
                self.standings = standings;
            }
            ServerMessage::Refused(refusal) => self.refusals.push(refusal),
            ServerMessage::Hints(moves) => self.hints = Some(moves),
            ServerMessage::Chat(line) => self.chat.push(line),
            ServerMessage::Waiting { .. } | ServerMessage::Pong => {}
        }
        true
    }

    /// Whether it is this seat's turn, once the view has caught up (its
    /// events follow the welcome).
    pub fn on_turn(&self) -> bool {
        self.view.as_ref().is_some_and(|v| !v.log().is_empty() && v.ended().is_none() && Some(v.turn()) == v.viewer())
    }

    pub fn seat(&self) -> usize {
        self.view.as_ref().and_then(SeatView::viewer).expect("seated")
    }

    /// Waits for this seat's turn (false: the game ended first).
    pub async fn until_turn(&mut self) -> bool {
        let deadline = Instant::now() + Duration::from_secs(60);
        while !self.on_turn() {
            assert!(Instant::now() < deadline, "the turn never came");
            if self.record.is_some() {
                return false;
            }
            self.take(Duration::from_millis(200)).await;
        }
        true
    }

    /// The best-scoring play of this seat's rack, as a player with a keen
    /// eye finds it; `None` when the rack makes no word.
    pub fn best_play(&self) -> Option<Intent> {
        best_play(self.view.as_ref()?)
    }

    /// An exchange of this seat's first tile.
    pub fn exchange_one(&self) -> Intent {
        let view = self.view.as_ref().expect("seated");
        Intent::Exchange { seat: self.seat(), tiles: view.rack()[..1].to_vec() }
    }

    /// Turns taken in the game so far: plays, exchanges and passes.
    pub fn turns_taken(&self) -> usize {
        let view = self.view.as_ref().expect("seated");
        view.log().iter().filter(|e| e.event.is_turn()).count()
    }

    /// Makes a move on this seat's turn, and takes what comes until the
    /// referee answers it.
    pub async fn make(&mut self, intent: Intent) {
        let before = self.view.as_ref().expect("seated").last_seq();
        self.raw.send(&ClientMessage::Intent(intent));
        while self.view.as_ref().unwrap().last_seq() == before && self.record.is_none() {
            assert!(self.take(Duration::from_secs(30)).await, "the move was answered; refused: {:?}", self.refusals);
        }
    }

    /// Plays its best move on its turn, or exchanges a tile when the rack
    /// makes no word.
    pub async fn play_a_turn(&mut self) {
        let intent = self.best_play().unwrap_or_else(|| self.exchange_one());
        self.make(intent).await;
    }

    /// Passes whenever it is this seat's turn, until the game ends.
    pub async fn pass_to_the_end(&mut self) -> String {
        while self.until_turn().await {
            let seat = self.seat();
            let before = self.view.as_ref().unwrap().last_seq();
            self.raw.send(&ClientMessage::Intent(Intent::Pass { seat }));
            while self.view.as_ref().unwrap().last_seq() == before && self.record.is_none() {
                assert!(
                    self.take(Duration::from_secs(30)).await,
                    "the pass was answered; refused: {:?}",
                    self.refusals
                );
                // Passing as fast as a quick computer player answers can
                // outrun the server's rate limit: wait, and pass again.
                if self.refusals.last() == Some(&Refusal::TooFast) {
                    self.refusals.pop();
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    self.raw.send(&ClientMessage::Intent(Intent::Pass { seat }));
                }
            }
        }
        self.record.clone().unwrap()
    }

    /// The next refusal, skipping other messages.
    pub async fn refusal(&mut self) -> Refusal {
        let seen = self.refusals.len();
        while self.refusals.len() == seen {
            assert!(self.take(Duration::from_secs(10)).await, "a refusal came");
        }
        self.refusals.remove(seen)
    }
}

/// The best-scoring play of a seat's rack on its view; `None` when the
/// rack makes no word.
pub fn best_play(view: &SeatView) -> Option<Intent> {
    let lexicon = Lexicon::bundled(view.settings().language);
    let game = Game::guessed(view, lexicon, 1).ok()?;
    let best = computer::hints(&game, 1).pop()?;
    Some(Intent::Play { seat: view.viewer()?, tiles: best.tiles })
}

/// `wocable-cli`, built beside the server by `cargo test --workspace`.
pub fn cli_path() -> PathBuf {
    let path = Path::new(env!("CARGO_BIN_EXE_wocable-server")).with_file_name("wocable-cli");
    assert!(path.exists(), "{} is missing: run these tests with `cargo test --workspace`", path.display());
    path
}

pub fn cli(args: &[&str]) -> Output {
    Command::new(cli_path()).args(args).output().unwrap()
}

/// `wocable-cli online create` with `extra` arguments.
pub fn create_command(server: &Server, rules: &str, players: usize, extra: &[&str]) -> Output {
    let players = players.to_string();
    let args = ["online", "create", "--server", &server.url, "--rules", rules, "--lang", "en", "--players", &players];
    cli(&[&args[..], extra].concat())
}

pub fn create(server: &Server, rules: &str, players: usize, clock: Option<u32>) -> RoomCode {
    let clock = clock.map(|c| c.to_string());
    let extra: Vec<&str> = clock.iter().flat_map(|c| ["--clock", c.as_str()]).collect();
    let output = create_command(server, rules, players, &extra);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    RoomCode::parse(String::from_utf8(output.stdout).unwrap().trim()).unwrap()
}

/// A bot process; its record goes to `gcg`.
pub fn bot(server: &Server, how: &[&str], level: &str, gcg: &Path) -> Child {
    Command::new(cli_path())
        .args(["online", "bot", "--server", &server.url, "--level", level, "--gcg"])
        .arg(gcg)
        .args(how)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap()
}

pub fn finish(bot: Child, server: &Server) -> String {
    let output = bot.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "bot failed: {}{}\nserver log:\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
        server.log()
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The records are the same, and `wocable-cli replay` accepts it.
pub fn same_record_replayed(records: &[PathBuf], rules: &str) -> String {
    let first = std::fs::read_to_string(&records[0]).unwrap();
    for other in &records[1..] {
        assert_eq!(std::fs::read_to_string(other).unwrap(), first, "every client has the same record");
    }
    let replay = cli(&["replay", "--lang", "en", "--rules", rules, records[0].to_str().unwrap()]);
    assert!(replay.status.success(), "{}\n{first}", String::from_utf8_lossy(&replay.stderr));
    first
}
