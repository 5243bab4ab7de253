//! The app's connection to the referee: a WebRTC data channel to the
//! server's host peer, set up through its matchbox signalling, and polled
//! each frame. The socket's driver runs on Bevy's I/O task pool (matchbox
//! runs on smol natively and on the browser's event loop on the web).

use bevy::tasks::IoTaskPool;
use matchbox_socket::{PeerId, PeerState, RtcIceServerConfig, WebRtcSocket, WebRtcSocketBuilder};
use wocable_net::{ClientMessage, DecodeError, IceServers, RoomCode, ServerMessage, signalling_url};

/// What a link has heard.
#[derive(Debug)]
pub enum Heard {
    /// The data channel to the referee is open.
    Connected,
    Message(ServerMessage),
    Unreadable(DecodeError),
    /// The connection could not be made, or was lost.
    Dropped,
}

pub struct Link {
    socket: WebRtcSocket,
    host: Option<PeerId>,
    opened: f32,
    heard: f32,
    pinged: f32,
    dropped: bool,
}

/// A link pings the server this often when it hears nothing, and takes
/// this long a silence for a dropped connection: a server that died stops
/// answering long before WebRTC gives up on it. A connection not made in
/// `OPEN_WAIT` is not coming.
const PING_EVERY: f32 = 2.0;
const SILENCE: f32 = 8.0;
const OPEN_WAIT: f32 = 15.0;

impl Link {
    /// Starts connecting to the referee of room `code` on `server`; `now`
    /// is the app's time in seconds.
    pub fn open(server: &str, code: RoomCode, ice: &IceServers, now: f32) -> Link {
        let ice = RtcIceServerConfig {
            urls: ice.urls.clone(),
            username: ice.username.clone(),
            credential: ice.credential.clone(),
        };
        let (socket, driver) = WebRtcSocketBuilder::new(signalling_url(server, code))
            .ice_server(ice)
            .reconnect_attempts(Some(1))
            .add_reliable_channel()
            .build();
        IoTaskPool::get()
            .spawn(async move {
                if let Err(error) = driver.await {
                    bevy::log::info!("the link to the referee ended: {error}");
                }
            })
            .detach();
        Link { socket, host: None, opened: now, heard: now, pinged: now, dropped: false }
    }

    /// Sends a message to the referee; `false` when there is no
    /// connection to send it on.
    pub fn send(&mut self, message: &ClientMessage) -> bool {
        let Some(host) = self.host.filter(|_| !self.dropped) else { return false };
        let Ok(channel) = self.socket.get_channel_mut(0) else { return false };
        channel.try_send(message.encode().into(), host).is_ok()
    }

    /// What came since the last poll.
    pub fn poll(&mut self, now: f32) -> Vec<Heard> {
        if self.dropped {
            return Vec::new();
        }
        let mut heard = Vec::new();
        match self.socket.try_update_peers() {
            Ok(changes) => {
                for (peer, state) in changes {
                    match state {
                        PeerState::Connected if self.host.is_none() => {
                            self.host = Some(peer);
                            self.heard = now;
                            heard.push(Heard::Connected);
                        }
                        PeerState::Disconnected if self.host == Some(peer) => self.dropped = true,
                        _ => {}
                    }
                }
            }
            Err(_) => self.dropped = true,
        }
        if let (Some(host), Ok(channel)) = (self.host, self.socket.get_channel_mut(0)) {
            for (peer, packet) in channel.receive() {
                if peer != host {
                    continue;
                }
                self.heard = now;
                match ServerMessage::decode(&packet) {
                    Ok(ServerMessage::Pong) => {}
                    Ok(message) => heard.push(Heard::Message(message)),
                    Err(error) => heard.push(Heard::Unreadable(error)),
                }
            }
        }
        match self.host {
            Some(_) if now - self.heard > SILENCE => self.dropped = true,
            Some(_) if now - self.pinged >= PING_EVERY && now - self.heard >= PING_EVERY => {
                self.pinged = now;
                self.send(&ClientMessage::Ping);
            }
            None if now - self.opened > OPEN_WAIT => self.dropped = true,
            _ => {}
        }
        if self.dropped {
            heard.push(Heard::Dropped);
        }
        heard
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        // Ends the driver's task.
        self.socket.close();
    }
}
