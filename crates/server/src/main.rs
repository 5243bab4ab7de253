//! wocable-server: matchbox signalling, the lobby (rooms, invite codes,
//! random games) and the referee of every online game, with SQLite or
//! PostgreSQL.
//!
//! `wocable-server [--listen ADDR:PORT] [--db FILE|URL] [--public-url URL]
//! [--web DIR] [--lexicon FILE.wlex]... [--ice
//! URL]... [--ice-username NAME --ice-credential SECRET] [--arena
//! RULES-LANG-PLAYERS]... [--no-arenas] [--arena-every SECONDS]
//! [--arena-length SECONDS] [--android-app PACKAGE=FINGERPRINT]...
//! [--apple-app TEAMID.BUNDLE-ID]... [--admin-key SECRET] [--test-clock
//! MS]` prints `listening on http://ADDR:PORT` once it accepts
//! connections. It serves the web build in DIR at `/` (by default
//! `target/web-dist`, when `cargo xtask web` made it), what lets the phone
//! apps open its join links, and to the admin key the chat's reports.

mod address;
mod admin;
mod api;
mod app_links;
mod correspondence;
mod db;
mod error;
mod hub;
mod push;
mod signal;
mod turn;
mod web;
mod word_lists;

use matchbox_signaling::SignalingServerBuilder;
use std::io::IsTerminal;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch};
use tracing::info;
use tracing_subscriber::filter::{EnvFilter, filter_fn};
use tracing_subscriber::layer::{Layer, SubscriberExt};
use tracing_subscriber::util::SubscriberInitExt;
use wocable_crossword::RuleSetKind;
use wocable_lexicon::Language;
use wocable_net::{ArenaKind, IceServers, Schedule};

const DEFAULT_LISTEN: &str = "127.0.0.1:3536";

const USAGE: &str = "usage: wocable-server [--listen ADDR:PORT] [--db FILE|URL] [--public-url URL] [--web DIR] \
[--lexicon FILE.wlex]... [--ice URL]... \
[--ice-username NAME] [--ice-credential SECRET | --turn-secret SECRET] [--arena RULES-LANG-PLAYERS]... [--no-arenas] \
[--arena-every SECONDS] [--arena-length SECONDS] [--sockets N] [--sockets-per-address N] \
[--hello-seconds SECONDS] [--no-address-limits] [--android-app PACKAGE=FINGERPRINT]... \
[--apple-app TEAMID.BUNDLE-ID]... [--admin-key SECRET] [--push-contact mailto:ADDRESS] \
[--fcm-account SERVICE-ACCOUNT.json] [--fcm-endpoint URL] [--apns-key AuthKey.p8 --apns-key-id ID] [--apns-endpoint URL] \
[--test-clock MS]";

struct Options {
    listen: SocketAddr,
    /// An SQLite file, or a `postgres://` URL.
    db: String,
    /// This server's address for clients, and for the other servers that
    /// share its database (by default `http://` and the address listened on).
    public_url: Option<String>,
    /// The web build to serve at `/`.
    web: Option<PathBuf>,
    /// Built lexicon files rooms may be played on, beside the bundled lists.
    lexicons: Vec<PathBuf>,
    ice: IceServers,
    /// The secret shared with the TURN server, for credentials that expire.
    turn_secret: Option<String>,
    arenas: Schedule,
    /// The bounds on clients' websockets.
    limits: signal::Limits,
    /// Whether what one address may ask for is bounded (not for a
    /// benchmark whose every client comes from one address).
    address_limits: bool,
    /// The phone apps that open this server's join links.
    app_links: app_links::AppLinks,
    /// The key that lists the reports of chat (none: no one may).
    admin_key: Option<String>,
    /// For tests: the server's clock starts at this time (ms since 1970),
    /// and `POST /api/test/clock {"advance_ms"}` moves it on.
    test_clock: Option<u64>,
    /// Who runs the server, for push services (`mailto:` or `https:`);
    /// by default its public address.
    push_contact: Option<String>,
    /// For tests: push subscriptions may be to plain http endpoints (a
    /// push service of the test's own on loopback).
    push_over_http: bool,
    /// Android phones: the Firebase project's service account (its key
    /// file), and where Firebase takes messages.
    fcm: Option<(PathBuf, String)>,
    /// iPhones: the team's APNs key (`.p8`) and its id, the app (the
    /// first `--apple-app`), and where Apple takes messages.
    apns: Option<ApnsOptions>,
}

struct ApnsOptions {
    key: PathBuf,
    key_id: String,
    app: String,
    endpoint: String,
}

/// `wocable-en-2` → the kind of arena.
fn arena_kind(text: &str) -> Option<ArenaKind> {
    let mut parts = text.split('-');
    let rules = RuleSetKind::from_name(parts.next()?)?;
    let language = Language::from_code(parts.next()?)?;
    let players = parts.next()?.parse().ok()?;
    let fits = (rules.rules().min_players..=rules.rules().max_players).contains(&players);
    (fits && parts.next().is_none()).then_some(ArenaKind { rules, language, players })
}

/// `DATABASE_URL` when set, else a file in the data folder.
fn default_db() -> String {
    if let Ok(url) = std::env::var("DATABASE_URL") {
        return url;
    }
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."));
    data.join("wocable/server.db").to_string_lossy().into_owned()
}

/// Why the command line was refused (the usage is shown after it).
#[derive(Debug, thiserror::Error)]
enum UsageError {
    #[error("{0} needs a value")]
    NoValue(String),
    #[error("--arena: '{0}' is not RULES-LANG-PLAYERS, such as wocable-en-2")]
    Arena(String),
    #[error("{flag}: '{text}' is not a number of seconds")]
    Seconds { flag: String, text: String },
    #[error("{flag}: '{text}' is not a count of one or more")]
    Count { flag: String, text: String },
    #[error("--test-clock: '{0}' is not a time in ms")]
    TestClock(String),
    #[error("--listen: '{0}' is not ADDR:PORT")]
    Listen(String),
    #[error(
        "--public-url is needed to listen on {0} with PostgreSQL: servers sharing a database are told \
         apart, and reached, by it"
    )]
    NoPublicUrl(SocketAddr),
    #[error("--ice-credential and --turn-secret: one or the other")]
    TwoTurnSignIns,
    #[error("--web: {} has no index.html", .0.display())]
    NoIndex(PathBuf),
    #[error(transparent)]
    AppLink(#[from] app_links::AppLinkError),
    #[error("--apns-key needs --apns-key-id, and the app to tell (--apple-app TEAMID.BUNDLE-ID)")]
    ApnsIncomplete,
    #[error("unexpected argument '{0}'")]
    Unexpected(String),
    /// `--help`: only the usage.
    #[error("")]
    Help,
}

/// Why the server did not start, or stopped.
#[derive(Debug, thiserror::Error)]
enum ServeError {
    #[error(transparent)]
    WordList(#[from] word_lists::WordListError),
    #[error(transparent)]
    Db(#[from] db::DbError),
    #[error("{address}: {source}")]
    Listen { address: SocketAddr, source: matchbox_signaling::Error },
    #[error(transparent)]
    Serve(matchbox_signaling::Error),
    #[error("the server's VAPID key: {0}")]
    Push(push::PushError),
    #[error("{}: {source}", file.display())]
    PushAccount { file: PathBuf, source: push::PushError },
}

fn options(mut args: impl Iterator<Item = String>) -> Result<Options, UsageError> {
    let mut listen = DEFAULT_LISTEN.to_string();
    let mut db = default_db();
    let mut public_url = None;
    // No ICE server by default: loopback and a LAN need none.
    let (mut ice, mut turn_secret) = (IceServers::default(), None);
    let mut web = None;
    let mut lexicons = Vec::new();
    let mut arenas = Schedule::hourly();
    let (mut kinds, mut no_arenas, mut test_clock) = (Vec::new(), false, None);
    let mut length = None;
    let (mut limits, mut address_limits) = (signal::Limits::default(), true);
    let mut app_links = app_links::AppLinks::default();
    let mut admin_key = None;
    let (mut push_contact, mut push_over_http) = (None, false);
    let (mut fcm_account, mut fcm_endpoint) = (None, push::FCM_ENDPOINT.to_string());
    let (mut apns_key, mut apns_key_id, mut apns_endpoint) = (None, None, push::APNS_ENDPOINT.to_string());
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| UsageError::NoValue(flag.clone()));
        match flag.as_str() {
            "--listen" => listen = value()?,
            "--db" => db = value()?,
            "--public-url" => public_url = Some(value()?.trim_end_matches('/').to_string()),
            "--web" => web = Some(PathBuf::from(value()?)),
            "--lexicon" => lexicons.push(PathBuf::from(value()?)),
            "--ice" => ice.urls.push(value()?),
            "--ice-username" => ice.username = Some(value()?),
            "--ice-credential" => ice.credential = Some(value()?),
            "--turn-secret" => turn_secret = Some(value()?),
            "--arena" => {
                let text = value()?;
                kinds.push(arena_kind(&text).ok_or(UsageError::Arena(text))?);
            }
            "--no-arenas" => no_arenas = true,
            "--arena-every" => arenas.every_ms = seconds(&flag, &value()?)?,
            "--arena-length" => length = Some(seconds(&flag, &value()?)?),
            "--sockets" => limits.total = count(&flag, &value()?)?,
            "--sockets-per-address" => limits.per_address = count(&flag, &value()?)?,
            "--no-address-limits" => address_limits = false,
            "--android-app" => app_links.add_android(&value()?)?,
            "--apple-app" => app_links.add_apple(&value()?)?,
            "--admin-key" => admin_key = Some(value()?),
            "--push-contact" => push_contact = Some(value()?),
            "--push-over-http" => push_over_http = true,
            "--fcm-account" => fcm_account = Some(PathBuf::from(value()?)),
            "--fcm-endpoint" => fcm_endpoint = value()?,
            "--apns-key" => apns_key = Some(PathBuf::from(value()?)),
            "--apns-key-id" => apns_key_id = Some(value()?),
            "--apns-endpoint" => apns_endpoint = value()?,
            "--hello-seconds" => limits.hello_deadline = Duration::from_millis(seconds(&flag, &value()?)?),
            "--test-clock" => {
                let text = value()?;
                test_clock = Some(text.parse().map_err(|_| UsageError::TestClock(text))?);
            }
            "--help" | "-h" => return Err(UsageError::Help),
            _ => return Err(UsageError::Unexpected(flag)),
        }
    }
    if turn_secret.is_some() && ice.credential.is_some() {
        return Err(UsageError::TwoTurnSignIns);
    }
    let listen: SocketAddr = listen.parse().map_err(|_| UsageError::Listen(listen))?;
    // The name would be the same on every machine (`0.0.0.0:3536`): two
    // servers so named would take each other's rooms and waiting players.
    if public_url.is_none() && listen.ip().is_unspecified() && db.starts_with("postgres") {
        return Err(UsageError::NoPublicUrl(listen));
    }
    if let Some(dir) = web.as_ref().filter(|dir| !dir.join("index.html").is_file()) {
        return Err(UsageError::NoIndex(dir.clone()));
    }
    let apns = match (apns_key, apns_key_id, app_links.apple_app()) {
        (None, _, _) => None,
        (Some(key), Some(key_id), Some(app)) => {
            Some(ApnsOptions { key, key_id, app: app.to_string(), endpoint: apns_endpoint })
        }
        _ => return Err(UsageError::ApnsIncomplete),
    };
    arenas.length_ms = length.unwrap_or(arenas.every_ms);
    if !kinds.is_empty() {
        arenas.kinds = kinds;
    }
    if no_arenas {
        arenas.kinds.clear();
    }
    Ok(Options {
        listen,
        db,
        public_url,
        web: web.or_else(web::built_beside),
        lexicons,
        ice,
        turn_secret,
        arenas,
        limits: match address_limits {
            true => limits,
            false => signal::Limits { per_address: usize::MAX, ..limits },
        },
        address_limits,
        app_links,
        admin_key,
        test_clock,
        push_contact,
        push_over_http,
        fcm: fcm_account.map(|account| (account, fcm_endpoint)),
        apns,
    })
}

/// A count, at least one.
fn count(flag: &str, text: &str) -> Result<usize, UsageError> {
    match text.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(UsageError::Count { flag: flag.to_string(), text: text.to_string() }),
    }
}

/// A number of seconds, at least one, in milliseconds.
fn seconds(flag: &str, text: &str) -> Result<u64, UsageError> {
    match text.parse::<u64>() {
        Ok(n) if n > 0 => Ok(n.saturating_mul(1000)),
        _ => Err(UsageError::Seconds { flag: flag.to_string(), text: text.to_string() }),
    }
}

/// Whether a log line may be written: the WebRTC stack's and the
/// signalling's lines below warnings hold players' addresses (in ICE
/// candidates and session descriptions) and the host's secret path, so
/// they are left out whatever `RUST_LOG` asks for.
fn not_private(line: &tracing::Metadata<'_>) -> bool {
    let private = ["matchbox_socket", "matchbox_signaling", "webrtc", "rtc"];
    *line.level() <= tracing::Level::WARN || !private.iter().any(|target| line.target().starts_with(target))
}

fn main() -> ExitCode {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("warn,wocable_server=info,rtc=error,rtc_ice=error"));
    // Colours only for a terminal: a log file keeps plain text.
    let log = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_filter(filter_fn(not_private));
    tracing_subscriber::registry().with(filter).with(log).init();
    let options = match options(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(UsageError::Help) => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("wocable-server: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("wocable-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(serve(options)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("wocable-server: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The senders to phones the server was given accounts for.
fn phones(options: &Options) -> Result<push::Phones, ServeError> {
    Ok(push::Phones {
        fcm: match &options.fcm {
            Some((file, endpoint)) => Some(with_file(file, |account| push::Fcm::new(account, endpoint))?),
            None => None,
        },
        apns: match &options.apns {
            Some(apns) => {
                Some(with_file(&apns.key, |key| push::Apns::new(key, &apns.key_id, &apns.app, &apns.endpoint))?)
            }
            None => None,
        },
    })
}

/// What `make` makes of the text of `file`.
fn with_file<T>(file: &Path, make: impl FnOnce(&str) -> Result<T, push::PushError>) -> Result<T, ServeError> {
    let text = std::fs::read_to_string(file).map_err(|e| push::PushError::Account(e.to_string()));
    text.and_then(|text| make(&text)).map_err(|source| ServeError::PushAccount { file: file.to_path_buf(), source })
}

async fn serve(options: Options) -> Result<(), ServeError> {
    if let Some(ms) = options.test_clock {
        hub::set_clock(ms);
    }
    let word_lists = Arc::new(word_lists::WordLists::load(&options.lexicons)?);
    for list in word_lists.listed() {
        info!(name = %list.name, language = %list.language, words = list.words, "word list installed");
    }
    let db = db::Db::open(&options.db).await?;
    let vapid = db.vapid_key(|| push::Vapid::generate().unwrap_or_default()).await?;
    let vapid = push::Vapid::from_pkcs8(&vapid).map_err(ServeError::Push)?;
    let pusher =
        push::Pusher::new(db.clone(), vapid, options.push_contact.clone(), options.push_over_http, phones(&options)?)
            .map_err(ServeError::Push)?;
    let games = correspondence::Games::new(db.clone(), word_lists.clone(), pusher.clone());
    let (commands, inbox) = mpsc::channel(1024);
    // Versions go on from the time, so that they grow across restarts.
    let (arena_changes, arena_versions) = watch::channel(hub::now_ms());
    let host_path = format!("host-{:032x}", rand::random::<u128>());
    let signals = signal::Signals::new(host_path.clone(), options.limits);
    let (stop_serving, serving_stopped) = oneshot::channel();
    let mut server = SignalingServerBuilder::new(options.listen, signal::HostTopology, signals.clone())
        .with_shutdown(serving_stopped)
        .max_message_size(signal::MAX_SIGNAL_MESSAGE)
        .build_with(|router| {
            let router = router.merge(api::routes(
                commands.clone(),
                db.clone(),
                (games.clone(), pusher.clone()),
                arena_versions,
                word_lists.clone(),
                api::Ice { servers: options.ice.clone(), turn_secret: options.turn_secret.clone() },
                address::AddressLimits::new(options.address_limits),
                options.test_clock.is_some(),
            ));
            let router = router.merge(admin::routes(db.clone(), options.admin_key.as_deref()));
            let router = match &options.web {
                Some(dir) => web::serve_files(router, dir),
                None => router,
            };
            // After the files, whose layer covers only the routes before it.
            router.merge(app_links::routes(&options.app_links))
        });
    let address = server.bind().map_err(|source| ServeError::Listen { address: options.listen, source })?;
    let public_url = options.public_url.clone().unwrap_or_else(|| format!("http://{address}"));
    db.set_instance(public_url.clone());
    let hub = hub::Hub::load(db.clone(), word_lists, commands.clone(), options.arenas.clone(), arena_changes, signals)
        .await?;
    let (stop_hub, hub_stopped) = watch::channel(false);
    tokio::spawn(api::spread_blocks(db, commands, hub_stopped.clone()));
    let host_ice = match &options.turn_secret {
        Some(secret) => turn::credentials(&options.ice, secret, "host", hub::now_ms() / 1000 + turn::HOST_TTL_S),
        None => options.ice.clone(),
    };
    let ice = matchbox_socket::RtcIceServerConfig {
        urls: host_ice.urls,
        username: host_ice.username,
        credential: host_ice.credential,
    };
    tokio::spawn(games.keep_deadlines(hub_stopped.clone()));
    let host = tokio::spawn(hub.run(inbox, format!("ws://{address}/{host_path}"), ice, hub_stopped));
    tokio::spawn(async move {
        shutdown_signal().await;
        info!("shutting down");
        // The hub first: requests waiting on it (a random game) are then
        // answered at once, and serving can end.
        let _ = stop_hub.send(true);
        let _ = stop_serving.send(());
    });
    println!("listening on http://{address}");
    info!(db = %db::without_password(&options.db), public = public_url, "listening on http://{address}");
    match &options.web {
        Some(dir) => info!(web = %dir.display(), "serving the web build"),
        None => info!("no web build to serve (make one with `cargo xtask web`)"),
    }
    let served = server.serve().await.map_err(ServeError::Serve);
    if served.is_err() {
        host.abort();
    }
    let _ = host.await;
    served
}

/// SIGTERM or Ctrl-C.
async fn shutdown_signal() {
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = async { match &mut term { Some(term) => { term.recv().await; } None => std::future::pending().await } } => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> impl Iterator<Item = String> {
        text.split_whitespace().map(str::to_string).collect::<Vec<_>>().into_iter()
    }

    #[test]
    fn servers_sharing_postgresql_are_named_apart() {
        let shared = "--listen 0.0.0.0:3536 --db postgres://db.example/wocable --no-arenas";
        assert!(matches!(options(args(shared)), Err(UsageError::NoPublicUrl(_))));
        let named = format!("{shared} --public-url http://a.example:3536");
        let public_url = options(args(&named)).ok().and_then(|options| options.public_url);
        assert_eq!(public_url.as_deref(), Some("http://a.example:3536"));
        let one_address = "--listen 10.0.0.5:3536 --db postgres://db.example/wocable";
        assert!(options(args(one_address)).is_ok(), "a machine's own address names it");
        let file = "--listen 0.0.0.0:3536 --db /tmp/wocable.db";
        assert!(options(args(file)).is_ok(), "an SQLite file is not shared between machines");
    }
}
