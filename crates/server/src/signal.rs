//! Signalling with the server's own peer as the host of every room. The
//! host is known by a secret path, never by arrival order; every other
//! websocket is a client, offered to the host and allowed to signal only
//! to it. Clients that come before the host (say, right after a restart)
//! wait, and are offered when it connects.
//!
//! Every client costs the host a peer connection with sockets of its own,
//! so what one may cost is bounded: so many websockets per address and in
//! all, a deadline to say who it is (`Hello`, reported by the hub through
//! [`Signals::greeted`]), one answer that is a data-channel session
//! description and so many ICE candidates. The hub closes a client that
//! it no longer listens to through [`Signals::close`].

use crate::address;
use axum::extract::ws::Message;
use futures::StreamExt;
use matchbox_protocol::{JsonPeerEvent, PeerRequest};
use matchbox_signaling::common_logic::{SignalingChannel, parse_request, try_send};
use matchbox_signaling::{ClientRequestError, NoCallbacks, SignalingState, SignalingTopology, WsStateMeta};
use matchbox_socket::PeerId;
use matchbox_socket::async_trait::async_trait;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::oneshot;
use tracing::{debug, info, warn};
use webrtc::peer_connection::RTCSessionDescription;

/// The largest websocket message taken from anyone: an answer is a few
/// KiB; the websocket is closed, unread, past this.
pub const MAX_SIGNAL_MESSAGE: usize = 32 * 1024;

/// The largest answer a client may send.
const MAX_ANSWER: usize = 16 * 1024;

/// ICE candidates a client may send: one for each of its addresses and
/// kinds (host, reflexive, relay), with room to spare. Each one makes the
/// host send connectivity checks to the address it names.
const CANDIDATES_PER_CLIENT: usize = 32;

/// The longest candidate a client may send (one line of SDP).
const MAX_CANDIDATE: usize = 1024;

/// How many websockets may be open, and how long a client has to say who
/// it is.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub per_address: usize,
    pub total: usize,
    pub hello_deadline: Duration,
}

impl Default for Limits {
    /// Enough for a school or a family behind one address; in all, well
    /// under the file descriptors a process gets (each client holds its
    /// websocket and the host's UDP sockets for it).
    fn default() -> Limits {
        Limits { per_address: 32, total: 2000, hello_deadline: Duration::from_secs(30) }
    }
}

#[derive(Clone)]
pub struct Signals {
    host_path: Arc<str>,
    limits: Limits,
    peers: Arc<Mutex<Peers>>,
}

#[derive(Default)]
struct Peers {
    host: Option<(PeerId, SignalingChannel)>,
    clients: HashMap<PeerId, Client>,
}

struct Client {
    channel: SignalingChannel,
    address: IpAddr,
    /// Whether it said who it is in time.
    greeted: bool,
    /// Dropped to close its websocket.
    _close: oneshot::Sender<()>,
}

impl SignalingState for Signals {}

impl Signals {
    pub fn new(host_path: String, limits: Limits) -> Signals {
        Signals { host_path: host_path.into(), limits, peers: Arc::default() }
    }

    fn peers(&self) -> std::sync::MutexGuard<'_, Peers> {
        // A panic elsewhere cannot leave the map half-changed: use it as is.
        self.peers.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// How long a client has to say who it is.
    pub fn hello_deadline(&self) -> Duration {
        self.limits.hello_deadline
    }

    /// The client said who it is: it may stay past the deadline.
    pub fn greeted(&self, peer: PeerId) {
        if let Some(client) = self.peers().clients.get_mut(&peer) {
            client.greeted = true;
        }
    }

    /// Closes a client's websocket, which the host sees as the peer
    /// leaving (its connection ends with it).
    pub fn close(&self, peer: PeerId) {
        self.peers().clients.remove(&peer);
    }

    /// Takes a client in, unless its address or the server has as many
    /// websockets as it may; it is offered to the host.
    fn admit(&self, peer: PeerId, address: IpAddr, channel: SignalingChannel) -> Option<oneshot::Receiver<()>> {
        let mut peers = self.peers();
        let from_address = peers.clients.values().filter(|client| client.address == address).count();
        if from_address >= self.limits.per_address || peers.clients.len() >= self.limits.total {
            return None;
        }
        if let Some((_, host)) = &peers.host {
            let _ = try_send(host, event(JsonPeerEvent::NewPeer(peer)));
        }
        let (close, closed) = oneshot::channel();
        peers.clients.insert(peer, Client { channel, address, greeted: false, _close: close });
        Some(closed)
    }

    fn leave(&self, peer: PeerId) {
        let mut peers = self.peers();
        peers.clients.remove(&peer);
        if let Some((_, host)) = &peers.host {
            let _ = try_send(host, event(JsonPeerEvent::PeerLeft(peer)));
        }
    }

    fn greeted_yet(&self, peer: PeerId) -> bool {
        self.peers().clients.get(&peer).is_some_and(|client| client.greeted)
    }

    fn to_host(&self, peer: PeerId, data: serde_json::Value) {
        if let Some((_, host)) = &self.peers().host {
            let _ = try_send(host, event(JsonPeerEvent::Signal { sender: peer, data }));
        }
    }
}

fn event(event: JsonPeerEvent) -> Message {
    Message::Text(event.to_string().into())
}

/// Why a client's signal is not passed to the host.
#[derive(Debug, thiserror::Error, PartialEq)]
enum Unfit {
    #[error("not an answer or an ICE candidate")]
    Kind,
    #[error("a second answer")]
    SecondAnswer,
    #[error("an answer the host cannot use: {0}")]
    Answer(String),
    #[error("more than {CANDIDATES_PER_CLIENT} candidates")]
    TooManyCandidates,
    #[error("a candidate longer than {MAX_CANDIDATE} bytes")]
    LongCandidate,
}

/// What a client has signalled so far: it may answer its offer once (with
/// a session description the host can use) and send so many candidates.
/// The host's WebRTC stack trusts what it is given, so nothing else gets
/// through.
#[derive(Default)]
struct Signalled {
    answered: bool,
    candidates: usize,
    /// Whether one was not passed on.
    refused: bool,
}

impl Signalled {
    fn check(&mut self, data: &serde_json::Value) -> Result<(), Unfit> {
        let Some(object) = data.as_object().filter(|o| o.len() == 1) else { return Err(Unfit::Kind) };
        match object.iter().next() {
            Some((kind, serde_json::Value::String(sdp))) if kind == "Answer" => {
                if self.answered {
                    return Err(Unfit::SecondAnswer);
                }
                check_answer(sdp).map_err(Unfit::Answer)?;
                self.answered = true;
                Ok(())
            }
            Some((kind, serde_json::Value::String(candidate))) if kind == "IceCandidate" => {
                if candidate.len() > MAX_CANDIDATE {
                    return Err(Unfit::LongCandidate);
                }
                if self.candidates >= CANDIDATES_PER_CLIENT {
                    return Err(Unfit::TooManyCandidates);
                }
                self.candidates += 1;
                Ok(())
            }
            _ => Err(Unfit::Kind),
        }
    }
}

/// Whether `sdp` is an answer the host can take: parsed by the same SDP
/// parser the host uses, with one data-channel section (DTLS over SCTP),
/// ICE credentials, a DTLS fingerprint and a DTLS role.
fn check_answer(sdp: &str) -> Result<(), String> {
    if sdp.len() > MAX_ANSWER {
        return Err(format!("longer than {MAX_ANSWER} bytes"));
    }
    let parsed = RTCSessionDescription::answer(sdp.to_string())
        .and_then(|answer| answer.unmarshal())
        .map_err(|e| e.to_string())?;
    let [media] = parsed.media_descriptions.as_slice() else {
        return Err(format!("{} media sections, not one", parsed.media_descriptions.len()));
    };
    let name = &media.media_name;
    let over = |proto: &str| name.protos.iter().any(|p| p == proto);
    if name.media != "application" || name.formats != ["webrtc-datachannel"] || !over("DTLS") || !over("SCTP") {
        return Err(format!("'{} {}' is not a data channel", name.media, name.protos.join("/")));
    }
    let attribute = |key: &str| -> Option<String> {
        match media.attribute(key) {
            Some(value) => value.map(str::to_string),
            None => parsed.attribute(key).cloned(),
        }
    };
    let within = |key: &str, lengths: std::ops::RangeInclusive<usize>| match attribute(key) {
        Some(value) if lengths.contains(&value.len()) => Ok(()),
        _ => Err(format!("no {key} of {} to {} characters", lengths.start(), lengths.end())),
    };
    // RFC 8839's lengths.
    within("ice-ufrag", 4..=256)?;
    within("ice-pwd", 22..=256)?;
    let fingerprint = attribute("fingerprint").unwrap_or_default();
    let (hash, value) = fingerprint.split_once(' ').unwrap_or_default();
    let hashes = ["sha-1", "sha-224", "sha-256", "sha-384", "sha-512"];
    let hex_pairs = value.split(':').all(|pair| pair.len() == 2 && pair.bytes().all(|b| b.is_ascii_hexdigit()));
    if !hashes.contains(&hash.to_ascii_lowercase().as_str()) || value.is_empty() || !hex_pairs {
        return Err(format!("no usable fingerprint ('{fingerprint}')"));
    }
    match attribute("setup").as_deref() {
        Some("active" | "passive") => Ok(()),
        other => Err(format!("setup is {other:?}, not active or passive")),
    }
}

pub struct HostTopology;

#[async_trait]
impl SignalingTopology<NoCallbacks, Signals> for HostTopology {
    async fn state_machine(upgrade: WsStateMeta<NoCallbacks, Signals>) {
        let WsStateMeta { room, peer_id, sender, receiver, state, request, .. } = upgrade;
        if room == *state.host_path {
            host(state, peer_id, sender, receiver).await;
            return;
        }
        let address = address::client(request.origin, &request.headers);
        let Some(closed) = state.admit(peer_id, address, sender.clone()) else {
            info!("a websocket over the limits was closed");
            let _ = try_send(&sender, Message::Close(None));
            return;
        };
        client(&state, peer_id, receiver, closed).await;
        state.leave(peer_id);
        let _ = try_send(&sender, Message::Close(None));
    }
}

type Receiver = futures::stream::SplitStream<axum::extract::ws::WebSocket>;

/// The host's websocket: what it signals goes to the client it names.
async fn host(state: Signals, peer_id: PeerId, sender: SignalingChannel, mut receiver: Receiver) {
    {
        let mut peers = state.peers();
        if peers.host.is_some() {
            warn!("a second host connection was refused");
            return;
        }
        for client in peers.clients.keys() {
            let _ = try_send(&sender, event(JsonPeerEvent::NewPeer(*client)));
        }
        peers.host = Some((peer_id, sender));
    }
    while let Some(message) = receiver.next().await {
        let (to, data) = match request_of(peer_id, message) {
            Read::Request(PeerRequest::Signal { receiver: to, data }) => (to, data),
            Read::Request(_) | Read::Skip => continue,
            Read::End => break,
        };
        if let Some(client) = state.peers().clients.get(&to) {
            let _ = try_send(&client.channel, event(JsonPeerEvent::Signal { sender: peer_id, data }));
        }
    }
    state.peers().host = None;
}

/// A client's websocket, until it closes, is closed by the hub, or has not
/// said who it is by the deadline.
async fn client(state: &Signals, peer_id: PeerId, mut receiver: Receiver, mut closed: oneshot::Receiver<()>) {
    let mut signalled = Signalled::default();
    let deadline = tokio::time::sleep(state.limits.hello_deadline);
    tokio::pin!(deadline);
    let mut waiting = true;
    loop {
        let message = tokio::select! {
            message = receiver.next() => message,
            _ = &mut closed => return,
            _ = &mut deadline, if waiting => {
                if !state.greeted_yet(peer_id) {
                    info!(peer = %peer_id, "closed: no hello in time");
                    return;
                }
                waiting = false;
                continue;
            }
        };
        let Some(message) = message else { return };
        let data = match request_of(peer_id, message) {
            Read::Request(PeerRequest::Signal { data, .. }) => data,
            Read::Request(_) | Read::Skip => continue,
            Read::End => return,
        };
        match signalled.check(&data) {
            Ok(()) => state.to_host(peer_id, data),
            // Once for each client: its log lines are not its to multiply.
            Err(unfit) if !signalled.refused => {
                signalled.refused = true;
                warn!(peer = %peer_id, "a signal not passed to the host: {unfit}");
            }
            Err(unfit) => debug!(peer = %peer_id, "a signal not passed to the host: {unfit}"),
        }
    }
}

/// What a websocket's message says: a request, one to pass over (not
/// JSON, or binary), or the end (closed, or failed).
fn request_of(peer_id: PeerId, message: Result<Message, axum::Error>) -> Read {
    match parse_request(message) {
        Ok(request) => Read::Request(request),
        Err(e) => {
            debug!("peer {peer_id}: {e:?}");
            match e {
                ClientRequestError::Json(_) | ClientRequestError::UnsupportedType(_) => Read::Skip,
                _ => Read::End,
            }
        }
    }
}

enum Read {
    Request(PeerRequest<serde_json::Value>),
    Skip,
    End,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// An answer as Chromium makes it.
    const ANSWER: &str = "v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n\
        a=group:BUNDLE 0\r\na=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n\
        c=IN IP4 0.0.0.0\r\na=ice-ufrag:EsAw\r\na=ice-pwd:bP+XJMM09aR8AiX1jdukzR6Y\r\na=ice-options:trickle\r\n\
        a=fingerprint:sha-256 DA:39:A3:EE:5E:6B:4B:0D:32:55:BF:EF:95:60:18:90:AF:D8:07:09:DA:39:A3:EE:5E:6B:4B:0D:32\r\n\
        a=setup:active\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n";

    #[test]
    fn a_browsers_answer_is_taken_once() {
        let mut signalled = Signalled::default();
        assert_eq!(signalled.check(&json!({ "Answer": ANSWER })), Ok(()));
        assert_eq!(signalled.check(&json!({ "Answer": ANSWER })), Err(Unfit::SecondAnswer));
    }

    #[test]
    fn answers_the_host_cannot_use_are_refused_with_why() {
        let bent = [
            ("", "SdpInvalidSyntax"),
            ("v=0\r\nm=application", "SdpInvalidSyntax"),
            (&ANSWER.replace("a=setup:active", "a=setup:actpass"), "setup"),
            (&ANSWER.replace("a=ice-ufrag:EsAw", "a=ice-ufrag:E"), "ice-ufrag"),
            (&ANSWER.replace("a=ice-pwd:", "a=x:"), "ice-pwd"),
            (&ANSWER.replace("sha-256 DA:", "md5 DA:"), "fingerprint"),
            (&ANSWER.replace("sha-256 DA:", "sha-256 ZZ:"), "fingerprint"),
            (&ANSWER.replace("webrtc-datachannel", "111"), "not a data channel"),
            (&format!("{ANSWER}{}", &ANSWER[ANSWER.find("m=").unwrap()..]), "2 media sections"),
            (&format!("{ANSWER}{}", "a=x\r\n".repeat(4000)), "longer than"),
        ];
        for (answer, why) in bent {
            let refused = Signalled::default().check(&json!({ "Answer": answer }));
            let Err(Unfit::Answer(said)) = &refused else { panic!("{answer:?} was {refused:?}") };
            assert!(said.contains(why), "{said} (for {why})");
        }
    }

    #[test]
    fn candidates_are_bounded_in_number_and_length() {
        let mut signalled = Signalled::default();
        let candidate = json!({ "IceCandidate": "{\"candidate\":\"candidate:1 1 udp 1 10.0.0.1 9 typ host\"}" });
        for _ in 0..CANDIDATES_PER_CLIENT {
            assert_eq!(signalled.check(&candidate), Ok(()));
        }
        assert_eq!(signalled.check(&candidate), Err(Unfit::TooManyCandidates));
        let long = json!({ "IceCandidate": "x".repeat(MAX_CANDIDATE + 1) });
        assert_eq!(Signalled::default().check(&long), Err(Unfit::LongCandidate));
        for other in [json!({ "Offer": ANSWER }), json!(["Answer", ANSWER]), json!({ "Answer": 1 })] {
            assert_eq!(Signalled::default().check(&other), Err(Unfit::Kind));
        }
    }
}
