//! Animations: an invalid move shakes with its reason shown, scores fly
//! to the scoreboard, a bingo is celebrated with a burst. With animations
//! off, only the notice shows.

use super::Notice;
use crate::crossword::board::RackTile;
use crate::crossword::composer::{Composer, Spot};
use crate::crossword::layout::BoardLayout;
use crate::crossword::turn::TurnSystems;
use crate::crossword::{Match, MoveRefused, TurnApplied, Unplayed};
use crate::screens::Screen;
use crate::settings::Settings;
use crate::ui::i18n::Locale;
use crate::ui::theme::{self, Fonts};
use bevy::prelude::*;
use bevy::text::FontSize;
use wocable_crossword::game::Event;

/// How long a notice stays.
const NOTICE_SECONDS: f32 = 3.5;
const SHAKE_SECONDS: f32 = 0.45;
const FLIGHT_SECONDS: f32 = 1.1;
const BURST_PARTICLES: usize = 48;

/// Shakes a tile sideways, fading out.
#[derive(Component)]
pub struct Shake {
    started: f32,
}

/// Text flying from `from` to `to`, fading as it goes.
#[derive(Component)]
struct Flight {
    from: Vec2,
    to: Vec2,
    started: f32,
}

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

/// A flight's place, size (a multiple of its own) and opacity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    pub at: Vec2,
    pub scale: f32,
    pub alpha: f32,
}

/// Every flight's path: it grows a little, speeds off towards `to` and
/// fades as it arrives; `None` once it is there.
fn pose(from: Vec2, to: Vec2, started: f32, now: f32) -> Option<Pose> {
    let progress = (now - started).max(0.0) / FLIGHT_SECONDS;
    if progress >= 1.0 {
        return None;
    }
    let eased = progress * progress * (3.0 - 2.0 * progress);
    Some(Pose { at: from.lerp(to, eased), scale: 1.0 + 0.3 * (1.0 - progress), alpha: 1.0 - progress.powi(3) })
}

#[derive(Component)]
struct Particle {
    velocity: Vec2,
    started: f32,
    life: f32,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (refused, played).in_set(TurnSystems::Show).run_if(in_state(Screen::Game).and_then(resource_exists::<Match>)),
    )
    .add_systems(Update, (shake, fly, land, burst).after(TurnSystems::Show));
}

fn refused(
    mut commands: Commands,
    mut refusals: MessageReader<MoveRefused>,
    composer: Res<Composer>,
    tiles: Query<(Entity, &RackTile)>,
    locale: Res<Locale>,
    time: Res<Time>,
    settings: Res<Settings>,
    mut notice: ResMut<Notice>,
) {
    let Some(MoveRefused(reason)) = refusals.read().last() else { return };
    let text = match reason {
        Unplayed::Rule(reason) => locale.rule_error(reason),
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
    locale: Res<Locale>,
    fonts: Res<Fonts>,
    time: Res<Time>,
    settings: Res<Settings>,
    mut notice: ResMut<Notice>,
) {
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
                    let centre =
                        tiles.iter().map(|(pos, _)| layout.cell_centre(*pos)).sum::<Vec2>() / tiles.len() as f32;
                    commands.spawn((
                        DespawnOnExit(Screen::Game),
                        ScoreFlight {
                            seat: *seat,
                            score: play.score,
                            from: layout.world_to_screen(centre),
                            to: layout.score_on_screen(*seat, m.seats.len()),
                            size: layout.cell * 1.4,
                            started: now,
                        },
                    ));
                    if play.bingo {
                        celebrate(&mut commands, &fonts, &layout, &locale, centre, now);
                    }
                }
                _ => {}
            }
        }
    }
}

/// A burst of tiles' colours from the word, and BINGO over the board.
fn celebrate(commands: &mut Commands, fonts: &Fonts, layout: &BoardLayout, locale: &Locale, at: Vec2, now: f32) {
    let board_centre = layout.board_corner + Vec2::new(7.5, -7.5) * layout.cell;
    let colours = [theme::ACCENT, theme::TILE_FACE, theme::WARNING, Color::srgb(0.38, 0.65, 0.85)];
    for i in 0..BURST_PARTICLES {
        // Spread evenly round the circle at a few speeds: no randomness needed.
        let angle = i as f32 * std::f32::consts::TAU / BURST_PARTICLES as f32;
        let speed = layout.cell * (8.0 + (i % 4) as f32 * 3.0);
        commands.spawn((
            DespawnOnExit(Screen::Game),
            Particle { velocity: Vec2::from_angle(angle) * speed, started: now, life: 1.2 + (i % 3) as f32 * 0.2 },
            Sprite::from_color(colours[i % colours.len()], Vec2::splat(layout.cell * 0.35)),
            Transform::from_translation(at.extend(25.0)),
        ));
    }
    commands.spawn((
        DespawnOnExit(Screen::Game),
        Flight { from: board_centre, to: board_centre + Vec2::Y * layout.cell * 3.0, started: now },
        Text2d::new(locale.t("bingo")),
        TextFont { font: (&fonts.bold).into(), font_size: FontSize::Px(layout.cell * 2.4), ..default() },
        TextColor(theme::TILE_FACE),
        Transform::from_translation(board_centre.extend(26.0)),
    ));
}

fn shake(mut commands: Commands, time: Res<Time>, mut shaking: Query<(Entity, &Shake, &mut Transform)>) {
    let now = time.elapsed_secs();
    for (entity, shake, mut transform) in &mut shaking {
        let progress = (now - shake.started) / SHAKE_SECONDS;
        if progress >= 1.0 {
            commands.entity(entity).remove::<Shake>();
            continue;
        }
        transform.translation.x += (progress * 40.0).sin() * 6.0 * (1.0 - progress);
    }
}

fn fly(mut commands: Commands, time: Res<Time>, mut flights: Query<(Entity, &Flight, &mut Transform, &mut TextColor)>) {
    let now = time.elapsed_secs();
    for (entity, flight, mut transform, mut colour) in &mut flights {
        let Some(pose) = pose(flight.from, flight.to, flight.started, now) else {
            commands.entity(entity).despawn();
            continue;
        };
        transform.translation = pose.at.extend(transform.translation.z);
        transform.scale = Vec3::splat(pose.scale);
        colour.0.set_alpha(pose.alpha);
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

fn burst(
    mut commands: Commands,
    time: Res<Time>,
    mut particles: Query<(Entity, &Particle, &mut Transform, &mut Sprite)>,
) {
    let now = time.elapsed_secs();
    let dt = time.delta_secs();
    for (entity, particle, mut transform, mut sprite) in &mut particles {
        let age = now - particle.started;
        if age >= particle.life {
            commands.entity(entity).despawn();
            continue;
        }
        // Slow down and fall.
        let drag = (-age * 2.5).exp();
        transform.translation += (particle.velocity * drag * dt - Vec2::Y * age * 400.0 * dt).extend(0.0);
        transform.rotate_z(dt * 6.0);
        sprite.color.set_alpha(1.0 - age / particle.life);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
