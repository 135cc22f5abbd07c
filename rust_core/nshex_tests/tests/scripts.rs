//! Game-flow test vectors: every `tests/scripts/*.toml` (shared with pytest) is a game
//! script (a scenario with hands, decks and actions); the position it reaches is compared
//! with its `[expect]` table (see docs/CONFORMANCE.md). Each file is its own test.

use libtest_mimic::{Arguments, Failed, Trial};
use nshex_formats::scenario::parse_scenario;
use nshex_formats::script::{run_script, script_result_json};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scripts")
}

fn toml_to_json(v: &toml::Value) -> Value {
    serde_json::to_value(v).expect("TOML values are JSON values")
}

/// `want` matches `got`: equal, except that a list of unit tables is compared as a set on
/// the keys `want` gives.
fn units_match(want: &Value, got: &Value) -> Result<(), String> {
    let (w, g) = (
        want.as_array().ok_or("units: a list")?,
        got.as_array().unwrap(),
    );
    if w.len() != g.len() {
        return Err(format!(
            "units: expected {} tiles, got {}: {got}",
            w.len(),
            g.len()
        ));
    }
    for wu in w {
        let wo = wu.as_object().ok_or("units entries are tables")?;
        let found = g
            .iter()
            .any(|gu| wo.iter().all(|(k, v)| gu.get(k) == Some(v)));
        if !found {
            return Err(format!("units: no tile matches {wu}; board: {got}"));
        }
    }
    Ok(())
}

fn check(path: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let sc = parse_scenario(&text, &name, true).map_err(|e| e.to_string())?;
    if sc.script.is_none() {
        return Err("a script file needs [script] actions".into());
    }
    let doc: toml::Table = text.parse().map_err(|e: toml::de::Error| e.to_string())?;
    let expect = doc
        .get("expect")
        .and_then(|v| v.as_table())
        .ok_or("no [expect] table")?;
    let run = run_script(&sc).map_err(|e| format!("cannot start the game: {e}"))?;
    let got = script_result_json(&run.record.game);
    let mut problems = Vec::new();
    match (expect.get("error"), &run.error) {
        (None, Some((i, line, why))) => {
            problems.push(format!("action {i} {line:?} refused: {why}"))
        }
        (Some(_), None) => {
            problems.push("the script ran through, but an error was expected".into())
        }
        (Some(e), Some((i, line, why))) => {
            let idx = e
                .get("index")
                .and_then(|x| x.as_integer())
                .ok_or("error.index")?;
            let words = e.get("words").and_then(|x| x.as_str()).unwrap_or("");
            if idx as usize != *i || !why.to_lowercase().contains(&words.to_lowercase()) {
                problems.push(format!(
                    "expected action {idx} refused with {words:?}; got action {i} {line:?}: {why}"
                ));
            }
        }
        (None, None) => {}
    }
    for (key, want) in expect {
        if key == "error" {
            continue;
        }
        let want = toml_to_json(want);
        let Some(g) = got.get(key) else {
            problems.push(format!("unknown [expect] key {key:?}"));
            continue;
        };
        if key == "units" {
            if let Err(e) = units_match(&want, g) {
                problems.push(e);
            }
        } else if &want != g {
            problems.push(format!("{key}: expected {want}, got {g}"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}\n--- reached ---\n{got:#}", problems.join("\n")).into())
    }
}

fn main() {
    let args = Arguments::from_args();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "toml"));
    files.sort();
    let n = files.len();
    let mut trials: Vec<Trial> = files
        .into_iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().to_string();
            Trial::test(name, move || check(&p))
        })
        .collect();
    trials.push(Trial::test("suite_is_not_empty", move || {
        if n == 0 {
            Err("tests/scripts holds no script".into())
        } else {
            Ok(())
        }
    }));
    libtest_mimic::run(&args, trials).exit();
}
