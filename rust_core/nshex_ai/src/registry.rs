//! Bots by name, as the command line, Python and the arena ask for them.

use crate::bot::Bot;
use crate::bots::{GreedyBot, RandomBot};
use crate::mcts::{FlatMcBot, MctsBot, MctsConfig};
use nshex_rules::text::quote;

/// The bot names `bot_by_name` knows, weakest first.
pub const BOT_NAMES: [&str; 6] = ["random", "greedy", "flatmc", "easy", "medium", "hard"];

/// The iterations a decision of each searching level, by name: a client that runs a level
/// root-parallel on several cores multiplies them (`hard:threads=2,iters=...`).
pub fn level_iterations() -> [(&'static str, u32); 3] {
    [
        ("easy", MctsConfig::easy().iterations),
        ("medium", MctsConfig::medium().iterations),
        ("hard", MctsConfig::hard().iterations),
    ]
}

/// A bot by its name: `random`, `greedy`, `flatmc`, `easy`, `medium`, `hard`, optionally
/// with settings after a colon, e.g. `hard:iters=20000,threads=2` or `flatmc:ms=500`
/// (`iters`: iterations per decision; `ms`: time per decision; `turn_ms`: time per turn,
/// 0 for none; `threads`: search threads; `horizon`: turns searched past the current one;
/// `rhorizon`, `mhorizon`: the same in games with Reinforcements, with three or four seats;
/// `explore`: the UCB exploration constant in hundredths; `deep`: 1 to value leaves by two
/// battles; `order`: 1 to order the root's actions by the battle after each, 0 by the static
/// prior; `groot`: 1 greedy's move first at the root, 2 the root ordered by greedy's
/// valuation; `leader`: 1 to value the HQs against the strongest enemy in a deathmatch of
/// three or four seats, `leadp` the percent of it on the strongest enemy, the rest on the
/// enemies' average; `weakest`: percent of the HQ valuation on each side's weakest HQ in
/// the team modes; `grant`: hundredths of an HQ point for each unit next to a Smart HQ;
/// `margin`: hundredths of a lost game's value that go by its HQ margin; `keep`: 1 to start
/// the next decision of the same turn from the subtree of the action played;
/// `w.NAME=X`: the evaluation weight NAME, a decimal number, see [`crate::weights`]).
/// `hard-v1` is [`MctsConfig::hard_v1`]: the level as it was before tuning, kept for
/// side-by-side comparisons.
pub fn bot_by_name(name: &str, seed: u64) -> Result<Box<dyn Bot + Send>, String> {
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
        "hard-v1" => MctsConfig::hard_v1(),
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
        if let Some(w) = k.strip_prefix("w.") {
            if base == "flatmc" {
                return Err(format!("bot {}: bad setting {}", quote(base), quote(kv)));
            }
            let x: f64 = v
                .parse()
                .map_err(|_| format!("bot setting {}: {} is not a number", quote(k), quote(v)))?;
            cfg.weights.set(w, x)?;
            continue;
        }
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
            "rhorizon" if n <= 8 && base != "flatmc" => cfg.horizon_reinforcements = Some(n as u32),
            "mhorizon" if n <= 8 && base != "flatmc" => cfg.horizon_multi = Some(n as u32),
            "explore" if n <= 1000 && base != "flatmc" => cfg.exploration = n as f32 / 100.0,
            "deep" if n <= 1 && base != "flatmc" => cfg.deep_eval = n == 1,
            "maxn" if n <= 1 && base != "flatmc" => cfg.maxn = n == 1,
            "peek" if n <= 1 && base != "flatmc" => cfg.peek = n == 1,
            "leader" if n <= 1 && base != "flatmc" => cfg.against_leader = n as f32,
            "leadp" if n <= 100 && base != "flatmc" => cfg.against_leader = n as f32 / 100.0,
            "weakest" if n <= 100 && base != "flatmc" => cfg.team_weakest = n as f32 / 100.0,
            "order" if n <= 1 && base != "flatmc" => cfg.root_battle_order = n == 1,
            "groot" if n <= 2 && base != "flatmc" => cfg.greedy_root = n as u8,
            "grant" if n <= 1000 && base != "flatmc" => cfg.grant_worth = n as f32 / 100.0,
            "margin" if n <= 100 && base != "flatmc" => cfg.win_margin = n as f32 / 100.0,
            "keep" if n <= 1 && base != "flatmc" => cfg.keep_tree = n == 1,
            "scale" if (1..=1000).contains(&n) && base != "flatmc" => {
                cfg.eval_scale = n as f32 / 10.0
            }
            "scalep" if n <= 1000 && base != "flatmc" => cfg.eval_scale_phase = n as f32 / 100.0,
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
