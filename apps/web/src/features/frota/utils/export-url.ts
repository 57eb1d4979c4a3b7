/** Link of a list export (the browser downloads it with the session cookie). */
export function exportUrl(path: string, format: 'csv' | 'xlsx'): string {
  return `/api${path}?format=${format}`;
}
