//! The word graph for move generation: a GADDAG (Gordon 1994) stored as
//! a flat array of arcs.
//!
//! Every word `w` is stored once for each split `i` in `1..=len`: the
//! first `i` letters reversed, then [`SEPARATOR`], then the rest (no
//! separator when `i = len`). A walk can then start at any tile of a word
//! and grow it left, then right. The keys go through an `fst` builder,
//! which shares common suffixes, and the fst's nodes are laid out as runs
//! of little-endian `u32`s: first the set of letters that have an arc (bit
//! per letter code), so that a letter's arc is found by counting bits
//! instead of scanning, then one word per arc, in letter order:
//!
//! | bits | meaning |
//! |---|---|
//! | 0–4 | letter code (0 is the separator) |
//! | 5 | a word ends after this arc |
//! | 7–31 | index of the child's run (0: no child) |
//!
//! Index 0 holds an empty word so that 0 can mean "no child"; the root's
//! run starts at index 1.
//!
//! The build script includes this file, so it depends only on `std` and `fst`.

use std::collections::HashMap;

pub const SEPARATOR: u8 = 0;
pub const ROOT: u32 = 1;
const ACCEPTS: u32 = 1 << 5;
const CHILD_SHIFT: u32 = 7;

/// Builds the graph's bytes from words spelt as letter codes (1–31).
pub fn build(words: &[Vec<u8>]) -> Vec<u8> {
    let mut keys: Vec<Vec<u8>> = Vec::with_capacity(words.len() * 8);
    for word in words {
        for split in 1..=word.len() {
            let mut key: Vec<u8> = word[..split].iter().rev().copied().collect();
            if split < word.len() {
                key.push(SEPARATOR);
                key.extend_from_slice(&word[split..]);
            }
            keys.push(key);
        }
    }
    keys.sort_unstable();
    keys.dedup();
    let set = fst::Set::from_iter(keys).expect("keys are sorted and unique");
    flatten(set.as_fst())
}

/// Lays the fst's nodes out as runs of arcs, breadth first.
fn flatten<D: AsRef<[u8]>>(fst: &fst::raw::Fst<D>) -> Vec<u8> {
    let root = fst.root().addr();
    // The index of each node's run, for nodes with transitions.
    let mut runs: HashMap<fst::raw::CompiledAddr, u32> = HashMap::new();
    let mut order = vec![root];
    let mut next = 1u32;
    runs.insert(root, next);
    next += 1 + fst.root().len() as u32;
    let mut i = 0;
    while i < order.len() {
        let node = fst.node(order[i]);
        i += 1;
        for t in node.transitions() {
            let child = fst.node(t.addr);
            if !child.is_empty() && !runs.contains_key(&t.addr) {
                runs.insert(t.addr, next);
                next += 1 + child.len() as u32;
                order.push(t.addr);
            }
        }
    }
    assert!(next < 1 << (32 - CHILD_SHIFT), "word graph too large for 25-bit arc indexes");
    let mut arcs = vec![0u32; next as usize];
    for addr in order {
        let node = fst.node(addr);
        let start = runs[&addr] as usize;
        for (k, t) in node.transitions().enumerate() {
            let child = fst.node(t.addr);
            let mut arc = t.inp as u32;
            if child.is_final() {
                arc |= ACCEPTS;
            }
            arc |= runs.get(&t.addr).copied().unwrap_or(0) << CHILD_SHIFT;
            arcs[start] |= 1 << t.inp;
            arcs[start + 1 + k] = arc;
        }
    }
    arcs.iter().flat_map(|a| a.to_le_bytes()).collect()
}

/// One arc of the graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arc(u32);

impl Arc {
    pub fn letter(self) -> u8 {
        (self.0 & 0x1f) as u8
    }

    /// Whether the letters walked so far, with this one, end a key.
    pub fn accepts(self) -> bool {
        self.0 & ACCEPTS != 0
    }

    /// The run of arcs after this one (0: none).
    pub fn child(self) -> u32 {
        self.0 >> CHILD_SHIFT
    }
}

/// A word graph read in place from its bytes (no copy).
#[derive(Clone)]
pub struct WordGraph<B> {
    bytes: B,
}

impl<B: AsRef<[u8]>> WordGraph<B> {
    /// Wraps bytes made by [`build`]; `None` if their length is not a
    /// whole number of arcs or they are empty.
    pub fn new(bytes: B) -> Option<WordGraph<B>> {
        let len = bytes.as_ref().len();
        (len >= 8 && len % 4 == 0).then_some(WordGraph { bytes })
    }

    /// The `u32` at `index` (0 past the end, which reads as "no arcs").
    fn word(&self, index: usize) -> u32 {
        match self.bytes.as_ref().get(index * 4..index * 4 + 4) {
            Some(&[a, b, c, d]) => u32::from_le_bytes([a, b, c, d]),
            _ => 0,
        }
    }

    /// The letters that have an arc out of `node` (bit per letter code).
    pub fn letters(&self, node: u32) -> u32 {
        if node == 0 { 0 } else { self.word(node as usize) }
    }

    /// The arc for `letter` out of `node`, whose letters are `letters`.
    fn arc(&self, node: u32, letters: u32, letter: u8) -> Option<Arc> {
        let rank = (letters & ((1u32 << letter) - 1)).count_ones() as usize;
        Some(Arc(self.word(node as usize + 1 + rank)))
    }

    /// The arcs out of `node` whose letters are in `wanted`, in letter order.
    pub fn arcs_among(&self, node: u32, wanted: u32) -> impl Iterator<Item = Arc> + '_ {
        let letters = self.letters(node);
        let mut todo = letters & wanted;
        std::iter::from_fn(move || {
            let letter = todo.trailing_zeros() as u8;
            if todo == 0 {
                return None;
            }
            todo &= todo - 1;
            self.arc(node, letters, letter)
        })
    }

    /// The arcs out of `node` (none for 0), in letter order: the
    /// separator, when there is one, comes first.
    pub fn arcs(&self, node: u32) -> impl Iterator<Item = Arc> + '_ {
        self.arcs_among(node, u32::MAX)
    }

    /// The arc for `letter` out of `node`.
    pub fn find(&self, node: u32, letter: u8) -> Option<Arc> {
        let letters = self.letters(node);
        if letter >= 32 || letters & (1 << letter) == 0 {
            return None;
        }
        self.arc(node, letters, letter)
    }

    /// The separator arc out of `node`.
    pub fn separator(&self, node: u32) -> Option<Arc> {
        self.find(node, SEPARATOR)
    }

    /// Follows `letters` from `node`; the last arc taken.
    pub fn walk(&self, node: u32, letters: impl IntoIterator<Item = u8>) -> Option<Arc> {
        let mut arc = None;
        let mut node = node;
        for letter in letters {
            let next = self.find(node, letter)?;
            node = next.child();
            arc = Some(next);
        }
        arc
    }

    pub fn as_bytes(&self) -> &[u8] {
        self.bytes.as_ref()
    }
}
