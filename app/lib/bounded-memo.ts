// A function's answers remembered per string input, up to a bound: the inputs a server sees
// repeat (a few browsers, a few dates, a few paths), but clients can invent endless new ones.

/**
 * `compute` remembered for the last `limit` distinct inputs; past the bound everything is
 * forgotten at once, which is cheaper than keeping an order and costs one recomputation each.
 */
export function boundedMemo<T>(compute: (input: string) => T, limit: number): (input: string) => T {
  const known = new Map<string, T>();
  return (input) => {
    if (known.has(input)) return known.get(input) as T;
    const answer = compute(input);
    if (known.size >= limit) known.clear();
    known.set(input, answer);
    return answer;
  };
}
