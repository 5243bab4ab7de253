//! Invite codes (§5.2): six characters from an alphabet without look-alikes
//! (no I, L, O or U), read forgivingly: any case, and I, L and O typed for
//! 1, 1 and 0. A player's recovery code is written in the same alphabet.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use thiserror::Error;

const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
pub const CODE_LENGTH: usize = 6;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoomCode([u8; CODE_LENGTH]);

#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("an invite code is {CODE_LENGTH} letters and digits, such as 7KQ2MX")]
pub struct CodeError;

impl RoomCode {
    /// The code numbered `n` (taken modulo the number of codes): the
    /// caller draws `n` at random.
    pub fn from_number(n: u64) -> RoomCode {
        RoomCode(spell(n.into()))
    }

    /// Reads a code as a player may type it.
    pub fn parse(text: &str) -> Result<RoomCode, CodeError> {
        read(text).map(RoomCode).ok_or(CodeError)
    }

    pub fn as_str(&self) -> &str {
        // Only alphabet bytes are ever stored: ASCII.
        std::str::from_utf8(&self.0).expect("codes are ASCII")
    }
}

/// The last characters of `n` in the alphabet.
fn spell<const N: usize>(mut n: u128) -> [u8; N] {
    let mut code = [0; N];
    for c in code.iter_mut().rev() {
        *c = ALPHABET[(n % 32) as usize];
        n /= 32;
    }
    code
}

/// `N` characters of the alphabet as a player may type them: any case,
/// look-alikes for digits, dashes and spaces anywhere.
fn read<const N: usize>(text: &str) -> Option<[u8; N]> {
    let chars: Vec<char> = text.trim().chars().filter(|c| *c != '-' && *c != ' ').collect();
    if chars.len() != N {
        return None;
    }
    let mut code = [0; N];
    for (slot, c) in code.iter_mut().zip(chars) {
        let c = match c.to_ascii_uppercase() {
            'I' | 'L' => '1',
            'O' => '0',
            c => c,
        };
        *slot = *ALPHABET.iter().find(|a| **a as char == c)?;
    }
    Some(code)
}

/// The characters of a recovery code: 100 bits, as many as a guess needs
/// never to succeed.
const RECOVERY_LENGTH: usize = 20;

/// What a player writes down to get their account back on a new device:
/// shown once when the account is made, as `XXXXX-XXXXX-XXXXX-XXXXX`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct RecoveryCode([u8; RECOVERY_LENGTH]);

#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("a recovery code is {RECOVERY_LENGTH} letters and digits, such as 7KQ2M-X4ABC-…")]
pub struct RecoveryCodeError;

impl RecoveryCode {
    /// The code numbered `n`: the caller draws it at random.
    pub fn from_number(n: u128) -> RecoveryCode {
        RecoveryCode(spell(n))
    }

    pub fn parse(text: &str) -> Result<RecoveryCode, RecoveryCodeError> {
        read(text).map(RecoveryCode).ok_or(RecoveryCodeError)
    }

    /// Its characters without the dashes: what is hashed and stored.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.0).expect("codes are ASCII")
    }
}

impl fmt::Display for RecoveryCode {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        for (i, group) in self.0.chunks(5).enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            f.write_str(std::str::from_utf8(group).expect("codes are ASCII"))?;
        }
        Ok(())
    }
}

/// Not in logs by mistake.
impl fmt::Debug for RecoveryCode {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("RecoveryCode(…)")
    }
}

impl Serialize for RecoveryCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for RecoveryCode {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RecoveryCode, D::Error> {
        let text = String::deserialize(deserializer)?;
        RecoveryCode::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for RoomCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for RoomCode {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RoomCode, D::Error> {
        let text = String::deserialize(deserializer)?;
        RoomCode::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_have_no_look_alikes_and_read_forgivingly() {
        for n in [0, 1, 31, 32, 123_456_789, u64::MAX] {
            let code = RoomCode::from_number(n);
            assert_eq!(code.as_str().len(), CODE_LENGTH);
            assert!(!code.as_str().contains(['I', 'L', 'O', 'U']), "{code}");
            assert_eq!(RoomCode::parse(code.as_str()), Ok(code));
            assert_eq!(RoomCode::parse(&code.as_str().to_lowercase()), Ok(code));
        }
        assert_eq!(RoomCode::parse(" 7kq-2mx "), RoomCode::parse("7KQ2MX"));
        assert_eq!(RoomCode::parse("IL0O00"), RoomCode::parse("110000"));
        assert_eq!(RoomCode::parse("ABCDE"), Err(CodeError));
        assert_eq!(RoomCode::parse("ABCDEU"), Err(CodeError));
        assert_eq!(RoomCode::parse("ABCDÉF"), Err(CodeError));
    }

    #[test]
    fn recovery_codes_are_grouped_and_read_forgivingly() {
        let code = RecoveryCode::from_number(u128::MAX - 12345);
        let written = code.to_string();
        assert_eq!(written.len(), 23, "{written}");
        assert_eq!(written.matches('-').count(), 3, "{written}");
        assert_eq!(RecoveryCode::parse(&written), Ok(code));
        assert_eq!(RecoveryCode::parse(&written.to_lowercase().replace('-', " ")), Ok(code));
        assert_eq!(RecoveryCode::parse(code.as_str()), Ok(code));
        assert_eq!(RecoveryCode::parse(&written[1..]), Err(RecoveryCodeError));
        assert_ne!(RecoveryCode::from_number(1), RecoveryCode::from_number(2));
        assert_eq!(format!("{code:?}"), "RecoveryCode(…)");
    }
}
