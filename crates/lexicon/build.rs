//! Builds the bundled lexicons (`lexicons/<lang>.txt`) into fst sets at
//! compile time, with the same normalisation as run-time imports.

#[path = "src/alphabet.rs"]
#[allow(dead_code)]
mod alphabet;
#[path = "src/graph.rs"]
#[allow(dead_code)]
mod graph;

use alphabet::Language;
use std::path::PathBuf;

fn main() {
    // Read at run time: a build script compiled for one checkout may be
    // reused by another one elsewhere (a shared target folder).
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let lexicons = PathBuf::from(manifest).join("../../lexicons");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    if std::env::var_os("CARGO_FEATURE_BUNDLED").is_none() {
        return;
    }
    println!("cargo::rerun-if-changed=src/alphabet.rs");
    println!("cargo::rerun-if-changed=src/graph.rs");
    for language in Language::ALL {
        let source = lexicons.join(format!("{}.txt", language.code()));
        println!("cargo::rerun-if-changed={}", source.display());
        let text = std::fs::read_to_string(&source)
            .unwrap_or_else(|e| panic!("cannot read {}: {e} (run `cargo xtask lexicons`)", source.display()));
        let mut keys: Vec<Vec<u8>> = text
            .lines()
            .filter_map(|line| language.crossword_word(line))
            .map(|tiles| tiles.into_iter().map(|l| l.0).collect())
            .collect();
        keys.sort_unstable();
        keys.dedup();
        std::fs::write(
            out.join(format!("{}.gaddag", language.code())),
            graph::to_bytes(&graph::build(&keys).expect("the bundled list fits the graph")),
        )
        .expect("OUT_DIR is writable");
        let set = fst::Set::from_iter(keys).expect("keys are sorted and unique");
        std::fs::write(out.join(format!("{}.fst", language.code())), set.as_fst().as_bytes())
            .expect("OUT_DIR is writable");
    }
}
