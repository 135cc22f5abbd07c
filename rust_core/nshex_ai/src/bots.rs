//! Bots that play through the decision API: uniformly random, and greedy one-ply. Each is
//! seeded (its randomness is its own RNG, never a global one), so a game between bots is
//! the same game for the same seeds.

use crate::bot::Bot;
use crate::eval::{BattleEval, Evaluator};
use nshex_rules::{Action, Game, LegalActions, Outcome, Player};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Picks uniformly among the legal actions (from the compact list: the same pick as from
/// the full one, without listing every placement).
pub struct RandomBot {
    rng: ChaCha8Rng,
    legal: LegalActions,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            legal: LegalActions::new(),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, game: &Game) -> Action {
        random_legal(game, &mut self.legal, &mut self.rng)
    }
}

/// A uniformly random legal action, picked from the compact list `legal` (the same pick as
/// from the full list, without listing every placement).
pub fn random_legal(game: &Game, legal: &mut LegalActions, rng: &mut ChaCha8Rng) -> Action {
    game.legal_actions_compact(legal);
    let k = rng.random_range(0..legal.len());
    legal.get(k).expect("below len")
}

/// Plays `g` on with uniformly random decisions and the decks' next tiles until it ends or
/// `limit` actions have been played.
pub fn play_randomly(g: &mut Game, legal: &mut LegalActions, rng: &mut ChaCha8Rng, limit: u32) {
    for _ in 0..limit {
        let a = match g.current_player() {
            Player::Terminal => break,
            Player::Chance => g.natural_draw().expect("a draw"),
            Player::Seat(_) => random_legal(g, legal, rng),
        };
        g.apply_unchecked(a);
    }
}

/// Plays `count` games on from `game` to their end, every decision uniformly random and
/// every draw the deck's next tile, and gives each one's outcome (battle logs are not kept).
/// With `resample`, each playout first shuffles the hidden deck orders again, as a player
/// who does not know the coming draws must; without, every playout draws what the decks
/// hold. The same game, count, seed and `resample` give the same outcomes. A playout that
/// has not ended after `PLAYOUT_LIMIT` actions (no game lasts that long) gives
/// `Outcome::None`.
pub fn random_playouts(game: &Game, count: u32, seed: u64, resample: bool) -> Vec<Outcome> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = LegalActions::new();
    let mut deal = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut g = game.clone();
    (0..count)
        .map(|_| {
            g.copy_from(game);
            g.set_keep_battle_logs(false);
            if resample {
                g.shuffle_hidden(&mut deal);
            }
            play_randomly(&mut g, &mut legal, &mut rng, PLAYOUT_LIMIT);
            g.outcome().unwrap_or(Outcome::None)
        })
        .collect()
}

/// The most actions [`random_playouts`] plays in one playout.
pub const PLAYOUT_LIMIT: u32 = 100_000;

/// Tries every legal action, scores the position each one leads to by resolving a battle on
/// its board, and plays the best (ties broken at random).
pub struct GreedyBot {
    rng: ChaCha8Rng,
    eval: BattleEval,
    buf: Vec<Action>,
}

impl GreedyBot {
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            eval: BattleEval::new(),
            buf: Vec::with_capacity(256),
        }
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
            g.answer_automatically();
            let v = self.eval.game(&g, seat);
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
