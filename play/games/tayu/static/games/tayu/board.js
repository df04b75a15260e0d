/* Ta Yü board: 19 × 19 squares with their coordinates (letters a–s west to east, numbers 1–19
   north to south, as the log names them: « en K7 »), the marked centre, three blue brackets per
   edge, the tiles with their channels; the supply's two columns, the tiles held, the running
   points per edge. Placing: choose a tile (if two), turn it (« Tourner » or the R key); every
   square the tile can cover is highlighted. Pointing at one (hover, focus or a first tap) shows
   the whole tile where it would land; a click, Enter, a second tap inside it or « Valider »
   places it. */
(function () {
  "use strict";
  const { el, gridKeyboard, touched, confirmBar } = window.LudoBoards._svg;
  // Around the squares: the edges' names and points (EDGE), then the coordinates (COORD) on the
  // north and west sides. Texts are 20 units: at least 10 px on a 360 px wide phone.
  const CELL = 30, EDGE = 24, COORD = 24, GAP = 8, DIRS = [[-1, 0], [0, 1], [1, 0], [0, -1]];
  const OX = EDGE + COORD + GAP, OY = EDGE + COORD + GAP; // the board's north-west corner
  const fmt = (text, ...values) => values.reduce((out, v) => out.replace("%s", v), text);
  const squareName = (view, row, col) => view.files[col] + (row + 1);
  const label = (view, row, col) => squareName(view, row, col).toUpperCase();

  // The selection travels through ctx.selected as "tile:rotation", then "tile:rotation:row,col"
  // once a first tap chose a placement (reset on every new position: then the first tile, in the
  // first rotation that fits somewhere).
  function parseSelection(selected, moves) {
    const tiles = [...new Set(moves.map((m) => m.tile))];
    let tile = tiles.length ? tiles[0] : 0, rotation = moves.length ? moves[0].rotation : 0;
    let pending = null;
    if (typeof selected === "string" && selected.includes(":")) {
      const [t, r, at] = selected.split(":");
      if (tiles.includes(+t)) tile = +t;
      rotation = ((+r % 4) + 4) % 4;
      if (at) pending = at;
    } else if (moves.length) {
      rotation = Math.min(...moves.filter((m) => m.tile === tile).map((m) => m.rotation));
    }
    return { tile, rotation, tiles, pending };
  }

  function tileCells(view, kind, rotation, row, col) {
    return view.kinds[kind][rotation].map(([r, c, mask]) => [row + r, col + c, mask]);
  }

  // One tile: its three squares as one stone, and the channel joining its openings.
  function drawTile(parent, cells, cls) {
    const g = el("g", { class: "tayu-tile " + (cls || "") }, parent);
    const rows = cells.map((c) => c[0]), cols = cells.map((c) => c[1]);
    const top = Math.min(...rows), left = Math.min(...cols);
    const x = OX + left * CELL, y = OY + top * CELL;
    const w = (Math.max(...cols) - left + 1) * CELL, h = (Math.max(...rows) - top + 1) * CELL;
    el("rect", { x: x + 1.5, y: y + 1.5, width: w - 3, height: h - 3, rx: 5, class: "stone" }, g);
    const centre = (r, c) => [OX + c * CELL + CELL / 2, OY + r * CELL + CELL / 2];
    const open = cells.filter((c) => c[2]);
    if (open.length) {
      // along the tile between the outermost squares that carry an opening, then out to each
      const sorted = open.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      const [x1, y1] = centre(sorted[0][0], sorted[0][1]);
      const [x2, y2] = centre(sorted[sorted.length - 1][0], sorted[sorted.length - 1][1]);
      let d = `M${x1} ${y1} L${x2} ${y2}`;
      open.forEach(([r, c, mask]) => {
        const [cx, cy] = centre(r, c);
        DIRS.forEach(([dr, dc], dir) => {
          if (mask & (1 << dir)) d += ` M${cx} ${cy} L${cx + (dc * CELL) / 2} ${cy + (dr * CELL) / 2}`;
        });
      });
      el("path", { d, class: "channel" }, g);
    }
    return g;
  }

  function openText(mask, G) {
    return G.directions.filter((_, dir) => mask & (1 << dir)).join(", ");
  }

  const tayu = {
    // « Pierres posées : 3. Pierres tenues : Joueur 1 : 1-2-3. Points par rive : Nord 2, … »
    summary(view, T, who) {
      const G = T.game;
      const held = view.held.map((hand, seat) => (hand.length ? fmt(T.pair, (who && who.names[seat]) || fmt(G.hand, seat + 1), hand.map((k) => view.kind_names[k]).join(", ")) : ""))
        .filter(Boolean).join(" ; ");
      const scores = view.edges.map((edge) => `${G.edges[edge]} ${view.edge_scores[edge]}`).join(", ");
      return [fmt(G.summaryPlaced, view.tiles.length + (view.tiles.length ? " (" + view.tiles.map((t) => label(view, t.row, t.col)).join(", ") + ")" : "")), fmt(G.summaryHeld, held || G.none), fmt(G.summaryScores, scores),
        fmt(G.supplyLeft, view.supply_left) + "."].join(" ");
    },

    moveLabel(move, view, T) {
      const G = T.game;
      if (move.type === "draw") {
        const front = view.fronts[move.stack];
        return fmt(front && front.ringed ? G.drawRing : G.draw, move.stack + 1);
      }
      if (move.type === "bid") return fmt(G.bid, move.value);
      if (move.type === "pass") return G.pass;
      const kind = view.held[view.to_move][move.tile];
      const name = view.kind_names[kind];
      return fmt(G.placeTile, name, label(view, move.row, move.col), move.rotation);
    },

    // Drawing and bidding are buttons (bids by fives and the next step down, the list has all).
    actions(moves) {
      const bids = moves.filter((m) => m.type === "bid");
      const shown = bids.filter((m, i) => i === 0 || m.value % 5 === 0);
      return moves.filter((m) => m.type === "draw" || m.type === "pass").concat(shown);
    },

    status(view, moves, T) {
      const G = T.game;
      if (moves.some((m) => m.type === "bid")) return G.askBid;
      if (moves.some((m) => m.type === "draw")) return G.askDraw;
      if (moves.some((m) => m.type === "place")) return G.askPlaceAnyInput;
      return "";
    },

    render(container, view, ctx) {
      const T = ctx.T, G = T.game, size = view.size;
      const places = ctx.legalMoves.filter((m) => m.type === "place");
      const sel = parseSelection(ctx.selected, places);
      const holder = view.to_move, heldKind = view.held[holder] ? view.held[holder][sel.tile] : undefined;
      // Every placement of the chosen tile in this rotation, and the squares each would cover.
      const fitting = places.filter((m) => m.tile === sel.tile && m.rotation === sel.rotation && heldKind !== undefined)
        .map((m) => ({ move: m, cells: tileCells(view, heldKind, m.rotation, m.row, m.col) }));
      const covering = new Map(); // square "row,col" → the placements covering it
      fitting.forEach((f) => f.cells.forEach(([r, c]) => {
        const key = r + "," + c;
        if (!covering.has(key)) covering.set(key, []);
        covering.get(key).push(f);
      }));
      // The placement a square stands for: of those covering it, the one centred nearest to it.
      const pick = (row, col) => {
        const list = covering.get(row + "," + col) || [];
        const distance = (f) => f.cells.reduce((d, [r, c]) => d + (r - row) ** 2 + (c - col) ** 2, 0);
        return list.slice().sort((a, b) => distance(a) - distance(b))[0] || null;
      };
      const pending = sel.pending ? fitting.find((f) => f.move.row + "," + f.move.col === sel.pending) || null : null;
      const pendingCells = new Set(pending ? pending.cells.map(([r, c]) => r + "," + c) : []);
      const owner = {};
      view.tiles.forEach((t, index) => {
        tileCells(view, t.kind, t.rotation, t.row, t.col).forEach(([r, c, m]) => (owner[r + "," + c] = [index, m]));
      });
      const last = view.tiles.length ? view.tiles.length - 1 : -1;
      const right = OX + size * CELL, bottom = OY + size * CELL;
      const width = right + GAP + EDGE, height = bottom + GAP + EDGE;
      const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": G.board, class: "board-svg tayu" });

      // Edges: names, marked positions (blue brackets), running points.
      const midX = OX + (size * CELL) / 2, midY = OY + (size * CELL) / 2;
      const edgeText = { N: [midX, 19], S: [midX, height - 5], W: [19, midY], E: [width - 5, midY] };
      Object.entries(edgeText).forEach(([edge, [x, y]]) => {
        const t = el("text", { x, y, class: "edge-label", "aria-hidden": "true" }, svg);
        t.textContent = `${G.edges[edge]} ${view.edge_scores[edge]}`;
        if (edge === "W" || edge === "E") t.setAttribute("transform", `rotate(-90 ${x} ${y})`);
      });
      // Coordinates: letters above the columns, numbers left of the rows (« K7 » in the log).
      for (let i = 0; i < size; i++) {
        el("text", { x: OX + i * CELL + CELL / 2, y: EDGE + COORD - 4, class: "coord", "aria-hidden": "true" }, svg).textContent = view.files[i].toUpperCase();
        el("text", { x: EDGE + COORD / 2, y: OY + i * CELL + CELL / 2 + 7, class: "coord", "aria-hidden": "true" }, svg).textContent = i + 1;
      }
      view.marked.forEach((i) => {
        const ax = OX + i * CELL + 3, bx = ax + CELL - 6, ay = OY + i * CELL + 3, by = ay + CELL - 6;
        const north = OY - 5, south = bottom + 5, west = OX - 5, east = right + 5;
        [[ax, north, bx, north], [ax, south, bx, south], [west, ay, west, by], [east, ay, east, by]].forEach(([x1, y1, x2, y2]) =>
          el("line", { x1, y1, x2, y2, class: "bracket" }, svg));
      });

      const grid = el("g", { role: "grid", "aria-label": G.board }, svg);
      const squares = {};
      const previewLayer = el("g", { class: "preview", "aria-hidden": "true" });
      function showPreview(f) {
        previewLayer.replaceChildren();
        if (f) drawTile(previewLayer, f.cells, "ghost");
      }
      function hidePreview() { showPreview(pending); }
      for (let row = 0; row < size; row++) {
        const line = el("g", { role: "row" }, grid);
        for (let col = 0; col < size; col++) {
          const x = OX + col * CELL, y = OY + row * CELL, key = row + "," + col;
          const g = el("g", { role: "gridcell", tabindex: "-1", "data-square": squareName(view, row, col), "data-col": col, "data-row": size - 1 - row, class: "square" }, line);
          const centre = row === view.centre[0] && col === view.centre[1];
          el("rect", { x, y, width: CELL, height: CELL, class: "cell" + (centre ? " centre" : "") }, g);
          if (centre) el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 8, class: "centre-mark" }, g);
          const parts = [];
          if (owner[key]) {
            parts.push(G.covered);
            const mask = owner[key][1];
            if (mask) parts.push(G.open + " " + openText(mask, G));
          } else parts.push(G.empty);
          if (centre) parts.push(G.centre);
          const choice = pick(row, col);
          if (choice) {
            el("rect", { x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, rx: 4, class: "target-mark" }, g);
            parts.push(G.fits + " (" + fmt(G.placedAt, label(view, choice.move.row, choice.move.col)) + ")");
            if (pendingCells.has(key)) parts.push(T.selected);
            g.classList.add("movable");
            const preview = () => showPreview(choice);
            g.addEventListener("mouseenter", preview);
            g.addEventListener("focus", preview);
            g.addEventListener("mouseleave", hidePreview);
          }
          g.setAttribute("aria-label", `${label(view, row, col)} : ${parts.join(", ")}`);
          g.addEventListener("click", () => {
            if (!ctx.interactive || !choice) return;
            // A finger on 17 px squares: the first tap shows the tile in place, a second tap
            // inside it (or « Valider ») places it. A click or Enter places at once.
            if (!touched()) return ctx.onMove(choice.move);
            if (pending && pendingCells.has(key)) return ctx.onMove(pending.move);
            ctx.onSelect(`${sel.tile}:${sel.rotation}:${choice.move.row},${choice.move.col}`);
          });
          squares[col + "," + (size - 1 - row)] = g;
        }
      }
      const tiles = el("g", { class: "tiles", "aria-hidden": "true" }, svg);
      view.tiles.forEach((t, index) =>
        drawTile(tiles, tileCells(view, t.kind, t.rotation, t.row, t.col), index === last ? "last" : ""));
      svg.appendChild(previewLayer);
      showPreview(pending);

      // The panel: supply, tiles held (choose, turn), points and products, the auction.
      const panel = document.createElement("div");
      panel.className = "tayu-panel";
      panel.appendChild(supplyBox(view, G));
      panel.appendChild(heldBox(view, ctx, sel, places, G));
      panel.appendChild(scoreBox(view, ctx, G));
      if (view.auction) panel.appendChild(auctionBox(view, ctx, G));

      const focusName = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.square : null;
      const hadRotate = document.activeElement && document.activeElement.classList && document.activeElement.classList.contains("rotate");
      const parts = [svg];
      if (pending) {
        parts.push(confirmBar(tayu.moveLabel(pending.move, view, T), G, () => ctx.onMove(pending.move), () => ctx.onSelect(sel.tile + ":" + sel.rotation)));
      }
      container.replaceChildren(...parts, panel);
      gridKeyboard(grid, size, size, (c, r) => squares[c + "," + r], focusName);
      svg.addEventListener("keydown", (event) => {
        if ((event.key === "r" || event.key === "R") && places.length) {
          event.preventDefault();
          ctx.onSelect(sel.tile + ":" + (sel.rotation + 1));
        }
      });
      if (focusName) { const again = svg.querySelector(`[data-square="${focusName}"]`); if (again) again.focus(); }
      if (hadRotate) { const again = panel.querySelector(".rotate"); if (again) again.focus(); }
    },
  };

  function supplyBox(view, G) {
    const box = document.createElement("section");
    box.className = "tayu-supply";
    const h = document.createElement("h3");
    h.textContent = G.supply + " — " + fmt(G.supplyLeft, view.supply_left);
    box.appendChild(h);
    const list = document.createElement("ul");
    view.heights.forEach((heights, column) => {
      const item = document.createElement("li");
      const front = view.fronts[column];
      const total = heights.reduce((a, b) => a + b, 0);
      item.textContent = fmt(G.column, column + 1) + " : " + fmt(G.height, total) + " — " +
        (front ? (front.ringed ? G.ring : G.noRing) : G.emptyColumn);
      if (front && front.ringed) item.className = "ringed";
      list.appendChild(item);
    });
    box.appendChild(list);
    return box;
  }

  function heldBox(view, ctx, sel, places, G) {
    const box = document.createElement("section");
    box.className = "tayu-held";
    const h = document.createElement("h3");
    h.textContent = G.held;
    box.appendChild(h);
    view.held.forEach((hand, seat) => {
      if (!hand.length) return;
      const row = document.createElement("div");
      row.className = "hand";
      const name = document.createElement("span");
      const role = ctx.roles && ctx.roles[seat];
      name.textContent = fmt(G.hand, seat + 1) + (role ? " (" + role + ")" : "") + " : ";
      row.appendChild(name);
      hand.forEach((kind, index) => {
        const mine = places.length && seat === view.to_move;
        const item = document.createElement(mine && sel.tiles.length > 1 ? "button" : "span");
        item.className = "held-tile" + (mine && index === sel.tile ? " chosen" : "");
        const pic = el("svg", { width: 54, height: 54, viewBox: `0 0 ${CELL * 3} ${CELL * 3}`, "aria-hidden": "true" }, item);
        const rotation = mine && index === sel.tile ? sel.rotation : 0;
        const cells = view.kinds[kind][rotation].map(([r, c, m]) => (rotation % 2 ? [r, c + 1, m] : [r + 1, c, m]));
        const g = el("g", { transform: `translate(${-OX} ${-OY})` }, pic);
        drawTile(g, cells, "held");
        const text = document.createElement("span");
        text.className = "visually-hidden";
        text.textContent = view.kind_names[kind];
        item.appendChild(text);
        if (item.tagName === "BUTTON") {
          item.type = "button";
          item.setAttribute("aria-pressed", index === sel.tile ? "true" : "false");
          item.setAttribute("aria-label", G.choose + " " + text.textContent);
          item.addEventListener("click", () => ctx.onSelect(index + ":" + sel.rotation));
        }
        row.appendChild(item);
      });
      box.appendChild(row);
    });
    if (places.length) {
      const turn = document.createElement("button");
      turn.type = "button";
      turn.className = "rotate";
      turn.textContent = G.turn;
      turn.setAttribute("aria-keyshortcuts", "R");
      turn.addEventListener("click", () => ctx.onSelect(sel.tile + ":" + (sel.rotation + 1)));
      box.appendChild(turn);
      const state = document.createElement("p");
      state.className = "rotation";
      state.setAttribute("aria-live", "polite");
      const count = places.filter((m) => m.tile === sel.tile && m.rotation === sel.rotation).length;
      state.textContent = fmt(G.rotation, sel.rotation) + " — " + (count ? fmt(G.fitCount, count) : G.noFitHere);
      box.appendChild(state);
    }
    return box;
  }

  function scoreBox(view, ctx, G) {
    const box = document.createElement("section");
    box.className = "tayu-scores";
    const h = document.createElement("h3");
    h.textContent = G.scores;
    box.appendChild(h);
    const list = document.createElement("ul");
    const s = view.edge_scores;
    const shown = new Set();
    view.roles.forEach((role, seat) => {
      if (role !== "north_south" && role !== "west_east") return;
      if (shown.has(role)) return;
      shown.add(role);
      const [a, b] = role === "north_south" ? ["N", "S"] : ["W", "E"];
      const item = document.createElement("li");
      const who = G.roles[role];
      item.textContent = fmt(G.product, who, `${G.edges[a]} ${s[a]}`, `${G.edges[b]} ${s[b]}`, s[a] * s[b]);
      list.appendChild(item);
    });
    box.appendChild(list);
    if (view.end) {
      const p = document.createElement("p");
      p.textContent = G.ended[view.end];
      box.appendChild(p);
    }
    return box;
  }

  function auctionBox(view, ctx, G) {
    const box = document.createElement("p");
    box.className = "tayu-auction";
    const a = view.auction;
    if (a.spoiler !== null) box.textContent = fmt(G.spoiler, a.spoiler + 1, a.bid);
    else if (a.bid !== null) box.textContent = fmt(G.auction, a.bid, a.bidder + 1);
    else box.textContent = G.noBid;
    return box;
  }

  window.LudoBoards.tayu = tayu;
})();
