import type { FixProductionDataResponse } from '@bari/contracts';
import { H2, Intent, Section, SectionCard } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { messageOrFallback } from '../../app/http-client.ts';
import { showFailureToast } from '../../app/failure-toast.ts';
import { showToast } from '../../app/toaster.tsx';
import { ConfirmedButton } from '../../common/confirmed-button.tsx';
import { useFixProductionDataMutation } from '../maintenance/maintenance-api.ts';
import { accessKeysMessages as m } from './messages.ts';

/**
 * 'Manutenção do Sistema': the production-data fix (§2 Access keys). It may remove and reopen
 * procedures of every patient, so it asks first.
 */
export function MaintenanceCard() {
  const [fixData, { isLoading }] = useFixProductionDataMutation();
  const [result, setResult] = useState<FixProductionDataResponse | null>(null);

  const run = async (): Promise<boolean> => {
    try {
      const result = await fixData().unwrap();
      setResult(result);
      showToast({
        title: m.fixApplied,
        description: m.fixCount(result.corrections.length),
        // Some patients could not be checked: listed below the button.
        intent: result.skippedPatients.length > 0 ? Intent.WARNING : Intent.SUCCESS,
      });
      return true;
    } catch (error) {
      showFailureToast(error, { title: m.errorTitle, description: messageOrFallback(error, m.fixFailed) });
      return false;
    }
  };

  return (
    <Section
      className="maintenance-card"
      icon={IconNames.WRENCH}
      title={m.maintenanceTitle}
      titleRenderer={H2}
    >
      <SectionCard>
        <p>{m.maintenanceDescription}</p>
        <ConfirmedButton
          icon={IconNames.CLEAN}
          loading={isLoading}
          onConfirm={run}
          question={m.fixConfirmation}
          text={m.fixData}
        />
        <LineList className="maintenance-card__corrections" lines={result?.corrections} />
        <TitledLines title={m.toReviewTitle} lines={result?.toReview} />
        <TitledLines title={m.skippedTitle} lines={result?.skippedPatients} />
      </SectionCard>
    </Section>
  );
}

function TitledLines({ title, lines }: { readonly title: string; readonly lines?: readonly string[] }) {
  if (!lines || lines.length === 0) return null;
  return (
    <>
      <p className="maintenance-card__review-title">{title}</p>
      <LineList className="maintenance-card__review" lines={lines} />
    </>
  );
}

function LineList({ className, lines }: { readonly className: string; readonly lines?: readonly string[] }) {
  if (!lines || lines.length === 0) return null;
  return (
    <ul className={className}>
      {lines.map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ul>
  );
}
