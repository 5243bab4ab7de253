//! The player's settings (§8.1): interface language, volumes, animations,
//! colour-blind palette, family word lists. Kept in `settings.json` and
//! saved when changed.

use crate::storage::{Damage, DamagedFiles, Storage};
use crate::ui::i18n::{Locale, UiLanguage};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

pub const SETTINGS_FILE: &str = "settings.json";

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub language: UiLanguage,
    /// 0.0 to 1.0.
    pub sound_volume: f32,
    pub music_volume: f32,
    pub animations: bool,
    /// Premium squares in a palette told apart without red and green.
    pub colour_blind: bool,
    /// The name this player goes by online, asked once.
    pub nickname: Option<String>,
    /// The server of online play, `http(s)://host:port`.
    pub server: String,
    /// Games on the family word lists (§1.3) unless chosen otherwise, and
    /// Trace always: on for new players; a settings file from before it
    /// (without it) keeps the lists its player had.
    #[serde(default)]
    pub family_words: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            language: UiLanguage::En,
            sound_volume: 0.8,
            music_volume: 0.4,
            animations: true,
            colour_blind: false,
            nickname: None,
            server: crate::platform::default_server(),
            family_words: true,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    let storage = app.world().resource::<Storage>();
    // A damaged settings file gives the defaults rather than stopping the
    // app, and is kept aside rather than written over.
    let read = storage.read_text(SETTINGS_FILE).and_then(|text| {
        text.map(|text| serde_json::from_str::<Settings>(&text).map_err(|_| Damage::Unreadable)).transpose()
    });
    let mut damaged = DamagedFiles::default();
    let settings = read.unwrap_or_else(|damage| {
        damaged.0.push(storage.set_aside(SETTINGS_FILE, damage));
        None
    });
    let settings = settings.unwrap_or_default();
    app.insert_resource(damaged);
    app.insert_resource(Locale::new(settings.language));
    app.insert_resource(settings);
    app.add_systems(Update, keep_settings.run_if(resource_changed::<Settings>));
}

fn keep_settings(settings: Res<Settings>, storage: Res<Storage>, mut locale: ResMut<Locale>) {
    if locale.language != settings.language {
        *locale = Locale::new(settings.language);
    }
    if settings.is_added() {
        return;
    }
    if let Ok(text) = serde_json::to_string_pretty(&*settings)
        && let Err(error) = storage.write(SETTINGS_FILE, &text)
    {
        warn!("settings not saved: {error}");
    }
}
