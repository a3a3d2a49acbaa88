/* omahahh audit report: sorting, filtering and hands opened in place.
   Inlined into the page; it fetches nothing. Every control is a native
   button, select or input, so the keyboard works without extra code. */
(function () {
  "use strict";

  function cellValue(cell) {
    if (!cell) return "";
    var raw = cell.getAttribute("data-v");
    if (raw !== null && raw !== "" && !isNaN(Number(raw))) return Number(raw);
    return cell.textContent.trim().toLowerCase();
  }

  function compare(x, y) {
    var xn = typeof x === "number", yn = typeof y === "number";
    if (xn && yn) return x - y;
    if (xn) return -1; /* numbers before "-" (no value) */
    if (yn) return 1;
    return x < y ? -1 : x > y ? 1 : 0;
  }

  function closeHands(tbody) {
    tbody.querySelectorAll("tr.hand-row").forEach(function (row) { row.remove(); });
    tbody.querySelectorAll('button.open-hand[aria-expanded="true"]').forEach(function (b) {
      b.setAttribute("aria-expanded", "false");
      b.textContent = b.getAttribute("data-open");
    });
  }

  function sortTable(table, index, th) {
    var tbody = table.tBodies[0];
    closeHands(tbody);
    var dir = th.getAttribute("aria-sort") === "ascending" ? "descending" : "ascending";
    table.querySelectorAll("th[aria-sort]").forEach(function (h) { h.setAttribute("aria-sort", "none"); });
    th.setAttribute("aria-sort", dir);
    var rows = Array.prototype.slice.call(tbody.rows);
    rows.sort(function (a, b) {
      var c = compare(cellValue(a.cells[index]), cellValue(b.cells[index]));
      return dir === "ascending" ? c : -c;
    });
    rows.forEach(function (row) { tbody.appendChild(row); });
  }

  document.querySelectorAll("table.sortable").forEach(function (table) {
    var heads = table.tHead ? table.tHead.rows[0].cells : [];
    Array.prototype.forEach.call(heads, function (th, index) {
      var button = th.querySelector("button");
      if (button) button.addEventListener("click", function () { sortTable(table, index, th); });
    });
  });

  function applyFilters(box) {
    var table = document.getElementById(box.getAttribute("data-table"));
    var tbody = table.tBodies[0];
    closeHands(tbody);
    var selects = box.querySelectorAll("select[data-filter]");
    var search = box.querySelector('input[type="search"]');
    var query = search ? search.value.trim().toLowerCase() : "";
    var shown = 0, total = 0;
    Array.prototype.forEach.call(tbody.rows, function (row) {
      total += 1;
      var keep = true;
      selects.forEach(function (s) {
        if (s.value && row.getAttribute("data-" + s.getAttribute("data-filter")) !== s.value) keep = false;
      });
      if (keep && query && row.textContent.toLowerCase().indexOf(query) < 0) keep = false;
      row.hidden = !keep;
      if (keep) shown += 1;
    });
    var out = box.querySelector("output");
    if (out) out.textContent = shown + " of " + total + " rows shown";
  }

  document.querySelectorAll(".filters[data-table]").forEach(function (box) {
    box.addEventListener("input", function () { applyFilters(box); });
    box.addEventListener("change", function () { applyFilters(box); });
    box.addEventListener("submit", function (e) { e.preventDefault(); });
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button.open-hand");
    if (!button) return;
    var row = button.closest("tr");
    var next = row.nextElementSibling;
    if (button.getAttribute("aria-expanded") === "true") {
      if (next && next.classList.contains("hand-row")) next.remove();
      button.setAttribute("aria-expanded", "false");
      button.textContent = button.getAttribute("data-open");
      return;
    }
    var template = document.getElementById(button.getAttribute("data-template"));
    var handRow = document.createElement("tr");
    handRow.className = "hand-row";
    handRow.id = button.getAttribute("aria-controls");
    var cell = document.createElement("td");
    cell.colSpan = row.cells.length;
    if (template) {
      cell.appendChild(template.content.cloneNode(true));
    } else {
      cell.textContent = "This hand is not on the page.";
    }
    var key = button.getAttribute("data-fkey");
    if (key) {
      cell.querySelectorAll("[data-fkey]").forEach(function (el) {
        if (el.getAttribute("data-fkey") === key) el.classList.add("current");
      });
    }
    handRow.appendChild(cell);
    row.parentNode.insertBefore(handRow, row.nextSibling);
    button.setAttribute("aria-expanded", "true");
    button.textContent = button.getAttribute("data-close");
  });
})();
