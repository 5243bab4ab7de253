//! The word graph for move generation: a GADDAG (Gordon 1994) stored as
//! a flat array of arcs.
//!
//! Every word `w` is stored once for each split `i` in `1..=len`: the
//! first `i` letters reversed, then [`SEPARATOR`], then the rest (no
//! separator when `i = len`). A walk can then start at any tile of a word
//! and grow it left, then right. The keys go through an `fst` builder,
//! which shares common suffixes, and the fst's nodes are laid out as runs
//! of arcs; an arc is one little-endian `u32`:
//!
//! | bits | meaning |
//! |---|---|
//! | 0–4 | letter code (0 is the separator) |
//! | 5 | a word ends after this arc |
//! | 6 | last arc of its run |
//! | 7–31 | index of the child's run (0: no child) |
//!
//! Index 0 holds an empty arc so that 0 can mean "no child"; the root's
//! run starts at index 1.
//!
//! The build script includes this file, so it depends only on `std` and `fst`.

use std::collections::HashMap;

pub const SEPARATOR: u8 = 0;
pub const ROOT: u32 = 1;
const ACCEPTS: u32 = 1 << 5;
const LAST: u32 = 1 << 6;
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
    next += fst.root().len() as u32;
    let mut i = 0;
    while i < order.len() {
        let node = fst.node(order[i]);
        i += 1;
        for t in node.transitions() {
            let child = fst.node(t.addr);
            if !child.is_empty() && !runs.contains_key(&t.addr) {
                runs.insert(t.addr, next);
                next += child.len() as u32;
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
            if k + 1 == node.len() {
                arc |= LAST;
            }
            arc |= runs.get(&t.addr).copied().unwrap_or(0) << CHILD_SHIFT;
            arcs[start + k] = arc;
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

    fn is_last(self) -> bool {
        self.0 & LAST != 0
    }

    /// The run of arcs after this one (0: none).
    pub fn child(self) -> u32 {
        self.0 >> CHILD_SHIFT
    }
}

/// A word graph over borrowed or owned bytes.
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

    fn arc(&self, index: u32) -> Option<Arc> {
        let i = index as usize * 4;
        let b = self.bytes.as_ref().get(i..i + 4)?;
        Some(Arc(u32::from_le_bytes([b[0], b[1], b[2], b[3]])))
    }

    /// The arcs of the run starting at `node` (none for 0).
    pub fn arcs(&self, node: u32) -> impl Iterator<Item = Arc> + '_ {
        let mut index = if node == 0 { None } else { Some(node) };
        std::iter::from_fn(move || {
            let arc = self.arc(index?)?;
            index = if arc.is_last() { None } else { Some(index? + 1) };
            Some(arc)
        })
    }

    /// The arc for `letter` out of `node`.
    pub fn find(&self, node: u32, letter: u8) -> Option<Arc> {
        self.arcs(node).find(|a| a.letter() == letter)
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
