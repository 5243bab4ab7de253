//! Computer players and reviews: thinking off the frame (or in steps, as
//! on the web), whole games to the results.

use super::*;

#[test]
fn a_whole_game_against_the_computer_reaches_the_results() {
    let dir = data_dir("whole");
    let mut app = app(&dir);
    start(&mut app, setup(&[("Ana", Seat::Human), ("Bot", Seat::Computer(Level::Casual))], 11));
    let over = |w: &World| *w.resource::<State<Screen>>().get() == Screen::Results;
    let ana_or_over = |w: &World| over(w) || w.resource::<Match>().human_to_play();
    // A local game has hints (and the button for them).
    assert!(app.world().resource::<Match>().hints_allowed());
    let mut hinted = 0;
    // A game has far fewer turns than this.
    for _ in 0..100 {
        until(&mut app, "Ana's turn or the end", ana_or_over);
        if over(app.world()) {
            break;
        }
        act(&mut app, Action::Hint);
        let has_hint = !app.world().resource::<wocable::crossword::turn::Hints>().0.is_empty();
        if has_hint {
            hinted += 1;
            act(&mut app, Action::LayHint(0));
            act(&mut app, Action::Play);
        } else {
            act(&mut app, Action::Pass);
        }
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Results);
    assert!(hinted > 0, "the hints came from the local referee");
    // The standings show at once; the review, made off the frame, after.
    let results = app.world().resource::<Results>();
    assert_eq!(results.seats.len(), 2);
    assert_eq!(results.seats[0].rank, 1);
    until(&mut app, "the review", |w| !w.contains_resource::<Reviewing>());
    let results = app.world().resource::<Results>();
    assert!(!results.review.is_empty());
    let m = app.world().resource::<Match>();
    assert!(m.is_over());
    // The review's pictures of the board: each turn's tiles, and the best move's.
    assert_eq!(results.board_before(0).count(), 0, "the first turn starts on an empty board");
    let on_board = m.view().board().tiles().count();
    assert_eq!(results.board_before(results.review.len()).count(), on_board, "every tile was played on one turn");
    for line in &results.review {
        if line.name == "Ana" && line.played.is_some() {
            assert_eq!(line.best.as_ref().map(|best| best.2), Some(line.score), "Ana played the best hint: {line:?}");
        }
    }
    assert!(!dir.join(wocable::crossword::SAVE_FILE).exists(), "a finished game is no longer saved");
}

#[test]
fn the_champion_thinks_while_frames_go_on_and_its_move_arrives() {
    use wocable::crossword::thinking::Thinking;
    let dir = data_dir("champion");
    let mut app = app(&dir);
    // An endgame, the Champion's longest think: a search of thousands of
    // positions, some 150 frames here. Its opening move was so quick that,
    // with the other tests running beside it, it was once found before a
    // second frame ran.
    let champion = 1;
    let setup = MatchSetup::against_computer(Level::Champion, 1);
    let saved = SavedMatch::at_the_endgame(&setup, Lexicon::bundled(Language::En), champion).expect("an endgame");
    let moves_before = saved.game.events.len() as u32;
    let saved = serde_json::to_string(&saved).expect("a save");
    app.world().resource::<Storage>().write(wocable::crossword::SAVE_FILE, &saved).expect("saved");
    app.world_mut().write_message(ResumeMatch);
    let moved = |app: &App| app.world().resource::<Match>().view().last_seq().is_some_and(|seq| seq >= moves_before);
    until(&mut app, "the endgame resumed", |w| w.contains_resource::<Thinking>());
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let mut frames_thinking = 0;
    while !moved(&app) {
        assert!(std::time::Instant::now() < deadline, "the Champion never played");
        frames_thinking += usize::from(app.world().contains_resource::<Thinking>());
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(frames_thinking >= 2, "thought through only {frames_thinking} frames");
    let m = app.world().resource::<Match>();
    assert!(m.is_over() || m.turn() != champion, "its move was played");
}

/// The Champion's first move (seed 6), thought the web build's way for
/// `per_frame` a frame, and the frames it thought through. Frames alone
/// move it on: no thread, no sleeping.
fn first_move_in_steps(name: &str, per_frame: Duration) -> (Vec<Sequenced>, usize) {
    use wocable::crossword::thinking::{ThinkInSteps, Thinking};
    let dir = data_dir(name);
    let mut app = app(&dir);
    app.insert_resource(ThinkInSteps { per_frame });
    start(&mut app, setup(&[("Bot", Seat::Computer(Level::Champion)), ("Ana", Seat::Human)], 6));
    let mut frames_thinking = 0;
    while app.world().resource::<Match>().turn() == 0 {
        assert!(frames_thinking < 200, "the Champion never played");
        frames_thinking += usize::from(app.world().contains_resource::<Thinking>());
        app.update();
    }
    (app.world().resource::<Match>().view().log().to_vec(), frames_thinking)
}

#[test]
fn the_web_builds_way_of_thinking_goes_on_from_frame_to_frame() {
    // No time a frame: one step each, so that it surely spans frames (its
    // twelve racks looked ahead over take a frame each).
    let (one_step_a_frame, frames_thinking) = first_move_in_steps("steps", Duration::ZERO);
    assert!(frames_thinking >= 12, "thought through only {frames_thinking} frames");
    let web = wocable::crossword::thinking::ThinkInSteps::default();
    let as_on_the_web = first_move_in_steps("steps-web", web.per_frame).0;
    let threaded = {
        let dir = data_dir("steps-threaded");
        let mut app = app(&dir);
        start(&mut app, setup(&[("Bot", Seat::Computer(Level::Champion)), ("Ana", Seat::Human)], 6));
        until(&mut app, "the Champion's move", |world| world.resource::<Match>().turn() == 1);
        app.world().resource::<Match>().view().log().to_vec()
    };
    assert_eq!(one_step_a_frame, threaded, "the same move either way");
    assert_eq!(as_on_the_web, threaded, "the same move either way");
}

#[test]
fn the_review_is_made_in_steps_over_frames_as_on_the_web() {
    use wocable::crossword::thinking::ThinkInSteps;
    use wocable::crossword::turn::{FinalRecord, Hints};
    let dir = data_dir("review-steps");
    let mut app = app(&dir);
    // One step a frame: each turn reviewed in a frame of its own.
    app.insert_resource(ThinkInSteps { per_frame: Duration::ZERO });
    start(&mut app, setup(&[("Ana", Seat::Human), ("Bot", Seat::Computer(Level::Beginner))], 3));
    for _ in 0..3 {
        until(&mut app, "Ana's turn", |w| w.resource::<Match>().human_to_play());
        act(&mut app, Action::Hint);
        if app.world().resource::<Hints>().0.is_empty() {
            act(&mut app, Action::Pass);
        } else {
            act(&mut app, Action::LayHint(0));
            act(&mut app, Action::Play);
        }
    }
    until(&mut app, "Ana's turn", |w| w.resource::<Match>().human_to_play());
    act(&mut app, Action::Resign);
    until(&mut app, "the results", |w| *w.resource::<State<Screen>>().get() == Screen::Results);
    let mut progress = Vec::new();
    while let Some(reviewing) = app.world().get_resource::<Reviewing>() {
        assert!(progress.len() < 100, "the review never ends");
        progress.push(reviewing.progress());
        app.update();
    }
    // Its turns: Ana's three, the Bot's three; resigning is not reviewed.
    assert!(progress.len() >= 6, "reviewed in {} frames: {progress:?}", progress.len());
    assert!(progress.is_sorted() && progress[0] < 1.0, "{progress:?}");
    let expected = wocable_crossword::computer::review(app.world().resource::<FinalRecord>().0.game());
    let review = &app.world().resource::<Results>().review;
    assert_eq!(review.len(), expected.len());
    for (line, turn) in review.iter().zip(&expected) {
        assert_eq!(line.score, turn.score);
        assert_eq!(line.best.as_ref().map(|best| best.2), turn.best.as_ref().map(|best| best.score));
    }
}
