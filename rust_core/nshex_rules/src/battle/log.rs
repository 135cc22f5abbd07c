//! The battle log: what happened, phase by phase, for whoever shows or checks a battle.
//! `NoLog` compiles every logging branch away on the fast path.

use super::{DIR_EXPLOSION, DIR_MEDIC_DEATH};
use crate::tiles::TileId;

/// Why a tile left the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    Killed,
    Exploded,
    /// A medic that took an attack in place of a linked tile.
    Medic,
    HqDestroyed,
}

impl Cause {
    pub fn name(self) -> &'static str {
        match self {
            Cause::Killed => "killed",
            Cause::Exploded => "exploded",
            Cause::Medic => "medic",
            Cause::HqDestroyed => "hq_destroyed",
        }
    }
}

/// One thing that happened in a battle. Cells are indices of the position's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// At the start of a phase: this tile is netted for the whole phase.
    Netted {
        cell: u8,
    },
    /// At the start of a phase: this unit is controlled by `seat`, not its owner (taken
    /// over, D-13; control is resolved at every phase start, FAQ-45).
    Controlled {
        cell: u8,
        seat: u8,
    },
    /// A netted unit's initiative came and went without an attack (FAQ-74).
    SlotLost {
        cell: u8,
    },
    /// A Quartermaster turned this edge's attack into the other kind for this phase.
    Converted {
        cell: u8,
        edge: u8,
        to_ranged: bool,
    },
    /// One edge attacks. `reach` is how many hexes a ranged or Gauss shot travels.
    Attack {
        cell: u8,
        tile: TileId,
        edge: u8,
        dir: u8,
        melee: u8,
        ranged: u8,
        gauss: bool,
        reach: u8,
    },
    /// A Clown explodes instead of attacking.
    Explode {
        cell: u8,
    },
    /// Wounds about to land on `target` (before medics).
    Hit {
        target: u8,
        from: u8,
        dir: u8,
        wounds: u8,
    },
    /// Armor facing the shot lowered a ranged attack by `blocked`.
    Armor {
        target: u8,
        from: u8,
        dir: u8,
        blocked: u8,
    },
    /// A medic took the attack `(from, dir)` on `target` and dies in its place. For a medic
    /// saving another medic from dying, `dir` is the sentinel of a medic death.
    Save {
        medic: u8,
        target: u8,
        from: u8,
        dir: u8,
        /// The wounds the save cancels (0 when it saves a medic from its own death).
        wounds: u8,
    },
    HqDamage {
        seat: u8,
        amount: u8,
        hp: u8,
    },
    /// A redirector on `cell` sent `copies` copies of a shot out in direction `dir`
    /// (`u32::MAX`: infinitely many, D-19); the run ends on `to` (the enemy that stopped it,
    /// the redirector it entered, or the last hex before the board's edge).
    Redirected {
        cell: u8,
        dir: u8,
        copies: u32,
        to: u8,
    },
    /// Points game: `seat` scored `points` (wounds to another seat's HQ), now `total`.
    Scored {
        seat: u8,
        points: u8,
        total: u8,
    },
    Removed {
        cell: u8,
        tile: TileId,
        seat: u8,
        cause: Cause,
    },
}

impl Event {
    /// The sentinel `dir` of an explosion, for consumers of the log.
    pub const EXPLOSION: u8 = DIR_EXPLOSION;
    /// The sentinel `dir` of a medic's death absorbed by another medic.
    pub const MEDIC_DEATH: u8 = DIR_MEDIC_DEATH;

    /// The event's kind in snake case (`netted`, `slot_lost`, `hq_damage`, ...), as the
    /// views and the binding name it.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Netted { .. } => "netted",
            Event::Controlled { .. } => "controlled",
            Event::SlotLost { .. } => "slot_lost",
            Event::Converted { .. } => "converted",
            Event::Attack { .. } => "attack",
            Event::Explode { .. } => "explode",
            Event::Hit { .. } => "hit",
            Event::Armor { .. } => "armor",
            Event::Save { .. } => "save",
            Event::HqDamage { .. } => "hq_damage",
            Event::Redirected { .. } => "redirected",
            Event::Scored { .. } => "scored",
            Event::Removed { .. } => "removed",
        }
    }
}

/// Where a battle's events go. `ON = false` removes every logging branch at compile time.
pub trait Log {
    const ON: bool;
    fn phase(&mut self, initiative: u8);
    fn event(&mut self, event: Event);
    /// The board at the end of the phase, once wounds are applied and the dead removed:
    /// `(cell, wounds)` of every tile still standing, and each seat's HQ hit points. A
    /// viewer sets its board from this rather than adding the wounds up itself.
    fn board(&mut self, _tiles: &mut dyn Iterator<Item = (u8, u8)>, _hq_hp: &[u8]) {}
}

/// No log: the fast path.
pub struct NoLog;

impl Log for NoLog {
    const ON: bool = false;
    #[inline(always)]
    fn phase(&mut self, _: u8) {}
    #[inline(always)]
    fn event(&mut self, _: Event) {}
}

/// One phase of the log.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PhaseLog {
    pub initiative: u8,
    pub events: Vec<Event>,
    /// Where the board after the phase is in [`BattleLog::boards`]: `(cell, wounds)` of
    /// every tile still standing (see [`BattleLog::board_after`]).
    pub after: std::ops::Range<u32>,
    /// HQ hit points after the phase, by seat (`None` while the phase is not over: a battle
    /// question interrupted it).
    pub hq_hp_after: Option<[u8; crate::seats::MAX_SEATS]>,
}

/// The full log, phase by phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BattleLog {
    pub phases: Vec<PhaseLog>,
    /// The boards after the phases, one after the other (one allocation for the battle).
    pub boards: Vec<(u8, u8)>,
}

impl BattleLog {
    /// The board after `phase`: `(cell, wounds)` of every tile still standing.
    pub fn board_after(&self, phase: &PhaseLog) -> &[(u8, u8)] {
        &self.boards[phase.after.start as usize..phase.after.end as usize]
    }
}

impl Log for BattleLog {
    const ON: bool = true;
    fn phase(&mut self, initiative: u8) {
        self.phases.push(PhaseLog {
            initiative,
            ..PhaseLog::default()
        });
    }
    fn event(&mut self, event: Event) {
        if let Some(p) = self.phases.last_mut() {
            p.events.push(event);
        }
    }
    fn board(&mut self, tiles: &mut dyn Iterator<Item = (u8, u8)>, hq_hp: &[u8]) {
        let start = self.boards.len() as u32;
        self.boards.extend(tiles);
        let end = self.boards.len() as u32;
        if let Some(p) = self.phases.last_mut() {
            let mut hp = [0u8; crate::seats::MAX_SEATS];
            let n = hq_hp.len().min(hp.len());
            hp[..n].copy_from_slice(&hq_hp[..n]);
            p.after = start..end;
            p.hq_hp_after = Some(hp);
        }
    }
}
