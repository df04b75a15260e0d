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
})();
