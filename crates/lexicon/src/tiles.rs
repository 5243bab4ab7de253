//! Tile sets: how many tiles of each letter a bag holds and what each is
//! worth (`shared/TILES.md` has the sources).

use crate::{Language, Letter};
use serde::{Deserialize, Serialize};

/// Which family of tile sets a rule set uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TileSetKind {
    /// The classic 100-tile sets (102 in French).
    Classic,
    /// The Wordfeud-style sets of the Webfeud rule set.
    Webfeud,
}

/// The contents of a full bag and the value of every letter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileSet {
    pub language: Language,
    pub kind: TileSetKind,
    /// `counts[i]` and `values[i]` are for `Letter(i + 1)`.
    counts: Vec<u8>,
    values: Vec<u8>,
    pub blanks: u8,
}

impl TileSet {
    pub fn new(language: Language, kind: TileSetKind) -> TileSet {
        let table = match (language, kind) {
            (Language::En, TileSetKind::Classic) => EN_CLASSIC,
            (Language::Es, TileSetKind::Classic) => ES_CLASSIC,
            (Language::Fr, TileSetKind::Classic) => FR_CLASSIC,
            (Language::En, TileSetKind::Webfeud) => EN_WEBFEUD,
            (Language::Es, TileSetKind::Webfeud) => ES_WEBFEUD,
            (Language::Fr, TileSetKind::Webfeud) => FR_WEBFEUD,
        };
        let n = language.letter_count();
        let mut set = TileSet { language, kind, counts: vec![0; n], values: vec![0; n], blanks: 0 };
        for line in table.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let (value, entries) = line.split_once(':').expect("tile table line has a value");
            let value: u8 = value.trim().parse().expect("tile value is a number");
            for entry in entries.split_whitespace() {
                let split = entry.find(|c: char| c.is_ascii_digit()).expect("entry has a count");
                let (label, count) = entry.split_at(split);
                let count: u8 = count.parse().expect("tile count is a number");
                if label == "?" {
                    set.blanks = count;
                    continue;
                }
                let letter = language.letter(label).expect("tile label is in the alphabet");
                set.counts[letter.0 as usize - 1] = count;
                set.values[letter.0 as usize - 1] = value;
            }
        }
        set
    }

    /// Points for one tile of this letter (blanks score 0 whatever they stand for).
    pub fn value(&self, letter: Letter) -> u32 {
        (letter.0 as usize).checked_sub(1).and_then(|i| self.values.get(i)).copied().unwrap_or(0) as u32
    }

    pub fn count(&self, letter: Letter) -> u32 {
        (letter.0 as usize).checked_sub(1).and_then(|i| self.counts.get(i)).copied().unwrap_or(0) as u32
    }

    /// Total number of tiles, blanks included.
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|c| *c as u32).sum::<u32>() + self.blanks as u32
    }

    /// Sum of the values of every tile in the bag.
    pub fn total_points(&self) -> u32 {
        self.language.letters().map(|l| self.count(l) * self.value(l)).sum()
    }
}

const EN_CLASSIC: &str = "
    0: ?2
    1: E12 A9 I9 O8 N6 R6 T6 L4 S4 U4
    2: D4 G3
    3: B2 C2 M2 P2
    4: F2 H2 V2 W2 Y2
    5: K1
    8: J1 X1
    10: Q1 Z1";

const ES_CLASSIC: &str = "
    0: ?2 K0 W0
    1: A12 E12 O9 I6 S6 N5 R5 U5 L4 T4
    2: D5 G2
    3: C4 B2 M2 P2
    4: H2 F1 V1 Y1
    5: CH1 Q1
    8: J1 LL1 Ñ1 RR1 X1
    10: Z1";

const FR_CLASSIC: &str = "
    0: ?2
    1: E15 A9 I8 N6 O6 R6 S6 T6 U6 L5
    2: D3 M3 G2
    3: B2 C2 P2
    4: F2 H2 V2
    8: J1 Q1
    10: K1 W1 X1 Y1 Z1";

const EN_WEBFEUD: &str = "
    0: ?2
    1: E12 A10 I9 O7 T7 N6 R6 S5 L4
    2: D5 U4
    3: G3 M2
    4: H3 B2 C2 F2 P2 V2 W2 Y2
    5: K1
    8: X1
    10: J1 Q1 Z1";

const FR_WEBFEUD: &str = "
    0: ?2
    1: E14 A10 I9 N6 O6 R6 S6 T6 U6
    2: L5 D3 G3 M3
    3: B2 C2 P2
    4: F2 H2
    5: V2
    8: J1 Q1
    10: K1 W1 X1 Y1 Z1";

const ES_WEBFEUD: &str = "
    0: ?2 K0 W0
    1: A13 E13 O9 S7 I6 N6 R5 U5 L4
    2: D5 T4
    3: C4 B2 G2 M2 P2
    4: H2 F1 V1
    5: CH1 Q1 Y1
    8: J1 LL1 Ñ1 RR1 X1
    10: Z1";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_match_the_published_tables() {
        let expected = [
            (Language::En, TileSetKind::Classic, 100, 187),
            (Language::Es, TileSetKind::Classic, 100, 192),
            (Language::Fr, TileSetKind::Classic, 102, 197),
            (Language::En, TileSetKind::Webfeud, 104, 210),
            (Language::Fr, TileSetKind::Webfeud, 104, 207),
            (Language::Es, TileSetKind::Webfeud, 104, 203),
        ];
        for (language, kind, tiles, points) in expected {
            let set = TileSet::new(language, kind);
            assert_eq!(set.total(), tiles, "{language} {kind:?} tiles");
            assert_eq!(set.total_points(), points, "{language} {kind:?} points");
            assert_eq!(set.blanks, 2);
        }
    }

    #[test]
    fn spanish_digraphs_are_single_tiles() {
        let set = TileSet::new(Language::Es, TileSetKind::Classic);
        let ch = Language::Es.letter("CH").unwrap();
        assert_eq!((set.count(ch), set.value(ch)), (1, 5));
        let k = Language::Es.letter("K").unwrap();
        assert_eq!(set.count(k), 0);
    }
}
