/**
 * Which option a text typed into a place field takes on Tab or Enter (decision 046): the one whose code is exactly what
 * was typed (an airport or city code: `LON`), else the one whose name is exactly it (a hotel destination has no code),
 * else the best match, the first. -1 for none: fewer than two letters, or no options.
 */
export function typedChoiceIndex(
  text: string,
  options: readonly { label: string; code?: string | undefined }[],
): number {
  const typed = text.trim().toLowerCase();
  if (typed.length < 2 || options.length === 0) return -1;
  const byCode = options.findIndex((o) => o.code?.toLowerCase() === typed);
  if (byCode >= 0) return byCode;
  const byName = options.findIndex((o) => o.label.trim().toLowerCase() === typed);
  // No exact one: the best match, the first.
  return Math.max(byName, 0);
}
