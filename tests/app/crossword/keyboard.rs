//! Laying tiles and answering dialogs from a keyboard.

use super::*;

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::KeyA, Key::Character(c.to_lowercase().to_string().as_str().into()));
    }
}

#[test]
fn spanish_digraph_tiles_are_typed_as_their_two_letters() {
    let dir = data_dir("digraph");
    let mut app = app(&dir);
    let ch = Language::Es.letter("CH").expect("CH");
    let players = [("Ana", Seat::Human), ("Bot", Seat::Computer(Level::Strong))];
    let (setup, chosen) = (0..2000)
        .find_map(|seed| {
            let mut setup = setup(&players, seed);
            setup.language = Language::Es;
            let found = hints(&game_of(&setup), 400).into_iter().find(|m| {
                m.tiles.iter().all(|(_, t)| !t.blank)
                    && m.tiles.iter().any(|(_, t)| t.letter == ch)
                    && m.direction == wocable_crossword::Direction::Across
                    && m.tiles[0].0 == wocable_crossword::CENTRE
            });
            found.map(|m| (setup, m))
        })
        .expect("a Spanish rack with CH");
    start(&mut app, setup.clone());
    let spelt: String = chosen.tiles.iter().map(|(_, t)| setup.language.label(t.letter)).collect();
    type_text(&mut app, &spelt);
    assert!(
        matches!(app.world().resource::<Preview>(), Preview::Valid { score, .. } if *score == chosen.score),
        "{spelt}: {:?}",
        app.world().resource::<Preview>()
    );
}

#[test]
fn keyboard_places_tiles_and_plays() {
    let dir = data_dir("keyboard");
    let mut app = app(&dir);
    let (setup, chosen) = seed_with(&VERSUS_COMPUTER, |m| {
        m.tiles.len() >= 2
            && m.tiles.iter().all(|(_, t)| !t.blank)
            && m.direction == wocable_crossword::Direction::Across
            && m.tiles[0].0 == wocable_crossword::CENTRE
    });
    start(&mut app, setup.clone());
    let spelt: String = chosen.tiles.iter().map(|(_, t)| setup.language.label(t.letter)).collect();
    type_text(&mut app, &spelt);
    assert!(matches!(app.world().resource::<Preview>(), Preview::Valid { score, .. } if *score == chosen.score));
    press(&mut app, KeyCode::Enter, Key::Enter);
    app.update();
    assert_eq!(app.world().resource::<Match>().view().scores()[0], chosen.score as i32);
}

#[test]
fn arrows_choose_the_square_and_direction_backspace_and_escape_take_tiles_back() {
    use wocable::crossword::input::KeyCursor;
    use wocable_crossword::{Direction, Pos};
    let dir = data_dir("arrows");
    let mut app = app(&dir);
    start(&mut app, setup(&VERSUS_COMPUTER, 5));
    let cursor = |app: &App| {
        let c = app.world().resource::<KeyCursor>();
        (c.pos, c.direction)
    };
    let square = |row, col| Pos::new(row, col).expect("a square");
    assert_eq!(cursor(&app), (square(7, 7), Direction::Across));
    press(&mut app, KeyCode::ArrowDown, Key::ArrowDown);
    assert_eq!(cursor(&app), (square(8, 7), Direction::Down), "down moves down and types down");
    press(&mut app, KeyCode::ArrowUp, Key::ArrowUp);
    assert_eq!(cursor(&app), (square(7, 7), Direction::Down));
    // Two letters of the rack go down from the centre.
    let letters: String = {
        let m = app.world().resource::<Match>();
        m.rack(0)
            .iter()
            .filter_map(|t| match t {
                Tile::Letter(l) => Some(m.language().label(*l).to_string()),
                Tile::Blank => None,
            })
            .take(2)
            .collect()
    };
    type_text(&mut app, &letters);
    assert_eq!(composed(&app), vec![square(7, 7), square(8, 7)]);
    press(&mut app, KeyCode::Backspace, Key::Backspace);
    assert_eq!(composed(&app), vec![square(7, 7)], "Backspace takes the last tile back");
    assert_eq!(cursor(&app), (square(8, 7), Direction::Down), "and the cursor goes back to its square");
    press(&mut app, KeyCode::ArrowRight, Key::ArrowRight);
    assert_eq!(cursor(&app), (square(8, 8), Direction::Across), "right moves right and types across");
    press(&mut app, KeyCode::Space, Key::Space);
    assert_eq!(cursor(&app).1, Direction::Down, "Space turns the direction");
    press(&mut app, KeyCode::Escape, Key::Escape);
    app.update();
    assert!(composed(&app).is_empty(), "Esc recalls every tile");
}

#[test]
fn dialogs_answer_the_keyboard() {
    let dir = data_dir("dialog-keys");
    let mut app = app(&dir);
    let (setup, chosen) = seed_with(&VERSUS_COMPUTER, |m| m.tiles.iter().filter(|(_, t)| t.blank).count() == 1);
    start(&mut app, setup.clone());
    let overlay = |app: &App| *app.world().resource::<State<Overlay>>().get();
    drag_move(&mut app, &chosen);
    act(&mut app, Action::Play);
    assert_eq!(overlay(&app), Overlay::BlankLetter);
    let (_, blank) = *chosen.tiles.iter().find(|(_, t)| t.blank).expect("a blank");
    type_text(&mut app, setup.language.label(blank.letter));
    app.update();
    assert_eq!(overlay(&app), Overlay::None, "a letter names the blank's");
    assert!(matches!(app.world().resource::<Preview>(), Preview::Valid { score, .. } if *score == chosen.score));
    act(&mut app, Action::OpenOverlay(Overlay::Exchange));
    press(&mut app, KeyCode::Escape, Key::Escape);
    app.update();
    assert_eq!(overlay(&app), Overlay::None, "Esc closes a dialog");
    assert!(app.world().resource::<Composer>().has_placed(), "and is not read again as Esc on the board");
    // Enter resumes a paused game, and does not then play the tiles down.
    let turns = app.world().resource::<Match>().view().log().len();
    act(&mut app, Action::Pause(true));
    press(&mut app, KeyCode::Enter, Key::Enter);
    app.update();
    assert_eq!(paused(&app), Pause(false), "Enter resumes");
    assert_eq!(
        app.world().resource::<Match>().view().log().len(),
        turns,
        "and is not read again as Enter on the board"
    );
    // Resigning cannot be undone: Enter does not confirm it.
    act(&mut app, Action::OpenOverlay(Overlay::ConfirmResign));
    press(&mut app, KeyCode::Enter, Key::Enter);
    app.update();
    assert_eq!(overlay(&app), Overlay::ConfirmResign);
    assert!(!app.world().resource::<Match>().is_over());
    // A key held down does not answer a dialog.
    act(&mut app, Action::Pause(true));
    app.world_mut().write_message(KeyboardInput {
        key_code: KeyCode::Enter,
        logical_key: Key::Enter,
        state: ButtonState::Pressed,
        text: None,
        repeat: true,
        window: Entity::PLACEHOLDER,
    });
    app.update();
    app.update();
    assert_eq!(paused(&app), Pause(true), "a repeated Enter is not an answer");
}
