// A round's results by keyboard (an individual round's page, and a league round's boards, for
// whoever runs the day): type 1, =, ½, 0, + or - (or any result code) in a board's box and
// press Enter or Tab; the board is saved without a reload and the next board's box is selected,
// across the matches of a league round too. Each box is a plain form that posts without this
// script too. The server answers JSON (`Accept: application/json`): the result, the board's
// new version and the count of missing results; a conflict (another result saved meanwhile),
// a code that does not read or a board no longer paired shows on the board's row, in words,
// and changes nothing. No build step.
(function () {
  "use strict";
  var tables = Array.prototype.slice.call(document.querySelectorAll("table.entering"));
  if (tables.length === 0) { return; }
  var failed = tables[0].getAttribute("data-save-failed") || "";
  var boxes = [];
  tables.forEach(function (table) {
    boxes = boxes.concat(Array.prototype.slice.call(table.querySelectorAll("input.result-key")));
  });

  function rowOf(box) { return box.closest("tr"); }
  function message(box, text, isError) {
    var out = box.form.querySelector("output.result-message");
    if (!out) { return; }
    out.textContent = text;
    out.classList.toggle("error", !!isError);
  }
  function setMissing(count) {
    var wrap = document.getElementById("missing-results");
    var number = document.getElementById("missing-count");
    if (!wrap || !number || typeof count !== "number") { return; }
    number.textContent = String(count);
    wrap.hidden = count === 0;
  }
  function next(box) {
    var index = boxes.indexOf(box);
    var following = boxes[index + 1];
    if (following) { following.focus(); following.select(); }
  }
  function save(box, moveOn) {
    var form = box.form;
    var typed = box.value.trim();
    if (box.getAttribute("data-saved") === typed) {
      if (moveOn) { next(box); }
      return;
    }
    var row = rowOf(box);
    row.classList.add("saving");
    row.classList.remove("saved", "failed");
    var body = new URLSearchParams(new FormData(form));
    fetch(form.action, {
      method: "POST",
      headers: { "Accept": "application/json" },
      body: body,
      credentials: "same-origin"
    }).then(function (response) {
      return response.json().then(function (data) {
        return { ok: response.ok, status: response.status, data: data };
      }, function () {
        return { ok: false, status: response.status, data: {} };
      });
    }).then(function (answer) {
      row.classList.remove("saving");
      var data = answer.data || {};
      if (typeof data.version === "number") {
        form.querySelector("input[name=version]").value = String(data.version);
      }
      setMissing(data.missing);
      if (answer.ok) {
        box.value = data.label || "";
        box.setAttribute("data-saved", box.value);
        row.classList.add("saved");
        message(box, "", false);
      } else {
        row.classList.add("failed");
        message(box, failed + (data.error || ("HTTP " + answer.status)), true);
      }
    }).catch(function () {
      row.classList.remove("saving");
      row.classList.add("failed");
      message(box, failed + "—", true);
    });
    if (moveOn) { next(box); }
  }

  boxes.forEach(function (box) {
    box.setAttribute("data-saved", box.value.trim());
    box.form.addEventListener("submit", function (event) {
      event.preventDefault();
      save(box, true);
    });
    box.addEventListener("keydown", function (event) {
      if (event.key === "Tab" && !event.shiftKey && box.value.trim() !== box.getAttribute("data-saved")) {
        event.preventDefault();
        save(box, true);
      }
    });
    box.addEventListener("focus", function () { box.select(); });
  });
})();
