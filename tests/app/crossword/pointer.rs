//! Laying tiles with a finger or the mouse: dragging, previews, zoom and
//! pan, and what a second finger does.

use super::*;

#[test]
fn dragging_three_tiles_previews_plays_scores_and_refills() {
    let dir = data_dir("drag");
    let mut app = app(&dir);
    let (setup, chosen) = seed_with(&VERSUS_COMPUTER, |m| m.tiles.len() == 3 && m.tiles.iter().all(|(_, t)| !t.blank));
    start(&mut app, setup);
    assert_eq!(app.world().resource::<Composer>().rack_len(), 7);
    drag_move(&mut app, &chosen);
    match app.world().resource::<Preview>() {
        Preview::Valid { score, .. } => assert_eq!(*score, chosen.score),
        other => panic!("expected a valid preview, found {other:?}"),
    }
    act(&mut app, Action::Play);
    assert_eq!(players(&mut app)[0].score, chosen.score as i32);
    // The computer may already have answered: every tile on the board is
    // drawn, the three played among them.
    let on_board = app.world().resource::<Match>().view().board().tiles().count();
    assert!(on_board >= 3);
    assert_eq!(board_tiles(&mut app), on_board);
    let mut drawn = app.world_mut().query::<&BoardTile>();
    let drawn: Vec<_> = drawn.iter(app.world()).map(|t| (t.pos, t.tile)).collect();
    assert!(chosen.tiles.iter().all(|tile| drawn.contains(tile)));
    let m = app.world().resource::<Match>();
    let composer = app.world().resource::<Composer>();
    assert_eq!(composer.rack_len(), 7, "the rack is refilled");
    let mut shown: Vec<Tile> = composer.rack().map(|i| composer.tiles()[i].tile).collect();
    let mut held = m.rack(0).to_vec();
    shown.sort();
    held.sort();
    assert_eq!(shown, held);
    assert_eq!(*app.world().resource::<Preview>(), Preview::Nothing);
    // The computer answers on its own.
    until(&mut app, "the computer plays", |w| w.resource::<Match>().turn() == 0);
    assert!(players(&mut app)[1].score > 0 || app.world().resource::<Match>().view().log().len() > 3);
}

#[test]
fn an_invalid_placement_is_refused_with_its_reason_and_changes_nothing() {
    let dir = data_dir("invalid");
    let mut app = app(&dir);
    start(&mut app, setup(&VERSUS_COMPUTER, 7));
    let layout = *app.world().resource::<BoardLayout>();
    // Two tiles in a corner: not on the centre star.
    drag(&mut app, 0, layout.cell_centre(wocable_crossword::Pos::new(0, 0).expect("A1")));
    drag(&mut app, 1, layout.cell_centre(wocable_crossword::Pos::new(0, 1).expect("B1")));
    assert_eq!(*app.world().resource::<Preview>(), Preview::Invalid(RuleError::FirstMoveMissesCentre));
    let log_before = app.world().resource::<Match>().view().log().to_vec();
    let composer_before = app.world().resource::<Composer>().clone();
    app.world_mut().write_message(Action::Play);
    app.update();
    let refusals: Vec<Unplayed> =
        app.world_mut().resource_mut::<Messages<MoveRefused>>().drain().map(|MoveRefused(reason)| reason).collect();
    assert_eq!(refusals, vec![Unplayed::Rule(RuleError::FirstMoveMissesCentre)]);
    assert!(app.world().resource::<Notice>().text.contains("centre"), "the reason is shown");
    assert_eq!(app.world().resource::<Match>().view().log(), log_before.as_slice());
    assert_eq!(*app.world().resource::<Composer>(), composer_before, "the tiles stay where they were put");
    assert_eq!(board_tiles(&mut app), 0);
    // Tapping a tile on the board sends it home; Recall takes the rest.
    let tapped = layout.cell_centre(wocable_crossword::Pos::new(0, 0).expect("A1"));
    pointer(&mut app, PointerPhase::Press, tapped);
    pointer(&mut app, PointerPhase::Release, tapped);
    assert_eq!(app.world().resource::<Composer>().tiles()[0].spot, Spot::Rack);
    act(&mut app, Action::Recall);
    assert!(!app.world().resource::<Composer>().has_placed());
}

#[test]
fn a_finger_drags_a_tile_above_it_and_drops_it_where_it_shows() {
    let dir = data_dir("finger");
    let mut app = app(&dir);
    start(&mut app, setup(&VERSUS_COMPUTER, 3));
    let layout = *app.world().resource::<BoardLayout>();
    let from = tile_centre(0, app.world().resource::<Composer>(), &layout);
    let touch = |app: &mut App, phase: PointerPhase, at: Vec2| {
        app.world_mut().write_message(PointerInput::touch(phase, at));
        app.update();
    };
    touch(&mut app, PointerPhase::Press, from);
    let finger = layout.cell_centre(wocable_crossword::CENTRE);
    touch(&mut app, PointerPhase::Move, finger);
    let dragged = app.world().resource::<Drag>().tile.expect("a tile is dragged");
    assert_eq!(dragged.at + dragged.offset, finger + Vec2::Y * TOUCH_LIFT, "shown above the finger");
    touch(&mut app, PointerPhase::Release, finger);
    let shown = layout.pos_at(finger + Vec2::Y * TOUCH_LIFT).expect("a square above the centre");
    assert_ne!(shown, wocable_crossword::CENTRE);
    assert_eq!(app.world().resource::<Composer>().tiles()[0].spot, Spot::Board(shown), "dropped where it showed");
}

fn touch(app: &mut App, phase: PointerPhase, at: Vec2) {
    app.world_mut().write_message(PointerInput::touch(phase, at));
    app.update();
}

/// A game against the computer in a phone's window, and its layout.
fn phone_game(name: &str) -> (App, BoardLayout) {
    let mut app = app(&data_dir(name));
    app.world_mut().insert_resource(wocable::input::Viewport(Vec2::new(360.0, 640.0)));
    start(&mut app, setup(&VERSUS_COMPUTER, 3));
    let fitted = layout(&app);
    (app, fitted)
}

/// Where the square `pos` is drawn: its cell under the zoomed root.
fn drawn_at(app: &mut App, pos: wocable_crossword::Pos) -> Vec2 {
    let root = *app.world_mut().query_filtered::<&Transform, With<BoardRoot>>().single(app.world()).expect("a board");
    let mut cells = app.world_mut().query::<(&Cell, &Transform)>();
    let (_, cell) = cells.iter(app.world()).find(|(cell, _)| cell.pos == pos).expect("the square");
    root.transform_point(cell.translation).truncate()
}

/// Where rack tile `index` is drawn.
fn tile_drawn_at(app: &mut App, index: usize) -> Vec2 {
    let mut tiles = app.world_mut().query::<(&RackTile, &Transform)>();
    let (_, transform) = tiles.iter(app.world()).find(|(tile, _)| tile.index == index).expect("the tile");
    transform.translation.truncate()
}

#[test]
fn two_fingers_zoom_the_board_and_tiles_go_where_it_shows_them() {
    use wocable_crossword::Pos;
    let (mut app, fitted) = phone_game("pinch");
    assert_eq!(fitted.zoom(), 1.0);
    let centre = fitted.cell_centre(wocable_crossword::CENTRE);
    app.world_mut().write_message(Pinch { from: centre, to: centre, scale: 2.0 });
    app.update();
    let zoomed = layout(&app);
    assert_eq!(zoomed.zoom(), 2.0, "twice as close");
    assert_eq!(zoomed.cell_centre(wocable_crossword::CENTRE), centre, "about the fingers");
    for pos in [Pos::new(4, 10), Pos::new(7, 7), Pos::new(9, 3)].into_iter().flatten() {
        assert!(drawn_at(&mut app, pos).distance(zoomed.cell_centre(pos)) < 0.01, "{pos:?} drawn where found");
    }
    // A tile goes to the square shown where it is dropped.
    let k10 = Pos::new(4, 10).expect("K5");
    let to = zoomed.cell_centre(k10);
    assert_ne!(fitted.pos_at(to), Some(k10), "another square there unzoomed");
    drag(&mut app, 0, to);
    assert_eq!(app.world().resource::<Composer>().tiles()[0].spot, Spot::Board(k10));
    assert!(tile_drawn_at(&mut app, 0).distance(to) < 0.5, "drawn on its square");
    // Dragging the board pans it, and the tile put down moves with it.
    let empty = zoomed.cell_centre(Pos::new(8, 5).expect("F9"));
    let pan = Vec2::new(-40.0, 25.0);
    touch(&mut app, PointerPhase::Press, empty);
    for step in 1..=4 {
        touch(&mut app, PointerPhase::Move, empty + pan * step as f32 / 4.0);
    }
    touch(&mut app, PointerPhase::Release, empty + pan);
    let panned = layout(&app);
    assert!((panned.board_corner - zoomed.board_corner - pan).length() < 0.01, "moved with the finger");
    assert_eq!(panned.zoom(), 2.0);
    assert!(app.world().resource::<Drag>().tile.is_none(), "no tile was dragged");
    assert!(tile_drawn_at(&mut app, 0).distance(panned.cell_centre(k10)) < 0.5, "the tile moved with it");
    assert!(drawn_at(&mut app, k10).distance(panned.cell_centre(k10)) < 0.01);
    // Pinched back out, the board is whole and in its place again.
    app.world_mut().write_message(Pinch { from: centre, to: centre, scale: 0.2 });
    app.update();
    assert_eq!(layout(&app), fitted);
    assert_eq!(drawn_at(&mut app, k10), fitted.cell_centre(k10));
    assert!(tile_drawn_at(&mut app, 0).distance(fitted.cell_centre(k10)) < 0.5);
}

#[test]
fn a_hidden_part_of_the_zoomed_board_is_not_under_the_rack() {
    use wocable_crossword::Pos;
    let (mut app, fitted) = phone_game("hidden");
    // A tile on the bottom row, then the board zoomed in on the top.
    let o15 = Pos::new(14, 7).expect("H15");
    drag(&mut app, 0, fitted.cell_centre(o15));
    let top = fitted.cell_centre(Pos::new(0, 7).expect("H1"));
    app.world_mut().write_message(Pinch { from: top, to: top, scale: 2.5 });
    app.update();
    let zoomed = layout(&app);
    let hidden = zoomed.cell_centre(o15);
    assert!(!zoomed.shows_board_at(hidden), "pushed out of sight");
    assert_eq!(zoomed.pos_at(hidden), None);
    // A press on the rack takes a rack tile, never the hidden one.
    let slot = tile_centre(1, app.world().resource::<Composer>(), &zoomed);
    touch(&mut app, PointerPhase::Press, slot);
    assert_eq!(app.world().resource::<Drag>().tile.map(|d| d.index), Some(1));
    touch(&mut app, PointerPhase::Release, slot);
    assert_eq!(app.world().resource::<Composer>().tiles()[0].spot, Spot::Board(o15), "the hidden tile stays");
}

#[test]
fn a_double_tap_zooms_in_where_tapped_and_out_again() {
    use wocable_crossword::Pos;
    let (mut app, fitted) = phone_game("double-tap");
    let at = fitted.cell_centre(Pos::new(3, 4).expect("E4")) + Vec2::new(3.0, -2.0);
    let tap = |app: &mut App, at: Vec2| {
        touch(app, PointerPhase::Press, at);
        touch(app, PointerPhase::Release, at);
    };
    tap(&mut app, at);
    for _ in 0..5 {
        app.update();
    }
    tap(&mut app, at);
    assert_eq!(layout(&app).zoom(), 1.0, "two taps half a second apart are two taps");
    tap(&mut app, at + Vec2::new(4.0, 4.0));
    let zoomed = layout(&app);
    assert_eq!(zoomed.zoom(), DOUBLE_TAP_ZOOM, "a double tap zooms in");
    assert_eq!(zoomed.pos_at(at), fitted.pos_at(at), "on the square tapped");
    tap(&mut app, at);
    tap(&mut app, at);
    assert_eq!(layout(&app), fitted, "and back out");
    // With a tile chosen, a tap puts it down: two taps do not zoom.
    let slot = tile_centre(2, app.world().resource::<Composer>(), &fitted);
    tap(&mut app, slot);
    assert_eq!(app.world().resource::<Selected>().0, Some(2));
    tap(&mut app, at);
    assert_eq!(app.world().resource::<Composer>().tiles()[2].spot, Spot::Board(Pos::new(3, 4).expect("E4")));
    assert_eq!(layout(&app).zoom(), 1.0);
}

#[test]
fn a_second_finger_drops_the_tile_being_dragged() {
    let dir = data_dir("second-finger");
    let mut app = app(&dir);
    start(&mut app, setup(&VERSUS_COMPUTER, 3));
    let from = tile_centre(0, app.world().resource::<Composer>(), &layout(&app));
    let over = layout(&app).cell_centre(wocable_crossword::CENTRE);
    touch(&mut app, PointerPhase::Press, from);
    touch(&mut app, PointerPhase::Move, over);
    assert!(app.world().resource::<Drag>().tile.is_some());
    touch(&mut app, PointerPhase::Cancel, over);
    assert!(app.world().resource::<Drag>().tile.is_none(), "dropped");
    touch(&mut app, PointerPhase::Release, over);
    assert_eq!(app.world().resource::<Composer>().tiles()[0].spot, Spot::Rack, "back on the rack, not played");
    assert!(tile_drawn_at(&mut app, 0).distance(from) < 0.5);
}

#[test]
fn a_drag_left_hanging_when_the_rack_changes_is_forgotten() {
    let dir = data_dir("stale");
    let mut app = app(&dir);
    start(&mut app, setup(&VERSUS_COMPUTER, 4));
    // Ana picks up her last tile; before she lets go, her rack changes
    // (an exchange here; a computer's move or a handover alike).
    let last = app.world().resource::<Composer>().rack().last().expect("a rack");
    let from = {
        let world = app.world();
        tile_centre(last, world.resource::<Composer>(), world.resource::<BoardLayout>())
    };
    pointer(&mut app, PointerPhase::Press, from);
    let generation = app.world().resource::<Composer>().generation();
    act(&mut app, Action::Exchange(vec![0, 1]));
    assert_ne!(app.world().resource::<Composer>().generation(), generation);
    let to = app.world().resource::<BoardLayout>().cell_centre(wocable_crossword::Pos::new(0, 0).expect("A1"));
    pointer(&mut app, PointerPhase::Move, to);
    pointer(&mut app, PointerPhase::Release, to);
    assert!(!app.world().resource::<Composer>().has_placed(), "the old drag does not drop a tile");
}

#[test]
fn after_a_play_only_the_new_tiles_are_dealt() {
    use wocable::crossword::board::RackTile;
    let dir = data_dir("deal");
    let mut app = app(&dir);
    app.insert_resource(Settings { animations: true, ..default() });
    let (setup, chosen) = seed_with(&VERSUS_COMPUTER, |m| m.tiles.len() == 2 && m.tiles.iter().all(|(_, t)| !t.blank));
    start(&mut app, setup);
    drag_move(&mut app, &chosen);
    // Frames of a millisecond: the tiles barely move after they appear.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(1)));
    act(&mut app, Action::Play);
    let layout = *app.world().resource::<BoardLayout>();
    let rack_row = layout.rack_slot_centre(0, 7).y;
    let below: Vec<f32> = app
        .world_mut()
        .query::<(&RackTile, &Transform)>()
        .iter(app.world())
        .map(|(_, t)| t.translation.y)
        .filter(|y| *y < rack_row - layout.rack_tile)
        .collect();
    assert_eq!(below.len(), 2, "the two tiles drawn come up from below, the five kept stay on the rack");
}
