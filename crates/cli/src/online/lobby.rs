//! The lobby's HTTP API, as a client calls it.

use serde::Serialize;
use serde::de::DeserializeOwned;
use wocable_crossword::computer::Level;
use wocable_lexicon::{Language, Lexicon};
use wocable_net::{
    ApiRefusal, CreateRoom, Created, IceServers, JoinRoom, Joined, RandomGame, Rematch, RematchAnswer, RoomCode,
    RoomSettings, ServerConfig,
};

/// The response, unless it could not be had or the server said no (in
/// its words).
async fn accepted(url: &str, request: reqwest::RequestBuilder) -> Result<reqwest::Response, String> {
    let response = request.send().await.map_err(|e| format!("{url}: {e}"))?;
    if response.status().is_success() {
        return Ok(response);
    }
    let status = response.status();
    Err(response.json::<ApiRefusal>().await.map_or_else(|_| status.to_string(), |refusal| refusal.error.message))
}

#[derive(Clone)]
pub struct Lobby {
    http: reqwest::Client,
    server: String,
}

impl Lobby {
    pub fn new(server: &str) -> Lobby {
        Lobby { http: reqwest::Client::new(), server: server.trim_end_matches('/').to_string() }
    }

    pub fn server(&self) -> &str {
        &self.server
    }

    async fn post<T: DeserializeOwned>(&self, path: &str, body: &impl Serialize) -> Result<T, String> {
        let url = format!("{}{path}", self.server);
        self.answer(&url, self.http.post(&url).json(body)).await
    }

    async fn answer<T: DeserializeOwned>(&self, url: &str, request: reqwest::RequestBuilder) -> Result<T, String> {
        accepted(url, request).await?.json().await.map_err(|e| format!("{url}: {e}"))
    }

    /// The STUN and TURN servers the server wants its clients to use.
    pub async fn ice_servers(&self) -> Result<IceServers, String> {
        let url = format!("{}/api/config", self.server);
        self.answer::<ServerConfig>(&url, self.http.get(&url)).await.map(|config| config.ice)
    }

    /// Makes a room, with a computer player seated for each of `computers`.
    pub async fn create(&self, settings: &RoomSettings, computers: &[Level]) -> Result<RoomCode, String> {
        let body = CreateRoom { settings: settings.clone(), computers: computers.to_vec() };
        self.post::<Created>("/api/rooms", &body).await.map(|created| created.code)
    }

    /// One of the server's word lists, checked to be the one named.
    pub async fn word_list(&self, name: &str, language: Language) -> Result<Lexicon, String> {
        let mut url = reqwest::Url::parse(&self.server).map_err(|e| format!("{}: {e}", self.server))?;
        url.path_segments_mut().map_err(|()| format!("{}: not a server's address", self.server))?.extend([
            "api",
            "word-lists",
            name,
        ]);
        let response = accepted(url.as_str(), self.http.get(url.clone())).await?;
        let bytes = response.bytes().await.map_err(|e| format!("{url}: {e}"))?;
        let (lexicon, info) = Lexicon::open_file(&bytes).map_err(|e| e.to_string())?;
        if info.name != name || info.language != language {
            return Err(format!("the server sent \"{}\" ({}) for \"{name}\" ({language})", info.name, info.language));
        }
        Ok(lexicon)
    }

    pub async fn join(&self, code: RoomCode, name: &str) -> Result<Joined, String> {
        self.post(&format!("/api/rooms/{code}/join"), &JoinRoom { name: name.to_string(), key: None }).await
    }

    pub async fn random(&self, request: &RandomGame) -> Result<Joined, String> {
        self.post("/api/random", request).await
    }

    /// The seat's answer to a rematch of its finished game (`None`: only
    /// asking), and where the rematch stands.
    pub async fn rematch(&self, joined: &Joined, accept: Option<bool>) -> Result<Rematch, String> {
        let answer = RematchAnswer { token: joined.token, accept };
        self.post(&format!("/api/rooms/{}/rematch", joined.code), &answer).await
    }
}
