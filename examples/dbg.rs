use cubehint::tables::two_phase::TwoPhaseTables;
fn main() {
    let t = std::time::Instant::now();
    let tp = TwoPhaseTables::generate();
    println!("{:?}", t.elapsed());
    for (n, tb) in [("ts", &tp.twist_slice_prune), ("fs", &tp.flip_slice_prune), ("cs", &tp.corner_slice_prune), ("es", &tp.edge_slice_prune)] {
        let d = tb.distribution();
        let last = d.iter().rposition(|&x| x > 0).unwrap();
        println!("{n} {:?}", &d[..=last]);
    }
}
