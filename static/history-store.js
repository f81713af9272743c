// The history's storage in the worker (py/spielstube/host/history_idb.py): IndexedDB
// "spielstube-history" with two object stores, "entries" (the small index rows) and
// "records" (each game's record as JSON text), both keyed by the game's id. Every
// entry is read once at start; a record only when asked. Answers that come later go
// to the host as intents through `deliver` (JSON text): a failed write as
// "history-stored" (with the record, to be written again once there is room), a read
// as "history-read". A third store, "meta", keeps how many entries a full storage
// dropped that no page has been told of yet ("dropped"), so a reload does not lose it.
const NAME = "spielstube-history";
const STORES = ["entries", "records", "meta"];

function opened() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(NAME, 2);
    request.onupgradeneeded = () => {
      for (const name of STORES) {
        if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name);
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("the history's storage is blocked"));
  });
}

function droppedCount(db) {
  return new Promise((resolve) => {
    const request = db.transaction("meta").objectStore("meta").get("dropped");
    request.onsuccess = () => resolve(Number.isInteger(request.result) ? request.result : 0);
    request.onerror = () => resolve(0);
  });
}

function allEntries(db) {
  return new Promise((resolve, reject) => {
    const request = db.transaction("entries").objectStore("entries").getAll();
    request.onsuccess = () => resolve("[" + request.result.join(",") + "]");
    request.onerror = () => reject(request.error);
  });
}

// Installs self.spielstubeHistory once the database is open and its entries read (or
// its failure noted: the host then keeps no history, and plays on).
export async function installHistory(deliver) {
  const store = { entries: "[]", failed: "", dropped: 0 };
  let db = null;
  try {
    db = await opened();
    store.entries = await allEntries(db);
    store.dropped = await droppedCount(db);
  } catch (err) {
    store.failed = String((err && err.message) || err);
  }
  store.put = (id, entry, record) => {
    if (!db) return;
    let tx;
    const failed = (error) => deliver(JSON.stringify({ intent: "history-stored", entry: id, ok: false,
      reason: String((error && error.name) || "Error"), record }));
    try {
      tx = db.transaction(["entries", "records"], "readwrite");
      tx.objectStore("entries").put(entry, id);
      tx.objectStore("records").put(record, id);
    } catch (error) {
      failed(error);
      return;
    }
    tx.onabort = () => failed(tx.error);
  };
  store.remove = (idsText) => {
    if (!db) return;
    const tx = db.transaction(["entries", "records"], "readwrite");
    for (const id of JSON.parse(idsText)) {
      tx.objectStore("entries").delete(id);
      tx.objectStore("records").delete(id);
    }
  };
  store.setDropped = (count) => {
    if (!db) return;
    try {
      db.transaction("meta", "readwrite").objectStore("meta").put(count, "dropped");
    } catch (error) {
      // (a full storage may refuse even this: the page is told on the next list anyway)
    }
  };
  store.read = (request, idsText) => {
    const ids = JSON.parse(idsText);
    const records = {};
    const answer = () => deliver(JSON.stringify({ intent: "history-read", request, records }));
    if (!db || !ids.length) {
      answer();
      return;
    }
    const tx = db.transaction("records");
    const records_ = tx.objectStore("records");
    for (const id of ids) {
      const got = records_.get(id);
      got.onsuccess = () => { records[id] = got.result === undefined ? null : got.result; };
    }
    tx.oncomplete = answer;
    tx.onabort = answer;
  };
  self.spielstubeHistory = store;
}
