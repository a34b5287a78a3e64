// Long actions (pairing a round, importing a file): a form with `data-busy="Pairing…"` shows
// that text on its button and disables it once submitted, so the arbiter sees the work going
// on and does not submit twice. No build step.
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || !form.hasAttribute || !form.hasAttribute("data-busy") || event.defaultPrevented) { return; }
    var button = form.querySelector("button[type=submit], button:not([type])");
    if (!button) { return; }
    // Disabled after the browser has read the form, so the submission still goes through.
    setTimeout(function () {
      button.disabled = true;
      button.setAttribute("aria-busy", "true");
      button.textContent = form.getAttribute("data-busy");
    }, 0);
  });
})();
