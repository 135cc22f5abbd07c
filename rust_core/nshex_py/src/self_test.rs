//! The self test of a packaged game (`nshex --selftest`): one complete game between two bots,
//! checking the tile accounting after every action. It lives in the binding, not in the bench
//! crate, so that the game ships without the benchmarks.

use nshex_ai::bot_by_name;
use nshex_formats::json::outcome_json;
use nshex_rules::{Game, Outcome, Player};

/// Plays one complete game between two bots, checking after every action that each army's
/// tiles are all accounted for and the HQ hit points are in range. Returns a summary.
pub fn selftest(a: &str, b: &str, seed: u64) -> Result<serde_json::Value, String> {
    let set = nshex_rules::tiles();
    let armies = [
        set.find_army("borgo").unwrap(),
        set.find_army("moloch").unwrap(),
    ];
    let mut g = Game::new(&armies, nshex_rules::BoardKind::Standard, seed);
    let mut bots = [bot_by_name(a, seed)?, bot_by_name(b, seed + 1)?];
    let mut actions = 0;
    while !g.is_over() {
        let act = match g.current_player() {
            Player::Chance => g.natural_draw().ok_or("no draw at a chance node")?,
            Player::Seat(s) => bots[s as usize].choose(&g),
            Player::Terminal => break,
        };
        g.apply(act)
            .map_err(|e| format!("a bot's action was refused: {e}"))?;
        actions += 1;
        for s in 0..2usize {
            let on_board = g
                .pos()
                .units()
                .filter(|(_, u)| u.seat == s as u8 && !u.def().is_hq())
                .count();
            let total = on_board + g.hands()[s].len() + g.decks()[s].len() + g.discards()[s].len();
            if total != 34 {
                return Err(format!(
                    "seat {s} has {total} tiles instead of 34 after action {actions}"
                ));
            }
        }
        if actions > 100_000 {
            return Err("the game did not end".into());
        }
    }
    let winner = outcome_json(g.outcome().unwrap_or(Outcome::None));
    Ok(
        serde_json::json!({"ok": true, "a": a, "b": b, "seed": seed, "actions": actions,
        "battles": g.battles(), "turns": g.turn(), "hq_hp": &g.pos().hq_hp[..2], "winner": winner}),
    )
}
