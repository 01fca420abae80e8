/** The merge fields a message may carry (issue 9 'Composing'), as typed in the compose box. */
export const MERGE_FIELDS = ['{firstName}', '{churchName}'] as const;

/**
 * The text with its merge fields filled for one recipient: {firstName} (the first word of the
 * recipient's name, or 'friend' when there is none) and {churchName}; case-insensitive.
 */
export function personalize(text: string, who: { name: string; churchName: string }): string {
  const first = who.name.trim().split(/\s+/)[0] || 'friend';
  return text.replace(/\{firstname\}/gi, first).replace(/\{churchname\}/gi, who.churchName);
}
