// Settings → Notifications, this device and the others (issue 30): "Notify me on this device" (the browser
// asks its permission on that click only), this device's state, and every device the person turned on, each
// removable. Loaded when the Notifications tab opens: the Settings island's own budget stays as it was.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { PUSH_TEXTS, type PushDevice } from '#contracts/push';
import { errorMessage } from '../../lib/api/api-client';
import { $pushDevices, currentSubscription, disablePushOnThisDevice, enablePushOnThisDevice, pushSupported, removePushDevice } from '../../lib/stores/push-store';
import { showToast } from '../../lib/stores/toast-store';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

export default function PushDevices() {
  const { data, loading } = useStore($pushDevices);
  const [thisEndpoint, setThisEndpoint] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const supported = pushSupported();

  useEffect(() => {
    void currentSubscription().then((s) => setThisEndpoint(s?.endpoint ?? null));
  }, [data]);

  const devices = data?.devices ?? [];
  // A device disabled after failed pushes is not "on": its browser may turn it on again.
  const onHere = thisEndpoint != null && devices.some((d) => d.endpoint === thisEndpoint && !d.disabledAt);

  async function act(action: () => Promise<void>, done: { title: string; description?: string }) {
    setBusy(true);
    try {
      await action();
      showToast(done);
      setThisEndpoint((await currentSubscription())?.endpoint ?? null);
    } catch (error) {
      // The browser's refusals (no support, permission blocked) are said as they are; the rest as the API said.
      const refusal = error instanceof Error && (error.message === PUSH_TEXTS.unsupported || error.message === PUSH_TEXTS.denied);
      showToast({ title: PUSH_TEXTS.failureTitle, description: refusal ? error.message : errorMessage(error, PUSH_TEXTS.failure), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4 rounded-lg border border-line p-4" data-testid="push-devices">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="font-medium text-ink">Notifications on this device</p>
          <p className="text-sm text-muted">
            {!supported ? PUSH_TEXTS.unsupported : onHere ? 'On: new messages, inquiries, lease terms and saved-search alerts appear here.' : 'New messages, inquiries, lease terms and saved-search alerts, as they happen.'}
          </p>
        </div>
        {supported &&
          (onHere ? (
            <button type="button" className="btn-outline" disabled={busy} onClick={() => act(disablePushOnThisDevice, PUSH_TEXTS.disabled)}>
              Turn off on this device
            </button>
          ) : (
            <button type="button" className="btn-primary" disabled={busy || thisEndpoint === undefined} onClick={() => act(enablePushOnThisDevice, PUSH_TEXTS.enabled)}>
              {busy ? 'Turning on…' : 'Notify me on this device'}
            </button>
          ))}
      </div>
      {(loading && !data) || devices.length === 0 ? null : (
        <div>
          <p className="text-sm font-medium text-ink">Your devices</p>
          <ul className="mt-2 divide-y divide-line" aria-label="Devices with notifications on">
            {devices.map((d) => (
              <DeviceRow key={d.id} device={d} here={d.endpoint === thisEndpoint} busy={busy} onRemove={() => act(() => removePushDevice(d.id, d.endpoint), PUSH_TEXTS.removed)} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function DeviceRow({ device, here, busy, onRemove }: { device: PushDevice; here: boolean; busy: boolean; onRemove(): void }) {
  const name = device.label || 'A browser';
  return (
    <li className="flex items-center justify-between gap-4 py-2">
      <div className="min-w-0">
        <p className="truncate text-sm text-ink">
          {name}
          {here && <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800">This device</span>}
        </p>
        <p className="text-xs text-muted">
          On since {dateOf(device.createdAt)}
          {device.lastPushedAt ? ` · last notified ${dateOf(device.lastPushedAt)}` : ''}
        </p>
        {device.disabledAt && <p className="text-xs font-medium text-amber-800">{PUSH_TEXTS.devicePaused}</p>}
      </div>
      <button type="button" className="text-sm font-medium text-red-700 hover:underline disabled:opacity-50" disabled={busy} onClick={onRemove} aria-label={`Remove ${name}`}>
        Remove
      </button>
    </li>
  );
}
