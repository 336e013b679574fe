//! Every `--path` the binary prints replays legally (the replay's own rules) to the
//! solved level, with exactly as many arrows as the answer, and the answers agree with
//! the reference.

use bloxorz_game::BloxorzGame;

puzzle_frame::replay_tests!(BloxorzGame, "bloxorz-game",
    random: 42, 400, [4, 6, 8, 10]; snapshots: usize::MAX, 15);
