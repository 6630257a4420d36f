/**
 * A query built once per database (or transaction) and reused: `build` runs at the first call for `db`, and
 * what it answers (a prepared statement, on PostgreSQL a named one, parsed and planned once per connection)
 * serves every later call. For the queries of the hottest calls, whose SQL Drizzle would otherwise build
 * anew on each call at a cost larger than running it (issue 34).
 */
export function preparedPerDatabase<Db extends object, Query>(build: (db: Db) => Query): (db: Db) => Query {
  const queries = new WeakMap<Db, Query>()
  return (db) => {
    let query = queries.get(db)
    if (query === undefined) {
      query = build(db)
      queries.set(db, query)
    }
    return query
  }
}
