import { type Kysely, PostgresAdapter, sql } from "kysely";
import { CONTENT_CHANGES_CHANNEL } from "./0004-content-changes.server.ts";
import { columnTypes } from "./column-types.server.ts";

// The media library: every stored image gets a name (the uploaded file's name, editable), an
// alt text, the list of formats its variants exist in, and a normalised copy of name and alt
// for the library's search. Variants become one row per format and width (`800.avif` beside
// `800.webp`). Images stored before this migration keep their WebP variants only
// (formats = 'webp'); pages ask for AVIF only where it exists.
//
// The alt text is part of the pages that show an image, so the database announces a change
// to it (and a deleted image) to the render cache as the tag `media:<hash>`; pages that show
// an image carry that tag (migration 0004 explains the mechanism).

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .alterTable("media")
    .addColumn("name", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("media")
    .addColumn("alt", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("media")
    .addColumn("formats", "text", (col) => col.notNull().defaultTo("webp"))
    .execute();
  await db.schema
    .alterTable("media")
    .addColumn("search_text", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  // Images uploaded before the library had no name: a short, searchable one from the hash.
  await sql`UPDATE media SET name = 'imagem-' || substr(hash, 1, 8), search_text = 'imagem-' || substr(hash, 1, 8)`.execute(
    db,
  );
  // The library's grid: newest first, in pages.
  await db.schema.createIndex("media_created_at_idx").on("media").columns(["created_at", "id"]).execute();

  // One variant per format and width: the primary key gains the content type.
  if (postgres) {
    await sql`ALTER TABLE media_files DROP CONSTRAINT media_files_pk`.execute(db);
    await sql`ALTER TABLE media_files ADD CONSTRAINT media_files_pk PRIMARY KEY (media_id, content_type, width)`.execute(
      db,
    );
  } else {
    // SQLite cannot change a primary key in place: copy into a new table and swap.
    await db.schema
      .createTable("media_files_new")
      .addColumn("media_id", "text", (col) => col.notNull().references("media.id").onDelete("cascade"))
      .addColumn("width", "integer", (col) => col.notNull())
      .addColumn("height", "integer", (col) => col.notNull())
      .addColumn("content_type", "text", (col) => col.notNull())
      .addColumn("bytes", t.bytes, (col) => col.notNull())
      .addColumn("byte_length", "integer", (col) => col.notNull())
      .addPrimaryKeyConstraint("media_files_pk", ["media_id", "content_type", "width"])
      .execute();
    await sql`INSERT INTO media_files_new (media_id, width, height, content_type, bytes, byte_length)
      SELECT media_id, width, height, content_type, bytes, byte_length FROM media_files`.execute(db);
    await sql`DROP TABLE media_files`.execute(db);
    await sql`ALTER TABLE media_files_new RENAME TO media_files`.execute(db);
  }

  if (postgres) {
    await sql
      .raw(`
      CREATE FUNCTION announce_media_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM pg_notify('${CONTENT_CHANGES_CHANNEL}', TG_TABLE_SCHEMA || ' media:' || OLD.hash);
        ELSIF NEW.alt IS DISTINCT FROM OLD.alt OR NEW.formats IS DISTINCT FROM OLD.formats THEN
          PERFORM pg_notify('${CONTENT_CHANGES_CHANNEL}', TG_TABLE_SCHEMA || ' media:' || NEW.hash);
        END IF;
        RETURN NULL;
      END
      $$`)
      .execute(db);
    await sql`CREATE TRIGGER media_announce AFTER UPDATE OR DELETE ON media
      FOR EACH ROW EXECUTE FUNCTION announce_media_change()`.execute(db);
  } else {
    await sql`CREATE TRIGGER media_announce_update AFTER UPDATE OF alt, formats ON media
      WHEN OLD.alt IS NOT NEW.alt OR OLD.formats IS NOT NEW.formats
      BEGIN INSERT INTO content_changes (tags) VALUES ('media:' || NEW.hash); END`.execute(db);
    await sql`CREATE TRIGGER media_announce_delete AFTER DELETE ON media
      BEGIN INSERT INTO content_changes (tags) VALUES ('media:' || OLD.hash); END`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`DROP TRIGGER media_announce ON media`.execute(db);
    await sql`DROP FUNCTION announce_media_change()`.execute(db);
    await sql`DELETE FROM media_files WHERE content_type <> 'image/webp'`.execute(db);
    await sql`ALTER TABLE media_files DROP CONSTRAINT media_files_pk`.execute(db);
    await sql`ALTER TABLE media_files ADD CONSTRAINT media_files_pk PRIMARY KEY (media_id, width)`.execute(
      db,
    );
  } else {
    await sql`DROP TRIGGER media_announce_update`.execute(db);
    await sql`DROP TRIGGER media_announce_delete`.execute(db);
    // The old key holds one file per width: the WebP ones.
    const t = columnTypes(db);
    await db.schema
      .createTable("media_files_old")
      .addColumn("media_id", "text", (col) => col.notNull().references("media.id").onDelete("cascade"))
      .addColumn("width", "integer", (col) => col.notNull())
      .addColumn("height", "integer", (col) => col.notNull())
      .addColumn("content_type", "text", (col) => col.notNull())
      .addColumn("bytes", t.bytes, (col) => col.notNull())
      .addColumn("byte_length", "integer", (col) => col.notNull())
      .addPrimaryKeyConstraint("media_files_pk", ["media_id", "width"])
      .execute();
    await sql`INSERT INTO media_files_old (media_id, width, height, content_type, bytes, byte_length)
      SELECT media_id, width, height, content_type, bytes, byte_length FROM media_files
      WHERE content_type = 'image/webp'`.execute(db);
    await sql`DROP TABLE media_files`.execute(db);
    await sql`ALTER TABLE media_files_old RENAME TO media_files`.execute(db);
  }
  await db.schema.dropIndex("media_created_at_idx").execute();
  for (const column of ["search_text", "formats", "alt", "name"]) {
    await db.schema.alterTable("media").dropColumn(column).execute();
  }
}
