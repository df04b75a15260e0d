/* « Apprendre à jouer »: a game's guided first game on its real board. The server replays the
   learner's answers (the tutorial API); this page keeps them in the browser's storage, so that the
   learner may go back a step, leave and come back where they were. No framework, no CDN. */
(function () {
  "use strict";
  const root = document.getElementById("tutorial");
  if (!root) return;
  const $ = (id) => document.getElementById(id);
  const T = JSON.parse($("play-texts").textContent);
  const TT = JSON.parse($("tutorial-texts").textContent);
  const first = JSON.parse($("tutorial-first").textContent);
  const api = root.dataset.api;
  const storageKey = "ludo-tutorial-" + root.dataset.game;
  const fmt = (text, ...values) => values.reduce((out, v) => out.replace("%s", v), text);
  let board = null;
  let step = first;
  let answers = [];
  let selected = null;
  let busy = false;

  function load() {
    try {
      const kept = JSON.parse(localStorage.getItem(storageKey) || "[]");
      return Array.isArray(kept) ? kept : [];
    } catch (error) {
      return [];
    }
  }

  function save() {
    try {
      localStorage.setItem(storageKey, JSON.stringify(answers));
    } catch (error) {
      /* private browsing: the tutorial works, it is just not kept */
    }
  }

  // One request at a time; answers the server does not know (another version of the tutorial)
  // are cut where they stop matching, and the learner goes on from there.
  async function ask(body) {
    if (busy) return null;
    busy = true;
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await fetch(api, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(body),
        });
        const data = await response.json();
        if (response.ok) return data;
        if (data.code === "tutorial_mismatch" && typeof data.index === "number") {
          answers = answers.slice(0, data.index);
          save();
          body = { answers: answers };
          continue;
        }
        feedback(data.message || "HTTP " + response.status, null);
        return null;
      }
    } catch (error) {
      feedback(TT.network, null);
    } finally {
      busy = false;
    }
    return null;
  }

  function feedback(text, rule) {
    const box = $("tutorial-feedback");
    box.replaceChildren();
    box.hidden = !text;
    if (!text) return;
    if (!rule) {
      box.append(text);
      return;
    }
    // Why, in the words of the rule it breaks (the record's, in French), and the rule itself.
    const words = document.createElement("q");
    words.lang = "fr";
    words.textContent = rule.text;
    const link = document.createElement("a");
    link.href = rule.url;
    link.target = "_blank";
    link.textContent = fmt(TT.rule, rule.number + " " + rule.title);
    box.append(TT.notQuite, " ", text, " ", words, " ", link);
  }

  function show(data, moved) {
    const active = document.activeElement;
    const focusLost = !active || active === document.body || active.hidden || active.disabled;
    const changed = !step || step.step !== data.step;
    step = data;
    answers = data.answers;
    save();
    selected = null;
    $("tutorial-progress").textContent = fmt(TT.progress, data.step + 1, data.steps);
    $("tutorial-bar").value = data.step + 1;
    $("tutorial-bar").max = data.steps;
    $("tutorial-text").textContent = data.text;
    $("tutorial-moves").textContent = moved ? data.moves.join(" · ") : "";
    $("tutorial-chance").textContent = data.chance_note;
    $("tutorial-chance").hidden = !data.chance_note;
    const rule = $("tutorial-rule");
    rule.hidden = !data.rule;
    if (data.rule) {
      rule.firstChild.href = data.rule.url;
      rule.firstChild.textContent = fmt(TT.rule, data.rule.number + " " + data.rule.title);
    }
    $("tutorial-next").hidden = data.kind !== "read";
    $("tutorial-play").hidden = data.kind !== "end";
    if (data.play_url) $("tutorial-play").href = data.play_url;
    $("tutorial-back").hidden = data.step === 0;
    feedback("", null);
    render();
    // A step to read next: its button takes the focus (after a move on the board, a keyboard
    // user goes on with Enter); a move to make: the focus stays where it was, or on the words.
    const button = data.kind === "read" ? $("tutorial-next") : data.kind === "end" ? $("tutorial-play") : null;
    if (changed && button && active !== document.body) button.focus({ preventScroll: true });
    else if (focusLost) $("tutorial-text").focus({ preventScroll: true });
    if (changed && data.kind === "move") reveal();
  }

  // A move to make: the step's words at the top of the screen and as much of the board as fits
  // (on a phone the page would otherwise open on the header, the board below the fold).
  function reveal() {
    const box = document.querySelector(".tutorial-step").getBoundingClientRect();
    const board = $("board").getBoundingClientRect();
    if (board.bottom > window.innerHeight || box.top < 0) {
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      document.querySelector(".tutorial-step").scrollIntoView({ block: "start", behavior: reduce ? "auto" : "smooth" });
    }
  }

  function render() {
    if (!board) return;
    const moves = step.legal_moves || [];
    board.render($("board"), step.view, {
      T: T,
      roles: step.roles,
      legalMoves: moves,
      selected: selected,
      interactive: moves.length > 0,
      onSelect: (square) => { selected = square; render(); },
      onMove: tryMove,
      requestChallenge: () => Promise.resolve(step.challenge),
    });
    let summary = "";
    try {
      summary = board.summary ? board.summary(step.view, T, { names: step.roles, roles: step.roles }) : "";
    } catch (error) {
      summary = "";
    }
    $("board-summary").textContent = summary;
    renderActions(moves);
    renderMoveList(moves);
  }

  function renderActions(moves) {
    const box = $("actions");
    box.replaceChildren();
    if (!board.actions) return;
    board.actions(moves, step.view).forEach((move) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = board.moveLabel(move, step.view, T);
      button.addEventListener("click", () => tryMove(move));
      box.appendChild(button);
    });
  }

  // Every offered move in a list too, for the keyboard and screen readers.
  function renderMoveList(moves) {
    const listed = board.listed ? moves.filter((move) => board.listed(move, step.view)) : moves;
    $("move-form").hidden = !listed.length;
    const select = $("move-select");
    select.replaceChildren();
    listed.forEach((move) => {
      const option = document.createElement("option");
      option.value = moves.indexOf(move);
      option.textContent = board.moveLabel(move, step.view, T);
      select.appendChild(option);
    });
  }

  async function tryMove(move) {
    selected = null;
    const data = await ask({ answers: answers, try: move });
    if (!data) return render();
    if (data.verdict && data.verdict.accepted) return show(data, true);
    show(data, false);
    const verdict = data.verdict || {};
    feedback(verdict.message, verdict.rule);
  }

  async function goTo(next) {
    const data = await ask({ answers: next });
    if (data) show(data, false);
  }

  $("tutorial-next").addEventListener("click", async () => {
    const data = await ask({ answers: answers.concat([null]) });
    if (data) show(data, false);
  });
  $("tutorial-back").addEventListener("click", () => {
    // Back to the step before: one answer fewer.
    const next = answers.slice(0, -1);
    goTo(next);
  });
  $("tutorial-restart").addEventListener("click", () => { answers = []; show(first, false); $("tutorial-text").focus(); });
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = (step.legal_moves || [])[+$("move-select").value];
    if (move) tryMove(move);
  });

  function start() {
    board = window.LudoBoards && window.LudoBoards[root.dataset.engine];
    if (!board) return;
    const kept = load();
    if (kept.length) {
      answers = kept;
      goTo(kept);
    } else {
      show(first, false);
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
