//! Every lexicon word of three letters or more that can be traced in a
//! set of letters, found by walking the lexicon's fst alongside the trace
//! so that dead prefixes are dropped at once.

use crate::shape::Shape;
use std::collections::BTreeSet;
use wocable_lexicon::{Letter, Lexicon};

pub const MIN_LETTERS: usize = 3;

/// Every traceable word, as letters, in tile order.
pub fn solve(lexicon: &Lexicon, shape: Shape, letters: &[Letter]) -> BTreeSet<Vec<Letter>> {
    let cells = letters.len().min(shape.cells());
    let neighbours: Vec<Vec<usize>> =
        (0..cells).map(|a| (0..cells).filter(|b| shape.adjacent(a, *b)).collect()).collect();
    let mut search = Search { fst: lexicon.fst(), letters, neighbours, word: Vec::new(), found: BTreeSet::new() };
    for start in 0..cells {
        search.walk(start, 0, search.fst.root().addr());
    }
    search.found
}

struct Search<'a, D> {
    fst: &'a fst::raw::Fst<D>,
    letters: &'a [Letter],
    neighbours: Vec<Vec<usize>>,
    word: Vec<Letter>,
    found: BTreeSet<Vec<Letter>>,
}

impl<D: AsRef<[u8]>> Search<'_, D> {
    fn walk(&mut self, cell: usize, used: u64, node: fst::raw::CompiledAddr) {
        let letter = self.letters[cell];
        let here = self.fst.node(node);
        let Some(i) = here.find_input(letter.0) else { return };
        let next = here.transition(i).addr;
        let used = used | 1 << cell;
        self.word.push(letter);
        if self.fst.node(next).is_final() && self.word.len() >= MIN_LETTERS {
            self.found.insert(self.word.clone());
        }
        for k in 0..self.neighbours[cell].len() {
            let neighbour = self.neighbours[cell][k];
            if used & (1 << neighbour) == 0 {
                self.walk(neighbour, used, next);
            }
        }
        self.word.pop();
    }
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
