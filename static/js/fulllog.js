// Trionfi, the whole deal's log (#full-log, a <details> beside or under the table): the
// ticker's "Full log" link opens it in every browser (Chromium alone opens a <details> on a
// jump into it) and puts focus on its entries. Without this file the link still jumps there.
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a#ticker");
    var details = document.getElementById("full-log");
    if (!link || !details) return;
    event.preventDefault();
    details.open = true;
    var entries = document.getElementById("deal-log");
    details.scrollIntoView({ block: "start" });
    if (entries) entries.focus({ preventScroll: true });
    if (history.replaceState) history.replaceState(null, "", "#deal-log");
  });
})();
