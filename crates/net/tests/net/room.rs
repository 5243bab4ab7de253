//! The referee as a state machine: who is sent what, refusals that change
//! nothing, rejoining with the whole view, the turn clock, and computer
//! players seated by the referee.

use wocable_crossword::computer::{LeaveModel, Level};
use wocable_crossword::{Event, Intent, LeaveReason, RuleError, RuleSetKind, SeatView, Seed, gcg};
use wocable_lexicon::{Language, Lexicon};
use wocable_net::{AccountId, Player, Refusal, Room, RoomCode, RoomSettings, SeatToken, ServerMessage, Step};

fn room(players: usize, clock: Option<u32>) -> Room {
    seeded_room(players, clock, 11.into())
}

fn seeded_room(players: usize, clock: Option<u32>, seed: Seed) -> Room {
    let settings = RoomSettings {
        rules: RuleSetKind::Wocable,
        language: Language::En,
        players,
        clock,
        word_list: None,
        hints: false,
        days: None,
    };
    Room::new(RoomCode::from_number(7), settings, seed, Lexicon::bundled(Language::En)).unwrap()
}

/// Each seat's view, followed from the messages it is sent; with the
/// room's seed known, a spy that finds it in nothing sent before the end,
/// and checks the bag of the record sent at the end against the
/// commitment each seat was welcomed with.
#[derive(Default)]
struct Clients {
    views: Vec<Option<SeatView>>,
    finished: Vec<bool>,
    seed: Option<Seed>,
    commitments: Vec<Option<String>>,
}

/// Whether `bytes` hold `part` anywhere.
fn holds(bytes: &[u8], part: &[u8]) -> bool {
    bytes.windows(part.len()).any(|window| window == part)
}

impl Clients {
    fn deliver(&mut self, step: &Step) {
        for (seat, message) in &step.messages {
            let bytes = message.encode();
            assert!(bytes.len() <= wocable_net::MAX_SERVER_MESSAGE);
            let message = &ServerMessage::decode(&bytes).expect("what the referee sends reads back");
            if self.views.len() <= *seat {
                self.views.resize(seat + 1, None);
                self.finished.resize(seat + 1, false);
                self.commitments.resize(seat + 1, None);
            }
            if let Some(Seed::Full(secret)) = self.seed
                && !matches!(message, ServerMessage::Finished { .. })
            {
                let hex = Seed::Full(secret).hex().unwrap();
                assert!(
                    !holds(&bytes, &secret) && !holds(&bytes, hex.as_bytes()),
                    "the seed before the end: {message:?}"
                );
            }
            match message {
                ServerMessage::Welcome { seat: s, settings, commitment, .. } => {
                    assert_eq!(s, seat);
                    assert_eq!(*commitment, self.seed.and_then(Seed::commitment));
                    self.commitments[*seat] = commitment.clone();
                    self.views[*seat] = Some(SeatView::new(settings.clone(), Some(*seat)).unwrap());
                }
                ServerMessage::Events { events, .. } => {
                    for event in events {
                        if let Event::Drew { seat: drew, .. } | Event::Returned { seat: drew, .. } = event.event {
                            assert_eq!(drew, *seat, "a seat is sent only its own tiles");
                        }
                        self.views[*seat].as_mut().unwrap().apply(event.clone()).unwrap();
                    }
                }
                ServerMessage::Finished { gcg: text, .. } => {
                    self.finished[*seat] = true;
                    let record = gcg::parse(text).unwrap();
                    if let Some(commitment) = &self.commitments[*seat] {
                        assert_eq!(record.commitment.as_ref(), Some(commitment), "the seed committed to at the start");
                        let lexicon = Lexicon::bundled(Language::En);
                        let rules = RuleSetKind::Wocable;
                        gcg::verify(&record, rules, lexicon).unwrap_or_else(|e| panic!("{e}\n{text}"));
                    }
                }
                other => assert!(matches!(other, ServerMessage::Waiting { .. }), "{other:?}"),
            }
        }
    }
}

#[test]
fn a_room_fills_starts_and_plays_to_the_end_with_each_seat_seeing_its_own() {
    let leaves = LeaveModel::bundled(Language::En);
    let lexicon = Lexicon::bundled(Language::En);
    // A seed as the server makes them: committed to, secret to the end.
    let seed = Seed::Full(std::array::from_fn(|i| (i * 11 + 5) as u8));
    let mut room = seeded_room(3, Some(120), seed);
    let mut clients = Clients { seed: Some(seed), ..Clients::default() };
    let ann = room.join("ann", Player::Member(AccountId(1)), SeatToken(1), 0).unwrap();
    assert!(matches!(room.join("ANN", Player::Human, SeatToken(2), 0), Err(wocable_net::LobbyError::NameTaken(_))));
    let again = room.join("ann2", Player::Member(AccountId(1)), SeatToken(2), 0);
    assert_eq!(again, Err(wocable_net::LobbyError::AlreadySeated), "one account, one seat");
    assert!(room.join("b c", Player::Human, SeatToken(2), 0).is_err(), "a name with a space");
    let bob = room.join("bob", Player::Human, SeatToken(2), 0).unwrap();
    room.join("bot", Player::Computer(Level::Strong), SeatToken(3), 0).unwrap();
    assert!(room.join("dan", Player::Human, SeatToken(4), 0).is_err(), "the room is full");
    assert_eq!(room.seat_of(SeatToken(2)), Some(bob));
    assert_eq!(room.seat_of(SeatToken(3)), None, "a computer's seat cannot be taken over");

    let step = room.connect(ann, 0).unwrap();
    assert!(step.events.is_empty() && room.game().is_none(), "bob is awaited");
    clients.deliver(&step);
    let step = room.connect(bob, 10).unwrap();
    assert_eq!(step.events.len(), 3, "the deal is logged");
    clients.deliver(&step);

    let mut now = 10;
    while !room.is_over() {
        now += 1_000;
        if let Some(turn) = room.computer_turn() {
            let intent = turn.choose(lexicon.clone(), &leaves);
            let step = room.computer_move(&turn, intent, now);
            assert!(!step.events.is_empty(), "the computer moved");
            clients.deliver(&step);
            continue;
        }
        let seat = room.clock(now).unwrap().seat;
        let view = clients.views[seat].clone().unwrap();
        // Out of turn, and for another seat: refused, nothing sent.
        let other = 1 - seat.min(1);
        assert!(matches!(
            room.intent(other, Intent::Pass { seat: other }, now),
            Err(Refusal::Rule(RuleError::NotYourTurn))
        ));
        assert_eq!(room.intent(other, Intent::Pass { seat }, now), Err(Refusal::NotYourSeat));
        assert_eq!(room.intent(seat, Intent::TimeOut { seat }, now), Err(Refusal::RefereeOnly));
        let turn = wocable_net::ComputerTurn { seat, level: Level::Strong, view, seed: now };
        let step = room.intent(seat, turn.choose(lexicon.clone(), &leaves), now).unwrap();
        clients.deliver(&step);
    }
    let game = room.game().unwrap();
    let plays = game.log().iter().filter(|e| matches!(e, Event::Played { .. })).count();
    assert!(plays >= 15, "a whole game: {plays} plays");
    for seat in [ann, bob] {
        assert_eq!(clients.views[seat].as_ref(), Some(&game.seat_view(Some(seat))), "seat {seat} followed the game");
        assert!(clients.finished[seat]);
        assert!(clients.commitments[seat].is_some(), "seat {seat} was sent the commitment");
    }
}

#[test]
fn a_player_who_comes_back_gets_the_whole_view_and_the_clock_times_out_the_absent() {
    let mut room = room(3, Some(30));
    for (i, name) in ["ann", "bob", "cyd"].iter().enumerate() {
        room.join(name, Player::Human, SeatToken(i as u128), 0).unwrap();
    }
    for seat in 0..3 {
        room.connect(seat, 0).unwrap();
    }
    let first = room.clock(0).unwrap().seat;
    room.intent(first, Intent::Pass { seat: first }, 1_000).unwrap();
    let second = room.clock(1_000).unwrap().seat;
    room.disconnect(second, 2_000);
    assert_eq!(room.tick(30_999), Step::default(), "the clock has a moment left");
    let step = room.tick(31_000);
    assert!(step.events.iter().any(|e| e.event == Event::Left { seat: second, reason: LeaveReason::TimedOut }));
    assert!(!room.is_over(), "with three players the game goes on");
    assert!(step.messages.iter().all(|(seat, _)| *seat != second), "nothing is sent to a seat that is away");

    let mut clients = Clients::default();
    clients.deliver(&room.connect(second, 40_000).unwrap());
    assert_eq!(clients.views[second].as_ref(), Some(&room.game().unwrap().seat_view(Some(second))));
}

#[test]
fn without_a_clock_a_player_away_on_their_turn_is_out_after_the_grace() {
    let mut room = room(2, None);
    room.join("ann", Player::Human, SeatToken(1), 0).unwrap();
    room.join("bob", Player::Human, SeatToken(2), 0).unwrap();
    room.connect(0, 0).unwrap();
    room.connect(1, 0).unwrap();
    let first = room.clock(0).unwrap().seat;
    assert_eq!(room.clock(0).unwrap().left_ms, None);
    let seat = 1 - first;
    room.disconnect(seat, 1_000);
    // Away while the other thinks: the minute counts from their own turn.
    room.intent(first, Intent::Pass { seat: first }, 5_000).unwrap();
    assert_eq!(room.tick(5_000 + wocable_net::ABSENT_GRACE_MS - 1), Step::default());
    let step = room.tick(5_000 + wocable_net::ABSENT_GRACE_MS);
    assert!(step.events.iter().any(|e| matches!(e.event, Event::Ended { .. })), "two players: the other wins");
}

#[test]
fn a_room_still_filling_gives_up_the_seats_of_players_who_left_or_never_came() {
    use wocable_net::{LEFT_WAITING_GRACE_MS, WAITING_GRACE_MS};
    let mut room = room(3, None);
    room.join("ann", Player::Human, SeatToken(1), 0).unwrap();
    room.join("bob", Player::Human, SeatToken(2), 0).unwrap();
    room.join("cyd", Player::Human, SeatToken(3), 1_000).unwrap();
    room.connect(0, 500).unwrap();
    room.connect(2, 1_500).unwrap();
    // Ann leaves the waiting room; Bob never connected.
    room.disconnect(0, 2_000);
    let given_up = |room: &mut Room, now: u64| -> Vec<(usize, String, bool)> {
        room.give_up_absent_seats(now).into_iter().map(|g| (g.seat, g.sitter.name, g.came)).collect()
    };
    assert_eq!(given_up(&mut room, WAITING_GRACE_MS - 1), [], "within the grace");
    assert_eq!(given_up(&mut room, WAITING_GRACE_MS), [(1, "bob".into(), false)], "Bob never came");
    assert_eq!(given_up(&mut room, 2_000 + WAITING_GRACE_MS), [], "Ann may come back");
    assert_eq!(given_up(&mut room, 2_000 + LEFT_WAITING_GRACE_MS), [(0, "ann".into(), true)], "Ann left");
    assert_eq!(room.seats().iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["cyd"]);
    assert_eq!(room.seat_of(SeatToken(3)), Some(0), "Cyd moved up");
    assert_eq!(room.seat_of(SeatToken(1)), None, "Ann's token no longer holds a seat");
    let seats = vec![Some("cyd".to_string()), None, None];
    assert!(
        matches!(&room.waiting().messages[..], [(0, ServerMessage::Waiting { seat: 0, seats: s, .. })] if *s == seats)
    );
    // Two others take the free seats, and the game starts.
    let later = 2_000 + LEFT_WAITING_GRACE_MS;
    room.join("dee", Player::Human, SeatToken(4), later).unwrap();
    room.join("bot", Player::Computer(Level::Beginner), SeatToken(5), later).unwrap();
    let step = room.connect(1, later + 1_000).unwrap();
    assert!(room.game().is_some(), "{step:?}");
    assert!(room.give_up_absent_seats(1_000_000).is_empty(), "a game in progress keeps its seats");
}

#[test]
fn a_stored_room_restores_its_game() {
    let mut room = room(2, Some(60));
    room.join("ann", Player::Human, SeatToken(1), 0).unwrap();
    room.join("bot", Player::Computer(Level::Beginner), SeatToken(2), 0).unwrap();
    let mut events = room.connect(0, 0).unwrap().events;
    let seat = room.clock(0).unwrap().seat;
    if seat == 0 {
        events.extend(room.intent(0, Intent::Pass { seat: 0 }, 10).unwrap().events);
    }
    let stored: Vec<Event> = events.into_iter().map(|e| e.event).collect();
    let restored = Room::restore(
        room.code(),
        room.settings().clone(),
        11.into(),
        Lexicon::bundled(Language::En),
        room.seats().to_vec(),
        Some((room.game().unwrap().edition(), stored)),
        99,
    )
    .unwrap();
    assert_eq!(restored.game().unwrap().save(), room.game().unwrap().save());
    assert_eq!(restored.clock(99).unwrap().left_ms, Some(60_000), "the turn's clock starts again");
}

#[test]
fn a_game_that_lasts_days_starts_with_nobody_there_and_keeps_its_deadline() {
    use wocable_net::{DAY_MS, LobbyError};
    let days =
        |days: u8, clock: Option<u32>| RoomSettings { days: Some(days), clock, ..room(2, None).settings().clone() };
    let made = |settings: RoomSettings| {
        Room::new(RoomCode::from_number(8), settings, 5.into(), Lexicon::bundled(Language::En))
    };
    assert_eq!(made(days(4, None)).err(), Some(LobbyError::Days));
    assert_eq!(made(days(1, Some(60))).err(), Some(LobbyError::Days));
    let mut room = made(days(2, None)).unwrap();
    assert!(room.settings().rated(), "a pace is a clock");
    room.join("ana", Player::Member(AccountId(1)), SeatToken(1), 0).unwrap();
    assert_eq!(room.start_if_ready(0), Ok(None), "a seat is free");
    room.join("ben", Player::Member(AccountId(2)), SeatToken(2), 0).unwrap();
    let started = room.start_if_ready(1_000).unwrap().expect("started with nobody connected");
    assert!(!started.events.is_empty() && started.messages.is_empty(), "{started:?}");
    let clock = room.clock(2_000).unwrap();
    assert_eq!(clock.left_ms, Some(2 * DAY_MS - 1_000));

    // A move sent twice is known for the one made at its place in the log.
    let (seat, at) = (clock.seat, room.game().unwrap().log().len() as u32);
    let pass = Intent::Pass { seat };
    room.intent(seat, pass.clone(), 3_000).unwrap();
    assert!(room.played_at(&pass, at));
    assert!(!room.played_at(&Intent::Pass { seat: 1 - seat }, at));
    assert!(!room.played_at(&pass, at + 1), "nothing made after it");
    assert_eq!(room.seat_events(1 - seat, at), [room.game().unwrap().numbered_from(at as usize).next().unwrap()]);

    // Restored, its turn has what was stored left, not a whole turn.
    let stored: Vec<Event> = room.game().unwrap().log().to_vec();
    let mut restored = Room::restore(
        room.code(),
        room.settings().clone(),
        5.into(),
        Lexicon::bundled(Language::En),
        room.seats().to_vec(),
        Some((room.game().unwrap().edition(), stored)),
        50_000,
    )
    .unwrap();
    restored.resume_clock(7_000);
    assert_eq!(restored.clock(51_000).unwrap().left_ms, Some(6_000));
    let timed_out = restored.tick(57_000);
    assert!(timed_out.events.iter().any(|e| matches!(e.event, Event::Left { reason: LeaveReason::TimedOut, .. })));
}

#[test]
fn a_nickname_is_a_seat_name_that_no_computer_has() {
    use wocable_net::{LobbyError, check_nick};
    for nick in ["Ana", "ana_b.2", "Botany", "Bo", "Robot7", "Bot-1"] {
        assert_eq!(check_nick(nick), Ok(()), "{nick}");
    }
    for nick in ["Bot", "bot", "BOT3", "bot12"] {
        assert_eq!(check_nick(nick), Err(LobbyError::ComputerName), "{nick}");
    }
    assert_eq!(check_nick("a b"), Err(LobbyError::BadName));
    assert_eq!(check_nick(""), Err(LobbyError::BadName));
    assert_eq!(check_nick(&"a".repeat(21)), Err(LobbyError::BadName));
    // No offensive word, whole or among the name's words, in any language.
    for nick in ["Faggot", "big_fag2", "xXFaggotsXx", "theRetard", "Puta", "salope.9"] {
        assert_eq!(check_nick(nick), Err(LobbyError::OffensiveName), "{nick}");
    }
    for nick in ["Cassandra", "Scunthorpe", "Dickens", "Grasshopper", "Hancock"] {
        assert_eq!(check_nick(nick), Ok(()), "{nick}");
    }
    let mut room = room(2, None);
    assert_eq!(room.join("FAG", Player::Human, SeatToken(1), 0), Err(LobbyError::OffensiveName), "guests too");
}

#[test]
fn before_the_game_starts_a_move_for_another_seat_is_refused_as_not_yours() {
    let mut room = room(2, None);
    room.join("ann", Player::Human, SeatToken(1), 0).unwrap();
    room.connect(0, 0).unwrap();
    assert_eq!(room.intent(0, Intent::Pass { seat: 1 }, 0), Err(Refusal::NotYourSeat));
    assert_eq!(room.intent(0, Intent::Pass { seat: 0 }, 0), Err(Refusal::NotStarted));
}

#[test]
fn hints_are_given_on_turn_in_a_room_made_with_them_and_refused_in_any_other() {
    let mut rated = room(2, None);
    rated.join("ann", Player::Human, SeatToken(1), 0).unwrap();
    rated.join("bob", Player::Human, SeatToken(2), 0).unwrap();
    assert_eq!(rated.hints(0), Err(Refusal::NoHints));

    let settings = RoomSettings { hints: true, ..rated.settings().clone() };
    let mut room = Room::new(RoomCode::from_number(8), settings, 11.into(), Lexicon::bundled(Language::En)).unwrap();
    room.join("ann", Player::Human, SeatToken(1), 0).unwrap();
    assert_eq!(room.hints(0), Err(Refusal::NotStarted));
    room.join("bob", Player::Human, SeatToken(2), 0).unwrap();
    room.connect(0, 0).unwrap();
    room.connect(1, 0).unwrap();
    for seat in 0..2 {
        rated.connect(seat, 0).unwrap();
    }
    assert_eq!(rated.hints(rated.clock(0).unwrap().seat), Err(Refusal::NoHints), "not on turn either");
    let game = room.game().unwrap();
    assert!(game.settings().hints, "the game's settings say so, for its record");
    let turn = game.turn();
    let hints = room.hints(turn).unwrap();
    assert_eq!(hints, wocable_crossword::computer::hints(room.game().unwrap(), 5));
    assert!(!hints.is_empty());
    assert_eq!(room.hints(turn), Ok(hints), "the same again on the same turn");
    assert_eq!(room.hints(1 - turn), Err(Refusal::Rule(RuleError::NotYourTurn)));
}
