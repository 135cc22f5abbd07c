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
/// Returns the number of actions applied. `max_actions` bounds a runaway game, and a game
/// that stalls ([`Stall`]) stops unfinished: its outcome stays `None`, a draw to an arena.
pub fn play_out(game: &mut Game, bots: &mut [Box<dyn Bot + Send>], max_actions: usize) -> usize {
    let mut n = 0;
    let mut stall = Stall::default();
    while n < max_actions {
        let a = match game.current_player() {
            Player::Terminal => break,
            Player::Chance => game.natural_draw().expect("a draw"),
            Player::Seat(s) => bots[s as usize].choose(game),
        };
        game.apply_unchecked(a);
        n += 1;
        if stall.stalled(game) {
            break;
        }
    }
    n
}

/// A game that no longer moves towards its end: every turn outside the ending sequence draws
/// at least one tile from a deck, except a draw of the Mad Bomber passed back onto the pile
/// (D-24). Two seats that keep their hands, draw the Mad Bomber, discard it onto each other's
/// pile and end their turns play for ever; no deck shrinks. The ending sequence lasts at most
/// two rounds. So [`STALL_TURNS`] turns in a row without a deck shrinking is a stall.
///
/// Progress is a new low of the tiles left in the decks: the Mad Bomber going back onto a
/// pile and drawn from it again raises and lowers the count without it.
#[derive(Clone, Copy, Debug)]
pub struct Stall {
    turn: u32,
    fewest_left: usize,
    still: u32,
}

impl Default for Stall {
    fn default() -> Stall {
        Stall {
            turn: u32::MAX,
            fewest_left: usize::MAX,
            still: 0,
        }
    }
}

/// Turns in a row without a new low of the decks that [`Stall`] takes for a stall: ten rounds of
/// four seats, five times the longest ending sequence.
pub const STALL_TURNS: u32 = 40;

impl Stall {
    /// Called after every action; true once [`STALL_TURNS`] turns have begun in a row
    /// without a new low. The decks are counted once a turn, when it begins.
    pub fn stalled(&mut self, game: &Game) -> bool {
        if game.turn() == self.turn {
            return false;
        }
        self.turn = game.turn();
        self.turn_begins(game.decks().iter().map(Vec::len).sum())
    }

    /// A turn begins with `tiles_left` in all decks: true on the [`STALL_TURNS`]th turn in a
    /// row without a new low.
    fn turn_begins(&mut self, tiles_left: usize) -> bool {
        if tiles_left < self.fewest_left {
            self.fewest_left = tiles_left;
            self.still = 0;
        } else {
            self.still += 1;
        }
        self.still >= STALL_TURNS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stall_is_forty_turns_without_a_deck_shrinking() {
        let mut stall = Stall::default();
        // A deck shrinks every turn: never a stall.
        for turn in 1..200usize {
            assert!(!stall.turn_begins(500 - turn));
        }
        // From turn 200 each turn begins with the Mad Bomber back on a pile (one tile more
        // than the low) and draws it again: no new low, and the 40th such turn is the stall.
        let still: Vec<bool> = (200..260).map(|_| stall.turn_begins(302)).collect();
        assert_eq!(
            still.iter().position(|&s| s),
            Some(STALL_TURNS as usize - 1)
        );
        // The ending sequence: two rounds of four seats with empty decks are no stall.
        let mut ending = Stall::default();
        assert!((1..=8).all(|_| !ending.turn_begins(0)));
    }

    #[test]
    fn the_decks_are_counted_when_a_turn_begins() {
        let set = nshex_rules::tiles();
        let armies = [
            set.find_army("borgo").unwrap(),
            set.find_army("moloch").unwrap(),
        ];
        let game = Game::new(&armies, nshex_rules::BoardKind::Standard, 1);
        let mut stall = Stall::default();
        assert!(!stall.stalled(&game));
        assert_eq!((stall.turn, stall.still), (game.turn(), 0));
        let left: usize = game.decks().iter().map(Vec::len).sum();
        assert_eq!(stall.fewest_left, left);
        // The same turn again: not counted a second time.
        assert!(!stall.stalled(&game));
        assert_eq!(stall.still, 0);
    }
}
