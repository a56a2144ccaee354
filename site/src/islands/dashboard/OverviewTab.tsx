// Overview (spec 2.8): the four counts and the quick actions, drawn by OverviewView (DashboardFrame.tsx, which
// the page also renders before the island arrives) with the counts filled in.
import { useStore } from '@nanostores/react';
import { $mySpaces } from '../../lib/stores/listings-store';
import { $receivedInquiries, $sentInquiries } from '../../lib/stores/messaging-store';
import { formatMonthlyRevenue, monthlyRevenueByCurrency } from './monthly-revenue';
import { distinctAgreements } from './distinct-agreements';
import { OverviewView } from './DashboardFrame';

export function OverviewTab() {
  const spaces = useStore($mySpaces);
  const sent = useStore($sentInquiries);
  const received = useStore($receivedInquiries);
  const count = (data: unknown[] | undefined) => (data ? String(data.length) : '…');
  // Agreements reached, as owner or as farmer: each conversation's accepted terms once.
  const agreements = sent.data && received.data ? String(distinctAgreements([...received.data, ...sent.data]).length) : '…';
  // Agreed rent where a lease runs, list price elsewhere (issue 25 item 21).
  const today = new Date().toISOString().slice(0, 10);
  const revenue = spaces.data && received.data ? formatMonthlyRevenue(monthlyRevenueByCurrency(spaces.data, distinctAgreements(received.data), today)) : '…';
  return <OverviewView counts={{ listings: count(spaces.data), sent: count(sent.data), received: count(received.data), agreements, revenue }} />;
}
