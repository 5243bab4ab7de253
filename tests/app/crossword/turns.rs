//! Turns through the rules: blanks, exchanges, passes, resigning,
//! dialogs, pass-and-play, and what each turn sounds and looks like.

use super::*;

#[test]
fn a_blank_gets_its_letter_before_it_is_played() {
    let dir = data_dir("blank");
    let mut app = app(&dir);
    let (setup, chosen) = seed_with(&VERSUS_COMPUTER, |m| m.tiles.iter().filter(|(_, t)| t.blank).count() == 1);
    start(&mut app, setup);
    drag_move(&mut app, &chosen);
    assert_eq!(*app.world().resource::<Preview>(), Preview::NeedsBlankLetter);
    act(&mut app, Action::Play);
    assert_eq!(*app.world().resource::<State<Overlay>>().get(), Overlay::BlankLetter);
    let (pos, blank) = *chosen.tiles.iter().find(|(_, t)| t.blank).expect("a blank");
    act(&mut app, Action::ChooseBlank(blank.letter));
    assert_eq!(*app.world().resource::<State<Overlay>>().get(), Overlay::None);
    assert!(matches!(app.world().resource::<Preview>(), Preview::Valid { score, .. } if *score == chosen.score));
    act(&mut app, Action::Play);
    let m = app.world().resource::<Match>();
    assert_eq!(m.view().board().get(pos), Some(blank), "the blank lies with its letter");
    assert_eq!(m.view().scores()[0], chosen.score as i32);
}

#[test]
fn back_closes_a_dialog_then_leaves_the_game_saved() {
    let dir = data_dir("back");
    let mut app = app(&dir);
    start(&mut app, setup(&VERSUS_COMPUTER, 3));
    act(&mut app, Action::OpenOverlay(Overlay::Exchange));
    let back = |app: &mut App| {
        app.world_mut().write_message(GoBack);
        app.update();
        app.update();
    };
    back(&mut app);
    assert_eq!(*app.world().resource::<State<Overlay>>().get(), Overlay::None, "Back closes the dialog");
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
    back(&mut app);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Home, "then leaves the game");
    assert!(app.world().resource::<SavedGameInfo>().0.is_some(), "which home offers to continue");
    back(&mut app);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Home, "home has nowhere back to go");
    // Each screen goes back where its own Back button leads.
    for (screen, back_to) in [
        (Screen::NewGame, Screen::Home),
        (Screen::Credits, Screen::Settings),
        (Screen::WordLists, Screen::Settings),
        (Screen::TraceMenu, Screen::Home),
    ] {
        app.world_mut().resource_mut::<NextState<Screen>>().set(screen);
        app.update();
        back(&mut app);
        assert_eq!(*app.world().resource::<State<Screen>>().get(), back_to, "Back from {screen:?}");
    }
}

#[test]
fn exchange_and_pass_go_through_the_rules() {
    let dir = data_dir("exchange");
    let mut app = app(&dir);
    start(&mut app, setup(&VERSUS_COMPUTER, 3));
    act(&mut app, Action::OpenOverlay(Overlay::Exchange));
    assert_eq!(*app.world().resource::<State<Overlay>>().get(), Overlay::Exchange);
    act(&mut app, Action::Exchange(vec![0, 1, 2]));
    assert_eq!(*app.world().resource::<State<Overlay>>().get(), Overlay::None);
    let m = app.world().resource::<Match>();
    assert!(m.view().log().iter().any(|e| matches!(e.event, Event::Exchanged { seat: 0, count: 3 })));
    assert_eq!(app.world().resource::<Composer>().rack_len(), 7);
    until(&mut app, "the computer plays", |w| w.resource::<Match>().turn() == 0);
    act(&mut app, Action::Pass);
    assert!(app.world().resource::<Match>().view().log().iter().any(|e| matches!(e.event, Event::Passed { seat: 0 })));
    // Nothing chosen is refused, with its reason, and changes nothing.
    until(&mut app, "the computer plays", |w| w.resource::<Match>().turn() == 0);
    let before = app.world().resource::<Match>().view().log().len();
    act(&mut app, Action::Exchange(vec![]));
    assert_eq!(app.world().resource::<Match>().view().log().len(), before);
}

#[test]
fn pass_and_play_hides_each_rack_until_its_player_takes_the_device() {
    let dir = data_dir("handover");
    let mut app = app(&dir);
    let (setup, chosen) = seed_with(&[("Ana", Seat::Human), ("Ben", Seat::Human)], |m| m.tiles.len() >= 2);
    start(&mut app, setup);
    app.update();
    assert_eq!(*app.world().resource::<State<Overlay>>().get(), Overlay::Handover);
    assert_eq!(app.world().resource::<Composer>().rack_len(), 0, "no rack shows before Ana takes the device");
    act(&mut app, Action::TakeOver);
    assert_eq!(app.world().resource::<Composer>().rack_len(), 7);
    drag_move(&mut app, &chosen);
    act(&mut app, Action::Play);
    app.update();
    assert_eq!(*app.world().resource::<State<Overlay>>().get(), Overlay::Handover);
    assert_eq!(app.world().resource::<Composer>().rack_len(), 0, "Ana's rack is hidden from Ben");
    act(&mut app, Action::TakeOver);
    let m = app.world().resource::<Match>();
    assert_eq!((m.viewer, m.turn()), (1, 1));
    assert_eq!(app.world().resource::<Composer>().rack_len(), 7);
}

#[test]
fn no_rack_shows_while_computers_play_before_the_first_human() {
    let dir = data_dir("hidden");
    let mut app = app(&dir);
    let seats = [("Bot", Seat::Computer(Level::Strong)), ("Ana", Seat::Human), ("Ben", Seat::Human)];
    start(&mut app, setup(&seats, 9));
    for _ in 0..3000 {
        let handover = *app.world().resource::<State<Overlay>>().get() == Overlay::Handover;
        assert_eq!(app.world().resource::<Composer>().rack_len(), 0, "no rack before someone takes the device");
        if handover {
            break;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(*app.world().resource::<State<Overlay>>().get(), Overlay::Handover);
    assert_eq!(app.world().resource::<Match>().turn(), 1);
    act(&mut app, Action::TakeOver);
    assert_eq!(app.world().resource::<Composer>().rack_len(), 7);
}

#[test]
fn resigning_asks_first_and_ends_a_two_player_game() {
    let dir = data_dir("resign");
    let mut app = app(&dir);
    start(&mut app, setup(&VERSUS_COMPUTER, 5));
    act(&mut app, Action::OpenOverlay(Overlay::ConfirmResign));
    assert_eq!(*app.world().resource::<State<Overlay>>().get(), Overlay::ConfirmResign);
    assert!(!app.world().resource::<Match>().is_over(), "asking changes nothing");
    act(&mut app, Action::OpenOverlay(Overlay::None));
    assert!(!app.world().resource::<Match>().is_over(), "cancelled");
    act(&mut app, Action::OpenOverlay(Overlay::ConfirmResign));
    act(&mut app, Action::Resign);
    let m = app.world().resource::<Match>();
    assert!(m.view().has_left(0) && m.is_over(), "Ana resigned: Bot wins at once");
    until(&mut app, "the results", |w| *w.resource::<State<Screen>>().get() == Screen::Results);
    assert_eq!(app.world().resource::<Results>().seats[0].name, "Bot");
}

#[test]
fn an_exchange_with_too_few_tiles_in_the_bag_is_refused_with_the_reason() {
    let dir = data_dir("exchange-late");
    let mut app = app(&dir);
    let mut remote = setup(&VERSUS_COMPUTER, 5);
    remote.rules = RuleSetKind::Remote;
    // The game played on, outside the app, until Ana has fewer than seven
    // tiles in the bag to exchange with, and resumed.
    let mut game = Game::new(remote.config(), Lexicon::bundled(Language::En)).expect("a game");
    let leaves = wocable_crossword::computer::LeaveModel::bundled(Language::En);
    while game.bag().len() >= 7 || game.turn() != 0 {
        let intent = wocable_crossword::computer::choose(&game, Level::Strong, &leaves, 1);
        game.apply(intent).expect("a legal move");
        assert!(!game.is_over());
    }
    let rack = game.rack(0).to_vec();
    let seats = remote.players.iter().map(|(_, seat)| *seat).collect();
    let saved = SavedMatch { version: 1, game: game.save(), seats, turn_seconds: None, seconds_left: None };
    Storage::in_dir(&dir).write(SAVE_FILE, &serde_json::to_string(&saved).expect("json")).expect("saved");
    resume(&mut app);
    let log_before = app.world().resource::<Match>().view().log().len();
    app.world_mut().write_message(Action::Exchange(vec![0, 1]));
    app.update();
    let refusals: Vec<Unplayed> =
        app.world_mut().resource_mut::<Messages<MoveRefused>>().drain().map(|MoveRefused(reason)| reason).collect();
    assert!(
        matches!(refusals.as_slice(), [Unplayed::Rule(RuleError::ExchangeNotAllowed { needed: 7, .. })]),
        "{refusals:?}"
    );
    assert!(app.world().resource::<Notice>().text.contains("exchange"), "{}", app.world().resource::<Notice>().text);
    let m = app.world().resource::<Match>();
    assert_eq!(m.view().log().len(), log_before, "nothing changed");
    assert_eq!(m.rack(0), rack.as_slice());
}

/// The cues sent since the last call.
fn cues(app: &mut App) -> Vec<Cue> {
    app.world_mut().resource_mut::<Messages<Cue>>().drain().collect()
}

#[test]
fn turns_tiles_refusals_and_plays_are_heard_and_seen() {
    let dir = data_dir("feedback");
    let mut app = app(&dir);
    app.insert_resource(Settings { animations: true, ..default() });
    let (setup, chosen) = seed_with(&VERSUS_COMPUTER, |m| m.tiles.len() >= 2 && m.tiles.iter().all(|(_, t)| !t.blank));
    start(&mut app, setup);
    assert!(cues(&mut app).contains(&Cue::YourTurn), "a game starts with the player's turn sounded");
    let layout = *app.world().resource::<BoardLayout>();
    let from = tile_centre(0, app.world().resource::<Composer>(), &layout);
    let corner = layout.cell_centre(wocable_crossword::Pos::new(0, 0).expect("A1"));
    pointer(&mut app, PointerPhase::Press, from);
    assert_eq!(cues(&mut app), vec![Cue::Pick]);
    pointer(&mut app, PointerPhase::Move, corner);
    pointer(&mut app, PointerPhase::Release, corner);
    assert_eq!(cues(&mut app), vec![Cue::Drop]);
    drag(&mut app, 1, layout.cell_centre(wocable_crossword::Pos::new(0, 1).expect("B1")));
    act(&mut app, Action::Play);
    assert!(cues(&mut app).contains(&Cue::Invalid));
    let shaking = app.world_mut().query::<&Shake>().iter(app.world()).count();
    assert_eq!(shaking, 2, "the two tiles put down shake");
    act(&mut app, Action::Recall);
    drag_move(&mut app, &chosen);
    act(&mut app, Action::Play);
    assert!(cues(&mut app).iter().any(|c| matches!(c, Cue::Play | Cue::Bingo)));
    let flights =
        |app: &mut App| app.world_mut().query::<&ScoreFlight>().iter(app.world()).copied().collect::<Vec<_>>();
    let flying = flights(&mut app);
    assert!(
        flying.iter().any(|f| f.seat == 0 && f.score == chosen.score),
        "the score flies to the scoreboard: {flying:?}"
    );
    until(&mut app, "the computer plays", |w| w.resource::<Match>().turn() == 0);
    app.update();
    assert!(cues(&mut app).contains(&Cue::YourTurn), "the turn coming back is sounded");
    for _ in 0..12 {
        app.update();
    }
    assert_eq!(flights(&mut app), vec![], "the scores have landed, 1.2 s after the last one took off");
}

#[test]
fn a_new_players_game_is_on_the_family_list_which_says_why_a_word_is_refused() {
    let dir = data_dir("family");
    let mut app = app(&dir);
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::NewGame);
    app.update();
    app.update();
    let form = app.world().resource::<NewGameForm>();
    assert_eq!(form.word_list.as_deref(), Some(FAMILY_LIST), "a new player's games are on the family list");
    // An opening rack that spells an offensive word, which the whole list has.
    let (whole, offensive) = (Lexicon::bundled(Language::En), Offensive::bundled(Language::En));
    let (setup, chosen) = (0..3000)
        .find_map(|seed| {
            let setup = MatchSetup { word_list: form.word_list.clone(), ..setup(&VERSUS_COMPUTER, seed) };
            let game = game_of(&setup);
            let moves = all_moves(game.board(), game.rack(game.turn()), &whole, &game.scoring());
            let word = |m: &Move| m.tiles.iter().map(|(_, t)| t.letter).collect::<Vec<_>>();
            let offends = |m: &Move| m.tiles.iter().all(|(_, t)| !t.blank) && offensive.contains(&word(m));
            moves.into_iter().find(offends).map(|m| (setup, m))
        })
        .expect("a rack that spells an offensive word");
    start(&mut app, setup);
    assert!(app.world().resource::<Match>().lexicon().is_family());
    drag_move(&mut app, &chosen);
    let Preview::Invalid(error) = app.world().resource::<Preview>().clone() else {
        panic!("the word is refused: {:?}", app.world().resource::<Preview>())
    };
    assert!(matches!(&error, RuleError::LeftOut(words) if words.len() == 1), "{error:?}");
    let said = rule_error(app.world().resource::<Locale>(), &error);
    assert!(said.ends_with(" is left out of the family word list."), "{said}");
}
