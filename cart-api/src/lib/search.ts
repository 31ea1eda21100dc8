import { sql, type RawBuilder } from 'kysely';

/**
 * Case-insensitive "contains" that both engines read the same way: `lower(column) LIKE pattern`
 * with LIKE's wildcards in the search text escaped (SQLite's LIKE is case-insensitive only for
 * ASCII, PostgreSQL's not at all, so lower() on both sides).
 */
export function containsIgnoringCase(column: string, searchText: string): RawBuilder<boolean> {
  const escaped = searchText.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`);
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${escaped}%`} escape '!'`;
}
