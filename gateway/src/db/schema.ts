import type { Insertable, Selectable } from 'kysely';

/**
 * The gateway's own database (`DATABASE_URL`, default `${DATA_DIR}/gateway.sqlite`): the remote
 * registry, shared by every gateway instance pointed at it. Dates are ISO-8601 text, as in the APIs.
 */

/** One row per published package: the pointer /remotes.json and the signed-in pages read. */
export interface RemotePackageTable {
  name: string;
  /** A version of this package in `remote_version` (a foreign key: the pointer never dangles). */
  current_version: string;
  updated_at: string;
}

/** One row per published build; never updated once written (a version is immutable). */
export interface RemoteVersionTable {
  package_name: string;
  version: string;
  /** The sections (first path segments) the build owns, a JSON array of strings. */
  sections: string;
  published_at: string;
}

/** Every file of a published build, the `.br`/`.gz` siblings included, as bytes; never updated. */
export interface RemoteFileTable {
  package_name: string;
  version: string;
  /** The file's path inside the build, `/`-separated (`remoteEntry.js`, `static/js/12.ab12cd34.js`). */
  path: string;
  /** BLOB on SQLite, BYTEA on PostgreSQL: a Buffer either way. */
  content: Buffer;
}

export interface GatewayDatabase {
  remote_package: RemotePackageTable;
  remote_version: RemoteVersionTable;
  remote_file: RemoteFileTable;
}

export type RemoteVersionRow = Selectable<RemoteVersionTable>;
export type NewRemoteFile = Insertable<RemoteFileTable>;
