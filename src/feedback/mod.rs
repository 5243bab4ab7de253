//! Feedback for what happens in a game: [`Cue`]s that the animation and
//! audio systems turn into movement and sound (§8.3), and the short notice
//! that says why a move was refused.

pub mod animation;
pub mod audio;

use bevy::prelude::*;

/// Something the player should see or hear.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    Pick,
    Drop,
    Shuffle,
    Play,
    Invalid,
    Bingo,
    YourTurn,
    GameOver,
    /// Trace: a word of the hidden crossword.
    WordFound,
    BonusWord,
    AlreadyFound,
    NotAWord,
    /// Every word to find was found.
    Perfect,
    /// The clock's last seconds.
    Tick,
}

/// A short message over the board (why a move was refused), until `until`.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Notice {
    pub text: String,
    pub until: f32,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Cue>().init_resource::<Notice>().add_plugins(animation::plugin);
}
