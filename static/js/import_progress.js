// The admin's import page while its background job runs: the progress bar and its text follow
// the job (GET data-progress-url, JSON) every second; when the job is done the page reloads and
// shows the report. Without this script the page says the same at each reload.
(function () {
  "use strict";
  var section = document.getElementById("import-progress");
  if (!section) return;
  var bar = document.getElementById("import-progress-bar");
  var text = document.getElementById("import-progress-text");
  var url = section.getAttribute("data-progress-url");
  var PERIOD_MS = 1000;

  function poll() {
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      })
      .then(function (progress) {
        bar.value = progress.percent;
        bar.textContent = progress.percent + " %";
        if (text.textContent !== progress.text) text.textContent = progress.text;
        if (progress.finished) {
          window.location.reload();
        } else {
          window.setTimeout(poll, PERIOD_MS);
        }
      })
      .catch(function () {
        window.setTimeout(poll, PERIOD_MS * 3);
      });
  }
  window.setTimeout(poll, PERIOD_MS);
})();
