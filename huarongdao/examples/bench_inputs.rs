//! Writes `testkit::bench_inputs()` into a folder (default `bench`), one `NAME.in` each,
//! for timing the binary side by side with other programs.
//!
//! `cargo run --release -p huarongdao --example bench_inputs -- /tmp/huarongdao-bench`

fn main() -> std::io::Result<()> {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "bench".to_string());
    std::fs::create_dir_all(&dir)?;
    for (name, input) in huarongdao::testkit::bench_inputs() {
        let path = std::path::Path::new(&dir).join(format!("{name}.in"));
        std::fs::write(&path, input)?;
        println!("{}", path.display());
    }
    Ok(())
}
