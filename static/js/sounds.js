// Trionfi, sounds at the table: a short tap when a card is played, a chime when a trick is won
// (rising when the viewer won it) and two notes when it becomes the viewer's turn. Off by
// default: the "Sounds" checkbox (#sounds, hidden without JavaScript) turns them on, and this
// browser remembers the choice (localStorage). The tones are synthesised with the Web Audio API,
// no audio files; the AudioContext is made only once the person has turned sounds on, by a
// click (browsers let a page make sound only after a gesture), or at the first click after a
// reload with sounds remembered on.
//
// What sounds is read from the page, never guessed: after each htmx swap the table as it is now
// (the cards in #trick, a finished trick and its winner, #table's data-turn) is compared with
// the table before; the person's own card sounds at the click (static/js/feedback.js's
// "trionfi:played"), and its redraw finds it in #trick already. Each sound is announced as a
// "trionfi:sound" event ({kind: "card" | "trick" | "turn"}) for whoever listens.
(function () {
  "use strict";
  var KEY = "trionfi-sounds";
  var audio = null;
  var before = null;

  function box() { return document.getElementById("sounds"); }
  function enabled() { var b = box(); return !!(b && b.checked); }

  /** The page's AudioContext, made (or woken) only while sounds are on. */
  function context() {
    if (!enabled()) return null;
    if (!audio) {
      var Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return null;
      audio = new Context();
    }
    if (audio.state === "suspended" && audio.resume) audio.resume();
    return audio;
  }

  /** One soft tone: ``at`` seconds from now, for ``length`` seconds, fading out. */
  function tone(ctx, frequency, at, length, volume, type) {
    var start = ctx.currentTime + at;
    var oscillator = ctx.createOscillator();
    var gain = ctx.createGain();
    oscillator.type = type;
    oscillator.frequency.setValueAtTime(frequency, start);
    gain.gain.setValueAtTime(volume, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + length);
    oscillator.connect(gain);
    gain.connect(ctx.destination);
    oscillator.start(start);
    oscillator.stop(start + length + 0.02);
  }

  var SOUNDS = {
    card: function (ctx, at) { tone(ctx, 300, at, 0.07, 0.14, "triangle"); },
    trick: function (ctx, at, mine) {
      tone(ctx, mine ? 523 : 587, at, 0.2, 0.09, "sine");
      tone(ctx, mine ? 784 : 440, at + 0.09, 0.24, 0.09, "sine");
    },
    turn: function (ctx, at) {
      tone(ctx, 660, at, 0.12, 0.1, "sine");
      tone(ctx, 880, at + 0.12, 0.2, 0.1, "sine");
    },
  };

  function sound(kind, at, mine) {
    var ctx = context();
    if (!ctx) return;
    SOUNDS[kind](ctx, at || 0, !!mine);
    document.dispatchEvent(new CustomEvent("trionfi:sound", { detail: { kind: kind } }));
  }

  /** The viewer's seat: #table's data-seat at a friends' table; at a table against the
   *  computer the person, whose hand the page shows, sits at seat 0; a spectator has none. */
  function viewerSeat(table) {
    if (table.dataset.seat !== undefined) return table.dataset.seat;
    return document.getElementById("hand") && !document.body.classList.contains("friends")
      ? "0" : null;
  }

  /** What the table shows now, as far as its sounds go. */
  function look() {
    var table = document.getElementById("table");
    var now = { table: table, cards: {}, finished: "", winner: null, myTurn: false };
    if (!table) return now;
    table.querySelectorAll("#trick .played[data-card]").forEach(function (card) {
      now.cards[card.dataset.card] = true;
    });
    var trick = table.querySelector("#trick.finished");
    var winner = trick && trick.querySelector(".played.winner");
    if (winner) {
      now.finished = Object.keys(now.cards).sort().join(" ");
      now.winner = winner.dataset.seat;
    }
    var seat = viewerSeat(table);
    var phase = table.dataset.phase;
    now.myTurn = seat !== null && table.dataset.turn === seat && phase !== "over" &&
      phase !== "lobby";
    now.seat = seat;
    return now;
  }

  /** Sound what changed since the last look (one of each kind, one after the other). */
  function listen() {
    var now = look();
    var was = before;
    before = now;
    if (!was || !now.table || !enabled()) return;
    var at = 0;
    var newCard = Object.keys(now.cards).some(function (code) { return !was.cards[code]; });
    if (newCard) {
      sound("card", at);
      at += 0.1;
    }
    if (now.finished && now.finished !== was.finished) {
      sound("trick", at, now.winner !== null && now.winner === now.seat);
      at += 0.3;
    }
    if (now.myTurn && !was.myTurn) sound("turn", at);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var b = box();
    if (b) {
      b.closest(".sound-check").hidden = false;
      b.checked = localStorage.getItem(KEY) === "on";
      b.addEventListener("change", function () {
        localStorage.setItem(KEY, b.checked ? "on" : "off");
        if (b.checked) context(); // the click is the gesture the browser asks for
      });
    }
    before = look();
  });
  // Remembered on after a reload: the first click or key anywhere lets the page sound.
  ["pointerdown", "keydown"].forEach(function (type) {
    document.addEventListener(type, function () { context(); }, true);
  });
  document.addEventListener("trionfi:played", function () {
    // The person's own card, shown at the click (feedback.js): it sounds now, not at the
    // answer's redraw, which will find it in #trick already.
    var was = before;
    before = look();
    var newCard = was && Object.keys(before.cards).some(function (code) {
      return !was.cards[code];
    });
    if (newCard) sound("card", 0);
  });
  document.body.addEventListener("htmx:afterSettle", listen);
})();
