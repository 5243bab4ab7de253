//! Sound (bevy_kira_audio): each cue plays its sound on the effects
//! channel, music loops on its own channel, both at the volumes in
//! settings. Without a sound device nothing plays and the app goes on.

use super::Cue;
use crate::settings::Settings;
use bevy::prelude::*;
use bevy_kira_audio::prelude::*;

#[derive(Resource)]
struct Effects;

#[derive(Resource)]
struct Music;

#[derive(Resource)]
struct Sounds {
    cues: Vec<(Cue, Handle<AudioSource>)>,
}

const CUE_FILES: [(Cue, &str); 14] = [
    (Cue::Pick, "sounds/pick.ogg"),
    (Cue::Drop, "sounds/drop.ogg"),
    (Cue::Shuffle, "sounds/shuffle.ogg"),
    (Cue::Play, "sounds/play.ogg"),
    (Cue::Invalid, "sounds/invalid.ogg"),
    (Cue::Bingo, "sounds/bingo.ogg"),
    (Cue::YourTurn, "sounds/your_turn.ogg"),
    (Cue::GameOver, "sounds/game_over.ogg"),
    (Cue::WordFound, "sounds/trace_found.ogg"),
    (Cue::BonusWord, "sounds/trace_bonus.ogg"),
    (Cue::AlreadyFound, "sounds/trace_repeat.ogg"),
    (Cue::NotAWord, "sounds/trace_not_word.ogg"),
    (Cue::Perfect, "sounds/trace_perfect.ogg"),
    (Cue::Tick, "sounds/tick.ogg"),
];

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(AudioPlugin)
        .add_audio_channel::<Effects>()
        .add_audio_channel::<Music>()
        .add_systems(Startup, load)
        .add_systems(Update, (play_cues, follow_volumes.run_if(resource_changed::<Settings>)));
}

/// Linear volume (0 to 1) in decibels.
fn decibels(volume: f32) -> Decibels {
    if volume <= 0.001 { Decibels::SILENCE } else { Decibels(20.0 * volume.clamp(0.0, 1.0).log10()) }
}

fn load(mut commands: Commands, assets: Res<AssetServer>, music: Res<AudioChannel<Music>>, settings: Res<Settings>) {
    let cues = CUE_FILES.iter().map(|(cue, path)| (*cue, assets.load(*path))).collect();
    commands.insert_resource(Sounds { cues });
    music.set_volume(decibels(settings.music_volume));
    music.play(assets.load("sounds/music.ogg")).looped();
}

fn play_cues(mut cues: MessageReader<Cue>, sounds: Res<Sounds>, effects: Res<AudioChannel<Effects>>) {
    for cue in cues.read() {
        if let Some((_, sound)) = sounds.cues.iter().find(|(c, _)| c == cue) {
            effects.play(sound.clone());
        }
    }
}

fn follow_volumes(settings: Res<Settings>, effects: Res<AudioChannel<Effects>>, music: Res<AudioChannel<Music>>) {
    effects.set_volume(decibels(settings.sound_volume));
    music.set_volume(decibels(settings.music_volume));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn volumes_map_to_decibels() {
        assert_eq!(decibels(0.0), Decibels::SILENCE);
        assert_eq!(decibels(1.0), Decibels(0.0));
        assert!((decibels(0.5).0 + 6.02).abs() < 0.01);
    }

    #[test]
    fn every_cue_has_a_sound_file() {
        for (_, path) in CUE_FILES {
            let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets").join(path);
            assert!(file.exists(), "{path}");
        }
    }
}
