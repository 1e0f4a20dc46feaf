/* SpotDiff leaderboard: sortable tables and interval bars. The pages work
   without this file; it turns the headings of tables marked data-sortable
   into buttons and draws a bar in the cells of a column marked data-bar. */
(function () {
  "use strict";

  // A cell's sort key is its data-v attribute if it has one, else the text of
  // its first link (a model name without its version and tags), else its text:
  // "3–4" and "95/100" sort by their first number.
  function sortKey(cell, type) {
    var raw = cell.getAttribute("data-v");
    var link = cell.querySelector("a");
    if (raw === null) raw = (link || cell).textContent.trim();
    if (type === "num") {
      var n = parseFloat(raw);
      return isNaN(n) ? null : n;
    }
    return raw.toLocaleLowerCase();
  }

  function compare(a, b, type) {
    // Cells without a value ("–") go last whichever way the column runs.
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    if (type === "num") return a - b;
    return a.localeCompare(b);
  }

  function label(th) {
    var button = th.querySelector("button");
    return (button || th).textContent.trim();
  }

  function makeSortable(table) {
    var head = table.tHead && table.tHead.rows[0];
    var body = table.tBodies[0];
    if (!head || !body) return;
    var status = document.getElementById(table.getAttribute("data-status") || "");
    // The server renders rows in rank order; ties keep that order.
    Array.prototype.forEach.call(body.rows, function (row, i) { row.setAttribute("data-i", i); });
    var headers = Array.prototype.slice.call(head.cells);

    headers.forEach(function (th, column) {
      var type = th.getAttribute("data-sort");
      if (!type) return;
      var button = document.createElement("button");
      button.type = "button";
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);

      button.addEventListener("click", function () {
        var current = th.getAttribute("aria-sort");
        var direction;
        if (current === "ascending") direction = "descending";
        else if (current === "descending") direction = "ascending";
        else direction = th.getAttribute("data-first") === "desc" ? "descending" : "ascending";
        var sign = direction === "ascending" ? 1 : -1;

        var rows = Array.prototype.slice.call(body.rows).map(function (row) {
          return { row: row, key: sortKey(row.cells[column], type), index: +row.getAttribute("data-i") };
        });
        rows.sort(function (a, b) {
          var c = compare(a.key, b.key, type);
          if (c !== 0 && a.key !== null && b.key !== null) c *= sign;
          return c !== 0 ? c : a.index - b.index;
        });
        var fragment = document.createDocumentFragment();
        rows.forEach(function (r) { fragment.appendChild(r.row); });
        body.appendChild(fragment);

        headers.forEach(function (other) { other.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", direction);
        if (status) status.textContent = "Sorted by " + label(th) + ", " + direction + ".";
      });
    });
  }

  // Interval bars: a heading marked data-bar holds "low–high" cells, the
  // cell before each one the score. The server sends the numbers only (a
  // drawn bar cost ~130 bytes per row of a 500-row standings page); without
  // JavaScript the numbers are the whole answer.
  var SVG = "http://www.w3.org/2000/svg";

  function svgElement(name, attributes) {
    var element = document.createElementNS(SVG, name);
    Object.keys(attributes).forEach(function (key) { element.setAttribute(key, attributes[key]); });
    return element;
  }

  function drawBar(cell, score) {
    var bounds = (cell.textContent.match(/\d+(?:\.\d+)?/g) || []).map(parseFloat);
    var value = parseFloat(score.textContent);
    if (bounds.length !== 2 || isNaN(value)) return;
    // A zero-width interval (a perfect baseline) is still drawn as a sliver.
    var width = Math.max(Math.round((bounds[1] - bounds[0]) * 10) / 10, 0.8);
    var svg = svgElement("svg", { "class": "ci", viewBox: "0 0 100 10", "aria-hidden": "true" });
    svg.appendChild(svgElement("rect", { x: bounds[0], y: 2, width: width, height: 6 }));
    svg.appendChild(svgElement("path", { d: "M" + value + " 0V10" }));
    cell.insertBefore(svg, cell.firstChild);
    cell.className = "bar";
  }

  function drawBars(table) {
    var head = table.tHead && table.tHead.rows[0];
    if (!head) return;
    Array.prototype.forEach.call(head.cells, function (th, column) {
      if (!th.hasAttribute("data-bar") || column === 0) return;
      Array.prototype.forEach.call(table.tBodies, function (body) {
        Array.prototype.forEach.call(body.rows, function (row) {
          // The baselines' heading row spans the table: it has no such cell.
          if (row.cells.length > column) drawBar(row.cells[column], row.cells[column - 1]);
        });
      });
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll("table"), drawBars);
  Array.prototype.forEach.call(document.querySelectorAll("table[data-sortable]"), makeSortable);
})();
