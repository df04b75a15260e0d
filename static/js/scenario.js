/* « Voir l'exemple »: a record's example, position by position, on the game's real board. */
(function () {
  "use strict";
  const root = document.getElementById("scenario");
  if (!root) return;
  const T = JSON.parse(document.getElementById("play-texts").textContent);
  const data = JSON.parse(document.getElementById("scenario-data").textContent);
  const board = window.LudoBoards[data.engine];
  const $ = (id) => document.getElementById(id);
  const fmt = (text, ...values) => values.reduce((out, v) => out.replace("%s", v), text);
  const last = data.positions.length - 1;
  let index = 0;

  function render() {
    index = Math.max(0, Math.min(index, last));
    board.render($("board"), data.positions[index], { T: T, roles: data.roles, legalMoves: [], interactive: false });
    $("scenario-words").textContent = index === 0 ? T.start : data.steps[index - 1];
    $("scenario-position").textContent = index === 0 ? T.start : fmt(T.replayPosition, index, last);
    $("scenario-prev").disabled = index === 0;
    $("scenario-next").disabled = index === last;
  }

  $("scenario-prev").addEventListener("click", () => { index -= 1; render(); });
  $("scenario-next").addEventListener("click", () => { index += 1; render(); });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowRight") { index += 1; render(); }
    else if (event.key === "ArrowLeft") { index -= 1; render(); }
  });
  render();
})();
