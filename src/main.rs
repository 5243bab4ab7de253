fn main() {
    println!("The Wocable app arrives with the app issue; run `cargo xtask play` for the terminal game.");
}
