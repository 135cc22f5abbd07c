//! Places in a file: the line of a byte offset (for messages that name the line) and the hex
//! of a `[q, r]` pair (refused, not wrapped round, when it is beyond any board).

use nshex_rules::Hex;

/// A hex `[q, r]` of a file, refused (not wrapped round) when a coordinate is beyond any
/// board.
pub fn hex_on_board(v: [i64; 2]) -> Result<Hex, String> {
    hex_of(v)
}

/// A hex of a scenario's tables or of `[choices]` (also accepted as JSON by
/// `choices_from_json`).
pub(crate) fn hex_of(v: [i64; 2]) -> Result<Hex, String> {
    let ok = |x: i64| (-9..=9).contains(&x);
    if ok(v[0]) && ok(v[1]) {
        Ok(Hex::new(v[0] as i8, v[1] as i8))
    } else {
        Err(format!("hex [{}, {}] is off the board", v[0], v[1]))
    }
}

/// The line (from 1) of a byte offset in `text`, for messages that name the line. It scans
/// the text up to the offset: for many offsets in one text, use [`Lines`].
pub fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Where each line of a text starts, found in one pass, so that the line of any offset is a
/// binary search: a script of many actions is read in linear time.
pub struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    pub fn new(text: &str) -> Lines {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        Lines { starts }
    }

    /// The line (from 1) of a byte offset, as [`line_of`] gives it.
    pub fn of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_agree_with_line_of() {
        let text = "a\nbb\n\nccc\n";
        let lines = Lines::new(text);
        for offset in 0..text.len() + 3 {
            assert_eq!(lines.of(offset), line_of(text, offset), "offset {offset}");
        }
    }
}
