/**
 * Copies text, with the old selection-based fallback for browsers that refuse the
 * Clipboard API (an insecure origin, or a denied permission).
 * @returns whether the text was copied.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return copyWithSelection(text);
  }
}

function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    // Deprecated, but the only way left when the Clipboard API is refused.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
