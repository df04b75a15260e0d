/* Prairie / Buffalo's board: 11 columns, 7 rows, the buffalo, the chief and the dogs. */
(function () {
  "use strict";
  const { el, gridKeyboard, CELL, touched, confirmBar } = window.LudoBoards._svg;
  const fmt = (text, ...values) => values.reduce((out, v) => out.replace("%s", v), text);

  const buffalo = {
    // « Bisons : a1, b1, … ; chef : f6 ; chiens : d6, e6. »
    summary(view, T) {
      const files = view.board.files;
      const key = (s) => files.indexOf(s[0]) * 100 + parseInt(s.slice(1), 10);
      const list = (squares) => [...squares].sort((a, b) => key(a) - key(b)).join(", ") || T.game.none;
      return fmt(T.game.summary, list(view.buffalo), view.chief || T.game.none, list(view.dogs));
    },

    moveLabel(move, view, T) {
      const piece = view.buffalo.includes(move.from) ? "buffalo" : view.chief === move.from ? "chief" : "dog";
      const capture = piece === "chief" && view.buffalo.includes(move.to) ? " ×" : "";
      return `${T.game.pieces[piece]} ${move.from} → ${move.to}${capture}`;
    },

    render(container, view, ctx) {
      const T = ctx.T;
      const columns = view.board.columns, rows = view.board.rows, files = view.board.files;
      const margin = 34; // room for the coordinates, drawn large enough to read on a phone
      const svg = el("svg", {
        viewBox: `0 0 ${columns * CELL + margin} ${rows * CELL + margin}`,
        role: "grid", "aria-label": T.boardLabel, class: "board-svg buffalo",
      });
      const pieceAt = {};
      view.buffalo.forEach((s) => (pieceAt[s] = "buffalo"));
      view.dogs.forEach((s) => (pieceAt[s] = "dog"));
      pieceAt[view.chief] = "chief";
      // ctx.selected is the chosen piece's square, or « from>to » once a tap on a phone chose
      // a destination that a second tap (or « Valider ») confirms.
      const [from, pending] = typeof ctx.selected === "string" ? ctx.selected.split(">") : [ctx.selected];
      const origins = new Set(ctx.legalMoves.map((m) => m.from));
      const targets = new Map(ctx.legalMoves.filter((m) => m.from === from).map((m) => [m.to, m]));
      const last = view.last_move ? [view.last_move.from, view.last_move.to] : [];
      const squares = {};
      const focusName = document.activeElement && document.activeElement.dataset
        ? document.activeElement.dataset.square : null;

      for (let row = rows - 1; row >= 0; row--) {
        const line = el("g", { role: "row" }, svg);
        for (let col = 0; col < columns; col++) {
          const name = files[col] + (row + 1);
          const x = margin + col * CELL, y = (rows - 1 - row) * CELL;
          const piece = pieceAt[name];
          const states = [];
          const g = el("g", {
            role: "gridcell", tabindex: "-1", "data-square": name, "data-col": col, "data-row": row,
            class: "square",
          }, line);
          const edge = row === 0 || row === rows - 1;
          el("rect", {
            x, y, width: CELL, height: CELL,
            class: "cell" + (edge ? " edge" : "") + ((row + col) % 2 ? " dark" : "") +
              (last.includes(name) ? " last" : ""),
          }, g);
          if (name === from) { el("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, class: "selected-mark" }, g); states.push(T.selected); }
          if (targets.has(name)) { el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: piece ? 24 : 9, class: "target-mark" }, g); states.push(T.target); }
          if (piece) drawPiece(g, piece, x, y);
          if (name === pending && targets.has(name)) {
            el("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, class: "selected-mark pending-mark" }, g);
            drawPiece(el("g", { class: "ghost" }, g), pieceAt[from], x, y);
          }
          if (ctx.interactive && origins.has(name)) g.classList.add("movable");
          g.setAttribute("aria-label", fmt(T.pair, name, (piece ? T.game.pieces[piece] : T.empty) + (states.length ? " (" + states.join(", ") + ")" : "")));
          g.addEventListener("click", () => {
            if (!ctx.interactive) return;
            // A finger on a small square: the first tap shows the move, the second plays it.
            if (targets.has(name) && touched() && name !== pending) ctx.onSelect(from + ">" + name);
            else if (targets.has(name)) ctx.onMove(targets.get(name));
            else if (origins.has(name)) ctx.onSelect(name === from ? null : name);
          });
          squares[col + "," + row] = g;
        }
      }
      for (let col = 0; col < columns; col++) {
        el("text", { x: margin + col * CELL + CELL / 2, y: rows * CELL + 26, class: "coord", "aria-hidden": "true" }, svg).textContent = files[col];
      }
      for (let row = 0; row < rows; row++) {
        el("text", { x: margin / 2, y: (rows - 1 - row) * CELL + CELL / 2 + 8, class: "coord", "aria-hidden": "true" }, svg).textContent = row + 1;
      }
      const parts = [svg];
      if (pending && targets.has(pending)) {
        const move = targets.get(pending);
        parts.push(confirmBar(buffalo.moveLabel(move, view, T), T.game, () => ctx.onMove(move), () => ctx.onSelect(from)));
      }
      container.replaceChildren(...parts);
      gridKeyboard(svg, columns, rows, (c, r) => squares[c + "," + r], focusName);
      if (focusName && container.contains(document.activeElement) === false) {
        const again = svg.querySelector(`[data-square="${focusName}"]`);
        if (again) again.focus();
      }
    },
  };

  function drawPiece(g, piece, x, y) {
    const cx = x + CELL / 2, cy = y + CELL / 2;
    if (piece === "buffalo") {
      el("ellipse", { cx, cy: cy + 3, rx: 19, ry: 14, class: "piece buffalo-body" }, g);
      el("path", { d: `M${cx - 17} ${cy - 6} q-6 -10 2 -14 M${cx + 17} ${cy - 6} q6 -10 -2 -14`, class: "buffalo-horns" }, g);
    } else if (piece === "dog") {
      el("circle", { cx, cy, r: 16, class: "piece dog" }, g);
      el("path", { d: `M${cx - 12} ${cy - 10} l4 -9 l5 7 M${cx + 12} ${cy - 10} l-4 -9 l-5 7`, class: "dog-ears" }, g);
    } else {
      el("circle", { cx, cy: cy + 4, r: 16, class: "piece chief" }, g);
      el("path", { d: `M${cx} ${cy - 12} l-5 -12 l5 4 l5 -4 z`, class: "chief-feather" }, g);
    }
  }

  window.LudoBoards.buffalo = buffalo;
})();
