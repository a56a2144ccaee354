// The one mapping from amenity identifiers (what the listing form sends and the database stores, spec 3)
// to display names and icon keys. The detail dialog's icon set (WiFi, Parking, Electricity, Security,
// Irrigation, Storage) is reached through the same table; anything unknown gets the default icon.
// See docs/decisions/0203-one-amenity-mapping.md.

export type AmenityIcon = 'wifi' | 'parking' | 'electricity' | 'security' | 'irrigation' | 'storage' | 'sun' | 'thermometer' | 'lightbulb' | 'truck' | 'default';

export type AmenityDefinition = { id: string; label: string; icon: AmenityIcon; /** Shown as a checkbox on the listing form. */ inForm: boolean };

export const AMENITIES = [
  { id: 'natural_light', label: 'Natural Light', icon: 'sun', inForm: true },
  { id: 'water_access', label: 'Water Access', icon: 'irrigation', inForm: true },
  { id: 'power', label: 'Power/Electricity', icon: 'electricity', inForm: true },
  { id: 'climate_control', label: 'Climate Control', icon: 'thermometer', inForm: true },
  { id: 'led_lighting', label: 'LED Lighting', icon: 'lightbulb', inForm: true },
  { id: 'security', label: 'Security System', icon: 'security', inForm: true },
  { id: 'parking', label: 'Parking Available', icon: 'parking', inForm: true },
  { id: 'loading_dock', label: 'Loading Dock', icon: 'truck', inForm: true },
  // The detail dialog's own names (spec 2.6) that the form does not offer; demo listings use them.
  { id: 'wifi', label: 'WiFi', icon: 'wifi', inForm: false },
  { id: 'irrigation', label: 'Irrigation', icon: 'irrigation', inForm: false },
  { id: 'storage', label: 'Storage', icon: 'storage', inForm: false },
] as const satisfies readonly AmenityDefinition[];

export type AmenityId = (typeof AMENITIES)[number]['id'];
export const AMENITY_IDS = AMENITIES.map((a) => a.id) as [AmenityId, ...AmenityId[]];
export const FORM_AMENITIES = AMENITIES.filter((a) => a.inForm);

const byKey = new Map<string, AmenityDefinition>();
for (const a of AMENITIES as readonly AmenityDefinition[]) {
  byKey.set(a.id, a);
  byKey.set(a.label.toLowerCase(), a);
}
// Display names of spec 2.6 and the short forms of the form's labels, for data written by hand.
const aliases: Record<string, AmenityId> = {
  electricity: 'power',
  parking: 'parking',
  security: 'security',
  'power/electricity': 'power',
  'security/security system': 'security',
  'parking/parking available': 'parking',
};
for (const [alias, id] of Object.entries(aliases)) byKey.set(alias, byKey.get(id)!);

/** Display name and icon for a stored amenity; unknown values keep their text and get the default icon. */
export function describeAmenity(value: string): { id: string; label: string; icon: AmenityIcon } {
  const found = byKey.get(value.trim().toLowerCase());
  if (found) return { id: found.id, label: found.label, icon: found.icon };
  const label = value.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
  return { id: value, label, icon: 'default' };
}
