//! Bots that play through the decision API: uniformly random, and greedy one-ply. Each is
//! seeded (its randomness is its own RNG, never a global one), so a game between bots is
//! the same game for the same seeds.

use nshex_rules::text::quote;
use nshex_rules::Position;
use nshex_rules::{Action, Game, Player};
use nshex_rules::{NoLog, Outcome, Resolver};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Something that answers a seat's decisions.
pub trait Bot {
    fn name(&self) -> &str;
    /// The action to play in `game`, where `current_player()` is this bot's seat.
    fn choose(&mut self, game: &Game) -> Action;
    /// Where a searching bot reports its progress and can be cancelled (`None`: it never
    /// takes long enough to need it).
    fn progress(&self) -> Option<std::sync::Arc<crate::mcts::Progress>> {
        None
    }
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

/// Score of a battle's outcome for `seat` when it ends the game.
fn outcome_score(outcome: Outcome, seat: u8, win: f64) -> Option<f64> {
    match outcome {
        Outcome::Winner(w) if w == seat => Some(win),
        Outcome::Winner(_) => Some(-win),
        Outcome::Draw => Some(0.0),
        Outcome::None => None,
    }
}

/// `seat`'s HQ hit points minus the average of the others'.
fn hp_diff(p: &Position, seat: u8) -> f64 {
    let others = (p.seats - 1) as f64;
    (0..p.seats)
        .map(|s| {
            let hp = p.hq_hp[s as usize] as f64;
            if s == seat {
                hp
            } else {
                -hp / others
            }
        })
        .sum()
}

/// Resolves a battle on `pos` in place with the automatic choices.
fn battle_in_place(resolver: &mut Resolver, pos: &mut Position) -> Outcome {
    resolver
        .resolve(pos, None, &mut NoLog)
        .expect("automatic choices")
        .outcome
}

/// Sum over the non-HQ tiles on `p` of `worth(tile)`, counted against `seat` for enemies.
fn material(p: &Position, seat: u8, worth: impl Fn(&nshex_rules::TileDef) -> f64) -> f64 {
    p.units()
        .filter(|(_, u)| !u.def().is_hq())
        .map(|(_, u)| {
            let v = worth(u.def());
            if u.seat == seat {
                v
            } else {
                -v
            }
        })
        .sum()
}

/// Worth of a board for `seat`: the battle that would follow, HQ hit points first, then
/// the tiles left standing.
pub fn evaluate(resolver: &mut Resolver, pos: &Position, seat: u8) -> f64 {
    let mut after = pos.clone();
    let outcome = battle_in_place(resolver, &mut after);
    if let Some(v) = outcome_score(outcome, seat, 1000.0) {
        return v;
    }
    hp_diff(&after, seat) + material(&after, seat, |_| 0.3)
}

/// A deeper worth of a board for `seat`: the battle that would follow, then half of what a
/// second battle of the survivors would add (the board stays, so units that keep hitting
/// the enemy HQ are worth more than one battle shows), plus the tiles left by their
/// worth. Costs two battles.
pub fn evaluate_deep(resolver: &mut Resolver, pos: &Position, seat: u8) -> f64 {
    let mut board = pos.clone();
    let outcome = battle_in_place(resolver, &mut board);
    if let Some(v) = outcome_score(outcome, seat, 1000.0) {
        return v;
    }
    let now = hp_diff(&board, seat);
    let material = material(&board, seat, |def| {
        0.15 * crate::heuristics::tile_value(def) as f64
    });
    // The second battle on the same board: nothing after it needs the first result.
    let outcome = battle_in_place(resolver, &mut board);
    let future = outcome_score(outcome, seat, 15.0).unwrap_or_else(|| hp_diff(&board, seat) - now);
    now + 0.5 * future + material
}

/// The answer to a battle question that leads to the best state for the seat answering:
/// each answer is tried, the battle finished with automatic answers, and the result valued
/// (by two battles with `deep`). Ties go to the automatic answer, then the first.
pub fn answer_by_battle(resolver: &mut Resolver, game: &Game, deep: bool) -> Action {
    let q = game
        .battle_question()
        .expect("a battle waiting for an answer");
    let seat = q.seat();
    let automatic = Action::from_answer(q.automatic());
    let mut best: Option<(f64, Action)> = None;
    let mut g = game.clone();
    for a in q.answers().into_iter().map(Action::from_answer) {
        g.copy_from(game);
        g.set_keep_battle_logs(false);
        g.apply_unchecked(a);
        g.answer_automatically();
        let v = match g.outcome() {
            Some(_) => evaluate_game(resolver, &g, seat),
            None if deep => evaluate_deep(resolver, g.pos(), seat),
            None => evaluate(resolver, g.pos(), seat),
        };
        let better = best.is_none_or(|(b, _)| v > b + 1e-9 || (v >= b - 1e-9 && a == automatic));
        if better {
            best = Some((v, a));
        }
    }
    best.map_or(automatic, |(_, a)| a)
}

/// Worth of a game state for `seat` (a finished game by its result).
pub fn evaluate_game(resolver: &mut Resolver, game: &Game, seat: u8) -> f64 {
    match game.outcome() {
        Some(Outcome::Winner(w)) => {
            if w == seat {
                1000.0
            } else {
                -1000.0
            }
        }
        Some(Outcome::Draw) => 0.0,
        _ => evaluate(resolver, game.pos(), seat),
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

/// The bot names `bot_by_name` knows, weakest first.
pub const BOT_NAMES: [&str; 6] = ["random", "greedy", "flatmc", "easy", "medium", "hard"];

/// A bot by its name: `random`, `greedy`, `flatmc`, `easy`, `medium`, `hard`, optionally
/// with settings after a colon, e.g. `hard:iters=20000,threads=2` or `flatmc:ms=500`
/// (`iters`: iterations per decision; `ms`: time per decision; `turn_ms`: time per turn,
/// 0 for none; `threads`: search threads; `horizon`: turns searched past the current one;
/// `explore`: the UCB exploration constant in hundredths; `deep`: 1 to value leaves by two
/// battles).
pub fn bot_by_name(name: &str, seed: u64) -> Result<Box<dyn Bot + Send>, String> {
    use crate::mcts::{FlatMcBot, MctsBot, MctsConfig};
    use std::time::Duration;
    let (base, settings) = name.split_once(':').unwrap_or((name, ""));
    let mut cfg = match base {
        "random" | "greedy" if !settings.is_empty() => {
            return Err(format!(
                "bot {} has no settings (got {})",
                quote(base),
                quote(settings)
            ))
        }
        "random" => return Ok(Box::new(RandomBot::new(seed))),
        "greedy" => return Ok(Box::new(GreedyBot::new(seed))),
        "easy" => MctsConfig::easy(),
        "medium" => MctsConfig::medium(),
        "hard" => MctsConfig::hard(),
        "flatmc" => MctsConfig {
            iterations: 6_000,
            ..MctsConfig::easy()
        },
        _ => {
            return Err(format!(
                "unknown bot {}; available: {}",
                quote(base),
                BOT_NAMES.join(", ")
            ))
        }
    };
    for kv in settings.split(',').filter(|x| !x.is_empty()) {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| format!("bot setting {} is not key=value", quote(kv)))?;
        let n: u64 = v.parse().map_err(|_| {
            format!(
                "bot setting {}: {} is not a whole number",
                quote(k),
                quote(v)
            )
        })?;
        match k {
            "iters" if n >= 1 && n <= u32::MAX as u64 => cfg.iterations = n as u32,
            "ms" => cfg.decision_time = (n > 0).then(|| Duration::from_millis(n)),
            "turn_ms" if base != "flatmc" => {
                cfg.turn_time = (n > 0).then(|| Duration::from_millis(n))
            }
            "threads" if (1..=64).contains(&n) && base != "flatmc" => cfg.threads = n as usize,
            "horizon" if n <= 8 && base != "flatmc" => cfg.horizon = n as u32,
            "explore" if n <= 1000 && base != "flatmc" => cfg.exploration = n as f32 / 100.0,
            "deep" if n <= 1 && base != "flatmc" => cfg.deep_eval = n == 1,
            _ => return Err(format!("bot {}: bad setting {}", quote(base), quote(kv))),
        }
    }
    if base == "flatmc" {
        return Ok(Box::new(FlatMcBot::new(
            cfg.iterations,
            cfg.decision_time,
            seed,
        )));
    }
    Ok(Box::new(MctsBot::new(name, cfg, seed)))
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
