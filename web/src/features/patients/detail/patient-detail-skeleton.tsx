import { Card, Classes, Elevation } from '@blueprintjs/core';

const block = (modifier: string) => `patient-detail-skeleton__block ${modifier} ${Classes.SKELETON}`;

/** Placeholder of the patient page while it loads (§2). */
export function PatientDetailSkeleton() {
  return (
    <div aria-busy className="patient-detail">
      <span className={block('patient-detail-skeleton__title')} />
      <span className={block('')} style={{ width: 240 }} />
      <div className="patient-detail__overview">
        <Card elevation={Elevation.ONE}>
          <span className={block('patient-detail-skeleton__card')} />
        </Card>
        <Card elevation={Elevation.ONE}>
          <span className={block('patient-detail-skeleton__card')} />
        </Card>
      </div>
      <div className="patient-detail__body">
        <Card elevation={Elevation.ONE}>
          {Array.from({ length: 6 }, (_, index) => (
            <span className={block('')} key={index} />
          ))}
        </Card>
        <Card elevation={Elevation.ONE}>
          {Array.from({ length: 5 }, (_, index) => (
            <span className={block('')} key={index} />
          ))}
        </Card>
      </div>
    </div>
  );
}
