// Live round view (Laws Art. 6.7): counts each waiting board down to the default time every
// second and asks the server for the round's state every 3 seconds, updating the table in
// place (no reload, no build step). The server decides every state; the page only shows it.
// A check-in is saved in place too: the form is sent with `Accept: application/json` and the
// answer (the round's state) is shown, so the page neither reloads nor scrolls; if that fails
// the form is sent as a page, which returns to the board's row.
(function () {
  "use strict";
  var table = document.getElementById("live-boards");
  if (!table) { return; }
  var url = table.getAttribute("data-url");
  // Offset between the server clock and ours, so countdowns follow the server.
  var offset = Number(table.getAttribute("data-now")) * 1000 - Date.now();
  var deadlines = {};

  function label(state) {
    return table.getAttribute("data-label-" + state) || state;
  }

  function clock(seconds) {
    if (seconds < 0) { seconds = 0; }
    var m = Math.floor(seconds / 60), s = Math.floor(seconds % 60);
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  function show(el, visible) {
    if (el) { el.hidden = !visible; }
  }

  function update(board) {
    var row = table.querySelector('tr[data-game="' + board.game_id + '"]');
    if (!row) { return; }
    row.setAttribute("data-state", board.state);
    row.className = "state-" + board.state;
    row.querySelector("[data-label]").textContent = label(board.state);
    var finished = board.result !== null && board.result !== undefined;
    ["white", "black"].forEach(function (colour) {
      var present = colour === "white" ? board.white_present : board.black_present;
      show(row.querySelector('[data-present="' + colour + '"]'), present);
      show(row.querySelector('[data-check-in="' + colour + '"]'), !present && !finished);
    });
    var countdown = row.querySelector("[data-countdown]");
    if (board.remaining_seconds !== null && board.remaining_seconds !== undefined) {
      deadlines[board.game_id] = Date.now() + offset + board.remaining_seconds * 1000;
      countdown.textContent = clock(board.remaining_seconds);
    } else {
      delete deadlines[board.game_id];
      countdown.textContent = "";
    }
    show(row.querySelector("[data-note-672]"),
      board.white_clock_seconds !== null && board.state === "waiting");
    var forfeit = row.querySelector("[data-forfeit]");
    if (forfeit) {
      show(forfeit, !!board.forfeit);
      forfeit.querySelector("[data-forfeit-code]").textContent = board.forfeit || "";
      forfeit.querySelector('input[name="version"]').value = board.version;
    }
    row.querySelector("[data-result]").textContent = finished ? board.result : "";
  }

  function tick() {
    var now = Date.now() + offset;
    Object.keys(deadlines).forEach(function (game) {
      var row = table.querySelector('tr[data-game="' + game + '"] [data-countdown]');
      if (row) { row.textContent = clock((deadlines[game] - now) / 1000); }
    });
  }

  // The tag of the state last shown: the server answers 304 while the boards read the same.
  var etag = null;

  function stamp(seconds) {
    table.setAttribute("data-polled", String(seconds));
    var el = document.getElementById("live-updated");
    if (el) { el.textContent = new Date(seconds * 1000).toLocaleTimeString(); }
  }

  function poll() {
    var headers = { "Accept": "application/json" };
    if (etag) { headers["If-None-Match"] = etag; }
    fetch(url, { headers: headers, cache: "no-store" })
      .then(function (response) {
        if (response.status === 304) {
          stamp(Math.floor((Date.now() + offset) / 1000));
          return null;
        }
        if (!response.ok) { return null; }
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (live) {
        if (!live) { return; }
        offset = live.now * 1000 - Date.now();
        live.boards.forEach(update);
        stamp(live.now);
      })
      .catch(function () { /* keep the last state; try again at the next poll */ });
  }

  table.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList.contains("check-in") || !window.fetch || !window.URLSearchParams) {
      return;
    }
    event.preventDefault();
    var button = form.querySelector("button");
    if (button) { button.disabled = true; }
    fetch(form.action, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Accept": "application/json",
        "Content-Type": "application/x-www-form-urlencoded"
      },
      body: new URLSearchParams(new FormData(form)).toString()
    })
      .then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      })
      .then(function (live) {
        if (button) { button.disabled = false; }
        etag = null;
        offset = live.now * 1000 - Date.now();
        live.boards.forEach(update);
        stamp(live.now);
      })
      .catch(function () {
        if (button) { button.disabled = false; }
        form.submit();
      });
  });

  document.querySelectorAll("#live-boards [data-countdown]").forEach(function (el) {
    var seconds = el.getAttribute("data-countdown");
    var row = el.closest("tr");
    if (seconds !== "" && row) {
      deadlines[row.getAttribute("data-game")] = Date.now() + offset + Number(seconds) * 1000;
    }
  });
  setInterval(tick, 1000);
  setInterval(poll, 3000);
  poll();
})();
