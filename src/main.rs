//! The desktop entry point.

use std::process::ExitCode;

fn main() -> ExitCode {
    if let Err(missing) = wocable::desktop_session() {
        eprintln!("wocable: {missing}");
        return ExitCode::FAILURE;
    }
    wocable::run();
    ExitCode::SUCCESS
}
