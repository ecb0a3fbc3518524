// The make exercises' self-check: choose a make, check it, keep a score on the page.  The page is
// complete without this script (each answer opens by itself); the script only adds the Check buttons
// and the score.  Nothing is stored or sent.
(function () {
  "use strict";
  var exercises = Array.prototype.slice.call(document.querySelectorAll("li.exercise[data-answer]"));
  var board = document.getElementById("ex-score");
  if (!exercises.length || !board) return;
  var right = board.querySelector(".ex-right");
  var checked = board.querySelector(".ex-checked");
  var score = { right: 0, checked: 0 };

  function words(ex, value) {
    var input = ex.querySelector('input[value="' + value + '"]');
    return input ? input.parentNode.textContent.trim() : value;
  }

  function show() {
    right.textContent = String(score.right);
    checked.textContent = String(score.checked);
  }

  function check(ex) {
    var chosen = ex.querySelector("input[type=radio]:checked");
    var verdict = ex.querySelector(".ex-verdict");
    if (!chosen) {
      verdict.textContent = "Choose a make first.";
      return;
    }
    var ok = chosen.value === ex.dataset.answer;
    ex.classList.add(ok ? "ex-right-answer" : "ex-wrong-answer");
    verdict.textContent = ok
      ? "Right: " + words(ex, chosen.value) + "."
      : "Not by this rule: the answer is " + words(ex, ex.dataset.answer) + ".";
    ex.querySelectorAll("input[type=radio]").forEach(function (r) { r.disabled = true; });
    ex.querySelector(".ex-check-button").disabled = true;
    ex.querySelector("details.ex-answer").open = true;
    score.checked += 1;
    if (ok) score.right += 1;
    show();
  }

  function restart() {
    exercises.forEach(function (ex) {
      ex.classList.remove("ex-right-answer", "ex-wrong-answer");
      ex.querySelectorAll("input[type=radio]").forEach(function (r) { r.disabled = false; r.checked = false; });
      ex.querySelector(".ex-check-button").disabled = false;
      ex.querySelector(".ex-verdict").textContent = "";
      ex.querySelector("details.ex-answer").open = false;
    });
    score = { right: 0, checked: 0 };
    show();
  }

  exercises.forEach(function (ex) {
    ex.querySelector(".ex-check").hidden = false;
    ex.querySelector(".ex-check-button").addEventListener("click", function () { check(ex); });
  });
  board.querySelector(".ex-restart").addEventListener("click", restart);
  board.hidden = false;
  show();
})();
