//! A room's chat: short lines (`wocable_net::check_chat`: bounded, no
//! offensive word), a few at once and then one every few seconds a seat,
//! sent to every seat of the room, and the latest again to a seat that
//! (re)connects. A line may be reported: the report is kept with the room's
//! code for the moderators (`GET /api/reports`). A member who blocks
//! another in the game no longer hears them, also after a restart (the
//! blocks are read again as the room resumes); the blocked one is not
//! told, and sees their own lines as ever. A line is text a person
//! typed, nothing from the referee: it carries no more than its sender
//! could already see.

use super::Hub;
use matchbox_socket::{PeerId, WebRtcChannel};
use std::collections::{HashMap, HashSet, VecDeque};
use tracing::{error, info};
use wocable_net::{AccountId, ChatLine, RateLimit, Refusal, Room, RoomCode, ServerMessage, Verdict, check_chat};

/// Lines kept a room, for a seat that (re)connects and for reports.
const KEPT_LINES: usize = 50;

/// Lines a seat may say at once, then an hour: one each five seconds.
const CHAT_BURST: u32 = 5;
const CHAT_PER_HOUR: u32 = 720;

/// A room's latest lines, the number of the next, how fast each seat may
/// say one (whatever its connections), the lines each seat reported, and
/// who no longer hears whom, as (listener, speaker) seats.
#[derive(Default)]
pub struct Chat {
    lines: VecDeque<ChatLine>,
    next: u32,
    limits: HashMap<usize, RateLimit>,
    reported: HashSet<(u32, usize)>,
    muted: HashSet<(usize, usize)>,
}

impl Chat {
    /// A room's chat as the room resumes: whoever blocked another there
    /// does not hear them (`blocks` as (blocker, blocked)).
    pub(super) fn resumed(room: &Room, blocks: &[(AccountId, AccountId)]) -> Chat {
        let muted = blocks
            .iter()
            .filter_map(|(blocker, blocked)| Some((seat_of(room, *blocker)?, seat_of(room, *blocked)?)))
            .collect();
        Chat { muted, ..Chat::default() }
    }
}

/// The seat of `account` in `room`, if it sits there.
fn seat_of(room: &Room, account: AccountId) -> Option<usize> {
    room.seats().iter().position(|seat| seat.player.account() == Some(account))
}

impl Hub {
    /// A line said by `peer`'s seat, to every seat of its room.
    pub(super) fn say(&mut self, peer: PeerId, text: &str, channel: &mut WebRtcChannel, now: u64) {
        let Some((code, seat)) = self.peers.get(&peer).and_then(|state| state.seat) else {
            return self.reply(channel, peer, ServerMessage::Refused(Refusal::NoHello));
        };
        if !self.rooms.contains_key(&code) {
            return;
        }
        let chat = self.chats.entry(code).or_default();
        let limit = chat.limits.entry(seat).or_insert_with(|| RateLimit::per_hour(CHAT_BURST, CHAT_PER_HOUR, now));
        if !matches!(limit.check(now), Verdict::Accept) {
            return self.reply(channel, peer, ServerMessage::Refused(Refusal::ChatTooFast));
        }
        let text = match check_chat(text) {
            Ok(text) => text,
            Err(refusal) => return self.reply(channel, peer, ServerMessage::Refused(refusal)),
        };
        let chat = self.chats.entry(code).or_default();
        let line = ChatLine { id: chat.next, seat, text };
        chat.next += 1;
        chat.lines.push_back(line.clone());
        if chat.lines.len() > KEPT_LINES {
            chat.lines.pop_front();
        }
        let peers: Vec<PeerId> = self
            .seat_peers
            .iter()
            .filter(|((room, listener), _)| *room == code && !chat.muted.contains(&(*listener, seat)))
            .map(|(_, peer)| *peer)
            .collect();
        for peer in peers {
            self.reply(channel, peer, ServerMessage::Chat(line.clone()));
        }
    }

    /// The latest lines of room `code`, again, to a peer of seat `listener`
    /// that connected.
    pub(super) fn lines_again(&mut self, peer: PeerId, code: RoomCode, listener: usize, channel: &mut WebRtcChannel) {
        let heard = |chat: &Chat| {
            let heard = chat.lines.iter().filter(|line| !chat.muted.contains(&(listener, line.seat)));
            heard.cloned().collect()
        };
        let lines: Vec<ChatLine> = self.chats.get(&code).map(heard).unwrap_or_default();
        for line in lines {
            self.reply(channel, peer, ServerMessage::Chat(line));
        }
    }

    /// `blocker` blocked `blocked`: in each room where both sit, the
    /// blocker no longer hears them.
    pub(super) fn mute_blocked(&mut self, blocker: AccountId, blocked: AccountId) {
        let both: Vec<(RoomCode, usize, usize)> = self
            .rooms
            .iter()
            .filter_map(|(code, room)| Some((*code, seat_of(room, blocker)?, seat_of(room, blocked)?)))
            .collect();
        for (code, listener, speaker) in both {
            self.chats.entry(code).or_default().muted.insert((listener, speaker));
        }
    }

    /// `peer`'s seat reports line `id` of its room's chat (another seat's).
    pub(super) fn report(&mut self, peer: PeerId, id: u32, channel: &mut WebRtcChannel, now: u64) {
        let Some((code, seat)) = self.peers.get(&peer).and_then(|state| state.seat) else {
            return self.reply(channel, peer, ServerMessage::Refused(Refusal::NoHello));
        };
        let line = self.chats.get(&code).and_then(|chat| chat.lines.iter().find(|line| line.id == id)).cloned();
        let (Some(line), Some(room)) = (line.filter(|line| line.seat != seat), self.rooms.get(&code)) else {
            return self.reply(channel, peer, ServerMessage::Refused(Refusal::NoSuchLine));
        };
        let name = |seat: usize| room.seats().get(seat).map_or_else(String::new, |sitter| sitter.name.clone());
        let (reporter, reported) = (name(seat), name(line.seat));
        // Reported once a seat: a report again costs the database nothing.
        if !self.chats.entry(code).or_default().reported.insert((id, seat)) {
            return;
        }
        info!(%code, line = id, "a line of chat reported");
        let db = self.db.clone();
        tokio::spawn(async move {
            if let Err(e) = db.report(code, id, &reporter, &reported, &line.text, now).await {
                error!(%code, "report not stored: {e}");
            }
        });
    }
}
