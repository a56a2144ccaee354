// The demonstration listings (spec 1: sample data, never contactable): realistic spaces across the
// spec's countries and space types, with self-hosted illustrations, some featured. Seeded idempotently:
// a listing is inserted once (keyed by its title under the demo owner); featured examples are kept
// featured for at least another 30 days at every start.
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { spaces } from '../schema/index';

const DAY = 24 * 60 * 60 * 1000;
/** Demonstration listings never expire; expiresAt is required, so it is set far ahead. */
const DEMO_EXPIRES_AT = new Date('2099-12-31T00:00:00.000Z');

type DemoSpace = Omit<typeof spaces.$inferInsert, 'ownerId' | 'expiresAt'> & { featured?: boolean };

const img = (n: number) => `/images/spaces/demo-${String(n).padStart(2, '0')}.webp`;

export const DEMO_SPACES: DemoSpace[] = [
  {
    title: 'Sunny Brooklyn Rooftop with Water Hookups',
    description:
      'A 4,200 sq ft flat roof on a six-storey former printing works in Williamsburg. Full southern exposure, a freight elevator to the roof, two water hookups and a 60-amp panel. The building owner has hosted a rooftop farm before and welcomes raised beds or greenhouse kits.',
    location: '145 Kent Ave, Brooklyn, NY 11249',
    city: 'New York',
    state: 'NY',
    zipCode: '11249',
    country: 'US',
    size: 4200,
    pricePerMonth: '2800.00',
    spaceType: 'rooftop',
    amenities: ['natural_light', 'water_access', 'power', 'security'],
    images: [img(1)],
    featured: true,
  },
  {
    title: 'Converted Warehouse Bay for Vertical Racks',
    description:
      'A clear-span bay with 7 m ceilings in an industrial park, pre-wired for LED grow racks. Three-phase power, a loading dock, climate control and on-site parking for delivery vans. Ideal for leafy greens or microgreens at commercial scale.',
    location: '2400 E 8th St, Los Angeles, CA 90021',
    city: 'Los Angeles',
    state: 'CA',
    zipCode: '90021',
    country: 'US',
    size: 12000,
    pricePerMonth: '9500.00',
    spaceType: 'warehouse',
    amenities: ['power', 'climate_control', 'led_lighting', 'loading_dock', 'parking', 'security'],
    images: [img(2)],
    featured: true,
  },
  {
    title: 'Heritage Glasshouse near Kew',
    description:
      'A restored Victorian glasshouse with automatic roof vents, drip irrigation and a potting shed. Suits herbs, tomatoes and propagation. Access seven days a week; the owner lives next door and can help with deliveries.',
    location: '12 Mortlake Rd, Richmond TW9 4AB',
    city: 'London',
    state: 'Greater London',
    zipCode: 'TW9 4AB',
    country: 'GB',
    size: 1800,
    pricePerMonth: '1450.00',
    spaceType: 'greenhouse',
    amenities: ['natural_light', 'water_access', 'irrigation', 'storage'],
    images: [img(3)],
    featured: true,
  },
  {
    title: 'Dry Basement under a Kreuzberg Courtyard',
    description:
      'A dry, level basement of 900 sq ft with stable temperatures year round, separate entrance from the courtyard and new wiring. Perfect for mushrooms or an LED microgreen setup close to restaurant customers.',
    location: 'Oranienstraße 25, 10999 Berlin',
    city: 'Berlin',
    state: 'Berlin',
    zipCode: '10999',
    country: 'DE',
    size: 900,
    pricePerMonth: '780.00',
    spaceType: 'basement',
    amenities: ['power', 'climate_control', 'led_lighting', 'wifi'],
    images: [img(4)],
  },
  {
    title: 'Container Lot beside the Marina',
    description:
      'A fenced, paved lot with room for two insulated shipping-container farms, mains water and a 32-amp supply. Container units are not included; the owner can arrange crane access for delivery.',
    location: '2 Marina Gardens Dr, Singapore 018953',
    city: 'Singapore',
    zipCode: '018953',
    country: 'SG',
    size: 1600,
    pricePerMonth: '2100.00',
    spaceType: 'other',
    amenities: ['water_access', 'power', 'security', 'parking'],
    images: [img(5)],
  },
  {
    title: 'Downtown Toronto Rooftop Terrace',
    description:
      'A landscaped rooftop terrace on a mid-rise office building with planters already in place, a hose bib and elevator access. Building management prefers a tenant who will keep the terrace tidy for office staff.',
    location: '200 King St W, Toronto, ON M5H 3T4',
    city: 'Toronto',
    state: 'ON',
    zipCode: 'M5H 3T4',
    country: 'CA',
    size: 2600,
    pricePerMonth: '1900.00',
    spaceType: 'rooftop',
    amenities: ['natural_light', 'water_access', 'security'],
    images: [img(6)],
    featured: true,
  },
  {
    title: 'Westland Greenhouse Section with Heating',
    description:
      'A 5,000 sq ft section of a modern Venlo greenhouse in the Westland horticulture cluster: heating, CO2 dosing, ebb-and-flow benches and a shared packing hall. Short-term leases are possible between seasons.',
    location: 'Middel Broekweg 29, 2675 KB Honselersdijk',
    city: 'Westland',
    state: 'South Holland',
    zipCode: '2675 KB',
    country: 'NL',
    size: 5000,
    pricePerMonth: '3600.00',
    spaceType: 'greenhouse',
    amenities: ['natural_light', 'climate_control', 'irrigation', 'loading_dock', 'power'],
    images: [img(7)],
  },
  {
    title: 'Ōta Ward Light-Industrial Unit',
    description:
      'A ground-floor light-industrial unit with a roller door, three-phase power and insulated walls, ten minutes from Haneda. Previously used for food processing, with drains and washable floors.',
    location: '3-12-8 Higashikojiya, Ota City, Tokyo 144-0033',
    city: 'Tokyo',
    state: 'Tokyo',
    zipCode: '144-0033',
    country: 'JP',
    size: 3400,
    pricePerMonth: '4200.00',
    spaceType: 'warehouse',
    amenities: ['power', 'water_access', 'loading_dock', 'climate_control'],
    images: [img(8)],
  },
  {
    title: 'Bright Loft Floor for Hydroponic Towers',
    description:
      'An upper floor of a converted textile mill with tall windows on three sides, reinforced floors rated for water tanks and a goods lift. Good for vertical hydroponic towers with supplemental lighting.',
    location: '18 Rue de la Folie-Méricourt, 75011 Paris',
    city: 'Paris',
    state: 'Île-de-France',
    zipCode: '75011',
    country: 'FR',
    size: 2200,
    pricePerMonth: '2500.00',
    spaceType: 'other',
    amenities: ['natural_light', 'power', 'led_lighting', 'wifi', 'security'],
    images: [img(9)],
    featured: true,
  },
  {
    title: 'Surry Hills Rooftop above a Café',
    description:
      'A compact rooftop above a busy café whose owners would love to buy herbs and salad greens from the farm upstairs. Stair access only, water on the roof, and shade sails already installed.',
    location: '412 Crown St, Surry Hills NSW 2010',
    city: 'Sydney',
    state: 'NSW',
    zipCode: '2010',
    country: 'AU',
    size: 650,
    pricePerMonth: '600.00',
    spaceType: 'rooftop',
    amenities: ['natural_light', 'water_access'],
    images: [img(10)],
  },
  {
    title: 'Chicago Cold-Storage Basement',
    description:
      'A former cold-storage basement under a West Loop warehouse: insulated, with a freight elevator, floor drains and 200-amp service. Suits mushrooms, sprouts or a fully enclosed vertical farm.',
    location: '1000 W Fulton Market, Chicago, IL 60607',
    city: 'Chicago',
    state: 'IL',
    zipCode: '60607',
    country: 'US',
    size: 5200,
    pricePerMonth: '3900.00',
    spaceType: 'basement',
    amenities: ['power', 'climate_control', 'loading_dock', 'security', 'storage'],
    images: [img(11)],
  },
  {
    title: 'Community Garden Plot Block in Munich',
    description:
      'A walled courtyard garden behind an apartment building, with raised beds, a tool shed and rainwater tanks. Residents would like a grower who sells a weekly vegetable box to the building.',
    location: 'Schleißheimer Str. 80, 80797 München',
    city: 'Munich',
    state: 'Bavaria',
    zipCode: '80797',
    country: 'DE',
    size: 1200,
    pricePerMonth: '450.00',
    spaceType: 'other',
    amenities: ['natural_light', 'water_access', 'storage'],
    images: [img(12)],
  },
  {
    title: 'Melbourne Polytunnel Greenhouse',
    description:
      'Two connected polytunnels on the city fringe with drip irrigation, a bore, fans and a secure gate. Currently fallow and ready for planting this season.',
    location: '65 Edgars Rd, Thomastown VIC 3074',
    city: 'Melbourne',
    state: 'VIC',
    zipCode: '3074',
    country: 'AU',
    size: 3000,
    pricePerMonth: '1200.00',
    spaceType: 'greenhouse',
    amenities: ['natural_light', 'irrigation', 'water_access', 'parking'],
    images: [img(13)],
  },
  {
    title: 'Vancouver Shipping-Yard Pad',
    description:
      'A level concrete pad inside a secure shipping yard with power and water stubs for container farms, 24-hour security and truck access. Near the produce terminal.',
    location: '1300 Commissioner St, Vancouver, BC V5L 1A4',
    city: 'Vancouver',
    state: 'BC',
    zipCode: 'V5L 1A4',
    country: 'CA',
    size: 2000,
    pricePerMonth: '1700.00',
    spaceType: 'other',
    amenities: ['power', 'water_access', 'security', 'loading_dock', 'parking'],
    images: [img(14)],
  },
  {
    title: 'Lyon Rooftop on a Cultural Centre',
    description:
      'A large accessible rooftop on a cultural centre in Lyon, with guard rails, a lift and water. The centre would like regular open days for visitors in return for a lower rent.',
    location: '25 Rue Sergent Michel Berthet, 69009 Lyon',
    city: 'Lyon',
    state: 'Auvergne-Rhône-Alpes',
    zipCode: '69009',
    country: 'FR',
    size: 3800,
    pricePerMonth: '1350.00',
    spaceType: 'rooftop',
    amenities: ['natural_light', 'water_access', 'security', 'wifi'],
    images: [img(15)],
  },
  {
    title: 'Osaka Bay Warehouse Mezzanine',
    description:
      'A mezzanine level inside a logistics warehouse with its own entrance, power and a goods lift. Suited to shelving-based vertical farming with artificial light.',
    location: '1-2-3 Nanko-kita, Suminoe Ward, Osaka 559-0034',
    city: 'Osaka',
    state: 'Osaka',
    zipCode: '559-0034',
    country: 'JP',
    size: 2800,
    pricePerMonth: '2300.00',
    spaceType: 'warehouse',
    amenities: ['power', 'led_lighting', 'loading_dock', 'storage'],
    images: [img(16)],
  },
];

type GrowingFields = Partial<Pick<typeof spaces.$inferInsert, 'floorLoadKgM2' | 'ceilingHeightM' | 'powerAmps' | 'powerPhase' | 'powerKw' | 'water' | 'floorDrain' | 'sunHours' | 'orientation' | 'climateControl' | 'access24h' | 'accessHours' | 'goodsAccess' | 'foodSafetyStatus' | 'minLeaseMonths' | 'availableFrom'>>;

/**
 * Growing facts of the demonstration listings, consistent with their descriptions (a 60-amp panel, 7 m
 * ceilings, floors rated for tanks). Typical figures: roofs of older buildings carry 200–500 kg/m²,
 * industrial slabs 1,000–2,500; kW from amps at 240 V (single) or 208 V × √3 (three-phase). Some facts
 * are left unknown on purpose, as real owners often do not know them.
 */
export const DEMO_GROWING: Record<string, GrowingFields> = {
  'Sunny Brooklyn Rooftop with Water Hookups': { floorLoadKgM2: 490, ceilingHeightM: null, powerAmps: 60, powerPhase: 'single', powerKw: 14.4, water: 'tap', floorDrain: true, sunHours: 8, orientation: 'S', climateControl: 'none', access24h: false, accessHours: 'Daily 6:00–21:00', goodsAccess: ['freight_elevator'], minLeaseMonths: 6 },
  'Converted Warehouse Bay for Vertical Racks': { floorLoadKgM2: 2400, ceilingHeightM: 7, powerAmps: 400, powerPhase: 'three', powerKw: 144.1, water: 'dedicated', floorDrain: true, climateControl: 'hvac', access24h: true, goodsAccess: ['ground_floor', 'loading_dock'], foodSafetyStatus: 'Zoned M1 light industrial; food-grade epoxy floor', minLeaseMonths: 24 },
  'Heritage Glasshouse near Kew': { floorLoadKgM2: 1000, ceilingHeightM: 4.2, powerKw: 7.4, water: 'tap', floorDrain: true, sunHours: 7, orientation: 'S', climateControl: 'heating', access24h: false, accessHours: 'Seven days, 7:00–19:00', goodsAccess: ['ground_floor'], minLeaseMonths: 12 },
  'Dry Basement under a Kreuzberg Courtyard': { floorLoadKgM2: 750, ceilingHeightM: 2.6, powerAmps: 32, powerPhase: 'three', powerKw: 22, water: 'tap', floorDrain: false, climateControl: 'none', access24h: true, goodsAccess: [], minLeaseMonths: 12 },
  'Container Lot beside the Marina': { floorLoadKgM2: 2500, powerAmps: 32, powerPhase: 'single', powerKw: 7.4, water: 'tap', floorDrain: false, sunHours: 9, climateControl: 'none', access24h: true, goodsAccess: ['ground_floor'], minLeaseMonths: 12 },
  'Downtown Toronto Rooftop Terrace': { floorLoadKgM2: 300, water: 'tap', sunHours: 6, orientation: 'SW', climateControl: 'none', access24h: false, accessHours: 'Weekdays 7:00–19:00', goodsAccess: ['freight_elevator'], minLeaseMonths: 6 },
  'Westland Greenhouse Section with Heating': { floorLoadKgM2: 1500, ceilingHeightM: 6.5, powerAmps: 250, powerPhase: 'three', powerKw: 173, water: 'dedicated', floorDrain: true, sunHours: 10, climateControl: 'hvac', access24h: true, goodsAccess: ['ground_floor', 'loading_dock'], foodSafetyStatus: 'GLOBALG.A.P. certified site', minLeaseMonths: 3 },
  'Ōta Ward Light-Industrial Unit': { floorLoadKgM2: 1500, ceilingHeightM: 4.5, powerAmps: 100, powerPhase: 'three', powerKw: 34.6, water: 'dedicated', floorDrain: true, climateControl: 'none', access24h: true, goodsAccess: ['ground_floor'], foodSafetyStatus: 'Former food-processing licence; washable floors and drains', minLeaseMonths: 12 },
  'Bright Loft Floor for Hydroponic Towers': { floorLoadKgM2: 1200, ceilingHeightM: 4.2, powerAmps: 200, powerPhase: 'single', powerKw: 48, water: 'tap', floorDrain: true, sunHours: 4, orientation: 'E', climateControl: 'heating', access24h: false, accessHours: 'Mon–Sat 6:00–22:00', goodsAccess: ['freight_elevator'], minLeaseMonths: 12 },
  'Surry Hills Rooftop above a Café': { floorLoadKgM2: 250, water: 'tap', floorDrain: false, sunHours: 5, orientation: 'N', climateControl: 'none', access24h: false, accessHours: 'Café hours, 6:30–16:00', goodsAccess: [], minLeaseMonths: 6 },
  'Chicago Cold-Storage Basement': { floorLoadKgM2: 1950, ceilingHeightM: 3.3, powerAmps: 200, powerPhase: 'three', powerKw: 72, water: 'dedicated', floorDrain: true, climateControl: 'cooling', access24h: true, goodsAccess: ['freight_elevator', 'loading_dock'], minLeaseMonths: 12 },
  'Community Garden Plot Block in Munich': { water: 'tap', sunHours: 6, orientation: 'S', climateControl: 'none', access24h: false, accessHours: 'Daylight hours', goodsAccess: ['ground_floor'], minLeaseMonths: 12 },
  'Melbourne Polytunnel Greenhouse': { floorLoadKgM2: 2000, ceilingHeightM: 3.5, powerKw: 10, powerPhase: 'single', water: 'dedicated', floorDrain: false, sunHours: 9, climateControl: 'none', access24h: true, goodsAccess: ['ground_floor'], minLeaseMonths: 12 },
  'Vancouver Shipping-Yard Pad': { floorLoadKgM2: 2500, powerAmps: 100, powerPhase: 'single', powerKw: 24, water: 'tap', floorDrain: false, sunHours: 8, climateControl: 'none', access24h: true, goodsAccess: ['ground_floor', 'loading_dock'], minLeaseMonths: 12 },
  'Lyon Rooftop on a Cultural Centre': { floorLoadKgM2: 400, water: 'tap', floorDrain: true, sunHours: 8, orientation: 'S', climateControl: 'none', access24h: false, accessHours: 'Tue–Sun 8:00–20:00', goodsAccess: ['freight_elevator'], minLeaseMonths: 12 },
  'Osaka Bay Warehouse Mezzanine': { floorLoadKgM2: 500, ceilingHeightM: 3, powerAmps: 150, powerPhase: 'three', powerKw: 54, water: 'tap', floorDrain: false, climateControl: 'none', access24h: true, goodsAccess: ['freight_elevator', 'loading_dock'], minLeaseMonths: 24 },
};

/** Where each demonstration listing is: its street address, looked up once (issue 18; address precision). */
export const DEMO_POSITIONS: Record<string, [number, number]> = {
  'Sunny Brooklyn Rooftop with Water Hookups': [40.7205, -73.9615],
  'Converted Warehouse Bay for Vertical Racks': [34.03, -118.229],
  'Heritage Glasshouse near Kew': [51.4745, -0.287],
  'Dry Basement under a Kreuzberg Courtyard': [52.501, 13.419],
  'Container Lot beside the Marina': [1.2816, 103.8636],
  'Downtown Toronto Rooftop Terrace': [43.6465, -79.387],
  'Westland Greenhouse Section with Heating': [51.993, 4.235],
  'Ōta Ward Light-Industrial Unit': [35.558, 139.728],
  'Bright Loft Floor for Hydroponic Towers': [48.865, 2.369],
  'Surry Hills Rooftop above a Café': [-33.886, 151.213],
  'Chicago Cold-Storage Basement': [41.8866, -87.652],
  'Community Garden Plot Block in Munich': [48.159, 11.568],
  'Melbourne Polytunnel Greenhouse': [-37.688, 145.014],
  'Vancouver Shipping-Yard Pad': [49.289, -123.075],
  'Lyon Rooftop on a Cultural Centre': [45.774, 4.804],
  'Osaka Bay Warehouse Mezzanine': [34.616, 135.438],
};
const demoPosition = (title: string) => {
  const p = DEMO_POSITIONS[title];
  return p ? { latitude: p[0], longitude: p[1], locationPrecision: 'address' as const } : {};
};

export async function seedDemoSpaces(db: Database, ownerId: number, now: Date): Promise<void> {
  const existing = await db.select({ title: spaces.title }).from(spaces).where(and(eq(spaces.ownerId, ownerId), eq(spaces.isDemoListing, true)));
  const have = new Set(existing.map((e) => e.title));
  // Spread the creation times so "newest" shows a stable, varied order.
  const missing = DEMO_SPACES.map((d, i) => ({ d, i })).filter(({ d }) => !have.has(d.title));
  if (missing.length) {
    await db.insert(spaces).values(
      missing.map(({ d: { featured, ...d }, i }) => ({
        ...d,
        ...DEMO_GROWING[d.title],
        ...demoPosition(d.title),
        ownerId,
        isDemoListing: true,
        hasListingFee: false,
        isActive: true,
        available: true,
        verified: true,
        isFeatured: Boolean(featured),
        featuredUntil: featured ? new Date(now.getTime() + 90 * DAY) : null,
        expiresAt: DEMO_EXPIRES_AT,
        createdAt: new Date(now.getTime() - (i + 1) * 3 * 60 * 60 * 1000),
        updatedAt: now,
      })),
    );
  }
  // Databases seeded before the growing facts existed get them once (only where none is stated yet).
  for (const [title, facts] of Object.entries(DEMO_GROWING)) {
    if (!have.has(title)) continue;
    await db
      .update(spaces)
      .set(facts)
      .where(and(eq(spaces.ownerId, ownerId), eq(spaces.isDemoListing, true), eq(spaces.title, title), sql`${spaces.floorLoadKgM2} is null and ${spaces.water} is null`));
  }
  // Databases seeded before positions existed get them once (where none is set yet).
  for (const title of have) {
    if (!DEMO_POSITIONS[title]) continue;
    await db
      .update(spaces)
      .set(demoPosition(title))
      .where(and(eq(spaces.ownerId, ownerId), eq(spaces.isDemoListing, true), eq(spaces.title, title), sql`${spaces.latitude} is null`));
  }
  const featuredTitles = DEMO_SPACES.filter((d) => d.featured).map((d) => d.title);
  await db
    .update(spaces)
    .set({ isFeatured: true, featuredUntil: new Date(now.getTime() + 90 * DAY) })
    .where(
      and(
        eq(spaces.ownerId, ownerId),
        eq(spaces.isDemoListing, true),
        inArray(spaces.title, featuredTitles),
        or(eq(spaces.isFeatured, false), sql`${spaces.featuredUntil} is null`, lt(spaces.featuredUntil, new Date(now.getTime() + 30 * DAY))),
      ),
    );
}
