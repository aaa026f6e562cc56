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
  const [corrections, setCorrections] = useState<string[] | null>(null);

  const run = async (): Promise<boolean> => {
    try {
      const result = await fixData().unwrap();
      setCorrections(result.corrections);
      showToast({
        title: m.fixApplied,
        description: m.fixCount(result.corrections.length),
        intent: Intent.SUCCESS,
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
        {corrections && corrections.length > 0 ? (
          <ul className="maintenance-card__corrections">
            {corrections.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        ) : null}
      </SectionCard>
    </Section>
  );
}
