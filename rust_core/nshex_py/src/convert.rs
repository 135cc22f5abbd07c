//! Engine values as Python objects.

use nshex_rules::Position;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use serde_json::Value;

/// JSON value to Python object (lists, dicts, ints, strings, None).
pub(crate) fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(0.0).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(a) => {
            let items = a
                .iter()
                .map(|x| to_py(py, x))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any()
        }
        Value::Object(o) => {
            let d = PyDict::new(py);
            for (k, x) in o {
                d.set_item(k, to_py(py, x)?)?;
            }
            d.into_any()
        }
    })
}

pub(crate) fn units_py<'py>(py: Python<'py>, pos: &Position) -> PyResult<Bound<'py, PyList>> {
    let mut out = Vec::with_capacity(19);
    for (h, u) in pos.units() {
        let d = PyDict::new(py);
        // Interned keys and tile ids: made once, then shared by every dict.
        if u.seat == nshex_rules::NEUTRAL {
            // A neutral Mad Bomber (D-24), as the JSON formats write it.
            d.set_item(intern!(py, "seat"), intern!(py, "neutral"))?;
        } else {
            d.set_item(intern!(py, "seat"), u.seat)?;
        }
        d.set_item(intern!(py, "tile"), tile_name(py, u.tile))?;
        d.set_item(intern!(py, "at"), PyTuple::new(py, [h.q, h.r])?)?;
        d.set_item(intern!(py, "facing"), u.facing)?;
        d.set_item(intern!(py, "wounds"), u.wounds)?;
        out.push(d);
    }
    PyList::new(py, out)
}

/// A tile's id as a Python string, made once per tile and then shared.
pub(crate) fn tile_name<'py>(py: Python<'py>, t: nshex_rules::TileId) -> Bound<'py, PyString> {
    static NAMES: pyo3::sync::PyOnceLock<Vec<Py<PyString>>> = pyo3::sync::PyOnceLock::new();
    NAMES.get_or_init(py, || {
        nshex_rules::tiles()
            .tiles
            .iter()
            .map(|d| PyString::intern(py, &d.id).unbind())
            .collect()
    })[t.0 as usize]
        .bind(py)
        .clone()
}

/// Game options from Python's arguments: variant names, Mercenaries per seat, dealt or picked.
pub(crate) fn options_of(
    variants: &[String],
    mercenaries: u8,
    random_mercenaries: bool,
    mad_bomber: &str,
) -> PyResult<nshex_rules::Options> {
    let mut options = nshex_rules::Options {
        mercenaries,
        random_mercenaries,
        mad_bomber: nshex_rules::MadBomber::from_name(mad_bomber).ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "unknown Mad Bomber mode {mad_bomber:?} (off, neutral or mercenary)"
            ))
        })?,
        ..Default::default()
    };
    for v in variants {
        options.variants |= nshex_rules::Options::variant_named(v).ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "unknown variant {v:?} (alternative_start, reinforcements, no_unlucky_draw)"
            ))
        })?;
    }
    Ok(options)
}
