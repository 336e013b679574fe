//! The page's controls and keys, driven in Chromium by a probe script.

use std::path::Path;

use super::chromium::{dump_with, file_url};
use super::dom::element_attributes;

/// The script that drives the page's controls like a person would, one action after the
/// other, and writes the step shown after each into `data-probe` on `<body>`. After some
/// actions it also counts the cells whose colour on the canvas is not the colour of the
/// character `data-board` holds (`canvas=0` when the drawing matches the board), read at a
/// corner of each cell, away from its letter.
const CONTROLS_PROBE: &str = r##"<script>
(function () {
  var log = [];
  function $(id) { return document.getElementById(id); }
  function shown() { return $("board").getAttribute("data-step"); }
  function key(k) {
    document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
    log.push(k + "=" + shown());
  }
  function click(id) { $(id).click(); log.push(id + "=" + shown()); }
  var entry = JSON.parse($("films").textContent).cases[CASE - 1].film;
  function canvasWrong() {
    // Pixels are read from a copy made for reading (Chromium warns about repeated reads
    // of the page's own canvas).
    var canvas = $("board"), copy = document.createElement("canvas");
    copy.width = canvas.width;
    copy.height = canvas.height;
    var ctx = copy.getContext("2d", { willReadFrequently: true });
    ctx.drawImage(canvas, 0, 0);
    var rows = canvas.getAttribute("data-board").split("\n");
    var cols = rows[0].length;
    var ratio = canvas.width / parseFloat(canvas.style.width);
    var cell = (parseFloat(canvas.style.width) - 1) / cols, gap = cell >= 8 ? 1 : 0;
    var pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    var wrong = 0;
    rows.forEach(function (row, r) {
      Array.from(row).forEach(function (ch, c) {
        ctx.fillStyle = entry.colours[ch] || "#ff00ff";
        var want = ctx.fillStyle;
        var x = Math.floor((c * cell + gap + 0.5) * ratio);
        var y = Math.floor((r * cell + gap + 0.5) * ratio);
        var at = 4 * (y * canvas.width + x);
        var got = "#" + [0, 1, 2].map(function (k) {
          return (256 + pixels[at + k]).toString(16).slice(1);
        }).join("");
        if (got !== want) wrong++;
      });
    });
    log.push("canvas=" + wrong);
  }
  key("End"); key("ArrowLeft"); key("Home"); key("ArrowRight");
  canvasWrong();
  click("last"); click("back"); click("first"); click("next");
  canvasWrong();
  $("slider").value = "MIDDLE";
  $("slider").dispatchEvent(new Event("input"));
  log.push("slider=" + shown());
  var moves = $("moves").children;
  moves[moves.length - 1].click();
  log.push("move=" + shown());
  click("first");
  $("speed").value = "5000";
  $("speed").dispatchEvent(new Event("change"));
  key(" ");
  setTimeout(function () {
    log.push("played=" + shown() + "," + $("play").textContent);
    canvasWrong();
    document.body.setAttribute("data-probe", log.join(" "));
  }, PLAY_MS);
})();
</script>
</body>"##;

/// The controls and keys, driven by [`CONTROLS_PROBE`] on a copy of the page, show the
/// steps they should: End, Left, Home, Right, the buttons, the slider, a click on the last
/// move of the list, and play at full speed to the end.
pub(super) fn controls(
    browser: &Path,
    file: &Path,
    html: &str,
    case: usize,
    n: usize,
) -> Result<(), String> {
    let middle = n / 2;
    // Play runs at 5000 steps a second: wait for it, a second more, in virtual time.
    let play_ms = n / 5 + 1000;
    let probe = CONTROLS_PROBE
        .replace("MIDDLE", &middle.to_string())
        .replace("PLAY_MS", &play_ms.to_string())
        .replace("CASE", &case.to_string());
    let copy = file.with_extension("controls.html");
    std::fs::write(&copy, html.replacen("</body>", &probe, 1))
        .map_err(|e| format!("cannot write {}: {e}", copy.display()))?;
    let url = format!("{}#case={case}&step=0", file_url(&copy));
    let budget = format!("--virtual-time-budget={}", play_ms + 3000);
    let (dom, _) = dump_with(browser, &url, &[budget])?;
    let body = element_attributes(&dom, "<body").unwrap_or_default();
    let got = body
        .iter()
        .find(|(name, _)| name == "data-probe")
        .map(|(_, v)| v.clone())
        .ok_or("the probe did not finish")?;
    // The list holds the block of moves around the slider's step; its last one is clicked.
    let listed = n.min((middle.saturating_sub(1) / MOVES_LISTED + 1) * MOVES_LISTED);
    let want = format!(
        "End={n} ArrowLeft={} Home=0 ArrowRight=1 canvas=0 last={n} back={} first=0 next=1 \
         canvas=0 slider={middle} move={listed} first=0  =0 played={n},play canvas=0",
        n - 1,
        n - 1
    );
    if got == want {
        Ok(())
    } else {
        Err(format!("the steps shown were\n  {got}\nexpected\n  {want}"))
    }
}

/// The moves the page's move list holds at a time.
const MOVES_LISTED: usize = 500;
