// Trionfi, the replay viewer: the arrow keys step through the deal (Left and Right a move,
// Home and End the start and the end), and the move list keeps the current move in view.
// The steps are plain links that htmx follows; the page works without this file.
(function () {
  "use strict";

  function typing(target) {
    var tag = target && target.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable);
  }

  function showCurrentMove() {
    var list = document.querySelector("#replay .replay-move-list");
    var current = list && list.querySelector('[aria-current="step"]');
    if (!current) return;
    var item = current.parentElement;
    list.scrollTop = Math.max(0, item.offsetTop - list.clientHeight / 2);
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (typing(event.target)) return;
    var replay = document.getElementById("replay");
    if (!replay) return;
    if (!/^(ArrowLeft|ArrowRight|Home|End)$/.test(event.key)) return;
    event.preventDefault(); // at the start or the end too: the keys step, never scroll
    var link = replay.querySelector('a[data-replay-key="' + event.key + '"]');
    if (link) link.click();
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target && event.target.id === "replay") showCurrentMove();
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", showCurrentMove);
  } else {
    showCurrentMove();
  }
})();
