//! Why a move, in words: what the move does in the terms of the army or option it uses
//! (takeovers, the grant, nets, bonuses, Mines, energy, Mercenaries, the Mad Bomber, hands of
//! six), read off the game before and after it; then what the evaluation looks at, the
//! battle the board would fight now (HQ hit points and units of each side), before and after
//! the move.

mod effects;
mod moves;
mod names;

use nshex_rules::{resolve, Action, Game, Player, Position, Stage};
/// What a battle on `pos` would do now, for `seat`: (HQ hit points the enemies lose, those
/// its own side loses, enemy units destroyed, own units destroyed).
fn battle_now(pos: &Position, seat: u8) -> (i32, i32, i32, i32) {
    let mut after = pos.clone();
    resolve(&mut after);
    tally(pos, &after, seat)
}

/// HQ losses and units removed between `before` and `after`, enemies first, for `seat`. A
/// unit is known by its placement number, so that one moved is not counted as lost.
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
    for u in before.cells.iter().flatten() {
        if u.def().is_hq()
            || u.ctrl == nshex_rules::NEUTRAL
            || after.cells.iter().flatten().any(|a| a.placed == u.placed)
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

/// Units that changed sides between `before` and `after` (a takeover): those won for
/// `seat`'s side less those lost to the enemies; `replaced` (a Transporter a tile took the
/// place of) counts as kept: it went to the discard pile by choice.
fn switched(before: &Position, after: &Position, seat: u8, replaced: Option<u16>) -> i32 {
    let rel = before.relations();
    let mut n = 0;
    for u in before.cells.iter().flatten() {
        let Some(now) = after.cells.iter().flatten().find(|a| a.placed == u.placed) else {
            n += i32::from(Some(u.placed) == replaced);
            continue;
        };
        match (rel.allied(seat, u.ctrl), rel.allied(seat, now.ctrl)) {
            (false, true) if u.ctrl != nshex_rules::NEUTRAL => n += 1,
            (true, false) => n -= 1,
            _ => {}
        }
    }
    n
}

/// A short reason for playing `action` in `game`, from the seat to move's point of view, in
/// a player's words (names, places and effects; no notation, no coordinates): what the move
/// does (``the grant lets the Bio-droid move next to your HQ: nets the Vegas Guard``), then
/// what a battle fought now would do after the move, and what it would do without it when
/// that differs; or, when the move itself brings a battle (a Battle tile, the last free
/// hex), what that battle did.
pub fn reason(game: &Game, action: Action) -> String {
    let Player::Seat(seat) = game.current_player() else {
        return String::new();
    };
    let before = game.for_search(seat);
    let mut after = before.clone();
    after.apply_unchecked(action);
    after.answer_automatically();
    let (what, settled, replaced) = what_it_does(&before, &after, action, seat);
    let battle = battle_reason(&before, settled.as_ref().unwrap_or(&after), seat, replaced);
    match (what.is_empty(), battle.is_empty()) {
        (true, _) => battle,
        (false, true) => what,
        (false, false) => format!("{what}; {battle}"),
    }
}

/// What the move does, with the effects the engine shows on the board after it; and, for a
/// push waiting for where the pushed unit goes, the game after the destination worst for
/// the mover's coming battle; and the Transporter a placement replaced, if any.
fn what_it_does(
    before: &Game,
    after: &Game,
    action: Action,
    seat: u8,
) -> (String, Option<Game>, Option<u16>) {
    let lead = moves::lead(before, after, action, seat);
    if lead.quiet || after.battles() > before.battles() {
        return (lead.words, None, lead.replaced);
    }
    let (suffix, effects, settled) = match after.stage() {
        Stage::PushTo { target, .. } => pushed(before, after, target, seat, &lead),
        _ => (
            String::new(),
            diff(before, after, seat, &lead).effects(),
            None,
        ),
    };
    let mut text = lead.words.clone() + &suffix;
    if !effects.is_empty() {
        let effects = effects.join(", ");
        text = match (&lead.short, text.is_empty(), text.contains(':')) {
            (Some(short), _, _) => format!("{short}: {effects}"),
            (None, true, _) => effects,
            (None, false, true) => format!("{text}; {effects}"),
            (None, false, false) => format!("{text}: {effects}"),
        };
    }
    (text, settled, lead.replaced)
}

fn diff<'a>(before: &'a Game, after: &'a Game, seat: u8, lead: &moves::Lead) -> effects::Diff<'a> {
    effects::Diff {
        before,
        after,
        seat,
        placed: lead.placed,
        replaced: lead.replaced,
        mover: lead.mover.clone(),
    }
}

/// A push (the Push Back tile or procedure): where the pushed unit may go (`` away from your
/// HQ`` when no destination touches it any more, or the one place they all share), what
/// happens wherever it goes, and the game after the destination worst for the mover.
fn pushed(
    before: &Game,
    after: &Game,
    target: u8,
    seat: u8,
    lead: &moves::Lead,
) -> (String, Vec<String>, Option<Game>) {
    let mut games = Vec::new();
    for a in after.legal_actions() {
        if let Action::PushTo { cell } = a {
            let mut g = after.clone();
            g.apply_unchecked(a);
            g.answer_automatically();
            games.push((cell, g));
        }
    }
    if games.is_empty() {
        return (String::new(), Vec::new(), None);
    }
    let near = |g: &Game, c| names::next_to_own_hq(g.pos(), c, seat);
    let places: Vec<String> = games
        .iter()
        .map(|(c, g)| names::place_words(g.pos(), *c, seat))
        .collect();
    let suffix = if near(before, target) && !games.iter().any(|(c, g)| near(g, *c)) {
        " away from your HQ".to_string()
    } else if places.iter().all(|p| *p == places[0]) {
        format!(" {}", places[0])
    } else {
        String::new()
    };
    let mut lead = moves::Lead {
        mover: lead.mover.clone(),
        ..moves::Lead::default()
    };
    if lead.mover.is_none() {
        lead.mover = before.pos().cells[target as usize]
            .map(|u| (u.placed, names::cell_name(before.pos(), target, seat)));
    }
    let all: Vec<Vec<String>> = games
        .iter()
        .map(|(_, g)| diff(before, g, seat, &lead).effects())
        .collect();
    let common = all[0]
        .iter()
        .filter(|e| all.iter().all(|x| x.contains(e)))
        .cloned()
        .collect();
    let worst = games.into_iter().map(|(_, g)| g).min_by_key(|g| {
        let t = battle_now(g.pos(), seat);
        (t.0 - t.1, t.2 - t.3)
    });
    (suffix, common, worst)
}

/// What a battle does for `seat` after the move (`after`) against without it (`before`).
fn battle_reason(before: &Game, after: &Game, seat: u8, replaced: Option<u16>) -> String {
    if after.battles() > before.battles() {
        let fought = tally(before.pos(), after.pos(), seat);
        // A battle choice answers inside the battle it belongs to.
        let head = match before.battle_question() {
            Some(_) => "in this battle",
            None => "starts the battle now",
        };
        return format!("{head}: {}", battle_against(fought, fought));
    }
    if after.is_over() {
        return String::new();
    }
    let now = battle_now(before.pos(), seat);
    let then = battle_now(after.pos(), seat);
    // The verdict counts what the move itself did too (a Sniper's kill, a Mine).
    let mut fought = after.pos().clone();
    resolve(&mut fought);
    let total = tally(before.pos(), &fought, seat);
    let gain = (total.0 - total.1) - (now.0 - now.1);
    let units_gain =
        (total.2 - total.3) - (now.2 - now.3) + switched(before.pos(), &fought, seat, replaced);
    let verdict = if gain > 0 || (gain == 0 && units_gain > 0) {
        "improves the coming battle"
    } else if gain < 0 || units_gain < 0 {
        "costs something in the coming battle, for a later gain"
    } else {
        "keeps the coming battle as it is"
    };
    format!("{verdict}: in a battle now {}", battle_against(then, now))
}

/// What a battle does after the move (`then`), in a player's words, each number that the
/// move changed followed by what it would be without the move (`now`): ``your HQ loses 2 (4
/// without this move), 1 unit of theirs destroyed``; ``nobody is hurt`` when both say so.
fn battle_against(then: (i32, i32, i32, i32), now: (i32, i32, i32, i32)) -> String {
    let unit_words = |n: i32| if n == 1 { "unit" } else { "units" };
    let lines = [
        (then.0, now.0, "the enemy HQ loses ".to_string(), ""),
        (then.1, now.1, "your HQ loses ".to_string(), ""),
        (then.2, now.2, String::new(), " of theirs destroyed"),
        (then.3, now.3, String::new(), " of yours destroyed"),
    ];
    let mut parts = Vec::new();
    for (k, (t, n, head, tail)) in lines.into_iter().enumerate() {
        if t == 0 && n == 0 {
            continue;
        }
        let count = if k < 2 {
            t.to_string()
        } else {
            format!("{t} {}", unit_words(t))
        };
        let was = if t == n {
            String::new()
        } else {
            format!(" ({n} without this move)")
        };
        parts.push(format!("{head}{count}{tail}{was}"));
    }
    if parts.is_empty() {
        return "nobody is hurt".into();
    }
    parts.join(", ")
}
