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

  // Only the seats of the chosen number of players show (the others would be ignored), and
  // only the computer levels offered at that number (a level not measured stronger than the
  // one below it there is not offered; the server refuses it too).
  const players = form.elements.players;
  const defaultsData = document.getElementById("seat-defaults");
  const defaults = defaultsData ? JSON.parse(defaultsData.textContent) : {};
  function offeredAt(element, count) {
    const sizes = element.dataset.players;
    return sizes === undefined || sizes.split(" ").includes(String(count));
  }
  function showSeats() {
    const count = parseInt(players.value, 10);
    form.querySelectorAll(".seat-field").forEach((field) => {
      const hidden = parseInt(field.dataset.seat, 10) >= count;
      field.hidden = hidden;
      field.querySelectorAll("select").forEach((select) => {
        select.disabled = hidden;
        Array.from(select.options).forEach((option) => {
          const offered = offeredAt(option, count);
          option.hidden = !offered;
          option.disabled = !offered;
        });
        const chosen = select.options[select.selectedIndex];
        if (chosen && chosen.disabled && defaults[count]) select.value = defaults[count];
      });
    });
    document.querySelectorAll(".levels li[data-players]").forEach((item) => {
      item.hidden = !offeredAt(item, count);
    });
  }
  if (players) {
    players.addEventListener("change", showSeats);
    showSeats();
  }
})();
