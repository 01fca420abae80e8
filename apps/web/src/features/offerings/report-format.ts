/**
 * A comparison percentage (spec §9): two decimals, cut to four characters plus '..%' when
 * longer ('5.25%', '12.3..%'). The sign is shown by the caller (arrow and colour), so the rule
 * applies to the magnitude. `full` is the untruncated text for the tooltip.
 */
export function formatComparison(value: number | null): { short: string; full: string } {
  if (value === null) return { short: '—', full: 'No figure to compare with' };
  const text = Math.abs(value).toFixed(2);
  return { short: text.length > 4 ? `${text.slice(0, 4)}..%` : `${text}%`, full: `${value.toFixed(2)}%` };
}
