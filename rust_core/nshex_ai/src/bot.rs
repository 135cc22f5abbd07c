//! What a computer player is: something that answers a seat's decisions, may report its
//! progress and be cancelled, and can play a game out against others.

use nshex_rules::{Action, Game, Player};
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::Arc;

/// Something that answers a seat's decisions.
pub trait Bot {
    fn name(&self) -> &str;
    /// The action to play in `game`, where `current_player()` is this bot's seat.
    fn choose(&mut self, game: &Game) -> Action;
    /// Where a searching bot reports its progress and can be cancelled (`None`: it never
    /// takes long enough to need it).
    fn progress(&self) -> Option<Arc<Progress>> {
        None
    }
    /// What the last search saw (a searching bot; `None` for the others or before any).
    fn last_search(&self) -> Option<&SearchResult> {
        None
    }
}

/// The answer of a search: the action and what the search saw.
#[derive(Clone, Debug)]
pub struct SearchResult {
    pub action: Action,
    pub iterations: u32,
    /// (action, visits, mean value for the deciding seat) of each root child.
    pub root: Vec<(Action, u32, f32)>,
    pub nodes: usize,
    /// The principal line: from the root, the most visited child at each step (the
    /// search's own moves and the replies it expects), at most eight actions.
    pub line: Vec<Action>,
}

/// What a running search reports to another thread, and how that thread stops it.
#[derive(Debug, Default)]
pub struct Progress {
    /// Iterations done in the current decision.
    pub iterations: AtomicU64,
    /// The best action so far, encoded, or `u64::MAX` before there is one.
    pub best: AtomicU64,
    /// Set to stop the search; it then answers with its best action so far.
    pub cancel: AtomicBool,
}

impl Progress {
    pub fn new() -> Arc<Progress> {
        Arc::new(Progress {
            iterations: AtomicU64::new(0),
            best: AtomicU64::new(u64::MAX),
            cancel: AtomicBool::new(false),
        })
    }
}

/// Plays `game` to the end: chance by the hidden deck order, seats by `bots[seat]`.
/// Returns the number of actions applied. `max_actions` bounds a runaway game.
pub fn play_out(game: &mut Game, bots: &mut [Box<dyn Bot + Send>], max_actions: usize) -> usize {
    let mut n = 0;
    while n < max_actions {
        let a = match game.current_player() {
            Player::Terminal => break,
            Player::Chance => game.natural_draw().expect("a draw"),
            Player::Seat(s) => bots[s as usize].choose(game),
        };
        game.apply_unchecked(a);
        n += 1;
    }
    n
}
