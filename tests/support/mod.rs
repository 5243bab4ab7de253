//! What the app's process tests share: the workspace's programs, built
//! beside them by `cargo test --workspace`, and a wocable-server of their own.

// The app program and the window tour each use part of it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// A program of the workspace, built beside this test's executable.
pub fn program(name: &str) -> PathBuf {
    let test = std::env::current_exe().expect("the test's path");
    let path = test.parent().and_then(Path::parent).expect("the target folder").join(name);
    assert!(path.exists(), "{} is missing: run these tests with `cargo test --workspace`", path.display());
    path
}

/// wocable-server listening on `listen` (`127.0.0.1:0`: a free port), its
/// database and log in `dir`; stopped when dropped.
pub struct Server {
    child: Child,
    pub url: String,
}

impl Server {
    pub fn start(dir: &Path, listen: &str) -> Server {
        Server::start_with(dir, listen, &[])
    }

    /// The server, with more of its options.
    pub fn start_with(dir: &Path, listen: &str, options: &[&str]) -> Server {
        let mut child = Command::new(program("wocable-server"))
            .args(["--listen", listen, "--db"])
            .arg(dir.join("server.db"))
            .args(options)
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(dir.join("server.log")).expect("the server's log"))
            .spawn()
            .expect("the server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("its output")).read_line(&mut line).expect("its address");
        let url = line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("server said {line:?}"));
        Server { child, url: url.to_string() }
    }

    pub fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}
