//! Invite codes (§5.2): six characters from an alphabet without look-alikes
//! (no I, L, O or U), read forgivingly: any case, and I, L and O typed for
//! 1, 1 and 0.

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
    pub fn from_number(mut n: u64) -> RoomCode {
        let mut code = [0; CODE_LENGTH];
        for c in code.iter_mut().rev() {
            *c = ALPHABET[(n % 32) as usize];
            n /= 32;
        }
        RoomCode(code)
    }

    /// Reads a code as a player may type it.
    pub fn parse(text: &str) -> Result<RoomCode, CodeError> {
        let chars: Vec<char> = text.trim().chars().filter(|c| *c != '-' && *c != ' ').collect();
        if chars.len() != CODE_LENGTH {
            return Err(CodeError);
        }
        let mut code = [0; CODE_LENGTH];
        for (slot, c) in code.iter_mut().zip(chars) {
            let c = match c.to_ascii_uppercase() {
                'I' | 'L' => '1',
                'O' => '0',
                c => c,
            };
            *slot = *ALPHABET.iter().find(|a| **a as char == c).ok_or(CodeError)?;
        }
        Ok(RoomCode(code))
    }

    pub fn as_str(&self) -> &str {
        // Only alphabet bytes are ever stored: ASCII.
        std::str::from_utf8(&self.0).expect("codes are ASCII")
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
}
