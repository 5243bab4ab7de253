//! A throwaway PostgreSQL cluster for the server's tests: made in a
//! temporary folder, listening on 127.0.0.1 only, with fsync off, and
//! gone when dropped. PostgreSQL will not run as root, so as root the
//! cluster is the `postgres` user's (Debian's package makes that user).

use crate::is_root;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;

pub struct Cluster {
    dir: PathBuf,
    bin: PathBuf,
    /// Connects as the cluster's superuser, who may make databases.
    pub url: String,
}

/// The newest PostgreSQL's programs Debian installed.
fn binaries() -> Result<PathBuf, String> {
    let versions = std::fs::read_dir("/usr/lib/postgresql").map_err(|e| format!("/usr/lib/postgresql: {e}"))?;
    let mut found: Vec<(u32, PathBuf)> = versions
        .flatten()
        .filter_map(|entry| Some((entry.file_name().to_str()?.parse().ok()?, entry.path().join("bin"))))
        .filter(|(_, bin)| bin.join("initdb").is_file())
        .collect();
    found.sort();
    found.pop().map(|(_, bin)| bin).ok_or_else(|| "no PostgreSQL in /usr/lib/postgresql".into())
}

/// Runs one of PostgreSQL's programs as the cluster's owner, in the
/// cluster's folder (the postgres user may not enter the repository).
fn as_owner(bin: &Path, dir: &Path, program: &str, args: &[&str]) -> Result<(), String> {
    let program = bin.join(program);
    let mut command = if is_root() {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(&program);
        command
    } else {
        Command::new(&program)
    };
    crate::run_in(dir, command.args(args))
}

impl Cluster {
    pub fn start() -> Result<Cluster, String> {
        let bin = binaries()?;
        // In /tmp, whatever TMPDIR says: the postgres user can reach it, and
        // the socket's path stays short.
        let dir = PathBuf::from(format!("/tmp/wocable-postgres-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        if is_root() {
            crate::run(Command::new("chown").arg("postgres").arg(&dir))?;
        }
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .map_err(|e| format!("no free port: {e}"))?
            .port();
        let text = |path: PathBuf| path.to_string_lossy().into_owned();
        let (data, log) = (text(dir.join("data")), text(dir.join("log")));
        let cluster = Cluster { url: format!("postgres://postgres@127.0.0.1:{port}/postgres"), dir, bin };
        let initdb = ["-D", &data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale", "--no-sync"];
        as_owner(&cluster.bin, &cluster.dir, "initdb", &initdb)?;
        // Tests run side by side, each server with a pool of connections.
        let settings = format!("-h 127.0.0.1 -p {port} -k {} -F -c max_connections=300", cluster.dir.display());
        as_owner(&cluster.bin, &cluster.dir, "pg_ctl", &["-D", &data, "-o", &settings, "-l", &log, "-w", "start"])?;
        Ok(cluster)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let data = self.dir.join("data").to_string_lossy().into_owned();
        let _ = as_owner(&self.bin, &self.dir, "pg_ctl", &["-D", &data, "-m", "immediate", "stop"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
