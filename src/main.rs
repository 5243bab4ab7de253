//! The desktop entry point.

fn main() {
    wocable::run();
}
