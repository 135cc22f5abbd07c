//! Runs one benchmark row's operations from Rust, without Python: `rows NAME N` does N
//! operations of row NAME (see `nshex_bench::bench::ROW_NAMES`) and prints the time per
//! operation. Under callgrind, the difference of two values of N gives instructions per
//! operation.
use nshex_bench::bench::{run_ops, ROW_NAMES};

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| {
        eprintln!("usage: rows NAME N (NAME one of {ROW_NAMES:?})");
        std::process::exit(2);
    });
    let n: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let t = std::time::Instant::now();
    match run_ops(&name, n) {
        Ok(check) => {
            let el = t.elapsed().as_secs_f64();
            println!(
                "{name}: {n} operations in {el:.3} s, {:.2} µs each, {:.0}/s (check {check})",
                el * 1e6 / n as f64,
                n as f64 / el
            );
        }
        Err(e) => {
            eprintln!("rows: {e}");
            std::process::exit(2);
        }
    }
}
