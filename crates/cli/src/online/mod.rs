//! `wocable-cli online …`: headless clients of wocable-server, the contract
//! the tests and our tools use (see the README).

mod bot;
mod link;
mod load;
mod lobby;

use crate::args::{Args, UsageError};
use crate::{Failure, fail, language, rules};
use bot::Bot;
use lobby::Lobby;
use std::time::Duration;
use wocable_crossword::computer::Level;
use wocable_net::{Joined, RandomGame};
use wocable_net::{RoomCode, RoomSettings};

pub fn run(args: &mut Args) -> Result<(), Failure> {
    let runtime = tokio::runtime::Runtime::new().map_err(fail)?;
    match args.positional("online create|bot|load")?.as_str() {
        "create" => create(args, &runtime),
        "bot" => bot(args, &runtime),
        "load" => load(args, &runtime),
        other => Err(UsageError::UnknownCommand(format!("online {other}")).into()),
    }
}

fn level(name: String) -> Result<Level, Failure> {
    Level::ALL.into_iter().find(|l| l.name() == name).ok_or_else(|| UsageError::Value("--level", name).into())
}

fn count(args: &mut Args, name: &'static str) -> Result<usize, Failure> {
    args.number(name)?.map(|n| n as usize).ok_or_else(|| UsageError::Missing(name).into())
}

fn create(args: &mut Args, runtime: &tokio::runtime::Runtime) -> Result<(), Failure> {
    let server = args.required("--server")?;
    let settings = RoomSettings {
        rules: rules(args)?,
        language: language(args)?,
        players: count(args, "--players")?,
        clock: args.number("--clock")?.map(|s| s.min(u64::from(u32::MAX)) as u32),
        word_list: args.option("--word-list")?,
        hints: args.flag("--hints"),
        days: None,
    };
    let computers = match args.option("--computers")? {
        Some(levels) => levels.split(',').map(|name| level(name.to_string())).collect::<Result<Vec<_>, _>>()?,
        None => Vec::new(),
    };
    args.finish()?;
    let code = runtime.block_on(Lobby::new(&server).create(&settings, &computers)).map_err(fail)?;
    println!("{code}");
    Ok(())
}

fn bot(args: &mut Args, runtime: &tokio::runtime::Runtime) -> Result<(), Failure> {
    let server = args.required("--server")?;
    let level = level(args.required("--level")?)?;
    let name = args.option("--name")?.unwrap_or_else(|| format!("{}-bot", level.name()));
    let gcg = args.option("--gcg")?;
    let code = args.option("--code")?;
    let random = args.flag("--random");
    let mut rematch = args.flag("--rematch");
    let lobby = Lobby::new(&server);
    let joined = match (code, random) {
        (Some(code), false) => {
            args.finish()?;
            let code = RoomCode::parse(&code).map_err(|e| fail(format!("--code: {e}")))?;
            runtime.block_on(lobby.join(code, &name)).map_err(fail)?
        }
        (None, true) => {
            let request = RandomGame {
                rules: rules(args)?,
                language: language(args)?,
                players: count(args, "--players")?,
                name,
                wait: args.number("--wait")?.unwrap_or(30),
                key: None,
                family: args.flag("--family"),
                days: None,
            };
            args.finish()?;
            runtime.block_on(lobby.random(&request)).map_err(fail)?
        }
        _ => return Err(UsageError::Missing("--code CODE or --random").into()),
    };
    let mut joined = joined;
    loop {
        let bot = Bot { lobby: lobby.clone(), joined: joined.clone(), level, pause: Duration::ZERO, watch: None };
        let finished = runtime.block_on(bot.play()).map_err(fail)?;
        if let Some(path) = &gcg {
            std::fs::write(path, &finished.gcg).map_err(|e| fail(format!("{path}: {e}")))?;
        }
        let names = &finished.view.settings().players;
        for standing in &finished.standings {
            let me = if standing.seat == finished.seat { " (me)" } else { "" };
            let name = names.get(standing.seat).map_or("?", String::as_str);
            println!("{} {name} {}{me}", standing.rank, standing.score);
        }
        if !std::mem::take(&mut rematch) {
            return Ok(());
        }
        joined = runtime.block_on(rematched(&lobby, &joined)).map_err(fail)?;
        println!("rematch {}", joined.code);
    }
}

/// How long a bot waits for the others to want a rematch: as long as the
/// server keeps a finished room.
const REMATCH_WAIT: Duration = Duration::from_secs(600);

/// The seat in a rematch of `joined`'s game, once every person wants it.
async fn rematched(lobby: &Lobby, joined: &Joined) -> Result<Joined, String> {
    let deadline = std::time::Instant::now() + REMATCH_WAIT;
    loop {
        let rematch = lobby.rematch(joined, Some(true)).await?;
        if let Some(seat) = rematch.joined {
            return Ok(seat);
        }
        if let Some(name) = rematch.declined {
            return Err(format!("{name} wants no rematch"));
        }
        if std::time::Instant::now() > deadline {
            return Err("nobody else wanted a rematch".into());
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

fn load(args: &mut Args, runtime: &tokio::runtime::Runtime) -> Result<(), Failure> {
    let server = args.required("--server")?;
    let rooms = count(args, "--rooms")?;
    let players = count(args, "--players")?;
    let level = args.option("--level")?.map(level).transpose()?.unwrap_or(Level::Strong);
    let pause = Duration::from_millis(args.number("--think")?.unwrap_or(0));
    args.finish()?;
    runtime.block_on(load::run(&server, rooms, players, level, pause)).map_err(fail)
}
