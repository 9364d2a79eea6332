// Trionfi, the table page's "Tricks of this deal" panel (templates/partials/tricks.html): the
// "Tricks" link opens the panel in every browser (Chromium alone opens a <details> on a jump
// into it) and the panel stays open, or closed, while htmx redraws the table after each move.
// Without this file the panel still opens with its summary.
(function () {
  "use strict";
  var wasOpen = null;

  function panel() { return document.getElementById("tricks"); }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.tricks-link");
    var details = panel();
    if (!link || !details) return;
    details.open = true;
    wasOpen = true;
    event.preventDefault();
    var list = document.getElementById("tricks-list");
    details.scrollIntoView({ block: "start" });
    if (list) list.focus({ preventScroll: true });
    if (history.replaceState) history.replaceState(null, "", "#tricks-list");
  });

  document.body.addEventListener("htmx:beforeSwap", function () {
    var details = panel();
    wasOpen = details ? details.open : wasOpen;
  });
  document.body.addEventListener("htmx:afterSwap", function () {
    var details = panel();
    if (details && wasOpen !== null) details.open = wasOpen;
  });
})();
