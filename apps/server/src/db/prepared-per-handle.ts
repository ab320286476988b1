/**
 * Statements built once per database handle: `preparedPerHandle(prepare)` returns a function that
 * calls `prepare(db)` the first time it sees `db` and hands back the same result for that handle
 * from then on. For the hot paths' named prepared statements (GET /api/user, GET /api/cart, the
 * checkout's reads): a Drizzle query built per call costs more Node time than its round trip, and
 * a named statement is parsed and planned once per connection. Held weakly: a handle that is
 * dropped (a test's, a closed pool's) takes its statements with it. `prepare` may build one
 * statement or an object of several.
 */
export function preparedPerHandle<Handle extends object, Prepared>(prepare: (db: Handle) => Prepared): (db: Handle) => Prepared {
  const byHandle = new WeakMap<Handle, Prepared>();
  return (db) => {
    let prepared = byHandle.get(db);
    if (prepared === undefined) {
      prepared = prepare(db);
      byHandle.set(db, prepared);
    }
    return prepared;
  };
}
