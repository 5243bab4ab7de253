//! The word lists rooms may be played on: each language's bundled list
//! and its family list, and the lists the operator installs with
//! `--lexicon FILE` (lexicons
//! built by `wocable-cli lexicon build`). Clients fetch an installed
//! list's file, so that they check moves on the referee's own list.

use axum::body::Bytes;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use wocable_lexicon::{FAMILY_LIST, Language, Lexicon, LexiconError, LexiconInfo, reserved_list_name};
use wocable_net::{ErrorCode, RoomSettings, ServerWordList};

/// Built lexicon files bigger than this are not read (the largest
/// official lists build to a few tens of megabytes).
const MAX_FILE_BYTES: u64 = 256 * 1024 * 1024;

/// Why a word list cannot be installed, or a room played on it.
#[derive(Debug, thiserror::Error)]
pub enum WordListError {
    #[error("--lexicon {}: {source}", path.display())]
    Read { path: PathBuf, source: std::io::Error },
    #[error("--lexicon {}: it is bigger than {} MB", path.display(), MAX_FILE_BYTES >> 20)]
    TooBig { path: PathBuf },
    #[error("--lexicon {}: {source} (a word list is built first: wocable-cli lexicon build … --output FILE.wlex)", path.display())]
    NotBuilt { path: PathBuf, source: LexiconError },
    #[error("--lexicon {}: another list is named \"{name}\" already", path.display())]
    SameName { path: PathBuf, name: String },
    #[error("--lexicon {}: \"{name}\" names a bundled list: build the list again under another name", path.display())]
    Reserved { path: PathBuf, name: String },
    #[error("this server has no word list named \"{0}\"")]
    NotHere(String),
    #[error("the word list \"{name}\" is in {list}, not in {room}")]
    OtherLanguage { name: String, list: Language, room: Language },
}

impl WordListError {
    /// The code the lobby's API answers it with.
    pub fn code(&self) -> ErrorCode {
        match self {
            WordListError::NotHere(_) => ErrorCode::NoSuchWordList,
            WordListError::OtherLanguage { .. } => ErrorCode::BadSettings,
            // Only when the server starts.
            WordListError::Read { .. }
            | WordListError::TooBig { .. }
            | WordListError::NotBuilt { .. }
            | WordListError::SameName { .. }
            | WordListError::Reserved { .. } => ErrorCode::Unavailable,
        }
    }
}

#[derive(Default)]
pub struct WordLists {
    installed: BTreeMap<String, Installed>,
}

struct Installed {
    lexicon: Lexicon,
    info: LexiconInfo,
    file: Bytes,
}

impl WordLists {
    /// The lists in built lexicon files, each by the name it was built
    /// with (two lists of one name are refused).
    pub fn load(paths: &[impl AsRef<Path>]) -> Result<WordLists, WordListError> {
        let mut lists = WordLists::default();
        for path in paths {
            let path = path.as_ref().to_path_buf();
            let size = std::fs::metadata(&path).map_err(|source| WordListError::Read { path: path.clone(), source })?;
            if size.len() > MAX_FILE_BYTES {
                return Err(WordListError::TooBig { path });
            }
            let file = std::fs::read(&path).map_err(|source| WordListError::Read { path: path.clone(), source })?;
            let (lexicon, info) =
                Lexicon::open_file(&file).map_err(|source| WordListError::NotBuilt { path: path.clone(), source })?;
            if reserved_list_name(&info.name) {
                return Err(WordListError::Reserved { path, name: info.name });
            }
            if lists.installed.contains_key(&info.name) {
                return Err(WordListError::SameName { path, name: info.name });
            }
            lists.installed.insert(info.name.clone(), Installed { lexicon, info, file: Bytes::from(file) });
        }
        Ok(lists)
    }

    /// The lexicon a room is played on.
    pub fn lexicon(&self, settings: &RoomSettings) -> Result<Lexicon, WordListError> {
        let Some(name) = &settings.word_list else {
            return Ok(Lexicon::bundled(settings.language));
        };
        if name == FAMILY_LIST {
            return Ok(Lexicon::bundled(settings.language).family());
        }
        match self.installed.get(name) {
            Some(list) if list.info.language == settings.language => Ok(list.lexicon.clone()),
            Some(list) => Err(WordListError::OtherLanguage {
                name: name.clone(),
                list: list.info.language,
                room: settings.language,
            }),
            None => Err(WordListError::NotHere(name.clone())),
        }
    }

    /// What clients are told of the installed lists.
    pub fn listed(&self) -> Vec<ServerWordList> {
        let listed = |list: &Installed| ServerWordList {
            name: list.info.name.clone(),
            language: list.info.language,
            words: list.info.words,
        };
        self.installed.values().map(listed).collect()
    }

    /// An installed list's built lexicon file.
    pub fn file(&self, name: &str) -> Option<Bytes> {
        self.installed.get(name).map(|list| list.file.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wocable_crossword::RuleSetKind;

    fn settings(language: Language, word_list: Option<&str>) -> RoomSettings {
        RoomSettings {
            rules: RuleSetKind::Wocable,
            language,
            players: 2,
            clock: None,
            word_list: word_list.map(str::to_string),
            hints: false,
            days: None,
        }
    }

    #[test]
    fn installed_lists_are_found_by_name_and_language_and_others_refused() {
        let dir = std::env::temp_dir().join(format!("wocable-word-lists-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (club, _) = Lexicon::import(Language::En, b"QI\nZA\nXU\n").unwrap();
        let path = dir.join("club.wlex");
        std::fs::write(&path, club.to_file("Club 2026", "club.txt")).unwrap();
        let lists = WordLists::load(&[&path]).unwrap();

        let listed = lists.listed();
        assert_eq!(listed, vec![ServerWordList { name: "Club 2026".into(), language: Language::En, words: 3 }]);
        assert_eq!(lists.lexicon(&settings(Language::En, Some("Club 2026"))).unwrap().len(), 3);
        assert!(lists.lexicon(&settings(Language::En, None)).unwrap().len() > 100_000);
        let family = lists.lexicon(&settings(Language::Fr, Some(FAMILY_LIST))).unwrap();
        assert!(family.is_family() && family.language() == Language::Fr);
        let other = lists.lexicon(&settings(Language::Fr, Some("Club 2026"))).unwrap_err();
        assert_eq!(other.to_string(), "the word list \"Club 2026\" is in en, not in fr");
        assert_eq!(other.code(), ErrorCode::BadSettings);
        let missing = lists.lexicon(&settings(Language::En, Some("Collins"))).unwrap_err();
        assert_eq!(missing.to_string(), "this server has no word list named \"Collins\"");
        assert_eq!(missing.code(), ErrorCode::NoSuchWordList);
        assert!(lists.file("Club 2026").is_some_and(|file| Lexicon::open_file(&file).is_ok()));

        let twice = WordLists::load(&[&path, &path]).err().unwrap().to_string();
        assert!(twice.ends_with("another list is named \"Club 2026\" already"), "{twice}");
        let plain = dir.join("plain.txt");
        std::fs::write(&plain, "QI\nZA\n").unwrap();
        let refused = WordLists::load(&[&plain]).err().unwrap().to_string();
        assert!(refused.contains("wocable-cli lexicon build"), "{refused}");
        let named_family = dir.join("family.wlex");
        std::fs::write(&named_family, club.to_file("Family", "club.txt")).unwrap();
        let refused = WordLists::load(&[&named_family]).err().unwrap().to_string();
        assert!(refused.ends_with("\"Family\" names a bundled list: build the list again under another name"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
