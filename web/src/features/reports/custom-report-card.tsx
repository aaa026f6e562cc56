import {
  CUSTOM_REPORT_FIELDS,
  CUSTOM_REPORT_FIELD_LABELS,
  DEFAULT_CUSTOM_REPORT_FIELDS,
  type CustomReportField,
  type CustomReportFormat,
  type CustomReportRow,
} from '@bari/contracts';
import { Button, Card, Checkbox, Elevation, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { Heading } from '../../common/heading.tsx';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { showToast } from '../../app/toaster.tsx';
import { fieldLabels, printedCell } from './custom-report-values.ts';
import { reportsMessages as m } from './messages.ts';
import { PrintedDocument } from './printed-document.tsx';
import { fileDate } from './report-dates.ts';
import { useGetMunicipalityStatisticsQuery, useLazyGetCustomReportQuery } from './reports-api.ts';
import { usePrint } from './use-print.tsx';

const ALL = 'all';

/**
 * 'Relatório Customizado' (§2, §3, §9): the fields to include, a municipality filter, then a
 * printed table ('Gerar PDF') or a spreadsheet ('Exportar Planilha'). The rows are fetched
 * from the server on each action with only the ticked fields.
 */
export function CustomReportCard() {
  const { data: municipalities = [] } = useGetMunicipalityStatisticsQuery();
  const [fields, setFields] = useState<readonly CustomReportField[]>(DEFAULT_CUSTOM_REPORT_FIELDS);
  const [municipality, setMunicipality] = useState(ALL);
  const [busy, setBusy] = useState(false);
  const [fetchRows] = useLazyGetCustomReportQuery();
  const { print, printArea } = usePrint();

  const chosen = municipalities.find((row) => row.ibgeCode === municipality);
  const patientCount = chosen
    ? chosen.totalPatients
    : municipalities.reduce((total, row) => total + row.totalPatients, 0);
  const disabled = fields.length === 0 || patientCount === 0;
  const ordered = CUSTOM_REPORT_FIELDS.filter((field) => fields.includes(field));

  const toggle = (field: CustomReportField) =>
    setFields((current) =>
      current.includes(field) ? current.filter((item) => item !== field) : [...current, field],
    );

  const loadRows = async (format: CustomReportFormat): Promise<CustomReportRow[] | null> => {
    const result = await fetchRows({ fields: ordered, municipality: chosen?.ibgeCode, format });
    if (result.data && result.data.length > 0) return result.data;
    showToast({
      title: result.data ? m.exportErrorTitle : m.errorTitle,
      description: result.data ? m.exportErrorDescription : m.loadFailed,
      intent: Intent.DANGER,
    });
    return null;
  };

  const printReport = async () => {
    setBusy(true);
    const rows = await loadRows('print');
    setBusy(false);
    if (!rows) return;
    const now = new Date();
    print({
      documentTitle: m.customDocumentTitle(fileDate(now)),
      content: (
        <PrintedDocument
          headers={fieldLabels(ordered)}
          generatedAt={now}
          lines={[
            ...(chosen ? [m.municipalityFilter(chosen.municipality)] : []),
            m.totalPatients(rows.length),
          ]}
          rows={rows.map((row) => ordered.map((field) => printedCell(row, field)))}
          title={m.custom}
        />
      ),
    });
  };

  const exportSheet = async () => {
    if (disabled) {
      showToast({ title: m.exportErrorTitle, description: m.exportErrorDescription, intent: Intent.DANGER });
      return;
    }
    setBusy(true);
    try {
      const rows = await loadRows('spreadsheet');
      if (!rows) return;
      // exceljs is large: it loads only when somebody exports.
      const { buildCustomSpreadsheet, downloadSpreadsheet } = await import('./spreadsheet.ts');
      downloadSpreadsheet(await buildCustomSpreadsheet(rows, ordered, new Date()));
      showToast({ title: m.exported, description: m.exportedDescription, intent: Intent.SUCCESS });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="reports-page__card reports-page__custom" elevation={Elevation.ONE}>
      <Heading level={3} look={4}>
        {m.custom}
      </Heading>
      <p className="reports-page__description">{m.customDescription}</p>
      <FormGroup label={m.fields}>
        <div className="reports-page__fields">
          {CUSTOM_REPORT_FIELDS.map((field) => (
            <Checkbox
              checked={fields.includes(field)}
              key={field}
              label={CUSTOM_REPORT_FIELD_LABELS[field]}
              onChange={() => toggle(field)}
            />
          ))}
        </div>
      </FormGroup>
      <FormGroup label={m.municipalityLabel} labelFor="custom-municipality">
        <HTMLSelect
          id="custom-municipality"
          onChange={(event) => setMunicipality(event.currentTarget.value)}
          options={[
            { value: ALL, label: m.allMunicipalities },
            ...municipalities.map((row) => ({ value: row.ibgeCode, label: row.municipality })),
          ]}
          value={chosen ? municipality : ALL}
        />
      </FormGroup>
      <div className="reports-page__actions">
        <Button
          disabled={disabled || busy}
          icon={IconNames.PRINT}
          onClick={() => void printReport()}
          text={m.printPdf}
        />
        <Button
          disabled={disabled || busy}
          icon={IconNames.EXPORT}
          intent={Intent.SUCCESS}
          onClick={() => void exportSheet()}
          text={m.exportSheet}
        />
      </div>
      {printArea}
    </Card>
  );
}
