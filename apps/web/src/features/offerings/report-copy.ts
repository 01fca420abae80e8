/**
 * Copies `text` to the clipboard: the Clipboard API first, then the selection of `input`
 * with execCommand('copy') where that API is refused (older browsers, no permission).
 * Answers whether it worked; never throws.
 */
export async function copyText(text: string, input?: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    try {
      input.focus();
      input.select();
      input.setSelectionRange(0, text.length); // mobile browsers
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/** The absolute address of a share link's page ('/r/{token}' on this site). */
export const shareUrl = (path: string): string => `${window.location.origin}${path}`;
