// The box-label page: a button that opens the browser's print dialog.
(function () {
  "use strict";
  var button = document.querySelector(".print-button");
  if (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      window.print();
    });
  }
})();
