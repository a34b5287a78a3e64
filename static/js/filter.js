// Search on a long list (players, Swiss, standings): a box above the table hides the rows
// whose text (name, club, federation, ...) does not contain every typed word, ignoring case
// and diacritics (typing "dvorak" finds "Dvořák"). The box stays hidden without scripts,
// where the whole list shows. A box with `data-tag-select` names a select whose value the
// rows' `data-tags` must also hold (the Swiss page's status filter). No build step.
(function () {
  "use strict";
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  document.querySelectorAll("input[data-filter]").forEach(function (box) {
    var table = document.querySelector(box.getAttribute("data-filter"));
    if (!table) { return; }
    var rows = Array.prototype.slice.call(table.querySelectorAll("tbody > tr"));
    // A row's own text, without the labels of its action menu.
    var texts = rows.map(function (row) {
      var text = row.textContent || "";
      var menu = row.querySelector("details.row-menu");
      return fold(menu ? text.replace(menu.textContent || "", "") : text);
    });
    var count = document.querySelector(box.getAttribute("data-count") || "#none");
    var tagSelect = document.querySelector(box.getAttribute("data-tag-select") || "#none");
    box.closest("[hidden]") && box.closest("[hidden]").removeAttribute("hidden");
    function apply() {
      var words = fold(box.value).split(/\s+/).filter(Boolean);
      var tag = tagSelect ? tagSelect.value : "";
      var shown = 0;
      rows.forEach(function (row, index) {
        var tags = (row.getAttribute("data-tags") || "").split(" ");
        var match = words.every(function (word) { return texts[index].indexOf(word) >= 0; }) &&
          (!tag || tags.indexOf(tag) >= 0);
        row.hidden = !match;
        if (match) { shown += 1; }
      });
      if (count) { count.textContent = words.length || tag ? shown + " / " + rows.length : ""; }
    }
    box.addEventListener("input", apply);
    if (tagSelect) { tagSelect.addEventListener("change", apply); }
    apply();
  });
})();
