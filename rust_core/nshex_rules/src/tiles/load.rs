//! Loading the army files: their JSON form checked and turned into tile definitions, each
//! tile's printed edges rotated into its six facings.

use super::{
    ArmyDef, ArmyId, InstantKind, Kind, ModuleEffect, Oriented, TileDef, TileId, TileSet,
    MERCENARY_ARMY, MOVE_GRANT, MOVE_MOBILITY, MOVE_NET, MOVE_RECON, MOVE_SCOPER, MOVE_TAKEOVER,
    MOVE_TRANSPORT, MOVE_TRANSPORTER,
};
use crate::hex::{edge_dir, rotate_mask};
use serde::Deserialize;
use std::collections::HashMap;
use std::fmt;

/// An army file that cannot be used, with where the problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArmyDataError {
    pub army: String,
    pub tile: Option<String>,
    pub field: String,
    pub message: String,
}

impl ArmyDataError {
    fn at(army: &str, tile: Option<&str>, field: &str, message: String) -> ArmyDataError {
        ArmyDataError {
            army: army.to_string(),
            tile: tile.map(str::to_string),
            field: field.to_string(),
            message,
        }
    }
}

/// The JSON of a data file (`kind`: "army" or "tile"), or where it is not one.
fn parse_file<'a, T: Deserialize<'a>>(
    army: &str,
    kind: &str,
    text: &'a str,
) -> Result<T, ArmyDataError> {
    serde_json::from_str(text).map_err(|e| {
        ArmyDataError::at(
            army,
            None,
            "(file)",
            format!("not a valid {kind} file: {e} (line {})", e.line()),
        )
    })
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
        let err = |tile: Option<&str>, field: &str, message: String| {
            ArmyDataError::at(army_id, tile, field, message)
        };
        let raw: RawArmy = parse_file(army_id, "army", text)?;
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
    let err = |tile: Option<&str>, field: &str, message: String| {
        ArmyDataError::at("mercenaries", tile, field, message)
    };
    let raw: RawMercenaries = parse_file("mercenaries", "tile", text)?;
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
    effect.bonus = effect.initiative != 0 || (effect.melee | effect.ranged) != 0;
    effect.rare = effect.extra_attack
        || effect.medic
        || effect.quartermaster
        || effect.transport
        || effect.enemy_initiative != 0;
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
        (o.melee_plain, o.ranged_plain) = (o.melee_dirs & !o.gauss, o.ranged_dirs & !o.gauss);
        let mut strengths = (0..6)
            .filter(|&d| o.melee_plain >> d & 1 == 1)
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
