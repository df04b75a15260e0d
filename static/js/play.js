/* The play page: polls the match (ETag/version), draws it, sends moves. No framework, no CDN. */
(function () {
  "use strict";
  const root = document.getElementById("play");
  if (!root) return;
  const T = JSON.parse(document.getElementById("play-texts").textContent);
  const code = root.dataset.code;
  const api = root.dataset.api;
  const pollMs = parseInt(root.dataset.poll, 10) || 700;
  const stepMs = parseInt(root.dataset.stepMs, 10) || 0;
  let board = null; // the game's renderer, from its package's board script (loaded with defer)
  const $ = (id) => document.getElementById(id);
  const fmt = (text, ...values) => values.reduce((out, v) => out.replace("%s", v), text);

  // The seat token arrives in the link's fragment; keep it for this match, out of the address bar.
  const storageKey = "ludo-seat-token-" + code;
  const fromHash = new URLSearchParams(location.hash.slice(1)).get("jeton");
  if (fromHash) {
    localStorage.setItem(storageKey, fromHash);
    history.replaceState(null, "", location.pathname + location.search);
  }
  const token = localStorage.getItem(storageKey);

  let state = null;
  let etag = null;
  let selected = null;
  let replay = null; // {positions, log, index} while replaying a finished match
  let shownSeat = null; // hot-seat: whose hidden information is on screen
  let sending = false;
  // Opponents' moves since mine, shown one at a time: {frames: [{view, move?}], index, timer}.
  let steps = null;

  function headers(extra) {
    const h = Object.assign({ Accept: "application/json" }, extra || {});
    if (token) h["X-Seat-Token"] = token;
    return h;
  }

  async function fetchState() {
    const response = await fetch(api, { headers: headers(etag ? { "If-None-Match": etag } : {}) });
    if (response.status === 304) return false;
    if (!response.ok) throw new Error("HTTP " + response.status);
    etag = response.headers.get("ETag");
    setState(await response.json());
    return true;
  }

  function setState(next) {
    // A poll sent before a move may answer after it: never go back to an older version.
    if (state && next.code === state.code && next.version < state.version) return;
    const previous = state;
    const changed = !state || next.version !== state.version;
    state = next;
    if (changed) {
      selected = null;
      queueSteps(previous);
    }
    render();
  }

  // What happened since my last move (a bot's or a friend's moves) is shown move by move: first
  // the position my move left, then each of theirs, with its log line, before the board is mine.
  function queueSteps(previous) {
    const recent = state.recent;
    if (!recent || !stepMs || replay) return;
    // A page that opens (no previous answer) steps through them only for a player of the match.
    const seen = previous && previous.code === state.code ? previous.plies : state.controlled.length ? 0 : Infinity;
    const moves = recent.moves.filter((move) => move.ply > seen);
    if (!moves.length) return;
    const frames = moves.map((move) => ({ view: move.view, move: move }));
    if (steps) {
      steps.frames.push(...frames); // more arrived while showing the first ones: show them after
      return;
    }
    const first = recent.moves.indexOf(moves[0]);
    const start = first === 0 ? recent.before : recent.moves[first - 1].view;
    steps = { frames: [{ view: start }, ...frames], index: 0 };
    steps.timer = setTimeout(nextStep, stepMs);
  }

  function nextStep() {
    if (!steps) return;
    steps.index += 1;
    if (steps.index >= steps.frames.length) steps = null;
    else steps.timer = setTimeout(nextStep, stepMs);
    render();
  }

  function skipSteps() {
    if (!steps) return;
    clearTimeout(steps.timer);
    steps = null;
    render();
    $("board").querySelector("[tabindex='0']")?.focus();
  }

  function renderStep() {
    const frame = steps.frames[steps.index];
    const moves = steps.frames.length - 1;
    if (frame.move) {
      const text = fmt(T.pair, seatName(frame.move.seat), frame.move.text);
      $("play-status").textContent = fmt(T.step, steps.index, moves, text);
      renderLog(state.log.filter((entry) => entry.ply <= frame.move.ply), frame.move.ply);
    } else {
      $("play-status").textContent = thinkingText(steps.frames.slice(1).map((f) => f.move.seat));
      renderLog(state.log.filter((entry) => entry.ply < steps.frames[1].move.ply));
    }
    $("pass-device").hidden = true;
    board.render($("board"), frame.view, { T: T, roles: roles(), legalMoves: [], interactive: false });
    $("move-form").hidden = true;
    $("actions").replaceChildren();
    $("undo-button").hidden = true;
    $("board-help").hidden = true;
    $("steps-skip").hidden = false;
  }

  // « Place 2 — <role> réfléchit… » for the seats that move next (the computer, or a friend).
  function thinkingText(seats) {
    const names = [...new Set(seats)].map(seatName);
    const text = names.length ? fmt(T.thinking, names.join(", ")) : fmt(T.thinking, T.computer);
    // Many tables waiting for the bots' workers: the page says the computer is busy (issue 41).
    return state && state.bot_queue && state.bot_queue.busy ? text + " " + T.busy : text;
  }

  function botSeats() {
    return state.seats.filter((seat) => seat.kind === "bot" && !state.controlled.includes(seat.index)).map((seat) => seat.index);
  }

  async function poll() {
    try {
      await fetchState();
      if ($("play-message").dataset.network) message("");
    } catch (error) {
      message(T.network);
      $("play-message").dataset.network = "1";
    }
    if (!state || state.status !== "finished") setTimeout(poll, pollMs);
  }

  function message(text) {
    const box = $("play-message");
    box.textContent = text || "";
    delete box.dataset.network;
  }

  async function post(path, body) {
    if (sending) return;
    sending = true;
    try {
      const response = await fetch(api + path, {
        method: "POST",
        headers: headers({ "Content-Type": "application/json" }),
        body: JSON.stringify(body),
      });
      const data = await response.json();
      if (response.ok) {
        message("");
        etag = null;
        setState(data);
      } else {
        message(data.message || "HTTP " + response.status);
        if (response.status === 409) {
          etag = null;
          await fetchState();
        }
      }
    } catch (error) {
      message(T.network);
    } finally {
      sending = false;
    }
  }

  // A timed gesture's challenge from the server (a steadiness marker): the board animates it and
  // sends the move with its id and the press time. Null (the page says why) when refused.
  async function requestChallenge() {
    try {
      const response = await fetch(api + "challenge/", {
        method: "POST",
        headers: headers({ "Content-Type": "application/json" }),
        body: JSON.stringify({ seat: state.viewer, expected_version: state.version }),
      });
      const data = await response.json();
      if (response.ok) return data;
      message(data.message || "HTTP " + response.status);
    } catch (error) {
      message(T.network);
    }
    return null;
  }

  function sendMove(move) {
    selected = null;
    // The computer answers within this request: say so while it thinks.
    const bots = botSeats();
    $("play-status").textContent = bots.length ? thinkingText(bots) : T.sending;
    post("moves/", { seat: state.viewer, move: move, expected_version: state.version });
  }

  // « Place 2 — <role> », or the player's name with the role the engine says they play.
  function seatName(index) {
    const seat = state.seats[index];
    if (!seat) return fmt(T.seat, index + 1);
    return seat.name ? seat.name + (seat.role ? " — " + seat.role : "") : seat.label;
  }

  function roles() {
    return state.seats.map((seat) => seat.role);
  }

  function outcomeText(outcome) {
    let text;
    if (outcome.draw) text = T.draw;
    else if (!outcome.winners.length) text = T.noWinner;
    else text = fmt(T.winner, outcome.winners.map(seatName).join(", "));
    const reason = T.reasons[outcome.reason];
    return reason ? text + " " + fmt(T.reason, reason) : text;
  }

  function renderStatus() {
    const status = $("play-status");
    $("round").textContent = state.series ? fmt(T.round, state.series.round) : "";
    if (state.status === "finished") {
      status.textContent = outcomeText(state.outcome);
      return;
    }
    const mine = state.to_act.filter((s) => state.controlled.includes(s));
    const thinking = state.to_act.filter((s) => botSeats().includes(s));
    // The game may name what this turn asks for (a die to roll, a direction to choose…).
    const asked = mine.length && board.status ? board.status(state.view, state.legal_moves || [], T) : "";
    if (mine.length) status.textContent = fmt(T.yourTurn, mine.map(seatName).join(", ")) + (asked ? " " + asked : "");
    else if (thinking.length) status.textContent = (state.controlled.length ? "" : T.spectator + " ") + thinkingText(thinking);
    else if (!state.controlled.length) status.textContent = T.spectator + " " + fmt(T.waiting, state.to_act.map(seatName).join(", "));
    else status.textContent = fmt(T.waiting, state.to_act.map(seatName).join(", "));
  }

  function renderSeats() {
    const list = $("seats");
    list.replaceChildren();
    state.seats.forEach((seat) => {
      const item = document.createElement("li");
      // « On this screen » only on the screen it means: a friend's page says whose screen it is.
      let detail = seat.kind === "bot" ? fmt(T.bot, T.levels[seat.bot_level] || seat.bot_level)
        : seat.kind === "local" ? (seat.yours ? T.local : T.hostScreen) : seat.joined ? T.invite : T.notJoined;
      if (seat.yours) detail += " · " + T.you;
      item.textContent = seatName(seat.index) + " (" + detail + ")";
      if (state.to_act.includes(seat.index)) item.className = "acting";
      list.appendChild(item);
    });
    const joinable = state.seats.find((s) => s.yours && s.kind === "invite" && !s.joined);
    $("join").hidden = !joinable;
    if (joinable) $("join").dataset.seat = joinable.index;
  }

  function renderInvites() {
    const box = $("invites");
    box.hidden = !state.invites || !state.invites.length;
    if (box.hidden) return;
    const list = $("invite-list");
    list.replaceChildren();
    state.invites.forEach((invite) => {
      const url = location.origin + invite.url;
      const item = document.createElement("li");
      const label = document.createElement("span");
      label.textContent = fmt(T.pair, seatName(invite.seat) + (invite.joined ? " (" + T.joined + ")" : ""), "");
      const field = document.createElement("input");
      field.readOnly = true;
      field.value = url;
      field.setAttribute("aria-label", seatName(invite.seat));
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = T.copy;
      button.addEventListener("click", () => {
        field.select();
        (navigator.clipboard ? navigator.clipboard.writeText(url) : Promise.reject()).then(
          () => message(T.copied), () => document.execCommand && document.execCommand("copy"));
      });
      item.append(label, field, button);
      list.appendChild(item);
    });
  }

  function renderLog(log, current) {
    const list = $("log");
    list.replaceChildren();
    log.forEach((entry) => {
      const item = document.createElement("li");
      item.textContent = fmt(T.pair, seatName(entry.seat), entry.text);
      if (entry.ply === current) item.className = "current";
      list.appendChild(item);
    });
    list.scrollTop = list.scrollHeight;
  }

  function renderActions() {
    const box = $("actions");
    box.replaceChildren();
    if (!board.actions || replay || state.status === "finished") return;
    board.actions(state.legal_moves || [], state.view).forEach((move) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = board.moveLabel(move, state.view, T);
      button.addEventListener("click", () => sendMove(move));
      box.appendChild(button);
    });
  }

  // The click-a-piece help, unless every move this turn is a button (a die, a direction, a pass).
  function renderHelp() {
    const moves = state.legal_moves || [];
    const buttons = board.actions ? board.actions(moves, state.view) : [];
    $("board-help").hidden = state.status === "finished" || (moves.length > 0 && buttons.length === moves.length);
  }

  function renderMoveList() {
    const form = $("move-form");
    const select = $("move-select");
    const moves = state.legal_moves || [];
    // A board may keep some moves off the list (those it makes through a gesture of its own).
    const listed = board.listed ? moves.filter((move) => board.listed(move, state.view)) : moves;
    form.hidden = !listed.length || state.status === "finished" || !!replay;
    select.replaceChildren();
    listed.forEach((move) => {
      const option = document.createElement("option");
      option.value = moves.indexOf(move);
      option.textContent = board.moveLabel(move, state.view, T);
      select.appendChild(option);
    });
  }

  function needsPassScreen() {
    // Hot-seat with hidden information: hide the board until the next player says they are ready.
    return state.hidden_information && state.controlled.length > 1 && state.viewer !== null &&
      state.viewer !== shownSeat && state.status !== "finished";
  }

  function render() {
    if (!state) return;
    renderStatus();
    renderSeats();
    renderInvites();
    if (replay) return renderReplay();
    $("steps-skip").hidden = !steps;
    if (steps) return renderStep();
    renderLog(state.log);
    const pass = $("pass-device");
    if (needsPassScreen()) {
      $("pass-title").textContent = fmt(T.passDevice, seatName(state.viewer));
      pass.hidden = false;
      $("board").replaceChildren();
      $("pass-ready").focus();
    } else {
      pass.hidden = true;
      board.render($("board"), state.view, {
        T: T,
        roles: roles(),
        legalMoves: state.legal_moves || [],
        selected: selected,
        interactive: !!(state.legal_moves && state.legal_moves.length),
        onSelect: (square) => { selected = square; render(); },
        onMove: sendMove,
        requestChallenge: requestChallenge,
      });
    }
    renderMoveList();
    renderActions();
    renderHelp();
    $("undo-button").hidden = !state.can_undo;
    const finished = state.status === "finished";
    $("outcome").hidden = !finished;
    if (finished) $("outcome-text").textContent = outcomeText(state.outcome);
    renderSeries(finished);
  }

  function renderSeries(finished) {
    const form = $("next-round");
    const offered = finished && (state.next_round || state.series_next) && state.controlled.length;
    form.hidden = !offered;
    if (!offered) return;
    const series = state.series;
    const winners = (state.series_winners || []).map((seats) => seats.map(seatName).join(", ") || T.nobody);
    $("series-text").textContent = fmt(T.seriesRound, series.round, winners.join(" ; ") || T.nobody);
    const next = state.series_next || { choices: [] };
    const choose = next.choices.length && state.controlled.includes(next.chooser) && !state.next_round;
    $("series-choice").hidden = !choose;
    $("series-choice-label").textContent = T.game.seriesChoice || "";
    if (choose && !$("series-choice-select").children.length) {
      next.choices.forEach((value) => {
        const option = document.createElement("option");
        option.value = option.textContent = value;
        $("series-choice-select").appendChild(option);
      });
    }
  }

  async function nextRound(event) {
    event.preventDefault();
    const choice = $("series-choice").hidden ? "" : $("series-choice-select").value;
    const response = await fetch(api + "next-round/", {
      method: "POST",
      headers: headers({ "Content-Type": "application/json" }),
      body: JSON.stringify({ choice: choice }),
    });
    const data = await response.json();
    if (!response.ok) return message(data.message || "HTTP " + response.status);
    // Same table, same secret: the seat token carries over to the next round.
    location.assign("/parties/" + data.code + "/" + (token ? "#jeton=" + token : ""));
  }

  async function startReplay() {
    const response = await fetch(api + "replay/", { headers: headers() });
    if (!response.ok) return;
    const data = await response.json();
    replay = { positions: data.positions, log: data.log, index: 0 };
    $("replay-controls").hidden = false;
    $("replay-start").hidden = true;
    renderReplay();
    $("replay-next").focus();
  }

  function renderReplay() {
    const last = replay.positions.length - 1;
    replay.index = Math.max(0, Math.min(replay.index, last));
    board.render($("board"), replay.positions[replay.index], { T: T, roles: roles(), legalMoves: [], interactive: false });
    renderLog(replay.log.slice(0, replay.index));
    $("replay-position").textContent = replay.index === 0 ? T.start : fmt(T.replayPosition, replay.index, last);
    $("replay-prev").disabled = replay.index === 0;
    $("replay-next").disabled = replay.index === last;
    $("move-form").hidden = true;
  }

  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = state.legal_moves[parseInt($("move-select").value, 10)];
    if (move) sendMove(move);
  });
  $("undo-button").addEventListener("click", () => {
    post("undo/", { seat: state.controlled.find((s) => state.log.length && state.log[state.log.length - 1].seat === s) ?? state.viewer, expected_version: state.version });
  });
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    post("join/", { seat: parseInt($("join").dataset.seat, 10), name: $("join-name").value });
  });
  $("pass-ready").addEventListener("click", () => { shownSeat = state.viewer; render(); });
  $("replay-start").addEventListener("click", startReplay);
  $("steps-skip").addEventListener("click", skipSteps);
  $("next-round").addEventListener("submit", nextRound);
  $("replay-prev").addEventListener("click", () => { replay.index -= 1; renderReplay(); });
  $("replay-next").addEventListener("click", () => { replay.index += 1; renderReplay(); });

  board = window.LudoBoards[root.dataset.engine];
  poll();
})();
