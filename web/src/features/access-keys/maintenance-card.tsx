import { Button, H2, Intent, Section, SectionCard } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { messageOrFallback } from '../../app/http-client.ts';
import { showFailureToast } from '../../app/failure-toast.ts';
import { showToast } from '../../app/toaster.tsx';
import { ConfirmAlert } from '../../common/confirm-alert.tsx';
import { useFixProductionDataMutation } from '../maintenance/maintenance-api.ts';
import { accessKeysMessages as m } from './messages.ts';

/**
 * 'Manutenção do Sistema': the production-data fix (§2 Access keys). It may remove and reopen
 * procedures of every patient, so it asks first.
 */
export function MaintenanceCard() {
  const [fixData, { isLoading }] = useFixProductionDataMutation();
  const [asking, setAsking] = useState(false);
  const [corrections, setCorrections] = useState<string[] | null>(null);

  const run = async () => {
    try {
      const result = await fixData().unwrap();
      setAsking(false);
      setCorrections(result.corrections);
      showToast({
        title: m.fixApplied,
        description: m.fixCount(result.corrections.length),
        intent: Intent.SUCCESS,
      });
    } catch (error) {
      showFailureToast(error, { title: m.errorTitle, description: messageOrFallback(error, m.fixFailed) });
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
        <Button
          icon={IconNames.CLEAN}
          intent={Intent.WARNING}
          loading={isLoading}
          onClick={() => setAsking(true)}
          text={m.fixData}
        />
        {asking ? (
          <ConfirmAlert
            confirmText={m.fixData}
            icon={IconNames.CLEAN}
            intent={Intent.WARNING}
            loading={isLoading}
            onCancel={() => setAsking(false)}
            onConfirm={() => void run()}
          >
            <p>{m.fixConfirmation}</p>
          </ConfirmAlert>
        ) : null}
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
