//! A built lexicon file: a word list built once, its word set and its
//! word graph, with a header; opened without building anything again,
//! and checked whole first (a file cut short or altered is refused).
//!
//! | bytes | what |
//! |---|---|
//! | 0–7 | `WOCABLEX` |
//! | 8–11 | format version (all numbers little-endian) |
//! | 12–15 | header length `H` |
//! | 16–23 | word graph length `G` |
//! | 24–31 | word set length `S` |
//! | 32–35 | CRC-32 of every byte after these 36 |
//! | 36… | the header (JSON, [`LexiconInfo`]), `H` bytes |
//! | then | the word graph's arcs (see [`crate::graph`]), `G` bytes |
//! | then | the word set (an fst), `S` bytes |

use crate::{Language, Lexicon, LexiconError};
use serde::{Deserialize, Serialize};

const MAGIC: &[u8; 8] = b"WOCABLEX";
const VERSION: u32 = 1;
const FIXED: usize = 36;

/// What a built lexicon file says of itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LexiconInfo {
    pub language: Language,
    /// The name players know it by, e.g. "Collins 2019".
    pub name: String,
    /// The word list it was built from (its file name).
    pub source: String,
    pub words: usize,
}

/// Whether bytes are a built lexicon file (else, perhaps, a word list).
pub(crate) fn is_built(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

pub(crate) fn write(lexicon: &Lexicon, graph: &[u8], info: &LexiconInfo) -> Vec<u8> {
    let header = serde_json::to_vec(info).expect("the header serialises");
    let set = lexicon.as_bytes();
    let mut body = Vec::with_capacity(header.len() + graph.len() + set.len());
    body.extend_from_slice(&header);
    body.extend_from_slice(graph);
    body.extend_from_slice(set);
    let mut file = Vec::with_capacity(FIXED + body.len());
    file.extend_from_slice(MAGIC);
    file.extend_from_slice(&VERSION.to_le_bytes());
    file.extend_from_slice(&(header.len() as u32).to_le_bytes());
    file.extend_from_slice(&(graph.len() as u64).to_le_bytes());
    file.extend_from_slice(&(set.len() as u64).to_le_bytes());
    file.extend_from_slice(&crc32fast::hash(&body).to_le_bytes());
    file.extend_from_slice(&body);
    file
}

/// The parts of a built lexicon file, checked: its header, and the byte
/// ranges of its word graph and word set.
pub(crate) struct Parts {
    pub info: LexiconInfo,
    pub graph: std::ops::Range<usize>,
    pub set: std::ops::Range<usize>,
}

pub(crate) fn read(bytes: &[u8]) -> Result<Parts, LexiconError> {
    let damaged = |why: &str| LexiconError::Damaged(why.to_string());
    if !is_built(bytes) {
        return Err(damaged("it is not a built lexicon"));
    }
    let fixed = bytes.get(..FIXED).ok_or_else(|| damaged("it is cut short"))?;
    let number = |at: usize, len: usize| fixed[at..at + len].iter().rev().fold(0u64, |n, b| n << 8 | u64::from(*b));
    let version = number(8, 4) as u32;
    if version != VERSION {
        return Err(LexiconError::Version(version));
    }
    let (header, graph, set) = (number(12, 4), number(16, 8), number(24, 8));
    let body = &bytes[FIXED..];
    match header.checked_add(graph).and_then(|n| n.checked_add(set)) {
        Some(total) if total == body.len() as u64 => {}
        Some(total) if total < body.len() as u64 => return Err(damaged("it has bytes after its end")),
        _ => return Err(damaged("it is cut short")),
    }
    if crc32fast::hash(body) != number(32, 4) as u32 {
        return Err(damaged("it was altered or damaged (its checksum is wrong)"));
    }
    let (header, graph) = (header as usize, graph as usize);
    let info: LexiconInfo =
        serde_json::from_slice(&body[..header]).map_err(|e| LexiconError::Damaged(format!("its header: {e}")))?;
    let graph_start = FIXED + header;
    let set_start = graph_start + graph;
    Ok(Parts { info, graph: graph_start..set_start, set: set_start..bytes.len() })
}
