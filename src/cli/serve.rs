//! `posse serve`: a saved game shared at the table by a host with no screen (a Raspberry Pi at
//! the club), until it is interrupted.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr};
use std::path::Path;

use serde_json::json;

use crate::host::{Context, Failure, Output, System};
use crate::share::{Options, Share};
use crate::store::DataDir;

/// The command's definition.
pub fn command() -> clap::Command {
    clap::Command::new("serve")
        .about("Share a saved game at the table: each player's phone joins on the local network and sees only its own seat (runs until interrupted)")
        .arg(
            clap::Arg::new("game")
                .long("game")
                .required(true)
                .value_name("PATH-OR-ID")
                .help("The game: its id (as in the saved-games list) or its journal's path (…/games/ID.jsonl)"),
        )
        .arg(
            clap::Arg::new("system")
                .long("system")
                .value_name("ID")
                .help("The game system (see posse systems); found from the game when not given"),
        )
        .arg(
            clap::Arg::new("bind")
                .long("bind")
                .value_name("ADDR")
                .value_parser(clap::value_parser!(IpAddr))
                .help("The address to listen on [default: every address of this machine]"),
        )
        .arg(
            clap::Arg::new("port")
                .long("port")
                .value_name("N")
                .value_parser(clap::value_parser!(u16))
                .help("The port [default: the one the game was shared on before, else 7878; 0: any free port]"),
        )
}

/// Runs `posse serve`: prints each join address on a line of its own (as JSON with `--json`),
/// then carries out the phones' choices until it is interrupted, each one's line on stderr.
pub fn run(
    systems: &[System],
    matches: &clap::ArgMatches,
    context: &mut Context<'_>,
    root: Option<&DataDir>,
) -> Result<Output, Failure> {
    let game = matches.get_one::<String>("game").map_or("", String::as_str);
    let system = matches.get_one::<String>("system").map(String::as_str);
    let (system, data, id) = find(systems, system, game, root)?;
    let serve = system.serve.ok_or_else(|| {
        Failure::refused(format!("{} games cannot be shared at the table yet.", system.title))
    })?;
    let mut table = serve(data.clone(), &id).map_err(Failure::refused)?;
    let options = Options {
        bind: matches.get_one::<IpAddr>("bind").copied().unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED)),
        port: matches.get_one::<u16>("port").copied(),
        title: system.title.to_owned(),
    };
    let mut share = Share::start(table.as_ref(), Some(&data), &options, Box::new(|| {}))
        .map_err(|e| Failure::refused(e.to_string()))?;
    let mut stdout = std::io::stdout();
    let out: &mut dyn Write = match context.progress.as_mut() {
        Some(progress) => &mut **progress,
        None => &mut stdout,
    };
    for address in &share.addresses {
        let line = if context.json {
            json!({"join": address, "system": system.id, "game": id}).to_string()
        } else {
            address.clone()
        };
        writeln!(out, "{line}")
            .and_then(|()| out.flush())
            .map_err(|e| Failure::malformed(format!("Posse could not write its output: {e}.")))?;
    }
    let mut errors = std::io::stderr();
    loop {
        for line in share.wait_and_pump(table.as_mut(), crate::clock::Duration::from_millis(250)) {
            let _ = writeln!(errors, "{line}");
        }
        if table.open_id().is_none() {
            return Err(Failure::refused("The game was closed: sharing stopped."));
        }
    }
}

/// The system, its data folder and the game's id for `--game` (an id, or a journal's path
/// `…/<system>/games/<id>.jsonl`).
fn find<'a>(
    systems: &'a [System],
    system: Option<&str>,
    game: &str,
    root: Option<&DataDir>,
) -> Result<(&'a System, DataDir, String), Failure> {
    let named = match system {
        Some(id) => Some(crate::host::by_id(systems, id).ok_or_else(|| {
            let ids: Vec<&str> = systems.iter().map(|s| s.id).collect();
            Failure::malformed(format!(
                "There is no game system '{id}': it is one of {} (see posse systems).",
                ids.join(", ")
            ))
        })?),
        None => None,
    };
    let path = Path::new(game);
    if path.extension().is_some_and(|e| e == "jsonl") {
        let id = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_owned();
        let games = path.parent().filter(|p| p.file_name().is_some_and(|n| n == "games"));
        let folder = games.and_then(Path::parent).ok_or_else(|| {
            Failure::malformed(format!(
                "{game} is not in a games folder: give a journal in …/games/ or the game's id."
            ))
        })?;
        let by_folder =
            folder.file_name().and_then(|n| n.to_str()).and_then(|n| crate::host::by_id(systems, n));
        let system = named.or(by_folder).ok_or_else(|| {
            Failure::malformed(format!("Say which game system {game} is with --system (see posse systems)."))
        })?;
        return Ok((system, DataDir::at(folder), id));
    }
    let root = root.ok_or_else(|| {
        Failure::malformed(format!(
            "Posse has no data folder to find the game '{game}' in: give its journal's path."
        ))
    })?;
    let candidates: Vec<&System> = named.map_or_else(|| systems.iter().collect(), |s| vec![s]);
    let found: Vec<&System> =
        candidates.into_iter().filter(|s| root.system(s.id).list_games().iter().any(|g| g == game)).collect();
    match found.as_slice() {
        [system] => Ok((system, root.system(system.id), game.to_owned())),
        [] => Err(Failure::refused(format!("There is no saved game '{game}' in {}.", root.root().display()))),
        _ => Err(Failure::malformed(format!(
            "Several game systems have a game '{game}': say which with --system."
        ))),
    }
}
