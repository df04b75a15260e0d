// The API documentation (templates/api/swagger_ui.html): once Swagger UI has drawn the page, its
// outline is completed for assistive technologies: the introduction becomes a named region
// (everything sits in a landmark) and the operations get the level-2 heading that Swagger UI
// skips between its title (h1) and the tags (h3).
(function () {
  "use strict";
  var root = document.getElementById("swagger-ui");
  if (!root) {
    return;
  }
  function complete() {
    var info = root.querySelector(".information-container");
    var operations = root.querySelector("#operations");
    if (!info || !operations) {
      return false;
    }
    info.setAttribute("role", "region");
    info.setAttribute("aria-label", "About this API");
    if (!operations.querySelector(".docs-operations-title")) {
      var heading = document.createElement("h2");
      heading.className = "docs-operations-title visually-hidden";
      heading.textContent = "Operations";
      operations.insertBefore(heading, operations.firstChild);
    }
    return true;
  }
  if (!complete()) {
    var observer = new MutationObserver(function () {
      if (complete()) {
        observer.disconnect();
      }
    });
    observer.observe(root, { childList: true, subtree: true });
  }
})();
