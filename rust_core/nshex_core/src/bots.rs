//! Bots that play through the decision API: uniformly random, and greedy one-ply. Each is
//! seeded (its randomness is its own RNG, never a global one), so a game between bots is
//! the same game for the same seeds.

use crate::battle::{NoLog, Outcome, Resolver};
use crate::game::{Action, Game, Player};
use crate::position::Position;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Something that answers a seat's decisions.
pub trait Bot {
    fn name(&self) -> &str;
    /// The action to play in `game`, where `current_player()` is this bot's seat.
    fn choose(&mut self, game: &Game) -> Action;
}

/// Picks uniformly among the legal actions.
pub struct RandomBot {
    rng: ChaCha8Rng,
    buf: Vec<Action>,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            buf: Vec::with_capacity(256),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, game: &Game) -> Action {
        game.legal_actions_into(&mut self.buf);
        self.buf[self.rng.random_range(0..self.buf.len())]
    }
}

/// Tries every legal action, scores the position each one leads to by resolving a battle on
/// its board, and plays the best (ties broken at random).
pub struct GreedyBot {
    rng: ChaCha8Rng,
    resolver: Resolver,
    buf: Vec<Action>,
}

impl GreedyBot {
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            resolver: Resolver::new(),
            buf: Vec::with_capacity(256),
        }
    }
}

/// Worth of a board for `seat`: the battle that would follow, HQ hit points first, then
/// the tiles left standing.
pub fn evaluate(resolver: &mut Resolver, pos: &Position, seat: u8) -> f64 {
    let mut after = pos.clone();
    let s = resolver
        .resolve(&mut after, None, &mut NoLog)
        .expect("automatic choices");
    match s.outcome {
        Outcome::Winner(w) if w == seat => return 1000.0,
        Outcome::Winner(_) => return -1000.0,
        Outcome::Draw => return 0.0,
        Outcome::None => {}
    }
    let mut score = 0.0;
    for s in 0..after.seats {
        let hp = after.hq_hp[s as usize] as f64;
        score += if s == seat {
            hp
        } else {
            -hp / (after.seats - 1) as f64
        };
    }
    for (_, u) in after.units() {
        if !u.def().is_hq() {
            score += if u.seat == seat { 0.3 } else { -0.3 };
        }
    }
    score
}

/// Worth of a game state for `seat` (a finished game by its result).
pub fn evaluate_game(resolver: &mut Resolver, game: &Game, seat: u8) -> f64 {
    match game.outcome {
        Some(Outcome::Winner(w)) => {
            if w == seat {
                1000.0
            } else {
                -1000.0
            }
        }
        Some(Outcome::Draw) => 0.0,
        _ => evaluate(resolver, &game.pos, seat),
    }
}

impl Bot for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, game: &Game) -> Action {
        let Player::Seat(seat) = game.current_player() else {
            panic!("a bot is asked only for a seat's decision");
        };
        game.legal_actions_into(&mut self.buf);
        let mut best = f64::NEG_INFINITY;
        let mut best_actions: Vec<Action> = Vec::new();
        for &a in &self.buf {
            let mut g = game.clone();
            g.apply_unchecked(a);
            let v = evaluate_game(&mut self.resolver, &g, seat);
            if v > best + 1e-9 {
                best = v;
                best_actions.clear();
                best_actions.push(a);
            } else if (v - best).abs() <= 1e-9 {
                best_actions.push(a);
            }
        }
        best_actions[self.rng.random_range(0..best_actions.len())]
    }
}

/// A bot by its name (`random`, `greedy`).
pub fn bot_by_name(name: &str, seed: u64) -> Result<Box<dyn Bot + Send>, String> {
    match name {
        "random" => Ok(Box::new(RandomBot::new(seed))),
        "greedy" => Ok(Box::new(GreedyBot::new(seed))),
        "flatmc" | "easy" | "medium" | "hard" => Err(format!(
            "bot {name:?} is not available yet (the search levels come with the MCTS AI); available: random, greedy"
        )),
        _ => Err(format!("unknown bot {name:?}; available: random, greedy")),
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
