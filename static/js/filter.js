// Search on a long list (players, Swiss, standings): a box above the table hides the rows
// whose text (name, club, federation, ...) does not contain every typed word, ignoring case
// and diacritics (typing "dvorak" finds "Dvořák"). The box stays hidden without scripts,
// where the whole list shows. No build step.
(function () {
  "use strict";
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  document.querySelectorAll("input[data-filter]").forEach(function (box) {
    var table = document.querySelector(box.getAttribute("data-filter"));
    if (!table) { return; }
    var rows = Array.prototype.slice.call(table.querySelectorAll("tbody > tr"));
    var texts = rows.map(function (row) { return fold(row.textContent || ""); });
    var count = document.querySelector(box.getAttribute("data-count") || "#none");
    box.closest("[hidden]") && box.closest("[hidden]").removeAttribute("hidden");
    function apply() {
      var words = fold(box.value).split(/\s+/).filter(Boolean);
      var shown = 0;
      rows.forEach(function (row, index) {
        var match = words.every(function (word) { return texts[index].indexOf(word) >= 0; });
        row.hidden = !match;
        if (match) { shown += 1; }
      });
      if (count) { count.textContent = words.length ? shown + " / " + rows.length : ""; }
    }
    box.addEventListener("input", apply);
    apply();
  });
})();
