//! Whatever bytes a peer sends, decoding answers without a panic, and
//! what is encoded decodes to the same message.

use proptest::prelude::*;
use wocable_crossword::Intent;
use wocable_net::{ClientMessage, PROTOCOL_VERSION, RoomCode, SeatToken, ServerMessage};

proptest! {
    #[test]
    fn any_bytes_decode_or_are_refused(body in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = ServerMessage::decode(&body);
        let _ = ClientMessage::decode(&body);
        let mut versioned = PROTOCOL_VERSION.to_le_bytes().to_vec();
        versioned.extend(&body);
        if let Ok(message) = ClientMessage::decode(&versioned) {
            prop_assert_eq!(ClientMessage::decode(&message.encode()), Ok(message));
        }
        let _ = ServerMessage::decode(&versioned);
    }

    #[test]
    fn messages_round_trip(code in any::<u64>(), token in any::<u128>(), seat in 0..4usize) {
        for message in [
            ClientMessage::Hello { room: RoomCode::from_number(code), token: SeatToken(token) },
            ClientMessage::Intent(Intent::Resign { seat }),
            ClientMessage::Hints,
        ] {
            prop_assert_eq!(ClientMessage::decode(&message.encode()), Ok(message));
        }
    }
}
