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

  // What the last click came from: a finger ("touch"), a mouse or pen, or a key (Enter, Space).
  // Boards whose squares are small on a phone use it to ask for a second tap before a move.
  let lastInput = "mouse";
  document.addEventListener("pointerdown", (event) => { lastInput = event.pointerType || "mouse"; }, true);
  document.addEventListener("keydown", () => { lastInput = "keyboard"; }, true);
  const touched = () => lastInput === "touch";

  // The bar under a board that names the move a first tap chose: « Valider » plays it, « Annuler »
  // forgets it (a second tap on the same square plays it too, as the board decides).
  function confirmBar(text, labels, onConfirm, onCancel) {
    const bar = document.createElement("div");
    bar.className = "board-confirm";
    const what = document.createElement("p");
    what.className = "board-confirm-move";
    what.setAttribute("aria-live", "polite");
    what.textContent = text;
    const ok = document.createElement("button");
    ok.type = "button";
    ok.className = "board-confirm-ok";
    ok.textContent = labels.confirm;
    ok.addEventListener("click", onConfirm);
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "secondary board-confirm-cancel";
    cancel.textContent = labels.cancel;
    cancel.addEventListener("click", onCancel);
    bar.append(what, ok, " ", cancel);
    return bar;
  }

  // A board drawn one way in a wide area and another in a narrow one needs the
  // area's width at each drawing. Reading clientWidth there would lay the page out in the middle
  // of the drawing, at every step of the opponents' moves (long tasks on a slow phone, a poor
  // Lighthouse score): the width is read once, then kept by a ResizeObserver (it reports after
  // layout), which calls back the board's last redraw when the width crosses the threshold.
  function widthWatch(threshold) {
    let observed = null;
    let width = 0;
    let redraw = null;
    const observer = window.ResizeObserver ? new ResizeObserver(() => {
      if (!observed || !observed.isConnected) return;
      const before = width >= threshold;
      width = observed.clientWidth;
      if ((width >= threshold) !== before && redraw) redraw();
    }) : null;
    // Whether ``container`` is wide; ``onCross`` redraws it if that changes.
    return function wide(container, onCross) {
      if (container !== observed || !observer) {
        width = container.clientWidth;
        if (observer && container !== observed) {
          observer.disconnect();
          observer.observe(container);
        }
        observed = container;
      }
      redraw = onCross;
      return width >= threshold;
    };
  }

  window.LudoBoards = Object.assign(window.LudoBoards || {}, {
    _svg: { el, gridKeyboard, CELL, touched, confirmBar, widthWatch },
  });
})();
