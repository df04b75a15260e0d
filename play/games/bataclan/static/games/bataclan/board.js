/* Bataclan: the pile seen from the side (each die at its offset), the falls, every player's dice,
   and the steadiness gesture — a marker sweeps a track; stop it (Space, Enter or the button, on
   key-down or pointer-down) as it crosses the centre. The server sets each placement's challenge
   (period and phase) and measures the steadiness from the press time sent back. */
(function () {
  "use strict";
  const { el, gridKeyboard, widthWatch } = window.LudoBoards._svg;
  const U = 26; // units per standard-die edge in the pile
  // One picture, two parts: the pile on its table (PILE_W wide), and the players' dice (HANDS_W):
  // the viewer's first, large enough for a finger (a 60-unit slot each), then the others'. In a
  // narrow board area (a phone) the dice go under the pile, in a wide one beside it. Texts are at
  // least 11 units, and the picture is drawn at about 1 px a unit or more either way.
  const PILE_W = 350, HANDS_W = 360, GUTTER = 24, PILE_X = 170;
  const OWN = { edge: 30, slot: 58, perRow: 6 }, OTHER = { edge: 16, slot: 34, perRow: 10 }, INSET = 4;
  const WIDE_PX = 680; // below this board width the dice go under the pile
  let ownSeat = null; // the seat this screen plays (the mover whenever the board takes its moves)
  const isWide = widthWatch(WIDE_PX); // redraws the board when its width crosses WIDE_PX
  const face = (f) => (f === 1 ? "G" : String(f));
  const fill = (text, values) => text.replace(/%\((\w+)\)[sd]/g, (_, key) => values[key]);
  let gesture = null; // {die, challenge, shown, frame}: the marker of the placement being made

  function dieName(G, die) {
    const size = G.sizes[die[0]];
    return die[1] === null ? fill(G.dieUnrolled, { size }) : fill(G.die, { size, face: face(die[1]) });
  }

  function steadiness(move, G) {
    if (typeof move.steadiness !== "number") return "";
    return " — " + fill(G.steady, { value: move.steadiness.toFixed(2).replace(".", G.decimal) });
  }

  function moveFor(moves, hand, index, type) {
    // Identical dice stand for each other: the legal move names the first of them.
    return moves.filter((m) => m.type === type && hand[m.die][0] === hand[index][0] && hand[m.die][1] === hand[index][1]);
  }

  const bataclan = {
    // « Pile : 3 dé(s). La pile attend : 4 (ou un G). Joueur 1 : 5 dé(s) ; Joueur 2 : terminé.
    // Dés en jeu de Joueur 1 : dé grand 3, dé petit 5. »
    summary(view, T, who) {
      const G = T.game, name = (seat) => (who && who.names[seat]) || T.seat.replace("%s", seat + 1);
      const parts = [fill(G.summaryPile, { n: view.pile.length })];
      if (view.phase !== "over") parts.push(view.needed === 1 && !view.pile.length ? G.neededG : fill(G.needed, { value: face(view.needed) }) + ".");
      parts.push([...Array(view.seats).keys()].map((seat) => fill(G.summarySeat, {
        name: name(seat), left: view.finished.includes(seat) ? G.finished : fill(G.diceLeft, { n: view.dice_left[seat] }),
      })).join(" ; ") + ".");
      const dice = [...(view.hands[view.to_move] || []), ...view.kept];
      if (view.phase !== "over" && dice.length) parts.push(fill(G.summaryHand, { name: name(view.to_move), dice: dice.map((d) => dieName(G, d)).join(", ") }));
      return parts.join(" ");
    },

    moveLabel(move, view, T) {
      const G = T.game, hand = view.hands[view.to_move];
      if (move.type === "roll") return G.roll;
      if (move.type === "stop") return G.stop;
      const die = dieName(G, hand[move.die]);
      if (move.type === "keep") return fill(G.keep, { die });
      const wild = hand[move.die][1] === 1 && move.as !== 1;
      const text = wild ? fill(G.placeWild, { die, value: face(move.as) }) : fill(G.place, { die });
      return text + steadiness(move, G);
    },

    // A placement's steadiness comes from the gesture alone: placements stay off the move list.
    listed(move) {
      return move.type !== "place";
    },

    // The roll and the stop are buttons under the board; dice are chosen on the board itself.
    actions(moves) {
      return moves.filter((m) => m.type === "roll" || m.type === "stop");
    },

    render(container, view, ctx) {
      const T = ctx.T, G = T.game, moves = ctx.legalMoves || [];
      const mover = view.to_move, hand = view.hands[mover] || [];
      const opened = gesture && moves.some((m) => m.type === "place" && m.die === gesture.die) ? gesture : null;
      if (!opened) stopAnimation();
      const focusName = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.square : null;
      if (ctx.interactive) ownSeat = mover;
      const own = ctx.viewer !== undefined && ctx.viewer !== null ? ctx.viewer : ownSeat;
      const wide = isWide(container, () => {
        if (container.contains(svg)) bataclan.render(container, view, ctx);
      });

      const svg = el("svg", { class: "board-svg bataclan " + (wide ? "wide" : "tall"), role: "group", "aria-label": T.boardLabel });
      const pileSide = el("g", { class: "bataclan-pile" }, svg);
      const pileHeight = drawPile(pileSide, view, G);
      const handsSide = el("g", { class: "bataclan-hands" }, svg);
      const drawn = drawHands(handsSide, view, ctx, own, opened);
      if (wide) {
        handsSide.setAttribute("transform", `translate(${PILE_W + GUTTER} 0)`);
        svg.setAttribute("viewBox", `0 0 ${PILE_W + GUTTER + HANDS_W} ${Math.max(pileHeight, drawn.height)}`);
      } else {
        handsSide.setAttribute("transform", `translate(0 ${pileHeight + 8})`);
        svg.setAttribute("viewBox", `0 0 ${HANDS_W} ${pileHeight + 8 + drawn.height}`);
      }
      const handGroup = drawn.group, squares = drawn.squares;
      const events = view.events || [];
      const fall = events.find((e) => e.kind === "fall");
      const parts = [svg];
      const news = newsText(events, view, G, T);
      const status = document.createElement("p");
      status.className = "bataclan-news" + (fall ? " fall" : "");
      status.setAttribute("aria-live", "polite");
      status.textContent = news;
      parts.push(status);
      if (view.options && view.options.untimed) {
        const note = document.createElement("p");
        note.className = "bataclan-untimed";
        note.textContent = fill(G.untimedNote, { value: G.untimedValue });
        parts.push(note);
      }
      if (ctx.interactive && view.phase !== "over") {
        const hint = document.createElement("p");
        hint.className = "help";
        hint.textContent = G.choose;
        parts.push(hint);
      }
      if (opened) parts.push(gesturePanel(opened, moves, ctx));
      container.replaceChildren(...parts);
      if (handGroup && squares.length) {
        squares.forEach((g, i) => g.setAttribute("data-col", i));
        gridKeyboard(handGroup, squares.length, 1, (c) => squares[c], focusName);
        if (focusName && !opened) { const again = svg.querySelector(`[data-square="${focusName}"]`); if (again) again.focus(); }
      }
      if (opened) container.querySelector(".gesture-panel-focus").focus();
    },
  };

  // The pile seen from the side, the dice that fell beside it, what the next die must show.
  function drawPile(svg, view, G) {
    const pileHeight = view.pile.reduce((h, d) => h + view.sizes[d.size], 0);
    const height = Math.max(6 * U, (pileHeight + 3) * U + 40);
    const table = height - 30;
    const pileGroup = el("g", { role: "list", "aria-label": G.pileLabel }, svg);
    el("line", { x1: 10, y1: table, x2: 340, y2: table, class: "table-line" }, svg);
    el("line", { x1: PILE_X, y1: table, x2: PILE_X, y2: 34, class: "centre-line", "aria-hidden": "true" }, svg);
    let y = table;
    view.pile.forEach((die, level) => {
      const edge = view.sizes[die.size] * U;
      y -= edge;
      const x = PILE_X + die.x * U - edge / 2;
      const label = fill(G.pileDie, {
        level: level + 1,
        die: die.wild ? fill(G.wildDie, { value: face(die.value) }) : dieName(G, [die.size, die.value]),
        offset: (die.x >= 0 ? "+" : "−") + Math.abs(die.x).toFixed(2).replace(".", G.decimal),
      });
      const g = el("g", { role: "listitem", "aria-label": label, class: "pile-die " + die.size }, pileGroup);
      drawDie(g, x, y, edge, die.value, die.wild);
    });
    if (!view.pile.length) {
      el("text", { x: PILE_X, y: table - 12, class: "pile-note" }, svg).textContent = G.pileEmpty;
    }
    const needed = view.needed === 1 && !view.pile.length ? G.neededG : fill(G.needed, { value: face(view.needed) });
    el("text", { x: 10, y: 22, class: "needed in-progress" }, svg).textContent = needed;
    const fall = (view.events || []).find((e) => e.kind === "fall");
    if (fall) {
      const fallen = el("g", { class: "fallen", "aria-hidden": "true" }, svg);
      let fx = 250;
      fall.dice.forEach((die, i) => {
        const edge = view.sizes[die.size] * U * 0.8;
        const g = el("g", { transform: `rotate(${i % 2 ? 28 : -22} ${fx + edge / 2} ${table - edge / 2})` }, fallen);
        drawDie(g, fx, table - edge, edge, die.value, die.wild);
        fx += edge * 0.55;
      });
    }
    return height;
  }

  // Every player's dice, this screen's first (the mover's are buttons when it is your turn).
  function drawHands(svg, view, ctx, own, opened) {
    const T = ctx.T, G = T.game, moves = ctx.legalMoves || [];
    const mover = view.to_move, hand = view.hands[mover] || [];
    const seats = [...Array(view.seats).keys()].sort((a, b) => (b === own) - (a === own) || a - b);
    let handGroup = null, top = 0;
    const squares = [];
    seats.forEach((seat) => {
      const size = seat === own ? OWN : OTHER;
      const out = view.finished.includes(seat);
      const name = T.seat.replace("%s", seat + 1) + (ctx.roles && ctx.roles[seat] ? " — " + ctx.roles[seat] : "");
      const title = el("text", { x: INSET, y: top + 18, class: "hand-title" + (seat === mover && view.phase !== "over" ? " acting" : "") + (seat === own ? " own" : "") }, svg);
      title.textContent = name + " · " + (out ? G.finished : fill(G.diceLeft, { n: view.dice_left[seat] }));
      const interactive = ctx.interactive && seat === mover;
      const group = el("g", { role: "group", "aria-label": fill(G.hand, { name }), "data-seat": seat }, svg);
      if (interactive) handGroup = group;
      const dice = seat === mover ? [...hand.map((d, i) => ({ d, i })), ...view.kept.map((d) => ({ d, kept: true }))] : view.hands[seat].map((d, i) => ({ d, i }));
      dice.forEach((item, col) => {
        const edge = view.sizes[item.d[0]] * size.edge;
        const sx = INSET + (col % size.perRow) * size.slot, sy = top + 28 + Math.floor(col / size.perRow) * size.slot;
        const x = sx + (size.slot - 6 - edge) / 2, dy = sy + (size.slot - 6 - edge);
        const g = el("g", { class: "hand-die " + item.d[0] + (item.kept ? " kept" : "") }, group);
        const options = !interactive || item.kept ? [] : [...moveFor(moves, hand, item.i, "keep"), ...moveFor(moves, hand, item.i, "place")];
        const label = dieName(G, item.d) + (item.kept ? " (" + G.kept + ")" : "");
        if (interactive && !item.kept) {
          g.setAttribute("role", "button");
          g.setAttribute("tabindex", "-1");
          g.setAttribute("data-square", "die-" + col);
          g.setAttribute("data-col", col);
          g.setAttribute("data-row", 0);
          const verb = options.length ? bataclan.moveLabel(options[0], view, T).split(" — ")[0] : label;
          g.setAttribute("aria-label", verb);
          if (!options.length) g.setAttribute("aria-disabled", "true");
          else g.classList.add("movable");
          if (opened && hand[opened.die] && hand[opened.die][0] === item.d[0] && hand[opened.die][1] === item.d[1]) g.classList.add("chosen");
          g.addEventListener("click", () => choose(options, ctx, view));
          // The whole slot takes the tap, not only the die drawn in it.
          el("rect", { x: sx, y: sy, width: size.slot - 6, height: size.slot - 6, class: "hit" }, g);
          squares.push(g);
        } else {
          g.setAttribute("aria-label", label);
          g.setAttribute("role", "img");
        }
        drawDie(g, x, dy, edge, item.d[1], false);
      });
      top += 28 + Math.max(1, Math.ceil(dice.length / size.perRow)) * size.slot + 6;
    });
    return { group: handGroup, squares, height: top };
  }

  function drawDie(g, x, y, edge, value, wild) {
    el("rect", { x, y, width: edge, height: edge, rx: edge * 0.14, class: "die" }, g);
    if (value !== null && value !== undefined) {
      el("text", { x: x + edge / 2, y: y + edge * 0.68, class: "die-face", "font-size": Math.max(11, Math.round(edge * 0.55)) }, g).textContent = face(value);
      // A wild die (a G placed as another value): a red corner, too small a place for a letter.
      if (wild) el("path", { d: `M${x + edge * 0.6} ${y + 1} L${x + edge - 1} ${y + 1} L${x + edge - 1} ${y + edge * 0.4} Z`, class: "die-wild" }, g);
    } else {
      el("text", { x: x + edge / 2, y: y + edge * 0.68, class: "die-face unrolled", "font-size": Math.max(11, Math.round(edge * 0.55)) }, g).textContent = "?";
    }
  }

  function newsText(events, view, G, T) {
    const name = (seat) => T.seat.replace("%s", seat + 1);
    const last = events[events.length - 1];
    if (!last) return "";
    if (last.kind === "fall") return fill(last.full ? G.fullFall : G.fall, { name: name(last.seat), n: last.dice.length });
    if (last.kind === "stuck") return fill(G.stuck, { name: name(last.seat) });
    if (last.kind === "out") return fill(G.out, { name: name(last.seat) });
    if (last.kind === "place" && typeof last.steadiness === "number") {
      return fill(G.placedSteady, { name: name(last.seat), value: last.steadiness.toFixed(2).replace(".", G.decimal) });
    }
    return "";
  }

  // -- the gesture -----------------------------------------------------------------------------

  function choose(options, ctx, view) {
    if (!options.length || !ctx.interactive) return;
    if (options[0].type === "keep") return ctx.onMove(options[0]);
    // An untimed game (an option of the table): the die is placed at once, at the fixed steadiness.
    if (view.options && view.options.untimed) return ctx.onMove(options[0]);
    const opened = { die: options[0].die, move: options[0], challenge: null, shown: null, frame: null };
    gesture = opened;
    ctx.onSelect("gesture-" + opened.die);
    // The server sets the marker's period and phase; the sweep starts when its answer arrives.
    ctx.requestChallenge().then((challenge) => {
      if (gesture !== opened) return;
      if (!challenge) { stopAnimation(); ctx.onSelect(null); return; }
      opened.challenge = challenge;
      opened.shown = performance.now();
      ctx.onSelect("gesture-" + opened.die + "-" + challenge.id);
    });
  }

  function position(t, challenge) {
    // Where the marker is t ms after the challenge was shown, from -1 (left end) to 1 (right end):
    // a constant speed there and back (the server computes the same from the press time). Reduced
    // motion changes nothing: the sweep is the game, and a slower or stepped one would make it
    // easier; the untimed option is there for those who cannot follow it.
    const u = (((t / challenge.period_ms + challenge.phase) % 1) + 1) % 1;
    return u < 0.5 ? -1 + 4 * u : 3 - 4 * u;
  }

  function stopAnimation() {
    if (gesture && gesture.frame) cancelAnimationFrame(gesture.frame);
    gesture = null;
  }

  function gesturePanel(opened, moves, ctx) {
    const G = ctx.T.game;
    const panel = document.createElement("div");
    panel.className = "bataclan-gesture";
    panel.setAttribute("role", "group");
    panel.setAttribute("aria-labelledby", "gesture-title");
    const title = document.createElement("h3");
    title.id = "gesture-title";
    title.textContent = G.gestureTitle;
    const help = document.createElement("p");
    help.className = "help";
    help.textContent = G.gestureHelp;
    // The track is a meter screen readers can read; a live region says when the marker is at
    // the centre, and what the press gave.
    const track = document.createElement("div");
    track.className = "gesture-track";
    track.setAttribute("role", "meter");
    track.setAttribute("aria-label", G.gestureTitle);
    track.setAttribute("aria-valuemin", "-100");
    track.setAttribute("aria-valuemax", "100");
    track.setAttribute("aria-valuenow", "-100");
    track.setAttribute("aria-valuetext", G.gestureWaiting);
    const centre = document.createElement("div");
    centre.className = "gesture-centre";
    const marker = document.createElement("div");
    marker.className = "gesture-marker";
    track.append(centre, marker);
    const live = document.createElement("p");
    live.className = "gesture-live";
    live.setAttribute("aria-live", "polite");
    const stop = document.createElement("button");
    stop.type = "button";
    stop.className = "gesture-stop gesture-panel-focus";
    stop.textContent = G.gestureStop;
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "secondary";
    cancel.textContent = G.gestureCancel;
    panel.append(title, help, track, live, stop, " ", cancel);
    const challenge = opened.challenge;
    if (!challenge) {
      stop.disabled = true;
      live.textContent = G.gestureWaiting;
      cancel.classList.add("gesture-panel-focus");
      stop.classList.remove("gesture-panel-focus");
    } else {
      track.dataset.periodMs = challenge.period_ms;
      track.dataset.phase = challenge.phase;
      track.dataset.shownAt = opened.shown;
      let zone = null;
      const animate = (now) => {
        const pos = position(now - opened.shown, challenge);
        marker.style.left = (50 + 46 * pos) + "%";
        const here = Math.abs(pos) < 0.15 ? "centre" : pos < 0 ? "left" : "right";
        track.setAttribute("aria-valuenow", String(Math.round(pos * 100)));
        track.setAttribute("aria-valuetext", here === "centre" ? G.gestureCentre : here === "left" ? G.gestureLeft : G.gestureRight);
        if (here !== zone && here === "centre") live.textContent = fill(G.gestureTrack, { where: G.gestureCentre });
        zone = here;
        opened.frame = requestAnimationFrame(animate);
      };
      if (opened.frame) cancelAnimationFrame(opened.frame);
      opened.frame = requestAnimationFrame(animate);
    }

    // The press counts when the key or the pointer goes down (not on release); a key held down
    // since before the panel opened (Space on a die) repeats and is ignored.
    let pressed = false;
    const press = (event) => {
      if (pressed || !challenge || gesture !== opened) return;
      pressed = true;
      const at = event.timeStamp || performance.now();
      const pressMs = Math.max(0, Math.round((at - opened.shown) * 10) / 10);
      stopAnimation();
      live.textContent = G.gestureSent;
      const move = Object.assign({}, opened.move, { challenge: challenge.id, press_ms: pressMs });
      ctx.onMove(move);
    };
    stop.addEventListener("pointerdown", (event) => { if (event.button === 0) press(event); });
    stop.addEventListener("keydown", (event) => {
      if ((event.key === " " || event.key === "Enter") && !event.repeat) { event.preventDefault(); press(event); }
    });
    stop.addEventListener("click", (event) => event.preventDefault());
    cancel.addEventListener("click", () => { stopAnimation(); ctx.onSelect(null); });
    panel.addEventListener("keydown", (event) => {
      if (event.key === "Escape") { event.preventDefault(); stopAnimation(); ctx.onSelect(null); }
    });
    return panel;
  }

  window.LudoBoards.bataclan = bataclan;
})();
