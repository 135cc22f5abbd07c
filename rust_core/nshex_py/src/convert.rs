//! Engine values as Python objects.

use nshex_rules::Position;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
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
    let mut out = Vec::new();
    for (h, u) in pos.units() {
        let d = PyDict::new(py);
        d.set_item("seat", u.seat)?;
        d.set_item("tile", &u.def().id)?;
        d.set_item("at", PyTuple::new(py, [h.q, h.r])?)?;
        d.set_item("facing", u.facing)?;
        d.set_item("wounds", u.wounds)?;
        out.push(d);
    }
    PyList::new(py, out)
}
