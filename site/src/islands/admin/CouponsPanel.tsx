// Coupons in the console (issue 19): the operations of `npm run coupon` (list, create, disable), on the
// same shared code (api/src/modules/payments/coupon-admin.ts).
import { useState } from 'react';
import { errorMessage } from '../../lib/api/api-client';
import { createCoupon } from '../../lib/stores/admin-store';
import { showToast } from '../../lib/stores/toast-store';
import { ActionButton } from './ActionDialog';
import { useApiData } from '../shared/use-api-data';

type Coupon = { id: number; code: string; name: string; percentOff: number | null; amountOff: number | null; maxRedemptions: number | null; timesRedeemed: number; expiresAt: string | null; active: boolean };

export function CouponsPanel() {
  const { data, error } = useApiData<Coupon[]>('/api/admin/coupons');
  const [form, setForm] = useState({ code: '', kind: 'percent', value: '', max: '', expires: '' });
  const [formError, setFormError] = useState<string | undefined>();
  async function create(e: React.FormEvent) {
    e.preventDefault();
    const value = Number(form.value);
    try {
      await createCoupon({
        code: form.code,
        ...(form.kind === 'percent' ? { percentOff: value } : { amountOffCents: Math.round(value * 100) }),
        ...(form.max && { maxRedemptions: Number(form.max) }),
        // The coupon works through the whole day given (UTC), as `npm run coupon --expires` does.
        ...(form.expires && { expiresAt: new Date(Date.parse(`${form.expires}T00:00:00Z`) + 86_400_000).toISOString() }),
      });
      showToast({ title: `Coupon ${form.code} created` });
      setForm({ code: '', kind: 'percent', value: '', max: '', expires: '' });
      setFormError(undefined);
    } catch (err) {
      setFormError(errorMessage(err, 'Could not create the coupon'));
    }
  }
  return (
    <div className="flex flex-col gap-4">
      <form className="card flex flex-wrap items-end gap-3 p-4" onSubmit={create} aria-label="New coupon">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Code
          <input className="rounded-lg border px-3 py-2" value={form.code} onChange={(e) => setForm({ ...form, code: e.target.value })} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Discount
          <select className="rounded-lg border px-3 py-2" value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value })}>
            <option value="percent">percent off</option>
            <option value="amount">dollars off</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Value
          <input className="w-24 rounded-lg border px-3 py-2" inputMode="decimal" value={form.value} onChange={(e) => setForm({ ...form, value: e.target.value })} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          At most (uses)
          <input className="w-24 rounded-lg border px-3 py-2" inputMode="numeric" value={form.max} onChange={(e) => setForm({ ...form, max: e.target.value })} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Last day
          <input className="rounded-lg border px-3 py-2" type="date" value={form.expires} onChange={(e) => setForm({ ...form, expires: e.target.value })} />
        </label>
        <button type="submit" className="btn-primary px-4 py-2">
          Create coupon
        </button>
        {formError && (
          <p role="alert" className="w-full text-sm text-[var(--color-danger)]">
            {formError}
          </p>
        )}
      </form>
      {error && <p className="text-[var(--color-danger)]">{error}</p>}
      <ul className="flex flex-col gap-2">
        {data?.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center gap-3 text-sm">
            <strong>{c.code}</strong>
            <span>{c.percentOff !== null ? `${c.percentOff}% off` : `$${((c.amountOff ?? 0) / 100).toFixed(2)} off`}</span>
            <span>
              used {c.timesRedeemed}/{c.maxRedemptions ?? '∞'}
            </span>
            <span>{c.expiresAt ? `through ${new Date(Date.parse(c.expiresAt) - 1).toISOString().slice(0, 10)}` : 'no end date'}</span>
            <span>{c.active ? 'active' : 'disabled'}</span>
            {c.active && <ActionButton action={{ label: 'Disable coupon', target: `coupon ${c.code} (#${c.id})`, path: `/api/admin/coupons/${c.id}/disable`, explain: 'The code stops working for new checkouts.' }} />}
          </li>
        ))}
      </ul>
    </div>
  );
}
