// The administrator's upload of FIDE's rating list (/admin/rating-list): the file is sent with
// the upload's progress shown, then the import's progress is polled from status.json until it
// ends, and the page is loaded again to show the outcome. Without scripts the form posts as
// usual and the page reloads itself while the import runs. No build step.
(function () {
  "use strict";
  var form = document.getElementById("rating-upload");
  var section = document.getElementById("rating-import");
  if (!form || !window.XMLHttpRequest || !window.FormData) { return; }
  var bar = document.getElementById("upload-progress");
  var message = document.getElementById("upload-message");

  function follow() {
    var request = new XMLHttpRequest();
    request.open("GET", "/admin/rating-list/status.json");
    request.onload = function () {
      var status;
      try { status = JSON.parse(request.responseText); } catch (e) { return; }
      if (status.state === "running") {
        var progress = document.getElementById("import-progress");
        var text = document.getElementById("import-text");
        var percent = status.total > 0 ? Math.floor(status.bytes * 100 / status.total) : 0;
        if (progress) { progress.value = percent; }
        if (text) {
          text.textContent = percent + " % · " + status.players + " " + (text.getAttribute("data-players") || "") +
            " · " + Math.round(status.seconds) + " s";
        }
        setTimeout(follow, 1000);
      } else {
        window.location.reload();
      }
    };
    request.send();
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var request = new XMLHttpRequest();
    request.open("POST", form.action);
    bar.hidden = false;
    request.upload.onprogress = function (e) {
      if (e.lengthComputable) { bar.value = Math.floor(e.loaded * 100 / e.total); }
    };
    request.onload = function () {
      if (request.status >= 200 && request.status < 400) {
        window.location.href = "/admin/rating-list";
        return;
      }
      // The error page's message says why.
      var page = new DOMParser().parseFromString(request.responseText, "text/html");
      var why = page.querySelector(".error-page .message");
      message.textContent = why ? why.textContent : ("HTTP " + request.status);
      message.className = "errors";
      bar.hidden = true;
      var button = form.querySelector("button[type=submit]");
      if (button) { button.disabled = false; button.removeAttribute("aria-busy"); }
    };
    request.onerror = function () {
      message.textContent = "HTTP error";
      message.className = "errors";
    };
    request.send(new FormData(form));
  });

  if (section && section.getAttribute("data-state") === "running") { setTimeout(follow, 1000); }
})();
