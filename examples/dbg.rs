use cubehint::tables::two_phase::TwoPhaseTables;
use cubehint::solve::two_phase::*;
use cubehint::rng::Rng;
use cubehint::scramble::random_cube;
fn main() {
    let t = TwoPhaseTables::generate();
    let mut rng = Rng::new(1);
    for _ in 0..10 {
        let c = random_cube(&mut rng);
        let mut l = Limits::default();
        l.node_budget = 500_000_000; l.extra_nodes = 0;
        let t0 = std::time::Instant::now();
        let (r, st) = solve_with_stats(&c, &t, &l, &mut || false);
        println!("{:?} len {:?} {:?}", t0.elapsed(), r.as_ref().map(|m| m.len()), st);
    }
}
