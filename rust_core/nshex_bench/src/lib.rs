//! Tooling apart from the library code: the benchmark behind `nshex bench` and criterion, and
//! the sample positions it times. The binding links it only with its `bench` feature (the
//! development build), never into the packaged game.

pub mod bench;
pub mod samples;
