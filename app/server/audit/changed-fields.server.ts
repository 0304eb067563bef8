// The "what changed" of an audit entry: the fields whose value differs, each with its value
// before and after, cut short (an entry says what changed, it is not a copy of the content).

const VALUE_MAX = 200;

function shown(value: unknown): unknown {
  if (value === null || value === undefined || typeof value === "number" || typeof value === "boolean")
    return value ?? null;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX)}…` : text;
}

/** The fields of `after` whose value differs from `before`, as `{ field: { before, after } }`. */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown>,
  { valuesOf = () => true }: { valuesOf?: (field: string) => boolean } = {},
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(after)) {
    const previous = before?.[field];
    if (JSON.stringify(previous ?? null) === JSON.stringify(value ?? null)) continue;
    // Long texts (a post's body) are named, not copied.
    changes[field] = valuesOf(field) ? { before: shown(previous), after: shown(value) } : "alterado";
  }
  return changes;
}
