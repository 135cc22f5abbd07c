//! Battle resolution: initiative phases from the highest down to 0, everything within a phase
//! simultaneous (`docs/RULES.md`, "Battle resolution").
//!
//! This is the hot path of the whole engine: the AI resolves a battle at every leaf it
//! evaluates. So the resolver works on cell indices and bit masks, keeps the derived state
//! (nets, bonuses, links) until a tile is removed, writes damage into a reused buffer, and
//! logs through a generic sink that compiles to nothing when no log is wanted.

use crate::error::Refusal;
use crate::hex::{bits, MAX_CELLS, NO_CELL};
use crate::position::Position;
use crate::seats::{MAX_SEATS, SEAT_SLOTS};
use crate::sides::{Outcome, Relations};
use crate::tiles::{Oriented, TileDef, TileId};

mod attacks;
mod choices;
mod clown;
mod derive;
mod log;
mod medics;
mod phases;
mod quartermaster;
mod redirect;
mod setup;
mod slots;
mod trap;

use choices::Halt;
pub use choices::{Answer, BattleChoices, MedicChoice, MedicTake, QmChoice, Question, Step};
pub use log::{BattleLog, Cause, Event, Log, NoLog, PhaseLog};

/// `Dmg::dir` of a Clown's explosion.
pub const DIR_EXPLOSION: u8 = 6;
/// `Dmg::dir` of a medic dying in place of the tile it saved.
const DIR_MEDIC_DEATH: u8 = 7;
/// `Dmg::dir` of a hit outside a battle that comes from no side (an instant's own hit).
const DIR_NO_SIDE: u8 = 8;
const NONE: u8 = NO_CELL;

/// What a battle changed besides the position itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BattleSummary {
    pub outcome: Outcome,
    /// Anything happened at all: a wound, HQ damage or a removal (FAQ-39 needs to know).
    pub changed: bool,
    /// Seats whose HQ was destroyed in this battle (bit mask).
    pub hqs_destroyed: u8,
    /// Points game: wounds each seat's own sources dealt to its own HQ, which that seat
    /// gives to opponents of its choice (FAQ-374).
    pub own_wounds: [u8; MAX_SEATS],
    /// The Mad Bomber left the board (D-24): the seats that hit it in the phase it left (a
    /// seat mask; two or more: it leaves the game; one: it passes on after that seat).
    pub bomber_left: Option<u8>,
}

/// One damage record of a phase: an attack (attacker cell and direction) on one target.
#[derive(Clone, Copy, Debug)]
struct Dmg {
    from: u8,
    dir: u8,
    target: u8,
    wounds: u8,
    absorbed: bool,
}

/// Medic bookkeeping within one phase.
struct Tally {
    /// Unabsorbed wounds from attacks and explosions per target.
    direct: [u32; MAX_CELLS],
    /// Medics that took an attack this phase.
    used: u64,
    /// Medics whose death (in place of a saved tile) is still pending.
    dying: u64,
}

/// A tile on the board during a battle.
#[derive(Clone, Copy)]
struct BUnit {
    tile: TileId,
    def: &'static TileDef,
    o: &'static Oriented,
    /// The seat that controls it (D-35); the owner unless taken over (D-13). Its owner is in
    /// `Battle::owners`.
    seat: u8,
    facing: u8,
    is_hq: bool,
    /// The printed initiative values (`n_init` of them), copied from `def`.
    init: [u8; 2],
    n_init: u8,
    /// Placement order, set for Scopers only: the one thing a battle reads it for (the
    /// first placed wins a module two Scopers reach, D-7); control resolution takes it from
    /// the position.
    placed: u16,
    /// Extra-attack sources already spent (cell mask).
    extra_spent: u64,
    qm_used: bool,
}

/// State derived from the board, valid until a tile leaves it.
struct Derived {
    netted: u64,
    init_bonus: [i8; MAX_CELLS],
    melee_bonus: [u8; MAX_CELLS],
    ranged_bonus: [u8; MAX_CELLS],
    /// Active extra-attack sources of each unit (cell mask).
    extra_sources: [u64; MAX_CELLS],
    /// The cells given an extra-attack source since the last `derive`: the only nonzero
    /// entries of `extra_sources`.
    extra_cells: u64,
    /// Tiles each active medic protects (cell mask); 0 for all but `medics`.
    medic_prot: [u64; MAX_CELLS],
    /// Medics with anything to protect.
    medics: u64,
    /// Units linked to an active Quartermaster working for them.
    qm_linked: u64,
    /// Units linked to an active Transport working for them.
    transport_linked: u64,
    /// Seats with an active Recon Center working for them.
    recon: u8,
    /// `fires_at[p]`: units with an unspent initiative slot of value `p` (cell mask).
    fires_at: [u64; 16],
    /// Units whose slots are not one printed value alone (two printed values, or extra
    /// attacks): spent one by one (`spend_slot`); every other firing unit spends its one
    /// slot with the others' in one mask operation.
    slow_slots: u64,
    /// Active modules and HQs whose link reaches each unit (cell mask). Filled only by
    /// `derive_with::<true>` (for `Resolver::explain`); battles never read it.
    linked_from: [u64; MAX_CELLS],
    /// Per source: the units it gives a bonus or an extra attack, and the enemies its
    /// negative initiative reaches (for taking them back when it leaves, `underive`).
    gave: [u64; MAX_CELLS],
    gave_enemy: [u64; MAX_CELLS],
    /// The seat each source works for (its owner, or the Scoper's owner).
    benef: [u8; MAX_CELLS],
}

impl Derived {
    fn new() -> Derived {
        Derived {
            netted: 0,
            init_bonus: [0; MAX_CELLS],
            melee_bonus: [0; MAX_CELLS],
            ranged_bonus: [0; MAX_CELLS],
            extra_sources: [0; MAX_CELLS],
            extra_cells: 0,
            medic_prot: [0; MAX_CELLS],
            medics: 0,
            qm_linked: 0,
            transport_linked: 0,
            recon: 0,
            fires_at: [0; 16],
            slow_slots: 0,
            linked_from: [0; MAX_CELLS],
            gave: [0; MAX_CELLS],
            gave_enemy: [0; MAX_CELLS],
            benef: [0; MAX_CELLS],
        }
    }
}

/// Choices resolved to cells.
#[derive(Default)]
struct CellChoices {
    clown: Vec<(u8, bool)>,
    qm: Vec<(u8, QmChoice)>,
    medic: Vec<(u8, u8, u8, u8)>, // phase, medic, target, attacker (NONE = medic death)
}

/// Reusable battle resolver: owns the battle state and scratch buffers, so repeated
/// battles neither allocate nor initialise more than the tiles on the board.
pub struct Resolver {
    b: Box<Battle>,
}

impl Default for Resolver {
    fn default() -> Self {
        Self::new()
    }
}

/// Resolves one battle on `pos` with automatic choices and no log. The position is updated.
pub fn resolve(pos: &mut Position) -> BattleSummary {
    Resolver::new()
        .resolve(pos, None, &mut NoLog)
        .expect("automatic choices are always valid")
}

impl Resolver {
    pub fn new() -> Resolver {
        let set = crate::tiles::tiles();
        let filler_def = &set.tiles[0];
        let filler = BUnit {
            tile: TileId(0),
            def: filler_def,
            o: &filler_def.oriented[0],
            seat: 0,
            facing: 0,
            is_hq: false,
            init: [0; 2],
            n_init: 0,
            placed: 0,
            extra_spent: 0,
            qm_used: false,
        };
        Resolver {
            b: Box::new(Battle {
                nbr: &crate::hex::BoardKind::Standard.geometry().neighbors,
                rays: &crate::hex::BoardKind::Standard.geometry().rays,
                dir_cells: &crate::hex::BoardKind::Standard.geometry().dir_cells,
                u: [filler; MAX_CELLS],
                wounds: [0; 64],
                hp: [0; 64],
                words: 8,
                fired: [0; 2],
                clowns: 0,
                occ: 0,
                seat_cells: [0; SEAT_SLOTS],
                takers: 0,
                owners: [0; MAX_CELLS],
                ctl_board: crate::control::CtlBoard::new(),
                ctl_scratch: crate::control::CtlScratch::new(),
                ctl_aimed: 0,
                spare_cells: [0; SEAT_SLOTS],
                side_cells: [0; SEAT_SLOTS],
                rel: Relations::NO_TEAMS,
                rel_points: false,
                redirs: 0,
                general: 0,
                starter: NONE,
                traps: 0,
                bomber: NONE,
                bomber_left: None,
                actor: NONE,
                own_wounds: [0; MAX_SEATS],
                recons: 0,
                sources: 0,
                scopers: 0,
                netters: 0,
                hq_hp: [0; MAX_SEATS],
                hq_present: 0,
                hqs_destroyed: 0,
                changed: false,
                d: Derived::new(),
                dirty: true,
                records: Vec::with_capacity(256),
                acc: [0; 64],
                acc_cells: 0,
                rec_mask: u64::MAX,
                choices: CellChoices::default(),
                actors: 0,
                exploded: 0,
                saving: [0; MAX_CELLS],
                hqs: 0,
                special: 0,
                unions: 0,
                removed_sources: 0,
                nets_dirty: false,
                start_occ: 0,
                wounded: 0,
                manual: 0,
                answers: Vec::new(),
                next_answer: 0,
                question: None,
            }),
        }
    }

    /// Resolves one battle on `pos` (which is updated: wounds, removals, HQ hit points).
    ///
    /// On an error (a given choice that cannot be carried out) the position is unchanged.
    pub fn resolve<L: Log>(
        &mut self,
        pos: &mut Position,
        choices: Option<&BattleChoices>,
        log: &mut L,
    ) -> Result<BattleSummary, Refusal> {
        let b = &mut *self.b;
        b.set_choices(pos, choices)?;
        b.manual = 0;
        b.answers.clear();
        b.setup(pos);
        // The position is only written once the whole battle has succeeded.
        match b.run(log) {
            Ok(()) => Ok(b.finish(pos)),
            Err(Halt::Illegal(e)) => Err(e),
            Err(Halt::Ask) => Err(Refusal::choice("a battle choice has no answer")),
        }
    }

    /// Resolves one battle in which the seats in `manual` (a bit mask) answer their own
    /// battle choices. `answers` are the answers given so far, in the order the questions
    /// came up. The battle runs from the start with them; at the first question without an
    /// answer it stops and returns it (the position is unchanged, `log` holds the battle up
    /// to that point). Seats not in `manual` get the automatic answers (D-4). An answer
    /// that does not fit its question is an error, and so is an answer left over.
    /// The seat that starts the next battles this resolver resolves (`None`: unknown); it
    /// decides between allies' mutually exclusive battle choices (FAQ-368, D-26).
    pub fn set_starter(&mut self, seat: Option<u8>) {
        self.b.starter = seat.unwrap_or(NONE);
    }

    pub fn resolve_step<L: Log>(
        &mut self,
        pos: &mut Position,
        manual: u8,
        answers: &[Answer],
        log: &mut L,
    ) -> Result<Step, Refusal> {
        let b = &mut *self.b;
        b.set_choices(pos, None)?;
        b.manual = manual;
        b.answers.clear();
        b.answers.extend_from_slice(answers);
        b.next_answer = 0;
        b.question = None;
        b.setup(pos);
        let r = b.run(log);
        b.manual = 0;
        match r {
            Err(Halt::Illegal(e)) => Err(e),
            Err(Halt::Ask) => Ok(Step::Ask(b.question.take().expect("a question"))),
            Ok(()) if b.next_answer < b.answers.len() => Err(Refusal::choice(format!(
                "{} answers given, but the battle asked only {} questions",
                b.answers.len(),
                b.next_answer
            ))),
            Ok(()) => Ok(Step::Done(b.finish(pos))),
        }
    }
}

/// A hit outside a battle (an instant action's, D-22): the tile on `from` strikes the
/// adjacent `target` with `wounds` (`u8::MAX`: it is destroyed); `from == NO_CELL` for a hit
/// that comes from no side (a Sniper, an Air Strike, a Small Bomb).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutsideHit {
    pub from: u8,
    pub target: u8,
    pub wounds: u8,
    /// The seat whose action it is (the detonator of a Mad Bomber it hits, D-24).
    pub by: u8,
}

impl Resolver {
    /// An action's hits outside a battle and what they set off, as at the end of a battle
    /// phase (D-22): Traps struck on their marked edge by an enemy hit explode, their
    /// shrapnel (which spares no HQ) chains, then Medics (automatic choices), wounds, points
    /// and removals. The position is updated; the summary says whether an HQ fell.
    pub fn resolve_hits<L: Log>(
        &mut self,
        pos: &mut Position,
        hits: &[OutsideHit],
        log: &mut L,
    ) -> BattleSummary {
        let b = &mut *self.b;
        b.setup_without_choices(pos);
        b.manual = 0;
        b.general = 0;
        b.derive();
        b.actor = hits.first().map_or(NONE, |h| h.by);
        for h in hits {
            if !b.occupied(h.target) {
                continue;
            }
            let dir = if h.from == NONE {
                None
            } else {
                (0..6u8).find(|&d| b.nb(h.from, d) == h.target)
            };
            let wounds = h.wounds.min(b.hp_left(h.target));
            b.push_record(
                if dir.is_some() { h.from } else { h.target },
                dir.unwrap_or(DIR_NO_SIDE),
                h.target,
                wounds,
            );
            if L::ON {
                log.event(Event::Hit {
                    target: h.target,
                    from: h.from,
                    dir: dir.unwrap_or(DIR_NO_SIDE),
                    wounds,
                });
            }
        }
        if b.traps & b.occ != 0 {
            b.traps_explode(log);
        }
        if b.d.medics != 0 {
            // Automatic choices (no seat answers its own here): this never stops.
            let done = b.medics(0, log).is_ok();
            debug_assert!(done, "automatic Medic choices never stop");
        }
        b.end_of_phase(log);
        let summary = b.finish(pos);
        b.actor = NONE;
        summary
    }
}

/// What the board gives each tile outside a battle: nets, links and bonuses. The game asks
/// this for moves (a netted unit cannot move, Transport, Recon Center), instant actions
/// (Medics) and the client for its tile information.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub netted: u64,
    pub init_bonus: [i8; MAX_CELLS],
    pub melee_bonus: [u8; MAX_CELLS],
    pub ranged_bonus: [u8; MAX_CELLS],
    /// Per active medic cell: the cells it protects.
    pub medic_prot: [u64; MAX_CELLS],
    pub medics: u64,
    pub transport_linked: u64,
    pub qm_linked: u64,
    /// Seats whose moves may go two hexes (an active Recon Center).
    pub recon: u8,
}

impl Resolver {
    /// Nets, links and bonuses of `pos` as they stand now.
    pub fn analyze(&mut self, pos: &Position) -> Analysis {
        let b = &mut *self.b;
        b.setup_without_choices(pos);
        b.derive();
        b.analysis()
    }

    /// Everything `analyze` finds plus, per cell, the initiative values at which the unit
    /// would fire (a bit mask over 0..16) and the sources whose links reach it. For
    /// rendering and tooltips; slower than `analyze`.
    pub fn explain(&mut self, pos: &Position) -> Explanation {
        let b = &mut *self.b;
        b.setup_without_choices(pos);
        b.d.linked_from = [0; MAX_CELLS];
        b.derive_with::<true>();
        let mut slots = [0u16; MAX_CELLS];
        for (v, &m) in b.d.fires_at.iter().enumerate() {
            for c in bits(m) {
                slots[c as usize] |= 1 << v;
            }
        }
        Explanation {
            analysis: b.analysis(),
            slots,
            linked_from: b.d.linked_from,
        }
    }
}

/// `Analysis` with the details a player wants to see on a tile.
#[derive(Clone, Debug)]
pub struct Explanation {
    pub analysis: Analysis,
    /// Initiative values at which each unit would fire, as a bit mask (bit `v` = phase `v`).
    pub slots: [u16; MAX_CELLS],
    /// Active modules and HQs whose links reach each unit (cell mask).
    pub linked_from: [u64; MAX_CELLS],
}

/// One battle in progress.
struct Battle {
    nbr: &'static [[u8; 6]],
    /// The board's lines (`Geometry::rays`) and neighbours by direction mask.
    rays: &'static [[u64; 6]],
    dir_cells: &'static [[u64; 64]],
    /// Tiles by cell; only cells in `occ` hold a tile.
    u: [BUnit; MAX_CELLS],
    /// Per cell, the wounds a non-HQ unit has taken and its hit points (toughness + 1); HQ
    /// hit points live in `hq_hp`. Kept apart from the units, 64 to a row, so that the end
    /// of a phase adds a phase's summed hits and finds who leaves for every cell at once.
    /// Entries of cells without a tile are never read without `occ`.
    wounds: [u8; 64],
    hp: [u8; 64],
    /// Per printed initiative slot `k`, the units that have fired it (cell mask).
    fired: [u64; 2],
    /// Clowns (they decide last in their phase, P-2).
    clowns: u64,
    /// The board's cells in words of eight (`wounds`, `hp`, `acc`).
    words: usize,
    occ: u64,
    /// Each seat's tiles (cell masks; `& occ` for those still on the board), by controller.
    seat_cells: [u64; SEAT_SLOTS],
    /// Per seat, the cells of the seats its attacks pass over (its own, its allies' but
    /// Moloch's; D-28); by controller, like `seat_cells`.
    spare_cells: [u64; SEAT_SLOTS],
    /// Per seat, the cells of its side (its own and its allies'): whom its modules reach.
    side_cells: [u64; SEAT_SLOTS],
    /// Friend and foe per seat (the position's mode).
    rel: Relations,
    /// The points game: HQ counters are points, HQs are never destroyed (D-29).
    rel_points: bool,
    /// Redirectors (D-18) and Traps (D-21) on the board at the start of the battle.
    redirs: u64,
    /// Every cell when each attack must take the general path (Quartermaster choices
    /// given), else none.
    general: u64,
    /// The seat that started the battle (`NONE`: unknown, outside a game): it decides
    /// between allies' mutually exclusive choices (FAQ-368, D-26).
    starter: u8,
    traps: u64,
    /// The Mad Bomber's cell (`NONE`: not on the board at the start), and the seats that hit
    /// it in the phase it left the board (`BattleSummary::bomber_left`).
    bomber: u8,
    bomber_left: Option<u8>,
    /// Outside a battle, the seat whose action's hits are resolved (`NONE` in a battle).
    actor: u8,
    /// Points game: wounds each seat's own sources dealt to its own HQ (FAQ-374).
    own_wounds: [u8; MAX_SEATS],
    /// Takeover sources (the Vegas HQ, Agitators): control is resolved at every phase
    /// start while one is on the board (D-13, FAQ-45).
    takers: u64,
    /// The seat that owns each tile (kept apart from the units, which only control needs).
    owners: [u8; MAX_CELLS],
    /// With a takeover source on the board: its tiles as control resolution reads them, and
    /// that resolution's working memory.
    ctl_board: crate::control::CtlBoard,
    ctl_scratch: crate::control::CtlScratch,
    /// The tiles a takeover aimed at in the last control resolution (`Control::aimed`):
    /// with the takeover sources, net throwers and Scopers, the tiles whose leaving can
    /// change the control, nets or scoping of the others.
    ctl_aimed: u64,
    /// Recon Centers.
    recons: u64,
    /// Modules and HQs with an effect, Scopers, net throwers (cell masks).
    sources: u64,
    scopers: u64,
    netters: u64,
    hq_hp: [u8; MAX_SEATS],
    hq_present: u8,
    hqs_destroyed: u8,
    changed: bool,
    d: Derived,
    dirty: bool,
    records: Vec<Dmg>,
    /// Wounds of this phase on targets nothing asks about one attack at a time (no medic
    /// protects them, no Trap or Mad Bomber, not the points game's HQs): summed per cell
    /// instead of recorded per attack (the lean path only). `acc_cells` marks the cells with
    /// a sum; every other entry of `acc` is 0.
    acc: [u8; 64],
    acc_cells: u64,
    /// Cells whose hits must be recorded one by one in this phase (see `acc`).
    rec_mask: u64,
    choices: CellChoices,
    /// Units with any initiative (the only ones that can act).
    actors: u64,
    /// Clowns that exploded this phase.
    exploded: u64,
    /// Per medic whose death is pending in this phase: the units that death is saving, the
    /// one it took the attack for and, through a chain, every unit before it (P-34). Written
    /// when the medic takes an attack, before its death record exists, so never read stale.
    saving: [u64; MAX_CELLS],
    /// HQs (cell mask).
    hqs: u64,
    /// Quartermasters, Transports, takeover sources, redirectors and Traps: the tiles
    /// `setup` looks at one by one. Removing one of the last three asks for a full `derive`.
    special: u64,
    /// Quartermasters and Transports: their links are a union over all of them, worked out
    /// again from those left when one leaves (`underive`).
    unions: u64,
    /// Sources removed since the last `derive`, their effects still to be taken back.
    removed_sources: u64,
    /// A net thrower left since the last `derive`: the nets are to be worked out again.
    nets_dirty: bool,
    /// The tiles on the board when the battle began, and those wounded since.
    start_occ: u64,
    wounded: u64,
    /// Seats that answer their own battle choices (bit mask), their answers so far, how
    /// many of them were used, and the question the battle stopped at.
    manual: u8,
    answers: Vec<Answer>,
    next_answer: usize,
    question: Option<Question>,
}

/// The low bit of each byte of `w`, byte `j`'s to bit `j`: eight cells' flags (one byte per
/// cell) as a mask, without a branch per cell.
#[inline(always)]
fn byte_lows(w: u64) -> u64 {
    // Moves the low bit of byte j to bit 56 + j (no two products overlap).
    (w & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

impl Battle {
    /// Whether `a`'s attacks hit `b`'s units (other sides; Moloch also its allies, D-28).
    #[inline]
    fn hits(&self, a: u8, b: u8) -> bool {
        self.rel.hits[a as usize] >> b & 1 == 1
    }

    /// `spare_cells` and `side_cells` from `seat_cells` (after set-up and after control
    /// changes). Without teams both are `seat_cells`.
    fn side_masks(&mut self) {
        if self.rel.plain {
            self.spare_cells = self.seat_cells;
            self.side_cells = self.seat_cells;
            return;
        }
        for s in 0..MAX_SEATS {
            let (mut spare, mut side) = (0u64, 0u64);
            for t in 0..SEAT_SLOTS {
                if !self.hits(s as u8, t as u8) {
                    spare |= self.seat_cells[t];
                }
                if self.rel.side[s] >> t & 1 == 1 {
                    side |= self.seat_cells[t];
                }
            }
            self.spare_cells[s] = spare;
            self.side_cells[s] = side;
        }
    }

    /// Lays out the tiles of `pos` for a new battle. Cells without a tile are never read, so
    /// they are left as they are.
    /// `setup` for looking at a board outside a battle: no caller's choices apply.
    fn setup_without_choices(&mut self, pos: &Position) {
        self.choices.clown.clear();
        self.choices.qm.clear();
        self.choices.medic.clear();
        self.setup(pos);
    }

    /// The derived state as the public `Analysis` (after `derive`).
    fn analysis(&self) -> Analysis {
        let d = &self.d;
        Analysis {
            netted: d.netted & self.occ,
            init_bonus: d.init_bonus,
            melee_bonus: d.melee_bonus,
            ranged_bonus: d.ranged_bonus,
            medic_prot: d.medic_prot,
            medics: d.medics,
            transport_linked: d.transport_linked,
            qm_linked: d.qm_linked,
            recon: d.recon,
        }
    }

    /// The seat that owns the tile on `c` (D-35).
    #[inline]
    fn owner(&self, c: u8) -> u8 {
        if self.takers != 0 {
            self.owners[c as usize]
        } else {
            self.u[c as usize].seat
        }
    }

    /// The seat a damage record counts for: the controller of what dealt it, or outside a
    /// battle the seat whose action it is for a hit from no side (D-24's detonator).
    #[inline]
    fn hitter(&self, r: &Dmg) -> u8 {
        if r.dir == DIR_NO_SIDE {
            self.actor
        } else {
            self.u[r.from as usize].seat
        }
    }

    #[inline]
    fn unit(&self, c: u8) -> &BUnit {
        &self.u[c as usize]
    }

    #[inline]
    fn nb(&self, c: u8, dir: u8) -> u8 {
        self.nbr[c as usize][dir as usize]
    }

    #[inline]
    fn occupied(&self, c: u8) -> bool {
        c != NONE && self.occ >> c & 1 == 1
    }

    /// Hit points a tile has left before it is removed.
    #[inline]
    fn hp_left(&self, c: u8) -> u8 {
        let u = self.unit(c);
        if u.is_hq && self.rel_points {
            // The points game's HQs are never destroyed (D-29).
            u8::MAX
        } else if u.is_hq {
            self.hq_hp[u.seat as usize]
        } else {
            self.hp[c as usize].saturating_sub(self.wounds[c as usize])
        }
    }

    /// Whether battle choices of `seat` are asked rather than answered automatically.
    #[inline]
    fn asks(&self, seat: u8) -> bool {
        self.manual >> seat & 1 == 1
    }

    /// The next given answer to `q`, or a stop with `q` as the open question.
    fn take_answer(&mut self, q: Question) -> Result<Answer, Halt> {
        let Some(&a) = self.answers.get(self.next_answer) else {
            self.question = Some(q);
            return Err(Halt::Ask);
        };
        if !q.allows(&a) {
            let asked = match q {
                Question::Clown { .. } => "clown",
                Question::Convert { .. } => "convert",
                Question::Medic { .. } => "medic",
            };
            let given = match a {
                Answer::Clown { .. } => "clown",
                Answer::Convert { .. } => "convert",
                Answer::Medic(_) => "medic",
            };
            return Err(Halt::Illegal(Refusal::choice(format!(
                "battle answer {}: this {given} answer is not one of the options of the open \
                 {asked} question (phase {})",
                self.next_answer,
                q.phase()
            ))));
        }
        self.next_answer += 1;
        Ok(a)
    }
}
