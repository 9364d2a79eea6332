// Trionfi, friends' tables: copy buttons for the invite and rejoin links, and an optional
// sound when it becomes your turn. Everything else is htmx; the page works without this file.
(function () {
  "use strict";
  var KEY = "trionfi-turn-sound";
  var lastTurn = null;

  function copy(button) {
    var input = document.getElementById(button.dataset.copy);
    if (!input) return;
    input.select();
    var done = function () { button.textContent = "Copied"; };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, function () {});
    } else if (document.execCommand && document.execCommand("copy")) {
      done();
    }
  }

  function beep() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    var audio = new Context();
    var tone = audio.createOscillator();
    var gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
    tone.onended = function () { audio.close(); };
  }

  function myTurnNow() {
    var table = document.getElementById("table");
    if (!table || table.dataset.seat === undefined) return false;
    return table.dataset.turn === table.dataset.seat && table.dataset.phase !== "over";
  }

  function checkTurn() {
    var mine = myTurnNow();
    var box = document.getElementById("turn-sound");
    if (mine && lastTurn === false && box && box.checked) beep();
    lastTurn = mine;
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("button.copy").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () { copy(button); });
    });
    var box = document.getElementById("turn-sound");
    if (box) {
      box.closest(".sound-check").hidden = false;
      box.checked = localStorage.getItem(KEY) === "on";
      box.addEventListener("change", function () {
        localStorage.setItem(KEY, box.checked ? "on" : "off");
      });
    }
    lastTurn = myTurnNow();
  });
  document.body.addEventListener("htmx:afterSettle", function () {
    oneTable();
    checkTurn();
  });
  // Two answers crossing (a poll and a click) must never leave two tables on the page: keep
  // the newest (it was seen once in a browser test, not reproduced since).
  function oneTable() {
    var all = Array.prototype.slice.call(document.querySelectorAll("#table"));
    if (all.length < 2) return;
    var newest = all.reduce(function (a, b) {
      return Number(b.dataset.version) >= Number(a.dataset.version) ? b : a;
    });
    all.forEach(function (table) {
      if (table === newest) return;
      if (table.contains(newest)) table.replaceWith(newest);
      else table.remove();
    });
  }
  // A poll of a table that has since been redrawn asks for nothing and shows nothing: its
  // answer would repeat what the newer table already shows (the announcements twice).
  function gone(elt) { return !document.body.contains(elt); }
  document.body.addEventListener("htmx:beforeRequest", function (e) {
    if (gone(e.detail.elt)) e.preventDefault();
  });
  document.body.addEventListener("htmx:beforeSwap", function (e) {
    if (gone(e.detail.elt)) e.detail.shouldSwap = false;
  });

  // While the server restarts the polls fail; the page says so and keeps polling.
  function offline(on) {
    var note = document.getElementById("offline");
    if (note) note.hidden = !on;
  }
  document.body.addEventListener("htmx:sendError", function () { offline(true); });
  document.body.addEventListener("htmx:afterOnLoad", function () { offline(false); });
})();
