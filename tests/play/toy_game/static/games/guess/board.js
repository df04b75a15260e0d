/* The toy game's board: one button per legal move. */
(function () {
  "use strict";
  window.LudoBoards.guess = {
    moveLabel(move) { return "claim" in move ? "annonce" : "pari " + move.bet; },
    actions(moves) { return moves; },
    render(container, view) {
      const text = document.createElement("p");
      text.className = "toy-board";
      text.textContent = "cartes : " + view.cards.map((c) => (c === null ? "?" : c)).join(" ");
      container.replaceChildren(text);
    },
  };
})();
