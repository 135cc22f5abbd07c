//! Tile data: every army's tiles as rows of data, embedded at compile time.
//!
//! A tile is data (edges, initiative, toughness); only abilities are code, and an ability is
//! named here by a keyword from the army file. The files are validated when first used, and
//! a bad file is refused with a message that names the army, the tile and the field.

use std::collections::HashMap;
use std::sync::OnceLock;

mod load;
pub use load::{load_armies, load_mercenaries};

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
    /// Melee and ranged bonuses (never negative: no tile takes strength from others).
    pub melee: u8,
    pub ranged: u8,
    pub initiative: i8,
    /// Initiative change for linked enemy units (Saboteur: -1).
    pub enemy_initiative: i8,
    /// Gives one extra attack (Mother Module, Outpost HQ).
    pub extra_attack: bool,
    pub medic: bool,
    pub quartermaster: bool,
    pub transport: bool,
    /// Set when the tile is loaded, from the fields above: gives an initiative, melee or
    /// ranged bonus (the resolver's one test per source instead of three).
    pub bonus: bool,
    /// Set likewise: has an effect besides bonuses (extra attack, medic, Quartermaster,
    /// Transport, negative initiative), which most sources have not.
    pub rare: bool,
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
    /// The same without Gauss edges (a Gauss shot has its own rules).
    pub melee_plain: u8,
    pub ranged_plain: u8,
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
        assert!(e.message.starts_with("not a valid army file"), "{e}");
        assert!(e.message.contains("(line 1)"), "{e}");
        let mut set = load_armies(&[]).unwrap();
        let e = load_mercenaries(&mut set, "[").unwrap_err();
        assert_eq!(
            (e.army.as_str(), e.field.as_str()),
            ("mercenaries", "(file)")
        );
        assert!(e.message.starts_with("not a valid tile file"), "{e}");
    }
}
