//! A game's seed: it decides every draw, so only the referee holds it.
//! New games online have 256 bits, beyond any search of the seeds that
//! could deal what a player saw; a game begun with a 64-bit number keeps
//! it, and so replays exactly.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seed {
    /// A number (games on one device, tests, and games begun before).
    Number(u64),
    /// 256 bits.
    Full([u8; 32]),
}

impl Seed {
    /// The generator its draws come from.
    pub fn rng(self) -> ChaCha8Rng {
        match self {
            Seed::Number(n) => ChaCha8Rng::seed_from_u64(n),
            Seed::Full(bytes) => ChaCha8Rng::from_seed(bytes),
        }
    }

    /// 64 bits of it, for the computer players' own choices.
    pub fn low_bits(self) -> u64 {
        match self {
            Seed::Number(n) => n,
            Seed::Full(bytes) => {
                u64::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7]])
            }
        }
    }

    /// A full seed as 64 hexadecimal digits (`None` for a number).
    pub fn hex(self) -> Option<String> {
        match self {
            Seed::Number(_) => None,
            Seed::Full(bytes) => Some(bytes.iter().map(|b| format!("{b:02x}")).collect()),
        }
    }

    /// What the referee commits to when a game with a full seed begins:
    /// the SHA-256 of its 32 bytes, in hexadecimal. Every player gets it
    /// then and the seed itself once the game is over, so that anyone can
    /// check that the draws came from the seed committed to before the
    /// first tile was dealt. A number has none: its 64 bits could be
    /// searched for the one that hashes to it.
    pub fn commitment(self) -> Option<String> {
        match self {
            Seed::Number(_) => None,
            Seed::Full(bytes) => Some(Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()),
        }
    }

    /// A full seed read back from [`Seed::hex`].
    pub fn from_hex(text: &str) -> Option<Seed> {
        if text.len() != 64 {
            return None;
        }
        let mut bytes = [0u8; 32];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
        }
        Some(Seed::Full(bytes))
    }
}

impl From<u64> for Seed {
    fn from(n: u64) -> Seed {
        Seed::Number(n)
    }
}

impl Serialize for Seed {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.hex() {
            Some(hex) => serializer.serialize_str(&hex),
            None => serializer.serialize_u64(self.low_bits()),
        }
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Seed, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Stored {
            Number(u64),
            Text(String),
        }
        match Stored::deserialize(deserializer)? {
            Stored::Number(n) => Ok(Seed::Number(n)),
            Stored::Text(text) => Seed::from_hex(&text)
                .ok_or_else(|| serde::de::Error::custom("a seed is a number or 64 hexadecimal digits")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    #[test]
    fn a_number_deals_as_it_did_and_a_full_seed_reads_back() {
        let mut old = ChaCha8Rng::seed_from_u64(42);
        assert_eq!(Seed::from(42).rng().random::<u64>(), old.random::<u64>(), "games begun before replay exactly");
        let full = Seed::Full(std::array::from_fn(|i| i as u8 * 7));
        assert_eq!(full.hex().and_then(|hex| Seed::from_hex(&hex)), Some(full));
        assert_eq!(Seed::from(42).hex(), None);
        assert_eq!(serde_json::to_string(&Seed::from(42)).unwrap(), "42", "saves as before");
        let text = serde_json::to_string(&full).unwrap();
        assert_eq!(serde_json::from_str::<Seed>(&text).unwrap(), full);
        assert_eq!(serde_json::from_str::<Seed>("42").unwrap(), Seed::Number(42));
        assert!(serde_json::from_str::<Seed>("\"42\"").is_err());
        assert_ne!(full.rng().random::<u64>(), Seed::Full([0; 32]).rng().random::<u64>());
        assert_eq!(full.low_bits(), u64::from_le_bytes([0, 7, 14, 21, 28, 35, 42, 49]));
    }

    #[test]
    fn a_full_seed_commits_to_its_sha_256() {
        // `printf '\0%.0s' $(seq 32) | sha256sum`
        let zero = "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925";
        assert_eq!(Seed::Full([0; 32]).commitment().as_deref(), Some(zero));
        assert_ne!(Seed::Full([1; 32]).commitment().as_deref(), Some(zero));
        assert_eq!(Seed::from(42).commitment(), None, "a number is not committed to");
    }
}
