import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { type WorkPhotoRow, type WorkRow, works } from "./0009-works.rows.server.ts";
import {
  createPostgresAnnouncer,
  createSqliteTriggers,
  isPostgres,
  postgresChanged,
  sqliteChanged,
  sqliteRecord,
} from "./announce-triggers.server.ts";
import { columnTypes } from "./column-types.server.ts";

// The works portfolio becomes content the owner edits: a work, its photo gallery and its
// optional before/after pairs. The works that lived in app/content/projects.ts are written
// here, so a new database and an upgraded one show the same /obras as before.
//
// A picture is either an image of the media library (`*_media_id`, which the library then
// refuses to delete) or an illustration shipped with the site (`*_path` with its size), like
// a service's picture (migration 0008).
//
// Like posts (migration 0004), every change announces the render-cache tags of the pages
// that show it, whoever makes it:
//   works        /obras (the accordion: titles, badges, services text, photos, order) and
//                /sitemap.xml (slugs and lastmod)
//   work:<slug>  the work's own page; both slugs when the slug changes
// Only published works are public: a draft that stays a draft announces nothing.

/** What /obras and the sitemap show of a work (the accordion and `lastmod`). */
const LIST_COLUMNS = [
  "slug",
  "title",
  "services",
  "description",
  "in_progress",
  "published",
  "position",
  "updated_at",
];
/** What the work's own page shows (everything but its order and creation time). */
const PAGE_COLUMNS = [
  "slug",
  "title",
  "neighbourhood",
  "city",
  "period",
  "building_type",
  "services",
  "description",
  "in_progress",
  "published",
  "cover_media_id",
  "cover_path",
  "cover_width",
  "cover_height",
  "cover_alt",
  "updated_at",
  "published_at",
];
/** Photos show on /obras (the accordion's "Documentação Fotográfica") and on the work's page. */
const PHOTO_COLUMNS = ["work_id", "position", "title", "alt", "media_id", "path", "width", "height"];
/** Before/after pairs show only on the work's page. */
const PAIR_COLUMNS = [
  "work_id",
  "position",
  "title",
  ...["before", "after"].flatMap((side) =>
    ["media_id", "path", "width", "height", "alt"].map((column) => `${side}_${column}`),
  ),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const falseFlag = t.flag === "boolean" ? sql`false` : sql`0`;

  await db.schema
    .createTable("works")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("title", "text", (col) => col.notNull())
    // The title folded (lower case, no accents) by whoever writes it, for the admin's search:
    // the engines' LIKE fold differently (see app/server/media/media-search.server.ts).
    .addColumn("search_text", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("neighbourhood", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("city", "text", (col) => col.notNull().defaultTo("Curitiba"))
    .addColumn("period", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("building_type", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("services", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("in_progress", t.flag, (col) => col.notNull().defaultTo(falseFlag))
    .addColumn("published", t.flag, (col) => col.notNull().defaultTo(falseFlag))
    .addColumn("position", "integer", (col) => col.notNull())
    // An image in use cannot be deleted from the library: the work would lose its picture.
    .addColumn("cover_media_id", "text", (col) => col.references("media.id").onDelete("restrict"))
    .addColumn("cover_path", "text")
    .addColumn("cover_width", "integer")
    .addColumn("cover_height", "integer")
    .addColumn("cover_alt", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .addColumn("updated_at", t.timestamp, (col) => col.notNull())
    .addColumn("published_at", t.timestamp)
    .addCheckConstraint("works_one_cover", sql`cover_media_id IS NULL OR cover_path IS NULL`)
    .addCheckConstraint(
      "works_cover_path_has_size",
      sql`cover_path IS NULL OR (cover_width > 0 AND cover_height > 0)`,
    )
    .execute();
  await db.schema.createIndex("works_position_idx").on("works").column("position").execute();
  await db.schema.createIndex("works_cover_media_id_idx").on("works").column("cover_media_id").execute();

  await db.schema
    .createTable("work_photos")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("work_id", "text", (col) => col.notNull().references("works.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("alt", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("media_id", "text", (col) => col.references("media.id").onDelete("restrict"))
    .addColumn("path", "text")
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addCheckConstraint("work_photos_one_picture", sql`(media_id IS NULL) <> (path IS NULL)`)
    .addCheckConstraint("work_photos_path_has_size", sql`path IS NULL OR (width > 0 AND height > 0)`)
    .execute();
  await db.schema
    .createIndex("work_photos_work_id_position_idx")
    .on("work_photos")
    .columns(["work_id", "position"])
    .execute();
  await db.schema.createIndex("work_photos_media_id_idx").on("work_photos").column("media_id").execute();

  const pairs = db.schema
    .createTable("work_pairs")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("work_id", "text", (col) => col.notNull().references("works.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull().defaultTo(""));
  let pairsWithSides = pairs;
  for (const side of ["before", "after"]) {
    pairsWithSides = pairsWithSides
      .addColumn(`${side}_media_id`, "text", (col) => col.references("media.id").onDelete("restrict"))
      .addColumn(`${side}_path`, "text")
      .addColumn(`${side}_width`, "integer")
      .addColumn(`${side}_height`, "integer")
      .addColumn(`${side}_alt`, "text", (col) => col.notNull().defaultTo(""))
      .addCheckConstraint(
        `work_pairs_one_${side}`,
        sql.raw(`(${side}_media_id IS NULL) <> (${side}_path IS NULL)`),
      )
      .addCheckConstraint(
        `work_pairs_${side}_path_has_size`,
        sql.raw(`${side}_path IS NULL OR (${side}_width > 0 AND ${side}_height > 0)`),
      );
  }
  await pairsWithSides.execute();
  await db.schema
    .createIndex("work_pairs_work_id_position_idx")
    .on("work_pairs")
    .columns(["work_id", "position"])
    .execute();
  for (const side of ["before", "after"]) {
    await db.schema
      .createIndex(`work_pairs_${side}_media_id_idx`)
      .on("work_pairs")
      .column(`${side}_media_id`)
      .execute();
  }

  // Before the triggers: nothing of a new database's /obras is cached yet, and an upgraded
  // site's cached /obras already shows these works.
  await insertRows(db);

  if (isPostgres(db)) {
    await announcePostgres(db);
  } else {
    await announceSqlite(db);
  }
}

async function announceSqlite(db: Kysely<unknown>): Promise<void> {
  const changed = sqliteChanged;
  const record = sqliteRecord;
  // A photo or pair names the pages of its work, when that work is published.
  const ofWork = (tags: string, workIds: string) =>
    `INSERT INTO content_changes (tags)
       SELECT ${tags} || slug FROM works WHERE id IN (${workIds}) AND published;`;
  const children = [
    { table: "work_photos", tags: "'works work:'", columns: PHOTO_COLUMNS },
    { table: "work_pairs", tags: "'work:'", columns: PAIR_COLUMNS },
  ];
  await createSqliteTriggers(db, [
    `CREATE TRIGGER works_announce_insert AFTER INSERT ON works WHEN NEW.published
       BEGIN ${record("'works work:' || NEW.slug")} END`,
    `CREATE TRIGGER works_announce_delete AFTER DELETE ON works WHEN OLD.published
       BEGIN ${record("'works work:' || OLD.slug")} END`,
    `CREATE TRIGGER works_announce_update AFTER UPDATE ON works WHEN OLD.published OR NEW.published
       BEGIN ${record(`
         CASE WHEN ${changed(LIST_COLUMNS)} THEN ' works' ELSE '' END
         || CASE WHEN ${changed(PAGE_COLUMNS)}
              THEN ' work:' || OLD.slug || CASE WHEN OLD.slug IS NOT NEW.slug THEN ' work:' || NEW.slug ELSE '' END
              ELSE '' END`)} END`,
    ...children.flatMap(({ table, tags, columns }) => [
      `CREATE TRIGGER ${table}_announce_insert AFTER INSERT ON ${table}
         BEGIN ${ofWork(tags, "NEW.work_id")} END`,
      `CREATE TRIGGER ${table}_announce_delete AFTER DELETE ON ${table}
         BEGIN ${ofWork(tags, "OLD.work_id")} END`,
      `CREATE TRIGGER ${table}_announce_update AFTER UPDATE ON ${table} WHEN ${changed(columns)}
         BEGIN ${ofWork(tags, "OLD.work_id, NEW.work_id")} END`,
    ]),
  ]);
}

async function announcePostgres(db: Kysely<unknown>): Promise<void> {
  const changed = postgresChanged;
  await createPostgresAnnouncer(db, {
    name: "announce_work_change",
    declare: "work_ids text[];",
    tables: ["works", "work_photos", "work_pairs"],
    body: `
      IF TG_TABLE_NAME = 'works' THEN
        IF TG_OP = 'INSERT' THEN
          IF NEW.published THEN tags := ' works work:' || NEW.slug; END IF;
        ELSIF TG_OP = 'DELETE' THEN
          IF OLD.published THEN tags := ' works work:' || OLD.slug; END IF;
        ELSIF OLD.published OR NEW.published THEN
          IF ${changed(LIST_COLUMNS)} THEN
            tags := tags || ' works';
          END IF;
          IF ${changed(PAGE_COLUMNS)} THEN
            tags := tags || ' work:' || OLD.slug;
            IF OLD.slug <> NEW.slug THEN tags := tags || ' work:' || NEW.slug; END IF;
          END IF;
        END IF;
      ELSE
        IF TG_OP = 'INSERT' THEN
          work_ids := ARRAY[NEW.work_id];
        ELSIF TG_OP = 'DELETE' THEN
          work_ids := ARRAY[OLD.work_id];
        ELSE
          -- Nested, not joined with AND: each table's columns only exist in its own rows.
          IF TG_TABLE_NAME = 'work_photos' THEN
            IF NOT (${changed(PHOTO_COLUMNS)}) THEN RETURN NULL; END IF;
          ELSE
            IF NOT (${changed(PAIR_COLUMNS)}) THEN RETURN NULL; END IF;
          END IF;
          work_ids := ARRAY[OLD.work_id, NEW.work_id];
        END IF;
        SELECT coalesce(string_agg(
                 CASE WHEN TG_TABLE_NAME = 'work_photos' THEN ' works work:' ELSE ' work:' END || slug, ''), '')
          INTO tags FROM works WHERE published AND id = ANY(work_ids);
      END IF;`,
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Dropping a table drops its triggers on both engines.
  for (const table of ["work_pairs", "work_photos", "works"]) {
    await db.schema.dropTable(table).execute();
  }
  if (isPostgres(db)) {
    await sql`DROP FUNCTION announce_work_change()`.execute(db);
  }
}

/** The tables as this migration creates them: a later schema must not change what it writes. */
interface WorkTables {
  works: Omit<WorkRow, "photos"> & {
    id: string;
    created_at: string;
    updated_at: string;
    published_at: string;
  };
  work_photos: WorkPhotoRow & { id: string; work_id: string };
}

/** The works /obras showed before these tables existed (its own frozen copy), in that order. */
async function insertRows(db: Kysely<unknown>): Promise<void> {
  const write = db as Kysely<WorkTables>;
  const now = new Date().toISOString();
  for (const { photos, ...work } of works) {
    const workId = randomUUID();
    await write
      .insertInto("works")
      .values({ id: workId, ...work, created_at: now, updated_at: now, published_at: now })
      .execute();
    for (const photo of photos) {
      await write
        .insertInto("work_photos")
        .values({ id: randomUUID(), work_id: workId, ...photo })
        .execute();
    }
  }
}
