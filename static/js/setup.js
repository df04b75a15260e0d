/* The « Jouer » setup form: seat labels follow the options that decide who plays what. */
(function () {
  "use strict";
  const data = document.getElementById("seat-roles");
  const form = document.querySelector(".setup-form");
  if (!data || !form) return;
  const byOption = JSON.parse(data.textContent);
  function relabel() {
    Object.entries(byOption).forEach(([name, choices]) => {
      const field = form.elements[name];
      const labels = field && choices[field.value];
      if (!labels) return;
      labels.forEach((text, index) => {
        const label = form.querySelector(`.seat-field[data-seat="${index}"] label`);
        if (label) label.textContent = text;
      });
    });
  }
  Object.keys(byOption).forEach((name) => {
    const field = form.elements[name];
    if (field) field.addEventListener("change", relabel);
  });
  relabel();

  // Only the seats of the chosen number of players show (the others would be ignored).
  const players = form.elements.players;
  function showSeats() {
    const count = parseInt(players.value, 10);
    form.querySelectorAll(".seat-field").forEach((field) => {
      const hidden = parseInt(field.dataset.seat, 10) >= count;
      field.hidden = hidden;
      field.querySelectorAll("select").forEach((select) => { select.disabled = hidden; });
    });
  }
  if (players) {
    players.addEventListener("change", showSeats);
    showSeats();
  }
})();
