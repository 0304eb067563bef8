/**
 * A post's address from its title: lowercase, accents removed, characters other
 * than letters, digits, spaces and hyphens dropped, spaces to hyphens, repeated hyphens
 * collapsed. Leading and trailing hyphens are trimmed too, and a title with nothing left
 * becomes "post", so an address is never empty.
 */
export function slugify(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
  return slug || "post";
}

/** Every address slugify and uniqueSlug can produce: lowercase letters and digits, single hyphens between. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether `value` can be a post's address; anything else need not reach the database. */
export function isSlug(value: string): boolean {
  return value.length <= 300 && SLUG_PATTERN.test(value);
}

/**
 * The first of base, base-1, base-2, … that `isTaken` says is free. `isTaken` must ignore the
 * post being edited, so saving a post keeps its own slug.
 */
export async function uniqueSlug(
  base: string,
  isTaken: (candidate: string) => Promise<boolean>,
): Promise<string> {
  let candidate = base;
  for (let n = 1; await isTaken(candidate); n++) candidate = `${base}-${n}`;
  return candidate;
}
