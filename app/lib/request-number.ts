// How a quote request's number is written wherever a person reads it (the visitor's
// confirmation, the inbox, the request's page, the CSV): "nº 128", digits only, no padding and
// no thousands separator, so it reads the same when said on the phone and typed in a search.

/** "nº 128". */
export function requestNumberLabel(number: number): string {
  return `nº ${number}`;
}
