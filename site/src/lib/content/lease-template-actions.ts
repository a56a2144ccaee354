// Copy to Clipboard and Download Template for the lease template of the lease guide.
// Framework-free so article pages ship no React; the toasts go through the shared toast store.

export const COPIED_TOAST = {
  title: 'Copied to Clipboard',
  description: 'The lease template has been copied to your clipboard.',
} as const;

export const DOWNLOADED_TOAST = {
  title: 'Template Downloaded',
  description: 'The lease template has been saved as a text file.',
} as const;

/**
 * Puts text on the clipboard: the async Clipboard API when the page may use it, otherwise the
 * legacy execCommand('copy') on a hidden textarea. The fallback is silent — the user sees the same
 * confirmation either way.
 */
export async function copyText(text: string, doc: Document = document): Promise<void> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(text);
  } catch {
    legacyCopy(text, doc);
  }
}

function legacyCopy(text: string, doc: Document): void {
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  doc.body.append(area);
  area.select();
  try {
    doc.execCommand('copy');
  } catch {
    // Nothing more to try: the text stays visible on the page for a manual copy.
  } finally {
    area.remove();
  }
}

/** Saves text as a .txt file through a temporary object URL. */
export function downloadText(fileName: string, text: string, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Wires every [data-lease-template] block below root: its copy and download buttons and their toasts. */
export function wireLeaseTemplates(root: ParentNode, notify: (toast: { title: string; description: string }) => void): void {
  for (const block of root.querySelectorAll<HTMLElement>('[data-lease-template]')) {
    const text = block.querySelector('[data-template-text]')?.textContent ?? '';
    const fileName = block.dataset.fileName ?? 'vertical-farming-lease-template.txt';
    block.querySelector('[data-action="copy"]')?.addEventListener('click', async () => {
      await copyText(text);
      notify(COPIED_TOAST);
    });
    block.querySelector('[data-action="download"]')?.addEventListener('click', () => {
      downloadText(fileName, text);
      notify(DOWNLOADED_TOAST);
    });
  }
}
