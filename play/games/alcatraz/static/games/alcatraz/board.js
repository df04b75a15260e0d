/* Alcatraz board: the boat above row 1, rows 1–8 and the unnumbered row, the cell below. */
(function () {
  "use strict";
  const { el, gridKeyboard } = window.LudoBoards._svg;
  const CELL = 48, LEFT = 26, TOP = 64, COLOURS = ["#c62828", "#1565c0", "#2e7d32", "#f9a825"];
  const fmt = (text, ...values) => values.reduce((out, v) => out.replace("%s", v), text);

  function squareXY(name, columns) {
    const col = columns.indexOf(name[0]), row = parseInt(name.slice(1), 10);
    return [LEFT + col * CELL, TOP + (row - 1) * CELL];
  }

  // The row in front of the cell has no number on the board: squares there are named as it shows
  // them (« a, rangée sans numéro »), in the move list and the squares' labels alike.
  function squareLabel(name, view, A) {
    return parseInt(name.slice(1), 10) === view.unnumbered_row ? fmt(A.unnumbered, name[0]) : name;
  }

  const alcatraz = {
    // « Gardiens : d1, … . Joueur 1 : prisonniers en a3, b4 ; 3 en cellule, 0 dans le bateau. »
    summary(view, T, who) {
      const A = T.game, label = (sq) => squareLabel(sq, view, A);
      const parts = [fmt(A.summaryGuards, view.guards.map(label).join(", "))];
      view.prisoners.forEach((squares, seat) => {
        const name = (who && who.names[seat]) || fmt(T.seat, seat + 1);
        parts.push(fmt(A.summarySeat, name, squares.length ? fmt(A.summaryOnBoard, squares.map(label).join(", ")) : A.none, view.cell[seat], view.boat[seat]));
      });
      return parts.join(" ");
    },

    moveLabel(move, view, T) {
      const A = T.game;
      if (move.type === "move" && move.from === "cell") return fmt(A.leave, squareLabel(move.to, view, A));
      if (move.type === "move") return fmt(A.move, squareLabel(move.from, view, A), squareLabel(move.to, view, A));
      if (move.type === "board") return fmt(A.board, squareLabel(move.from, view, A));
      if (move.type === "roll") return A.roll;
      if (move.type === "alarm") return fmt(A[move.direction], view.alarm_roll);
      return A.pass;
    },

    // Moves that are not a click on the board: the die, the alarm direction, passing.
    actions(moves) {
      return moves.filter((m) => ["roll", "alarm", "pass"].includes(m.type));
    },

    // What an alarm asks of the player, for the status line.
    status(view, moves, T) {
      if (moves.some((m) => m.type === "roll")) return T.game.alarmRoll;
      if (moves.some((m) => m.type === "alarm")) return fmt(T.game.alarmDirection, view.alarm_roll);
      return "";
    },

    render(container, view, ctx) {
      const T = ctx.T, A = T.game, columns = view.columns, rows = view.unnumbered_row;
      const width = LEFT + columns.length * CELL + 8, height = TOP + rows * CELL + 72;
      const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": T.boardLabel, class: "board-svg alcatraz" });
      const defs = el("defs", {}, svg);
      const pattern = el("pattern", { id: "hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
      el("line", { x1: 0, y1: 0, x2: 0, y2: 8, class: "hatch-line" }, pattern);

      const owner = {};
      view.prisoners.forEach((squares, seat) => squares.forEach((sq) => (owner[sq] = seat)));
      const guards = new Set(view.guards);
      const hatched = new Set(view.hatched);
      const moves = ctx.legalMoves.filter((m) => m.type === "move" || m.type === "board");
      const origins = new Set(moves.map((m) => m.from));
      const targets = new Map();
      moves.filter((m) => m.from === ctx.selected).forEach((m) => targets.set(m.type === "board" ? "boat" : m.to, m));
      const events = view.last_events || [];
      const captured = new Set(events.filter((e) => e.kind === "capture").map((e) => e.square));
      const guardMove = events.find((e) => e.kind === "guard");
      const prisonerMove = events.find((e) => e.kind === "prisoner" || e.kind === "board");
      const squares = {};

      // The boat (top) and the cell (bottom) are targets/origins too.
      const boat = el("g", { role: "button", tabindex: "-1", "data-square": "boat", class: "square zone" }, svg);
      el("rect", { x: LEFT + 3 * CELL, y: 6, width: 3 * CELL, height: TOP - 14, rx: 18, class: "boat" + (targets.has("boat") ? " target-zone" : "") }, boat);
      el("text", { x: LEFT + 4.5 * CELL, y: 26, class: "zone-label" }, boat).textContent = A.boat;
      drawCounts(boat, view.boat, LEFT + 3 * CELL + 12, 42);
      boat.setAttribute("aria-label", A.boat + " — " + view.boat.map((n, s) => fmt(T.pair, (ctx.roles && ctx.roles[s]) || s + 1, n)).join(", ") + (targets.has("boat") ? ` (${T.target})` : ""));
      boat.addEventListener("click", () => ctx.interactive && targets.has("boat") && ctx.onMove(targets.get("boat")));

      const grid = el("g", { role: "grid", "aria-label": T.boardLabel }, svg);
      for (let row = 1; row <= rows; row++) {
        const line = el("g", { role: "row" }, grid);
        if (row < rows) el("text", { x: 12, y: TOP + (row - 1) * CELL + CELL / 2 + 5, class: "coord", "aria-hidden": "true" }, svg).textContent = row;
        columns.split("").forEach((file, col) => {
          const name = file + row, [x, y] = squareXY(name, columns);
          const g = el("g", { role: "gridcell", tabindex: "-1", "data-square": name, "data-col": col, "data-row": rows - row, class: "square" }, line);
          el("rect", { x, y, width: CELL, height: CELL, class: "cell" + (row === rows ? " unnumbered" : "") + ((row + col) % 2 ? " dark" : "") }, g);
          if (hatched.has(name)) el("rect", { x, y, width: CELL, height: CELL, fill: "url(#hatch)", class: "hatched" }, g);
          const parts = [];
          if (guardMove && (guardMove.from === name || guardMove.to === name)) el("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, class: "last-guard" }, g);
          if (prisonerMove && (prisonerMove.from === name || prisonerMove.to === name)) { el("rect", { x: x + 5, y: y + 5, width: CELL - 10, height: CELL - 10, rx: 6, class: "last-prisoner" }, g); parts.push(T.game.lastMove); }
          if (guards.has(name)) { el("rect", { x: x + 12, y: y + 8, width: CELL - 24, height: CELL - 16, rx: 4, class: "guard" }, g); parts.push(A.guard); }
          if (name in owner) { el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 13, fill: COLOURS[owner[name]], class: "prisoner" }, g); parts.push(fmt(A.prisoner, (ctx.roles && ctx.roles[owner[name]]) || owner[name] + 1)); }
          if (captured.has(name)) { el("path", { d: `M${x + 10} ${y + 10} L${x + CELL - 10} ${y + CELL - 10} M${x + CELL - 10} ${y + 10} L${x + 10} ${y + CELL - 10}`, class: "caught-mark" }, g); parts.push(A.caught); }
          if (hatched.has(name)) parts.push(A.hatched);
          if (name === ctx.selected) { el("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, class: "selected-mark" }, g); parts.push(T.selected); }
          // A diamond in a colour no player has: a destination is never taken for a prisoner.
          if (targets.has(name)) { const cx = x + CELL / 2, cy = y + CELL / 2; el("path", { d: `M${cx} ${cy - 11} L${cx + 11} ${cy} L${cx} ${cy + 11} L${cx - 11} ${cy} Z`, class: "target-mark" }, g); parts.push(T.target); }
          if (ctx.interactive && origins.has(name)) g.classList.add("movable");
          g.setAttribute("aria-label", fmt(T.pair, squareLabel(name, view, A), parts.length ? parts.join(", ") : T.empty));
          g.addEventListener("click", () => {
            if (!ctx.interactive) return;
            if (targets.has(name)) ctx.onMove(targets.get(name));
            else if (origins.has(name)) ctx.onSelect(name === ctx.selected ? null : name);
          });
          squares[col + "," + (rows - row)] = g;
        });
      }
      columns.split("").forEach((file, col) => {
        el("text", { x: LEFT + col * CELL + CELL / 2, y: TOP + rows * CELL + 14, class: "coord", "aria-hidden": "true" }, svg).textContent = file;
      });

      const cell = el("g", { role: "button", tabindex: "-1", "data-square": "cell", class: "square zone" + (ctx.interactive && origins.has("cell") ? " movable" : "") }, svg);
      el("rect", { x: LEFT, y: TOP + rows * CELL + 20, width: columns.length * CELL, height: 48, rx: 6, class: "jail" + (ctx.selected === "cell" ? " selected-zone" : "") }, cell);
      el("text", { x: LEFT + 40, y: TOP + rows * CELL + 49, class: "zone-label" }, cell).textContent = A.cell;
      drawCounts(cell, view.cell, LEFT + 90, TOP + rows * CELL + 44);
      cell.setAttribute("aria-label", A.cell + " — " + view.cell.map((n, s) => fmt(T.pair, (ctx.roles && ctx.roles[s]) || s + 1, n)).join(", ") + (ctx.selected === "cell" ? ` (${T.selected})` : ""));
      cell.addEventListener("click", () => ctx.interactive && origins.has("cell") && ctx.onSelect(ctx.selected === "cell" ? null : "cell"));

      if (view.alarm_roll) {
        el("text", { x: width - 10, y: 26, class: "die-label" }, svg).textContent = fmt(A.die, view.alarm_roll);
      }
      const focusName = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.square : null;
      container.replaceChildren(svg, legend(A));
      gridKeyboard(grid, columns.length, rows, (c, r) => squares[c + "," + r], focusName);
      [boat, cell].forEach((zone) => {
        zone.setAttribute("tabindex", "0");
        zone.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") { event.preventDefault(); zone.dispatchEvent(new MouseEvent("click", { bubbles: true })); }
        });
      });
      if (focusName) { const again = svg.querySelector(`[data-square="${focusName}"]`); if (again) again.focus(); }
    },
  };

  // What the marks on the board mean: a line each, with the mark drawn as on the board.
  function legend(A) {
    const box = document.createElement("div");
    box.className = "alcatraz-legend";
    const title = document.createElement("p");
    title.className = "legend-title";
    title.textContent = A.legend;
    const list = document.createElement("ul");
    const S = 28, m = 3;
    const marks = [
      ["target", (g) => el("path", { d: `M${S / 2} ${m + 2} L${S - m - 2} ${S / 2} L${S / 2} ${S - m - 2} L${m + 2} ${S / 2} Z`, class: "target-mark" }, g), A.legendTarget],
      ["guard", (g) => el("rect", { x: m, y: m, width: S - 2 * m, height: S - 2 * m, class: "last-guard" }, g), A.legendGuard],
      ["prisoner", (g) => el("rect", { x: m + 2, y: m + 2, width: S - 2 * m - 4, height: S - 2 * m - 4, rx: 5, class: "last-prisoner" }, g), A.legendPrisoner],
      ["hatched", (g) => el("rect", { x: 0, y: 0, width: S, height: S, fill: "url(#hatch)", class: "hatched" }, g), A.legendHatched],
    ];
    marks.forEach(([name, draw, text]) => {
      const item = document.createElement("li");
      item.dataset.mark = name;
      const pic = el("svg", { viewBox: `0 0 ${S} ${S}`, width: S, height: S, class: "legend-mark alcatraz", "aria-hidden": "true" }, item);
      el("rect", { x: 0, y: 0, width: S, height: S, class: "cell" }, pic);
      draw(pic);
      const label = document.createElement("span");
      label.textContent = text;
      item.appendChild(label);
      list.appendChild(item);
    });
    box.append(title, list);
    return box;
  }

  function drawCounts(group, counts, x, y) {
    counts.forEach((n, seat) => {
      el("circle", { cx: x + seat * 34, cy: y, r: 7, fill: COLOURS[seat], class: "prisoner" }, group);
      el("text", { x: x + seat * 34 + 11, y: y + 5, class: "count-label" }, group).textContent = n;
    });
  }

  window.LudoBoards.alcatraz = alcatraz;
})();
