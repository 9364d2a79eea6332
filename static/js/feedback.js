// Trionfi, instant feedback: the card a person plays (or the cards they lay away) leave the
// hand the moment they click, and the card shows in the trick, while the server's answer is
// on its way. The answer then replaces the whole table with the truth: the card where it went
// and "Right is thinking…", or the hand again with the reason if the click was refused. The
// Fool is left alone (leading it may ask a question first). Without this file the answer
// shows the same a moment later. With motion on, static/js/motion.js moves the card from the
// hand (and the finished trick it clears to its winner) at the click, told by the events
// "trionfi:beforeplay" and "trionfi:played"; the answer's redraw then finds the card in place.
(function () {
  "use strict";
  var clicked = null;

  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest("#hand.playing button.card.legal");
    clicked = button && !button.disabled ? button : null;
  }, true);

  document.body.addEventListener("htmx:beforeSend", function (e) {
    var form = e.detail.elt;
    if (!form || form.tagName !== "FORM") return;
    var action = form.getAttribute("hx-post") || "";
    if (/\/play$/.test(action) && clicked && form.contains(clicked)) {
      showPlayed(clicked);
    } else if (/\/discard$/.test(action)) {
      document.querySelectorAll('#hand button.card[aria-pressed="true"]').forEach(sent);
      quietStatus();
    }
    clicked = null;
  });

  function sent(button) {
    // A hidden element loses focus to the page's body: the hand keeps it (as after a redraw).
    if (document.activeElement === button) {
      var hand = document.getElementById("hand");
      if (hand) hand.focus({ preventScroll: true });
    }
    button.classList.add("sent");
    button.setAttribute("aria-hidden", "true");
  }

  function quietStatus() {
    var status = document.getElementById("status");
    if (status) status.textContent = "\u2026";
  }

  function showPlayed(button) {
    if (button.dataset.card === "FOOL") return;
    var trick = document.getElementById("trick");
    var face = button.querySelector("img, svg");
    if (!trick || !face) return;
    // static/js/motion.js notes the table as it is, then moves what changed (the card from the
    // hand, the finished trick to its winner).
    document.dispatchEvent(new CustomEvent("trionfi:beforeplay"));
    var finished = trick.classList.contains("finished");
    if (finished) {
      // The page still shows the last trick gathered: the new one starts empty.
      trick.querySelectorAll(".played, .won, .named").forEach(function (old) { old.remove(); });
      trick.classList.remove("finished");
    }
    var played = document.createElement("div");
    played.className = "played pos-bottom sent";
    played.dataset.card = button.dataset.card;
    var table = document.getElementById("table");
    if (table && table.dataset.seat !== undefined) played.dataset.seat = table.dataset.seat;
    played.appendChild(face.cloneNode(true));
    trick.classList.remove("empty");
    trick.appendChild(played);
    sent(button);
    quietStatus();
    document.dispatchEvent(new CustomEvent("trionfi:played"));
  }
})();
