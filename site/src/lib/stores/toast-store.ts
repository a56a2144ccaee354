// Toasts shared by islands and plain page scripts: one visible at a time (spec section 9). The Toaster
// component renders it; anything may call showToast().
import { atom } from 'nanostores';

export type Toast = {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
};

export const $toast = atom<Toast | null>(null);

let nextId = 1;

export function showToast(toast: { title: string; description?: string; variant?: Toast['variant'] }): void {
  $toast.set({ id: nextId++, variant: 'default', ...toast });
}

export function dismissToast(id?: number): void {
  if (id === undefined || $toast.get()?.id === id) $toast.set(null);
}
