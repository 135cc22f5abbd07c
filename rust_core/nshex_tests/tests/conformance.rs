//! The conformance suite: every scenario in `tests/conformance/` (at the repository top,
//! shared with pytest) is resolved and compared with its `[expect]` table; every file in
//! `tests/conformance/bad/` must be refused with the line and words its first line names.
//! Each file is its own test, named after the file.

use libtest_mimic::{Arguments, Failed, Trial};
use nshex_formats::scenario::parse_scenario;
use nshex_rules::Hex;
use nshex_rules::{BattleLog, Event, Outcome, Resolver};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance")
}

fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.retain(|p| p.extension().is_some_and(|e| e == "toml"));
    v.sort();
    v
}

fn hex(v: &toml::Value) -> Result<Hex, String> {
    let a = v.as_array().ok_or("a hex must be [q, r]")?;
    let q = a.first().and_then(|x| x.as_integer()).ok_or("bad q")?;
    let r = a.get(1).and_then(|x| x.as_integer()).ok_or("bad r")?;
    Ok(Hex::new(q as i8, r as i8))
}

fn list<'a>(t: &'a toml::Table, key: &str) -> Vec<&'a toml::Value> {
    t.get(key)
        .and_then(|v| v.as_array())
        .map(|a| a.iter().collect())
        .unwrap_or_default()
}

fn check(path: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let scenario = parse_scenario(&text, &name, true).map_err(|e| e.to_string())?;
    let doc: toml::Table = text.parse().map_err(|e: toml::de::Error| e.to_string())?;
    let expect = doc
        .get("expect")
        .and_then(|v| v.as_table())
        .ok_or("no [expect] table")?;
    let before = scenario.position.clone();
    let mut after = before.clone();
    let mut log = BattleLog::default();
    let choices = (!scenario.choices.is_empty()).then_some(&scenario.choices);
    let summary = Resolver::new()
        .resolve(&mut after, choices, &mut log)
        .map_err(|e| format!("battle error: {e}"))?;
    // The search resolves without a log, on its own lean path: it must end the same.
    let mut quiet = before.clone();
    Resolver::new()
        .resolve(&mut quiet, choices, &mut nshex_rules::NoLog)
        .map_err(|e| format!("battle error without a log: {e}"))?;
    if quiet != after {
        return Err("the battle without a log ends differently from the logged one".into());
    }
    // The log's board after the last phase is the position the battle leaves (a viewer
    // sets its board from it).
    if let Some(last) = log.phases.last() {
        let standing: Vec<(u8, u8)> = after
            .cells
            .iter()
            .enumerate()
            .filter_map(|(c, u)| u.map(|u| (c as u8, u.wounds)))
            .collect();
        if log.board_after(last) != standing {
            return Err(format!(
                "the log's last board {:?} is not the position after the battle {standing:?}",
                log.board_after(last)
            )
            .into());
        }
        let hp = last
            .hq_hp_after
            .ok_or("the last phase has no board after it")?;
        if hp[..after.seats as usize] != after.hq_hp[..after.seats as usize] {
            return Err("the log's last HQ hit points differ from the battle's".into());
        }
    }
    let geo = before.geometry();
    let mut problems = Vec::new();

    // hq_hp
    let want_hp: Vec<i64> = list(expect, "hq_hp")
        .iter()
        .filter_map(|v| v.as_integer())
        .collect();
    let got_hp: Vec<i64> = after.hq_hp[..after.seats as usize]
        .iter()
        .map(|&x| x as i64)
        .collect();
    if want_hp != got_hp {
        problems.push(format!("hq_hp: expected {want_hp:?}, got {got_hp:?}"));
    }
    // removed
    let want_removed: BTreeSet<Hex> = list(expect, "removed")
        .iter()
        .map(|v| hex(v))
        .collect::<Result<_, _>>()?;
    if expect.get("removed").is_none() {
        problems.push("[expect] needs `removed`".into());
    }
    let got_removed: BTreeSet<Hex> = before
        .units()
        .filter(|(h, _)| after.unit_at(*h).is_none())
        .map(|(h, _)| h)
        .collect();
    if want_removed != got_removed {
        problems.push(format!(
            "removed: expected {:?}, got {:?}",
            fmt_set(&want_removed),
            fmt_set(&got_removed)
        ));
    }
    // wounds
    let mut want_wounds = BTreeSet::new();
    for w in list(expect, "wounds") {
        let t = w.as_table().ok_or("wounds entries are tables")?;
        let at = hex(t.get("at").ok_or("wounds entry without at")?)?;
        let n = t
            .get("wounds")
            .and_then(|x| x.as_integer())
            .ok_or("wounds entry without wounds")?;
        want_wounds.insert((at, n as u8));
    }
    let got_wounds: BTreeSet<(Hex, u8)> = after
        .units()
        .filter(|(_, u)| !u.def().is_hq() && u.wounds > 0)
        .map(|(h, u)| (h, u.wounds))
        .collect();
    if want_wounds != got_wounds {
        problems.push(format!(
            "wounds: expected {want_wounds:?}, got {got_wounds:?}"
        ));
    }
    // winner
    let want_winner = match expect.get("winner") {
        None => Outcome::None,
        Some(toml::Value::Integer(s)) => Outcome::Winner(*s as u8),
        Some(toml::Value::String(s)) if s == "draw" => Outcome::Draw,
        Some(other) => return Err(format!("winner: {other} is not a seat or \"draw\"").into()),
    };
    if want_winner != summary.outcome {
        problems.push(format!(
            "winner: expected {want_winner:?}, got {:?}",
            summary.outcome
        ));
    }
    // attacks
    for a in list(expect, "attacks") {
        let t = a.as_table().ok_or("attacks entries are tables")?;
        let at = hex(t.get("at").ok_or("attacks entry without at")?)?;
        let cell = geo.cell(at).ok_or("attacks: hex off the board")?;
        let mut want: Vec<i64> = list(t, "phases")
            .iter()
            .filter_map(|v| v.as_integer())
            .collect();
        want.sort_unstable_by(|a, b| b.cmp(a));
        let mut got: Vec<i64> = Vec::new();
        for p in &log.phases {
            let acted = p.events.iter().any(|e| match *e {
                Event::Attack { cell: c, .. } | Event::Explode { cell: c } => c == cell,
                _ => false,
            });
            if acted {
                got.push(p.initiative as i64);
            }
        }
        if want != got {
            problems.push(format!(
                "attacks of {at}: expected phases {want:?}, got {got:?}"
            ));
        }
    }
    // saves
    if expect.contains_key("saves") {
        let mut want = BTreeSet::new();
        for s in list(expect, "saves") {
            let t = s.as_table().ok_or("saves entries are tables")?;
            let phase = t
                .get("phase")
                .and_then(|x| x.as_integer())
                .ok_or("save without phase")?;
            let m = hex(t.get("medic").ok_or("save without medic")?)?;
            let tg = hex(t.get("target").ok_or("save without target")?)?;
            want.insert((phase, m, tg));
        }
        let mut got = BTreeSet::new();
        for p in &log.phases {
            for e in &p.events {
                if let Event::Save { medic, target, .. } = *e {
                    got.insert((p.initiative as i64, geo.hex(medic), geo.hex(target)));
                }
            }
        }
        if want != got {
            problems.push(format!("saves: expected {want:?}, got {got:?}"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        let mut msg = problems.join("\n");
        msg.push_str("\n--- battle log ---\n");
        msg.push_str(&describe_log(&before, &log));
        Err(msg.into())
    }
}

fn fmt_set(s: &BTreeSet<Hex>) -> Vec<String> {
    s.iter().map(|h| h.to_string()).collect()
}

fn describe_log(before: &nshex_rules::Position, log: &BattleLog) -> String {
    let mut out = String::new();
    for p in &log.phases {
        out.push_str(&format!("phase {}:\n", p.initiative));
        for e in &p.events {
            out.push_str(&format!(
                "  {}\n",
                nshex_formats::json::event_json(before, e)
            ));
        }
    }
    out
}

fn check_bad(path: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let first = text.lines().next().unwrap_or("");
    let spec = first
        .strip_prefix("# expect-error:")
        .ok_or("first line must be `# expect-error: line N: words`")?
        .trim();
    let rest = spec
        .strip_prefix("line ")
        .ok_or("expect-error must start with `line N:`")?;
    let (n, words) = rest
        .split_once(':')
        .ok_or("expect-error: `line N: words`")?;
    let line: usize = n
        .trim()
        .parse()
        .map_err(|_| "expect-error: bad line number")?;
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    match parse_scenario(&text, &name, false) {
        Ok(_) => Err("the file loaded, but it should be refused".into()),
        Err(e) => {
            let msg = e.to_string();
            if msg.contains('\n') {
                return Err(format!("the message is not one line: {msg:?}").into());
            }
            if e.line != line {
                return Err(format!("expected line {line}, got: {msg}").into());
            }
            if !msg.to_lowercase().contains(&words.trim().to_lowercase()) {
                return Err(format!("expected the words {:?} in: {msg}", words.trim()).into());
            }
            Ok(())
        }
    }
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    let good = toml_files(&dir());
    let bad = toml_files(&dir().join("bad"));
    for p in good {
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        trials.push(Trial::test(name, move || check(&p)));
    }
    for p in bad {
        let name = format!("bad/{}", p.file_stem().unwrap().to_string_lossy());
        trials.push(Trial::test(name, move || check_bad(&p)));
    }
    trials.push(Trial::test("suite_is_not_empty", || {
        if toml_files(&dir()).len() < 10 || toml_files(&dir().join("bad")).is_empty() {
            Err("the conformance folder is (almost) empty".into())
        } else {
            Ok(())
        }
    }));
    libtest_mimic::run(&args, trials).exit();
}
