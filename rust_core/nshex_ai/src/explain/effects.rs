//! What a move changed, read off the game before and after it (never worked out from the
//! rules): takeovers, units killed and wounded, Mines set off, nets, bonuses, Medics and
//! Transports that now reach a unit, tiles that went on top of a deck.

use super::names::{and_list, army_name, unit_name};
use nshex_rules::{Explanation, Game, Position, Resolver, Unit};

/// A unit on the board by its placement number (it keeps it when it moves).
#[derive(Clone, Copy)]
struct Seen {
    cell: u8,
    unit: Unit,
}

fn units_of(pos: &Position) -> Vec<Seen> {
    pos.cells[..pos.geometry().len()]
        .iter()
        .enumerate()
        .filter_map(|(c, u)| {
            u.map(|unit| Seen {
                cell: c as u8,
                unit,
            })
        })
        .collect()
}

/// Effects by their words, each with the units it concerns.
type Groups = Vec<(String, Vec<String>)>;

/// Adds `name` to the units of `what` in `groups`.
fn group(groups: &mut Groups, what: String, name: String) {
    match groups.iter_mut().find(|(w, _)| *w == what) {
        Some((_, names)) => names.push(name),
        None => groups.push((what, vec![name])),
    }
}

fn find(list: &[Seen], placed: u16) -> Option<Seen> {
    list.iter().copied().find(|s| s.unit.placed == placed)
}

/// The units before and after the move (`ub`, `ua`) and the engine's analysis of each
/// board (`xb`, `xa`): what the effects read off the engine's own resolution.
#[derive(Clone, Copy)]
struct BothBoards<'x> {
    ub: &'x [Seen],
    ua: &'x [Seen],
    xb: &'x Explanation,
    xa: &'x Explanation,
}

/// The two boards of a move and what the engine says each gives its tiles.
pub struct Diff<'a> {
    pub before: &'a Game,
    pub after: &'a Game,
    pub seat: u8,
    /// A unit the move itself put down (its arrival is the move's own words).
    pub placed: Option<u16>,
    /// A unit the move itself removed without harm (a replaced Transporter).
    pub replaced: Option<u16>,
    /// The unit the move puts on a hex (placed, moved or pushed), by placement number, and
    /// its name: what a Mine there destroys.
    pub mover: Option<(u16, String)>,
}

impl Diff<'_> {
    fn mine(&self, ctrl: u8) -> bool {
        ctrl == self.seat || self.before.pos().relations().allied(self.seat, ctrl)
    }

    fn name(&self, pos: &Position, u: &Unit) -> String {
        unit_name(pos, u, self.seat)
    }

    /// Everything the move changed besides its own words, in a fixed order.
    pub fn effects(&self) -> Vec<String> {
        let (b, a) = (self.before.pos(), self.after.pos());
        let (ub, ua) = (units_of(b), units_of(a));
        let mut out = Vec::new();
        self.control(&ub, &ua, &mut out);
        self.losses(&ub, &ua, &mut out);
        self.hq_losses(&mut out);
        let mut resolver = Resolver::new();
        let (xb, xa) = (resolver.explain(b), resolver.explain(a));
        let seen = BothBoards {
            ub: &ub,
            ua: &ua,
            xb: &xb,
            xa: &xa,
        };
        self.nets(&seen, &mut out);
        self.bonuses(&seen, &mut out);
        self.support(&seen, &mut out);
        self.deck_tops(&mut out);
        out
    }

    /// Takeovers begun and ended (D-13: control follows the board).
    fn control(&self, ub: &[Seen], ua: &[Seen], out: &mut Vec<String>) {
        let a = self.after.pos();
        let through = a.takeovers();
        for s in ua {
            let was = find(ub, s.unit.placed).map_or(s.unit.seat, |o| o.unit.ctrl);
            if was == s.unit.ctrl {
                continue;
            }
            let name = self.name(a, &s.unit);
            match (self.mine(was), self.mine(s.unit.ctrl)) {
                (false, true) if s.unit.seat == s.unit.ctrl => {
                    out.push(format!("takes back {name}"))
                }
                (false, true) => out.push(format!(
                    "takes over {name}{}",
                    self.held_by(&through, ua, s.unit.placed)
                )),
                (true, false) if s.unit.seat == s.unit.ctrl => {
                    out.push(format!("{name} goes back to {}", army_name(a, s.unit.ctrl)))
                }
                (true, false) => {
                    out.push(format!("{} takes over {name}", army_name(a, s.unit.ctrl)))
                }
                _ => {}
            }
        }
    }

    /// How long a takeover lasts, as the engine's control says: `` while your HQ faces it``
    /// (D-13: control follows the board, so it holds while its sources stay as they are).
    fn held_by(&self, through: &[(u16, u16)], ua: &[Seen], placed: u16) -> String {
        let a = self.after.pos();
        let sources: Vec<String> = through
            .iter()
            .filter(|(t, _)| *t == placed)
            .filter_map(|(_, src)| find(ua, *src))
            .map(|src| self.name(a, &src.unit))
            .collect();
        match sources.len() {
            0 => String::new(),
            1 => format!(" while {} faces it", sources[0]),
            _ => format!(" while {} face it", and_list(&sources)),
        }
    }

    /// Units killed (by a Mine, shrapnel, an instant) and wounded.
    fn losses(&self, ub: &[Seen], ua: &[Seen], out: &mut Vec<String>) {
        let (b, a) = (self.before.pos(), self.after.pos());
        let (mut killed, mut lost, mut wounded) = (Vec::new(), Vec::new(), Vec::new());
        let mut bombers = Vec::new();
        let mut hurt = false;
        for s in ub {
            if Some(s.unit.placed) == self.replaced || s.unit.def().is_hq() {
                continue;
            }
            match find(ua, s.unit.placed) {
                None if s.unit.def().mad_bomber => bombers.push(self.name(b, &s.unit)),
                None if self.mine(s.unit.ctrl) => {
                    hurt = true;
                    lost.push(self.name(b, &s.unit));
                }
                None => {
                    hurt = true;
                    killed.push(self.name(b, &s.unit));
                }
                Some(now) if now.unit.wounds > s.unit.wounds => {
                    hurt = true;
                    wounded.push(self.name(a, &now.unit));
                }
                Some(_) => {}
            }
        }
        // A unit that entered a Mine's hex goes with the Mine (D-15); a Mine gone without
        // one was destroyed by the move (a Sniper, a Grenade, a bomb).
        let gone_mines = b.foundations.mask() & !a.foundations.mask();
        let entered = self.mover.as_ref().filter(|(p, _)| find(ua, *p).is_none());
        if let (true, Some((_, n))) = (gone_mines != 0, entered) {
            killed.retain(|k| k != n);
            lost.retain(|k| k != n);
            out.push(format!("the Mine destroys {n}"));
        } else if gone_mines != 0 {
            let owner = b.foundations.get(gone_mines.trailing_zeros() as u8);
            let whose = owner.map_or(String::new(), |f| self.whose(f.seat));
            out.push(format!("destroys {whose}Mine"));
        }
        hurt |= self.after.pos().hq_hp != b.hq_hp;
        for bomber in bombers {
            let what = if hurt { "sets off" } else { "kills" };
            out.push(format!("{what} {bomber}"));
        }
        if !killed.is_empty() {
            out.push(format!("kills {}", and_list(&killed)));
        }
        if !wounded.is_empty() {
            out.push(format!("wounds {}", and_list(&wounded)));
        }
        if !lost.is_empty() {
            out.push(format!("you lose {}", and_list(&lost)));
        }
    }

    /// ``your `` or ``the Vegas `` (whose a tile is).
    fn whose(&self, owner: u8) -> String {
        if owner == self.seat {
            "your ".into()
        } else {
            format!("the {} ", army_name(self.before.pos(), owner))
        }
    }

    /// HQ hit points lost outside a battle (shrapnel, a Grenade on a Trap).
    fn hq_losses(&self, out: &mut Vec<String>) {
        let (b, a) = (self.before.pos(), self.after.pos());
        for s in 0..b.seats {
            let lost = b.hq_hp[s as usize].saturating_sub(a.hq_hp[s as usize]);
            if lost > 0 && a.hq_hex(s).is_some() {
                let whose = if s == self.seat {
                    "your HQ".to_string()
                } else {
                    format!("the {} HQ", army_name(b, s))
                };
                out.push(format!("{whose} loses {lost}"));
            }
        }
    }

    /// Units netted and freed (the engine's own nets, D-3 and D-13).
    fn nets(&self, seen: &BothBoards, out: &mut Vec<String>) {
        let BothBoards { ub, ua, xb, xa } = *seen;
        let a = self.after.pos();
        let (mut netted, mut freed, mut caught) = (Vec::new(), Vec::new(), Vec::new());
        for s in ua {
            let now = xa.analysis.netted >> s.cell & 1 == 1;
            let was =
                find(ub, s.unit.placed).is_some_and(|o| xb.analysis.netted >> o.cell & 1 == 1);
            let name = self.name(a, &s.unit);
            match (was, now, self.mine(s.unit.ctrl)) {
                (false, true, false) => netted.push(name),
                (false, true, true) => caught.push(name),
                (true, false, true) => freed.push(name),
                _ => {}
            }
        }
        if !netted.is_empty() {
            out.push(format!("nets {}", and_list(&netted)));
        }
        if !freed.is_empty() {
            out.push(format!("frees {} from the net", and_list(&freed)));
        }
        if !caught.is_empty() {
            let be = if caught.len() == 1 { "is" } else { "are" };
            out.push(format!("{} {be} netted", and_list(&caught)));
        }
    }

    /// Initiative, melee and ranged bonuses gained by the mover's units and lost by the
    /// enemies', and extra attacks (the initiatives at which a unit fires).
    fn bonuses(&self, seen: &BothBoards, out: &mut Vec<String>) {
        let BothBoards { ub, ua, xb, xa } = *seen;
        let a = self.after.pos();
        // (what, the units it goes to or is taken from), so that one effect on several units
        // is said once: ``gives the Claws and the Mutant +1 initiative``.
        let (mut gains, mut losses): (Groups, Groups) = (Vec::new(), Vec::new());
        let mut own_gain = None;
        for s in ua {
            let old = find(ub, s.unit.placed);
            if old.is_some_and(|o| self.mine(o.unit.ctrl) != self.mine(s.unit.ctrl)) {
                continue; // a takeover says it
            }
            let (c, o) = (s.cell as usize, old.map(|o| o.cell as usize));
            let (ax, bx) = (&xa.analysis, &xb.analysis);
            let def = s.unit.def();
            // Only what the unit has: no initiative for a tile that never fires, no melee
            // bonus without a melee attack.
            let has = [
                def.n_init > 0,
                def.melee.iter().any(|&m| m > 0),
                def.ranged.iter().any(|&r| r > 0),
            ];
            let deltas = [
                ax.init_bonus[c] as i32 - o.map_or(0, |o| bx.init_bonus[o] as i32),
                ax.melee_bonus[c] as i32 - o.map_or(0, |o| bx.melee_bonus[o] as i32),
                ax.ranged_bonus[c] as i32 - o.map_or(0, |o| bx.ranged_bonus[o] as i32),
            ];
            let active = |x: &Explanation, cell: usize| x.analysis.netted >> cell & 1 == 0;
            let fires = |x: &Explanation, cell: usize| x.slots[cell].count_ones();
            let extra = active(xa, c)
                && match o {
                    Some(o) => active(xb, o) && fires(xa, c) > fires(xb, o),
                    None => fires(xa, c) > def.n_init as u32,
                };
            let what = ["initiative", "melee", "ranged"];
            let name = self.name(a, &s.unit);
            if !self.mine(s.unit.ctrl) {
                let lost: Vec<String> = (0..3)
                    .filter(|&k| has[k] && deltas[k] < 0 && old.is_some())
                    .map(|k| format!("{} {}", -deltas[k], what[k]))
                    .collect();
                if !lost.is_empty() {
                    group(&mut losses, and_list(&lost), name);
                }
                continue;
            }
            let mut got: Vec<String> = (0..3)
                .filter(|&k| has[k] && deltas[k] > 0)
                .map(|k| format!("+{} {}", deltas[k], what[k]))
                .collect();
            if extra {
                got.push("an extra attack".into());
            }
            if got.is_empty() {
                continue;
            }
            if old.is_none() && Some(s.unit.placed) == self.placed {
                own_gain = Some(format!("it gets {} there", and_list(&got)));
            } else {
                group(&mut gains, and_list(&got), name);
            }
        }
        out.extend(own_gain);
        for (what, names) in gains {
            out.push(format!("gives {} {what}", and_list(&names)));
        }
        for (what, names) in losses {
            out.push(format!("takes {what} from {}", and_list(&names)));
        }
    }

    /// Medics, Transports and Quartermasters that now reach a unit of the mover's side, and
    /// the Recon Center's longer moves.
    fn support(&self, seen: &BothBoards, out: &mut Vec<String>) {
        let BothBoards { ub, ua, xb, xa } = *seen;
        let a = self.after.pos();
        let guarded = |x: &Explanation| x.analysis.medic_prot.iter().fold(0u64, |m, p| m | p);
        let (gb, ga) = (guarded(xb), guarded(xa));
        let (mut medic, mut carried, mut armed) = (Vec::new(), Vec::new(), Vec::new());
        for s in ua.iter().filter(|s| self.mine(s.unit.ctrl)) {
            let old = find(ub, s.unit.placed).filter(|o| self.mine(o.unit.ctrl));
            let had = |mask: u64| old.is_some_and(|o| mask >> o.cell & 1 == 1);
            let has = |mask: u64| mask >> s.cell & 1 == 1;
            let name = self.name(a, &s.unit);
            if has(ga) && !had(gb) {
                medic.push(name.clone());
            }
            if has(xa.analysis.transport_linked) && !had(xb.analysis.transport_linked) {
                carried.push(name.clone());
            }
            if has(xa.analysis.qm_linked) && !had(xb.analysis.qm_linked) {
                armed.push(name);
            }
        }
        if !medic.is_empty() {
            out.push(format!("a Medic protects {}", and_list(&medic)));
        }
        if !carried.is_empty() {
            out.push(format!("the Transport can move {}", and_list(&carried)));
        }
        if !armed.is_empty() {
            out.push(format!(
                "the Quartermaster can turn melee attacks of {} ranged",
                and_list(&armed)
            ));
        }
        let bit = 1u8 << self.seat;
        if xa.analysis.recon & bit != 0 && xb.analysis.recon & bit == 0 {
            out.push("your moves may go two hexes".into());
        }
    }

    /// Tiles that went on top of a deck (a Bio-droid back to its owner, the Mad Bomber
    /// passed on).
    fn deck_tops(&self, out: &mut Vec<String>) {
        let (kb, ka) = (self.before.known_top(), self.after.known_top());
        for s in 0..self.after.seats() {
            if ka[s as usize] <= kb[s as usize] {
                continue;
            }
            let Some(&tile) = self.after.decks()[s as usize].last() else {
                continue;
            };
            let def = nshex_rules::tiles().tile(tile);
            let deck = if s == self.seat {
                "your deck".to_string()
            } else {
                format!("the {} deck", army_name(self.after.pos(), s))
            };
            let back = if def.bio_droid { "back " } else { "" };
            let name = super::names::bare(&def.name);
            out.push(format!("the {name} goes {back}on top of {deck}"));
        }
    }
}
