use proptest::prelude::*;
use wocable_lexicon::{
    AnagramMode, BuildStep, FAMILY_LIST, Language, Lexicon, LexiconBuilder, LexiconError, LexiconInfo, Offensive,
    SearchError, reserved_list_name,
};

#[test]
fn bundled_lexicons_have_their_words() {
    let en = Lexicon::bundled(Language::En);
    assert!((160_000..175_000).contains(&en.len()), "{}", en.len());
    assert!(en.contains_word("quixotic") && en.contains_word("QAT") && !en.contains_word("QX"));
    let es = Lexicon::bundled(Language::Es);
    assert!((590_000..620_000).contains(&es.len()), "{}", es.len());
    assert!(es.contains_word("charro") && es.contains_word("año") && es.contains_word("canción"));
    let fr = Lexicon::bundled(Language::Fr);
    assert!((390_000..420_000).contains(&fr.len()), "{}", fr.len());
    assert!(fr.contains_word("été") && fr.contains_word("ETE") && fr.contains_word("coeur"));
    assert!(!fr.contains_word("janv"), "abbreviations are dropped");
}

#[test]
fn spanish_words_are_split_greedily_into_digraph_tiles() {
    let tiles = Language::Es.tokenise("CHARRO").unwrap();
    let labels: Vec<_> = tiles.iter().map(|t| Language::Es.label(*t)).collect();
    assert_eq!(labels, ["CH", "A", "RR", "O"]);
    assert_eq!(Language::Es.normalise("Niño"), Some("NIÑO".into()));
    assert_eq!(Language::Fr.normalise("cañon"), Some("CANON".into()));
    assert_eq!(Language::Fr.normalise("cœur"), Some("COEUR".into()));
    assert_eq!(Language::En.normalise("don't"), None);
    assert_eq!(Language::En.normalise("x-ray"), None);
    assert_eq!(Language::En.normalise("route66"), None);
}

#[test]
fn import_reports_what_it_skipped() {
    let text = "cat\nCat\n\ndog's\nx\nabcdefghijklmnop\nété\n\u{65e5}\n";
    let (lexicon, report) = Lexicon::import(Language::En, text.as_bytes()).unwrap();
    assert_eq!(lexicon.len(), 2);
    assert!(lexicon.contains_word("ETE"));
    let counts = (report.words, report.duplicates, report.bad_characters, report.bad_length, report.blank_lines);
    assert_eq!(counts, (2, 1, 2, 2, 1));
    assert_eq!(report.skipped(), 6);
}

#[test]
fn import_refuses_binary_and_empty_lists() {
    assert_eq!(Lexicon::import(Language::En, b"\x00\x01\x02").unwrap_err(), LexiconError::Binary);
    assert_eq!(Lexicon::import(Language::En, &[0xff, 0xfe, 0x41]).unwrap_err(), LexiconError::Binary);
    assert_eq!(Lexicon::import(Language::En, b"").unwrap_err(), LexiconError::Empty { skipped: 0 });
    let error = Lexicon::import(Language::En, b"a\n1\n").unwrap_err();
    assert_eq!(error.to_string(), "the word list holds no usable word (2 lines skipped)");
}

/// The English list shipped, as a player might bring a list of their own.
const ENGLISH: &str = include_str!("../../../lexicons/en.txt");

#[test]
fn a_built_file_opens_with_every_word_of_its_list_and_nothing_else() {
    let (built, report) = Lexicon::import(Language::En, ENGLISH.as_bytes()).unwrap();
    let file = built.to_file("English", "en.txt");
    let (opened, info) = Lexicon::open_file(&file).unwrap();
    let expected =
        LexiconInfo { language: Language::En, name: "English".into(), source: "en.txt".into(), words: report.words };
    assert_eq!(info, expected);
    assert_eq!(opened.len(), report.words);
    assert!(ENGLISH.lines().all(|word| opened.contains_word(word)), "every word of the list");
    for not_a_word in ["QX", "ZZZZ", "AARDVARKZ", "QUIXOTICS", "TH"] {
        assert!(!opened.contains_word(not_a_word), "{not_a_word}");
    }
    // The word graph came with it: the same moves can be found.
    let walk = |lexicon: &Lexicon, word: &str| {
        let tiles = Language::En.tokenise(word).unwrap();
        lexicon.graph().walk(wocable_lexicon::graph::ROOT, tiles.iter().rev().map(|t| t.0)).is_some_and(|a| a.accepts())
    };
    assert!(walk(&opened, "QUIXOTIC") && !walk(&opened, "QUIXOTICS"));

    // Either kind of file loads where a word list is taken.
    let (loaded, report) = Lexicon::load_file_bytes(Language::En, file.clone()).unwrap();
    assert_eq!((loaded.len(), report.skipped()), (opened.len(), 0));
    let (from_text, report) = Lexicon::load_file_bytes(Language::En, b"cat\ndog\n".to_vec()).unwrap();
    assert_eq!((from_text.len(), report.words), (2, 2));
    let older = fst::Set::from_iter(["\x03\x01\x14"]).unwrap().into_fst().into_inner();
    let older = Lexicon::load_file_bytes(Language::En, older).unwrap_err();
    assert!(older.to_string().contains("build it again from its word list"), "{older}");
    let wrong = Lexicon::load_file_bytes(Language::Fr, file).unwrap_err();
    assert_eq!(wrong.to_string(), "the lexicon was built for the language 'en', not 'fr'");
}

#[test]
fn a_built_file_cut_short_or_altered_is_refused() {
    let (built, _) = Lexicon::import(Language::En, b"cat\ncats\ndog\nquixotic\n").unwrap();
    let file = built.to_file("Small", "small.txt");
    for len in 0..file.len() {
        let error = Lexicon::open_file(&file[..len]).unwrap_err();
        assert!(matches!(error, LexiconError::Damaged(_)), "cut to {len}: {error}");
    }
    for at in 0..file.len() {
        let mut altered = file.clone();
        altered[at] ^= 0x10;
        let error = Lexicon::open_file(&altered).unwrap_err();
        assert!(matches!(error, LexiconError::Damaged(_) | LexiconError::Version(_)), "byte {at}: {error}");
    }
    let mut longer = file.clone();
    longer.push(0);
    assert!(Lexicon::open_file(&longer).unwrap_err().to_string().contains("bytes after its end"));
    let mut newer = file.clone();
    newer[8] = 2;
    assert_eq!(Lexicon::open_file(&newer).unwrap_err(), LexiconError::Version(2));
}

#[test]
fn a_build_goes_a_step_at_a_time_and_says_how_far() {
    let mut builder = LexiconBuilder::new(Language::En, ENGLISH.as_bytes().to_vec());
    let mut shown = vec![0.0];
    let built = loop {
        match builder.step() {
            BuildStep::Working(done) => shown.push(done),
            BuildStep::Done(built) => break built.unwrap(),
        }
    };
    assert!(shown.len() > 20, "many steps: {}", shown.len());
    assert!(shown.windows(2).all(|w| w[0] <= w[1]) && shown.iter().all(|d| (0.0..1.0).contains(d)), "{shown:?}");
    let (lexicon, report) = built;
    let (at_once, same) = Lexicon::import(Language::En, ENGLISH.as_bytes()).unwrap();
    assert_eq!((lexicon.len(), &report), (at_once.len(), &same));
}

#[test]
fn dictionary_searches() {
    let (lexicon, _) = Lexicon::import(Language::En, b"cat\ncats\nact\nscat\ncoat\ndog\ntact\n").unwrap();
    assert_eq!(lexicon.prefixed("ca", 10).unwrap(), ["CAT", "CATS"]);
    assert_eq!(lexicon.containing("at", 10).unwrap(), ["CAT", "CATS", "COAT", "SCAT"]);
    assert_eq!(lexicon.matching("?AT*", 10).unwrap(), ["CAT", "CATS"]);
    assert_eq!(lexicon.matching("*T", 10).unwrap(), ["ACT", "CAT", "COAT", "SCAT", "TACT"]);
    assert_eq!(lexicon.matching("c*t", 1).unwrap(), ["CAT"]);
    assert_eq!(lexicon.anagrams("TAC", AnagramMode::Exact, 10).unwrap(), ["ACT", "CAT"]);
    assert_eq!(lexicon.anagrams("TAC?", AnagramMode::Exact, 10).unwrap(), ["CATs", "CoAT", "sCAT", "TACt"]);
    assert_eq!(lexicon.anagrams("TACS", AnagramMode::Subset, 10).unwrap(), ["ACT", "CAT", "CATS", "SCAT"]);
    assert_eq!(lexicon.matching("c-t", 10), Err(SearchError::BadCharacter('-')));
    assert_eq!(lexicon.matching("**", 10), Err(SearchError::Empty));
    assert_eq!(lexicon.prefixed("c?", 10), Err(SearchError::BadCharacter('?')));
}

#[test]
fn spanish_search_uses_digraph_tiles() {
    let es = Lexicon::bundled(Language::Es);
    // One ? stands for one tile, and CH is one tile.
    let words = es.matching("?ARRO", 100).unwrap();
    assert!(words.contains(&"CHARRO".to_string()) && words.contains(&"CARRO".to_string()));
    assert!(es.anagrams("CHARRO", AnagramMode::Exact, 10).unwrap().contains(&"CHARRO".to_string()));
}

#[test]
fn a_family_list_is_the_bundled_one_less_its_offensive_words() {
    for language in Language::ALL {
        let standard = Lexicon::bundled(language);
        let family = standard.clone().family();
        assert!(family.is_family() && !standard.is_family());
        let offensive = Offensive::bundled(language);
        let listed: Vec<String> = standard.words().filter(|w| offensive.contains_word(language, w)).collect();
        assert!(listed.len() > 20, "{language:?}: {} listed words in the bundled list", listed.len());
        for word in &listed {
            assert!(!family.contains_word(word), "{word}");
        }
        let kept: Vec<String> = family.words().collect();
        assert_eq!(kept.len(), standard.len() - listed.len(), "{language:?}");
        assert!(kept.iter().all(|w| !offensive.contains_word(language, w)));
    }
    let family = Lexicon::bundled(Language::En).family();
    assert!(family.contains_word("button") && !family.contains_word("butts"));
    // Searches never give a word left out.
    assert!(Lexicon::bundled(Language::En).matching("BUT?", 50).unwrap().contains(&"BUTT".to_string()));
    assert!(!family.matching("BUT?", 50).unwrap().contains(&"BUTT".to_string()));
    assert!(!family.prefixed("BUT", 500).unwrap().contains(&"BUTT".to_string()));
    assert!(!family.anagrams("TTUB", AnagramMode::Exact, 10).unwrap().contains(&"BUTT".to_string()));
    // No list may take the family lists' name or a language's code.
    for name in [FAMILY_LIST, "Family", "en", "fr"] {
        assert!(reserved_list_name(name), "{name}");
    }
    assert!(!reserved_list_name("family club") && !reserved_list_name("Club 2026"));
}

proptest! {
    #[test]
    fn import_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = Lexicon::import(Language::Es, &bytes);
    }

    #[test]
    fn every_imported_word_is_found(words in proptest::collection::vec("[a-zñ]{2,15}", 1..40)) {
        let tile_count = |w: &str| Language::Es.tokenise(&w.to_uppercase()).unwrap().len();
        // Digraphs can make a word of two letters a single tile: skipped.
        let kept: Vec<&String> = words.iter().filter(|w| tile_count(w) >= 2).collect();
        match Lexicon::import(Language::Es, words.join("\n").as_bytes()) {
            Ok((lexicon, report)) => {
                prop_assert_eq!(report.bad_length, words.len() - kept.len());
                for word in kept {
                    prop_assert!(lexicon.contains_word(word));
                }
            }
            Err(e) => prop_assert!(kept.is_empty(), "{e}"),
        }
    }

    #[test]
    fn spelling_tiles_gives_back_the_word(word in "[A-ZÑ]{1,20}") {
        let tiles = Language::Es.tokenise(&word).unwrap();
        prop_assert_eq!(Language::Es.spell(&tiles), word);
    }

    #[test]
    fn searches_never_panic(pattern in "[a-z?*ñ\\-]{0,70}") {
        let lexicon = Lexicon::bundled(Language::En);
        let _ = lexicon.matching(&pattern, 5);
        let _ = lexicon.anagrams(&pattern, AnagramMode::Subset, 5);
    }
}

#[test]
fn the_bundled_files_open_again_and_damaged_ones_do_not() {
    for language in Language::ALL {
        let (set, graph) = Lexicon::bundled_files(language);
        let opened = Lexicon::from_files(language, set.to_vec(), graph).expect("the bundled files");
        let bundled = Lexicon::bundled(language);
        assert_eq!(opened.len(), bundled.len());
        let root = wocable_lexicon::graph::ROOT;
        assert_eq!(opened.graph().letters(root), bundled.graph().letters(root));
    }
    let (set, graph) = Lexicon::bundled_files(Language::En);
    assert!(Lexicon::from_files(Language::En, set.to_vec(), &graph[..5]).is_err(), "a graph cut short");
    let mut flipped = set.to_vec();
    flipped[1000] ^= 0xff;
    assert!(Lexicon::from_files(Language::En, flipped, graph).is_err(), "a damaged set");
    assert!(Lexicon::from_files(Language::En, b"not a lexicon".to_vec(), graph).is_err());
}
