import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

// Migrations take Kysely<unknown>: they describe the schema as it was, not as the types say it is now.
export const remoteRegistry: Migration = {
  async up(db: Kysely<unknown>) {
    const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
    await db.schema
      .createTable('remote_version')
      .addColumn('package_name', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('sections', 'text', (c) => c.notNull())
      .addColumn('published_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('remote_version_pk', ['package_name', 'version'])
      .execute();
    await db.schema
      .createTable('remote_file')
      .addColumn('package_name', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('content', bytes, (c) => c.notNull())
      .addPrimaryKeyConstraint('remote_file_pk', ['package_name', 'version', 'path'])
      .addForeignKeyConstraint('remote_file_version_fk', ['package_name', 'version'], 'remote_version', [
        'package_name',
        'version',
      ])
      .execute();
    await db.schema
      .createTable('remote_package')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('current_version', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addForeignKeyConstraint('remote_package_current_fk', ['name', 'current_version'], 'remote_version', [
        'package_name',
        'version',
      ])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['remote_package', 'remote_file', 'remote_version']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
