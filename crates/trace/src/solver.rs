//! Every lexicon word of three letters or more that can be traced in a
//! set of letters, found by walking the lexicon's fst alongside the trace
//! so that dead prefixes are dropped at once.

use crate::shape::Shape;
use std::collections::BTreeSet;
use wocable_lexicon::{Letter, Lexicon};

pub const MIN_LETTERS: usize = 3;

/// Every traceable word, as letters, in tile order.
pub fn solve(lexicon: &Lexicon, shape: Shape, letters: &[Letter]) -> BTreeSet<Vec<Letter>> {
    let mut found = BTreeSet::new();
    let fst = lexicon.fst();
    let mut word = Vec::new();
    for start in 0..letters.len().min(shape.cells()) {
        walk(fst, shape, letters, start, 0, fst.root().addr(), &mut word, &mut found);
    }
    found
}

#[allow(clippy::too_many_arguments)]
fn walk<D: AsRef<[u8]>>(
    fst: &fst::raw::Fst<D>,
    shape: Shape,
    letters: &[Letter],
    cell: usize,
    used: u64,
    node: fst::raw::CompiledAddr,
    word: &mut Vec<Letter>,
    found: &mut BTreeSet<Vec<Letter>>,
) {
    let letter = letters[cell];
    let Some(i) = fst.node(node).find_input(letter.0) else { return };
    let next = fst.node(node).transition(i).addr;
    let used = used | 1 << cell;
    word.push(letter);
    if fst.node(next).is_final() && word.len() >= MIN_LETTERS {
        found.insert(word.clone());
    }
    for neighbour in 0..letters.len() {
        if used & (1 << neighbour) == 0 && shape.adjacent(cell, neighbour) {
            walk(fst, shape, letters, neighbour, used, next, word, found);
        }
    }
    word.pop();
}

/// Whether `word` can be traced, and one path that traces it.
pub fn trace_path(shape: Shape, letters: &[Letter], word: &[Letter]) -> Option<Vec<usize>> {
    fn extend(shape: Shape, letters: &[Letter], word: &[Letter], path: &mut Vec<usize>) -> bool {
        if path.len() == word.len() {
            return true;
        }
        let want = word[path.len()];
        for cell in 0..letters.len() {
            let fits =
                letters[cell] == want && !path.contains(&cell) && path.last().is_none_or(|l| shape.adjacent(*l, cell));
            if fits {
                path.push(cell);
                if extend(shape, letters, word, path) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    let mut path = Vec::new();
    extend(shape, letters, word, &mut path).then_some(path)
}
