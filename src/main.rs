//! The `posse` binary: the app with no arguments, the command line with any.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.len() <= 1 { posse::app::run() } else { posse::cli::run(args) }
}
