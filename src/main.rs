//! The `posse` binary: the app with no arguments, the command line with any; in a web page
//! (`wasm32`), the app on the page's canvas.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let systems = posse::systems::ALL;
    if args.len() <= 1 {
        posse::app::run(systems)
    } else {
        // The player's data folder, for the commands that open saved games (`posse serve`).
        posse::cli::run(systems, args, posse::store::DataDir::platform().ok())
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    posse::web::start();
}
