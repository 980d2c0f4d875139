// /docs: the REST endpoints read from the room's own OpenAPI document.
const main = document.getElementById("docs");

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

async function show() {
  const loading = main.querySelector(".loading");
  let doc;
  try {
    doc = await (await fetch("/api/openapi.json")).json();
  } catch (e) {
    loading.textContent = "The API document could not be loaded.";
    return;
  }
  loading.remove();
  main.append(el("p", `${doc.info.title} ${doc.info.version}`));
  const table = el("table", "", "lobby endpoints");
  const head = el("tr");
  for (const name of ["Method", "Path", "What"]) head.append(el("th", name));
  table.append(el("thead"), el("tbody"));
  table.tHead.append(head);
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const row = el("tr");
      row.append(el("td", method.toUpperCase()), el("td", path, "path"),
        el("td", op.summary || op.description || ""));
      table.tBodies[0].append(row);
    }
  }
  main.append(table);
}

show();
