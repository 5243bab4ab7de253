//! Calls to the lobby's HTTP API (see wocable-server's README section):
//! each answer arrives later, natively on a thread and in the browser from
//! its event loop, and is taken by a system that looks each frame.

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use wocable_net::{ApiRefusal, CreateRoom, Created, JoinRoom, Joined, RandomGame, RoomCode, ServerConfig};

/// Why a call to the lobby failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LobbyError {
    #[error("the server could not be reached: {0}")]
    Unreachable(String),
    /// The server said no, and why (in its words).
    #[error("{0}")]
    Refused(String),
    #[error("the server's answer could not be read: {0}")]
    Unreadable(String),
}

/// A call on its way; [`Call::take`] gives its answer once, when it came.
pub struct Call<T> {
    answer: Arc<Mutex<Option<Result<T, LobbyError>>>>,
}

impl<T: DeserializeOwned + Send + 'static> Call<T> {
    fn send(request: Result<ehttp::Request, serde_json::Error>) -> Call<T> {
        let answer = Arc::new(Mutex::new(None));
        let request = match request {
            Ok(request) => request,
            Err(error) => {
                return Call { answer: Arc::new(Mutex::new(Some(Err(LobbyError::Unreadable(error.to_string()))))) };
            }
        };
        let slot = answer.clone();
        ehttp::fetch(request, move |response| {
            if let Ok(mut slot) = slot.lock() {
                *slot = Some(read(response));
            }
        });
        Call { answer }
    }

    fn post(url: String, body: &impl Serialize) -> Call<T> {
        Call::send(ehttp::Request::post_json(url, body))
    }

    fn get(url: String) -> Call<T> {
        Call::send(Ok(ehttp::Request::get(url)))
    }

    /// The answer, if it came (and was not taken before).
    pub fn take(&self) -> Option<Result<T, LobbyError>> {
        self.answer.lock().ok()?.take()
    }
}

fn read<T: DeserializeOwned>(response: ehttp::Result<ehttp::Response>) -> Result<T, LobbyError> {
    let response = response.map_err(LobbyError::Unreachable)?;
    if !response.ok {
        let refusal = response.json::<ApiRefusal>().map(|refusal| refusal.error);
        return Err(LobbyError::Refused(refusal.unwrap_or(response.status_text)));
    }
    response.json().map_err(|error| LobbyError::Unreadable(error.to_string()))
}

/// The lobby of one server, `http(s)://host:port`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lobby {
    server: String,
}

impl Lobby {
    pub fn new(server: &str) -> Lobby {
        Lobby { server: server.trim_end_matches('/').to_string() }
    }

    pub fn server(&self) -> &str {
        &self.server
    }

    /// The STUN and TURN servers, which the server wants its clients to use.
    pub fn config(&self) -> Call<ServerConfig> {
        Call::get(format!("{}/api/config", self.server))
    }

    pub fn create(&self, room: &CreateRoom) -> Call<Created> {
        Call::post(format!("{}/api/rooms", self.server), room)
    }

    pub fn join(&self, code: RoomCode, name: &str) -> Call<Joined> {
        Call::post(format!("{}/api/rooms/{code}/join", self.server), &JoinRoom { name: name.to_string(), key: None })
    }

    /// A seat in the next random game: answered once matched, with people
    /// or, after `request.wait` seconds, with computer players.
    pub fn random(&self, request: &RandomGame) -> Call<Joined> {
        let answer_within = Duration::from_secs(request.wait + 30);
        let call = ehttp::Request::post_json(format!("{}/api/random", self.server), request);
        Call::send(call.map(|call| call.with_timeout(Some(answer_within))))
    }
}
