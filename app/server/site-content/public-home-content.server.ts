import type { HomeServiceCard, ReasonItem, StatItem, TestimonialItem } from "~/lib/site-content";
import { contentMemo } from "../db/content-memo.server";
import { database } from "../db/database.server";
import { reusableQuery } from "../db/reusable-query.server";
import { homeServicesQuery, iconOrCheck, servicePicture } from "../services/public-services.server";

// Read side of the home page's numbers and reasons (with the services it shows) and of the
// testimonials: one small query per list, compiled once, and memoised until the content changes.

const statsQuery = reusableQuery([], (db) =>
  db.selectFrom("stats").select(["value", "label"]).orderBy("position").orderBy("id"),
);

const reasonsQuery = reusableQuery([], (db) =>
  db.selectFrom("reasons").select(["icon", "title", "description"]).orderBy("position").orderBy("id"),
);

const testimonialsQuery = reusableQuery([], (db) =>
  db
    .selectFrom("testimonials")
    .select(["author", "role", "quote"])
    .where("visible", "=", true)
    .orderBy("position")
    .orderBy("id"),
);

export interface HomeContent {
  services: HomeServiceCard[];
  stats: StatItem[];
  reasons: ReasonItem[];
}

/** The home page's services, numbers and reasons. */
export const homeContent: () => Promise<HomeContent> = contentMemo(async () => {
  const db = await database();
  const [services, stats, reasons] = await Promise.all([
    homeServicesQuery(db, {}),
    statsQuery(db, {}),
    reasonsQuery(db, {}),
  ]);
  return {
    services: services.map((row) => ({
      slug: row.slug,
      icon: iconOrCheck(row.icon),
      title: row.title,
      summary: row.summary,
      picture: servicePicture(row),
    })),
    stats,
    reasons: reasons.map((row) => ({ ...row, icon: iconOrCheck(row.icon) })),
  };
});

/** The visible testimonials, in order. */
export const listVisibleTestimonials: () => Promise<TestimonialItem[]> = contentMemo(async () =>
  testimonialsQuery(await database(), {}),
);
