/** The browser's local midnight today, as ISO 8601 (the `since` of the summary call). */
export const localMidnightIso = (now = new Date()) => {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  return midnight.toISOString();
};
