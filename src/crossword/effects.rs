//! Crossword's feedback: a refused move shakes with its reason shown,
//! scores fly to the scoreboard, a bingo is celebrated. With animations
//! off, only the notice shows.

use super::board::RackTile;
use super::composer::{Composer, Spot};
use super::layout::BoardLayout;
use super::{Match, MoveRefused, TurnApplied, Unplayed};
use crate::AppSystems;
use crate::Screen;
use crate::feedback::Notice;
use crate::feedback::animation::{NOTICE_SECONDS, Pose, Rising, Shake, celebrate, pose};
use crate::settings::Settings;
use crate::ui::i18n::Locale;
use crate::ui::theme::Fonts;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use wocable_crossword::Event;

/// A play's score flying from its word to its player's score. It is drawn
/// by egui, over the scoreboard, so that it lands on the score it adds to;
/// positions are window points (y down).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct ScoreFlight {
    pub seat: usize,
    pub score: u32,
    pub from: Vec2,
    pub to: Vec2,
    /// The height of its text.
    pub size: f32,
    started: f32,
}

impl ScoreFlight {
    /// Where it is at `now`; `None` once it has landed.
    pub fn at(&self, now: f32) -> Option<Pose> {
        pose(self.from, self.to, self.started, now)
    }
}

/// The points of `seat`'s plays still flying to its score.
pub fn score_in_the_air<'a>(seat: usize, flights: impl IntoIterator<Item = &'a ScoreFlight>) -> u32 {
    flights.into_iter().filter(|flight| flight.seat == seat).map(|flight| flight.score).sum()
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (refused, played).in_set(AppSystems::Show).run_if(in_state(Screen::Game).and_then(resource_exists::<Match>)),
    )
    .add_systems(Update, land.after(AppSystems::Show));
}

/// What a notice needs: the words, the time, whether to animate, and the
/// notice itself.
#[derive(SystemParam)]
struct Noticing<'w> {
    locale: Res<'w, Locale>,
    time: Res<'w, Time>,
    settings: Res<'w, Settings>,
    notice: ResMut<'w, Notice>,
}

fn refused(
    mut commands: Commands,
    mut refusals: MessageReader<MoveRefused>,
    composer: Res<Composer>,
    tiles: Query<(Entity, &RackTile)>,
    noticing: Noticing,
) {
    let Noticing { locale, time, settings, mut notice } = noticing;
    let Some(MoveRefused(reason)) = refusals.read().last() else { return };
    let text = match reason {
        Unplayed::Rule(reason) => super::rule_error(&locale, reason),
        Unplayed::NotConnected => locale.t("online-not-sent"),
    };
    *notice = Notice { text, until: time.elapsed_secs() + NOTICE_SECONDS };
    if !settings.animations {
        return;
    }
    for (entity, tile) in &tiles {
        if composer.tiles().get(tile.index).is_some_and(|t| t.spot != Spot::Rack) {
            commands.entity(entity).insert(Shake { started: time.elapsed_secs() });
        }
    }
}

fn played(
    mut commands: Commands,
    mut turns: MessageReader<TurnApplied>,
    layout: Res<BoardLayout>,
    m: Res<Match>,
    noticing: Noticing,
    fonts: Res<Fonts>,
) {
    let Noticing { locale, time, settings, mut notice } = noticing;
    let now = time.elapsed_secs();
    for turn in turns.read() {
        for event in &turn.events {
            match event {
                Event::PlayWithdrawn { seat, words, .. } => {
                    let text = locale.t_with(
                        "notice-play-withdrawn",
                        &[("player", m.name(*seat).to_string().into()), ("words", words.join(", ").into())],
                    );
                    *notice = Notice { text, until: now + NOTICE_SECONDS };
                }
                Event::Played { seat, tiles, play } if settings.animations => {
                    // Sized for the board unzoomed, so as not to fill a
                    // phone's screen with it zoomed in.
                    let fitted = layout.unzoomed();
                    let centre =
                        tiles.iter().map(|(pos, _)| layout.cell_centre(*pos)).sum::<Vec2>() / tiles.len() as f32;
                    commands.spawn((
                        DespawnOnExit(Screen::Game),
                        ScoreFlight {
                            seat: *seat,
                            score: play.score,
                            from: layout.world_to_screen(centre),
                            to: layout.score_on_screen(*seat, m.seats.len()),
                            size: fitted.cell * 1.4,
                            started: now,
                        },
                    ));
                    if play.bingo {
                        let board_centre = fitted.board_corner + Vec2::new(7.5, -7.5) * fitted.cell;
                        let text = Rising {
                            text: locale.t("bingo"),
                            from: board_centre,
                            size: fitted.cell * 2.4,
                            fonts: &fonts,
                        };
                        celebrate(&mut commands, DespawnOnExit(Screen::Game), (centre, fitted.cell * 0.35, now), text);
                    }
                }
                _ => {}
            }
        }
    }
}

/// A score that has reached the scoreboard is gone (and counted there).
fn land(mut commands: Commands, time: Res<Time>, flights: Query<(Entity, &ScoreFlight)>) {
    for (entity, flight) in &flights {
        if flight.at(time.elapsed_secs()).is_none() {
            commands.entity(entity).despawn();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::feedback::animation::FLIGHT_SECONDS;

    fn flight(seat: usize, score: u32) -> ScoreFlight {
        ScoreFlight { seat, score, from: Vec2::ZERO, to: Vec2::X, size: 20.0, started: 0.0 }
    }

    #[test]
    fn a_score_counts_once_it_has_landed() {
        let flights = [flight(0, 12), flight(1, 30), flight(0, 5)];
        assert_eq!(score_in_the_air(0, &flights), 17);
        assert_eq!(score_in_the_air(1, &flights), 30);
        assert_eq!(score_in_the_air(2, &flights), 0);
        let one = flight(0, 12);
        let halfway = one.at(FLIGHT_SECONDS / 2.0).expect("in the air");
        assert_eq!(halfway.at, Vec2::new(0.5, 0.0), "half the time, half the way (eased)");
        assert!(one.at(0.0).is_some_and(|pose| pose.alpha == 1.0 && pose.scale > 1.0), "it starts big and whole");
        assert_eq!(one.at(FLIGHT_SECONDS), None, "then it is gone");
    }
}
