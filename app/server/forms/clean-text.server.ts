// Text is stored and mailed as typed, minus what can only hurt: control characters (NUL breaks
// PostgreSQL text, CR/LF in a name could reach a mail header), bidirectional overrides and
// zero-width characters (they disguise text in the inbox). Accents, emoji and every script stay.
const INVISIBLE = /[\u200B\u2060\uFEFF\u202A-\u202E\u2066-\u2069]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, keeping tab and line feed
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** One line of text: controls become spaces, runs of white space collapse, ends trimmed. */
export function cleanLine(value: string): string {
  return value.normalize("NFC").replace(INVISIBLE, "").replace(CONTROL, " ").replace(/\s+/g, " ").trim();
}

/** Free text: line breaks and tabs kept (CRLF becomes LF), other controls removed, ends trimmed. */
export function cleanText(value: string): string {
  return value
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(INVISIBLE, "")
    .replace(CONTROL_BUT_LINES, "")
    .trim();
}
