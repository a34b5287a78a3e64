// The arbiter's console (templates/console/show.html): follows the round's Server-Sent Events
// and rewrites a board's row when it changes — state, last move, clocks, alerts, claim hints —
// and queues the alerts that call for the arbiter (an illegal move, a flag) at the top, with a
// sound when it is switched on, each with its Confirm button (a plain form: the arbiter's
// confirmation is written by the server and the console comes back); an alert confirmed
// elsewhere leaves the queue. Text only: nothing received is read as HTML.
(function () {
  "use strict";
  var table = document.getElementById("console");
  if (!table || !window.EventSource) return;
  var base = table.getAttribute("data-events").replace(/\/events$/, "");
  function hidden(name, value) {
    var input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    return input;
  }
  function confirmForm(board, alert) {
    var form = document.createElement("form");
    form.method = "post";
    form.action = base + "/" + board + "/confirm";
    form.className = "inline confirm-form";
    var button = document.createElement("button");
    button.type = "submit";
    button.className = "small";
    button.textContent = table.getAttribute("data-confirm");
    form.append(hidden("csrf_token", table.getAttribute("data-csrf")),
      hidden("ply", String(alert.ply)), hidden("alert", alert.kind), button);
    return form;
  }
  var queue = document.getElementById("alerts");
  var toggle = document.getElementById("sound-toggle");
  var sound = false;
  var audio = null;
  window.consoleUpdates = 0;
  if (toggle) {
    toggle.addEventListener("click", function () {
      sound = !sound;
      toggle.textContent = toggle.getAttribute(sound ? "data-on" : "data-off");
      if (sound && !audio && window.AudioContext) audio = new window.AudioContext();
    });
  }
  function beep() {
    if (!sound || !audio) return;
    var oscillator = audio.createOscillator();
    var gain = audio.createGain();
    oscillator.frequency.value = 880;
    gain.gain.value = 0.2;
    oscillator.connect(gain);
    gain.connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.25);
  }
  function item(alert, withArticle) {
    var li = document.createElement("li");
    li.className = "urgency-" + alert.urgency;
    li.setAttribute("data-kind", alert.kind);
    li.textContent = (alert.at ? alert.at + " " : "") + alert.text + " ";
    if (withArticle && alert.article) {
      var span = document.createElement("span");
      span.className = "article";
      span.textContent = alert.article;
      li.appendChild(span);
    }
    if (alert.confirmed) {
      li.classList.add("confirmed");
      var mark = document.createElement("span");
      mark.className = "confirmed-mark";
      mark.textContent = "\u2713 " + table.getAttribute("data-confirmed");
      li.append(" ", mark);
    }
    return li;
  }
  function list(cell, items) {
    var ul = document.createElement("ul");
    items.forEach(function (li) { ul.appendChild(li); });
    cell.replaceChildren(ul);
  }
  function update(line) {
    var row = document.getElementById("board-" + line.board);
    if (!row) return;
    row.setAttribute("data-state", line.state);
    var state = row.querySelector(".state");
    var badge = document.createElement("span");
    badge.className = "badge state-" + line.state;
    badge.textContent = line.state_text;
    state.replaceChildren(badge);
    if (line.result) {
      var result = document.createElement("strong");
      result.className = "result";
      result.textContent = line.result;
      state.append(" ", result);
    }
    row.querySelector(".last-move").textContent = line.last_move;
    var clocks = row.querySelectorAll(".clock");
    if (clocks.length === 2) {
      clocks[0].textContent = line.white_clock;
      clocks[1].textContent = line.black_clock;
      clocks[0].classList.toggle("running", line.running === "white");
      clocks[1].classList.toggle("running", line.running === "black");
    }
    list(row.querySelector(".alerts"), line.alerts.map(function (a) { return item(a, true); }));
    // The latest two hints on the console; the board's page has them all.
    list(row.querySelector(".claims"), line.claims.slice(0, 2).map(function (c) {
      var li = document.createElement("li");
      li.textContent = c.text + " ";
      var span = document.createElement("span");
      span.className = "article";
      span.textContent = c.article;
      li.appendChild(span);
      return li;
    }));
    line.alerts.forEach(function (alert) {
      if (alert.urgency !== 0 || !queue) return;
      var key = line.board + "-" + alert.ply + "-" + alert.kind;
      var queued = queue.querySelector('[data-key="' + key + '"]');
      if (alert.confirmed) {
        if (queued) queued.remove();
        return;
      }
      if (queued) return;
      var li = item(alert, true);
      li.setAttribute("data-key", key);
      li.setAttribute("data-board", String(line.board));
      li.setAttribute("data-ply", String(alert.ply));
      li.setAttribute("data-kind", alert.kind);
      var link = document.createElement("a");
      link.href = row.querySelector("a").getAttribute("href");
      link.textContent = table.getAttribute("data-board-label") + " " + line.board;
      li.prepend(link, ": ");
      li.append(confirmForm(line.board, alert));
      queue.prepend(li);
      beep();
    });
    window.consoleUpdates += 1;
  }
  var source = new EventSource(table.getAttribute("data-events"));
  source.addEventListener("board", function (event) {
    try { update(JSON.parse(event.data)); } catch (e) { /* a broken message: the next one mends it */ }
  });
  source.addEventListener("reload", function () { window.location.reload(); });
})();
