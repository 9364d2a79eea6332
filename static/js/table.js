// Trionfi, the table page: where focus goes when htmx redraws the table; and at friends'
// tables copy buttons for the invite and rejoin links, and the lobby's spoken news (the table's
// sounds are static/js/sounds.js). Everything else is htmx; the page works without this file.
(function () {
  "use strict";
  var focusWasInTable = false;
  var lobbyNews = null;

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

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("button.copy").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () { copy(button); });
    });
    lobbyNews = takenSeats();
  });
  document.body.addEventListener("htmx:afterSettle", function () {
    oneTable();
    tellLobby();
    foldInvite();
  });

  // The invite panel is open in the lobby and folded once the game has started (the page
  // that saw the lobby is not loaded again): once, so that a host who opens it keeps it open.
  function foldInvite() {
    var fold = document.querySelector("#invite .invite-fold[data-lobby]");
    var table = document.getElementById("table");
    if (!fold || !table || table.classList.contains("lobby")) return;
    fold.open = false;
    fold.removeAttribute("data-lobby");
  }

  // Focus: a redraw of #table takes the focused element with it (the card just played, the
  // "Discard" button), and focus would fall to the top of the page while the next moves are
  // revealed. htmx keeps focus on an element whose id is in the new table too (a card, #hand);
  // otherwise it goes to the viewer's hand (tabindex -1), or the status line for a spectator,
  // or the lobby's title, without scrolling. When it is the viewer's turn again, the card
  // marked autofocus takes it (htmx focuses it after the swap settles). Focus elsewhere (the
  // log, the settings) is left where it is.
  document.body.addEventListener("htmx:beforeSwap", function () {
    var table = document.getElementById("table");
    var active = document.activeElement;
    focusWasInTable = !!(table && active && active !== document.body && table.contains(active));
  });
  document.body.addEventListener("htmx:afterSwap", function () {
    if (!focusWasInTable) return;
    focusWasInTable = false;
    var active = document.activeElement;
    if (active && active !== document.body && document.body.contains(active)) return;
    var home = document.getElementById("hand") || document.getElementById("status") ||
      document.getElementById("lobby-title");
    if (home) home.focus({ preventScroll: true });
  });

  // The lobby's seat choice survives its redraws: the seat a person picked stays picked while
  // it is free (the server marks the first free seat, not knowing the pick).
  var pickedSeat = null;
  document.body.addEventListener("htmx:beforeSwap", function () {
    var picked = document.querySelector("#table.lobby input[name=seat]:checked");
    pickedSeat = picked ? picked.value : null;
  });
  document.body.addEventListener("htmx:afterSwap", function () {
    if (pickedSeat === null) return;
    var again = document.querySelector('#table.lobby input[name=seat][value="' + pickedSeat + '"]');
    if (again) again.checked = true;
    pickedSeat = null;
  });

  // The lobby's polite status (#lobby-status, outside #table): after a poll redrew the lobby,
  // each seat taken since says so (its data-news), then what happens now (#table's
  // data-after): "Ben took seat 2. Every seat is taken: you can start." Only who is here or
  // away changing says nothing.
  function takenSeats() {
    var taken = {};
    document.querySelectorAll("#table.lobby .lobby-seat[data-news]").forEach(function (seat) {
      taken[seat.id] = seat.dataset.news;
    });
    return taken;
  }

  function tellLobby() {
    var table = document.getElementById("table");
    var status = document.getElementById("lobby-status");
    if (!table || !status || !table.classList.contains("lobby")) return;
    var before = lobbyNews || {};
    var now = takenSeats();
    lobbyNews = now;
    var news = Object.keys(now).filter(function (id) { return !(id in before); })
      .map(function (id) { return now[id]; });
    if (news.length) status.textContent = news.concat([table.dataset.after]).join(" ");
  }

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
