import { Button, Card, Elevation, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { Heading } from '../../common/heading.tsx';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { DateRangeFields, EMPTY_RANGE } from './date-range-fields.tsx';
import { reportsMessages as m } from './messages.ts';
import { openReport } from './open-report.ts';
import { useGetMunicipalityStatisticsQuery } from './reports-api.ts';

const ALL = 'all';

/** The municipal report (§2): 'Todos os municípios' or one that has patients, optional dates. */
export function MunicipalReportCard() {
  const { data: municipalities = [] } = useGetMunicipalityStatisticsQuery();
  const [municipality, setMunicipality] = useState(ALL);
  const [range, setRange] = useState(EMPTY_RANGE);
  const chosen = municipalities.find((row) => row.ibgeCode === municipality);

  const generate = () =>
    openReport(
      '/api/reports/municipal',
      { municipality: chosen?.ibgeCode },
      range,
      chosen ? m.municipalityOpened(chosen.municipality) : m.allMunicipalitiesOpened,
    );

  return (
    <Card className="reports-page__card" elevation={Elevation.ONE}>
      <Heading level={3} look={4}>
        {m.municipalTitle}
      </Heading>
      <p className="reports-page__description">{m.municipalDescription}</p>
      <FormGroup label={m.municipalityLabel} labelFor="municipal-municipality">
        <HTMLSelect
          fill
          id="municipal-municipality"
          onChange={(event) => setMunicipality(event.currentTarget.value)}
          options={[
            { value: ALL, label: m.allMunicipalitiesLower },
            ...municipalities.map((row) => ({ value: row.ibgeCode, label: row.municipality })),
          ]}
          value={chosen ? municipality : ALL}
        />
      </FormGroup>
      <DateRangeFields idPrefix="municipal" onChange={setRange} value={range} />
      <Button icon={IconNames.DOCUMENT} intent={Intent.PRIMARY} onClick={generate} text={m.generate} />
    </Card>
  );
}
