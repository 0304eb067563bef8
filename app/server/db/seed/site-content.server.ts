import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { reasons } from "../../../content/reasons.ts";
import { homeServiceIds, services } from "../../../content/services.ts";
import { stats } from "../../../content/stats.ts";
import { testimonials } from "../../../content/testimonials.ts";
import type { Database } from "../schema.ts";

// The services, the home page's numbers and reasons, and the testimonials as the site showed
// them while they lived in app/content: written once, by the migration that creates their
// tables, so a new database starts with them and an existing one keeps looking as it did.
// From then on the admin edits them; app/content is only this seed.

export interface SiteContentCounts {
  services: number;
  stats: number;
  reasons: number;
  testimonials: number;
}

export async function insertSiteContent(db: Kysely<Database>): Promise<SiteContentCounts> {
  const now = new Date().toISOString();
  const homeOrder: readonly string[] = homeServiceIds;
  for (const [index, service] of services.entries()) {
    await db
      .insertInto("services")
      .values({
        id: randomUUID(),
        slug: service.id,
        icon: service.icon,
        title: service.title,
        // The home card showed the full description (clamped by CSS): the same text.
        summary: service.description,
        details: service.description,
        features: JSON.stringify(service.features),
        picture_media_id: null,
        picture_path: service.image.src,
        picture_width: service.image.width,
        picture_height: service.image.height,
        picture_alt: service.image.alt,
        position: index + 1,
        show_on_home: homeOrder.includes(service.id),
        // The home cards in their own order; the others after them, should they be shown.
        home_position: homeOrder.includes(service.id)
          ? homeOrder.indexOf(service.id) + 1
          : homeOrder.length + index + 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  for (const [index, stat] of stats.entries()) {
    await db
      .insertInto("stats")
      .values({
        id: randomUUID(),
        value: stat.number,
        label: stat.label,
        position: index + 1,
        updated_at: now,
      })
      .execute();
  }
  for (const [index, reason] of reasons.entries()) {
    await db
      .insertInto("reasons")
      .values({
        id: randomUUID(),
        icon: reason.icon,
        title: reason.title,
        description: reason.description,
        position: index + 1,
        updated_at: now,
      })
      .execute();
  }
  for (const [index, testimonial] of testimonials.entries()) {
    await db
      .insertInto("testimonials")
      .values({
        id: randomUUID(),
        author: testimonial.author,
        role: testimonial.role,
        quote: testimonial.quote,
        position: index + 1,
        visible: true,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  return {
    services: services.length,
    stats: stats.length,
    reasons: reasons.length,
    testimonials: testimonials.length,
  };
}
