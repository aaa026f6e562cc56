import { Intent } from '@blueprintjs/core';
import { tabUserParam } from '../../app/tab-user.ts';
import { showToast } from '../../app/toaster.tsx';
import { isReversed, type DateRange } from './date-range-fields.tsx';
import { reportsMessages as m } from './messages.ts';
import { reportUrl } from './report-dates.ts';

/**
 * Opens a PDF report in a new tab (§2) and says so (§8); reversed dates are refused here,
 * before the tab opens on a 400.
 */
export function openReport(
  path: string,
  params: Readonly<Record<string, string | undefined>>,
  range: DateRange,
  success: string,
): void {
  if (isReversed(range)) {
    showToast({ title: m.errorTitle, description: m.datesReversed, intent: Intent.DANGER });
    return;
  }
  // The tab's user goes with the link: a PDF is generated and audited in its name only.
  window.open(reportUrl(path, { ...params, ...range, ...tabUserParam() }), '_blank', 'noopener');
  showToast({ title: m.reportGenerated, description: success, intent: Intent.SUCCESS });
}
