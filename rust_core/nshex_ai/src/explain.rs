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

/// A short reason for playing `action` in `game`, from the seat to move's point of view:
/// what a battle fought now would do after the move, against what it would do without it;
/// or, when the move itself brings a battle (a Battle tile, the last free hex), what that
/// battle did.
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
        return format!(
            "starts the battle now: the enemy HQ loses {eh}, yours {oh}; {} of theirs and {} \
             of yours destroyed",
            units(eu),
            units(ou)
        );
    }
    let (eh0, oh0, eu0, ou0) = battle_now(before.pos(), seat);
    let (eh1, oh1, eu1, ou1) = battle_now(after.pos(), seat);
    let gain = (eh1 - oh1) - (eh0 - oh0);
    let units_gain = (eu1 - ou1) - (eu0 - ou0);
    let verdict = if gain > 0 || (gain == 0 && units_gain > 0) {
        "improves the coming battle"
    } else if gain < 0 || units_gain < 0 {
        "costs something in the coming battle, for a later gain"
    } else {
        "keeps the coming battle as it is"
    };
    format!(
        "{verdict}: a battle now would cost the enemy HQ {eh1} and yours {oh1} (without this \
         move {eh0} and {oh0}) and destroy {} of theirs and {} of yours",
        units(eu1),
        units(ou1)
    )
}
