const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** 1.234 bytes -> "1,2 KB" (pt-BR). */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${number.format(size / 1024)} KB`;
  return `${number.format(size / (1024 * 1024))} MB`;
}
