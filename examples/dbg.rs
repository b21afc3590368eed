use cubehint::tables::pocket::*;
fn main() {
    let t0 = std::time::Instant::now();
    let m = PocketMoveTables::generate();
    println!("moves {:?}", t0.elapsed());
    let mut b = PocketDistance::builder(&m, Metric::Htm);
    loop { let t = std::time::Instant::now(); let more = b.step(); println!("step {:?} reached {}", t.elapsed(), b.reached()); if !more {break;} }
}
