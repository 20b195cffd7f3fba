// express-pouchdb checks that a database exists, then opens it, creating it when it is missing.
// A DELETE that lands between the two brings the database back, empty, and every later request
// succeeds on it, where CouchDB answers 404 (the sync faults test met it now and then: its
// device's own request, sent as the database was deleted, recreated it). So a deleted database
// is answered 404 here until it is created again with PUT, which first destroys any copy that
// such a request opened meanwhile.
import { deleteDB } from "express-pouchdb/lib/create-or-delete-dbs.js";

const DATABASE_PATH = /^\/([^/?_][^/?]*)(\/[^?]*)?(?:\?.*)?$/;

/** The middleware, in front of express-pouchdb with the same PouchDB. */
export function deletedDatabases(PouchDB) {
  const gone = new Set();
  return async (req, res, next) => {
    const match = DATABASE_PATH.exec(req.url);
    if (!match) return next();
    const name = decodeURIComponent(match[1]);
    const whole = match[2] === undefined || match[2] === "/";
    if (whole && req.method === "DELETE") {
      gone.add(name);
      res.once("finish", () => {
        if (res.statusCode !== 200) gone.delete(name);
      });
      return next();
    }
    if (!gone.has(name)) return next();
    if (whole && req.method === "PUT") {
      try {
        await deleteDB(PouchDB, name);
      } catch (error) {
        if (error?.status !== 404) return next(error);
      }
      gone.delete(name);
      return next();
    }
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: "not_found", reason: "no_db_file" }));
  };
}
