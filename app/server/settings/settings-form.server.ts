import { z } from "zod";
import { brazilianStates } from "~/lib/brazilian-states";
import { formatCnpj, isValidCnpj } from "~/lib/cnpj";
import {
  type CompanySettings,
  DEFAULT_CONFIRMATION_TEXT,
  hoursField,
  MAX_QUOTE_RECIPIENTS,
  MAX_QUOTE_SERVICES,
  type SettingsField,
  type SettingsValues,
  settingsFields,
  settingsMaxLength,
  socialNetworks,
} from "~/lib/company-settings";
import {
  formatDayRanges,
  parseDayRanges,
  type WeeklyHours,
  weekdayNames,
  weekdays,
} from "~/lib/opening-hours";
import { internationalPhoneDigits } from "~/lib/phone-digits";
import { quoteMaxLength } from "~/lib/quote";
import { cleanLine, cleanText } from "../forms/clean-text.server";
import { type FormFields, formTexts } from "../forms/read-form.server";
import { type FieldErrors, validateForm } from "../forms/validate-form.server";

// The company settings form: every field checked, with a pt-BR message beside it, before
// anything is saved (the command, settings-commands.server.ts, saves them all at once).

type Rule = [test: (value: string) => boolean, message: string];

/** One line of text (cleaned as the quote form cleans it), checked by rules in order. */
function line(field: SettingsField, label: string, ...rules: Rule[]) {
  const max = settingsMaxLength[field];
  return z
    .string()
    .transform(cleanLine)
    .superRefine((value, ctx) => {
      const inOrder: Rule[] = [
        [(v) => v.length <= max, `${label} pode ter no máximo ${max.toLocaleString("pt-BR")} caracteres.`],
        ...rules,
      ];
      const failed = inOrder.find(([test]) => !test(value));
      if (failed) ctx.addIssue({ code: "custom", message: failed[1] });
    });
}

const filled = (message: string): Rule => [(v) => v.length > 0, message];
const emailFormat = z.email();
const isEmail = (v: string) => emailFormat.safeParse(v).success;

function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\/[^\s"'<>]+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

const httpsMessage = (example: string) =>
  `Informe o endereço completo, começando com https://, como ${example}. Deixe vazio se a empresa não tem.`;

/** A list typed one item per line (or, for e-mails, separated by commas). */
function listItems(value: string, separator: RegExp): string[] {
  return value
    .split(separator)
    .map((item) => cleanLine(item))
    .filter(Boolean);
}

function list(field: SettingsField, separator: RegExp, check: (items: string[]) => string | null) {
  const max = settingsMaxLength[field];
  return z.string().transform((value, ctx) => {
    if (value.length > max) {
      ctx.addIssue({
        code: "custom",
        message: `A lista pode ter no máximo ${max.toLocaleString("pt-BR")} caracteres.`,
      });
      return z.NEVER;
    }
    const items = listItems(value, separator);
    const problem = check(items);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return items;
  });
}

function dayHours(day: (typeof weekdays)[number]) {
  const max = settingsMaxLength[hoursField[day]];
  return z.string().transform((value, ctx) => {
    if (value.length > max) {
      ctx.addIssue({ code: "custom", message: `${weekdayNames[day]}: use no máximo ${max} caracteres.` });
      return z.NEVER;
    }
    const parsed = parseDayRanges(cleanLine(value), weekdayNames[day]);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    }
    return parsed.ranges;
  });
}

const socialExamples: Record<(typeof socialNetworks)[number], string> = {
  instagram: "https://www.instagram.com/empresa",
  facebook: "https://www.facebook.com/empresa",
  linkedin: "https://www.linkedin.com/company/empresa",
  youtube: "https://www.youtube.com/@empresa",
};

/**
 * The form's rules. `currentCnpj` is accepted as it is: the demo's placeholder has no valid
 * check digits, and an owner who only changes the WhatsApp number must not be stopped by it;
 * any CNPJ typed in must be a real one.
 */
const settingsSchema = (currentCnpj: string | undefined) =>
  z.object({
    name: line("name", "O nome", filled("Informe o nome da empresa.")),
    legalName: line("legalName", "A razão social", filled("Informe a razão social.")),
    cnpj: line("cnpj", "O CNPJ", [
      (v) => v === currentCnpj || isValidCnpj(v),
      "Informe um CNPJ válido, como 11.222.333/0001-81 (confira os dígitos verificadores).",
    ]).transform((v) => (v === currentCnpj ? v : formatCnpj(v))),
    // Typed once, as visitors read it; the digits of the call links come from it (+55 unless
    // it starts with another country's +code).
    phoneDisplay: line("phoneDisplay", "O telefone", [
      (v) => internationalPhoneDigits(v) !== null,
      "Informe o telefone com DDD, como (41) 99876-5432 (de outro país, com + e o código dele).",
    ]),
    // Empty: the phone's number (typed once). Another number, typed as the phone is.
    whatsappDigits: line("whatsappDigits", "O número", [
      (v) => v === "" || internationalPhoneDigits(v) !== null,
      "Informe o número do WhatsApp com DDD, como (41) 99876-5432, ou deixe vazio para usar o telefone.",
    ]).transform((v) => (v === "" ? "" : (internationalPhoneDigits(v) ?? v))),
    whatsappMessage: line(
      "whatsappMessage",
      "A mensagem",
      filled("Escreva a mensagem que já vem escrita ao abrir a conversa."),
    ),
    email: line("email", "O e-mail", [isEmail, "Informe um e-mail válido, como contato@empresa.com.br."]),
    street: line("street", "O logradouro", filled("Informe a rua, avenida ou rodovia.")),
    number: line("number", "O número"),
    district: line("district", "O bairro", filled("Informe o bairro.")),
    city: line("city", "A cidade", filled("Informe a cidade.")),
    state: line("state", "O estado", [
      (v) => (brazilianStates as readonly string[]).includes(v),
      "Escolha o estado (UF).",
    ]),
    postalCode: line("postalCode", "O CEP", [
      (v) => /^\d{5}-?\d{3}$/.test(v),
      "Informe o CEP no formato 00000-000.",
    ]).transform((v) => `${v.slice(0, 5)}-${v.slice(-3)}`),
    ...(Object.fromEntries(weekdays.map((day) => [hoursField[day], dayHours(day)])) as Record<
      (typeof hoursField)[keyof typeof hoursField],
      ReturnType<typeof dayHours>
    >),
    ...(Object.fromEntries(
      socialNetworks.map((network) => [
        network,
        line(network, "O endereço", [
          (v) => v === "" || isHttpsUrl(v),
          httpsMessage(socialExamples[network]),
        ]),
      ]),
    ) as Record<(typeof socialNetworks)[number], ReturnType<typeof line>>),
    quoteRecipients: list("quoteRecipients", /[\s,;]+/, (items) => {
      if (!items.length) return "Informe ao menos um e-mail para receber os pedidos de orçamento.";
      if (items.length > MAX_QUOTE_RECIPIENTS) return `Informe no máximo ${MAX_QUOTE_RECIPIENTS} e-mails.`;
      const invalid = items.find((item) => !isEmail(item));
      return invalid
        ? `“${invalid.slice(0, 60)}” não é um e-mail válido. Informe um e-mail por linha.`
        : null;
    }),
    quoteServices: list("quoteServices", /\r?\n/, (items) => {
      if (!items.length) return "Informe ao menos um serviço, um por linha.";
      if (items.length > MAX_QUOTE_SERVICES) return `Informe no máximo ${MAX_QUOTE_SERVICES} serviços.`;
      const long = items.find((item) => item.length > quoteMaxLength.service);
      if (long) return `Cada serviço pode ter no máximo ${quoteMaxLength.service} caracteres.`;
      const seen = new Set<string>();
      const repeated = items.find((item) => {
        const key = item.toLocaleLowerCase("pt-BR");
        if (seen.has(key)) return true;
        seen.add(key);
        return false;
      });
      return repeated ? `“${repeated}” aparece mais de uma vez.` : null;
    }),
    privacyName: line("privacyName", "O nome"),
    // Empty: the contact e-mail (typed once).
    privacyEmail: line("privacyEmail", "O e-mail", [
      (v) => v === "" || isEmail(v),
      "Informe o e-mail para assuntos de privacidade, como privacidade@empresa.com.br, ou deixe vazio para usar o de contato.",
    ]),
    // A checkbox: present ("on") when ticked, absent when not.
    confirmationEnabled: z.string().transform((v) => v !== ""),
    confirmationText: z
      .string()
      .transform(cleanText)
      .refine((v) => v.length <= settingsMaxLength.confirmationText, {
        message: `O texto pode ter no máximo ${settingsMaxLength.confirmationText.toLocaleString("pt-BR")} caracteres.`,
      })
      // Emptied: the standard words, so an enabled message never goes out blank.
      .transform((v) => v || DEFAULT_CONFIRMATION_TEXT),
  });

export type SettingsErrors = FieldErrors<SettingsField>;

/** The form's fields checked and turned into the settings to save. */
export function parseSettingsForm(
  form: FormFields,
  /** The settings in force (their CNPJ passes unchanged). */
  current?: Pick<CompanySettings, "cnpj">,
): { ok: true; settings: CompanySettings } | { ok: false; fieldErrors: SettingsErrors } {
  const parsed = validateForm(settingsSchema(current?.cnpj), formTexts(form, settingsFields));
  if (!parsed.ok) return { ok: false, fieldErrors: parsed.fieldErrors };
  const v = parsed.data;
  const phoneDigits = internationalPhoneDigits(v.phoneDisplay) ?? "";
  const hours = Object.fromEntries(weekdays.map((day) => [day, v[hoursField[day]]])) as WeeklyHours;
  return {
    ok: true,
    settings: {
      name: v.name,
      legalName: v.legalName,
      cnpj: v.cnpj,
      phoneDisplay: v.phoneDisplay,
      phoneDigits,
      whatsappDigits: v.whatsappDigits || phoneDigits,
      whatsappMessage: v.whatsappMessage,
      email: v.email,
      address: {
        street: v.street,
        number: v.number,
        district: v.district,
        city: v.city,
        state: v.state,
        postalCode: v.postalCode,
      },
      hours,
      social: { instagram: v.instagram, facebook: v.facebook, linkedin: v.linkedin, youtube: v.youtube },
      quoteRecipients: v.quoteRecipients,
      privacyContact: { name: v.privacyName, email: v.privacyEmail || v.email },
      quoteServices: v.quoteServices,
      visitorConfirmation: { enabled: v.confirmationEnabled, text: v.confirmationText },
    },
  };
}

/** The settings as the form's fields show them. */
export function settingsFormValues(settings: CompanySettings): SettingsValues {
  const hours = Object.fromEntries(
    weekdays.map((day) => [hoursField[day], formatDayRanges(settings.hours[day])]),
  ) as Record<(typeof hoursField)[keyof typeof hoursField], string>;
  return {
    name: settings.name,
    legalName: settings.legalName,
    cnpj: settings.cnpj,
    phoneDisplay: settings.phoneDisplay,
    // The same fact as another field shows as empty: "the same as above".
    whatsappDigits:
      settings.whatsappDigits === internationalPhoneDigits(settings.phoneDisplay)
        ? ""
        : settings.whatsappDigits,
    whatsappMessage: settings.whatsappMessage,
    email: settings.email,
    ...settings.address,
    ...hours,
    ...settings.social,
    quoteRecipients: settings.quoteRecipients.join("\n"),
    quoteServices: settings.quoteServices.join("\n"),
    privacyName: settings.privacyContact.name,
    privacyEmail: settings.privacyContact.email === settings.email ? "" : settings.privacyContact.email,
    confirmationEnabled: settings.visitorConfirmation.enabled ? "on" : "",
    confirmationText: settings.visitorConfirmation.text,
  };
}

/** What was sent, cut to each field's size: a 10,000-character field comes back short. */
export function sentSettingsValues(form: FormFields): SettingsValues {
  const values = formTexts(form, settingsFields);
  for (const field of settingsFields) values[field] = values[field].slice(0, settingsMaxLength[field]);
  return values;
}
