//! Why a move, in words: what the evaluation looks at, the battle the board would fight now
//! (HQ hit points and units of each side), before and after the move.

use nshex_rules::{resolve, Action, Game, Player, Position};

/// What a battle on `pos` would do now, for `seat`: (HQ hit points the enemies lose, those
/// its own side loses, enemy units destroyed, own units destroyed).
fn battle_now(pos: &Position, seat: u8) -> (i32, i32, i32, i32) {
    let mut after = pos.clone();
    resolve(&mut after);
    tally(pos, &after, seat)
}

/// HQ losses and units removed between `before` and `after`, enemies first, for `seat`.
fn tally(before: &Position, after: &Position, seat: u8) -> (i32, i32, i32, i32) {
    let rel = before.relations();
    let (mut enemy_hq, mut own_hq) = (0, 0);
    for s in 0..before.seats {
        let lost = before.hq_hp[s as usize] as i32 - after.hq_hp[s as usize] as i32;
        if rel.allied(seat, s) {
            own_hq += lost;
        } else {
            enemy_hq += lost;
        }
    }
    let (mut enemy_units, mut own_units) = (0, 0);
    for (i, u) in before.cells.iter().enumerate() {
        let Some(u) = u else { continue };
        if u.def().is_hq()
            || u.ctrl == nshex_rules::NEUTRAL
            || after.cells[i].is_some_and(|a| a.tile == u.tile)
        {
            continue;
        }
        if rel.allied(seat, u.ctrl) {
            own_units += 1;
        } else {
            enemy_units += 1;
        }
    }
    (enemy_hq, own_hq, enemy_units, own_units)
}

fn units(n: i32) -> String {
    if n == 1 {
        "1 unit".into()
    } else {
        format!("{n} units")
    }
}

/// What a battle does, in a player's words: ``the enemy HQ loses 2, 1 unit of yours is
/// destroyed``, or ``nobody is hurt``.
fn battle_words(enemy_hq: i32, own_hq: i32, enemy_units: i32, own_units: i32) -> String {
    let mut parts = Vec::new();
    if enemy_hq > 0 {
        parts.push(format!("the enemy HQ loses {enemy_hq}"));
    }
    if own_hq > 0 {
        parts.push(format!("your HQ loses {own_hq}"));
    }
    if enemy_units > 0 {
        parts.push(format!("{} of theirs destroyed", units(enemy_units)));
    }
    if own_units > 0 {
        parts.push(format!("{} of yours destroyed", units(own_units)));
    }
    if parts.is_empty() {
        "nobody is hurt".into()
    } else {
        parts.join(", ")
    }
}

/// A short reason for playing `action` in `game`, from the seat to move's point of view, in
/// a player's words (no notation, no numbers that say nothing): what a battle fought now
/// would do after the move, and what it would do without it when that differs; or, when the
/// move itself brings a battle (a Battle tile, the last free hex), what that battle did.
pub fn reason(game: &Game, action: Action) -> String {
    let Player::Seat(seat) = game.current_player() else {
        return String::new();
    };
    let before = game.for_search(seat);
    let mut after = before.clone();
    after.apply_unchecked(action);
    after.answer_automatically();
    if after.battles() > before.battles() {
        let (eh, oh, eu, ou) = tally(before.pos(), after.pos(), seat);
        return format!("starts the battle now: {}", battle_words(eh, oh, eu, ou));
    }
    let now = battle_now(before.pos(), seat);
    let then = battle_now(after.pos(), seat);
    let gain = (then.0 - then.1) - (now.0 - now.1);
    let units_gain = (then.2 - then.3) - (now.2 - now.3);
    let verdict = if gain > 0 || (gain == 0 && units_gain > 0) {
        "improves the coming battle"
    } else if gain < 0 || units_gain < 0 {
        "costs something in the coming battle, for a later gain"
    } else {
        "keeps the coming battle as it is"
    };
    let with = battle_words(then.0, then.1, then.2, then.3);
    if now == then {
        return format!("{verdict}: in a battle now {with}");
    }
    let without = battle_words(now.0, now.1, now.2, now.3);
    format!("{verdict}: in a battle now {with} (without this move: {without})")
}
