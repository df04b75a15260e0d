/* Pow Wow board: the track around the tipi with the six Indians, the tipi's five corridors and
   their progress stones, the dice being drafted, and each seat's two cards (the viewer's face up,
   the others' face down: the view never holds another seat's cards while the game is on). */
(function () {
  "use strict";
  const { el, gridKeyboard, widthWatch } = window.LudoBoards._svg;
  const fmt = (text, ...values) => values.reduce((out, v) => out.replace("%s", v), text);
  const FILL = { red: "#c62828", yellow: "#f9a825", green: "#2e7d32", blue: "#1565c0", black: "#212121", white: "#fafafa" };
  // One picture, two parts: the track around the tipi (B_W × B_H), and the panel (P_W wide): the
  // dice, the viewer's cards, then the other seats. In a narrow board area (a phone, a tablet
  // upright) the panel goes under the track, scaled to its width; in a wide one, beside it. Texts
  // are at least 16 units in the track and 13 in the panel: 10 px or more once drawn.
  const B_W = 580, B_H = 620, CX = 290, CY = 310, RX = 272, RY = 292, SQUARE = 16;
  const TOP_Y = 96, HALF_TOP = 100, BASE_Y = 450, HALF_BASE = 200; // the tipi, cut flat on top
  const BANDS = [0, 0.15, 0.31, 0.48, 0.65, 0.82, 1.0]; // ring r spans BANDS[r]..BANDS[r + 1]
  const P_W = 380, DIE = 40, DIE_STEP = 52, CARD_W = 64, CARD_H = 52, GUTTER = 24;
  const WIDE_PX = 760; // below this board width the panel's texts would shrink under 10 px beside the track
  const isWide = widthWatch(WIDE_PX); // redraws the board when its width crosses WIDE_PX (a phone turned, a window resized)

  function colourName(G, colour) { return (G.colours && G.colours[colour]) || colour; }
  function cardName(G, card) { return card === "powwow" ? G.powwow : colourName(G, card); }
  function seatLabel(T, index) { return fmt(T.seat, index + 1); }

  function squareXY(view, index) {
    const count = view.track.finish + 1;
    const angle = Math.PI / 2 + (2 * Math.PI * (index + 1)) / (count + 1);
    return [CX + RX * Math.cos(angle), CY + RY * Math.sin(angle)];
  }

  function lerp(a, b, t) { return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]; }

  function edge(k) { // the line between corridors k - 1 and k, from the top to the base
    return [[CX - HALF_TOP + (2 * HALF_TOP * k) / 5, TOP_Y], [CX - HALF_BASE + (2 * HALF_BASE * k) / 5, BASE_Y]];
  }

  function cellPolygon(corridor, ring) {
    const [lt, lb] = edge(corridor), [rt, rb] = edge(corridor + 1);
    const t0 = BANDS[ring], t1 = BANDS[ring + 1];
    return [lerp(lt, lb, t0), lerp(rt, rb, t0), lerp(rt, rb, t1), lerp(lt, lb, t1)];
  }

  function centreOf(points) {
    const sum = points.reduce((s, p) => [s[0] + p[0], s[1] + p[1]], [0, 0]);
    return [sum[0] / points.length, sum[1] / points.length];
  }

  function mover(view) { return view.to_move === null || view.to_move === undefined ? view.roller : view.to_move; }

  const powwow = {
    // « Indiens : rouge case 3, … Tipi : couloir 1 anneau 2, … Dés à choisir : vert, bleu.
    // Joueur 1 : dé rouge ; Pierres de prédiction : 2. »
    summary(view, T, who) {
      const G = T.game;
      const indians = view.colours.map((c) => fmt(G.summaryIndian, colourName(G, c),
        view.indians[c] === view.track.finish ? G.finish : view.indians[c] === view.track.start ? G.start : view.indians[c]));
      const tipi = view.corridors.map((c) => fmt(G.summaryCorridor, c.name, c.ring));
      const parts = [fmt(G.summaryIndians, indians.join(", ")), fmt(G.summaryTipi, tipi.join(", ")),
        fmt(G.summaryDice, view.dice.map((c) => colourName(G, c)).join(", ") || G.none)];
      view.hand_sizes.forEach((n, seat) => {
        const die = view.taken[seat] ? fmt(G.die, colourName(G, view.taken[seat])) : G.noDie;
        parts.push(fmt(G.summarySeat, (who && who.names[seat]) || seatLabel(T, seat), die, fmt(G.stones, view.prediction_stones[seat])));
      });
      return parts.join(" ");
    },

    moveLabel(move, view, T) {
      const G = T.game;
      if (move.type === "roll") return G.roll;
      if (move.type === "take") return fmt(G.take, colourName(G, move.colour));
      if (move.type === "reroll") return G.reroll;
      if (move.type === "decline") return G.decline;
      if (move.type === "swap") {
        const target = move.target === "neutral" ? G.neutral : seatLabel(T, move.target);
        return fmt(view.phase === "move" ? G.swapPaid : G.swap, cardName(G, move.give), target);
      }
      if (move.type === "advance") {
        const corridor = view.corridors.find((c) => c.name === move.corridor);
        const number = corridor.numbers[corridor.ring + view.direction];
        // A stone waiting at its end has no cell ahead (a mistake the tutorial lets one try).
        if (number === undefined) return [fmt(G.cell, corridor.name, corridor.ring, corridor.numbers[corridor.ring]), G.stoneHere].join(", ");
        const colour = colourName(G, view.taken[mover(view)]);
        return fmt(move.back ? G.back : G.advance, move.corridor, number, colour, number);
      }
      return JSON.stringify(move);
    },

    // Every move but a forward advance (a click on the tipi's highlighted cell) is a button.
    actions(moves) {
      return moves.filter((m) => m.type !== "advance" || m.back);
    },

    render(container, view, ctx) {
      const T = ctx.T, G = T.game;
      const wide = isWide(container, () => {
        if (container.contains(svg)) powwow.render(container, view, ctx);
      });
      const svg = el("svg", { role: "group", "aria-label": G.board, class: "board-svg powwow " + (wide ? "wide" : "tall") });
      const track = el("g", { class: "powwow-board" }, svg);
      drawTrack(track, view, G);
      const grid = drawTipi(track, view, ctx);
      const panel = el("g", { class: "powwow-panel" }, svg);
      const panelHeight = drawPanel(panel, view, ctx);
      if (wide) {
        panel.setAttribute("transform", `translate(${B_W + GUTTER} 0)`);
        svg.setAttribute("viewBox", `0 0 ${B_W + GUTTER + P_W} ${Math.max(B_H, panelHeight)}`);
      } else {
        const k = B_W / P_W;
        panel.setAttribute("transform", `translate(0 ${B_H + 12}) scale(${k})`);
        svg.setAttribute("viewBox", `0 0 ${B_W} ${Math.ceil(B_H + 12 + panelHeight * k)}`);
      }
      const focusName = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.square : null;
      container.replaceChildren(svg);
      gridKeyboard(grid, 5, 6, (c, r) => grid.querySelector(`[data-col="${c}"][data-row="${r}"]`), focusName);
      if (focusName) { const again = svg.querySelector(`[data-square="${focusName}"]`); if (again) again.focus(); }
    },
  };

  function drawTrack(svg, view, G) {
    const track = el("g", { role: "list", "aria-label": G.track }, svg);
    const stones = new Set(view.track.stone_squares), moccasins = new Set(view.track.moccasin_squares);
    for (let i = view.track.start; i <= view.track.finish; i++) {
      const [x, y] = squareXY(view, i);
      let kind = "track-square";
      if (stones.has(i)) kind += " stone-square";
      if (moccasins.has(i)) kind += " moccasin-square";
      if (i === view.track.start) kind += " start-square";
      if (i === view.track.finish) kind += " finish-square";
      el("circle", { cx: x, cy: y, r: SQUARE, class: kind, "aria-hidden": "true" }, svg);
      const label = el("text", { x, y: y + 6, class: "square-number", "aria-hidden": "true" }, svg);
      label.textContent = i === view.track.finish ? "||" : i;
    }
    const here = {};
    view.colours.forEach((colour) => {
      const square = view.indians[colour];
      const stack = (here[square] = (here[square] || 0) + 1) - 1;
      const [x, y] = squareXY(view, square);
      const towards = [CX - x, CY - y], length = Math.hypot(...towards);
      const d = SQUARE + 10 + stack * 15;
      const ix = x + (towards[0] / length) * d, iy = y + (towards[1] / length) * d;
      const item = el("g", { role: "listitem", "aria-label": describeSquare(G, view, colour, square) }, track);
      el("circle", { cx: ix, cy: iy, r: 8, fill: FILL[colour], class: "indian", "data-indian": colour }, item);
    });
  }

  function describeSquare(G, view, colour, square) {
    let text = fmt(G.indian, colourName(G, colour), square);
    if (view.track.stone_squares.includes(square)) text += " (" + G.stoneSquare + ")";
    if (view.track.moccasin_squares.includes(square)) text += " (" + G.moccasinSquare + ")";
    if (square === view.track.start) text += " (" + G.start + ")";
    if (square === view.track.finish) text += " (" + G.finish + ")";
    return text;
  }

  function drawTipi(svg, view, ctx) {
    const T = ctx.T, G = T.game;
    const forward = new Map(), backs = new Set();
    ctx.legalMoves.filter((m) => m.type === "advance").forEach((m) => {
      if (m.back) backs.add(m.corridor);
      else forward.set(m.corridor, m);
    });
    el("text", { x: CX, y: TOP_Y - 14, class: "zone-label" }, svg).textContent = G.tipi;
    const grid = el("g", { role: "grid", "aria-label": G.tipi + " — " + (view.direction > 0 ? G.outward : G.inward) }, svg);
    const rows = [];
    for (let ring = 0; ring < 6; ring++) rows.push(el("g", { role: "row" }, grid));
    view.corridors.forEach((corridor, c) => {
      const next = corridor.ring + view.direction;
      // A corridor holds one stone, so one forward move at most: a tap anywhere in the corridor
      // plays it (its top cells are narrow on a phone); the target cell says where it goes.
      const move = forward.get(corridor.name) || null;
      for (let ring = 0; ring < 6; ring++) {
        const points = cellPolygon(c, ring);
        const dark = view.dark_rings.includes(ring);
        const name = corridor.name + ring;
        const g = el("g", { role: "gridcell", tabindex: "-1", "data-square": name, "data-col": c, "data-row": 5 - ring, class: "square" }, rows[ring]);
        el("polygon", { points: points.map((p) => p.join(",")).join(" "), class: "cell tipi-cell" + (dark ? " dark-cell" : " light-cell") }, g);
        const [x, y] = centreOf(points);
        el("text", { x, y: y + 7, class: "cell-number" + (dark ? " on-dark" : ""), "aria-hidden": "true" }, g).textContent = corridor.numbers[ring];
        const parts = [fmt(G.cell, corridor.name, ring, corridor.numbers[ring]), dark ? G.dark : G.light];
        if (corridor.ring === ring) {
          el("circle", { cx: x + 15, cy: y - 12, r: 8, class: "progress-stone" }, g);
          parts.push(G.stoneHere);
        }
        if (move && next === ring) {
          el("circle", { cx: x - 15, cy: y - 12, r: 8, class: "target-mark" }, g);
          parts.push(T.target + (backs.has(corridor.name) ? " — " + G.backToo : ""));
        }
        if (move && ctx.interactive) g.classList.add("movable");
        if (move) g.dataset.corridorMove = corridor.name;
        g.setAttribute("aria-label", parts.join(", "));
        g.addEventListener("click", () => { if (ctx.interactive && move) ctx.onMove(move); });
      }
      const [lx] = centreOf(cellPolygon(c, 5));
      el("text", { x: lx, y: BASE_Y + 24, class: "coord corridor-name", "aria-hidden": "true" }, svg).textContent = corridor.name;
    });
    return grid;
  }

  // The panel: the dice to draft (a tap takes one; a tap on « Lancer les dés » rolls), then the
  // viewer's own seat, then the others, the neutral pile and what the viewer knows.
  function drawPanel(svg, view, ctx) {
    const T = ctx.T, G = T.game, moves = ctx.interactive ? ctx.legalMoves : [];
    let y = 22;
    el("text", { x: 0, y, class: "panel-title" }, svg).textContent = G.dice;
    y += 10;
    const dice = el("g", { role: "list", "aria-label": G.dice }, svg);
    view.dice.forEach((colour, i) => {
      const take = moves.find((m) => m.type === "take" && m.colour === colour);
      const item = el("g", { role: "listitem", "aria-label": fmt(G.die, colourName(G, colour)) }, dice);
      const die = el("g", { class: "die-button" + (take ? " movable" : ""), "data-die": colour }, item);
      el("rect", { x: 2 + i * DIE_STEP, y, width: DIE, height: DIE, rx: 7, fill: FILL[colour], class: "die" }, die);
      if (take) button(die, powwow.moveLabel(take, view, T), () => ctx.onMove(take));
    });
    const roll = moves.find((m) => m.type === "roll");
    if (roll) {
      const g = el("g", { class: "roll-button movable", "aria-hidden": "true" }, svg);
      const x = 2 + view.dice.length * DIE_STEP;
      el("rect", { x, y, width: 200, height: DIE, rx: 8, class: "panel-button" }, g);
      el("text", { x: x + 100, y: y + 26, class: "panel-button-label" }, g).textContent = G.roll;
      button(g, G.roll, () => ctx.onMove(roll));
    }
    y += DIE + 14;
    const seats = el("g", { role: "list", "aria-label": G.takenDice }, svg);
    const order = view.hands.map((hand, seat) => seat).sort((a, b) => (view.hands[b] !== null) - (view.hands[a] !== null) || a - b);
    order.forEach((seat) => {
      const hand = view.hands[seat];
      const role = ctx.roles && ctx.roles[seat] ? " — " + ctx.roles[seat] : "";
      const own = hand !== null;
      const title = (own && view.phase !== "over" ? G.yourCards + " : " : "") + seatLabel(T, seat) + role;
      const cards = own ? hand.map((card) => cardName(G, card)) : Array(view.hand_sizes[seat]).fill(G.hiddenCard);
      const parts = [title, cards.join(", ")];
      if (view.taken[seat]) parts.push(fmt(G.die, colourName(G, view.taken[seat])));
      parts.push(fmt(G.stones, view.prediction_stones[seat]));
      const item = el("g", { role: "listitem", "aria-label": parts.join(" ; "), "data-seat": seat, class: "seat-panel" + (seat === view.to_move ? " acting" : "") + (own ? " own" : "") }, seats);
      const heading = (own && view.phase !== "over" ? G.yourCards + " — " : "") + seatLabel(T, seat) + (seat === view.roller ? " · " + G.roller : "");
      el("text", { x: 0, y: y + 14, class: "seat-title" }, item).textContent = heading;
      (own ? hand : Array(view.hand_sizes[seat]).fill(null)).forEach((card, i) => drawCard(item, G, 2 + i * (CARD_W + 6), y + 22, card));
      if (view.taken[seat]) el("rect", { x: 150, y: y + 28, width: DIE - 4, height: DIE - 4, rx: 6, fill: FILL[view.taken[seat]], class: "die taken" }, item);
      el("text", { x: 200, y: y + 54, class: "stone-count" }, item).textContent = "● " + view.prediction_stones[seat];
      y += CARD_H + 36;
    });
    if (view.neutral_size) {
      const item = el("g", { role: "img", "aria-label": view.neutral ? G.neutral + " : " + view.neutral.map((c) => cardName(G, c)).join(", ") : G.neutralPile }, svg);
      el("text", { x: 0, y: y + 14, class: "seat-title" }, item).textContent = G.neutral;
      (view.neutral || Array(view.neutral_size).fill(null)).forEach((card, i) => drawCard(item, G, 2 + i * (CARD_W + 6), y + 22, card));
      y += CARD_H + 36;
    }
    (view.known || []).forEach((fact) => {
      const holder = fact.holder === -1 ? G.neutral : seatLabel(T, fact.holder);
      y += 20;
      el("text", { x: 0, y, class: "known-label" }, svg).textContent = fmt(G.known, holder, cardName(G, fact.card));
    });
    y += 22;
    el("text", { x: 0, y, class: "supply-label" }, svg).textContent = fmt(G.supply, view.supply);
    y += 20;
    el("text", { x: 0, y, class: "supply-label" }, svg).textContent = view.direction > 0 ? G.outward : G.inward;
    return y + 8;
  }

  // A tap target in the picture for a move that also has its button under the board: the button
  // serves the keyboard and screen readers, so this shortcut stays out of the tab order.
  function button(g, label, action) {
    g.setAttribute("data-move", label);
    g.addEventListener("click", action);
  }

  function drawCard(parent, G, x, y, card) {
    const hidden = card === null;
    const g = el("g", { class: "card" + (hidden ? " face-down" : " face-up"), "data-card": hidden ? "hidden" : card }, parent);
    const face = { x, y, width: CARD_W, height: CARD_H, rx: 5, class: "card-face" };
    el("rect", face, g);
    const label = el("text", { x: x + CARD_W / 2, y: y + 31, class: "card-label" + (card === "yellow" || card === "white" ? " on-light" : "") }, g);
    label.textContent = hidden ? "?" : cardName(G, card);
    // « POW WOW » at the label's size is wider than the card: a long name is fitted in it.
    if (label.textContent.length > 6) {
      label.classList.add("long");
      label.setAttribute("textLength", CARD_W - 10);
      label.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }

  window.LudoBoards.powwow = powwow;
})();
