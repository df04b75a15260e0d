// The game form's rules editor: add, remove and reorder sections. The pairs post under the same
// two names, so moving a row is all reordering takes; without this script the form still works
// (empty a section to remove it, fill the last one to add one).
(function () {
  "use strict";

  function rows(editor) {
    return Array.prototype.slice.call(editor.querySelectorAll(".rules-section-row"));
  }

  function renumber(editor) {
    rows(editor).forEach(function (row, index) {
      var legend = row.querySelector("legend");
      legend.textContent = legend.textContent.replace(/\d+/, String(index + 1));
    });
  }

  function addRow(editor) {
    var list = editor.querySelector(".rules-sections-list");
    var last = rows(editor).pop();
    var row = last.cloneNode(true);
    row.querySelectorAll("input, textarea").forEach(function (field) {
      field.value = "";
    });
    list.appendChild(row);
    renumber(editor);
    row.querySelector("input").focus();
  }

  function act(editor, row, action) {
    var list = editor.querySelector(".rules-sections-list");
    if (action === "up" && row.previousElementSibling) {
      list.insertBefore(row, row.previousElementSibling);
    } else if (action === "down" && row.nextElementSibling) {
      list.insertBefore(row.nextElementSibling, row);
    } else if (action === "remove") {
      if (rows(editor).length === 1) {
        addRow(editor);
      }
      var next = row.nextElementSibling || row.previousElementSibling;
      row.remove();
      next.querySelector("input").focus();
      renumber(editor);
      return;
    } else {
      return;
    }
    renumber(editor);
    row.querySelector('[data-action="' + action + '"]').focus();
  }

  function start() {
    document.querySelectorAll(".rules-sections").forEach(setUp);
  }

  function setUp(editor) {
    editor.querySelectorAll("[hidden]").forEach(function (element) {
      element.hidden = false;
    });
    editor.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-action]");
      if (!button) {
        return;
      }
      if (button.dataset.action === "add") {
        addRow(editor);
      } else {
        act(editor, button.closest(".rules-section-row"), button.dataset.action);
      }
    });
  }

  // The admin loads form media in the page's head, before the form exists.
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
