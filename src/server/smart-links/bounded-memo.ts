/**
 * Remembers a function's answers for up to `maxEntries` distinct arguments, forgetting the
 * oldest first. For answers that cost far more than a lookup (parsing a user agent or an
 * `Accept-Language` header) to values a short-link host sees over and over. Arguments longer
 * than `maxKeyLength` are answered without being remembered, so odd headers can't fill memory.
 */
export function memoizeBounded<T>(
  compute: (key: string) => T,
  { maxEntries, maxKeyLength = 512 }: { maxEntries: number; maxKeyLength?: number },
): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    if (answers.has(key)) return answers.get(key) as T;
    const answer = compute(key);
    if (key.length > maxKeyLength) return answer;
    if (answers.size >= maxEntries) {
      const oldest = answers.keys().next();
      if (oldest.done !== true) answers.delete(oldest.value);
    }
    answers.set(key, answer);
    return answer;
  };
}
