//! What is kept: saves after every turn, the demo beside them, damaged
//! files set aside, and the player's own word lists.

use super::*;

#[test]
fn a_game_is_saved_after_every_turn_and_resumes_exactly() {
    let dir = data_dir("resume");
    let (setup, chosen) = seed_with(&VERSUS_COMPUTER, |m| m.tiles.len() >= 2);
    let (log, rack) = {
        let mut app = app(&dir);
        start(&mut app, setup);
        drag_move(&mut app, &chosen);
        act(&mut app, Action::Play);
        until(&mut app, "the computer plays", |w| w.resource::<Match>().turn() == 0);
        // A move being composed is not part of the save.
        let corner = app.world().resource::<BoardLayout>().cell_centre(wocable_crossword::Pos::new(0, 0).expect("A1"));
        drag(&mut app, 0, corner);
        let m = app.world().resource::<Match>();
        (m.view().log().to_vec(), m.rack(0).to_vec())
    };
    // The app was killed; it starts again.
    let mut app = app(&dir);
    assert!(app.world().resource::<SavedGameInfo>().0.as_deref().is_some_and(|s| s.contains("Ana")));
    app.world_mut().write_message(ResumeMatch);
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
    let m = app.world().resource::<Match>();
    assert_eq!(m.view().log(), log.as_slice());
    assert_eq!(m.rack(0), rack.as_slice());
    assert_eq!(board_tiles(&mut app), chosen.tiles.len() + count_played_after(&log, chosen.tiles.len()));
    assert!(!app.world().resource::<Composer>().has_placed());
}

/// Tiles played after the first move of a log.
fn count_played_after(log: &[Sequenced], first: usize) -> usize {
    let played = |e: &Sequenced| if let Event::Played { tiles, .. } = &e.event { Some(tiles.len()) } else { None };
    log.iter().filter_map(played).sum::<usize>() - first
}

fn title(app: &App) -> &str {
    &app.world().resource::<PageTitle>().0
}

#[cfg(feature = "dev")]
#[test]
fn the_demo_plays_a_move_and_the_title_follows_the_screen_and_the_save() {
    let dir = data_dir("demo");
    let saved_title = {
        let mut app = app(&dir);
        assert_eq!(title(&app), "Wocable", "home, nothing saved");
        app.insert_resource(Demo::default());
        let played = |w: &World| w.get_resource::<Match>().is_some_and(|m| m.view().scores()[0] > 0);
        until(&mut app, "Ana's first move", played);
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
        let scores = app.world().resource::<Match>().scores();
        assert!(scores.starts_with("Ana ") && scores.contains(" · Bot "), "{scores}");
        assert_eq!(title(&app), format!("{scores} — Wocable"));
        until(&mut app, "back home", |w| *w.resource::<State<Screen>>().get() == Screen::Home);
        app.update();
        assert!(!app.world().contains_resource::<Demo>(), "the demo is over");
        let saved = app.world().resource::<SavedGameInfo>().0.clone().expect("a saved game");
        assert_eq!(title(&app), format!("Wocable — Continue: {saved}"));
        title(&app).to_string()
    };
    // As the browser reloads the page.
    let app = app(&dir);
    assert_eq!(title(&app), saved_title);
}

#[cfg(feature = "dev")]
#[test]
fn the_demo_never_replaces_a_saved_game() {
    let dir = data_dir("demo-saved");
    let read_save = || Storage::in_dir(&dir).read(wocable::crossword::SAVE_FILE);
    {
        let mut app = app(&dir);
        start(&mut app, setup(&VERSUS_COMPUTER, 3));
    }
    let saved = read_save().expect("a saved game");
    let mut app = app(&dir);
    app.insert_resource(Demo::default());
    for _ in 0..20 {
        app.update();
    }
    assert!(!app.world().contains_resource::<Demo>(), "the demo gave way");
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Home);
    assert_eq!(read_save(), Some(saved));
}

#[test]
fn a_damaged_save_or_settings_file_is_set_aside_and_said_on_the_home_screen() {
    use wocable::settings::SETTINGS_FILE;
    use wocable::storage::{Damage, DamagedFile, DamagedFiles};
    let referee = LocalReferee::start(&setup(&VERSUS_COMPUTER, 5), Lexicon::bundled(Language::En)).expect("a match");
    let whole = serde_json::to_string(&referee.save().expect("kept on the device")).expect("json");
    let mut newer: serde_json::Value = serde_json::from_str(&whole).expect("json");
    newer["version"] = 99.into();
    newer["game"] = "changed beyond reading".into();
    let mut moved_on: serde_json::Value = serde_json::from_str(&whole).expect("json");
    // A pass by a seat the game does not have: the rules refuse the record.
    moved_on["game"]["events"][0] = serde_json::json!({ "Passed": { "seat": 7 } });
    let cases: [(&str, Vec<u8>, Damage); 4] = [
        ("cut", whole.as_bytes()[..whole.len() / 2].to_vec(), Damage::Unreadable),
        ("bytes", (0..200u8).map(|b| b.wrapping_mul(151)).collect(), Damage::Unreadable),
        ("newer", newer.to_string().into_bytes(), Damage::Newer),
        ("rules", moved_on.to_string().into_bytes(), Damage::AgainstTheRules),
    ];
    for (name, bytes, damage) in cases {
        let dir = data_dir(&format!("damaged-{name}"));
        std::fs::create_dir_all(&dir).expect("a folder");
        std::fs::write(dir.join(SAVE_FILE), &bytes).expect("written");
        std::fs::write(dir.join(SETTINGS_FILE), b"{\"sound_volume\": ").expect("written");
        let mut app = app(&dir);
        app.update();
        let expected = [
            DamagedFile {
                name: SETTINGS_FILE,
                damage: Damage::Unreadable,
                kept_as: Some("settings.json.damaged".into()),
            },
            DamagedFile { name: SAVE_FILE, damage, kept_as: Some("game.json.damaged".into()) },
        ];
        assert_eq!(app.world().resource::<DamagedFiles>().0, expected, "{name}");
        assert_eq!(app.world().resource::<SavedGameInfo>().0, None, "{name}: nothing to continue");
        assert!(!dir.join(SAVE_FILE).exists(), "{name}: a new game may be saved");
        assert_eq!(std::fs::read(dir.join("game.json.damaged")).expect("kept"), bytes, "{name}: nothing is lost");
        assert!(dir.join("settings.json.damaged").exists(), "{name}");
        // A new game is saved beside what was set aside.
        start(&mut app, setup(&VERSUS_COMPUTER, 3));
        app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Home);
        app.update();
        app.update();
        assert!(app.world().resource::<SavedGameInfo>().0.is_some(), "{name}: the new game is offered");
        assert_eq!(std::fs::read(dir.join("game.json.damaged")).expect("kept"), bytes, "{name}");
    }
}

/// A list of 300,000 words of four letters from A to X: none of them
/// longer, many of them no English word.
fn four_letter_words() -> String {
    let letters: Vec<char> = ('A'..='X').collect();
    let mut words = String::new();
    for a in &letters {
        for b in &letters {
            for c in &letters {
                for d in &letters {
                    words.extend([*a, *b, *c, *d, '\n']);
                }
            }
        }
    }
    words.lines().take(300_000).collect::<Vec<_>>().join("\n")
}

#[test]
fn a_players_own_word_list_is_built_off_the_frame_played_on_and_missed_once_removed() {
    let dir = data_dir("word-list");
    let mut app = app(&dir);
    let text = format!("{}\nnot a word\n", four_letter_words()).into_bytes();
    let import = ImportWordList { name: "Fours".into(), language: Language::En, source: "fours.txt".into(), text };
    app.world_mut().write_message(import);
    // The frames go on while it is built, each told how far it has gone.
    let mut cursor = app.world().resource::<Messages<ImportProgress>>().get_cursor();
    let (mut shown, mut frames) = (Vec::new(), 0);
    let started = std::time::Instant::now();
    let report = loop {
        app.update();
        frames += 1;
        let messages = app.world().resource::<Messages<ImportProgress>>();
        shown.extend(cursor.read(messages).map(|p| p.done));
        match app.world().resource::<Import>() {
            Import::Built { name, report } if name == "Fours" => break report.clone(),
            Import::Failed { error, .. } => panic!("{error}"),
            _ => {}
        }
        assert!(started.elapsed() < Duration::from_secs(120), "built in time");
        std::thread::sleep(Duration::from_millis(5));
    };
    assert_eq!((report.words, report.bad_characters), (300_000, 1));
    assert!(shown.len() > 10 && frames > shown.len() / 10, "{} progress messages over {frames} frames", shown.len());
    assert!(shown.windows(2).all(|w| w[0] <= w[1]) && shown.iter().all(|d| (0.0..1.0).contains(d)));
    let storage = Storage::in_dir(&dir);
    let fours = app.world().resource::<WordLists>().open(&storage, "Fours").expect("kept and opened again");
    assert_eq!(fours.len(), 300_000);

    // A game on it: its words are played, the English list's are not words.
    let english = Lexicon::bundled(Language::En);
    let (setup, chosen) = (0..500)
        .find_map(|seed| {
            let setup = MatchSetup { word_list: Some("Fours".into()), ..setup(&VERSUS_COMPUTER, seed) };
            let game = Game::new(setup.config(), fours.clone()).expect("a game");
            let not_english = |m: &Move| !english.contains(&m.tiles.iter().map(|(_, t)| t.letter).collect::<Vec<_>>());
            hints(&game, 400)
                .into_iter()
                .find(|m| m.tiles.len() == 4 && m.tiles.iter().all(|(_, t)| !t.blank) && not_english(m))
                .map(|m| (setup, m))
        })
        .expect("a rack with a word of the list");
    start(&mut app, setup);
    let lexicon = app.world().resource::<Match>().lexicon().clone();
    assert!(lexicon.contains_word("QQQQ") && !lexicon.contains_word("CAT") && !lexicon.contains_word("QUIXOTIC"));
    drag_move(&mut app, &chosen);
    assert!(matches!(app.world().resource::<Preview>(), Preview::Valid { score, .. } if *score == chosen.score));
    act(&mut app, Action::Play);
    assert_eq!(players(&mut app)[0].score, chosen.score as i32);
    let saved = storage.read(SAVE_FILE).expect("saved");
    assert!(saved.contains("\"word_list\":\"Fours\""), "the save names its list");
    // The dictionary looks in it as games do.
    let look_up = |app: &mut App| {
        let found = app.world_mut().run_system_once(|mut lexicons: GameLexicons| {
            lexicons.list(Language::En, Some("Fours")).map(|found| found.map(|l| l.contains_word("QQQQ")))
        });
        found.expect("the system runs")
    };
    assert_eq!(look_up(&mut app), Ok(Some(true)));

    // Removed, the list leaves the saved game saying why it cannot go on.
    app.world_mut().resource_mut::<WordLists>().remove(&storage, "Fours").expect("removed");
    drop(app);
    let mut app = self::app(&dir);
    assert!(app.world().resource::<WordLists>().get("Fours").is_none());
    assert_eq!(look_up(&mut app), Err(Unavailable::Removed("Fours".into())));
    let removed = Some(Unavailable::Removed("Fours".into()));
    assert_eq!(app.world().resource::<SavedGameWaits>().0, removed, "home says why Continue is not offered");
    assert!(app.world().resource::<SavedGameInfo>().0.is_none());
    assert!(storage.read(SAVE_FILE).is_some(), "the save is kept: the list may be imported again");
    app.world_mut().write_message(ResumeMatch);
    app.update();
    app.update();
    assert_ne!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
    assert_eq!(app.world().resource::<PendingStart>().failed, removed);
}
