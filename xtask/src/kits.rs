//! The puzzle crates' testkits, behind one shape so that stress and bench drive any puzzle alike.

use grid_common::rng::Rng;

/// One puzzle's generators and checks (its crate's `testkit` module).
#[derive(Clone, Copy)]
pub struct Kit {
    /// The crate's name.
    pub name: &'static str,
    /// A random valid input with boards up to a size.
    pub random_input: fn(&mut Rng, usize) -> String,
    /// Solver against reference on every case of an input; Ok(cases checked).
    pub check_input: fn(&str) -> Result<usize, String>,
    /// Smaller variants of an input.
    pub shrink_input: fn(&str) -> Vec<String>,
    /// Worst-case inputs for benchmarks.
    pub bench_inputs: fn() -> Vec<(String, String)>,
}

#[allow(unused_macros)]
macro_rules! kit {
    ($name:literal, $krate:ident) => {
        Kit {
            name: $name,
            random_input: $krate::testkit::random_input,
            check_input: $krate::testkit::check_input,
            shrink_input: $krate::testkit::shrink_input,
            bench_inputs: $krate::testkit::bench_inputs,
        }
    };
}

/// Every puzzle's kit, in the README's order.
pub fn all() -> Vec<Kit> {
    vec![
        // KITS: entries are added as the crates land.
    ]
}

/// The kit of the named crate.
pub fn find(name: &str) -> Option<Kit> {
    all().into_iter().find(|k| k.name == name)
}
