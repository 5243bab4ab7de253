//! What the server's benches share: a server of their own on a fresh
//! PostgreSQL database, and `psql` to fill it and drop it.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// Runs `statement` on the database at `url`.
pub fn psql(url: &str, statement: &str) {
    let ran = Command::new("psql").args([url, "-q", "-v", "ON_ERROR_STOP=1", "-c", statement]).status();
    assert!(ran.is_ok_and(|status| status.success()), "psql: {statement}");
}

/// A bench's server and database.
pub struct BenchServer {
    pub child: Child,
    /// The server's address.
    pub url: String,
    /// The database's URL.
    pub db: String,
}

/// The server, without arenas and with `args` besides, on database
/// `database` made afresh (its migrations make the tables) on the
/// PostgreSQL server of `admin`.
pub fn fresh_server(admin: &str, database: &str, args: &[&str]) -> BenchServer {
    psql(admin, &format!("DROP DATABASE IF EXISTS {database} WITH (FORCE)"));
    psql(admin, &format!("CREATE DATABASE {database}"));
    let (server_url, _) = admin.rsplit_once('/').expect("a URL with a database");
    let db = format!("{server_url}/{database}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_wocable-server"))
        .args(["--listen", "127.0.0.1:0", "--no-arenas", "--db", &db])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("its output")).read_line(&mut line).expect("it says where");
    let url = line.trim().strip_prefix("listening on ").expect("listening").to_string();
    BenchServer { child, url, db }
}
