//! Animations the games share: a shake for what was refused, text that
//! flies and fades, a burst of colour to celebrate. The games decide when
//! (and not at all with animations off).

use crate::AppSystems;
use crate::ui::theme::{self, Fonts};
use bevy::prelude::*;

/// How long a notice stays.
pub const NOTICE_SECONDS: f32 = 3.5;
const SHAKE_SECONDS: f32 = 0.45;
pub const FLIGHT_SECONDS: f32 = 1.1;
const BURST_PARTICLES: usize = 48;

/// Shakes a tile sideways, fading out.
#[derive(Component)]
pub struct Shake {
    pub started: f32,
}

/// Text flying from `from` to `to`, fading as it goes.
#[derive(Component)]
pub struct Flight {
    pub from: Vec2,
    pub to: Vec2,
    pub started: f32,
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
pub fn pose(from: Vec2, to: Vec2, started: f32, now: f32) -> Option<Pose> {
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
    app.add_systems(Update, (shake, fly, burst).after(AppSystems::Show));
}

/// Words that rise and fade: what they say, where from, how tall.
pub struct Rising<'a> {
    pub text: String,
    pub from: Vec2,
    pub size: f32,
    pub fonts: &'a Fonts,
}

/// A burst of the tiles' colours from `at`, of pieces `piece` wide, and
/// `rising` words; all go when `scope`'s screen is left.
pub fn celebrate(
    commands: &mut Commands,
    scope: impl Bundle + Clone,
    (at, piece, now): (Vec2, f32, f32),
    rising: Rising,
) {
    let colours = [theme::ACCENT, theme::TILE_FACE, theme::WARNING, Color::srgb(0.38, 0.65, 0.85)];
    for i in 0..BURST_PARTICLES {
        // Spread evenly round the circle at a few speeds: no randomness needed.
        let angle = i as f32 * std::f32::consts::TAU / BURST_PARTICLES as f32;
        let speed = piece * (23.0 + (i % 4) as f32 * 8.5);
        commands.spawn((
            scope.clone(),
            Particle { velocity: Vec2::from_angle(angle) * speed, started: now, life: 1.2 + (i % 3) as f32 * 0.2 },
            Sprite::from_color(colours[i % colours.len()], Vec2::splat(piece)),
            Transform::from_translation(at.extend(25.0)),
        ));
    }
    let Rising { text, from, size, fonts } = rising;
    commands.spawn((
        scope,
        Flight { from, to: from + Vec2::Y * size * 1.25, started: now },
        Text2d::new(text),
        theme::text_font(&fonts.bold, size),
        TextColor(theme::TILE_FACE),
        Transform::from_translation(from.extend(26.0)),
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
