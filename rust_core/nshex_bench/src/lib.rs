//! Tooling apart from the library code: the benchmark behind `nshex bench` and criterion,
//! the sample positions it times, and the self test of a packaged game.

pub mod bench;
pub mod samples;
pub mod selftest;
