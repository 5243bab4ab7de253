//! The turn clock: running out, pausing with the app, and surviving
//! leaving, closing and a killed app.

use super::*;

#[test]
fn the_turn_clock_running_out_is_leaving_the_game() {
    let dir = data_dir("clock");
    let mut app = app(&dir);
    let mut clocked = setup(&[("Ana", Seat::Human), ("Ben", Seat::Human)], 5);
    clocked.turn_seconds = Some(2);
    start(&mut app, clocked);
    act(&mut app, Action::TakeOver);
    // Twenty frames of a tenth of a second.
    for _ in 0..25 {
        app.update();
    }
    let m = app.world().resource::<Match>();
    assert!(m.view().has_left(0), "Ana ran out of time");
    assert!(m.is_over(), "two players: the other wins at once");
    until(&mut app, "the results", |w| *w.resource::<State<Screen>>().get() == Screen::Results);
    assert_eq!(app.world().resource::<Results>().seats[0].name, "Ben");
}

/// Ana to play against the computer with a minute a turn, four seconds
/// of it gone.
fn clock_running(dir: &PathBuf) -> App {
    let mut app = app(dir);
    let mut clocked = setup(&VERSUS_COMPUTER, 5);
    clocked.turn_seconds = Some(60);
    start(&mut app, clocked);
    for _ in 0..40 {
        app.update();
    }
    assert!(app.world().resource::<Match>().human_to_play());
    assert!((55.0..57.0).contains(&seconds_left(&app)), "the clock runs: {}", seconds_left(&app));
    app
}

/// The turn clock resumed with `left` seconds, give or take a frame, not
/// a whole turn.
fn assert_resumed_with(app: &App, left: f32) {
    let now = seconds_left(app);
    assert!(left - now <= 0.2 && now <= left, "{now} seconds left, {left} before");
}

#[test]
fn leaving_the_game_does_not_reset_the_turn_clock() {
    let dir = data_dir("clock-home");
    let left = {
        let mut game = clock_running(&dir);
        let left = seconds_left(&game);
        game.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Home);
        // A while on the home screen: the clock waits.
        for _ in 0..30 {
            game.update();
        }
        assert_eq!(*game.world().resource::<State<Screen>>().get(), Screen::Home);
        resume(&mut game);
        assert_resumed_with(&game, left);
        seconds_left(&game)
    };
    // The app starts again, from the save written when the game was left.
    let mut restarted = app(&dir);
    resume(&mut restarted);
    assert_resumed_with(&restarted, left);
    restarted.update();
    assert!(seconds_left(&restarted) < left, "and it runs on");
}

#[test]
fn closing_the_app_mid_turn_keeps_the_turn_clock() {
    let dir = data_dir("clock-exit");
    let left = {
        let mut game = clock_running(&dir);
        game.world_mut().write_message(AppExit::Success);
        game.update();
        seconds_left(&game)
    };
    let mut restarted = app(&dir);
    resume(&mut restarted);
    assert_resumed_with(&restarted, left);
}

#[test]
fn a_killed_app_gives_back_at_most_a_few_seconds_of_the_turn() {
    let dir = data_dir("clock-killed");
    let left = {
        let mut game = clock_running(&dir);
        for _ in 0..80 {
            game.update();
        }
        // Killed: no frame runs to save on the way out (nor does dropping
        // the app).
        seconds_left(&game)
    };
    let mut restarted = app(&dir);
    resume(&mut restarted);
    let now = seconds_left(&restarted);
    assert!(left < 50.0 && now <= left + 5.0, "{now} seconds left after a kill at {left}");
}

#[test]
fn a_save_from_before_the_clock_was_kept_resumes_with_a_whole_turn() {
    let dir = data_dir("clock-old");
    let mut clocked = setup(&VERSUS_COMPUTER, 5);
    clocked.turn_seconds = Some(60);
    let referee = LocalReferee::start(&clocked, Lexicon::bundled(clocked.language)).expect("a match");
    let mut saved = serde_json::to_value(referee.save().expect("kept on the device")).expect("json");
    saved.as_object_mut().expect("an object").remove("seconds_left");
    Storage::in_dir(&dir).write(wocable::crossword::SAVE_FILE, &saved.to_string()).expect("saved");
    let mut app = app(&dir);
    resume(&mut app);
    assert_resumed_with(&app, 60.0);
}

#[test]
fn a_game_on_the_clock_pauses_when_the_app_loses_the_focus() {
    use bevy::window::WindowFocused;
    let dir = data_dir("pause");
    let mut game = clock_running(&dir);
    let lose_focus = |app: &mut App| {
        app.world_mut().write_message(WindowFocused { window: Entity::PLACEHOLDER, focused: false });
        app.update();
        app.update();
    };
    lose_focus(&mut game);
    assert_eq!(*game.world().resource::<State<Pause>>().get(), Pause(true));
    let paused_at = seconds_left(&game);
    for _ in 0..30 {
        game.update();
    }
    assert_eq!(seconds_left(&game), paused_at, "the clock stops while paused");
    // Saved as it paused: a phone may end a paused app.
    let mut killed = app(&dir);
    resume(&mut killed);
    assert_resumed_with(&killed, paused_at);
    act(&mut game, Action::Pause(false));
    for _ in 0..10 {
        game.update();
    }
    assert!(seconds_left(&game) < paused_at - 0.5, "resumed, the clock runs again");
    // Without a clock there is nothing to pause.
    let mut unclocked = app(&data_dir("no-pause"));
    start(&mut unclocked, setup(&VERSUS_COMPUTER, 5));
    lose_focus(&mut unclocked);
    assert_eq!(paused(&unclocked), Pause(false));
}
