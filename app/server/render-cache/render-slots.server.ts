import { escapeHtml } from "../email/lead-email.server";
import { formTokenOrEmpty } from "../leads/submit-quote.server";
import { leadSourceField } from "../visits/lead-source.server";

// A few values must be new in every response even when the page around them comes from the
// cache: the quote form's token says when the page was served (its minimum-age check stops
// bots that post at once), and where the visitor came from is in that response's own request
// (its address and Referer). The route renders a placeholder and names the slot in the
// RENDER_SLOTS_HEADER; the HTTP layer fills it in each response. Values land in HTML attributes.

interface Slot {
  placeholder: string;
  value: (request: Request) => Promise<string> | string;
}

const slots = {
  "form-token": {
    placeholder: "__render_slot_form_token__",
    value: formTokenOrEmpty,
  },
  "lead-source": {
    placeholder: "__render_slot_lead_source__",
    value: (request) => escapeHtml(leadSourceField(request)),
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

/** The body with every named slot filled with a fresh value for `request`. */
export async function fillSlots(body: string, names: readonly SlotName[], request: Request): Promise<string> {
  let filled = body;
  for (const name of names) {
    const slot: Slot = slots[name];
    filled = filled.replaceAll(slot.placeholder, await slot.value(request));
  }
  return filled;
}
