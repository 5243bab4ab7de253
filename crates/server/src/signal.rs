//! Signalling with the server's own peer as the host of every room. The
//! host is known by a secret path, never by arrival order; every other
//! websocket is a client, offered to the host and allowed to signal only
//! to it. Clients that come before the host (say, right after a restart)
//! wait, and are offered when it connects.

use axum::extract::ws::Message;
use futures::StreamExt;
use matchbox_protocol::{JsonPeerEvent, PeerRequest};
use matchbox_signaling::common_logic::{SignalingChannel, parse_request, try_send};
use matchbox_signaling::{ClientRequestError, NoCallbacks, SignalingState, SignalingTopology, WsStateMeta};
use matchbox_socket::PeerId;
use matchbox_socket::async_trait::async_trait;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tracing::{debug, warn};

#[derive(Clone)]
pub struct Signals {
    host_path: Arc<str>,
    peers: Arc<Mutex<Peers>>,
}

#[derive(Default)]
struct Peers {
    host: Option<(PeerId, SignalingChannel)>,
    clients: HashMap<PeerId, SignalingChannel>,
}

impl SignalingState for Signals {}

impl Signals {
    pub fn new(host_path: String) -> Signals {
        Signals { host_path: host_path.into(), peers: Arc::default() }
    }

    fn peers(&self) -> std::sync::MutexGuard<'_, Peers> {
        // A panic elsewhere cannot leave the map half-changed: use it as is.
        self.peers.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

fn event(event: JsonPeerEvent) -> Message {
    Message::Text(event.to_string().into())
}

/// What a client may signal to the host: an answer to its offer (an SDP
/// that looks like one) or ICE candidates. The host's WebRTC stack trusts
/// the answer it is given, so nothing else gets through.
fn fit_for_host(data: &serde_json::Value) -> bool {
    let Some(object) = data.as_object().filter(|o| o.len() == 1) else { return false };
    match object.iter().next() {
        Some((kind, serde_json::Value::String(sdp))) if kind == "Answer" => {
            sdp.starts_with("v=0") && sdp.contains("m=application") && sdp.len() < 16 * 1024
        }
        Some((kind, serde_json::Value::String(candidate))) if kind == "IceCandidate" => candidate.len() < 4096,
        _ => false,
    }
}

pub struct HostTopology;

#[async_trait]
impl SignalingTopology<NoCallbacks, Signals> for HostTopology {
    async fn state_machine(upgrade: WsStateMeta<NoCallbacks, Signals>) {
        let WsStateMeta { room, peer_id, sender, mut receiver, state, .. } = upgrade;
        let is_host = room == *state.host_path;
        {
            let mut peers = state.peers();
            if is_host {
                if peers.host.is_some() {
                    warn!("a second host connection was refused");
                    return;
                }
                for client in peers.clients.keys() {
                    let _ = try_send(&sender, event(JsonPeerEvent::NewPeer(*client)));
                }
                peers.host = Some((peer_id, sender.clone()));
            } else {
                if let Some((_, host)) = &peers.host {
                    let _ = try_send(host, event(JsonPeerEvent::NewPeer(peer_id)));
                }
                peers.clients.insert(peer_id, sender.clone());
            }
        }
        while let Some(request) = receiver.next().await {
            let request = match parse_request(request) {
                Ok(request) => request,
                Err(e) => {
                    debug!("peer {peer_id}: {e:?}");
                    match e {
                        ClientRequestError::Json(_) | ClientRequestError::UnsupportedType(_) => continue,
                        _ => break,
                    }
                }
            };
            let PeerRequest::Signal { receiver: to, data } = request else { continue };
            let peers = state.peers();
            if is_host {
                if let Some(client) = peers.clients.get(&to) {
                    let _ = try_send(client, event(JsonPeerEvent::Signal { sender: peer_id, data }));
                }
            } else if !fit_for_host(&data) {
                warn!("peer {peer_id} sent a signal the host does not take");
            } else if let Some((_, host)) = &peers.host {
                let _ = try_send(host, event(JsonPeerEvent::Signal { sender: peer_id, data }));
            }
        }
        let mut peers = state.peers();
        if is_host {
            peers.host = None;
        } else {
            peers.clients.remove(&peer_id);
            if let Some((_, host)) = &peers.host {
                let _ = try_send(host, event(JsonPeerEvent::PeerLeft(peer_id)));
            }
        }
    }
}
