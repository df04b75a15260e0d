/* « Mise en place » and the rules sheet: opening positions drawn by the game's own board script.
   Each .setup-board[data-seats] gets the public view of a new game at that many seats. On the
   set-up page, the list of player counts becomes tabs (arrows, Home and End move between them;
   without this script it is a list of links to the counts' headings). */
(function () {
  "use strict";
  const source = document.getElementById("setup-data");
  if (!source) return;
  const T = JSON.parse(document.getElementById("play-texts").textContent);
  const data = JSON.parse(source.textContent);
  const board = window.LudoBoards[data.engine];

  function draw(container) {
    const seats = container.dataset.seats;
    board.render(container, data.positions[seats], {
      T: T, roles: data.roles[seats], legalMoves: [], interactive: false,
    });
  }

  const list = document.querySelector(".setup-tabs");
  if (!list) {
    document.querySelectorAll(".setup-board").forEach(draw);
    return;
  }

  const tabs = [...list.querySelectorAll("a[data-seats]")];
  const panel = (tab) => document.getElementById("joueurs-" + tab.dataset.seats);
  list.setAttribute("role", "tablist");
  list.setAttribute("aria-labelledby", "counts-title");
  tabs.forEach((tab) => {
    tab.parentElement.setAttribute("role", "presentation");
    tab.setAttribute("role", "tab");
    tab.setAttribute("aria-controls", panel(tab).id);
    panel(tab).setAttribute("role", "tabpanel");
    panel(tab).setAttribute("aria-labelledby", tab.id);
  });

  // A board drawn in a hidden panel would measure no width: each is drawn when shown.
  function show(chosen, focus) {
    tabs.forEach((tab) => {
      const on = tab === chosen;
      tab.setAttribute("aria-selected", on ? "true" : "false");
      tab.setAttribute("tabindex", on ? "0" : "-1");
      panel(tab).hidden = !on;
    });
    draw(panel(chosen).querySelector(".setup-board"));
    if (focus) chosen.focus();
  }

  list.addEventListener("click", (event) => {
    const tab = event.target.closest("[role=tab]");
    if (!tab) return;
    event.preventDefault();
    show(tab, false);
    history.replaceState(null, "", "#" + panel(tab).id);
  });
  list.addEventListener("keydown", (event) => {
    const index = tabs.indexOf(event.target);
    if (index < 0) return;
    const next = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1,
                   Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    show(tab, true);
    history.replaceState(null, "", "#" + panel(tab).id);
  });

  const wanted = tabs.find((tab) => "#" + panel(tab).id === location.hash);
  const usual = tabs.find((tab) => tab.dataset.seats === list.dataset.usual);
  show(wanted || usual || tabs[0], false);
})();
