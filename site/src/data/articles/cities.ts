// The ten ranked cities of "10 Cities Leading the Urban Farming Revolution".
// Figures are rounded from the projects' own public reports and press coverage.
import type { CityCard } from './types';

export const cities: CityCard[] = [
  {
    name: 'Singapore',
    country: 'Singapore',
    keyFeature: 'Government land tenders for rooftop farms on multi-storey car parks',
    production:
      'A national goal to grow a far larger share of its food locally; dozens of licensed high-tech farms on under 1% of its land',
    highlights: [
      'Sky Greens: rotating A-Go-Gro towers up to 9 m tall, powered largely by gravity and rainwater',
      'Rooftop farms leased on public-housing car-park roofs through the Singapore Land Authority',
      'Grants that co-fund LED, automation and climate-control systems for new indoor farms',
    ],
  },
  {
    name: 'New York City',
    country: 'United States',
    keyFeature: 'Zoning that exempts rooftop greenhouses from height and floor-area limits',
    production:
      'Several acres of commercial rooftop farms plus hydroponic greenhouses supplying supermarkets year-round',
    highlights: [
      'Brooklyn Grange: soil-based rooftop farms on the Brooklyn Navy Yard and in Sunset Park',
      'Gotham Greens: the city’s first commercial rooftop greenhouse, opened in Greenpoint in 2011',
      'Hundreds of school, community and NYCHA housing farms coordinated by the Mayor’s Office of Urban Agriculture',
    ],
  },
  {
    name: 'Tokyo',
    country: 'Japan',
    keyFeature: 'Rentable rooftop allotments on railway stations and department stores',
    production:
      'Thousands of small rooftop plots and some of the world’s most automated plant factories in the metropolitan area',
    highlights: [
      'Soradofarm: allotment gardens on JR East station rooftops, rented by the month to commuters',
      'Pasona headquarters: rice, vegetables and fruit grown inside a working office building',
      'Plant factories producing lettuce with robot-handled seeding, transplanting and harvest',
    ],
  },
  {
    name: 'Paris',
    country: 'France',
    keyFeature: 'The Parisculteurs calls for projects, which match city-owned roofs and basements with growers',
    production:
      'Over 30 hectares of roofs, walls and underground sites opened to growers; Europe’s largest rooftop farm',
    highlights: [
      'Nature Urbaine: about 14,000 m² of aeroponic towers and planters on the Paris Expo Porte de Versailles roof',
      'La Caverne: mushrooms and endives grown organically in a former underground car park',
      'Rooftop beehives, vineyards and hop gardens on public buildings',
    ],
  },
  {
    name: 'Montreal',
    country: 'Canada',
    keyFeature: 'Commercial greenhouses built on the roofs of existing industrial buildings',
    production:
      'Lufa Farms alone runs several rooftop greenhouses, the largest about 15,000 m², supplying tens of thousands of weekly baskets',
    highlights: [
      'Lufa Farms: the world’s first commercial rooftop greenhouse (2011) in Ahuntsic',
      'A rooftop greenhouse over a Saint-Laurent warehouse that was the world’s largest when it opened in 2020',
      'Recaptured heat and rainwater from the host buildings cut energy and water use',
    ],
  },
  {
    name: 'London',
    country: 'United Kingdom',
    keyFeature: 'Underground and disused infrastructure turned into climate-controlled farms',
    production:
      'Thousands of community food-growing spaces plus commercial hydroponic farms supplying restaurants and grocers',
    highlights: [
      'Growing Underground: salad leaves and herbs grown 33 m below Clapham in WWII air-raid tunnels',
      'Capital Growth: a network of more than 2,000 community food-growing spaces across the city',
      'Rooftop farms on car parks and retail buildings in Peckham and the City',
    ],
  },
  {
    name: 'Chicago',
    country: 'United States',
    keyFeature: 'An urban agriculture zoning ordinance that made commercial indoor farming a permitted use',
    production:
      'Large rooftop greenhouses and converted factories producing leafy greens for the Midwest',
    highlights: [
      'Gotham Greens Pullman: a roughly 75,000 sq ft greenhouse on the roof of a soap factory',
      'The Plant: a former meat-packing plant in Back of the Yards reused for aquaponics and food businesses',
      'City programs that lease vacant municipal lots to farmers for a nominal fee',
    ],
  },
  {
    name: 'Detroit',
    country: 'United States',
    keyFeature: 'Vacant land and buildings reused at neighbourhood scale',
    production: 'More than 1,500 farms and gardens, many run by residents on formerly vacant lots',
    highlights: [
      'Michigan Urban Farming Initiative: a three-acre “agrihood” in the North End',
      'Keep Growing Detroit: seeds, transplants and training for over a thousand growers a year',
      'Eastern Market: a historic wholesale and farmers’ market that gives city growers a buyer next door',
    ],
  },
  {
    name: 'Dubai',
    country: 'United Arab Emirates',
    keyFeature: 'Indoor farming as a food-security strategy in an arid climate',
    production:
      'One of the world’s largest vertical farms, designed to harvest around a tonne of leafy greens a day',
    highlights: [
      'Bustanica: a 330,000 sq ft vertical farm near Al Maktoum airport, opened in 2022',
      'Recirculating hydroponics that use a small fraction of the water of open-field farming',
      'National food-security targets that favour local, climate-controlled production',
    ],
  },
  {
    name: 'Rotterdam',
    country: 'Netherlands',
    keyFeature: 'Dutch greenhouse know-how applied to roofs, harbours and empty buildings',
    production:
      'Rooftop farms, a floating farm and circular growers built on the Netherlands’ horticulture expertise',
    highlights: [
      'DakAkker: one of the largest open-air rooftop farms in the Netherlands, on the Schieblock building',
      'Floating Farm: a dairy farm on the water in the Merwehaven harbour',
      'BlueCity: mushrooms grown on coffee grounds inside a former tropical swimming pool',
    ],
  },
];
