/* Shared SVG helpers for the games' board scripts. Each game package's board script registers
   window.LudoBoards[slug] = { render(container, view, ctx), moveLabel(move, view, T), actions? }:
   render draws SVG from the view data, moveLabel names a move for the list of legal moves. */
(function () {
  "use strict";
  const SVG = "http://www.w3.org/2000/svg";
  const CELL = 56;

  function el(name, attrs, parent) {
    const node = document.createElementNS(SVG, name);
    Object.entries(attrs || {}).forEach(([k, v]) => node.setAttribute(k, v));
    if (parent) parent.appendChild(node);
    return node;
  }

  // A grid of square buttons with one tab stop: arrows move the focus, Enter/Space activate.
  function gridKeyboard(svg, columns, rows, squareAt, focusName) {
    svg.addEventListener("keydown", (event) => {
      const current = event.target.closest("[data-square]");
      if (!current) return;
      let col = +current.dataset.col, row = +current.dataset.row;
      const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
      if (moves[event.key]) {
        event.preventDefault();
        col = Math.max(0, Math.min(columns - 1, col + moves[event.key][0]));
        row = Math.max(0, Math.min(rows - 1, row + moves[event.key][1]));
        const next = squareAt(col, row);
        current.setAttribute("tabindex", "-1");
        next.setAttribute("tabindex", "0");
        next.focus();
      } else if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        current.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      }
    });
    const start = focusName && svg.querySelector(`[data-square="${focusName}"]`);
    (start || squareAt(0, 0)).setAttribute("tabindex", "0");
  }

  window.LudoBoards = Object.assign(window.LudoBoards || {}, { _svg: { el, gridKeyboard, CELL } });
})();
