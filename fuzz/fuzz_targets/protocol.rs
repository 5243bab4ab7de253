//! Any bytes from a peer: decoding never panics, and a message that
//! decodes, given to a room's referee, is refused or applied without a
//! panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;
use wocable_crossword::RuleSetKind;
use wocable_lexicon::{Language, Lexicon};
use wocable_net::{ClientMessage, Player, Room, RoomCode, RoomSettings, SeatToken, ServerMessage};

static LEXICON: LazyLock<Lexicon> = LazyLock::new(|| Lexicon::bundled(Language::En));

fuzz_target!(|data: &[u8]| {
    let _ = ServerMessage::decode(data);
    let Ok(ClientMessage::Intent(intent)) = ClientMessage::decode(data) else { return };
    let settings = RoomSettings { rules: RuleSetKind::Remote, language: Language::En, players: 2, clock: Some(60), word_list: None, hints: false, days: None };
    let mut room = Room::new(RoomCode::from_number(1), settings, 3, LEXICON.clone()).expect("a room");
    for (seat, name) in ["ann", "bob"].iter().enumerate() {
        room.join(name, Player::Human, SeatToken(seat as u128), 0).expect("a seat");
        room.connect(seat, 0).expect("connected");
    }
    let seat = intent.seat();
    let _ = room.intent(seat, intent, 1);
});
