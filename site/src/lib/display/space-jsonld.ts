// The structured data of a listing page (/spaces/{id}): schema.org Accommodation with floorSize and the
// growing facts as amenityFeature (LocationFeatureSpecification), so search engines can show them.
// Units use UN/CEFACT codes as schema.org asks: FTK square foot, MTR metre, KWT kilowatt.
import { CLIMATE_LABELS, GOODS_ACCESS_LABELS, WATER_LABELS } from '#contracts/growing';
import type { Space } from '#contracts/spaces.schemas';
import { describeAmenity } from '#contracts/amenities';
import { cutText } from '#contracts/text';

type Feature = { '@type': 'LocationFeatureSpecification'; name: string; value: string | number | boolean; unitCode?: string; unitText?: string };

export function spaceJsonLd(space: Space, pageUrl: string, image?: string): Record<string, unknown> {
  const f = (name: string, value: string | number | boolean, unit?: { code: string; text: string }): Feature => ({
    '@type': 'LocationFeatureSpecification',
    name,
    value,
    ...(unit && { unitCode: unit.code, unitText: unit.text }),
  });
  const features: Feature[] = space.amenities.map((a) => f(describeAmenity(a).label, true));
  if (space.ceilingHeightM !== null) features.push(f('Clear ceiling height', space.ceilingHeightM, { code: 'MTR', text: 'm' }));
  if (space.floorLoadKgM2 !== null) features.push(f('Usable floor load', space.floorLoadKgM2, { code: '28', text: 'kg/m²' }));
  if (space.powerKw !== null) features.push(f('Electrical capacity', space.powerKw, { code: 'KWT', text: 'kW' }));
  if (space.water !== null) features.push(f('Water', WATER_LABELS[space.water]));
  if (space.floorDrain !== null) features.push(f('Floor drain', space.floorDrain));
  if (space.sunHours !== null) features.push(f('Direct sun', space.sunHours, { code: 'HUR', text: 'hours a day' }));
  if (space.climateControl !== null) features.push(f('Climate control', CLIMATE_LABELS[space.climateControl]));
  if (space.access24h !== null) features.push(f('24/7 access', space.access24h));
  for (const g of space.goodsAccess) features.push(f(GOODS_ACCESS_LABELS[g], true));
  if (space.minLeaseMonths !== null) features.push(f('Minimum lease', space.minLeaseMonths, { code: 'MON', text: 'months' }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Accommodation',
    name: space.title,
    description: cutText(space.description, 500, { ellipsis: '' }),
    url: pageUrl,
    ...(image && { image }),
    address: { '@type': 'PostalAddress', ...(!space.streetAddressWithheld && { streetAddress: space.location }), addressLocality: space.city, ...(space.state && { addressRegion: space.state }), ...(space.zipCode && { postalCode: space.zipCode }), addressCountry: space.country },
    floorSize: { '@type': 'QuantitativeValue', value: space.size, unitCode: 'FTK', unitText: 'sq ft' },
    amenityFeature: features,
    offers: { '@type': 'Offer', price: space.pricePerMonth, priceCurrency: space.currency, ...(space.availableFrom && { availabilityStarts: space.availableFrom }) },
  };
}

/** JSON inside <script> must not be able to close the tag. */
export const jsonLdScriptText = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');
