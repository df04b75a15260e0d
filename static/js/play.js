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
  // A whole turn's replay (every opponent's move) lasts about this long, however many they are;
  // no step is shorter than STEP_FLOOR_MS (unless the site's own step is), so each stays legible.
  const TURN_REPLAY_MS = 2000;
  const STEP_FLOOR_MS = 60; // 40 moves (5 bots placing dice) still replay in about 2.4 s
  const HIDDEN_POLL_MS = 15000;
  const POST_TIMEOUT_MS = 60000;
  const pageTitle = document.title;
  const soundKey = "ludo-play-sound";
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
  let inflight = null; // the POST on its way, if any: one at a time
  // Opponents' moves since mine, shown one at a time: {frames: [{view, move?}], index, timer}.
  let steps = null;
  let pollTimer = null;
  let wasMyTurn = null; // null until the first answer: opening the page announces nothing
  let swallowClick = false; // the tap that skipped the replay does not also play on the board

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
    steps.timer = setTimeout(nextStep, stepDelay());
  }

  // min(the site's step, the turn's time shared between its frames), never under the floor.
  function stepDelay() {
    const share = TURN_REPLAY_MS / steps.frames.length;
    return Math.max(Math.min(stepMs, share), Math.min(stepMs, STEP_FLOOR_MS));
  }

  function nextStep() {
    if (!steps) return;
    steps.index += 1;
    if (steps.index >= steps.frames.length) steps = null;
    else steps.timer = setTimeout(nextStep, stepDelay());
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
    renderSummary(frame.view);
    $("move-form").hidden = true;
    $("actions").replaceChildren();
    $("undo-button").hidden = true;
    $("undo-note").hidden = true;
    // Kept in its place while the moves pass: what follows it does not move up and back down.
    $("board-help").classList.add("stepping");
    $("steps-skip").hidden = false;
    $("steps-skip").title = T.skipHint;
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

  // Polls while the tab is visible (a hidden tab asks nothing and catches up when it comes
  // back); once the match is over, slowly, until the table starts a new one (« Rejouer »).
  async function poll() {
    clearTimeout(pollTimer);
    pollTimer = null;
    try {
      await fetchState();
      if ($("play-message").dataset.network) message("");
    } catch (error) {
      message(T.network);
      $("play-message").dataset.network = "1";
    }
    schedulePoll();
  }

  function schedulePoll() {
    clearTimeout(pollTimer);
    pollTimer = null;
    if (state && state.rematch) return;
    const over = state && state.status === "finished";
    // Hidden: no regular polling; while others are to play, a rare look, so that the tab's
    // title can say « À vous ! » once they have.
    if (document.hidden) {
      const waiting = state && !over && !state.to_act.some((s) => state.controlled.includes(s));
      if (waiting) pollTimer = setTimeout(poll, HIDDEN_POLL_MS);
      return;
    }
    pollTimer = setTimeout(poll, over ? pollMs * 4 : pollMs);
  }

  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      schedulePoll();
    } else {
      document.title = pageTitle;
      poll();
    }
  });

  // A refusal, and « Pourquoi ? » to the rule it breaks when the answer names it (rule_url).
  function message(text, ruleUrl) {
    const box = $("play-message");
    box.textContent = text || "";
    delete box.dataset.network;
    if (text && ruleUrl) {
      const link = document.createElement("a");
      link.href = ruleUrl;
      link.className = "play-why";
      link.textContent = T.why;
      box.append(" ", link);
    }
  }

  // One POST at a time. A tap made while the previous answer is still on its way (a poll may
  // show the new turn before it arrives) is sent right after it — unless that answer moved the
  // match on from the position the tap was made in (a double tap), which drops it.
  async function post(path, body) {
    while (inflight) await inflight;
    if ("expected_version" in body && state && body.expected_version !== state.version) return;
    const request = send(path, body);
    inflight = request;
    try {
      await request;
    } finally {
      if (inflight === request) inflight = null;
    }
  }

  async function send(path, body) {
    try {
      const response = await fetch(api + path, {
        method: "POST",
        headers: headers({ "Content-Type": "application/json" }),
        body: JSON.stringify(body),
        // An answer that never comes must not hold the next tap forever: the page says the
        // network failed, and its polls show whether the move was played.
        signal: AbortSignal.timeout(POST_TIMEOUT_MS),
      });
      const data = await response.json();
      if (response.ok) {
        message("");
        etag = null;
        setState(data);
      } else {
        message(data.message || "HTTP " + response.status, data.rule_url);
        if (response.status === 409) {
          etag = null;
          await fetchState();
        }
      }
    } catch (error) {
      message(T.network);
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

  // One name per seat everywhere (status, seats, log, end screen): the player's, or « Joueur 2 ».
  function seatName(index) {
    const seat = state.seats[index];
    return seat ? seat.player : fmt(T.seat, index + 1);
  }

  function roles() {
    return state.seats.map((seat) => seat.role);
  }

  // « Victoire : Joueur 1 ! Fin de partie : <why, in the game's words>. »
  function outcomeText(outcome) {
    let text;
    if (outcome.draw) text = T.draw;
    else if (!outcome.winners.length) text = T.noWinner;
    else text = fmt(T.winner, outcome.winners.map(seatName).join(", "));
    const reason = state.ending && state.ending.reason;
    return reason ? text + " " + fmt(T.reason, reason) : text;
  }

  // The end screen's headline, for whoever looks: « Vous avez gagné ! », « Joueur 2 a gagné. »
  function outcomeHeadline(outcome) {
    const mine = state.controlled;
    const winners = outcome.winners || [];
    if (outcome.draw) return T.youDrew;
    if (!winners.length) return T.noWinner;
    if (mine.length && !everyoneHere()) return winners.some((s) => mine.includes(s)) ? T.youWon : T.youLost;
    return fmt(winners.length > 1 ? T.haveWon : T.hasWon, winners.map(seatName).join(", "));
  }

  // Hot-seat (every person at this one screen): a winner's name says more than « vous ».
  function everyoneHere() {
    const mine = state.controlled;
    return mine.length > 1 && state.seats.every((s) => s.kind === "bot" || mine.includes(s.index));
  }

  // The full ranking: each place's seats (a team or a tie share it), with scores where counted.
  function renderRanking(outcome) {
    const list = $("outcome-ranking");
    list.replaceChildren();
    const scores = state.ending && state.ending.scores;
    (outcome.ranking || []).forEach((group) => {
      const item = document.createElement("li");
      item.textContent = group.map((s) => {
        const role = state.seats[s] && state.seats[s].role;
        return seatName(s) + (role ? " — " + role : "") + (scores ? " (" + scores[s] + ")" : "");
      }).join(", ");
      if (!everyoneHere() && group.some((s) => state.controlled.includes(s))) item.className = "yours";
      list.appendChild(item);
    });
    list.hidden = (outcome.ranking || []).length < 2 && !scores;
  }

  function renderStatus() {
    const status = $("play-status");
    $("round").textContent = state.series ? fmt(T.round, state.series.round) : "";
    // Once over, the end screen says it all (and takes the focus): no « in progress » line.
    status.hidden = state.status === "finished" && !steps && !replay;
    status.parentElement.hidden = status.hidden;
    if (state.status === "finished") {
      status.textContent = outcomeHeadline(state.outcome) + " " + outcomeText(state.outcome);
      return;
    }
    const mine = state.to_act.filter((s) => state.controlled.includes(s));
    const thinking = state.to_act.filter((s) => botSeats().includes(s));
    // What this turn asks for, in the game's own words (« Choisissez un dé. »).
    const asked = mine.length ? state.prompt || (board.status ? board.status(state.view, state.legal_moves || [], T) : "") : "";
    // Hot-seat: say whose turn it is; alone at the screen, « vous » is enough.
    const who = state.controlled.length > 1 ? fmt(T.yourTurnNamed, mine.map(seatName).join(", ")) : T.yourTurn;
    if (mine.length) status.textContent = who + (asked ? " " + asked : "");
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
      item.textContent = seatName(seat.index) + (seat.role ? " — " + seat.role : "") + " (" + detail + ")";
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

  // The position in words (issue 39), from the board's optional « summary » hook, in a polite
  // live region: rewritten only when it says something new, so a screen reader hears each move.
  function renderSummary(view) {
    const box = $("board-summary");
    let text = "";
    try {
      text = view && board.summary ? board.summary(view, T, { names: state.seats.map((s) => seatName(s.index)), roles: roles() }) : "";
    } catch (error) {
      text = ""; // a summary never breaks the board
    }
    if (box.textContent !== text) box.textContent = text;
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
    if (!steps) $("board-help").classList.remove("stepping");
    if (replay) return renderReplay();
    $("steps-skip").hidden = !steps;
    if (steps) return renderStep();
    renderLog(state.log);
    const pass = $("pass-device");
    if (needsPassScreen()) {
      $("pass-title").textContent = fmt(T.passDevice, seatName(state.viewer));
      pass.hidden = false;
      $("board").replaceChildren();
      renderSummary(null);
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
      renderSummary(state.view);
    }
    renderMoveList();
    renderActions();
    renderHelp();
    renderUndo();
    const finished = state.status === "finished";
    $("board").classList.toggle("over", finished);
    const shown = !$("outcome").hidden;
    $("outcome").hidden = !finished;
    if (finished) renderOutcome(shown);
    renderSeries(finished);
    announceTurn();
  }

  // « Reprendre mon coup », or why it is not offered although a move of yours was there to take
  // back (chance since then, or a bot's answer that depended on its hidden cards or tiles).
  function renderUndo() {
    $("undo-button").hidden = !state.can_undo;
    const refusal = state.can_undo ? null : state.undo_refused;
    const note = $("undo-note");
    const text = refusal ? refusal.message : "";
    note.hidden = !refusal;
    if (note.textContent !== text) note.textContent = text; // unchanged: screen readers stay quiet
  }

  function renderOutcome(alreadyShown) {
    $("outcome-title").textContent = outcomeHeadline(state.outcome);
    $("outcome-text").textContent = outcomeText(state.outcome);
    renderRanking(state.outcome);
    const player = state.controlled.length > 0;
    const next = state.rematch;
    $("rematch").hidden = !player || !!next;
    $("rematch-link").hidden = !next;
    $("rematch-ready").hidden = !next || !player;
    if (next) {
      $("rematch-link").href = next + (player && token ? "#jeton=" + token : "");
      $("rematch-link").textContent = player ? T.rematchJoin : T.rematchWatch;
    }
    if (!alreadyShown) $("outcome-title").focus({ preventScroll: true });
  }

  // « À vous ! » in the tab's title (and a short sound, if chosen) when it becomes this page's
  // turn while someone else (a friend) played, or while the tab was not looked at.
  function announceTurn() {
    const mine = state.status !== "finished" && !steps && state.to_act.some((s) => state.controlled.includes(s));
    const friends = state.seats.some((s) => s.kind !== "bot" && !state.controlled.includes(s.index));
    if (mine && wasMyTurn === false && (friends || document.hidden)) {
      document.title = fmt(T.turnTitle, pageTitle);
      if (localStorage.getItem(soundKey) === "1") beep();
    }
    if (!mine) document.title = pageTitle;
    wasMyTurn = mine;
  }

  function beep() {
    try {
      const Audio = window.AudioContext || window.webkitAudioContext;
      const context = new Audio();
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, context.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.35);
      tone.connect(gain).connect(context.destination);
      tone.start();
      tone.stop(context.currentTime + 0.35);
      tone.onended = () => context.close();
    } catch (error) {
      /* no sound on this browser: the title says it */
    }
  }

  async function rematch() {
    const response = await fetch(api + "rematch/", { method: "POST", headers: headers({ "Content-Type": "application/json" }) });
    const data = await response.json();
    if (!response.ok) return message(data.message || "HTTP " + response.status);
    // Same table, same secret: this page's token plays the same seat in the new match.
    location.assign("/parties/" + data.code + "/" + (token ? "#jeton=" + token : ""));
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
    renderSummary(replay.positions[replay.index]);
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
    steps = null;
    post("undo/", { seat: state.undo_seat ?? state.viewer, expected_version: state.version });
  });
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    post("join/", { seat: parseInt($("join").dataset.seat, 10), name: $("join-name").value });
  });
  $("pass-ready").addEventListener("click", () => { shownSeat = state.viewer; render(); });
  $("replay-start").addEventListener("click", startReplay);
  $("steps-skip").addEventListener("click", skipSteps);
  // While the opponents' moves are replayed, a tap anywhere or a key skips to the position now.
  document.addEventListener("pointerdown", (event) => {
    if (steps && event.target.id !== "steps-skip") {
      // On the board, that tap only skips; a link or a button elsewhere still does its job.
      swallowClick = !!event.target.closest(".board-area");
      skipSteps();
    }
  }, true);
  document.addEventListener("click", (event) => {
    if (!swallowClick) return;
    swallowClick = false;
    event.preventDefault();
    event.stopPropagation();
  }, true);
  document.addEventListener("keydown", (event) => {
    const typing = event.target.closest && event.target.closest("input, select, textarea");
    if (steps && !typing && !["Tab", "Shift", "Control", "Alt", "Meta"].includes(event.key)) skipSteps();
  });
  $("rematch").addEventListener("click", rematch);
  const sound = $("sound-toggle");
  sound.checked = localStorage.getItem(soundKey) === "1";
  sound.addEventListener("change", () => localStorage.setItem(soundKey, sound.checked ? "1" : "0"));
  $("next-round").addEventListener("submit", nextRound);
  $("replay-prev").addEventListener("click", () => { replay.index -= 1; renderReplay(); });
  $("replay-next").addEventListener("click", () => { replay.index += 1; renderReplay(); });

  board = window.LudoBoards[root.dataset.engine];
  poll();
})();
