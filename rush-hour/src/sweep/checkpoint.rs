//! The checkpoint folder of a resumable sweep: one file per finished chunk, written to a
//! temporary name and renamed (so a file is there whole or not at all), and a manifest
//! naming the sweep. A chunk's result depends on nothing outside it, so a continued run
//! redoes only the chunks without a whole file.
//!
//! A chunk file: a header `rush-sweep chunk N W INDEX FIRST END`, a counts line
//! `SEEDS CLUSTERS SOLVABLE BOARDS`, the chunk's lines `MOVES BOARD CLUSTER`, then `end`.

use super::cluster::Line;
use super::SweepError;
use std::fs;
use std::path::{Path, PathBuf};

/// What one chunk of row tuples found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChunkResult {
    /// Seeds (boards of his enumeration) in the chunk.
    pub seeds: u64,
    /// Clusters counted in the chunk (their smallest seed is in it).
    pub clusters: u64,
    /// Those with a solved board.
    pub solvable: u64,
    /// The boards of those clusters.
    pub boards: u64,
    /// The interesting clusters' lines.
    pub lines: Vec<Line>,
}

/// The checkpoint folder of one sweep.
pub struct Checkpoint {
    dir: PathBuf,
    name: String,
}

fn io(path: &Path, e: std::io::Error) -> SweepError {
    SweepError::Checkpoint(format!("{}: {e}", path.display()))
}

/// Writes `text` to `path` whole: a temporary file, then a rename.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), SweepError> {
    let tmp = path.with_extension("tmp");
    fs::write(&tmp, bytes).map_err(|e| io(&tmp, e))?;
    fs::rename(&tmp, path).map_err(|e| io(path, e))
}

impl Checkpoint {
    /// Opens (or creates) `dir` for the sweep named `name` (size, walls, chunk plan); a
    /// folder left by another sweep is refused.
    pub fn open(dir: &Path, name: &str) -> Result<Checkpoint, SweepError> {
        fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
        let manifest = dir.join("manifest");
        match fs::read_to_string(&manifest) {
            Ok(text) if text.trim() == name => {}
            Ok(text) => {
                return Err(SweepError::Checkpoint(format!(
                    "{} holds another sweep ('{}', expected '{name}')",
                    dir.display(),
                    text.trim()
                )))
            }
            Err(_) => write_whole(&manifest, format!("{name}\n").as_bytes())?,
        }
        Ok(Checkpoint {
            dir: dir.to_path_buf(),
            name: name.to_string(),
        })
    }

    fn chunk_path(&self, index: usize) -> PathBuf {
        self.dir.join(format!("chunk-{index:06}"))
    }

    /// The result of chunk `index`, when a whole file of it is there.
    pub fn read(&self, index: usize) -> Option<ChunkResult> {
        let text = fs::read_to_string(self.chunk_path(index)).ok()?;
        let mut rows = text.lines();
        let header = rows.next()?;
        if !header.starts_with(&format!("rush-sweep chunk {} {index} ", self.name)) {
            return None;
        }
        let counts: Vec<u64> = rows
            .next()?
            .split(' ')
            .map(|w| w.parse().ok())
            .collect::<Option<_>>()?;
        let [seeds, clusters, solvable, boards] = counts[..] else {
            return None;
        };
        let mut lines = Vec::new();
        for row in rows {
            if row == "end" {
                return Some(ChunkResult {
                    seeds,
                    clusters,
                    solvable,
                    boards,
                    lines,
                });
            }
            let mut words = row.split(' ');
            let moves = words.next()?.parse().ok()?;
            let board = words.next()?.to_string();
            let cluster = words.next()?.parse().ok()?;
            lines.push(Line {
                moves,
                board,
                cluster,
            });
        }
        None
    }

    /// Saves the result of chunk `index` (row tuples `first..end`).
    pub fn write(
        &self,
        index: usize,
        first: u64,
        end: u64,
        r: &ChunkResult,
    ) -> Result<(), SweepError> {
        let mut text = format!(
            "rush-sweep chunk {} {index} {first} {end}\n{} {} {} {}\n",
            self.name, r.seeds, r.clusters, r.solvable, r.boards
        );
        for line in &r.lines {
            text += &format!("{:02} {} {}\n", line.moves, line.board, line.cluster);
        }
        text += "end\n";
        write_whole(&self.chunk_path(index), text.as_bytes())
    }
}
