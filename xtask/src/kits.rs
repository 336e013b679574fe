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
    pub bench_inputs: fn() -> Vec<BenchInput>,
}

/// A benchmark input: (name, our binary's arguments, input text).
pub type BenchInput = (String, Vec<String>, String);

/// Bench inputs that the binary reads without arguments.
fn without_args(inputs: Vec<(String, String)>) -> Vec<BenchInput> {
    inputs
        .into_iter()
        .map(|(name, input)| (name, Vec::new(), input))
        .collect()
}

macro_rules! kit {
    ($name:literal, $krate:ident) => {
        Kit {
            name: $name,
            random_input: $krate::testkit::random_input,
            check_input: $krate::testkit::check_input,
            shrink_input: $krate::testkit::shrink_input,
            bench_inputs: || without_args($krate::testkit::bench_inputs()),
        }
    };
}

/// Every puzzle's kit, in the README's order.
pub fn all() -> Vec<Kit> {
    vec![
        kit!("huarongdao", huarongdao),
        kit!("bloxorz", bloxorz),
        kit!("snake-maze", snake_maze),
        Kit {
            // Larger boards need --rows/--cols; the judge's 2x3 boards need no option.
            bench_inputs: || {
                let mut inputs = without_args(card_swap::testkit::bench_inputs());
                inputs.extend(card_swap::testkit::bench_inputs_shaped());
                inputs
            },
            ..kit!("card-swap", card_swap)
        },
    ]
}

/// The kit of the named crate.
pub fn find(name: &str) -> Option<Kit> {
    all().into_iter().find(|k| k.name == name)
}
