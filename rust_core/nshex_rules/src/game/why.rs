//! Why an action is refused, in words a player understands (the notation's names).

use super::{duel, instant_of, Game, Player, Stage, NO_UNLUCKY_DRAW, REINFORCEMENTS};
use crate::action::Action;
use crate::battle::Question;
use crate::hex::NO_CELL;
use crate::tiles::{tiles, InstantKind};

/// Why an action is refused, in parts: who was to decide, what the game waited for, and the
/// reason. [`Game::why_illegal`] is its one line (`seat 0, during the turn: ...`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Why {
    /// Who was to decide: a seat, [`Player::Chance`] (a tile draw) or [`Player::Terminal`].
    pub player: Player,
    /// What the game waited for: its stage (`the turn`, `the HQ placement`, ...) or a wait
    /// that comes before it (`a takeover rotation`, `the points of the battle's own wounds`).
    pub stage: &'static str,
    /// The reason in words, with its rule references (`(FAQ-374)`).
    pub reason: String,
    /// Whether the one line names the stage (a wait's line does not).
    staged: bool,
}

impl Why {
    /// The reason without its rule references, and the references, in order: `not an
    /// ally's (FAQ-385)` gives `not an ally's` and `["FAQ-385"]`; a group that holds more
    /// than references keeps the rest (`(turn Q,R F / keep Q,R; D-12)` becomes
    /// `(turn Q,R F / keep Q,R)`).
    pub fn split_references(&self) -> (String, Vec<String>) {
        split_references(&self.reason)
    }
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.player {
            Player::Terminal => f.write_str(&self.reason),
            Player::Chance if self.staged => {
                write!(f, "a tile draw, during {}: {}", self.stage, self.reason)
            }
            Player::Chance => write!(f, "a tile draw: {}", self.reason),
            Player::Seat(s) if self.staged => {
                write!(f, "seat {s}, during {}: {}", self.stage, self.reason)
            }
            Player::Seat(s) => write!(f, "seat {s}: {}", self.reason),
        }
    }
}

/// Whether a part of a parenthesised group is a rule reference: `FAQ-98`, `D-12`, `FAQ-3 to
/// FAQ-5`, `rulebook`, `Duel rulebook`, `rulebook special rules`.
fn is_reference(part: &str) -> bool {
    let one = |s: &str| {
        let digits = s.strip_prefix("FAQ-").or_else(|| s.strip_prefix("D-"));
        digits.is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
    };
    let part = part.trim();
    let book = part.strip_prefix("Duel ").unwrap_or(part);
    one(part)
        || part
            .split_once(" to ")
            .is_some_and(|(a, b)| one(a.trim()) && one(b.trim()))
        || book == "rulebook"
        || book == "rulebook special rules"
}

/// A part of a group without its separator and spaces.
fn bare<'a>(part: &&'a str) -> &'a str {
    part.trim_end_matches([';', ',']).trim()
}

/// `text` without the rule references of its parenthesised groups, and the references.
pub(crate) fn split_references(text: &str) -> (String, Vec<String>) {
    let mut out = String::with_capacity(text.len());
    let mut references = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(len) = rest[open + 1..].find(['(', ')']) else {
            break;
        };
        let close = open + 1 + len;
        if rest.as_bytes()[close] == b'(' {
            // a nested group: keep text up to the inner one and look again from there
            out.push_str(&rest[..close]);
            rest = &rest[close..];
            continue;
        }
        let inner = &rest[open + 1..close];
        // each part with the separator after it, so that what stays keeps its own commas
        let parts: Vec<&str> = inner.split_inclusive([';', ',']).collect();
        let (refs, kept): (Vec<&str>, Vec<&str>) =
            parts.iter().partition(|p| is_reference(bare(p)));
        if refs.is_empty() {
            out.push_str(&rest[..=close]);
        } else {
            references.extend(refs.iter().map(|p| bare(p).to_string()));
            out.push_str(rest[..open].trim_end());
            let kept = kept.concat();
            let kept = kept.trim().trim_end_matches([';', ',']).trim_end();
            if !kept.is_empty() {
                out.push_str(&format!(" ({kept})"));
            }
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    (out, references)
}

impl Game {
    /// A human-readable reason why `action` is not legal now.
    pub fn why_illegal(&self, action: Action) -> String {
        self.why(action).to_string()
    }

    /// Why `action` is not legal now, in parts (seat, stage, reason).
    pub fn why(&self, action: Action) -> Why {
        let action = action.canonical();
        let player = self.current_player();
        let why = |stage: &'static str, staged: bool, reason: String| Why {
            player,
            stage,
            reason,
            staged,
        };
        if player == Player::Terminal {
            return why("the end", false, "the game is over".into());
        }
        let stage = match self.state.stage {
            Stage::Hire => "hiring Mercenaries",
            Stage::Mercenary { .. } => "the draw",
            Stage::PlaceHq => "the HQ placement",
            Stage::Draw { .. } => "drawing",
            Stage::Discard => "the mandatory discard",
            Stage::Main => "the turn",
            Stage::PushTo { .. } => "choosing where the pushed unit goes",
            Stage::BattleChoice { .. } => "a battle choice",
            Stage::Over => "the end",
        };
        if !self.state.rotations.is_empty() {
            let reason = match action {
                Action::TurnTaken { .. } | Action::KeepTaken { .. } => {
                    "that unit is not one whose takeover rotation is due now".to_string()
                }
                _ => "a takeover rotation is due first: the taking seat turns the taken unit or \
                      leaves it (turn Q,R F / keep Q,R; D-12)"
                    .to_string(),
            };
            return why("a takeover rotation", false, reason);
        }
        if self.state.credit_wait.is_some() {
            let reason = match action {
                Action::Credit { to, n } => self.why_not_credit(to, n),
                _ => "the points of the battle's own wounds are given first: credit SEAT N \
                      (FAQ-374)"
                    .to_string(),
            };
            return why("the points of the battle's own wounds", false, reason);
        }
        let reason = self.why_in_stage(action);
        why(stage, true, reason)
    }

    /// Why `action` is not legal in the game's stage, when no wait comes first.
    fn why_in_stage(&self, action: Action) -> String {
        if let Some(reason) = self.why_before_the_turn(action) {
            return reason;
        }
        let geo = self.state.pos.geometry();
        let cell_ok = |c: u8| (c as usize) < geo.len();
        match (self.state.stage, action) {
            (Stage::Main, Action::Place { .. } | Action::Battle)
            | (
                Stage::Main,
                Action::Move { .. }
                | Action::PushBack { .. }
                | Action::Sniper { .. }
                | Action::Grenade { .. }
                | Action::AirStrike { .. }
                | Action::Castling { .. }
                | Action::Rotation { .. }
                | Action::Terror
                | Action::SmallBomb { .. },
            ) if !self.may_play_tile() => format!(
                "no more tiles this turn: {} played, the limit is {} (D-31)",
                self.state.played,
                self.play_limit().unwrap_or(0)
            ),
            (_, Action::Draw { .. }) => "no tile is drawn now".into(),
            (Stage::PlaceHq, Action::PlaceHq { cell, .. }) if !cell_ok(cell) => {
                "that hex is off the board".into()
            }
            (Stage::PlaceHq, Action::PlaceHq { facing, .. })
                if facing >= self.hq_facings(self.state.to_move) =>
            {
                if facing > 5 {
                    "a facing is 0..5".into()
                } else {
                    "this HQ looks the same every way round: it is placed facing 0".into()
                }
            }
            (Stage::PlaceHq, Action::PlaceHq { .. }) => "that hex is occupied".into(),
            (Stage::PlaceHq, _) => "the HQ must be placed first".into(),
            (Stage::Discard, Action::Unlucky) => self.why_no_unlucky(),
            (Stage::Discard, Action::Discard { .. }) => "that tile is not in hand".into(),
            (Stage::Discard, _) => format!(
                "with {} tiles in hand one must be discarded first",
                self.state.options.hand_limit()
            ),
            (Stage::PushTo { .. }, _) => {
                "the pushed unit's owner must choose one of the free hexes".into()
            }
            (Stage::BattleChoice { .. }, _) => match self.battle_question() {
                Some(Question::Clown { .. }) => {
                    "the battle waits: the Clown explodes or attacks (clown Q,R explode|attack)"
                        .into()
                }
                Some(Question::Convert { .. }) => {
                    "the battle waits: convert one of the offered edges or none (convert Q,R E|none)"
                        .into()
                }
                Some(Question::Medic { .. }) => {
                    "the battle waits: a medic takes one of the offered attacks (medic Q,R takes FROM -> TARGET)"
                        .into()
                }
                None => "no battle is waiting".into(),
            },
            (_, Action::Clown { .. } | Action::Convert { .. } | Action::MedicTakes { .. }) => {
                "no battle is waiting for a choice".into()
            }
            (Stage::Main, _) => self.why_not_in_turn(action),
            (_, _) => "not allowed now".into(),
        }
    }

    /// The reasons of the draw, the hiring of Mercenaries and the unlucky draw, which come
    /// before the others (`None`: none of them applies).
    fn why_before_the_turn(&self, action: Action) -> Option<String> {
        Some(match (self.state.stage, action) {
            (_, Action::Credit { to, n }) => self.why_not_credit(to, n),
            (_, Action::TurnTaken { .. } | Action::KeepTaken { .. }) => {
                "no takeover rotation is due".into()
            }
            (Stage::Draw { .. }, Action::Draw { tile }) => {
                format!("{} is not in the deck", tiles().tile(tile).id)
            }
            (Stage::Draw { .. }, _) => "a tile must be drawn first".into(),
            (Stage::Hire, Action::Hire { tile }) => {
                if Self::mercenary_index(tile).is_none() {
                    format!("{} is not a Mercenary", tiles().tile(tile).id)
                } else {
                    format!(
                        "{} is already hired: each Mercenary serves one seat (D-25)",
                        tiles().tile(tile).id
                    )
                }
            }
            (Stage::Hire, _) => {
                "the Mercenaries are hired first, one at a time in turn order: hire TILE (D-25)"
                    .into()
            }
            (_, Action::Hire { .. }) => "Mercenaries are hired before the HQs are placed".into(),
            (Stage::Mercenary { .. }, Action::Mercenary { tile }) => format!(
                "{} is not one of your unused Mercenaries",
                tiles().tile(tile).id
            ),
            (Stage::Mercenary { .. }, _) => {
                "take an unused Mercenary instead of a deck tile (mercenary TILE), or let the deck \
                 fill the hand (draw)"
                    .into()
            }
            (_, Action::Mercenary { .. } | Action::DeckDraw) => {
                "Mercenaries are taken at the draw, before the deck tiles (D-25)".into()
            }
            (Stage::Discard, Action::UnluckyOf { .. }) if !self.unlucky_allowed() => {
                self.why_no_unlucky()
            }
            (Stage::Discard, Action::UnluckyOf { .. }) => {
                "name three of the instants drawn this turn (FAQ-49)".into()
            }
            (Stage::Discard, Action::Unlucky) if self.state.options.has(REINFORCEMENTS) => {
                "with Reinforcements the unlucky draw names the three instants that go: \
                 unlucky T1 T2 T3 (FAQ-49)"
                    .into()
            }
            (_, Action::UnluckyOf { .. }) if !self.state.options.has(REINFORCEMENTS) => {
                "only with Reinforcements does the unlucky draw name three tiles: plain unlucky"
                    .into()
            }
            _ => return None,
        })
    }

    /// Why `action` is not legal in the turn (the main stage).
    fn why_not_in_turn(&self, action: Action) -> String {
        match action {
            Action::Place { .. } => self.why_not_placed(action),
            Action::Grant { .. } => self.why_no_grant(action),
            Action::Terror => "no Terror tile in hand".into(),
            Action::Rotate { cell, facing } => self.why_not_rotate(cell, facing),
            Action::SmallBomb { .. }
            | Action::Castling { .. }
            | Action::Rotation { .. }
            | Action::Battle => self.why_no_instant(action),
            Action::Exchange { .. } | Action::Buy { .. } | Action::Procedure(_) => {
                self.why_not_duel(action)
            }
            Action::Discard { .. } => "that tile is not in hand".into(),
            Action::Move { .. } => self.why_move(action, InstantKind::Move),
            Action::PushBack { .. } => self.why_move(action, InstantKind::PushBack),
            Action::Sniper { .. } => self.why_move(action, InstantKind::Sniper),
            Action::Grenade { .. } => self.why_move(action, InstantKind::Grenade),
            Action::AirStrike { .. } => self.why_move(action, InstantKind::AirStrike),
            Action::Mobility { .. } | Action::Transport { .. } => self.why_no_ability_move(action),
            Action::PlaceHq { .. } => "the HQs are already placed".into(),
            Action::Unlucky => "the unlucky draw is only right after drawing".into(),
            Action::PushTo { .. } => "nothing is being pushed".into(),
            _ => "not allowed now".into(),
        }
    }

    /// Why a tile is not placed where the action says (the turn's own reasons).
    fn why_not_placed(&self, action: Action) -> String {
        let geo = self.state.pos.geometry();
        let cell_ok = |c: u8| (c as usize) < geo.len();
        let hand = &self.state.hands[self.state.to_move as usize];
        match action {
            Action::Place { tile, cell, facing } => {
                let def = tiles().tile(tile);
                let transporter = cell_ok(cell)
                    && self.state.pos.cells[cell as usize]
                        .is_some_and(|u| u.def().transporter && u.ctrl == self.state.to_move);
                if !hand.contains(&tile) {
                    format!("{} is not in hand", def.id)
                } else if !def.is_board_tile() {
                    "an instant tile is not placed on the board".into()
                } else if !cell_ok(cell) {
                    "that hex is off the board".into()
                } else if transporter && Self::is_foundation(tile) {
                    "a foundation is not placed on a Transporter (FAQ-226)".into()
                } else if transporter && self.analyze().netted >> cell & 1 == 1 {
                    "a netted Transporter cannot be replaced (D-33)".into()
                } else if self.state.pos.cells[cell as usize].is_some() {
                    "that hex is occupied".into()
                } else if self.under_terror() {
                    "under Terror no board tile is placed this turn (D-32)".into()
                } else if Self::is_foundation(tile) && self.state.pos.foundations.is_at(cell) {
                    "a foundation is placed on an empty hex, and that one holds a foundation".into()
                } else if Self::is_foundation(tile) && facing != 0 {
                    "a foundation has no facing: it is placed with facing 0".into()
                } else if facing > 5 {
                    "a facing is 0..5".into()
                } else {
                    "not allowed now".into()
                }
            }
            _ => "not allowed now".into(),
        }
    }

    /// Why the Smart HQ grants no move to that unit (D-14).
    fn why_no_grant(&self, action: Action) -> String {
        let geo = self.state.pos.geometry();
        let cell_ok = |c: u8| (c as usize) < geo.len();
        match action {
            Action::Grant { from, .. } => {
                let an = self.analyze();
                // The seat's own Smart HQ or an ally's (D-14).
                let hqs: Vec<u8> = (0..geo.len() as u8)
                    .filter(|&c| {
                        self.state.pos.cells[c as usize].is_some_and(|u| {
                            u.def().grant
                                && self
                                    .state
                                    .pos
                                    .relations()
                                    .allied(self.state.to_move, u.ctrl)
                        })
                    })
                    .collect();
                let next_to = |c: u8| {
                    hqs.iter()
                        .any(|&h| an.netted >> h & 1 == 0 && geo.neighbors[h as usize].contains(&c))
                };
                if self.board_full() {
                    "no ability may be used once the board is full (FAQ-31)".into()
                } else if hqs.is_empty() {
                    "you have no Smart HQ on the board".into()
                } else if hqs.iter().all(|&h| an.netted >> h & 1 == 1) {
                    "your HQ is netted: it grants no move (D-8)".into()
                } else if !cell_ok(from)
                    || self.state.pos.cells[from as usize]
                        .is_none_or(|u| u.ctrl != self.state.to_move)
                {
                    "no unit of yours on that hex".into()
                } else if hqs.contains(&from) {
                    "the HQ's grant is for the units next to it, not the HQ itself".into()
                } else if !next_to(from) {
                    "that unit is not next to a working Smart HQ of your side".into()
                } else if an.netted >> from & 1 == 1 {
                    "a netted unit cannot move".into()
                } else if self.state.used_grant >> from & 1 == 1 {
                    "that unit has already used the HQ's grant this turn (FAQ-250)".into()
                } else {
                    "the destination is out of reach, or nothing changes".into()
                }
            }
            _ => "not allowed now".into(),
        }
    }

    /// Why an instant tile (Small Bomb, Castling, Rotation, Battle) is not played so.
    fn why_no_instant(&self, action: Action) -> String {
        let geo = self.state.pos.geometry();
        let cell_ok = |c: u8| (c as usize) < geo.len();
        let hand = &self.state.hands[self.state.to_move as usize];
        match action {
            Action::SmallBomb { a, b, c } => {
                if !hand
                    .iter()
                    .any(|&t| instant_of(t) == Some(InstantKind::SmallBomb))
                {
                    "no Small Bomb tile in hand".into()
                } else {
                    self.why_not_small_bomb(a, b, c)
                }
            }
            Action::Castling { a, b } => {
                if !hand
                    .iter()
                    .any(|&t| instant_of(t) == Some(InstantKind::Castling))
                {
                    "no castling tile in hand".into()
                } else if !cell_ok(a) || !cell_ok(b) || !geo.neighbors[a as usize].contains(&b) {
                    "Castling swaps two adjacent units".into()
                } else if [a, b].iter().any(|&c| {
                    self.state.pos.cells[c as usize].is_none_or(|u| u.ctrl != self.state.to_move)
                }) {
                    "Castling swaps two units you control".into()
                } else {
                    "a netted unit cannot take part in Castling".into()
                }
            }
            Action::Rotation { cell, facing } => {
                if !hand
                    .iter()
                    .any(|&t| instant_of(t) == Some(InstantKind::Rotation))
                {
                    "no rotation tile in hand".into()
                } else if !cell_ok(cell)
                    || self.state.pos.cells[cell as usize]
                        .is_none_or(|u| u.ctrl != self.state.to_move)
                {
                    "Rotation turns a tile you control".into()
                } else if facing > 5 {
                    "a facing is 0..5".into()
                } else if self.state.pos.cells[cell as usize].is_some_and(|u| u.facing == facing) {
                    "nothing changes: the tile already faces that way".into()
                } else {
                    "a netted tile cannot be turned".into()
                }
            }
            Action::Battle => {
                if !hand
                    .iter()
                    .any(|&t| instant_of(t) == Some(InstantKind::Battle))
                {
                    "no Battle tile in hand".into()
                } else {
                    "no battle can be started once a deck's last tile has been drawn (FAQ-12)"
                        .into()
                }
            }
            _ => "not allowed now".into(),
        }
    }

    /// Why energy is not exchanged or bought, or a procedure not started (D-16, D-17).
    fn why_not_duel(&self, action: Action) -> String {
        let hand = &self.state.hands[self.state.to_move as usize];
        match action {
            Action::Exchange { tile } => {
                if !self.energy_in_play() {
                    "energy exists only on the Duel board with two seats (D-16)".into()
                } else if !hand.contains(&tile) {
                    format!("{} is not in hand", tiles().tile(tile).id)
                } else if self.state.energy[self.state.to_move as usize] >= duel::MAX_ENERGY {
                    "energy is already at 5 (D-16)".into()
                } else {
                    "tiles are exchanged for energy only right after the draw, before any other \
                     action (D-16)"
                        .into()
                }
            }
            Action::Buy { n } => {
                let s = self.state.to_move as usize;
                if !self.energy_in_play() {
                    "energy exists only on the Duel board with two seats (D-16)".into()
                } else if n == 0 {
                    "buy at least 1 energy".into()
                } else if self.state.energy[s] + n > duel::MAX_ENERGY {
                    "energy never goes above 5 (D-16)".into()
                } else {
                    "a purchase may not bring the HQ below 1 hit point (D-16)".into()
                }
            }
            Action::Procedure(p) => {
                let s = self.state.to_move as usize;
                if !self.energy_in_play() {
                    "procedures exist only on the Duel board with two seats (D-16)".into()
                } else if self.state.energy[s] < p.cost() {
                    format!(
                        "the {} procedure costs {} energy and you have {}",
                        p.name(),
                        p.cost(),
                        self.state.energy[s]
                    )
                } else {
                    format!(
                        "the {} procedure needs friendly Links (units of yours on terminals, not \
                         netted) placed as it says, and must destroy, push or turn something \
                         (D-17)",
                        p.name()
                    )
                }
            }
            _ => "not allowed now".into(),
        }
    }

    /// Why a Mobility or Transport move is not made.
    fn why_no_ability_move(&self, action: Action) -> String {
        let geo = self.state.pos.geometry();
        let cell_ok = |c: u8| (c as usize) < geo.len();
        match action {
            Action::Mobility { from, .. } | Action::Transport { from, .. } => {
                if self.board_full() {
                    "no ability may be used once the board is full (FAQ-31)".into()
                } else if !cell_ok(from)
                    || self.state.pos.cells[from as usize]
                        .is_none_or(|u| u.ctrl != self.state.to_move)
                {
                    "no own unit on that hex".into()
                } else if self.analyze().netted >> from & 1 == 1 {
                    "a netted unit cannot move".into()
                } else if let Action::Mobility { .. } = action {
                    let u = self.state.pos.cells[from as usize].unwrap();
                    if !u.def().mobility {
                        format!("the {} has no Mobility", u.def().name)
                    } else if self.state.used_mobility >> from & 1 == 1 {
                        "that unit has already used its Mobility this turn".into()
                    } else {
                        self.why_unreachable(action)
                    }
                } else if self.analyze().transport_linked >> from & 1 == 0 {
                    "that unit is not linked to a working Transport of yours".into()
                } else if self.state.used_transport >> from & 1 == 1 {
                    "that unit has already made its Transport move this turn".into()
                } else {
                    self.why_unreachable(action)
                }
            }
            _ => "not allowed now".into(),
        }
    }

    /// Why a move (Move tile, Mobility, Transport) of an own free unit cannot go where the
    /// action says.
    pub(super) fn why_unreachable(&self, action: Action) -> String {
        let (Action::Move { from, to, facing }
        | Action::Mobility { from, to, facing }
        | Action::Transport { from, to, facing }
        | Action::Grant { from, to, facing }) = action
        else {
            return "not allowed now".into();
        };
        let geo = self.state.pos.geometry();
        if to as usize >= geo.len() {
            return "that hex is off the board".into();
        }
        if facing > 5 {
            return "a facing is 0..5".into();
        }
        let unit = self.state.pos.cells[from as usize].expect("an own unit");
        if to == from {
            return if facing == unit.facing {
                "nothing changes: the unit already stands there facing that way".into()
            } else {
                "not allowed now".into()
            };
        }
        if self.state.pos.cells[to as usize].is_some() {
            return "the destination is occupied: a unit moves to an empty hex within reach".into();
        }
        let near = |c: u8| geo.neighbors[c as usize];
        if near(from).contains(&to) {
            return "not allowed now".into();
        }
        let two = self.analyze().recon >> self.state.to_move & 1 == 1;
        if !two {
            return "the destination is out of reach: a move goes to an adjacent hex (two hexes only \
                    with a working Recon Center of yours)"
                .into();
        }
        let threats = self.net_threats(from);
        let mids: Vec<u8> = near(from)
            .into_iter()
            .filter(|&m| m != NO_CELL && near(to).contains(&m))
            .filter(|&m| self.state.pos.cells[m as usize].is_none())
            .collect();
        if mids.is_empty() {
            "the destination is out of reach: two hexes at most, through an empty hex (a two-hex \
             move goes step by step, FAQ-138)"
                .into()
        } else if !mids.iter().any(|&m| self.can_pass(from, m, threats)) {
            "the destination is out of reach: the unit would be netted on every hex between (a \
             two-hex move goes step by step, FAQ-138)"
                .into()
        } else {
            "not allowed now".into()
        }
    }

    pub(super) fn why_move(&self, action: Action, kind: InstantKind) -> String {
        let hand = &self.state.hands[self.state.to_move as usize];
        if !hand.iter().any(|&t| instant_of(t) == Some(kind)) {
            return format!("no {} tile in hand", kind.notation());
        }
        let geo = self.state.pos.geometry();
        let cell_ok = |c: u8| (c as usize) < geo.len();
        let an = self.analyze();
        match action {
            Action::Move { from, .. } | Action::PushBack { from, .. } => {
                if !cell_ok(from)
                    || self.state.pos.cells[from as usize]
                        .is_none_or(|u| u.ctrl != self.state.to_move)
                {
                    return "no own unit on that hex".into();
                }
                if an.netted >> from & 1 == 1 {
                    return "a netted unit can neither move nor push".into();
                }
                if let Action::PushBack { target, .. } = action {
                    if !cell_ok(target)
                        || self.state.pos.cells[target as usize].is_none_or(|u| {
                            self.state.pos.relations().nets[self.state.to_move as usize] >> u.ctrl
                                & 1
                                == 0
                        })
                    {
                        return "no enemy unit on the target hex (allies are never pushed back, \
                                but Moloch's and its allies' are)"
                            .into();
                    }
                    if an.netted >> target & 1 == 1 {
                        return "a netted unit cannot be pushed".into();
                    }
                    if self.push_options(from, target) == 0 {
                        return "no free hex behind the pushed unit (or it is not adjacent)".into();
                    }
                    return "not allowed now".into();
                }
                self.why_unreachable(action)
            }
            Action::Sniper { target } | Action::Grenade { target } => {
                let what = if matches!(action, Action::Sniper { .. }) {
                    "Sniper"
                } else {
                    "Grenade"
                };
                if let Action::Grenade { .. } = action {
                    let hq = self
                        .state
                        .pos
                        .hq_hex(self.state.to_move)
                        .and_then(|h| self.state.pos.cell_of(h));
                    match hq {
                        None => {
                            return "you have no HQ on the board to throw a Grenade from".into()
                        }
                        Some(hq) if an.netted >> hq & 1 == 1 => {
                            return "your HQ is netted: no Grenade can be thrown".into()
                        }
                        Some(hq)
                            if !cell_ok(target)
                                || !geo.neighbors[hq as usize].contains(&target) =>
                        {
                            return "a Grenade only hits a hex next to your HQ".into()
                        }
                        _ => {}
                    }
                }
                match cell_ok(target)
                    .then(|| self.state.pos.cells[target as usize])
                    .flatten()
                {
                    None => "no tile on the target hex".into(),
                    Some(u) if u.def().is_hq() => format!("a {what} may not hit an HQ"),
                    Some(u) if !self.state.pos.enemies(self.state.to_move, u.ctrl) => {
                        format!("a {what} hits an enemy unit, not your own")
                    }
                    Some(_) => "not allowed now".into(),
                }
            }
            Action::AirStrike { center } => {
                if !cell_ok(center) {
                    "the Air Strike's centre is off the board".into()
                } else {
                    "the Air Strike's centre may not be an edge hex (all seven hexes must be on the board)".into()
                }
            }
            _ => "not allowed now".into(),
        }
    }

    /// Why the unlucky draw is not offered now.
    fn why_no_unlucky(&self) -> String {
        if self.state.options.has(NO_UNLUCKY_DRAW) {
            "the unlucky draw is switched off in this game".into()
        } else if self.state.options.has(REINFORCEMENTS) {
            "the unlucky draw needs six tiles in hand, every tile drawn this turn an instant (at \
             least three), and tiles left in the deck (FAQ-49)"
                .into()
        } else {
            "the unlucky draw needs three instant tiles in hand and tiles left in the deck".into()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::split_references;

    #[test]
    fn references_leave_the_reason_and_are_listed() {
        let split = |t: &str| split_references(t);
        assert_eq!(
            split("points are given first: credit SEAT N (FAQ-374)"),
            (
                "points are given first: credit SEAT N".into(),
                vec!["FAQ-374".into()]
            )
        );
        assert_eq!(
            split("the taking seat turns it or leaves it (turn Q,R F / keep Q,R; D-12)"),
            (
                "the taking seat turns it or leaves it (turn Q,R F / keep Q,R)".into(),
                vec!["D-12".into()]
            )
        );
        assert_eq!(
            split("not there (Duel rulebook; FAQ-98, FAQ-224) now"),
            (
                "not there now".into(),
                vec!["Duel rulebook".into(), "FAQ-98".into(), "FAQ-224".into()]
            )
        );
        assert_eq!(
            split("a unit (not an ally's) stays"),
            ("a unit (not an ally's) stays".into(), vec![])
        );
        assert_eq!(
            split("FAQ-3 alone (D-)"),
            ("FAQ-3 alone (D-)".into(), vec![])
        );
        assert_eq!(
            split("ranges (FAQ-3 to FAQ-5)"),
            ("ranges".into(), vec!["FAQ-3 to FAQ-5".into()])
        );
    }
}
