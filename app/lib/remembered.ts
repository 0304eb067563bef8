/**
 * `compute` with its most recent answers remembered: by `keyOf(argument)`, at most `limit` of
 * them, the oldest forgotten first. For pure work done again and again on the same inputs
 * while rendering (dates, sanitised articles).
 */
export function remembered<Argument, Key, Answer>(
  limit: number,
  keyOf: (argument: Argument) => Key,
  compute: (argument: Argument) => Answer,
): (argument: Argument) => Answer {
  const answers = new Map<Key, Answer>();
  return (argument) => {
    const key = keyOf(argument);
    if (answers.has(key)) return answers.get(key) as Answer;
    const answer = compute(argument);
    if (answers.size >= limit) answers.delete(answers.keys().next().value as Key);
    answers.set(key, answer);
    return answer;
  };
}
