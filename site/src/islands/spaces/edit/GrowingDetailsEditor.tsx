// Editing the growing details of one's own listing (the "Growing details" step of editing): the same
// fields as the listing form, saved with PATCH /api/spaces/{id}.
import { useState, type FormEvent } from 'react';
import type { Space } from '#contracts/spaces.schemas';
import { errorMessage } from '../../../lib/api/api-client';
import { updateListing } from '../../../lib/stores/listings-store';
import { showToast } from '../../../lib/stores/toast-store';
import { growingBody, growingFormOf, type GrowingForm } from '../../../lib/display/growing-form';
import { GrowingDetailsFields } from './GrowingDetailsFields';

export function GrowingDetailsEditor({ space, onSaved }: { space: Space; onSaved: (space: Space) => void }) {
  const [form, setForm] = useState<GrowingForm>(() => growingFormOf(space));
  const [errors, setErrors] = useState<Partial<Record<keyof GrowingForm, string>>>({});
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { body, errors: found } = growingBody(form);
    setErrors(found);
    if (Object.keys(found).length) {
      showToast({ title: 'Please check the growing details', description: Object.values(found).join('. '), variant: 'destructive' });
      return;
    }
    setSaving(true);
    try {
      const updated = await updateListing(space.id, body);
      onSaved(updated);
      showToast({ title: 'Growing details saved' });
    } catch (error) {
      showToast({ title: 'Error', description: errorMessage(error, 'Failed to save the growing details'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <details className="rounded-xl border border-line p-4" data-testid="growing-editor">
      <summary className="cursor-pointer font-semibold text-ink">Edit growing details</summary>
      <form className="mt-4 space-y-5" onSubmit={(e) => void onSubmit(e)} noValidate>
        <GrowingDetailsFields
          value={form}
          onChange={(next) => {
            setForm(next);
            setErrors({});
          }}
          errors={errors}
        />
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save growing details'}
        </button>
      </form>
    </details>
  );
}
