//! How the cost of a battle grows with the number of redirectors: full boards of the Doomsday
//! Machine against the base armies with 0 to 6 of its redirectors, timed in alternating
//! rounds (`redirector_cost [ROUNDS]`), as microseconds per battle, median of the rounds.
use nshex_bench::samples::doomsday_boards;
use nshex_rules::{NoLog, Resolver};

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(7);
    let sets: Vec<Vec<_>> = (0..=6)
        .map(|k| doomsday_boards(256, 2026, k, false))
        .collect();
    let mut times = vec![Vec::new(); sets.len()];
    let mut r = Resolver::new();
    let mut check = 0u64;
    for _ in 0..rounds {
        for (k, boards) in sets.iter().enumerate() {
            let t = std::time::Instant::now();
            for _ in 0..20 {
                for b in boards {
                    let mut p = b.clone();
                    r.resolve(&mut p, None, &mut NoLog)
                        .expect("automatic choices");
                    check += p.hq_hp[0] as u64;
                }
            }
            times[k].push(t.elapsed().as_secs_f64() * 1e6 / (20.0 * boards.len() as f64));
        }
    }
    println!("redirectors  µs per battle (median of {rounds} rounds)  check {check}");
    for (k, mut v) in times.into_iter().enumerate() {
        v.sort_by(f64::total_cmp);
        println!("{k:>11}  {:.3}", v[v.len() / 2]);
    }
}
