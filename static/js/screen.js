// The hall screen (templates/screen/show.html): shows one slide after another, each for the
// page's `data-every` seconds, and reloads the page after the last one so that new pairings
// and results appear; the clock in the corner shows the hall's time.
(function () {
  "use strict";
  var body = document.body;
  var every = Math.max(5, parseInt(body.getAttribute("data-every"), 10) || 12) * 1000;
  var slides = Array.prototype.slice.call(document.querySelectorAll(".slide"));
  var clock = document.getElementById("screen-clock");
  // The type is sized to the slide's lines (app.css reads --rows; 15 without the script).
  var rows = parseInt(body.getAttribute("data-rows"), 10);
  if (rows > 0) body.style.setProperty("--rows", String(rows));
  var at = 0;
  function tick() {
    if (!clock) return;
    var now = new Date();
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    clock.textContent = two(now.getHours()) + ":" + two(now.getMinutes());
  }
  function show(index) {
    slides.forEach(function (slide, i) {
      slide.classList.toggle("current", i === index);
    });
  }
  function next() {
    at += 1;
    if (at >= slides.length) {
      // After the last slide: the newest state.
      window.location.reload();
      return;
    }
    show(at);
    window.setTimeout(next, every);
  }
  tick();
  window.setInterval(tick, 10000);
  window.setTimeout(next, every);
}());
