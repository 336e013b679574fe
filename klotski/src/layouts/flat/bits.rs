//! Bit tables of the sweep's encoding ([`super::space`]): binomial coefficients for the
//! colex ranks, and byte tables that pack and spread the singles' cells.

/// `CHOOSE[n][k]`: the binomial coefficient, for `n, k <= 32`.
pub(super) const CHOOSE: [[u64; 33]; 33] = {
    let mut c = [[0u64; 33]; 33];
    let mut n = 0;
    while n <= 32 {
        c[n][0] = 1;
        let mut k = 1;
        while k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
};

/// Singles' cells in a skeleton's uncovered cells, a byte of the box at a time:
/// `extract[free][singles]` packs the bits of `singles` at the cells of `free` to the low
/// end (the bits' places among the cells of `free`), `deposit[free][packed]` undoes it.
pub(super) struct Bytes {
    pub(super) extract: Vec<[u8; 256]>,
    pub(super) deposit: Vec<[u8; 256]>,
}

/// The tables of [`Bytes`], made once.
pub(super) fn bytes() -> &'static Bytes {
    static BYTES: std::sync::OnceLock<Bytes> = std::sync::OnceLock::new();
    BYTES.get_or_init(|| {
        let mut extract = vec![[0u8; 256]; 256];
        let mut deposit = vec![[0u8; 256]; 256];
        for free in 0..256usize {
            for bits in 0..256usize {
                let (mut packed, mut spread, mut place) = (0u8, 0u8, 0);
                for cell in (0..8).filter(|&c| free >> c & 1 == 1) {
                    packed |= ((bits >> cell & 1) as u8) << place;
                    spread |= ((bits >> place & 1) as u8) << cell;
                    place += 1;
                }
                extract[free][bits] = packed;
                deposit[free][bits] = spread;
            }
        }
        Bytes { extract, deposit }
    })
}

/// `BELOW[byte][bit]`: how many bits of `byte` lie below bit `bit`.
pub(super) const BELOW: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 1;
        while bit < 8 {
            table[byte][bit] = table[byte][bit - 1] + (byte >> (bit - 1) & 1) as u8;
            bit += 1;
        }
        byte += 1;
    }
    table
};
