// Counting a card opened in browse (issue 19): one small POST, no body worth reading, nothing about the
// visitor; keepalive so it survives the visitor leaving. A failure is nobody's business but the count's.
export function countCardOpen(spaceId: number): void {
  void fetch(`/api/spaces/${spaceId}/card-open`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', keepalive: true, credentials: 'omit' }).catch(() => undefined);
}
