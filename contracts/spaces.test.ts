// The create contract: spec 9 limits, the images rule of spec 5, and messages that name the field.
import { describe, expect, it } from 'vitest';
import { createSpaceSchema, updateSpaceSchema } from './spaces.schemas';
import { describeAmenity } from './amenities';

const valid = {
  title: 'Roof',
  description: 'Sunny',
  location: '1 Main St',
  city: 'Austin',
  size: 100,
  pricePerMonth: '250',
  spaceType: 'rooftop',
};

function messages(input: unknown): string[] {
  const r = createSpaceSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('createSpaceSchema', () => {
  it('applies the spec defaults', () => {
    const out = createSpaceSchema.parse(valid);
    expect(out).toMatchObject({ country: 'US', currency: 'USD', available: true, amenities: [], images: [], pricePerMonth: '250.00' });
  });

  it('enforces the field limits of spec 9 with messages naming the field', () => {
    expect(messages({ ...valid, title: 'x'.repeat(256) })).toEqual(['title: Space Title must be at most 255 characters']);
    expect(messages({ ...valid, location: 'x'.repeat(256) })).toEqual(['location: Full Address must be at most 255 characters']);
    expect(messages({ ...valid, city: 'x'.repeat(101) })).toEqual(['city: City must be at most 100 characters']);
    expect(messages({ ...valid, state: 'x'.repeat(51) })).toEqual(['state: State/Province must be at most 50 characters']);
    expect(messages({ ...valid, zipCode: 'x'.repeat(21) })).toEqual(['zipCode: ZIP/Postal Code must be at most 20 characters']);
    expect(messages({ ...valid, country: 'USA' })[0]).toMatch(/^country: Country must be one of/);
    expect(messages({ ...valid, title: '  ' })).toEqual(['title: Space Title is required']);
    expect(messages({ ...valid, size: 0 })).toEqual(['size: Size must be greater than 0']);
    expect(messages({ ...valid, size: 1.5 })).toEqual(['size: Size must be a whole number of square feet']);
    expect(messages({ ...valid, pricePerMonth: '0' })).toEqual(['pricePerMonth: Monthly Rent must be a valid amount greater than 0']);
    expect(messages({ ...valid, pricePerMonth: '12.345' })).toEqual(['pricePerMonth: Monthly Rent must be a valid amount greater than 0']);
    expect(messages({ ...valid, spaceType: 'castle' })[0]).toMatch(/^spaceType: Space Type must be one of rooftop/);
    expect(messages({ ...valid, amenities: ['jacuzzi'] })[0]).toMatch(/^amenities.0: Amenities must be among/);
  });

  it('splits images on commas, trims, drops empties and accepts only http(s) URLs', () => {
    expect(createSpaceSchema.parse({ ...valid, images: ' https://a.example/1.jpg,, http://b.example/2.png ,' }).images).toEqual(['https://a.example/1.jpg', 'http://b.example/2.png']);
    expect(createSpaceSchema.parse({ ...valid, images: ['https://a.example/1.jpg, https://a.example/2.jpg', ' '] }).images).toEqual(['https://a.example/1.jpg', 'https://a.example/2.jpg']);
    expect(messages({ ...valid, images: 'javascript:alert(1)' })).toEqual(['images.0: Not an http(s) URL: javascript:alert(1)']);
    expect(messages({ ...valid, images: 'ftp://x.example/a' })[0]).toMatch(/^images.0: Not an http\(s\) URL/);
  });

  it('maps the form’s "other" country to XX and ignores fields the owner may not set', () => {
    const out = createSpaceSchema.parse({ ...valid, country: 'other', hasListingFee: true, isFeatured: true, ownerId: 1, paymentType: 'featured_upgrade' });
    expect(out.country).toBe('XX');
    expect(out).not.toHaveProperty('hasListingFee');
    expect(out).not.toHaveProperty('isFeatured');
    expect(out).not.toHaveProperty('ownerId');
  });
});

describe('updateSpaceSchema', () => {
  it('changes only what it names and refuses an empty change', () => {
    expect(updateSpaceSchema.parse({ title: 'New' })).toEqual({ title: 'New' });
    expect(updateSpaceSchema.safeParse({}).success).toBe(false);
  });
});

describe('describeAmenity', () => {
  it('maps form identifiers and the dialog’s display names to one label and icon', () => {
    expect(describeAmenity('power')).toEqual({ id: 'power', label: 'Power/Electricity', icon: 'electricity' });
    expect(describeAmenity('Electricity').icon).toBe('electricity');
    expect(describeAmenity('WiFi')).toEqual({ id: 'wifi', label: 'WiFi', icon: 'wifi' });
    expect(describeAmenity('hot_tub')).toEqual({ id: 'hot_tub', label: 'Hot Tub', icon: 'default' });
  });
});
