//! Nothing but tests: see `tests/`. They use the crates as any caller would, through their
//! public APIs, and the shared test vectors in the repository's `tests/` folder.
