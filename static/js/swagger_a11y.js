// The API documentation (templates/api/swagger_ui.html): Swagger UI's page, completed for
// assistive technologies as it draws and as operations unfold:
// - the introduction becomes a named region (everything sits in a landmark);
// - the operations get the level-2 heading Swagger UI skips between its title (h1) and tags (h3);
// - a scrollable example can take the focus (keyboard users scroll it);
// - a select without a label is named after its parameter (or « Media type »);
// - the copy button's wrapper drops an aria-label a plain div may not carry (the button has one);
// - Swagger UI's placeholder anchors (no href: its deep links are off) say they are no link, so
//   that a crawler does not take them for links it cannot follow.
(function () {
  "use strict";
  var root = document.getElementById("swagger-ui");
  if (!root) {
    return;
  }
  function outline() {
    var info = root.querySelector(".information-container");
    if (info && !info.hasAttribute("role")) {
      info.setAttribute("role", "region");
      info.setAttribute("aria-label", "About this API");
    }
    var operations = root.querySelector("#operations");
    if (operations && !operations.querySelector(".docs-operations-title")) {
      var heading = document.createElement("h2");
      heading.className = "docs-operations-title visually-hidden";
      heading.textContent = "Operations";
      operations.insertBefore(heading, operations.firstChild);
    }
  }
  function controls() {
    root.querySelectorAll("pre:not([tabindex])").forEach(function (pre) {
      pre.setAttribute("tabindex", "0");
    });
    root.querySelectorAll("select:not([aria-label])").forEach(function (select) {
      if (select.id && document.querySelector('label[for="' + select.id + '"]')) {
        return;
      }
      var row = select.closest("tr");
      var name = row && row.querySelector(".parameter__name");
      var label = name ? name.textContent.replace("*", "").trim() : "";
      select.setAttribute("aria-label", label || "Media type");
    });
    root.querySelectorAll("div.copy-to-clipboard[aria-label]").forEach(function (wrapper) {
      wrapper.removeAttribute("aria-label");
    });
    root.querySelectorAll("a:not([href]):not([role])").forEach(function (placeholder) {
      placeholder.setAttribute("role", "none");
    });
  }
  var pending = false;
  function update() {
    pending = false;
    outline();
    controls();
  }
  update();
  new MutationObserver(function () {
    if (!pending) {
      pending = true;
      window.requestAnimationFrame(update);
    }
  }).observe(root, { childList: true, subtree: true });
})();
