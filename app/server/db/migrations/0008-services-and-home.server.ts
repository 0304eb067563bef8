import { randomUUID } from "node:crypto";
import { type Kysely, PostgresAdapter, sql } from "kysely";
import { CONTENT_CHANGES_CHANNEL } from "./0004-content-changes.server.ts";
import {
  type ReasonRow,
  reasons,
  type ServiceRow,
  type StatRow,
  services,
  stats,
  type TestimonialRow,
  testimonials,
} from "./0008-services-and-home.rows.server.ts";
import { columnTypes } from "./column-types.server.ts";

// Services, the home page's numbers and reasons, and the testimonials become content the
// owner edits. The content that lived in app/content is written here, so a new database and
// an upgraded one show the same pages as before.
//
// Like posts (migration 0004), every change announces the render-cache tags of the pages
// that show it, whoever makes it:
//   services      /servicos (a service's anchor, icon, title, details, features, picture, order)
//   home          the home page (its service cards, numbers and reasons)
//   footer        every page with the footer, which lists the services' titles in order
//   testimonials  /obras, where the visible testimonials are shown
// A service's change names only the pages that show what changed; a hidden testimonial that
// stays hidden names none.

/** What /servicos shows of a service. */
const SERVICES_PAGE_COLUMNS = [
  "slug",
  "icon",
  "title",
  "details",
  "features",
  "picture_media_id",
  "picture_path",
  "picture_width",
  "picture_height",
  "picture_alt",
  "position",
];
/** What a home card shows (when the service is on the home page before or after). */
const HOME_CARD_COLUMNS = [
  "slug",
  "icon",
  "title",
  "summary",
  "picture_media_id",
  "picture_path",
  "picture_width",
  "picture_height",
  "picture_alt",
  "show_on_home",
  "home_position",
];
/** What the footer shows: the titles, linking to their anchors, in order. */
const FOOTER_COLUMNS = ["slug", "title", "position"];

const row = (which: "OLD" | "NEW", columns: string[]) =>
  `(${columns.map((column) => `${which}.${column}`).join(", ")})`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const falseFlag = t.flag === "boolean" ? sql`false` : sql`0`;
  const trueFlag = t.flag === "boolean" ? sql`true` : sql`1`;

  await db.schema
    .createTable("services")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("icon", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("summary", "text", (col) => col.notNull())
    .addColumn("details", "text", (col) => col.notNull())
    .addColumn("features", "text", (col) => col.notNull().defaultTo("[]"))
    // An image in use cannot be deleted from the library: the service would lose its picture.
    .addColumn("picture_media_id", "text", (col) => col.references("media.id").onDelete("restrict"))
    .addColumn("picture_path", "text")
    .addColumn("picture_width", "integer")
    .addColumn("picture_height", "integer")
    .addColumn("picture_alt", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("show_on_home", t.flag, (col) => col.notNull().defaultTo(falseFlag))
    .addColumn("home_position", "integer", (col) => col.notNull())
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .addColumn("updated_at", t.timestamp, (col) => col.notNull())
    .addCheckConstraint("services_one_picture", sql`picture_media_id IS NULL OR picture_path IS NULL`)
    .addCheckConstraint(
      "services_path_has_size",
      sql`picture_path IS NULL OR (picture_width > 0 AND picture_height > 0)`,
    )
    .execute();
  await db.schema.createIndex("services_position_idx").on("services").column("position").execute();
  await db.schema
    .createIndex("services_picture_media_id_idx")
    .on("services")
    .column("picture_media_id")
    .execute();

  await db.schema
    .createTable("stats")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("label", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("updated_at", t.timestamp, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("reasons")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("icon", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("updated_at", t.timestamp, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("testimonials")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("author", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("quote", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("visible", t.flag, (col) => col.notNull().defaultTo(trueFlag))
    .addColumn("created_at", t.timestamp, (col) => col.notNull())
    .addColumn("updated_at", t.timestamp, (col) => col.notNull())
    .execute();

  // Before the triggers: a new database has nothing cached to announce.
  await insertRows(db);

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await announcePostgres(db);
  } else {
    await announceSqlite(db);
  }
}

async function announceSqlite(db: Kysely<unknown>): Promise<void> {
  const changed = (columns: string[]) => `${row("OLD", columns)} IS NOT ${row("NEW", columns)}`;
  // One row per statement that changed something public; none for a change nobody sees.
  const record = (tags: string) =>
    `INSERT INTO content_changes (tags) SELECT tags FROM (SELECT trim(${tags}) AS tags) WHERE tags <> '';`;
  const home = (which: "OLD" | "NEW") => `CASE WHEN ${which}.show_on_home THEN ' home' ELSE '' END`;
  const statements = [
    `CREATE TRIGGER services_announce_insert AFTER INSERT ON services
       BEGIN ${record(`'services footer' || ${home("NEW")}`)} END`,
    `CREATE TRIGGER services_announce_delete AFTER DELETE ON services
       BEGIN ${record(`'services footer' || ${home("OLD")}`)} END`,
    `CREATE TRIGGER services_announce_update AFTER UPDATE ON services
       BEGIN ${record(`
         CASE WHEN ${changed(SERVICES_PAGE_COLUMNS)} THEN ' services' ELSE '' END
         || CASE WHEN (OLD.show_on_home OR NEW.show_on_home) AND ${changed(HOME_CARD_COLUMNS)}
              THEN ' home' ELSE '' END
         || CASE WHEN ${changed(FOOTER_COLUMNS)} THEN ' footer' ELSE '' END`)} END`,
    ...["stats", "reasons"].flatMap((table) =>
      ["INSERT", "UPDATE", "DELETE"].map(
        (event) => `CREATE TRIGGER ${table}_announce_${event.toLowerCase()} AFTER ${event} ON ${table}
           BEGIN ${record("'home'")} END`,
      ),
    ),
    `CREATE TRIGGER testimonials_announce_insert AFTER INSERT ON testimonials WHEN NEW.visible
       BEGIN ${record("'testimonials'")} END`,
    `CREATE TRIGGER testimonials_announce_update AFTER UPDATE ON testimonials
       WHEN OLD.visible OR NEW.visible
       BEGIN ${record("'testimonials'")} END`,
    `CREATE TRIGGER testimonials_announce_delete AFTER DELETE ON testimonials WHEN OLD.visible
       BEGIN ${record("'testimonials'")} END`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function announcePostgres(db: Kysely<unknown>): Promise<void> {
  const changed = (columns: string[]) =>
    `ROW${row("OLD", columns)} IS DISTINCT FROM ROW${row("NEW", columns)}`;
  // A function of its own (not migration 0004's), so each migration owns what it created.
  await sql
    .raw(`
    CREATE FUNCTION announce_site_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      tags text := '';
    BEGIN
      IF TG_TABLE_NAME = 'services' THEN
        IF TG_OP = 'INSERT' THEN
          tags := ' services footer' || CASE WHEN NEW.show_on_home THEN ' home' ELSE '' END;
        ELSIF TG_OP = 'DELETE' THEN
          tags := ' services footer' || CASE WHEN OLD.show_on_home THEN ' home' ELSE '' END;
        ELSE
          IF ${changed(SERVICES_PAGE_COLUMNS)} THEN
            tags := tags || ' services';
          END IF;
          IF (OLD.show_on_home OR NEW.show_on_home) AND ${changed(HOME_CARD_COLUMNS)} THEN
            tags := tags || ' home';
          END IF;
          IF ${changed(FOOTER_COLUMNS)} THEN
            tags := tags || ' footer';
          END IF;
        END IF;
      ELSIF TG_TABLE_NAME IN ('stats', 'reasons') THEN
        tags := ' home';
      ELSIF TG_OP = 'INSERT' THEN
        IF NEW.visible THEN tags := ' testimonials'; END IF;
      ELSIF TG_OP = 'DELETE' THEN
        IF OLD.visible THEN tags := ' testimonials'; END IF;
      ELSIF OLD.visible OR NEW.visible THEN
        tags := ' testimonials';
      END IF;
      IF tags <> '' THEN
        PERFORM pg_notify('${CONTENT_CHANGES_CHANNEL}', TG_TABLE_SCHEMA || tags);
      END IF;
      RETURN NULL;
    END
    $$`)
    .execute(db);
  for (const table of ["services", "stats", "reasons", "testimonials"]) {
    await sql
      .raw(`CREATE TRIGGER ${table}_announce AFTER INSERT OR UPDATE OR DELETE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION announce_site_content_change()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Dropping a table drops its triggers on both engines.
  for (const table of ["testimonials", "reasons", "stats", "services"]) {
    await db.schema.dropTable(table).execute();
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`DROP FUNCTION announce_site_content_change()`.execute(db);
  }
}

interface Stamped {
  id: string;
  updated_at: string;
}

/** The tables as this migration creates them: a later schema must not change what it writes. */
interface ContentTables {
  services: ServiceRow & Stamped & { created_at: string };
  stats: StatRow & Stamped;
  reasons: ReasonRow & Stamped;
  testimonials: TestimonialRow & Stamped & { created_at: string };
}

/** The content the site showed before these tables existed (its own frozen copy). */
async function insertRows(db: Kysely<unknown>): Promise<void> {
  const write = db as Kysely<ContentTables>;
  const now = new Date().toISOString();
  for (const row of services) {
    await write
      .insertInto("services")
      .values({ id: randomUUID(), ...row, created_at: now, updated_at: now })
      .execute();
  }
  for (const row of stats) {
    await write
      .insertInto("stats")
      .values({ id: randomUUID(), ...row, updated_at: now })
      .execute();
  }
  for (const row of reasons) {
    await write
      .insertInto("reasons")
      .values({ id: randomUUID(), ...row, updated_at: now })
      .execute();
  }
  for (const row of testimonials) {
    await write
      .insertInto("testimonials")
      .values({ id: randomUUID(), ...row, created_at: now, updated_at: now })
      .execute();
  }
}
