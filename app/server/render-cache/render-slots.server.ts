import { formTokenOrEmpty } from "../quote/submit-quote.server";

// A few values must be new in every response even when the page around them comes from the
// cache: the quote form's token says when the page was served (its minimum-age check stops
// bots that post at once). The route renders a placeholder and names the slot in the
// RENDER_SLOTS_HEADER; the HTTP layer fills it in each response.

interface Slot {
  placeholder: string;
  value: () => Promise<string>;
}

const slots = {
  "form-token": {
    placeholder: "__render_slot_form_token__",
    value: formTokenOrEmpty,
  },
} satisfies Record<string, Slot>;

export type SlotName = keyof typeof slots;

export function slotPlaceholder(name: SlotName): string {
  return slots[name].placeholder;
}

export function parseSlotNames(header: string | null): SlotName[] {
  if (!header) return [];
  return header.split(/[\s,]+/).filter((name): name is SlotName => Object.hasOwn(slots, name));
}

/** The body with every named slot filled with a fresh value. */
export async function fillSlots(body: string, names: readonly SlotName[]): Promise<string> {
  let filled = body;
  for (const name of names) {
    const slot = slots[name];
    filled = filled.replaceAll(slot.placeholder, await slot.value());
  }
  return filled;
}
