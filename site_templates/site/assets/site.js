/* SpotDiff leaderboard: sortable tables. The pages work without this file;
   it only turns the headings of tables marked data-sortable into buttons. */
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

  Array.prototype.forEach.call(document.querySelectorAll("table[data-sortable]"), makeSortable);
})();
