//! Input quoted in messages: cut short, so that a pasted garbage line cannot make a huge
//! message.

/// How long a piece of input may be when an error message quotes it.
pub const QUOTE_MAX: usize = 80;

/// `text` cut to [`QUOTE_MAX`] characters, the cut marked with an ellipsis (`...`), so that a
/// pasted garbage line cannot make a huge message.
pub fn cut(text: &str) -> String {
    if text.chars().count() <= QUOTE_MAX {
        text.to_string()
    } else {
        text.chars()
            .take(QUOTE_MAX - 3)
            .chain("...".chars())
            .collect()
    }
}

/// `text` in quotes for an error message, cut as [`cut`] does.
pub fn quote(text: &str) -> String {
    format!("{:?}", cut(text))
}
