//! The daily puzzle: one a day for each mode and language, the same for
//! everyone, drawn from a seed made of the date.

use crate::puzzle::Mode;
use serde::{Deserialize, Serialize};
use wocable_lexicon::Language;

/// A day of the calendar (UTC), as days since 1 January 1970.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Day(pub u32);

const MS_A_DAY: u64 = 86_400_000;

impl Day {
    /// The day of `ms` milliseconds since 1970 (UTC).
    pub fn of_ms(ms: u64) -> Day {
        Day((ms / MS_A_DAY) as u32)
    }

    /// Its year, month (1–12) and day of the month (1–31), by the
    /// proleptic Gregorian calendar (Howard Hinnant's `civil_from_days`).
    pub fn date(self) -> (i32, u32, u32) {
        let z = i64::from(self.0) + 719_468;
        let era = z.div_euclid(146_097);
        let day_of_era = z.rem_euclid(146_097);
        let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let shifted_month = (5 * day_of_year + 2) / 153;
        let day = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
        let month = if shifted_month < 10 { shifted_month + 3 } else { shifted_month - 9 } as u32;
        let year = (year_of_era + era * 400) as i32 + i32::from(month <= 2);
        (year, month, day)
    }

    /// The seed of this day's puzzle in `mode` and `language`.
    pub fn seed(self, mode: Mode, language: Language) -> u64 {
        let mode_index = Mode::ALL.iter().position(|m| *m == mode).unwrap_or(0);
        let language_index = Language::ALL.iter().position(|l| *l == language).unwrap_or(0);
        splitmix64((u64::from(self.0) << 16) | ((mode_index as u64) << 8) | language_index as u64)
    }
}

/// Spreads neighbouring numbers (consecutive days) far apart.
fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_dates() {
        assert_eq!(Day(0).date(), (1970, 1, 1));
        assert_eq!(Day::of_ms(1_796_256_000_000).date(), (2026, 12, 3), "3 December 2026, 00:00 UTC");
        assert_eq!(Day::of_ms(1_796_256_000_000 - 1).date(), (2026, 12, 2), "a millisecond before");
        assert_eq!(Day(11_016).date(), (2000, 2, 29), "a leap day");
        assert_eq!(Day(11_017).date(), (2000, 3, 1));
    }

    #[test]
    fn each_day_mode_and_language_has_its_own_seed() {
        let today = Day(20_790);
        let seeds = [
            today.seed(Mode::Grid, Language::En),
            today.seed(Mode::Circle, Language::En),
            today.seed(Mode::Grid, Language::Fr),
            Day(20_791).seed(Mode::Grid, Language::En),
        ];
        for (i, seed) in seeds.iter().enumerate() {
            assert!(!seeds[..i].contains(seed), "{seeds:?}");
        }
        assert_eq!(today.seed(Mode::Grid, Language::En), seeds[0], "the same for everyone");
    }
}
