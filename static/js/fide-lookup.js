// The type-ahead of the player form's rating list look-up: while a name is typed (two letters
// or more), the list's players whose name starts so are offered in the field's <datalist>
// (their FIDE ID as the value, name, federation, title, rating and birth year as the label);
// choosing one looks that FIDE ID up. Without scripts the look-up by name lists the players
// to choose from. No build step.
(function () {
  "use strict";
  var form = document.getElementById("fide-lookup");
  if (!form || !window.fetch) { return; }
  var input = form.querySelector("input[name=fide_id]");
  var list = document.getElementById("fide-names");
  var url = form.getAttribute("data-names");
  var timer = null;
  var asked = "";
  var offered = {};

  function offer(names) {
    while (list.firstChild) { list.removeChild(list.firstChild); }
    offered = {};
    names.forEach(function (name) {
      var option = document.createElement("option");
      option.value = String(name.fide_id);
      option.label = name.label;
      option.textContent = name.label;
      list.appendChild(option);
      offered[String(name.fide_id)] = true;
    });
  }

  input.addEventListener("input", function () {
    var typed = input.value.trim();
    if (offered[typed]) { form.submit(); return; }
    if (timer) { clearTimeout(timer); }
    if (typed.length < 2 || /^[0-9]+$/.test(typed)) { offer([]); return; }
    timer = setTimeout(function () {
      if (typed === asked) { return; }
      asked = typed;
      fetch(url + "?q=" + encodeURIComponent(typed), { credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.json() : []; })
        .then(function (names) { if (input.value.trim() === typed) { offer(names); } })
        .catch(function () { offer([]); });
    }, 200);
  });
})();
