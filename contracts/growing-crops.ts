// The crop categories of the yield article: the ONE source of those figures.

// ---- crop categories (the yield article reads these) ------------------------------------------------

export type Difficulty = 'Beginner' | 'Intermediate' | 'Advanced';
export type CropCategoryId = 'microgreens' | 'leafy_greens' | 'herbs' | 'mushrooms' | 'edible_flowers' | 'fruiting';

/**
 * Crop categories of "Maximizing Yield in Small Vertical Spaces" with their figures as numbers. Typical
 * ranges for well-run indoor farms, not guarantees. `yieldLbPerSqFt` is per sq ft of canopy (of one tier),
 * per harvest cycle or per year; `harvestDays` and `yieldPerSqFt` are the article's wording of the same.
 */
export type CropCategory = {
  id: CropCategoryId;
  category: string;
  crops: string[];
  harvestDays: string;
  yieldPerSqFt: string;
  difficulty: Difficulty;
  cycleDays: { min: number; max: number } | null;
  yieldLbPerSqFt: { min: number; max: number; per: 'cycle' | 'year' } | null;
};

export const CROP_CATEGORIES: readonly CropCategory[] = [
  { id: 'microgreens', category: 'Microgreens', crops: ['Pea shoots', 'Sunflower', 'Radish', 'Broccoli', 'Mustard'], harvestDays: '7–14', yieldPerSqFt: '0.5–1 lb per tray cycle', difficulty: 'Beginner', cycleDays: { min: 7, max: 14 }, yieldLbPerSqFt: { min: 0.5, max: 1, per: 'cycle' } },
  { id: 'leafy_greens', category: 'Leafy greens', crops: ['Butterhead lettuce', 'Romaine', 'Spinach', 'Kale', 'Pak choi'], harvestDays: '28–45', yieldPerSqFt: '0.5–1 lb per cycle per tier', difficulty: 'Beginner', cycleDays: { min: 28, max: 45 }, yieldLbPerSqFt: { min: 0.5, max: 1, per: 'cycle' } },
  { id: 'herbs', category: 'Culinary herbs', crops: ['Basil', 'Cilantro', 'Mint', 'Parsley', 'Chives'], harvestDays: '21–40, then cut-and-come-again', yieldPerSqFt: '0.3–0.6 lb per cut', difficulty: 'Intermediate', cycleDays: { min: 21, max: 40 }, yieldLbPerSqFt: { min: 0.3, max: 0.6, per: 'cycle' } },
  { id: 'mushrooms', category: 'Gourmet mushrooms', crops: ['Oyster', 'Lion’s mane', 'Shiitake'], harvestDays: '14–90 depending on species', yieldPerSqFt: '2–5 lb per cycle of shelving', difficulty: 'Intermediate', cycleDays: { min: 14, max: 90 }, yieldLbPerSqFt: { min: 2, max: 5, per: 'cycle' } },
  // Sold by count, so no weight: the yield estimate leaves them out.
  { id: 'edible_flowers', category: 'Edible flowers', crops: ['Nasturtium', 'Viola', 'Borage'], harvestDays: '45–60', yieldPerSqFt: 'Sold by count: 100–200 blooms', difficulty: 'Intermediate', cycleDays: { min: 45, max: 60 }, yieldLbPerSqFt: null },
  { id: 'fruiting', category: 'Fruiting crops', crops: ['Strawberries', 'Cherry tomatoes', 'Peppers', 'Cucumbers'], harvestDays: '60–90 to first harvest', yieldPerSqFt: '1–3 lb per year', difficulty: 'Advanced', cycleDays: { min: 60, max: 90 }, yieldLbPerSqFt: { min: 1, max: 3, per: 'year' } },
];

export function cropCategory(id: CropCategoryId): CropCategory {
  return CROP_CATEGORIES.find((c) => c.id === id)!;
}
