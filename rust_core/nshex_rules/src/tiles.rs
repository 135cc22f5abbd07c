//! Tile data: every army's tiles as rows of data, embedded at compile time.
//!
//! A tile is data (edges, initiative, toughness); only abilities are code, and an ability is
//! named here by a keyword from the army file. The files are validated when first used, and
//! a bad file is refused with a message that names the army, the tile and the field.

use crate::hex::{edge_dir, rotate_mask};
use serde::Deserialize;
use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

/// Index of a tile in the global tile table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileId(pub u16);

/// Index of an army in the global army table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ArmyId(pub u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Hq,
    Warrior,
    Module,
    Instant,
    /// A foundation (the Mine): placed on an empty hex, not a unit (D-15).
    Foundation,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Hq => "hq",
            Kind::Warrior => "warrior",
            Kind::Module => "module",
            Kind::Instant => "instant",
            Kind::Foundation => "foundation",
        }
    }
}

/// What an instant action tile does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InstantKind {
    Battle,
    Move,
    PushBack,
    Grenade,
    Sniper,
    AirStrike,
    /// Every other seat places no board tiles in its next turn (D-32).
    Terror,
    /// Two adjacent own units swap hexes (FAQ-93).
    Castling,
    /// One own tile turns to any facing.
    Rotation,
    /// One wound to every non-HQ unit on three mutually adjacent hexes (D-23).
    SmallBomb,
}

impl InstantKind {
    /// The name the action notation gives it (`play push_back ...`).
    pub fn notation(self) -> &'static str {
        match self {
            InstantKind::Battle => "battle",
            InstantKind::Move => "move",
            InstantKind::PushBack => "push_back",
            InstantKind::Grenade => "grenade",
            InstantKind::Sniper => "sniper",
            InstantKind::AirStrike => "air_strike",
            InstantKind::Terror => "terror",
            InstantKind::Castling => "castling",
            InstantKind::Rotation => "rotation",
            InstantKind::SmallBomb => "small_bomb",
        }
    }
}

/// The effects a tile has as a module (or, for an HQ, as its army bonus), as numbers the
/// resolver adds up. Positive effects go to the beneficiary's units, negative ones to its
/// enemies (see `docs/RULES-NOTES.md` and the Scoper).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ModuleEffect {
    pub melee: i8,
    pub ranged: i8,
    pub initiative: i8,
    /// Initiative change for linked enemy units (Saboteur: -1).
    pub enemy_initiative: i8,
    /// Gives one extra attack (Mother Module, Outpost HQ).
    pub extra_attack: bool,
    pub medic: bool,
    pub quartermaster: bool,
    pub transport: bool,
}

impl ModuleEffect {
    pub fn is_empty(&self) -> bool {
        *self == ModuleEffect::default()
    }
}

/// One tile as printed, in the form the engine uses.
#[derive(Clone, Debug)]
pub struct TileDef {
    pub id: String,
    pub army: ArmyId,
    pub name: String,
    pub kind: Kind,
    pub count: u8,
    /// Printed initiative values, highest first.
    pub initiative: Vec<u8>,
    /// The same, as a fixed array for the resolver (`n_init` values used).
    pub init: [u8; 2],
    pub n_init: u8,
    /// Gives something to linked tiles (a module with an effect, or an HQ's army bonus).
    pub is_source: bool,
    /// Per printed edge (0 = top, clockwise).
    pub melee: [u8; 6],
    pub ranged: [u8; 6],
    /// Bit masks over printed edges.
    pub armor: u8,
    pub net: u8,
    pub link: u8,
    pub gauss: u8,
    pub toughness: u8,
    pub mobility: bool,
    /// Effect on linked tiles (modules) or adjacent own units (HQ army bonus).
    pub effect: ModuleEffect,
    pub scoper: bool,
    pub recon_center: bool,
    pub explodes: bool,
    /// Printed takeover edges (the Vegas HQ's takeover edge, an Agitator's link edge; D-13).
    pub takeover: u8,
    /// An Agitator: a module whose link edge is a takeover edge.
    pub agitator: bool,
    /// The Smart HQ: adjacent friendly units may move or turn once a turn.
    pub grant: bool,
    /// The Transporter: a tile from hand may be placed on its hex instead (D-33).
    pub transporter: bool,
    /// The Bio-droid: back on top of its owner's deck when it dies (D-34).
    pub bio_droid: bool,
    /// The Mine: a foundation that destroys a unit entering its hex (D-15).
    pub mine: bool,
    /// The Doomsday Machine's HQ: turns one unit of its seat anywhere once a turn (D-20).
    pub rotator: bool,
    /// A redirector's entry and exit edges (printed; D-18).
    pub redirect_in: u8,
    pub redirect_out: u8,
    /// The Trap's marked (trigger) edges (printed; D-21); all six for the Mad Bomber.
    pub trigger: u8,
    /// The Mad Bomber (D-24): set off by any hit, it passes on from deck to deck.
    pub mad_bomber: bool,
    /// Link edges that reach the second hex as well (long-distance modules).
    pub long_link: u8,
    pub instant: Option<InstantKind>,
    pub abilities: Vec<String>,
    pub text: String,
    /// The printed edges turned to each facing: index = facing, arrays indexed by direction.
    pub oriented: [Oriented; 6],
}

/// A tile's edge symbols as they point on the board for one facing (indexed by direction).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Oriented {
    pub melee: [u8; 6],
    pub ranged: [u8; 6],
    pub armor: u8,
    pub net: u8,
    pub link: u8,
    pub gauss: u8,
    /// Takeover directions (D-13).
    pub take: u8,
    /// A redirector's entries: the directions a shot may come from (it travels the opposite
    /// way), and its exits: the directions copies leave in (D-18).
    pub redirect_in: u8,
    pub redirect_out: u8,
    /// The Trap's marked edge: the direction an enemy hit must come from (D-21).
    pub trigger: u8,
    /// Link directions that reach two hexes (long-distance modules).
    pub long_link: u8,
    /// Directions with a melee or ranged attack.
    pub attacks: u8,
    /// Directions with a melee attack, and with a ranged one (Gauss included).
    pub melee_dirs: u8,
    pub ranged_dirs: u8,
    /// The strength of every melee edge (Gauss edges aside) when they are all alike, else 0:
    /// the battle then hits all its melee targets in one step.
    pub melee_even: u8,
}

impl TileDef {
    pub fn is_hq(&self) -> bool {
        self.kind == Kind::Hq
    }

    /// Board tiles are placed on hexes; instants are not.
    pub fn is_board_tile(&self) -> bool {
        self.kind != Kind::Instant
    }

    /// Hit points of a non-HQ unit: it is removed once its wounds reach this.
    pub fn hit_points(&self) -> u8 {
        self.toughness + 1
    }
}

/// An army: its id, name and tiles (in file order).
#[derive(Clone, Debug)]
pub struct ArmyDef {
    pub id: String,
    pub name: String,
    pub tiles: Vec<TileId>,
    pub hq: TileId,
    /// It has a takeover source (the Vegas HQ, an Agitator): control must be resolved.
    pub takeovers: bool,
    /// It has a tile whose rules the game flow looks at only for the expansions' armies (a
    /// takeover source, the Smart HQ's grant, a Transporter, a foundation, a Bio-droid, the
    /// Doomsday Machine HQ's rotation).
    pub duel_tiles: bool,
}

/// Every army and tile the engine knows.
#[derive(Debug)]
pub struct TileSet {
    pub armies: Vec<ArmyDef>,
    pub tiles: Vec<TileDef>,
    by_id: HashMap<String, TileId>,
    /// Per tile, what moves and instant targets depend on (`MOVE_*` bits), packed so that
    /// a scan of the board reads one byte per tile instead of its whole definition.
    pub move_flags: Vec<u8>,
    /// The Mercenaries' tiles, in file order (a seat's unused ones are a bit mask over this).
    pub mercenaries: Vec<TileId>,
    /// The Mad Bomber's tile (D-24), when the Mercenaries' file has one.
    pub mad_bomber: Option<TileId>,
}

/// `TileSet::move_flags` bits.
pub const MOVE_NET: u8 = 1;
pub const MOVE_MOBILITY: u8 = 2;
pub const MOVE_TRANSPORT: u8 = 4;
pub const MOVE_RECON: u8 = 8;
pub const MOVE_SCOPER: u8 = 16;
/// A takeover source (the Vegas HQ, an Agitator): control must be resolved (D-13).
pub const MOVE_TAKEOVER: u8 = 32;
/// The Smart HQ's grant.
pub const MOVE_GRANT: u8 = 64;
/// A Transporter.
pub const MOVE_TRANSPORTER: u8 = 128;

impl TileSet {
    pub fn tile(&self, id: TileId) -> &TileDef {
        &self.tiles[id.0 as usize]
    }

    pub fn army(&self, id: ArmyId) -> &ArmyDef {
        &self.armies[id.0 as usize]
    }

    /// Looks a tile up by its id (`army.tile`).
    pub fn find(&self, id: &str) -> Option<TileId> {
        self.by_id.get(id).copied()
    }

    pub fn find_army(&self, id: &str) -> Option<ArmyId> {
        self.armies
            .iter()
            .position(|a| a.id == id)
            .map(|i| ArmyId(i as u8))
    }
}

/// The armies embedded in the engine: the four base armies and the two Duel armies.
const EMBEDDED: &[(&str, &str)] = &[
    ("borgo", include_str!("../data/armies/borgo.json")),
    ("moloch", include_str!("../data/armies/moloch.json")),
    ("hegemony", include_str!("../data/armies/hegemony.json")),
    ("outpost", include_str!("../data/armies/outpost.json")),
    ("smart", include_str!("../data/armies/smart.json")),
    ("vegas", include_str!("../data/armies/vegas.json")),
    ("doomsday", include_str!("../data/armies/doomsday.json")),
];

/// The Mercenaries from Alabama: tiles any army may hire (not an army: no HQ, no deck).
const MERCENARIES: &str = include_str!("../data/mercenaries.json");

/// The army id the Mercenaries' tiles carry: they belong to no army, and hired they are
/// units of the hiring seat (D-25).
pub const MERCENARY_ARMY: ArmyId = ArmyId(u8::MAX);

/// The base armies (the two-player base game) and the Duel armies, by id.
pub const BASE_ARMIES: [&str; 4] = ["borgo", "moloch", "hegemony", "outpost"];
pub const DUEL_ARMIES: [&str; 2] = ["smart", "vegas"];

/// The embedded tile set, validated on first use.
///
/// The embedded files are part of the build and are checked by the tests, so a failure here
/// is a defect of the build itself.
pub fn tiles() -> &'static TileSet {
    static SET: OnceLock<TileSet> = OnceLock::new();
    SET.get_or_init(|| {
        let texts: Vec<(&str, &str)> = EMBEDDED.to_vec();
        let loaded = load_armies(&texts).and_then(|mut set| {
            load_mercenaries(&mut set, MERCENARIES)?;
            Ok(set)
        });
        match loaded {
            Ok(set) => set,
            Err(e) => panic!("embedded army data is invalid: {e}"),
        }
    })
}

/// An army file that cannot be used, with where the problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArmyDataError {
    pub army: String,
    pub tile: Option<String>,
    pub field: String,
    pub message: String,
}

impl fmt::Display for ArmyDataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "army {}", self.army)?;
        if let Some(t) = &self.tile {
            write!(f, ", tile {t}")?;
        }
        write!(f, ", field {}: {}", self.field, self.message)
    }
}

impl std::error::Error for ArmyDataError {}

#[derive(Deserialize)]
struct RawArmy {
    id: String,
    name: String,
    deck_size: Option<u32>,
    tiles: Vec<RawTile>,
}

#[derive(Deserialize)]
struct RawMercenaries {
    id: String,
    tiles: Vec<RawTile>,
    mad_bomber: Option<RawTile>,
}

#[derive(Deserialize)]
struct RawTile {
    id: String,
    name: String,
    count: i64,
    kind: String,
    initiative: Option<Vec<i64>>,
    edges: Option<Vec<RawEdge>>,
    toughness: i64,
    mobility: bool,
    abilities: Option<Vec<String>>,
    #[serde(default)]
    text: String,
}

#[derive(Deserialize)]
struct RawEdge {
    edge: i64,
    melee: i64,
    ranged: i64,
    armor: bool,
    net: bool,
    link: bool,
    #[serde(default)]
    special: Option<String>,
}

const DECK_SIZE: u32 = 35;

/// Parses and validates army files (`(army id, JSON text)`), in order.
pub fn load_armies(files: &[(&str, &str)]) -> Result<TileSet, ArmyDataError> {
    let mut set = TileSet {
        armies: Vec::new(),
        tiles: Vec::new(),
        by_id: HashMap::new(),
        move_flags: Vec::new(),
        mercenaries: Vec::new(),
        mad_bomber: None,
    };
    for (army_id, text) in files {
        let err = |tile: Option<&str>, field: &str, message: String| ArmyDataError {
            army: army_id.to_string(),
            tile: tile.map(str::to_string),
            field: field.to_string(),
            message,
        };
        let raw: RawArmy = serde_json::from_str(text).map_err(|e| {
            err(
                None,
                "(file)",
                format!("not a valid army file: {e} (line {})", e.line()),
            )
        })?;
        if raw.id != *army_id {
            return Err(err(
                None,
                "id",
                format!("is {:?}, expected {army_id:?}", raw.id),
            ));
        }
        let army = ArmyId(set.armies.len() as u8);
        let mut tile_ids = Vec::new();
        let mut hq = None;
        let mut total = 0i64;
        for rt in &raw.tiles {
            let tid = rt.id.as_str();
            let e = |field: &str, message: String| err(Some(tid), field, message);
            let prefix = format!("{army_id}.");
            if !rt.id.starts_with(&prefix) || rt.id.len() == prefix.len() {
                return Err(e("id", format!("must start with {prefix:?}")));
            }
            if set.by_id.contains_key(&rt.id) {
                return Err(e("id", "appears twice".into()));
            }
            let tile = convert_tile(army, rt).map_err(|(f, m)| e(&f, m))?;
            if tile.kind == Kind::Hq {
                if hq.is_some() {
                    return Err(e("kind", "a second HQ in one army".into()));
                }
                if tile.count != 1 {
                    return Err(e("count", "an HQ must have count 1".into()));
                }
                hq = Some(TileId(set.tiles.len() as u16));
            }
            total += rt.count;
            let id = TileId(set.tiles.len() as u16);
            set.by_id.insert(rt.id.clone(), id);
            tile_ids.push(id);
            set.tiles.push(tile);
        }
        let hq = hq.ok_or_else(|| err(None, "tiles", "no HQ tile".into()))?;
        let expected = raw.deck_size.unwrap_or(DECK_SIZE);
        if total != DECK_SIZE as i64 || expected != DECK_SIZE {
            return Err(err(
                None,
                "tiles[].count",
                format!("counts add up to {total}, an army has {DECK_SIZE} tiles"),
            ));
        }
        let defs = || tile_ids.iter().map(|t| &set.tiles[t.0 as usize]);
        let takeovers = defs().any(|d| d.takeover != 0);
        let duel_tiles = defs().any(|d| {
            d.takeover != 0 || d.grant || d.transporter || d.mine || d.bio_droid || d.rotator
        });
        set.armies.push(ArmyDef {
            id: raw.id,
            name: raw.name,
            tiles: tile_ids,
            hq,
            takeovers,
            duel_tiles,
        });
    }
    set.move_flags = set.tiles.iter().map(move_flags_of).collect();
    Ok(set)
}

/// A tile's `MOVE_*` bits.
fn move_flags_of(d: &TileDef) -> u8 {
    let flag = |on: bool, f: u8| if on { f } else { 0 };
    flag(d.net != 0, MOVE_NET)
        | flag(d.mobility, MOVE_MOBILITY)
        | flag(d.effect.transport, MOVE_TRANSPORT)
        | flag(d.recon_center, MOVE_RECON)
        | flag(d.scoper, MOVE_SCOPER)
        | flag(d.takeover != 0, MOVE_TAKEOVER)
        | flag(d.grant, MOVE_GRANT)
        | flag(d.transporter, MOVE_TRANSPORTER)
}

/// Adds the Mercenaries' tiles (`mercenaries.json`: four tiles, one of each) to `set`.
pub fn load_mercenaries(set: &mut TileSet, text: &str) -> Result<(), ArmyDataError> {
    let err = |tile: Option<&str>, field: &str, message: String| ArmyDataError {
        army: "mercenaries".into(),
        tile: tile.map(str::to_string),
        field: field.to_string(),
        message,
    };
    let raw: RawMercenaries = serde_json::from_str(text).map_err(|e| {
        err(
            None,
            "(file)",
            format!("not a valid tile file: {e} (line {})", e.line()),
        )
    })?;
    if raw.id != "mercenaries" {
        return Err(err(None, "id", format!("is {:?}", raw.id)));
    }
    for rt in &raw.tiles {
        let e = |field: &str, message: String| err(Some(&rt.id), field, message);
        if !rt.id.starts_with("mercenaries.") || set.by_id.contains_key(&rt.id) {
            return Err(e(
                "id",
                "must be a new id starting with \"mercenaries.\"".into(),
            ));
        }
        let tile = convert_tile(MERCENARY_ARMY, rt).map_err(|(f, m)| e(&f, m))?;
        if tile.count != 1 || !tile.is_board_tile() || tile.is_hq() {
            return Err(e("kind", "a Mercenary is one unit tile".into()));
        }
        let id = TileId(set.tiles.len() as u16);
        set.by_id.insert(rt.id.clone(), id);
        set.mercenaries.push(id);
        set.move_flags.push(move_flags_of(&tile));
        set.tiles.push(tile);
    }
    if set.mercenaries.len() > 8 {
        return Err(err(None, "tiles", "at most 8 Mercenaries".into()));
    }
    if let Some(rt) = &raw.mad_bomber {
        let e = |field: &str, message: String| err(Some(&rt.id), field, message);
        if rt.id != "mercenaries.mad_bomber" || set.by_id.contains_key(&rt.id) {
            return Err(e("id", "must be \"mercenaries.mad_bomber\"".into()));
        }
        let tile = convert_tile(MERCENARY_ARMY, rt).map_err(|(f, m)| e(&f, m))?;
        if !tile.mad_bomber || tile.count != 1 || tile.n_init != 0 || tile.trigger != 0b11_1111 {
            return Err(e(
                "abilities",
                "the Mad Bomber is one tile without initiative, marked on all six edges".into(),
            ));
        }
        let id = TileId(set.tiles.len() as u16);
        set.by_id.insert(rt.id.clone(), id);
        set.mad_bomber = Some(id);
        set.move_flags.push(move_flags_of(&tile));
        set.tiles.push(tile);
    }
    Ok(())
}

fn convert_tile(army: ArmyId, rt: &RawTile) -> Result<TileDef, (String, String)> {
    let bad = |field: &str, msg: String| Err((field.to_string(), msg));
    let kind = match rt.kind.as_str() {
        "hq" => Kind::Hq,
        "warrior" => Kind::Warrior,
        "module" => Kind::Module,
        "instant" => Kind::Instant,
        "foundation" => Kind::Foundation,
        other => return bad("kind", format!("unknown kind {other:?}")),
    };
    if !(1..=35).contains(&rt.count) {
        return bad("count", format!("{} is not in 1..35", rt.count));
    }
    let mut initiative = Vec::new();
    for (i, &v) in rt.initiative.iter().flatten().enumerate() {
        if !(0..=5).contains(&v) {
            return bad(&format!("initiative[{i}]"), format!("{v} is not in 0..5"));
        }
        initiative.push(v as u8);
    }
    initiative.sort_unstable_by(|a, b| b.cmp(a));
    if initiative.windows(2).any(|w| w[0] == w[1]) {
        return bad("initiative", "a value appears twice".into());
    }
    if !(0..=19).contains(&rt.toughness) {
        return bad("toughness", format!("{} is not in 0..19", rt.toughness));
    }
    let (mut melee, mut ranged) = ([0u8; 6], [0u8; 6]);
    let (mut armor, mut net, mut link, mut gauss) = (0u8, 0u8, 0u8, 0u8);
    let mut takeover = 0u8;
    let (mut redirect_in, mut redirect_out, mut trigger, mut long_link) = (0u8, 0u8, 0u8, 0u8);
    match (&rt.edges, kind) {
        (None, Kind::Instant) => {}
        (Some(edges), Kind::Instant) if edges.is_empty() => {}
        (Some(_), Kind::Instant) => return bad("edges", "an instant tile has no edges".into()),
        (None, _) => return bad("edges", "a board tile needs six edges".into()),
        (Some(edges), _) => {
            if edges.len() != 6 {
                return bad(
                    "edges",
                    format!("{} edges, a board tile has 6", edges.len()),
                );
            }
            for (i, e) in edges.iter().enumerate() {
                let f = |name: &str| format!("edges[{i}].{name}");
                if e.edge != i as i64 {
                    return bad(
                        &f("edge"),
                        format!("is {}, expected {i} (edges in order)", e.edge),
                    );
                }
                if !(0..=5).contains(&e.melee) {
                    return bad(&f("melee"), format!("{} is not in 0..5", e.melee));
                }
                if !(0..=5).contains(&e.ranged) {
                    return bad(&f("ranged"), format!("{} is not in 0..5", e.ranged));
                }
                melee[i] = e.melee as u8;
                ranged[i] = e.ranged as u8;
                let bit = 1u8 << i;
                if e.armor {
                    armor |= bit;
                }
                if e.net {
                    net |= bit;
                }
                if e.link {
                    link |= bit;
                }
                match e.special.as_deref() {
                    None => {}
                    Some("gauss") => {
                        if e.ranged == 0 {
                            return bad(&f("special"), "a gauss edge needs a ranged attack".into());
                        }
                        gauss |= bit;
                    }
                    Some("takeover-link") => {
                        if kind != Kind::Hq || !e.link {
                            return bad(
                                &f("special"),
                                "a takeover-link edge is an HQ's link edge".into(),
                            );
                        }
                        // A takeover edge, never a bonus link.
                        link &= !bit;
                        takeover |= bit;
                    }
                    Some("entry") => redirect_in |= bit,
                    Some("exit") => redirect_out |= bit,
                    Some("trigger") => trigger |= bit,
                    Some("long-range-link") => {
                        if !e.link {
                            return bad(&f("special"), "a long-range link is a link edge".into());
                        }
                        long_link |= bit;
                    }
                    Some(other) => {
                        return bad(&f("special"), format!("unknown marker {other:?}"));
                    }
                }
            }
        }
    }
    if initiative.len() > 2 {
        return bad("initiative", "at most two printed values".into());
    }
    let has_attack = melee.iter().chain(ranged.iter()).any(|&s| s > 0);
    if has_attack && initiative.is_empty() {
        return bad(
            "initiative",
            "a tile with attacks needs an initiative".into(),
        );
    }
    if kind == Kind::Hq && initiative != [0] {
        return bad("initiative", "an HQ has initiative 0".into());
    }
    let mut effect = ModuleEffect::default();
    let (mut scoper, mut recon_center, mut explodes) = (false, false, false);
    let (mut agitator, mut grant, mut transporter, mut bio_droid, mut mine) =
        (false, false, false, false, false);
    let mut hq_takeover = false;
    let (mut rotator, mut redirector, mut trap) = (false, false, false);
    let mut mad_bomber = false;
    let abilities = rt.abilities.clone().unwrap_or_default();
    for (i, a) in abilities.iter().enumerate() {
        match a.as_str() {
            "hq" => {
                if kind != Kind::Hq {
                    return bad(
                        &format!("abilities[{i}]"),
                        "\"hq\" on a tile that is not an HQ".into(),
                    );
                }
            }
            "hq-initiative+1" | "scout-initiative+1" => effect.initiative += 1,
            "hq-melee+1" | "officer-melee+1" => effect.melee += 1,
            "hq-ranged+1" | "officer-ranged+1" => effect.ranged += 1,
            "hq-extra-initiative" | "mother-extra-initiative" => effect.extra_attack = true,
            "saboteur-enemy-initiative-1" => effect.enemy_initiative -= 1,
            "medic" => effect.medic = true,
            "quartermaster-melee-to-ranged" => effect.quartermaster = true,
            "transport" => effect.transport = true,
            "scoper-steal-enemy-modules" => scoper = true,
            "recon-center" => recon_center = true,
            "explode" => explodes = true,
            "hq-takeover" => hq_takeover = true,
            "agitator-takeover" => agitator = true,
            "hq-grant-mobility" => grant = true,
            "transporter-swap" => transporter = true,
            "bio-droid-return" => bio_droid = true,
            "mine" => mine = true,
            "hq-rotate-own-unit" => rotator = true,
            "redirector" | "redirector-triple" => redirector = true,
            "trap" | "trap-all-edges" => trap = true,
            "mad-bomber" => mad_bomber = true,
            "gauss" => {
                if gauss == 0 {
                    return bad(
                        &format!("abilities[{i}]"),
                        "\"gauss\" without a gauss edge".into(),
                    );
                }
            }
            other => {
                return bad(
                    &format!("abilities[{i}]"),
                    format!("unknown ability {other:?}"),
                )
            }
        }
    }
    if redirector != (redirect_in != 0 && redirect_out != 0) {
        return bad(
            "abilities",
            "a redirector has entry and exit edges, and only a redirector has them".into(),
        );
    }
    if redirect_in & redirect_out != 0 {
        return bad("edges", "an edge is an entry or an exit, not both".into());
    }
    if trap != (trigger != 0) {
        return bad(
            "abilities",
            "\"trap\" goes with exactly the marked (trigger) edge".into(),
        );
    }
    if kind == Kind::Module && link == 0 && !recon_center && !trap {
        return bad("edges", "a module needs at least one link edge".into());
    }
    if hq_takeover != (takeover != 0) {
        return bad(
            "abilities",
            "\"hq-takeover\" goes with exactly the HQ's takeover-link edge".into(),
        );
    }
    if agitator {
        if kind != Kind::Module || link.count_ones() != 1 {
            return bad(
                "abilities",
                "an Agitator is a module with one link edge (its takeover edge)".into(),
            );
        }
        takeover = link;
        link = 0;
    }
    if mine != (kind == Kind::Foundation) {
        return bad("kind", "the Mine is the one foundation tile".into());
    }
    if kind == Kind::Foundation && has_attack {
        return bad("edges", "a foundation has no attacks".into());
    }
    let instant = if kind == Kind::Instant {
        let suffix = rt.id.split_once('.').map(|(_, s)| s).unwrap_or("");
        Some(match suffix {
            "battle" => InstantKind::Battle,
            "move" => InstantKind::Move,
            "push_back" => InstantKind::PushBack,
            "grenade" => InstantKind::Grenade,
            "sniper" => InstantKind::Sniper,
            "air_strike" => InstantKind::AirStrike,
            "terror" => InstantKind::Terror,
            "castling" => InstantKind::Castling,
            "rotation" => InstantKind::Rotation,
            "small_bomb" => InstantKind::SmallBomb,
            other => return bad("id", format!("unknown instant action {other:?}")),
        })
    } else {
        None
    };
    let mut oriented = [Oriented::default(); 6];
    for (f, o) in oriented.iter_mut().enumerate() {
        let f = f as u8;
        for e in 0..6u8 {
            let d = edge_dir(e, f) as usize;
            o.melee[d] = melee[e as usize];
            o.ranged[d] = ranged[e as usize];
        }
        o.armor = rotate_mask(armor, f);
        o.net = rotate_mask(net, f);
        o.link = rotate_mask(link, f);
        o.gauss = rotate_mask(gauss, f);
        o.take = rotate_mask(takeover, f);
        o.redirect_in = rotate_mask(redirect_in, f);
        o.redirect_out = rotate_mask(redirect_out, f);
        o.trigger = rotate_mask(trigger, f);
        o.long_link = rotate_mask(long_link, f);
        for d in 0..6 {
            o.melee_dirs |= ((o.melee[d] > 0) as u8) << d;
            o.ranged_dirs |= ((o.ranged[d] > 0) as u8) << d;
        }
        o.attacks = o.melee_dirs | o.ranged_dirs;
        let mut strengths = (0..6)
            .filter(|&d| (o.melee_dirs & !o.gauss) >> d & 1 == 1)
            .map(|d| o.melee[d]);
        let first = strengths.next().unwrap_or(0);
        o.melee_even = if strengths.all(|m| m == first) {
            first
        } else {
            0
        };
    }
    let mut init = [0u8; 2];
    init[..initiative.len()].copy_from_slice(&initiative);
    let is_source = !effect.is_empty() && matches!(kind, Kind::Module | Kind::Hq);
    Ok(TileDef {
        init,
        n_init: initiative.len() as u8,
        is_source,
        oriented,
        id: rt.id.clone(),
        army,
        name: rt.name.clone(),
        kind,
        count: rt.count as u8,
        initiative,
        melee,
        ranged,
        armor,
        net,
        link,
        gauss,
        toughness: rt.toughness as u8,
        mobility: rt.mobility,
        effect,
        scoper,
        recon_center,
        explodes,
        takeover,
        agitator,
        grant,
        transporter,
        bio_droid,
        mine,
        rotator,
        redirect_in,
        redirect_out,
        trigger,
        mad_bomber,
        long_link,
        instant,
        abilities,
        text: rt.text.clone(),
    })
}

/// The four base armies in every pairing of two different armies.
pub const BASE_PAIRINGS: [(&str, &str); 6] = [
    ("borgo", "moloch"),
    ("borgo", "hegemony"),
    ("borgo", "outpost"),
    ("moloch", "hegemony"),
    ("moloch", "outpost"),
    ("hegemony", "outpost"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_armies_load_with_35_tiles_and_one_hq() {
        let set = tiles();
        assert_eq!(set.armies.len(), 7);
        for a in &set.armies {
            let total: u32 = a.tiles.iter().map(|&t| set.tile(t).count as u32).sum();
            assert_eq!(total, 35, "{}", a.id);
            let hqs = a.tiles.iter().filter(|&&t| set.tile(t).is_hq()).count();
            assert_eq!(hqs, 1, "{}", a.id);
            assert_eq!(set.tile(a.hq).id, format!("{}.hq", a.id));
        }
    }

    #[test]
    fn doomsday_layouts_are_as_printed() {
        let set = tiles();
        let t = |id: &str| set.tile(set.find(id).unwrap());
        // Fireblast and Doom Net Fighter: entries 1 to 5, exit 0; the Tripler: entries 2, 3, 4,
        // exits 5, 0, 1 (D-18).
        assert_eq!(
            (
                t("doomsday.fireblast").redirect_in,
                t("doomsday.fireblast").redirect_out
            ),
            (0b111110, 1)
        );
        assert_eq!(t("doomsday.doom_net_fighter").net, 1);
        assert_eq!(
            (
                t("doomsday.tripler").redirect_in,
                t("doomsday.tripler").redirect_out
            ),
            (0b011100, 0b100011)
        );
        // The Trap's marked edge is edge 0 and it has no link (D-21); long links on edge 0.
        assert_eq!(
            (t("doomsday.trap").trigger, t("doomsday.trap").link),
            (1, 0)
        );
        for m in ["officer", "medic", "main_war_processor"] {
            assert_eq!(t(&format!("doomsday.{m}")).long_link, 1, "{m}");
        }
        assert_eq!(
            t("doomsday.scout").long_link,
            0,
            "the Scout's links are ordinary"
        );
        assert!(t("doomsday.hq").rotator && !t("doomsday.hq").is_source);
        // Turned to facing 2, the Tripler's exits point SE, S... (edges 5, 0, 1 -> directions 1, 2, 3).
        assert_eq!(t("doomsday.tripler").oriented[2].redirect_out, 0b001110);
    }

    #[test]
    fn interface_tile_ids_exist() {
        let set = tiles();
        for id in [
            "borgo.mutant",
            "moloch.hunter_killer",
            "outpost.mobile_armor",
            "hegemony.officer_1",
            "hegemony.officer_2",
            "borgo.hq",
            "moloch.push_back",
        ] {
            assert!(set.find(id).is_some(), "{id}");
        }
    }

    #[test]
    fn abilities_become_effects() {
        let set = tiles();
        let t = |id: &str| set.tile(set.find(id).unwrap());
        assert_eq!(t("borgo.hq").effect.initiative, 1);
        assert_eq!(t("moloch.hq").effect.ranged, 1);
        assert_eq!(t("hegemony.hq").effect.melee, 1);
        assert!(t("outpost.hq").effect.extra_attack);
        assert!(t("moloch.mother_module").effect.extra_attack);
        assert_eq!(t("outpost.saboteur").effect.enemy_initiative, -1);
        let boss = t("hegemony.boss").effect;
        assert_eq!((boss.melee, boss.initiative), (1, 1));
        let brain = t("moloch.brain").effect;
        assert_eq!((brain.melee, brain.ranged), (1, 1));
        assert!(t("outpost.scoper").scoper);
        assert!(t("moloch.clown").explodes);
        assert_eq!(t("moloch.gauss_cannon").gauss, 1);
        assert_eq!(t("outpost.mobile_armor").initiative, vec![3, 2]);
        assert_eq!(t("moloch.air_strike").instant, Some(InstantKind::AirStrike));
    }

    fn army_json(tiles: &str) -> String {
        format!(r#"{{"id": "test", "name": "Test", "deck_size": 35, "tiles": [{tiles}]}}"#)
    }

    fn edges(spec: &str) -> String {
        let e: Vec<String> = (0..6)
            .map(|i| {
                let m = if spec.as_bytes()[i] == b'm' { 1 } else { 0 };
                format!(
                    r#"{{"edge": {i}, "melee": {m}, "ranged": 0, "armor": false, "net": false, "link": true}}"#
                )
            })
            .collect();
        format!("[{}]", e.join(","))
    }

    fn hq() -> String {
        format!(
            r#"{{"id": "test.hq", "name": "HQ", "count": 1, "kind": "hq", "initiative": [0], "edges": {}, "toughness": 19, "mobility": false, "abilities": ["hq"]}}"#,
            edges("mmmmmm")
        )
    }

    fn filler(count: u32) -> String {
        format!(
            r#"{{"id": "test.battle", "name": "Battle", "count": {count}, "kind": "instant", "initiative": [], "edges": null, "toughness": 0, "mobility": false, "abilities": []}}"#
        )
    }

    #[test]
    fn a_valid_test_army_loads() {
        let text = army_json(&format!("{},{}", hq(), filler(34)));
        let set = load_armies(&[("test", &text)]).unwrap();
        assert_eq!(set.tiles.len(), 2);
    }

    #[test]
    fn a_bad_army_file_names_tile_and_field() {
        // Wrong total.
        let text = army_json(&format!("{},{}", hq(), filler(33)));
        let e = load_armies(&[("test", &text)]).unwrap_err();
        assert_eq!(e.field, "tiles[].count");
        // A bad edge value names the tile and the edge.
        let bad = hq().replacen(r#""melee": 1"#, r#""melee": 9"#, 1);
        let text = army_json(&format!("{bad},{}", filler(34)));
        let e = load_armies(&[("test", &text)]).unwrap_err();
        assert_eq!(e.tile.as_deref(), Some("test.hq"));
        assert_eq!(e.field, "edges[0].melee");
        assert!(e.to_string().contains("test.hq"), "{e}");
        // No HQ.
        let text = army_json(&filler(35));
        let e = load_armies(&[("test", &text)]).unwrap_err();
        assert!(e.message.contains("no HQ"), "{e}");
        // Unknown ability.
        let bad = hq().replace(r#"["hq"]"#, r#"["hq", "teleport"]"#);
        let text = army_json(&format!("{bad},{}", filler(34)));
        let e = load_armies(&[("test", &text)]).unwrap_err();
        assert_eq!(e.field, "abilities[1]");
        // Syntax error.
        let e = load_armies(&[("test", "{")]).unwrap_err();
        assert_eq!(e.field, "(file)");
    }
}
