//! The web build, served from the same address as the lobby and the
//! signalling sockets, so that a join link (`SERVER/join/CODE`, sent on to
//! `/#/join/CODE`) and the page it opens come from the same place and the page finds its server.
//! matchbox routes `/` and `/NAME` to its websocket handler: a request
//! there that is not a websocket upgrade is answered with a file instead.

use axum::Router;
use axum::extract::{Request, State};
use axum::http::header;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use std::path::{Path, PathBuf};
use tower::ServiceExt;
use tower_http::services::ServeDir;

/// `router` also serving the files of `dir` (its `index.html` at `/`).
pub fn serve_files(router: Router, dir: &Path) -> Router {
    let files = ServeDir::new(dir);
    router.layer(middleware::from_fn_with_state(files.clone(), file_unless_socket)).fallback_service(files)
}

async fn file_unless_socket(State(files): State<ServeDir>, request: Request, next: Next) -> Response {
    let socket = request.headers().contains_key(header::UPGRADE);
    if socket || request.uri().path().starts_with("/api/") {
        return next.run(request).await;
    }
    match files.oneshot(request).await {
        Ok(response) => response.into_response(),
        Err(never) => match never {},
    }
}

/// The web build `cargo xtask web` made beside this program, if it did:
/// `target/web-dist`, as the program is `target/PROFILE/wocable-server`.
pub fn built_beside() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dist = exe.parent()?.parent()?.join("web-dist");
    dist.join("index.html").is_file().then_some(dist)
}
