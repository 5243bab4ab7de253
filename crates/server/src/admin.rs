//! The moderators' side: `GET /api/reports` lists the lines of chat
//! players reported, each with its room, to whoever shows the key the
//! server was started with (`--admin-key`, in `Authorization: Bearer
//! KEY`). Without one, there is no such endpoint.

use crate::db::{Db, Report};
use crate::error::ApiError;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::http::header::AUTHORIZATION;
use axum::routing::get;
use axum::{Json, Router};
use sha2::{Digest, Sha256};
use std::sync::Arc;
use tracing::error;

#[derive(Clone)]
struct Admin {
    db: Db,
    /// The key's SHA-256: a guess is compared by its own digest, whose
    /// bytes say nothing of the key's.
    key: Arc<[u8]>,
}

pub fn routes(db: Db, key: Option<&str>) -> Router {
    let Some(key) = key else { return Router::new() };
    let key = Sha256::digest(key.as_bytes()).to_vec().into();
    Router::new().route("/api/reports", get(reports)).with_state(Admin { db, key })
}

async fn reports(State(admin): State<Admin>, headers: HeaderMap) -> Result<Json<Vec<Report>>, ApiError> {
    let given = headers.get(AUTHORIZATION).and_then(|value| value.to_str().ok());
    let given = given.and_then(|value| value.strip_prefix("Bearer ")).ok_or(ApiError::NotAdmin)?;
    if Sha256::digest(given.as_bytes()).as_slice() != &*admin.key {
        return Err(ApiError::NotAdmin);
    }
    let reports = admin.db.reports().await.map_err(|e| {
        error!("database: {e}");
        ApiError::Database(e)
    })?;
    Ok(Json(reports))
}
