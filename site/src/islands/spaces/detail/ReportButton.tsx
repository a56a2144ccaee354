// "Report this listing" / "Report this person" (issue 19): the button, with the dialog's code (Radix Dialog and
// the moderation texts) loaded only when it is pressed (issue 32) — most visitors never report anything.
import { lazy } from 'react';
import { OnDemandDialog } from '../../shared/OnDemandDialog';
import type { ReportTargetInput } from './ReportDialog';

const loadReportDialog = () => import('./ReportDialog');
const ReportDialog = lazy(() => loadReportDialog().then((m) => ({ default: m.ReportDialog })));

export function ReportButton({ target, label }: { target: ReportTargetInput; label: string }) {
  const trigger = (
    <button type="button" className="text-sm text-muted underline underline-offset-2 hover:text-ink" data-action="report">
      {label}
    </button>
  );
  return <OnDemandDialog trigger={trigger} preload={loadReportDialog} dialog={(t) => <ReportDialog target={target} label={label} trigger={t} initiallyOpen />} />;
}
