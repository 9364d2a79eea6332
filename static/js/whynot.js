// Trionfi, why a card may not be played: a tap, a click or Enter on a card of the hand that
// may not be played now (aria-disabled, with the engine's reason in data-why) shows the reason
// at once in #why-not over the hand (a polite live region), for about four seconds, and sends
// nothing. Without this file the card's form is posted and refused with the same words.
(function () {
  "use strict";
  var SHOWN_MS = 4000;
  var timer = null;

  function show(text) {
    var note = document.getElementById("why-not");
    if (!note || !text) return;
    window.clearTimeout(timer);
    if (note.textContent === text) {
      // The same reason again: emptied first, so that a screen reader says it again.
      note.textContent = "";
      window.requestAnimationFrame(function () { note.textContent = text; });
    } else {
      note.textContent = text;
    }
    note.classList.add("shown");
    timer = window.setTimeout(function () {
      note.classList.remove("shown");
      note.textContent = "";
    }, SHOWN_MS);
  }

  // In the capture phase, before htmx and static/js/feedback.js see the click: the form is
  // not submitted, the card stays where it is.
  document.addEventListener("click", function (event) {
    var card = event.target.closest && event.target.closest('#hand button.card[aria-disabled="true"]');
    if (!card) return;
    event.preventDefault();
    event.stopPropagation();
    show(card.dataset.why);
  }, true);
})();
