/**
 * A work's photo whole in a 4:3 frame: a portrait photo from a phone (3:4) shows uncropped
 * between two bands instead of losing its top and bottom, and the grid keeps even rows. The
 * image keeps its width and height attributes, so nothing moves while it loads.
 */
export const WHOLE_PHOTO_CLASS =
  "aspect-[4/3] w-full rounded-xl bg-slate-100 object-contain dark:bg-slate-800";
