//! wocable-server: matchbox signalling, the lobby (rooms, invite codes,
//! random games) and the referee of every online game, with SQLite.
//!
//! `wocable-server [--listen ADDR:PORT] [--db FILE] [--web DIR] [--ice
//! URL]... [--ice-username NAME --ice-credential SECRET]` prints `listening
//! on http://ADDR:PORT` once it accepts connections. It serves the web
//! build in DIR at `/` (by default `target/web-dist`, when `cargo xtask
//! web` made it).

mod api;
mod db;
mod hub;
mod signal;
mod web;

use matchbox_signaling::SignalingServerBuilder;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use tokio::sync::{mpsc, oneshot, watch};
use tracing::info;
use tracing_subscriber::EnvFilter;
use wocable_net::IceServers;

const DEFAULT_LISTEN: &str = "127.0.0.1:3536";

const USAGE: &str = "usage: wocable-server [--listen ADDR:PORT] [--db FILE] [--web DIR] [--ice URL]... \
[--ice-username NAME] [--ice-credential SECRET]";

struct Options {
    listen: SocketAddr,
    db: PathBuf,
    /// The web build to serve at `/`.
    web: Option<PathBuf>,
    ice: IceServers,
}

fn default_db() -> PathBuf {
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."));
    data.join("wocable/server.db")
}

fn options(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut listen = DEFAULT_LISTEN.to_string();
    let mut db = default_db();
    // No ICE server by default: loopback and a LAN need none.
    let mut ice = IceServers::default();
    let mut web = None;
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value\n{USAGE}"));
        match flag.as_str() {
            "--listen" => listen = value()?,
            "--db" => db = PathBuf::from(value()?),
            "--web" => web = Some(PathBuf::from(value()?)),
            "--ice" => ice.urls.push(value()?),
            "--ice-username" => ice.username = Some(value()?),
            "--ice-credential" => ice.credential = Some(value()?),
            "--help" | "-h" => return Err(USAGE.into()),
            other => return Err(format!("unexpected argument '{other}'\n{USAGE}")),
        }
    }
    let listen = listen.parse().map_err(|_| format!("--listen: '{listen}' is not ADDR:PORT"))?;
    if let Some(dir) = web.as_ref().filter(|dir| !dir.join("index.html").is_file()) {
        return Err(format!("--web: {} has no index.html", dir.display()));
    }
    Ok(Options { listen, db, web: web.or_else(web::built_beside), ice })
}

fn main() -> ExitCode {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("warn,wocable_server=info,rtc=error,rtc_ice=error"));
    tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).init();
    let options = match options(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("wocable-server: {message}");
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
        Err(message) => {
            eprintln!("wocable-server: {message}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(options: Options) -> Result<(), String> {
    let db = db::Db::open(&options.db).await?;
    let (commands, inbox) = mpsc::channel(1024);
    let hub = hub::Hub::load(db.clone(), commands.clone()).await?;
    let host_path = format!("host-{:032x}", rand::random::<u128>());
    let (stop_serving, serving_stopped) = oneshot::channel();
    let mut server =
        SignalingServerBuilder::new(options.listen, signal::HostTopology, signal::Signals::new(host_path.clone()))
            .with_shutdown(serving_stopped)
            .build_with(|router| {
                let router = router.merge(api::routes(commands, db, options.ice.clone()));
                match &options.web {
                    Some(dir) => web::serve_files(router, dir),
                    None => router,
                }
            });
    let address = server.bind().map_err(|e| format!("{}: {e}", options.listen))?;
    let (stop_hub, hub_stopped) = watch::channel(false);
    let ice = matchbox_socket::RtcIceServerConfig {
        urls: options.ice.urls,
        username: options.ice.username,
        credential: options.ice.credential,
    };
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
    info!(db = %options.db.display(), "listening on http://{address}");
    match &options.web {
        Some(dir) => info!(web = %dir.display(), "serving the web build"),
        None => info!("no web build to serve (make one with `cargo xtask web`)"),
    }
    let served = server.serve().await.map_err(|e| e.to_string());
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
