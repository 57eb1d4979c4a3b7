/** Google Maps search for the site: its coordinates when known, else its address. */
export function mapUrl(v: {
  local: string;
  latitude: number | null;
  longitude: number | null;
}): string {
  const q = v.latitude !== null && v.longitude !== null ? `${v.latitude},${v.longitude}` : v.local;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(q)}`;
}
