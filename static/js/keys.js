// Trionfi, the table page's keyboard: the arrow keys move between the cards of the hand (Enter
// or Space plays, as on any button), single keys for the hint, the tricks of this deal, the last
// trick, the next deal and taking back a card, "?" for the list of them (the #shortcuts dialog, also opened by its
// "Keyboard shortcuts" button), and focus on the first card that may be played when the page
// opens. Every key only reaches what the page already offers as a button or a region; without
// this file nothing is lost but the shortcuts themselves (Tab still reaches everything).
(function () {
  "use strict";

  var CARDS = '#hand button.card:not([disabled]):not([aria-disabled="true"])';

  // ---------------------------------------------------------------- moving within the hand

  function handCards() {
    return Array.prototype.slice.call(document.querySelectorAll(CARDS));
  }

  // Left and Up go to the previous card, Right and Down to the next (the hand wraps into rows
  // on a phone), Home and End to the ends; from the hand itself (where "Skip to your hand" and
  // the moves being revealed leave focus) into its first or last card. Cards that may not be
  // played (disabled, or aria-disabled with their reason: Tab still reaches those, and Enter
  // says why, static/js/whynot.js) are skipped; at either end focus stays where it is.
  var STEPS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

  function cardToFocus(key, from) {
    var cards = handCards();
    if (!cards.length) return null;
    if (key === "Home") return cards[0];
    if (key === "End") return cards[cards.length - 1];
    var at = cards.indexOf(from);
    if (at < 0) return STEPS[key] > 0 ? cards[0] : cards[cards.length - 1];
    return cards[Math.min(cards.length - 1, Math.max(0, at + STEPS[key]))];
  }

  function moveInHand(event) {
    if (!(event.key in STEPS) && event.key !== "Home" && event.key !== "End") return false;
    var hand = document.getElementById("hand");
    var from = document.activeElement;
    if (!hand || !from || (from !== hand && !hand.contains(from))) return false;
    var to = cardToFocus(event.key, from);
    if (!to) return false;
    event.preventDefault();  // no scrolling of the page
    to.focus();
    return true;
  }

  // ---------------------------------------------------------------- single-key shortcuts

  // Show a region and put focus on it: a <dialog> opens, a <details> opens and its summary
  // takes focus, anything else takes focus itself (made focusable by script only).
  function reveal(target) {
    if (!target) return;
    if (target.tagName === "DIALOG") {
      if (!target.open) target.showModal();
      return;
    }
    var into = target;
    if (target.tagName === "DETAILS") {
      target.open = true;
      into = target.querySelector("summary") || target;
    } else if (!target.hasAttribute("tabindex") && target.tabIndex < 0) {
      target.setAttribute("tabindex", "-1");
    }
    into.focus({ preventScroll: true });
    target.scrollIntoView({ block: "nearest" });
  }

  function press(button) {
    if (button && !button.disabled) button.click();
  }

  function nextDealButton() {
    return document.querySelector('#summary form[action$="/next"] button[type=submit]');
  }

  var SHORTCUTS = {
    h: function () { press(document.getElementById("hint-button")); },
    t: function () { reveal(document.getElementById("tricks")); },
    l: function () { reveal(document.getElementById("last-trick")); },
    n: function () { press(nextDealButton()); },
    u: function () { press(document.getElementById("take-back-button")); },
    "?": function () { openList(); },
  };

  // Screen readers say a control's shortcut ("Hint, button, h"): marked on every redraw.
  var MARKED = { h: "#hint-button", t: "#tricks", l: "#last-trick", u: "#take-back-button" };

  function markShortcuts() {
    Object.keys(MARKED).forEach(function (key) {
      var target = document.querySelector(MARKED[key]);
      if (target) target.setAttribute("aria-keyshortcuts", key);
    });
    var next = nextDealButton();
    if (next) next.setAttribute("aria-keyshortcuts", "n");
  }
  document.addEventListener("htmx:afterSwap", markShortcuts);  // at once: the settle comes later
  document.addEventListener("htmx:afterSettle", markShortcuts);

  // Typing in a field, a key held with Ctrl, Alt or Meta (the browser's and the screen
  // reader's own shortcuts), a key held down and anything while the list is open are left
  // alone.
  function typing(target) {
    if (!target || !target.closest) return false;
    return !!target.closest("input, textarea, select, [contenteditable]:not([contenteditable=false])");
  }

  function shortcutFor(event) {
    if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return null;
    if (event.repeat) return null;  // a key held down starts one deal, not several
    if (typing(event.target)) return null;
    var list = document.getElementById("shortcuts");
    if (list && list.open) return null;
    if (!document.getElementById("table")) return null;
    return Object.prototype.hasOwnProperty.call(SHORTCUTS, event.key) ? SHORTCUTS[event.key] : null;
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented) return;
    if (moveInHand(event)) return;
    var shortcut = shortcutFor(event);
    if (!shortcut) return;
    event.preventDefault();
    shortcut();
  });

  // ---------------------------------------------------------------- the list of shortcuts

  // A modal <dialog>: Escape closes it (the browser's own), as does its Close button; focus
  // goes back to where it was.
  var returnTo = null;

  function openList() {
    var list = document.getElementById("shortcuts");
    if (!list || list.open) return;
    returnTo = document.activeElement;
    list.showModal();
  }

  function listClosed() {
    var back = returnTo;
    returnTo = null;
    if (back && back !== document.body && document.body.contains(back)) {
      back.focus({ preventScroll: true });
    }
  }

  // ---------------------------------------------------------------- no ring before a key

  // Chromium shows the focus ring on an element a script focuses while nothing was pressed
  // yet, so the card focused on opening looked chosen (issue 21). Until a key is pressed the
  // page wears .quiet-focus (site.css: no ring); any key takes it off, a tap or a click puts
  // it back (the browser's own rule for the pointer, as for a redraw's focus after a click).
  var root = document.documentElement;
  root.classList.add("quiet-focus");
  document.addEventListener("keydown", function () { root.classList.remove("quiet-focus"); }, true);
  document.addEventListener("pointerdown", function () { root.classList.add("quiet-focus"); }, true);

  // ---------------------------------------------------------------- focus when the page opens

  // The card that may be played (or laid away) first; else what the page marked autofocus (a
  // "Continue", for instance), a decision's first choice, or the hand itself while the moves
  // before the person's turn are revealed (htmx then moves focus to the card marked autofocus).
  // A spectator has no hand: the page is left as it is.
  function openingFocus() {
    var table = document.getElementById("table");
    var hand = document.getElementById("hand");
    if (!table || !hand) return null;
    var card = hand.querySelector("button.card.legal:not([disabled])");
    if (card && (hand.classList.contains("playing") || hand.classList.contains("discarding"))) {
      return table.querySelector("[autofocus]") || card;
    }
    return table.querySelector("[autofocus]") ||
      table.querySelector(".decision .choices button.primary") || hand;
  }

  document.addEventListener("DOMContentLoaded", function () {
    markShortcuts();
    var list = document.getElementById("shortcuts");
    if (list) {
      list.addEventListener("close", listClosed);
      var opener = document.getElementById("shortcuts-open");
      if (opener) {
        opener.closest(".shortcuts-open").hidden = false;
        opener.addEventListener("click", openList);
      }
    }
    if (location.hash) return;  // a link to a part of the page goes there
    var active = document.activeElement;
    if (active && active !== document.body) return;
    var home = openingFocus();
    if (home) home.focus({ preventScroll: true });
  });
})();
