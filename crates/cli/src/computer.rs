//! `selfplay`, `match` and `leaves`: computer players playing each other.

use crate::args::{Args, UsageError};
use crate::{Failure, fail, language, lexicon, rules};
use wocable_crossword::computer::{LeaveModel, Level, learn_leaves, play_game};
use wocable_crossword::{GameConfig, GameSettings, gcg};

fn level(name: &str) -> Result<Level, Failure> {
    Level::from_name(name).ok_or_else(|| UsageError::Value("level", name.to_string()).into())
}

/// `selfplay`: one game between computer players, written as GCG.
pub fn selfplay(args: &mut Args) -> Result<(), Failure> {
    let rules = rules(args)?;
    let language = language(args)?;
    let lexicon = lexicon(args, language)?;
    let players = args.number("--players")?.unwrap_or(2).min(99) as usize;
    let levels: Vec<Level> = args.required("--levels")?.split(',').map(level).collect::<Result<_, _>>()?;
    let seed = args.number("--seed")?.unwrap_or(0);
    let out = args.required("--out")?;
    args.finish()?;
    if levels.len() != players {
        return Err(fail(format!("--levels names {} players, --players says {players}", levels.len())));
    }
    let config = GameConfig {
        settings: GameSettings {
            rules,
            language,
            players: levels.iter().enumerate().map(|(i, l)| format!("{l}{}", i + 1)).collect(),
            layout: None,
            word_list: None,
            hints: true,
        },
        seed: seed.into(),
    };
    let game = play_game(config, lexicon, &levels, &LeaveModel::bundled(language));
    std::fs::write(&out, gcg::export(&game)).map_err(|e| fail(format!("{out}: {e}")))?;
    for (nick, score) in game.settings().players.iter().zip(game.scores()) {
        println!("{nick} {score}");
    }
    Ok(())
}

/// `match`: two levels play N two-player games, taking turns to start.
pub fn play_match(args: &mut Args) -> Result<(), Failure> {
    let rules = rules(args)?;
    let language = language(args)?;
    let lexicon = lexicon(args, language)?;
    let a = level(&args.required("--a")?)?;
    let b = level(&args.required("--b")?)?;
    let games = args.number("--games")?.unwrap_or(100);
    let seed = args.number("--seed")?.unwrap_or(0);
    args.finish()?;
    let leaves = LeaveModel::bundled(language);
    let (mut wins, mut draws, mut losses) = (0u64, 0u64, 0u64);
    let (mut a_points, mut b_points) = (0i64, 0i64);
    for i in 0..games {
        let a_seat = (i % 2) as usize;
        let levels = if a_seat == 0 { [a, b] } else { [b, a] };
        let config = GameConfig::numbered(rules, language, 2, seed + i);
        let game = play_game(config, lexicon.clone(), &levels, &leaves);
        let (sa, sb) = (game.scores()[a_seat], game.scores()[1 - a_seat]);
        a_points += sa as i64;
        b_points += sb as i64;
        let a_rank = game.standings().iter().find(|s| s.seat == a_seat).map_or(2, |s| s.rank);
        let b_rank = game.standings().iter().find(|s| s.seat != a_seat).map_or(2, |s| s.rank);
        match a_rank.cmp(&b_rank) {
            std::cmp::Ordering::Less => wins += 1,
            std::cmp::Ordering::Equal => draws += 1,
            std::cmp::Ordering::Greater => losses += 1,
        }
    }
    let n = games.max(1) as f64;
    let rate = (wins as f64 + draws as f64 / 2.0) / n;
    let margin = 1.96 * (rate * (1.0 - rate) / n).sqrt();
    println!("{games} games, {rules} rules, {language}: A = {a}, B = {b}");
    println!("A: {wins} wins, {draws} draws, {losses} losses");
    println!("average scores: A {:.1}, B {:.1}", a_points as f64 / n, b_points as f64 / n);
    println!(
        "A's win rate {:.1}% (95% confidence interval {:.1}%–{:.1}%)",
        100.0 * rate,
        100.0 * (rate - margin).max(0.0),
        100.0 * (rate + margin).min(1.0)
    );
    Ok(())
}

/// `leaves`: learns leave values by self-play and writes them.
pub fn leaves(args: &mut Args) -> Result<(), Failure> {
    let rules = rules(args)?;
    let language = language(args)?;
    let lexicon = lexicon(args, language)?;
    let games = args.number("--games")?.unwrap_or(2000) as usize;
    let rounds = args.number("--rounds")?.unwrap_or(2);
    let seed = args.number("--seed")?.unwrap_or(0);
    let out = args.required("--out")?;
    args.finish()?;
    let mut model = LeaveModel::zero(language);
    for round in 0..rounds {
        model = learn_leaves(rules, &lexicon, games, seed + round * games as u64, &model);
        eprintln!("round {}: blank {:.2}, repeat {:.2}", round + 1, model.tile[0], model.repeat);
    }
    let header = format!(
        "leave values for {language}, learned by `wocable-cli leaves --rules {rules} --lang {language} --games {games} --rounds {rounds} --seed {seed}`"
    );
    std::fs::write(&out, model.to_text(language, &header)).map_err(|e| fail(format!("{out}: {e}")))?;
    Ok(())
}
