//! Wocable lexicons (SPEC §1): tile alphabets and tile sets per language,
//! word normalisation, fst-backed word sets (bundled or imported) and the
//! dictionary searches.

mod alphabet;
mod builder;
mod file;
pub mod graph;
mod lexicon;
mod offensive;
mod search;
mod tiles;

pub use alphabet::{Language, Letter, MAX_WORD_TILES, TokeniseError};
pub use builder::{BuildStep, LexiconBuilder};
pub use file::LexiconInfo;
pub use lexicon::{FAMILY_LIST, ImportReport, Lexicon, LexiconError, reserved_list_name};
pub use offensive::Offensive;
pub use search::{AnagramMode, SearchError};
pub use tiles::{TileSet, TileSetKind};
