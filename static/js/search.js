// The search page: empty fields stay out of the URL, and on a phone the filters open from a button
// so that the results come first. Without this script the page still works: every filter shows,
// and the server drops empty parameters with a redirect.
(function () {
  "use strict";
  var form = document.querySelector(".search-form");
  if (!form) {
    return;
  }

  form.addEventListener("submit", function () {
    form.querySelectorAll("input[name], select[name]").forEach(function (field) {
      if (field.value === "") {
        field.disabled = true;
      }
    });
  });
  // Coming back to the page from the browser's history: the fields work again.
  window.addEventListener("pageshow", function () {
    form.querySelectorAll("[disabled]").forEach(function (field) {
      field.disabled = false;
    });
  });

  var toggle = form.querySelector(".filters-toggle");
  if (!toggle) {
    return;
  }
  var panels = toggle
    .getAttribute("aria-controls")
    .split(" ")
    .map(function (id) {
      return document.getElementById(id);
    })
    .filter(Boolean);
  // Normally set already by search_early.js, before the first paint.
  document.documentElement.classList.add("filters-collapsible");
  toggle.hidden = false;
  function show(open) {
    toggle.setAttribute("aria-expanded", String(open));
    panels.forEach(function (panel) {
      panel.classList.toggle("is-open", open);
    });
  }
  toggle.addEventListener("click", function () {
    var open = toggle.getAttribute("aria-expanded") !== "true";
    show(open);
    if (open && panels.length) {
      var first = panels[0].querySelector("input, select, a");
      if (first) {
        first.focus();
      }
    }
  });
  // The button at the bottom of the open filters: fold them and go to the results.
  var done = document.querySelector(".filters-done");
  var results = document.getElementById("results-title");
  if (done && results) {
    done.hidden = false;
    done.addEventListener("click", function () {
      show(false);
      results.setAttribute("tabindex", "-1");
      results.focus();
    });
  }
})();
