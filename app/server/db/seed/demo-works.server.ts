import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { projects } from "../../../content/projects.ts";
import { foldForSearch } from "../../media/media-search.server.ts";
import type { Database } from "../schema.ts";

// The works of /obras as the site showed them while they lived in app/content/projects.ts:
// written once, by the migration that creates their tables (0009), so a new database starts
// with them and an existing one keeps looking as it did. From then on the admin edits them;
// projects.ts is only this seed.
//
// The accordion showed a services text: it becomes the description, shown under "Serviços
// realizados:" as before. The facts the old data did not have (neighbourhood, type of
// building) come from the illustrations' descriptions, for the works' own pages.

interface DemoFacts {
  neighbourhood: string;
  buildingType: string;
}

const RESIDENTIAL = "Residencial";

const demoFacts: Record<string, DemoFacts> = {
  "condominio-residencial-solar-do-batel": {
    neighbourhood: "Batel",
    buildingType: RESIDENTIAL,
  },
  "edificio-residencial-parque-agua-verde": {
    neighbourhood: "Água Verde",
    buildingType: RESIDENTIAL,
  },
  "condominio-residencial-vista-do-bigorrilho": {
    neighbourhood: "Bigorrilho",
    buildingType: RESIDENTIAL,
  },
  "edificio-jardim-do-cabral": {
    neighbourhood: "Cabral",
    buildingType: RESIDENTIAL,
  },
  "residencial-bosque-do-juveve": {
    neighbourhood: "Juvevê",
    buildingType: RESIDENTIAL,
  },
  "condominio-reserva-ecoville": {
    neighbourhood: "Ecoville",
    buildingType: RESIDENTIAL,
  },
  "edificio-residencial-alto-da-xv": {
    neighbourhood: "Alto da XV",
    buildingType: RESIDENTIAL,
  },
  "residencial-jardim-portao": {
    neighbourhood: "Portão",
    buildingType: RESIDENTIAL,
  },
  "condominio-residencial-parque-boa-vista": {
    neighbourhood: "Boa Vista",
    buildingType: RESIDENTIAL,
  },
  "torre-empresarial-candido-de-abreu": {
    neighbourhood: "Centro Cívico",
    buildingType: "Comercial",
  },
};

/** Write the demo works (published, in the old order); returns how many. */
export async function insertDemoWorks(db: Kysely<Database>): Promise<number> {
  const now = new Date().toISOString();
  for (const [index, project] of projects.entries()) {
    const facts = demoFacts[project.id];
    const cover = project.images[0]?.after;
    const workId = randomUUID();
    await db
      .insertInto("works")
      .values({
        id: workId,
        slug: project.id,
        title: project.title,
        search_text: foldForSearch(project.title),
        neighbourhood: facts?.neighbourhood ?? "",
        city: "Curitiba",
        period: "",
        building_type: facts?.buildingType ?? "",
        // The list stays empty: the description already names the services, and the
        // accordion shows a work's list above its description.
        services: "[]",
        description: project.services,
        in_progress: project.status === "in-progress",
        published: true,
        position: index,
        cover_media_id: null,
        cover_path: cover?.src ?? null,
        cover_width: cover?.width ?? null,
        cover_height: cover?.height ?? null,
        cover_alt: cover?.alt ?? "",
        created_at: now,
        updated_at: now,
        published_at: now,
      })
      .execute();
    // The accordion showed each record's "after" picture under its title.
    for (const [photoIndex, image] of (project.hasImages ? project.images : []).entries()) {
      await db
        .insertInto("work_photos")
        .values({
          id: randomUUID(),
          work_id: workId,
          position: photoIndex,
          title: image.title,
          alt: image.after.alt,
          media_id: null,
          path: image.after.src,
          width: image.after.width,
          height: image.after.height,
        })
        .execute();
    }
  }
  return projects.length;
}
