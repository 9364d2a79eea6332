// Trionfi, the table page: cards that move. Before htmx redraws #table this notes where every
// card (data-card) and every seat panel is; after the redraw a card new in #trick travels
// there from where it was: the viewer's hand, or its player's seat panel (FLIP: first place,
// last place, invert with a transform, play). A finished trick that leaves #trick gathers
// toward its winner's seat panel and fades, drawn by copies of the cards it showed.
//
// Only transforms and opacity move, on elements that are already laid out or on fixed copies
// outside the layout: nothing shifts. Nothing hidden is shown either: an opponent's card is the
// one the new table shows face up in the trick; before, only its seat panel was known. The
// timing follows the table's speed (#table's data-delay-ms, the pause between two moves); at
// Instant (0) and under prefers-reduced-motion nothing moves. Without JavaScript, or without
// this file, the page is the same, only still.
(function () {
  "use strict";
  var reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var EASE = "cubic-bezier(.2, .7, .25, 1)";
  var before = null;

  /** How long a card travels, from the pause between two moves; 0: it does not move. */
  function travelMs(table) {
    if (!table || (reduced && reduced.matches)) return 0;
    if (typeof Element.prototype.animate !== "function") return 0;
    var delay = Number(table.dataset.delayMs || 0);
    if (!(delay > 0)) return 0;
    return Math.round(Math.min(650, Math.max(180, delay * 0.55)));
  }

  function place(element) {
    var r = element.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height };
  }

  function ownTransform(element) {
    var t = getComputedStyle(element).transform;
    return t && t !== "none" ? t : "";
  }

  /** What the table shows now, as places on the screen (and the finished trick's faces). */
  function note(table) {
    var seen = { table: table, cards: {}, seats: {}, gone: [], winner: null };
    // A card feedback.js took out of the hand (.sent, hidden) is in #trick already.
    var cards = "#trick [data-card], #hand [data-card]:not(.sent)";
    table.querySelectorAll(cards).forEach(function (card) {
      seen.cards[card.dataset.card] = place(card);
    });
    table.querySelectorAll(".seat[id^='seat-']").forEach(function (seat) {
      seen.seats[seat.id] = place(seat);
    });
    var trick = table.querySelector("#trick.finished");
    var winner = trick && trick.querySelector(".played.winner");
    if (!winner) return seen;
    seen.winner = "seat-" + winner.dataset.seat;
    trick.querySelectorAll(".played").forEach(function (played) {
      var face = played.querySelector("img");
      if (!face) return;
      seen.gone.push({
        code: played.dataset.card,
        face: face,
        at: place(face),
        w: face.offsetWidth,
        h: face.offsetHeight,
        turn: ownTransform(played),
      });
    });
    return seen;
  }

  /** Moves a card of #trick from where it was before (or from its seat panel) to its place. */
  function travel(card, from, ms, index) {
    var to = place(card);
    var dx = from.x - to.x;
    var dy = from.y - to.y;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
    var scale = from.seat ? 0.5 : Math.max(0.3, Math.min(2, from.w / (to.w || 1)));
    var rest = ownTransform(card);
    card.animate(
      [
        { transform: "translate(" + dx + "px, " + dy + "px) scale(" + scale + ") " + rest,
          opacity: from.seat ? 0.3 : 1 },
        { transform: rest || "none", opacity: 1 },
      ],
      { duration: ms, delay: index * Math.round(ms / 4), easing: EASE, fill: "backwards" }
    );
  }

  /** Cards new in #trick travel in; from the seat panels one after the other, and after the
   *  gathering trick has met in the middle (when one gathers), so the two do not cross. */
  function flyIn(table, seen, ms, gathering) {
    var newcomers = gathering ? 2 : 0;
    table.querySelectorAll("#trick .played[data-card]").forEach(function (card) {
      var from = seen.cards[card.dataset.card];
      if (from) {
        travel(card, from, ms, 0);
        return;
      }
      var seat = seen.seats["seat-" + card.dataset.seat];
      if (!seat) return;
      travel(card, { x: seat.x, y: seat.y, w: seat.w, h: seat.h, seat: true }, ms, newcomers);
      newcomers += 1;
    });
  }

  function layer() {
    var found = document.getElementById("motion-layer");
    if (found) return found;
    var made = document.createElement("div");
    made.id = "motion-layer";
    made.className = "motion-layer";
    made.setAttribute("aria-hidden", "true");
    document.body.appendChild(made);
    return made;
  }

  /** A fixed copy of a card face of the finished trick, where that face was. */
  function ghost(card) {
    var copy = document.createElement("div");
    copy.className = "motion-ghost";
    copy.style.width = card.w + "px";
    copy.style.height = card.h + "px";
    copy.style.left = card.at.x - card.w / 2 + "px";
    copy.style.top = card.at.y - card.h / 2 + "px";
    var face = card.face.cloneNode(false);
    face.alt = "";
    face.removeAttribute("title");
    copy.appendChild(face);
    return copy;
  }

  /** The finished trick that left #trick: its cards meet, then go to the winner's panel.
   *  Whether it does. */
  function gather(table, seen, ms) {
    if (!seen.gone.length) return false;
    var trick = table.querySelector("#trick");
    var still = seen.gone.some(function (card) {
      return trick && trick.querySelector('[data-card="' + card.code + '"]');
    });
    var winner = table.querySelector("#" + seen.winner);
    if (still || !winner) return false;
    var to = place(winner);
    var middle = { x: 0, y: 0 };
    seen.gone.forEach(function (card) {
      middle.x += card.at.x / seen.gone.length;
      middle.y += card.at.y / seen.gone.length;
    });
    var room = layer();
    seen.gone.forEach(function (card) {
      var copy = ghost(card);
      room.appendChild(copy);
      var rest = card.turn ? " " + card.turn : "";
      var meet = "translate(" + (middle.x - card.at.x) + "px, " + (middle.y - card.at.y) + "px)";
      var away = "translate(" + (to.x - card.at.x) + "px, " + (to.y - card.at.y) + "px) scale(.35)";
      var flight = copy.animate(
        [
          { transform: "translate(0, 0)" + rest, opacity: 1 },
          { transform: meet, opacity: 1, offset: 0.4 },
          { transform: away, opacity: 0 },
        ],
        { duration: Math.round(ms * 1.3), easing: "ease-in-out", fill: "forwards" }
      );
      flight.onfinish = function () { copy.remove(); };
      flight.oncancel = function () { copy.remove(); };
    });
    return true;
  }

  // The person's card shown at once (static/js/feedback.js, before the server answers): it
  // travels from the hand now, and the finished trick it clears away gathers now; when the
  // answer redraws the table, that card goes on from where it is (it is in #trick already).
  var early = null;
  document.addEventListener("trionfi:beforeplay", function () {
    var table = document.getElementById("table");
    early = table && travelMs(table) ? note(table) : null;
  });
  document.addEventListener("trionfi:played", function () {
    var seen = early;
    early = null;
    var table = document.getElementById("table");
    if (!seen || !table || table !== seen.table) return;
    var ms = travelMs(table);
    if (!ms) return;
    flyIn(table, seen, ms, gather(table, seen, ms));
  });

  document.body.addEventListener("htmx:beforeSwap", function () {
    var table = document.getElementById("table");
    before = table && travelMs(table) ? note(table) : null;
  });

  document.body.addEventListener("htmx:afterSwap", function () {
    var seen = before;
    before = null;
    var table = document.getElementById("table");
    if (!seen || !table || table === seen.table) return;
    var ms = travelMs(table);
    if (!ms) return;
    flyIn(table, seen, ms, gather(table, seen, ms));
  });
})();
