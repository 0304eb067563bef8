// The vocabulary of the visit counts (docs/decisions/0059-cookie-free-visit-counting.md),
// shared by the server that stores them and the admin that will show them.

/** Stored as the referrer of a page opened from another page of the site. */
export const INTERNAL_REFERRER = "(interno)";

export const DEVICE_CLASSES = ["celular", "tablet", "computador"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i;
const PHONE = /Mobi|iPhone|iPod|Android.*Mobile|Windows Phone|Opera Mini/i;

/** The device class a User-Agent names; only this class is kept, never the User-Agent. */
export function deviceClass(userAgent: string): DeviceClass {
  if (TABLET.test(userAgent)) return "tablet";
  if (PHONE.test(userAgent)) return "celular";
  return "computador";
}

/** Stored instead of a campaign tag, a site or a page past the day's number of new values. */
export const OTHER_VALUES = "(outras)";
