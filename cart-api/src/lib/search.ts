import { sql, type RawBuilder } from 'kysely';

/** The LIKE pattern "contains `text`", with LIKE's wildcards and the escape character escaped ('!'). */
function containsPattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/**
 * Case-insensitive "contains" that both engines read the same way: `lower(column) LIKE pattern`
 * with LIKE's wildcards in the search text escaped (SQLite's LIKE is case-insensitive only for
 * ASCII, PostgreSQL's not at all, so lower() on both sides).
 */
export function containsIgnoringCase(column: string, searchText: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(searchText.toLowerCase())} escape '!'`;
}

/**
 * "Contains" over a column the database already keeps lower-cased (lower() on write, so the same
 * function as containsIgnoringCase applies on both sides), e.g. `orders.search_text`.
 */
export function lowerCasedContains(column: string, searchText: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${containsPattern(searchText.toLowerCase())} escape '!'`;
}
