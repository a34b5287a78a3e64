// Standings (FIDE C.07): a tie-break value's working is fetched when its <details> opens, so
// the page carries only the values. Each <details> holds a link to the player's working page
// (what a browser without scripts shows); this script asks the same address for the one
// tie-break's fragment (`&code=BH-C1`) and puts it in place of the link. No build step.
(function () {
  "use strict";
  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (!details || details.tagName !== "DETAILS" || !details.open) { return; }
    var link = details.querySelector(":scope > a[href*='/standings/working/']");
    if (!link || details.hasAttribute("data-loading")) { return; }
    var url = new URL(link.href);
    url.searchParams.set("code", decodeURIComponent(url.hash.slice(1)));
    url.hash = "";
    details.setAttribute("data-loading", "");
    fetch(url.toString(), { headers: { "Accept": "text/html" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null) { details.removeAttribute("data-loading"); return; }
        link.insertAdjacentHTML("afterend", html);
        link.remove();
        details.removeAttribute("data-loading");
        details.setAttribute("data-loaded", "");
      })
      .catch(function () { details.removeAttribute("data-loading"); });
  }, true);
})();
