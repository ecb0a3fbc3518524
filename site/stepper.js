/* The lesson stepper: step through a hand's play card by card, watch it from one seat, or play
   one seat's cards yourself before the book shows its own.

   Progressive enhancement: the page is complete without this script. It reads the hand from
   <script type="application/json" id="hand-data">, fills <section id="stepper"> and un-hides it.
   Notes are cloned from the page's own #note-K elements (never built from JSON as HTML).
   Deep links: #start, #trick-N (trick N complete), #trick-N-card-K (K cards of trick N played). */
(function () {
  "use strict";

  document.documentElement.classList.add("js");

  var SUITS = ["S", "H", "D", "C"];
  var SUIT_SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var SUIT_WORD = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  var RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
  var RANK_WORD = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
    "9": "nine", "10": "ten", J: "jack", Q: "queen", K: "king", A: "ace"
  };
  var TRUMP_TEXT = { S: "Trumps: spades", H: "Trumps: hearts", D: "Trumps: diamonds", C: "Trumps: clubs", NT: "No trumps" };
  var COMPASS = ["N", "E", "S", "W"];

  /* ---------------------------------------------------------------- cards */

  function parseCard(text) {
    var suit = String(text).charAt(0).toUpperCase();
    var rank = String(text).slice(1).toUpperCase();
    if (rank === "T") { rank = "10"; }
    if (!SUIT_SYMBOL[suit] || RANKS.indexOf(rank) < 0) { return null; }
    return { id: suit + rank, suit: suit, rank: rank };
  }

  function compareCards(a, b) {
    return SUITS.indexOf(a.suit) - SUITS.indexOf(b.suit) || RANKS.indexOf(b.rank) - RANKS.indexOf(a.rank);
  }

  function cardShort(card) { return SUIT_SYMBOL[card.suit] + card.rank; }
  function cardWords(card) { return "the " + RANK_WORD[card.rank] + " of " + SUIT_WORD[card.suit]; }
  function isRed(suit) { return suit === "H" || suit === "D"; }

  /* ---------------------------------------------------------------- DOM helpers */

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      var value = attrs[name];
      if (value === null || value === undefined || value === false) { return; }
      if (name === "text") { node.textContent = value; }
      else if (name === "className") { node.className = value; }
      else { node.setAttribute(name, value === true ? "" : value); }
    });
    (children || []).forEach(function (child) {
      if (child !== null && child !== undefined) {
        node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
      }
    });
    return node;
  }

  function clear(node) {
    while (node.firstChild) { node.removeChild(node.firstChild); }
  }

  function cardNode(card, tag, attrs) {
    var a = attrs || {};
    a.className = "st-card " + (isRed(card.suit) ? "st-red" : "st-black") + (a.className ? " " + a.className : "");
    a["data-card"] = card.id;
    return el(tag || "span", a, [
      el("span", { className: "st-suit", "aria-hidden": "true", text: SUIT_SYMBOL[card.suit] }),
      el("span", { className: "st-sr", text: " " + RANK_WORD[card.rank] + " of " + SUIT_WORD[card.suit] }),
      el("span", { className: "st-rank", "aria-hidden": "true", text: card.rank })
    ]);
  }

  function inFormField(target) {
    if (!target || !target.closest) { return false; }
    return !!target.closest("input, select, textarea, [contenteditable]:not([contenteditable='false'])");
  }

  /* ---------------------------------------------------------------- the hand */

  /* Read and check hand-data; null when there is nothing to step through. */
  function readHand(script) {
    var data;
    try { data = JSON.parse(script.textContent); } catch (e) { return null; }
    return handFrom(data);
  }

  function handFrom(data) {
    if (!data || !Array.isArray(data.tricks) || !data.seats || !data.deal) { return null; }
    var plays = [];
    var ends = [];
    var tricks = data.tricks.map(function (t, index) {
      var cards = (t.plays || []).map(function (p) {
        var card = parseCard(p[1]);
        if (!card || COMPASS.indexOf(p[0]) < 0) { throw new Error("bad play"); }
        plays.push({ trick: index, k: plays.length - (ends.length ? ends[ends.length - 1] : 0), seat: p[0], card: card });
        return { seat: p[0], card: card };
      });
      ends.push(plays.length);
      return { number: t.number, leader: t.leader, winner: t.winner || null, cards: cards };
    });
    if (!plays.length) { return null; }
    var deal = {};
    COMPASS.forEach(function (s) {
      deal[s] = (data.deal[s] || []).map(parseCard).filter(Boolean).sort(compareCards);
    });
    var handSize = Math.max.apply(null, COMPASS.map(function (s) { return deal[s].length; }));
    var first = data.first_trick || (tricks[0] && tricks[0].number) || 1;
    return {
      data: data,
      seats: data.seats,
      sides: data.sides || { NS: "N\u2013S", EW: "E\u2013W" },
      declarer: data.declarer || null,
      dummy: data.dummy || null,
      trump: data.trump || null,
      deal: deal,
      tricks: tricks,
      plays: plays,
      ends: ends,
      notes: Array.isArray(data.notes) ? data.notes : [],
      tags: Array.isArray(data.tags) ? data.tags : [],
      /* decision points (in play order) and alternative lines: docs/lessons.md, "The stepper" */
      questions: (Array.isArray(data.questions) ? data.questions : []).filter(function (q) {
        return q && typeof q.index === "number" && q.index < plays.length && Array.isArray(q.legal);
      }).sort(function (a, b) { return a.index - b.index; }),
      lines: (Array.isArray(data.lines) ? data.lines : []).filter(function (l) {
        return l && typeof l.start === "number" && l.start < plays.length && Array.isArray(l.tricks);
      }),
      firstTrick: first,
      lastTrick: Math.max(first + Math.max(handSize, 1) - 1, tricks[tricks.length - 1].number)
    };
  }

  function sideOf(seat) { return seat === "N" || seat === "S" ? "NS" : "EW"; }

  function seatWord(hand, seat) { return (hand.seats[seat] && hand.seats[seat].word) || seat; }
  function seatLetter(hand, seat) { return (hand.seats[seat] && hand.seats[seat].letter) || seat; }

  /* "A (West)", as the page names seats; with the seat's lasting role, "Y (North), dummy". The
     opening leader's role is left out: it is true for one card only. */
  function seatTitle(hand, seat) {
    var info = hand.seats[seat] || {};
    var text = info.letter && info.letter !== (info.word || seat) ? info.letter + " (" + (info.word || seat) + ")" : (info.word || seat);
    return info.role && info.role !== "leader" ? text + ", " + info.role : text;
  }

  /* Position helpers: a position is the number of cards played, 0 … plays.length. */

  function trickAt(hand, pos) { return pos > 0 ? hand.plays[pos - 1].trick : -1; }
  function trickStart(hand, t) { return t > 0 ? hand.ends[t - 1] : 0; }

  function nextTrickEnd(hand, pos) {
    for (var i = 0; i < hand.ends.length; i++) { if (hand.ends[i] > pos) { return hand.ends[i]; } }
    return hand.plays.length;
  }

  function previousTrickEnd(hand, pos) {
    for (var i = hand.ends.length - 1; i >= 0; i--) { if (hand.ends[i] < pos) { return hand.ends[i]; } }
    return 0;
  }

  function hashFor(hand, pos) {
    if (pos <= 0) { return "#start"; }
    var t = trickAt(hand, pos);
    var n = hand.tricks[t].number;
    return pos === hand.ends[t] ? "#trick-" + n : "#trick-" + n + "-card-" + (pos - trickStart(hand, t));
  }

  /* The position a hash names, or null when the hash is not the stepper's. */
  function positionFor(hand, hash) {
    if (hash === "#start") { return 0; }
    var m = /^#trick-(\d+)(?:-card-(\d+))?$/.exec(hash || "");
    if (!m) { return null; }
    var number = parseInt(m[1], 10);
    for (var t = 0; t < hand.tricks.length; t++) {
      if (hand.tricks[t].number === number) {
        var count = hand.tricks[t].cards.length;
        var k = m[2] === undefined ? count : parseInt(m[2], 10);
        if (k < 1 && count > 0) { return null; }
        return trickStart(hand, t) + Math.min(k, count);
      }
    }
    return null;
  }

  function remaining(hand, seat, pos) {
    var gone = {};
    for (var i = 0; i < pos; i++) {
      if (hand.plays[i].seat === seat) { gone[hand.plays[i].card.id] = true; }
    }
    return hand.deal[seat].filter(function (c) { return !gone[c.id]; });
  }

  function tricksWon(hand, pos) {
    var won = { NS: 0, EW: 0 };
    hand.tricks.forEach(function (t, i) {
      if (t.winner && hand.ends[i] <= pos && t.cards.length) { won[sideOf(t.winner)] += 1; }
    });
    return won;
  }

  function legalCards(hand, pos, seat) {
    var held = remaining(hand, seat, pos);
    var t = pos < hand.plays.length ? hand.plays[pos].trick : -1;
    var start = t >= 0 ? trickStart(hand, t) : pos;
    if (pos === start) { return held; }
    var led = hand.plays[start].card.suit;
    var follow = held.filter(function (c) { return c.suit === led; });
    return follow.length ? follow : held;
  }

  /* ---------------------------------------------------------------- when a note may be read */

  /* "shown", "ahead" (its card is not played yet) or "hidden" (it names a card still in a hand the
     watcher cannot see). A note's "at" is the index of the card after which it may be read. */
  function noteState(hand, note, pos, canSee) {
    if (typeof note.at === "number" && pos <= note.at) { return "ahead"; }
    var names = Array.isArray(note.names) ? note.names : [];
    for (var i = 0; i < names.length; i++) {
      var holder = holderAt(hand, names[i], pos);
      if (holder && !canSee(holder)) { return "hidden"; }
    }
    return "shown";
  }

  /* Who still holds the card (code "H10") after pos cards, or null (played, or not in the deal). */
  function holderAt(hand, code, pos) {
    for (var i = 0; i < pos; i++) { if (hand.plays[i].card.id === code) { return null; } }
    for (var s = 0; s < COMPASS.length; s++) {
      var seat = COMPASS[s];
      if (hand.deal[seat].some(function (c) { return c.id === code; })) { return seat; }
    }
    return null;
  }

  /* ---------------------------------------------------------------- words for the live region */

  function playSentence(hand, index) {
    var play = hand.plays[index];
    var trick = hand.tricks[play.trick];
    var who = seatWord(hand, play.seat);
    var text = play.k === 0
      ? "Trick " + trick.number + ": " + who + " leads " + cardWords(play.card) + "."
      : who + " plays " + cardWords(play.card) + ".";
    if (index + 1 === hand.ends[play.trick] && trick.winner && trick.cards.length === 4) {
      text += " " + seatWord(hand, trick.winner) + " wins trick " + trick.number + ".";
    }
    return text;
  }

  function countText(hand, won) {
    return hand.sides.EW + " " + won.EW + " \u00b7 " + hand.sides.NS + " " + won.NS;
  }

  function positionSentence(hand, pos) {
    if (pos === 0) { return "Start: no cards played."; }
    var t = trickAt(hand, pos);
    var trick = hand.tricks[t];
    var played = pos - trickStart(hand, t);
    var won = tricksWon(hand, pos);
    var score = " Tricks: " + hand.sides.EW + " " + won.EW + ", " + hand.sides.NS + " " + won.NS + ".";
    if (pos === hand.ends[t]) {
      var who = trick.winner ? " " + seatWord(hand, trick.winner) + " wins." : "";
      return "Trick " + trick.number + " complete." + who + score;
    }
    return "Trick " + trick.number + ": " + played + (played === 1 ? " card" : " cards") + " played." + score;
  }

  /* ---------------------------------------------------------------- the stepper */

  function Stepper(root, hand) {
    this.root = root;
    this.hand = hand;
    this.pos = 0;
    this.viewer = "";        /* "" everyone, or a seat */
    this.quiz = false;       /* play it yourself */
    this.asking = false;     /* waiting for the reader's card */
    this.answers = {};       /* position -> true/false, the reader's answers */
    this.feedback = "";
    this.revealed = {};      /* note id -> true: shown although it names hidden cards */
    this.showAll = false;    /* every note shown now, whatever the position */
    this.exam = null;        /* the quiz on the book's decision points: {answers, shown} */
    this.main = hand;        /* the book's play; this.hand is a line's while one is stepped through */
    this.line = null;
    this.reading = document.getElementById("reading");
    this.build();
  }

  Stepper.prototype.build = function () {
    var self = this;
    this.status = el("p", { className: "st-status" });
    this.live = el("div", { className: "st-sr st-live", "aria-live": "polite", "aria-atomic": "true" });
    clear(this.root);
    [el("h3", { className: "st-title vh", text: "Step through the play" }), this.status,
     this.buildTable(), this.buildControls(), this.buildExam(), this.buildBranch(), this.buildOptions(), this.buildQuiz(),
     this.buildNotes(), this.live]
      .forEach(function (node) { self.root.appendChild(node); });
  };

  Stepper.prototype.buildTable = function () {
    var self = this;
    var table = el("div", { className: "st-table" });
    this.handNodes = {};
    COMPASS.forEach(function (seat) {
      var node = el("div", { className: "st-hand st-seat-" + seat, role: "group", "aria-label": seatTitle(self.hand, seat) });
      self.handNodes[seat] = node;
      table.appendChild(node);
    });
    this.trickNode = el("div", { className: "st-trick", role: "group", "aria-label": "The current trick" });
    table.appendChild(this.trickNode);
    return table;
  };

  var STEPS = [
    /* action, label, icon, keyboard shortcuts */
    ["start", "Start", "\u21e4", "Home"],
    ["prevTrick", "Previous trick", "\u00ab", "Shift+ArrowLeft PageUp"],
    ["prevCard", "Previous card", "\u2039", "ArrowLeft"],
    ["nextCard", "Next card", "\u203a", "ArrowRight"],
    ["nextTrick", "Next trick", "\u00bb", "Shift+ArrowRight PageDown"],
    ["end", "End", "\u21e5", "End"]
  ];

  Stepper.prototype.buildControls = function () {
    var self = this;
    var controls = el("div", { className: "st-controls", role: "group", "aria-label": "Step through the cards" });
    this.buttons = {};
    STEPS.forEach(function (spec, i) {
      var icon = el("span", { className: "st-icon", "aria-hidden": "true", text: spec[2] });
      var label = el("span", { className: "st-label", text: spec[1] });
      var button = el("button", { type: "button", className: "st-step", "data-action": spec[0], "aria-keyshortcuts": spec[3] },
        i < 3 ? [icon, " ", label] : [label, " ", icon]);
      button.addEventListener("click", function () { self.act(spec[0]); });
      self.buttons[spec[0]] = button;
      controls.appendChild(button);
    });
    var keys = el("p", { className: "st-keys",
      text: "Keys: \u2190 \u2192 a card; Shift+\u2190 \u2192 or Page Up/Down a trick; Home, End." });
    return el("div", { className: "st-stepping" }, [controls, keys]);
  };

  Stepper.prototype.buildOptions = function () {
    var self = this;
    var hand = this.hand;
    this.viewerSelect = el("select", { id: "st-watch-as", className: "st-watch" }, [
      el("option", { value: "", text: "Everyone (all four hands)" })
    ]);
    (hand.data.order || COMPASS).forEach(function (seat) {
      if (COMPASS.indexOf(seat) >= 0) {
        self.viewerSelect.appendChild(el("option", { value: seat, text: seatTitle(hand, seat) }));
      }
    });
    this.viewerSelect.addEventListener("change", function () { self.setViewer(self.viewerSelect.value); });
    this.quizButton = el("button", { type: "button", className: "st-quiz-toggle", "aria-pressed": "false",
      text: "Play it yourself" });
    this.quizButton.addEventListener("click", function () { self.setQuiz(!self.quiz); });
    this.quizHint = el("span", { className: "st-hint", hidden: true,
      text: "Dummy\u2019s cards are played by the declarer: watch as the declarer to play them." });
    var options = [
      el("label", { "for": "st-watch-as", text: "Watch as" }), " ", this.viewerSelect, " ", this.quizButton
    ];
    var count = hand.questions.length;
    if (count) {
      this.examButton = el("button", { type: "button", className: "st-exam-toggle", "aria-pressed": "false",
        text: "Quiz (" + count + (count === 1 ? " question)" : " questions)") });
      this.examButton.addEventListener("click", function () { self.setExam(!self.exam); });
      options.push(" ", this.examButton);
    }
    options.push(" ", this.quizHint);
    /* the optional double-dummy layer: what best play makes of the card just played */
    this.dd = {};
    (Array.isArray(hand.data.dd) ? hand.data.dd : []).forEach(function (d) { self.dd[d.index] = d; });
    if (Object.keys(this.dd).length) {
      this.ddBox = el("input", { type: "checkbox", id: "st-dd", className: "st-dd-toggle" });
      this.ddBox.addEventListener("change", function () { self.render(); });
      options.push(" ", el("label", { className: "st-dd-label" }, [this.ddBox, " Double-dummy marks"]));
    }
    return el("div", { className: "st-options" }, options);
  };

  Stepper.prototype.buildQuiz = function () {
    var self = this;
    this.prompt = el("p", { className: "st-prompt" });
    this.feedbackNode = el("p", { className: "st-feedback" });
    this.tally = el("p", { className: "st-tally" });
    this.skipButton = el("button", { type: "button", className: "st-skip", text: "Show the book\u2019s card" });
    this.skipButton.addEventListener("click", function () { self.skip(); });
    this.quizPanel = el("div", { className: "st-quiz", hidden: true },
      [this.prompt, this.skipButton, this.feedbackNode, this.tally]);
    return this.quizPanel;
  };

  Stepper.prototype.buildNotes = function () {
    this.notesNode = el("div", { className: "st-notes-body" });
    return el("div", { className: "st-notes", role: "region", "aria-label": "Notes on this trick" }, [
      el("h3", { className: "st-notes-title", text: "Notes" }), this.notesNode
    ]);
  };

  /* ---- moves */

  Stepper.prototype.act = function (action) {
    var hand = this.hand;
    var pos = this.pos;
    if (action === "start") { this.go(0); }
    else if (action === "end") { this.go(hand.plays.length); }
    else if (action === "prevCard") { this.go(pos - 1); }
    else if (action === "prevTrick") { this.go(previousTrickEnd(hand, pos)); }
    else if (action === "nextCard") { this.forward(pos + 1); }
    else if (action === "nextTrick") { this.forward(nextTrickEnd(hand, pos)); }
  };

  /* Move forward; in play-it-yourself mode stop where the reader's card is next and ask for it. */
  Stepper.prototype.forward = function (target) {
    var end = Math.min(target, this.hand.plays.length);
    if (this.asking) { this.announce(this.prompt.textContent); return; }
    if (this.quiz) {
      for (var i = this.pos; i < end; i++) {
        if (this.isMine(i)) {
          if (i > this.pos) { this.go(i, { quiet: true }); }
          this.ask();
          return;
        }
      }
    }
    this.go(end, end === this.pos + 1 ? { played: this.pos } : {});
  };

  /* Set the position. options.played: the index of the single card just played (announced as
     such); options.quiet: no announcement; options.keepFeedback: keep the quiz message. */
  Stepper.prototype.go = function (pos, options) {
    var opts = options || {};
    var target = Math.max(0, Math.min(pos, this.hand.plays.length));
    var stop = this.examStop(target);
    if (stop) { target = stop.index; }
    if (this.exam && this.exam.shown && target <= this.exam.shown.index) { this.exam.shown = null; }
    this.asking = false;
    if (!opts.keepFeedback) { this.feedback = ""; }
    var moved = target !== this.pos;
    this.pos = target;
    if (stop) { this.examAsk(stop); return; }
    this.render();
    if (moved || opts.updateUrl) { this.updateUrl(); }
    if (opts.quiet) { return; }
    if (moved) {
      var over = this.exam && !this.line && target === this.hand.plays.length ? " " + this.summaryText() + " " + this.scoreText() : "";
      this.announce((opts.played !== undefined ? playSentence(this.hand, opts.played) : positionSentence(this.hand, target)) + over);
    }
  };

  Stepper.prototype.updateUrl = function () {
    if (this.line) { return; }  /* the hashes name the book's play */
    var hash = hashFor(this.hand, this.pos);
    if (window.location.hash === hash) { return; }
    try { window.history.replaceState(window.history.state, "", hash); } catch (e) { /* e.g. a sandboxed frame */ }
  };

  Stepper.prototype.announce = function (text) {
    var live = this.live;
    live.textContent = "";
    /* a fresh text node each time, so a repeated sentence is announced again */
    window.setTimeout(function () { live.textContent = text; }, 30);
  };

  /* ---- watch as / play it yourself */

  Stepper.prototype.setViewer = function (seat) {
    this.viewer = COMPASS.indexOf(seat) >= 0 ? seat : "";
    this.answers = {};
    if (this.viewerSelect.value !== this.viewer) { this.viewerSelect.value = this.viewer; }
    if (!this.viewer || !this.canQuiz()) { this.quiz = false; }
    this.asking = false;
    this.feedback = "";
    this.render();
    this.announce(this.viewer
      ? "Watching as " + seatTitle(this.hand, this.viewer) + ": the hands that player cannot see are face down."
      : "Watching with all four hands shown.");
  };

  /* The seat "Play it yourself" takes when no seat is chosen: the declarer (who plays dummy too),
     or the opening leader when no declaration is known. */
  Stepper.prototype.defaultSeat = function () {
    return this.hand.declarer || this.hand.data.opening_leader || "S";
  };

  Stepper.prototype.canQuiz = function () {
    return !!this.viewer && this.viewer !== this.hand.dummy;
  };

  Stepper.prototype.setQuiz = function (on) {
    /* from "everyone", playing yourself means taking the side of the player to lead: the declarer's
       partner's adversary … simply the opening leader, whose cards the reader then chooses */
    if (on && !this.viewer) { this.setViewer(this.defaultSeat()); }
    this.quiz = !!on && this.canQuiz();
    this.asking = false;
    this.feedback = "";
    this.render();
    this.announce(this.quiz
      ? "Play it yourself: on. Next card stops when it is your turn."
      : "Play it yourself: off.");
  };

  /* Does the card at play index i belong to the reader (his own, or dummy's for the declarer)? */
  Stepper.prototype.isMine = function (i) {
    var seat = this.hand.plays[i].seat;
    if (!this.viewer) { return false; }
    if (seat === this.viewer) { return this.viewer !== this.hand.dummy; }
    return seat === this.hand.dummy && this.viewer === this.hand.declarer;
  };

  Stepper.prototype.ask = function () {
    this.asking = true;
    this.feedback = "";
    this.render();
    this.announce(this.prompt.textContent);
    var first = this.handNodes[this.hand.plays[this.pos].seat].querySelector("button:not([disabled])");
    if (first) { first.focus(); }
  };

  Stepper.prototype.answer = function (cardId) {
    if (!this.asking) { return; }
    if (this.exam) { this.examAnswer(cardId); return; }
    var index = this.pos;
    var book = this.hand.plays[index].card;
    var chosen = parseCard(cardId);
    var right = chosen.id === book.id;
    this.answers[index] = right;
    this.feedback = right
      ? "Yes \u2014 " + cardShort(book) + " is the book\u2019s card."
      : "The book plays " + cardShort(book) + "; you chose " + cardShort(chosen) + ".";
    var spoken = right
      ? "Yes, " + cardWords(book) + " is the book\u2019s card. "
      : "The book plays " + cardWords(book) + "; you chose " + cardWords(chosen) + ". ";
    this.go(index + 1, { keepFeedback: true, quiet: true });
    this.announce(spoken + playSentence(this.hand, index));
    this.buttons.nextCard.focus();
  };

  Stepper.prototype.skip = function () {
    if (!this.asking) { return; }
    if (this.exam) { this.examAnswer(null); return; }
    var index = this.pos;
    this.feedback = "The book\u2019s card: " + cardShort(this.hand.plays[index].card) + ".";
    this.go(index + 1, { keepFeedback: true, played: index });
    this.buttons.nextCard.focus();
  };

  Stepper.prototype.tallyText = function () {
    var keys = Object.keys(this.answers);
    var found = keys.filter(function (k) { return this.answers[k]; }, this).length;
    if (!keys.length) { return ""; }
    return "You found the book\u2019s card " + found + (found === 1 ? " time" : " times") + " out of " + keys.length + ".";
  };

  /* ---- the quiz: the book's decision points (hand.questions), one after the other */

  Stepper.prototype.setExam = function (on) {
    if (this.line) { this.leaveLine(true); }
    this.quiz = false;
    this.exam = on ? { answers: {}, shown: null } : null;
    if (!on) { this.viewer = ""; }
    this.examButton.setAttribute("aria-pressed", on ? "true" : "false");
    var n = this.hand.questions.length;
    if (!on) { this.asking = false; this.render(); this.announce("Quiz: off."); return; }
    this.pos = -1;  /* so that the start counts as a move */
    this.go(0, { quiet: true });
    if (!this.asking) {
      this.announce("Quiz: on. " + n + (n === 1 ? " question" : " questions") +
        " in this hand. Next card plays on and stops at each one; you see what the player sees.");
    }
  };

  /* The first question not answered yet, if the move to target reaches it (the quiz stops there). */
  Stepper.prototype.examStop = function (target) {
    if (!this.exam || this.line) { return null; }
    var answers = this.exam.answers;
    var next = this.hand.questions.filter(function (q) { return !answers[q.id]; })[0];
    return next && target >= next.index ? next : null;
  };

  Stepper.prototype.examSeat = function () {
    var self = this;
    if (this.pos >= this.hand.plays.length) { return ""; }  /* the hand is over: every card is known */
    if (this.exam.shown) { return this.exam.shown.chooser || this.exam.shown.seat; }
    var next = this.hand.questions.filter(function (q) { return q.index >= self.pos; })[0];
    return next ? next.chooser || next.seat : this.viewer;
  };

  Stepper.prototype.examAt = function () {
    var pos = this.pos;
    return this.exam && this.asking ? this.hand.questions.filter(function (q) { return q.index === pos; })[0] : null;
  };

  /* At a stop: does the note give the answer away (the answer's own note, or one that names a card
     still to be played, the chooser's included)? */
  Stepper.prototype.spoils = function (note) {
    var q = this.examAt();
    if (q && note.id === q.note_id) { return true; }
    var self = this;
    return (Array.isArray(note.names) ? note.names : []).some(function (code) { return holderAt(self.hand, code, self.pos); });
  };

  Stepper.prototype.examAsk = function (q) {
    this.asking = true;
    this.exam.shown = null;
    this.render();
    this.updateUrl();
    var n = this.hand.questions.indexOf(q) + 1;
    var legal = q.legal.map(function (code) { return cardWords(parseCard(code)); });
    this.announce("Question " + n + ", trick " + q.trick + ". " + q.ask + " You may play " +
      legal.join(", ").replace(/, ([^,]*)$/, " or $1") + ".");
    var first = this.handNodes[this.hand.plays[q.index].seat].querySelector("button:not([disabled])");
    if (first) { first.focus(); }
  };

  function choiceOf(q, code) {
    return (q.choices || []).filter(function (c) { return c.code === code; })[0] || null;
  }

  Stepper.prototype.examAnswer = function (code) {
    var q = this.examAt();
    if (!q) { return; }
    var choice = code ? choiceOf(q, code) : null;
    var cost = choice && typeof choice.cost === "number" ? choice.cost : null;
    var weighed = (q.choices || []).some(function (c) { return c.cost !== null && c.cost !== undefined; });
    this.exam.answers[q.id] = { card: code, found: code === q.book || code === q.answer, cost: cost, weighed: weighed };
    this.go(q.index + 1, { quiet: true });
    if (!this.asking) { this.exam.shown = q; }
    this.render();
    var spoken = this.revealLines(q).join(" ");
    if (this.pos >= this.hand.plays.length) { spoken += " " + this.summaryText(); }
    this.announce(spoken + " " + this.scoreText());
    (this.pos >= this.hand.plays.length ? this.againButton : this.buttons.nextCard).focus();
  };

  /* What the reveal says, in sentences: the book's card against the reader's, the author's answer
     when it is not the book's, double dummy on the reader's card (and on the book's). */
  Stepper.prototype.revealLines = function (q) {
    var a = this.exam.answers[q.id];
    var book = cardShort(parseCard(q.book));
    var out = [];
    if (!a.card) { out.push("The book plays " + book + "."); }
    else if (a.card === q.book) { out.push("Yes: " + book + " is the book\u2019s card."); }
    else if (a.card === q.answer) { out.push("Yes: " + cardShort(parseCard(a.card)) + " is the author\u2019s answer (the book plays " + book + ")."); }
    else { out.push("You chose " + cardShort(parseCard(a.card)) + "; the book plays " + book + "."); }
    if (q.answer !== q.book && a.card !== q.answer) {
      out.push("The author\u2019s answer: " + cardShort(parseCard(q.answer)) + ", not the card the book played.");
    }
    var mine = a.card ? choiceOf(q, a.card) : null;
    var theirs = choiceOf(q, q.book);
    if (mine && mine.words) { out.push("Double dummy on your " + mine.text + ": " + mine.words); }
    if (theirs && theirs.words && theirs !== mine) { out.push("On the book\u2019s " + theirs.text + ": " + theirs.words); }
    return out;
  };

  Stepper.prototype.examTotals = function () {
    var answers = this.exam ? this.exam.answers : {};
    var list = Object.keys(answers).map(function (k) { return answers[k]; });
    var known = list.filter(function (a) { return a.weighed; });  /* a skipped question counts, as not found */
    return { asked: list.length, found: list.filter(function (a) { return a.found; }).length,
      known: known.length, good: known.filter(function (a) { return a.cost === 0; }).length };
  };

  Stepper.prototype.scoreText = function () {
    var t = this.examTotals();
    if (!t.asked) { return ""; }
    var text = "Score: the book\u2019s card " + t.found + " of " + t.asked;
    return text + (t.known ? "; as good as the best by double dummy " + t.good + " of " + t.known + "." : ".");
  };

  Stepper.prototype.summaryText = function () {
    return "End of the hand: the quiz is over; your answers are in the table under the controls.";
  };

  function verdictWords(q, a) {
    if (!a.card) { return "skipped"; }
    if (a.found) { return a.card === q.book ? "the book\u2019s card" : "the author\u2019s answer"; }
    if (a.cost === 0) { return "not the book\u2019s, as good by double dummy"; }
    if (a.cost) { return "costs " + (a.cost === 1 ? "a trick" : a.cost + " tricks") + " by double dummy"; }
    return "not the book\u2019s card";
  }

  Stepper.prototype.buildExam = function () {
    var self = this;
    this.examTitle = el("p", { className: "st-exam-title" });
    this.examBody = el("div", { className: "st-exam-body" });
    this.examScore = el("p", { className: "st-exam-score" });
    this.examSkip = el("button", { type: "button", className: "st-skip", text: "Skip: show the book\u2019s card" });
    this.examSkip.addEventListener("click", function () { self.skip(); });
    this.againButton = el("button", { type: "button", className: "st-skip", text: "Start the quiz again" });
    this.againButton.addEventListener("click", function () { self.setExam(true); });
    this.leaveButton = el("button", { type: "button", className: "st-skip", text: "Leave the quiz" });
    this.leaveButton.addEventListener("click", function () { self.setExam(false); self.examButton.focus(); });
    this.examPanel = el("div", { className: "st-quiz st-exam", role: "region", "aria-label": "Quiz", hidden: true },
      [this.examTitle, this.examBody, this.examSkip, this.examScore, el("p", { className: "st-exam-actions" }, [this.againButton, " ", this.leaveButton])]);
    return this.examPanel;
  };

  Stepper.prototype.renderExam = function () {
    var exam = this.exam;
    this.examPanel.hidden = !exam || !!this.line;  /* inside a line, its banner comes first */
    Array.prototype.forEach.call(document.querySelectorAll(".st-start-quiz"), function (b) { b.hidden = !!exam; });
    if (!exam) { return; }
    var hand = this.main;
    var q = this.examAt();
    var shown = exam.shown;
    var total = hand.questions.length;
    var over = !this.line && this.pos >= hand.plays.length && Object.keys(exam.answers).length === total;
    clear(this.examBody);
    this.examSkip.hidden = !q;
    this.againButton.hidden = !over;
    if (q) {
      this.examTitle.textContent = "Question " + (hand.questions.indexOf(q) + 1) + " of " + total + " \u00b7 trick " + q.trick;
      this.examBody.appendChild(el("p", { className: "st-prompt", text: q.ask }));
      var where = q.chooser && q.chooser !== q.seat ? "dummy\u2019s hand" : "his hand";
      this.examBody.appendChild(el("p", { text: "Choose " + q.who + "\u2019s card: the cards he may play are buttons in " + where + "." }));
    } else if (shown && (!over || this.pos === shown.index + 1)) {
      this.examTitle.textContent = "Question " + (hand.questions.indexOf(shown) + 1) + " of " + total + ": the answer";
      this.revealLines(shown).forEach(function (line, i) {
        this.examBody.appendChild(el("p", { className: i ? "st-dd-note" : "st-verdict", text: line }));
      }, this);
      var note = document.getElementById(shown.note_id);
      if (note) {
        this.examBody.appendChild(el("p", { className: "st-from-note", text: "The note:" }));
        this.examBody.appendChild(cloneNote(note, []));
      }
    } else if (over) {
      this.examTitle.textContent = "The quiz is over: your answers";
    } else {
      this.examTitle.textContent = "Quiz: " + total + (total === 1 ? " question" : " questions");
      this.examBody.appendChild(el("p", { text: "Next card and Next trick play on and stop at each question." }));
    }
    if (over) { this.examBody.appendChild(this.summaryTable()); }
    this.examScore.textContent = this.scoreText();
  };

  Stepper.prototype.summaryTable = function () {
    var answers = this.exam.answers;
    var head = el("tr", {}, ["Trick", "Player", "Your card", "The book\u2019s", "Verdict"].map(function (h) {
      return el("th", { scope: "col", text: h });
    }));
    var rows = this.main.questions.map(function (q) {
      var a = answers[q.id];
      return el("tr", {}, [el("td", { text: String(q.trick) }), el("td", { text: q.who }),
        el("td", { text: a.card ? cardShort(parseCard(a.card)) : "\u2014" }), el("td", { text: cardShort(parseCard(q.book)) }),
        el("td", { text: verdictWords(q, a) })]);
    });
    return el("table", { className: "st-summary" }, [el("caption", { text: "Your answers" }), el("thead", {}, [head]),
      el("tbody", {}, rows)]);
  };

  Stepper.prototype.movePick = function (from, step) {
    var picks = Array.prototype.slice.call(this.root.querySelectorAll("button.st-pick:not([disabled])"));
    var i = picks.indexOf(from);
    if (picks.length) { picks[(i + step + picks.length) % picks.length].focus(); }
  };

  /* ---- alternative lines: step into one at its branch, and back */

  Stepper.prototype.buildBranch = function () {
    this.branchNode = el("div", { className: "st-branch", hidden: !this.hand.lines.length });
    return this.branchNode;
  };

  /* The lines offered at the book's position: those whose branch trick is the current one (or the
     next to start), but none that would answer a quiz question still ahead. */
  Stepper.prototype.linesHere = function () {
    var hand = this.main;
    var pos = this.pos;
    var answers = this.exam ? this.exam.answers : null;
    if (this.asking) { return []; }
    return hand.lines.filter(function (line) {
      var t = hand.plays[line.start].trick;
      var open = answers && hand.questions.some(function (q) { return !answers[q.id] && q.index <= hand.ends[t]; });
      return !open && pos >= trickStart(hand, t) && pos <= hand.ends[t];
    });
  };

  Stepper.prototype.renderBranch = function () {
    var self = this;
    var node = this.branchNode;
    if (node.hidden) { return; }
    var had = node.contains(document.activeElement);
    clear(node);
    if (this.line) {
      this.backButton = el("button", { type: "button", className: "st-back", "aria-keyshortcuts": "Escape",
        text: "Back to the book\u2019s play" });
      this.backButton.addEventListener("click", function () { self.leaveLine(); });
      node.appendChild(el("p", { className: "st-line-banner" }, [
        el("strong", { text: "Alternative line: " }), this.line.title, " \u2014 ", this.backButton]));
      if (had) { this.backButton.focus({ preventScroll: true }); }
      return;
    }
    this.linesHere().forEach(function (line) {
      var button = el("button", { type: "button", className: "st-enter", "data-line": line.id,
        text: "Step into the line: " + line.title });
      button.addEventListener("click", function () { self.enterLine(line); });
      node.appendChild(button);
    });
    if (had && node.firstChild) { node.firstChild.focus({ preventScroll: true }); }
  };

  Stepper.prototype.enterLine = function (line) {
    var main = this.main;
    var t = main.plays[line.start].trick;
    var data = {};
    Object.keys(main.data).forEach(function (k) { data[k] = main.data[k]; });
    data.tricks = main.data.tricks.slice(0, t).concat(line.tricks);
    data.notes = data.tags = data.dd = data.questions = data.lines = [];
    var hand;
    try { hand = handFrom(data); } catch (e) { hand = null; }
    if (!hand) { return; }
    this.asking = false;
    this.line = line;
    this.hand = hand;
    this.pos = line.start + 1;
    this.render();
    this.backButton.focus({ preventScroll: true });
    if (this.root.getBoundingClientRect().top < 0) { this.root.scrollIntoView({ block: "start" }); }
    this.announce("Alternative line: " + line.title + ". " + playSentence(hand, line.start) +
      " Escape or Back to the book\u2019s play returns to it.");
  };

  Stepper.prototype.leaveLine = function (quiet) {
    var line = this.line;
    if (!line) { return; }
    this.line = null;
    this.hand = this.main;
    this.pos = line.start;
    this.render();
    this.updateUrl();
    if (quiet) { return; }
    var back = this.branchNode.querySelector('[data-line="' + line.id + '"]');
    (back || this.buttons.nextCard).focus({ preventScroll: true });
    this.announce("Back to the book\u2019s play. " + positionSentence(this.hand, this.pos));
  };

  /* The notes panel inside a line: our words on it, what its cards give, double dummy, the note. */
  Stepper.prototype.renderLineNotes = function (body) {
    var line = this.line;
    var plain = function (text) { return String(text || "").replace(/\*\*|__|\*|`/g, "").replace(/\s+/g, " ").trim(); };
    body.appendChild(el("p", { className: "st-line-title" }, [el("strong", { text: "Alternative line: " }), line.title]));
    if (line.text) { body.appendChild(el("p", { className: "st-line-text", text: plain(line.text) })); }
    body.appendChild(el("p", {}, [el("strong", { text: "Its cards give: " }), line.result + "."]));
    if (line.dd) { body.appendChild(el("p", { className: "st-dd-note", text: line.dd })); }
    var note = document.getElementById(line.note_id);
    if (note) { body.appendChild(cloneNote(note, [])); }
  };

  /* ---- rendering */

  Stepper.prototype.render = function () {
    if (this.exam) { this.viewer = this.examSeat(); }
    var states = this.noteStates();
    this.root.classList.toggle("st-in-line", !!this.line);
    this.renderStatus();
    this.renderHands();
    this.renderTrick();
    this.renderControls();
    this.renderBranch();
    this.renderQuiz();
    this.renderExam();
    this.renderNotes(states);
    if (this.line) {  /* the page stays with the book's play, at the branch */
      var hand = this.hand;
      var pos = this.pos;
      this.hand = this.main;
      this.pos = this.line.start;
      this.renderReading(this.noteStates());
      this.hand = hand;
      this.pos = pos;
    } else {
      this.renderReading(states);
    }
  };

  Stepper.prototype.renderStatus = function () {
    var hand = this.hand;
    var t = trickAt(hand, this.pos);
    var where = t < 0
      ? "Before trick " + hand.tricks[0].number + " of " + hand.lastTrick
      : "Trick " + hand.tricks[t].number + " of " + hand.lastTrick;
    clear(this.status);
    if (this.line) { this.status.appendChild(el("span", { className: "st-line-mark", text: "Line: " })); }
    this.status.appendChild(el("span", { className: "st-where", text: where }));
    this.status.appendChild(document.createTextNode(" \u2014 "));
    this.status.appendChild(el("span", { className: "st-count", text: countText(hand, tricksWon(hand, this.pos)) }));
    if (hand.trump && TRUMP_TEXT[hand.trump]) {
      this.status.appendChild(document.createTextNode(" \u2014 "));
      this.status.appendChild(el("span", { className: "st-trump", text: TRUMP_TEXT[hand.trump] }));
    }
  };

  Stepper.prototype.canSee = function (seat) {
    if (!this.viewer || seat === this.viewer) { return true; }
    var dummyDown = this.pos > 0 || this.hand.firstTrick > 1;
    return seat === this.hand.dummy && dummyDown;
  };

  Stepper.prototype.renderHands = function () {
    var self = this;
    var hand = this.hand;
    var askingSeat = this.asking ? hand.plays[this.pos].seat : null;
    var toPlay = this.pos < hand.plays.length ? hand.plays[this.pos].seat : null;
    COMPASS.forEach(function (seat) {
      var node = self.handNodes[seat];
      var cards = remaining(hand, seat, self.pos);
      var title = seatTitle(hand, seat) + (seat === self.viewer ? " \u2014 you" : "");
      clear(node);
      node.classList.toggle("st-you", seat === self.viewer);
      node.classList.toggle("st-asking", seat === askingSeat);
      node.classList.toggle("st-to-play", seat === toPlay);
      var info = hand.seats[seat] || {};
      var shown = info.letter && info.letter !== (info.word || seat)
        ? [el("span", { className: "st-letter", text: info.letter }), el("span", { className: "st-word", text: " " + (info.word || seat) })]
        : [el("span", { className: "st-letter", text: info.word || seat })];
      if (info.role && info.role !== "leader") { shown.push(" ", el("span", { className: "st-role", text: info.role })); }
      if (seat === self.viewer) { shown.push(" \u2014 you"); }
      node.setAttribute("aria-label", title + (seat === toPlay ? ", to play" : ""));
      node.appendChild(el("p", { className: "st-hand-title", "aria-hidden": "true" }, shown.concat([
        seat === toPlay ? el("span", { className: "st-turn", text: " \u25cf" }) : null
      ])));
      if (seat === askingSeat) {
        var q = self.examAt();
        node.appendChild(self.pickableCards(cards, q
          ? cards.filter(function (c) { return q.legal.indexOf(c.id) >= 0; }) : legalCards(hand, self.pos, seat)));
      } else if (self.canSee(seat)) {
        node.appendChild(suitRows(cards, function (card) { return cardNode(card); }));
      } else {
        node.appendChild(el("p", { className: "st-hidden-hand",
          text: cards.length + (cards.length === 1 ? " card" : " cards") + " (face down)" }));
      }
    });
  };

  Stepper.prototype.pickableCards = function (cards, legal) {
    var self = this;
    var ok = {};
    legal.forEach(function (c) { ok[c.id] = true; });
    return suitRows(cards, function (card) {
      var button = cardNode(card, "button", { type: "button", className: "st-pick",
        disabled: !ok[card.id], title: ok[card.id] ? null : "You must follow suit" });
      button.addEventListener("click", function () { self.answer(card.id); });
      return button;
    });
  };

  function suitRows(cards, make) {
    var list = el("div", { className: "st-suits" });
    SUITS.forEach(function (suit) {
      var inSuit = cards.filter(function (c) { return c.suit === suit; });
      var row = el("div", { className: "st-suit-row " + (isRed(suit) ? "st-red" : "st-black") }, [
        el("span", { className: "st-suit-symbol", "aria-hidden": "true", text: SUIT_SYMBOL[suit] }),
        el("span", { className: "st-sr", text: SUIT_WORD[suit] + ": " })
      ]);
      if (!inSuit.length) { row.appendChild(el("span", { className: "st-void", text: "\u2014" })); }
      inSuit.forEach(function (card) { row.appendChild(make(card)); row.appendChild(document.createTextNode(" ")); });
      list.appendChild(row);
    });
    return list;
  }

  Stepper.prototype.renderTrick = function () {
    var hand = this.hand;
    var node = this.trickNode;
    var t = trickAt(hand, this.pos);
    clear(node);
    if (t < 0) {
      var leader = hand.tricks[0].leader || hand.data.opening_leader;
      node.appendChild(el("p", { className: "st-trick-empty",
        text: leader ? seatWord(hand, leader) + " to lead" : "No cards played" }));
      return;
    }
    var trick = hand.tricks[t];
    var played = this.pos - trickStart(hand, t);
    var complete = played === trick.cards.length && trick.cards.length === 4;
    trick.cards.slice(0, played).forEach(function (p, k) {
      var wins = complete && p.seat === trick.winner;
      var tags = [];
      var said = (k === 0 ? ["led"] : []).concat(wins ? ["wins"] : []);
      if (said.length) { tags.push(el("span", { className: "st-tag" + (wins ? " st-wins" : " st-led"), text: said.join(" \u00b7 ") })); }
      node.appendChild(el("div", { className: "st-played st-at-" + p.seat + (wins ? " st-winner" : "") + (k === 0 ? " st-leader" : ""),
        "data-seat": p.seat }, [
        el("span", { className: "st-played-seat", text: seatLetter(hand, p.seat) }),
        el("span", { className: "st-sr", text: " (" + seatWord(hand, p.seat) + ") " }),
        cardNode(p.card)
      ].concat(tags)));
    });
  };

  Stepper.prototype.renderControls = function () {
    var atStart = this.pos === 0;
    var atEnd = this.pos === this.hand.plays.length;
    var set = function (button, off) {
      /* aria-disabled rather than disabled, so a focused button keeps the focus */
      button.setAttribute("aria-disabled", off ? "true" : "false");
    };
    set(this.buttons.start, atStart);
    set(this.buttons.prevTrick, atStart);
    set(this.buttons.prevCard, atStart);
    set(this.buttons.nextCard, atEnd);
    set(this.buttons.nextTrick, atEnd);
    set(this.buttons.end, atEnd);
  };

  Stepper.prototype.renderQuiz = function () {
    var hand = this.hand;
    this.quizButton.disabled = !!this.exam || (this.viewer === this.hand.dummy && !!this.viewer);
    this.viewerSelect.disabled = !!this.exam;
    if (this.viewerSelect.value !== this.viewer) { this.viewerSelect.value = this.viewer; }
    this.quizButton.setAttribute("aria-pressed", this.quiz ? "true" : "false");
    this.quizHint.hidden = !this.viewer || this.canQuiz();
    this.quizPanel.hidden = !this.quiz;
    if (this.asking && !this.exam) {
      /* the declarer plays dummy's cards: "which card does Z (South) play from dummy?" */
      var fromDummy = hand.plays[this.pos].seat !== this.viewer ? " from dummy" : "";
      var who = seatLetter(hand, this.viewer) + " (" + seatWord(hand, this.viewer) + ")";
      this.prompt.textContent = "Your turn: which card does " + who + " play" + fromDummy + "?";
    } else {
      this.prompt.textContent = this.quiz ? "Press Next card; the play stops when it is your turn." : "";
    }
    this.skipButton.hidden = !this.asking;
    this.feedbackNode.textContent = this.feedback;
    this.tally.textContent = this.tallyText();
  };

  /* The state of each note at the current position: id -> "shown" | "ahead" | "hidden". A note the
     reader asked to see although it names hidden cards counts as shown. */
  Stepper.prototype.noteStates = function () {
    var self = this;
    var states = {};
    var canSee = function (seat) { return self.canSee(seat); };
    this.hand.notes.concat(this.hand.tags).forEach(function (note) {
      if (typeof note.id !== "string") { return; }
      var state = self.asking && typeof note.at === "number" && note.at >= self.pos ? "ahead" : noteState(self.hand, note, self.pos, canSee);
      if (self.asking && self.exam && self.spoils(note)) { states[note.id] = "ahead"; return; }
      if (state === "hidden" && self.revealed[note.id]) { state = "shown"; }
      if (self.showAll && state === "ahead") { state = "shown"; }
      states[note.id] = state;
    });
    return states;
  };

  /* The panel under the controls (on narrow screens, where the reading column is out of sight):
     the notes of the current trick that may be read now. */
  Stepper.prototype.renderNotes = function (states) {
    var hand = this.hand;
    var t = trickAt(hand, this.pos);
    var number = t < 0 ? null : hand.tricks[t].number;
    var body = this.notesNode;
    var self = this;
    clear(body);
    if (this.line) { this.renderLineNotes(body); return; }
    if (this.asking) {  /* the notes often name the card: keep them until the reader has chosen */
      body.appendChild(el("p", { className: "st-no-notes", text: "The notes come back once you have chosen your card." }));
      return;
    }
    var last = this.ddBox && this.ddBox.checked ? this.dd[this.pos - 1] : null;
    var answered = this.exam && this.exam.shown ? this.exam.shown.note_id : null;  /* in the quiz panel */
    if (last) {
      body.appendChild(el("p", { className: "st-dd-note " + (last.cost > 0 ? "st-dd-cost" : "st-dd-gain") }, [
        el("strong", { text: "Double dummy: " }), last.text
      ]));
    }
    var waiting = hand.tags.filter(function (tag) { return states[tag.id] !== "shown"; }).map(function (tag) { return tag.id; });
    var more = [];
    var held = 0;
    hand.notes.forEach(function (note) {
      var tricks = Array.isArray(note.tricks) ? note.tricks : [];
      if (number === null ? tricks.length > 0 : tricks.indexOf(number) < 0) { return; }
      var state = states[note.id];
      if (state === "hidden") { held += 1; return; }
      if (state !== "shown" || note.id === answered) { return; }
      var source = document.getElementById(note.id);
      if (!source) { return; }
      if (note.more === true) { more.push(cloneNote(source, waiting)); } else { body.appendChild(cloneNote(source, waiting)); }
    });
    if (more.length) {
      body.appendChild(el("details", { className: "st-more" },
        [el("summary", { text: "More from the cards (" + more.length + ")" })].concat(more)));
    }
    if (held) {
      var button = el("button", { type: "button", className: "st-reveal",
        text: held === 1 ? "Show the note that names hidden cards" : "Show the " + held + " notes that name hidden cards" });
      button.addEventListener("click", function () { self.revealHeld(number); });
      body.appendChild(el("p", { className: "st-held" }, [button]));
    }
    if (!body.firstChild) {
      body.appendChild(el("p", { className: "st-no-notes",
        text: number === null ? "No note before the play." : "No note on trick " + number + " yet." }));
    }
  };

  /* Show the notes of a trick that name cards the watcher cannot see (the reader asked). */
  Stepper.prototype.revealHeld = function (number) {
    var self = this;
    var states = this.noteStates();
    this.hand.notes.forEach(function (note) {
      var tricks = Array.isArray(note.tricks) ? note.tricks : [];
      var home = tricks.length ? tricks[0] : 0;  /* 0: the notes before the play */
      if (home === (number || 0) && states[note.id] === "hidden") { self.revealed[note.id] = true; }
    });
    this.render();
    /* the button is gone with the render: the focus goes back to the stepper, so its keys still work */
    if (!document.activeElement || document.activeElement === document.body) { this.root.focus({ preventScroll: true }); }
  };

  /* The page's reading column: each note shown, held back until its card is played, or held back
     because it names hidden cards; the current trick's notes marked and scrolled into view. */
  Stepper.prototype.renderReading = function (states) {
    var self = this;
    var reading = this.reading;
    if (!reading) { return; }
    var t = trickAt(this.hand, this.pos);
    var number = t < 0 ? 0 : this.hand.tricks[t].number;
    Object.keys(states).forEach(function (id) {
      var node = document.getElementById(id);
      if (!node) { return; }
      var tagged = node.classList.contains("found-tag") ? node.parentNode : node;
      tagged.classList.toggle("nt-ahead", states[id] === "ahead");
      tagged.classList.toggle("nt-hidden", states[id] === "hidden");
    });
    var current = null;
    Array.prototype.forEach.call(reading.querySelectorAll(".trick-notes"), function (group) {
      var n = parseInt(group.getAttribute("data-trick"), 10);
      var visible = group.querySelectorAll(".note:not(.nt-ahead):not(.nt-hidden)").length;
      var held = group.querySelectorAll(".note.nt-hidden").length;
      group.classList.toggle("nt-current", n === number);
      /* a trick still ahead, or one whose own notes all wait for their cards (a trick reached
         that has only "See the note on …" lines is not ahead) */
      var own = group.querySelectorAll(".note").length;
      var ahead = n > number || (own > 0 && !visible && !held);
      group.classList.toggle("nt-future", ahead);
      var hint = group.querySelector(".nt-hint");
      if (!hint) {
        hint = el("p", { className: "nt-hint" });
        group.appendChild(hint);
      }
      clear(hint);
      if (held) {
        var button = el("button", { type: "button", className: "st-reveal",
          text: held === 1 ? "Show the note that names hidden cards" : "Show the " + held + " notes that name hidden cards" });
        button.addEventListener("click", function () { self.revealHeld(n); });
        hint.appendChild(button);
      } else if (ahead) {
        hint.appendChild(document.createTextNode(n === 0 ? "" : "Its notes appear when the play reaches them."));
      }
      if (n <= number && (visible || held)) { current = group; }
    });
    var played = 0;
    this.hand.tricks.forEach(function (tr, i) { if (self.hand.ends[i] <= self.pos) { played = tr.number; } });
    var answer = this.exam && this.exam.shown ? document.getElementById(this.exam.shown.note_id) : null;
    Array.prototype.forEach.call(reading.querySelectorAll(".note.st-answer"), function (n) {
      if (n !== answer) { n.classList.remove("st-answer"); }
    });
    if (answer && !answer.classList.contains("st-answer")) {
      answer.classList.add("st-answer");
      this.lastScrolled = answer;
      scrollWithin(reading, answer);
    }
    Array.prototype.forEach.call(document.querySelectorAll("table.tricks tbody tr"), function (row) {
      /* in the quiz the book's table shows only the tricks played: the rest would give the answers */
      row.classList.toggle("st-veiled", !!self.exam && parseInt(row.getAttribute("data-trick"), 10) > played);
      var on = parseInt(row.getAttribute("data-trick"), 10) === number;
      row.classList.toggle("nt-current", on);
      if (on) { row.setAttribute("aria-current", "step"); } else { row.removeAttribute("aria-current"); }
    });
    if (current && current !== this.lastScrolled) {
      this.lastScrolled = current;
      scrollWithin(reading, current);
    }
  };

  /* Scroll the reading column (only it, never the page) so that the node is at its top. */
  function scrollWithin(box, node) {
    if (box.scrollHeight <= box.clientHeight + 1) { return; }
    var top = node.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    box.scrollTo({ top: Math.max(0, top - 8) });
  }

  /* A copy of a note for the panel: same content, no duplicate ids, without the tags still waiting
     for their card (ids in "waiting"). */
  function cloneNote(source, waiting) {
    var copy = source.cloneNode(true);
    Array.prototype.forEach.call(copy.querySelectorAll(".found-tag"), function (tag) {
      if ((waiting || []).indexOf(tag.id) < 0) { return; }
      var item = tag.parentNode;
      var list = item.parentNode;
      list.removeChild(item);
      if (!list.querySelector("li") && list.parentNode) { list.parentNode.removeChild(list); }
    });
    copy.removeAttribute("id");
    ["nt-ahead", "nt-hidden", "st-answer"].forEach(function (c) { copy.classList.remove(c); });
    Array.prototype.forEach.call(copy.querySelectorAll(".decision-mark"), function (n) { n.parentNode.removeChild(n); });
    Array.prototype.forEach.call(copy.querySelectorAll("[id]"), function (n) { n.removeAttribute("id"); });
    copy.classList.add("st-note");
    copy.setAttribute("data-note", source.id);
    return copy;
  }

  /* ---- the page around the stepper: the table's rows and the notes' headings move it */

  Stepper.prototype.wirePage = function () {
    var self = this;
    var goTo = function (number, e) {
      var pos = positionFor(self.main, "#trick-" + number);
      if (pos === null) { return; }
      if (e) { e.preventDefault(); }
      if (self.line) { self.leaveLine(true); }
      self.go(pos);
    };
    Array.prototype.forEach.call(document.querySelectorAll("table.tricks tbody tr[data-trick]"), function (row) {
      var number = row.getAttribute("data-trick");
      row.addEventListener("click", function (e) {
        goTo(number, e.target.closest && e.target.closest("a") ? e : null);
        if (self.reading) {
          var group = document.getElementById("notes-" + number);
          if (group) { self.lastScrolled = group; scrollWithin(self.reading, group); }
        }
      });
    });
    Array.prototype.forEach.call(document.querySelectorAll(".trick-notes .trick-link"), function (link) {
      var group = link.closest(".trick-notes");
      link.addEventListener("click", function (e) { goTo(group.getAttribute("data-trick"), e); });
    });
    if (this.examButton) {  /* the page's "A decision point" marks start the quiz */
      Array.prototype.forEach.call(document.querySelectorAll(".decision-mark"), function (mark) {
        var button = el("button", { type: "button", className: "st-start-quiz", text: "Start the quiz" });
        button.addEventListener("click", function () {
          if (!self.exam) { self.setExam(true); }
          self.root.scrollIntoView({ block: "start" });
          if (!self.root.contains(document.activeElement)) { self.examButton.focus({ preventScroll: true }); }
        });
        mark.appendChild(document.createTextNode(" "));
        mark.appendChild(button);
      });
    }
    var stream = document.querySelector(".notes-stream");
    if (stream) {
      var box = el("input", { type: "checkbox", id: "nt-show-all" });
      box.addEventListener("change", function () { self.showAll = box.checked; self.render(); });
      var label = el("label", { "for": "nt-show-all" }, [" Show every note now (they tell how the play goes)"]);
      var title = stream.querySelector("h2");
      stream.insertBefore(el("p", { className: "nt-show-all" }, [box, label]), title ? title.nextSibling : stream.firstChild);
      stream.classList.add("nt-stepping");
    }
  };

  /* ---- keyboard and the URL */

  var KEYS = {
    ArrowRight: function (e) { return e.shiftKey ? "nextTrick" : "nextCard"; },
    ArrowLeft: function (e) { return e.shiftKey ? "prevTrick" : "prevCard"; },
    PageDown: function () { return "nextTrick"; },
    PageUp: function () { return "prevTrick"; },
    Home: function () { return "start"; },
    End: function () { return "end"; }
  };

  Stepper.prototype.onKey = function (e) {
    if (e.key === "Escape" && this.line && !e.defaultPrevented) { e.preventDefault(); this.leaveLine(); return; }
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || !KEYS[e.key]) { return; }
    if (inFormField(e.target)) { return; }
    if (this.asking && e.target.classList && e.target.classList.contains("st-pick") && /Arrow/.test(e.key)) {
      e.preventDefault();
      this.movePick(e.target, e.key === "ArrowRight" || e.key === "ArrowDown" ? 1 : -1);
      return;
    }
    e.preventDefault();
    this.act(KEYS[e.key](e));
  };

  Stepper.prototype.followHash = function (scroll) {
    var pos = positionFor(this.main, window.location.hash);
    if (pos === null) { return false; }
    if (this.line) { this.leaveLine(true); }
    this.go(pos, { quiet: scroll, updateUrl: true });
    if (scroll) {
      var root = this.root;
      var show = function () { root.scrollIntoView({ block: "start" }); };
      show();
      /* the browser may still scroll to a table row with the same id once the page has loaded */
      if (document.readyState !== "complete") { window.addEventListener("load", function () { window.setTimeout(show, 0); }); }
    }
    return true;
  };

  /* ---------------------------------------------------------------- start */

  function init() {
    var root = document.getElementById("stepper");
    var script = document.getElementById("hand-data");
    if (!root || !script) { return; }
    var hand;
    try { hand = readHand(script); } catch (e) { hand = null; }
    if (!hand) { return; }
    var stepper = new Stepper(root, hand);
    /* one deal on the page: the stepper takes the place of the printed diagram */
    var compass = root.parentNode && root.parentNode.querySelector(".compass");
    if (compass) { compass.hidden = true; }
    stepper.wirePage();
    stepper.render();
    root.hidden = false;
    stepper.followHash(true);
    /* the keys belong to the stepper only while it has the focus (a click inside gives it) */
    root.addEventListener("keydown", function (e) { stepper.onKey(e); });
    window.addEventListener("hashchange", function () { stepper.followHash(false); });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
}());
