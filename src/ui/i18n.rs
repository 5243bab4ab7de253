//! UI strings from the Fluent files in `assets/i18n/` (§8.2), English as
//! the fallback. The files are compiled in so every platform, the web
//! included, has them at the first frame.

use bevy::prelude::*;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use unic_langid::LanguageIdentifier;
use wocable_crossword::RuleSetKind;
use wocable_crossword::computer::Level;
use wocable_lexicon::Language;
use wocable_net::ErrorCode;
use wocable_trace::Mode;

/// A language the interface speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UiLanguage {
    #[default]
    En,
    Es,
    Fr,
    Pl,
}

impl UiLanguage {
    pub const ALL: [UiLanguage; 4] = [UiLanguage::En, UiLanguage::Es, UiLanguage::Fr, UiLanguage::Pl];

    pub fn code(self) -> &'static str {
        match self {
            UiLanguage::En => "en",
            UiLanguage::Es => "es",
            UiLanguage::Fr => "fr",
            UiLanguage::Pl => "pl",
        }
    }

    /// The language's name in itself, as language pickers show it.
    pub fn native_name(self) -> &'static str {
        match self {
            UiLanguage::En => "English",
            UiLanguage::Es => "Español",
            UiLanguage::Fr => "Français",
            UiLanguage::Pl => "Polski",
        }
    }

    pub fn source(self) -> &'static str {
        match self {
            UiLanguage::En => include_str!("../../assets/i18n/en.ftl"),
            UiLanguage::Es => include_str!("../../assets/i18n/es.ftl"),
            UiLanguage::Fr => include_str!("../../assets/i18n/fr.ftl"),
            UiLanguage::Pl => include_str!("../../assets/i18n/pl.ftl"),
        }
    }
}

type Bundle = FluentBundle<FluentResource>;

fn bundle(language: UiLanguage) -> Bundle {
    let id: LanguageIdentifier = language.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Isolation marks around arguments show as boxes in egui.
    bundle.set_use_isolating(false);
    // A damaged entry is skipped (and caught by the tests); the rest loads.
    let resource = FluentResource::try_new(language.source().to_string()).unwrap_or_else(|(partial, _)| partial);
    let _ = bundle.add_resource(resource);
    bundle
}

/// The interface's strings in the chosen language.
#[derive(Resource)]
pub struct Locale {
    pub language: UiLanguage,
    chosen: Bundle,
    fallback: Bundle,
}

impl Locale {
    pub fn new(language: UiLanguage) -> Locale {
        Locale { language, chosen: bundle(language), fallback: bundle(UiLanguage::En) }
    }

    /// The string for `key`.
    pub fn t(&self, key: &str) -> String {
        self.format(key, None)
    }

    /// The string for `key` with its arguments.
    pub fn t_with(&self, key: &str, args: &[(&str, FluentValue)]) -> String {
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            fluent_args.set(*name, value.clone());
        }
        self.format(key, Some(&fluent_args))
    }

    fn format(&self, key: &str, args: Option<&FluentArgs>) -> String {
        for bundle in [&self.chosen, &self.fallback] {
            if let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                return bundle.format_pattern(pattern, args, &mut errors).into_owned();
            }
        }
        key.to_string()
    }
}

impl Default for Locale {
    fn default() -> Self {
        Locale::new(UiLanguage::En)
    }
}

/// The languages a game may be played in, in the order pickers show them.
pub const GAME_LANGUAGES: [Language; 3] = [Language::En, Language::Es, Language::Fr];

pub fn rules_key(rules: RuleSetKind) -> &'static str {
    match rules {
        RuleSetKind::Wocable => "rules-wocable",
        RuleSetKind::Webfeud => "rules-webfeud",
        RuleSetKind::Remote => "rules-remote",
    }
}

pub fn language_key(language: Language) -> &'static str {
    match language {
        Language::En => "language-en",
        Language::Es => "language-es",
        Language::Fr => "language-fr",
    }
}

pub fn level_key(level: Level) -> &'static str {
    match level {
        Level::Beginner => "level-beginner",
        Level::Casual => "level-casual",
        Level::Strong => "level-strong",
        Level::Champion => "level-champion",
    }
}

/// The lobby's reason for a refusal, in words; none for a code this app
/// does not know.
pub fn refusal_key(code: ErrorCode) -> Option<&'static str> {
    match code {
        ErrorCode::BadRequest => Some("lobby-bad-request"),
        ErrorCode::UnknownRules => Some("lobby-unknown-rules"),
        ErrorCode::UnknownLanguage => Some("lobby-unknown-language"),
        ErrorCode::PlayerCount => Some("lobby-player-count"),
        ErrorCode::BadClock => Some("lobby-bad-clock"),
        ErrorCode::NoPersonSeat => Some("lobby-no-person-seat"),
        ErrorCode::WaitTooLong => Some("lobby-wait-too-long"),
        ErrorCode::BadSettings => Some("lobby-bad-settings"),
        ErrorCode::BadRoomCode => Some("lobby-bad-room-code"),
        ErrorCode::NoSuchRoom => Some("lobby-no-such-room"),
        ErrorCode::RoomFull => Some("lobby-room-full"),
        ErrorCode::NameTaken => Some("lobby-name-taken"),
        ErrorCode::AlreadySeated => Some("lobby-already-seated"),
        ErrorCode::BadName => Some("lobby-bad-name"),
        ErrorCode::ComputerName => Some("lobby-computer-name"),
        ErrorCode::OffensiveName => Some("lobby-offensive-name"),
        ErrorCode::NoSuchWordList => Some("lobby-no-such-word-list"),
        ErrorCode::NickTaken => Some("lobby-nick-taken"),
        ErrorCode::UnknownKey => Some("lobby-unknown-key"),
        ErrorCode::WrongRecovery => Some("lobby-wrong-recovery"),
        ErrorCode::TooManyAccounts => Some("lobby-too-many-accounts"),
        ErrorCode::TooManyRequests => Some("lobby-too-many-requests"),
        ErrorCode::TooManyAsked => Some("lobby-too-many-asked"),
        ErrorCode::TooManyInvitations => Some("lobby-too-many-invitations"),
        ErrorCode::NoSuchPlayer => Some("lobby-no-such-player"),
        ErrorCode::NoSuchArena => Some("lobby-no-such-arena"),
        ErrorCode::ArenaNotStarted => Some("lobby-arena-not-started"),
        ErrorCode::ArenaOver => Some("lobby-arena-over"),
        ErrorCode::NotInArena => Some("lobby-not-in-arena"),
        ErrorCode::AlreadyWaiting => Some("lobby-already-waiting"),
        ErrorCode::Unavailable => Some("lobby-unavailable"),
        ErrorCode::ShuttingDown => Some("lobby-shutting-down"),
        ErrorCode::Unreachable => Some("lobby-unreachable"),
        ErrorCode::GameNotOver => Some("lobby-game-not-over"),
        ErrorCode::NotSeated => Some("lobby-not-seated"),
        ErrorCode::AlreadyAnswered => Some("lobby-already-answered"),
        ErrorCode::NotFriends => Some("lobby-not-friends"),
        ErrorCode::NoSuchInvitation => Some("lobby-no-such-invitation"),
        ErrorCode::Yourself => Some("lobby-yourself"),
        ErrorCode::BlockedByYou => Some("lobby-blocked-by-you"),
        ErrorCode::MembersOnly => Some("lobby-members-only"),
        ErrorCode::IllegalMove => Some("lobby-illegal-move"),
        ErrorCode::StaleView => Some("lobby-stale-view"),
        ErrorCode::Other => None,
    }
}

pub fn mode_key(mode: Mode) -> &'static str {
    match mode {
        Mode::Circle => "trace-circle",
        Mode::Grid => "trace-grid",
        Mode::Score => "trace-score-mode",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn keys(language: UiLanguage) -> BTreeSet<String> {
        let resource = FluentResource::try_new(language.source().to_string())
            .unwrap_or_else(|(_, errors)| panic!("{}.ftl does not parse: {errors:?}", language.code()));
        resource
            .entries()
            .filter_map(|entry| match entry {
                fluent_syntax::ast::Entry::Message(message) => Some(message.id.name.to_string()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn every_language_has_every_string() {
        let english = keys(UiLanguage::En);
        for language in UiLanguage::ALL {
            let found = keys(language);
            let missing: Vec<_> = english.difference(&found).collect();
            let extra: Vec<_> = found.difference(&english).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "{}: missing {missing:?}, extra {extra:?}",
                language.code()
            );
        }
    }

    /// Every key the code asks for (`.t("…")`, `.t_with("…"`, and the
    /// `"…-…"` literals of the `*_key` functions) is in English.
    #[test]
    fn every_key_used_in_the_code_exists() {
        let english = keys(UiLanguage::En);
        let mut missing = Vec::new();
        // Tests may ask for keys that do not exist: they are left out.
        for (path, text) in crate::ui::app_sources() {
            for marker in [".t(\"", ".t_with(\"", "=> \"", "=> Some(\""] {
                for (at, _) in text.match_indices(marker) {
                    let rest = &text[at + marker.len()..];
                    let key = &rest[..rest.find('"').unwrap_or(0)];
                    let looks_like_key = marker.starts_with(".t")
                        || (key.contains('-') && key.chars().all(|c| c.is_ascii_lowercase() || c == '-'));
                    if looks_like_key && !english.contains(key) {
                        missing.push(format!("{}: {key}", path.display()));
                    }
                }
            }
        }
        for rules in wocable_crossword::RuleSetKind::ALL {
            missing.extend(Some(format!("{}-summary", rules_key(rules))));
        }
        for lookup in ["check", "prefix", "pattern", "anagrams"] {
            missing.push(format!("dictionary-{lookup}-help"));
        }
        for mode in wocable_trace::Mode::ALL {
            for part in ["help", "name"] {
                missing.push(format!("{}-{part}", mode_key(mode)));
            }
        }
        missing.retain(|key| !english.contains(key));
        assert!(missing.is_empty(), "keys missing from en.ftl: {missing:?}");
    }

    #[test]
    fn a_missing_string_falls_back_to_its_key() {
        assert_eq!(Locale::new(UiLanguage::Pl).t("no-such-key"), "no-such-key");
    }
}
