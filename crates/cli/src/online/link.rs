//! A client's connection to the referee: a WebRTC data channel to the
//! server's host peer, set up through its matchbox signalling.

use futures::StreamExt;
use matchbox_socket::{PeerId, PeerState, RtcIceServerConfig, WebRtcChannel, WebRtcSocket, WebRtcSocketBuilder};
use std::time::Duration;
use thiserror::Error;
use tokio::task::JoinHandle;
use tokio::time::Instant;
use wocable_net::{ClientMessage, DecodeError, IceServers, Refusal, RoomCode, ServerMessage, signalling_url};

#[derive(Debug, Error)]
pub enum LinkError {
    #[error("the server could not be reached")]
    Unreachable,
    #[error("the connection to the server dropped")]
    Dropped,
    #[error("the server sent a message that could not be read: {0}")]
    Unreadable(DecodeError),
    #[error("the server refused: {0}")]
    Refused(Refusal),
    #[error("the game's word list could not be had: {0}")]
    WordList(String),
}

pub struct Link {
    socket: WebRtcSocket,
    channel: WebRtcChannel,
    host: PeerId,
    driver: JoinHandle<Result<(), matchbox_socket::Error>>,
    heard: Instant,
}

/// A link pings the server this often when it hears nothing, and takes
/// this long a silence for a dropped connection: a server that died
/// stops answering long before WebRTC gives up on it.
const PING_EVERY: Duration = Duration::from_secs(2);
const SILENCE: Duration = Duration::from_secs(8);

impl Link {
    /// Connects to the server's host peer, waiting at most `wait`.
    pub async fn open(server: &str, code: RoomCode, ice: &IceServers, wait: Duration) -> Result<Link, LinkError> {
        let ice = RtcIceServerConfig {
            urls: ice.urls.clone(),
            username: ice.username.clone(),
            credential: ice.credential.clone(),
        };
        let (mut socket, driver) = WebRtcSocketBuilder::new(signalling_url(server, code))
            .ice_server(ice)
            .reconnect_attempts(Some(1))
            .add_reliable_channel()
            .build();
        let driver = tokio::spawn(driver);
        let channel = socket.take_channel(0).map_err(|_| LinkError::Unreachable)?;
        let host = tokio::time::timeout(wait, async {
            while let Some((peer, state)) = socket.next().await {
                if state == PeerState::Connected {
                    return Some(peer);
                }
            }
            None
        })
        .await;
        match host {
            Ok(Some(host)) => Ok(Link { socket, channel, host, driver, heard: Instant::now() }),
            _ => {
                driver.abort();
                Err(LinkError::Unreachable)
            }
        }
    }

    pub fn send(&mut self, message: &ClientMessage) -> Result<(), LinkError> {
        self.send_bytes(message.encode())
    }

    /// Sends bytes as they are: what a hostile client would.
    pub fn send_bytes(&mut self, bytes: Vec<u8>) -> Result<(), LinkError> {
        self.channel.try_send(bytes.into(), self.host).map_err(|_| LinkError::Dropped)
    }

    /// The next message from the referee.
    pub async fn recv(&mut self) -> Result<ServerMessage, LinkError> {
        let mut ping = tokio::time::interval_at(Instant::now() + PING_EVERY, PING_EVERY);
        loop {
            tokio::select! {
                Some((peer, packet)) = self.channel.next() => {
                    if peer == self.host {
                        self.heard = Instant::now();
                        match ServerMessage::decode(&packet) {
                            Ok(ServerMessage::Pong) => {}
                            message => return message.map_err(LinkError::Unreadable),
                        }
                    }
                }
                _ = ping.tick() => {
                    if self.heard.elapsed() > SILENCE {
                        return Err(LinkError::Dropped);
                    }
                    self.send(&ClientMessage::Ping)?;
                }
                Some((peer, state)) = self.socket.next() => {
                    if peer == self.host && state == PeerState::Disconnected {
                        return Err(LinkError::Dropped);
                    }
                }
                else => return Err(LinkError::Dropped),
            }
        }
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.driver.abort();
    }
}
