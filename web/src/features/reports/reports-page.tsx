import { Heading } from '../../common/heading.tsx';
import { PageHeader } from '../../common/layout/index.ts';
import { CompletionChart } from './completion-chart.tsx';
import { CustomReportCard } from './custom-report-card.tsx';
import { IndividualReportCard } from './individual-report-card.tsx';
import { reportsMessages as m } from './messages.ts';
import { MunicipalReportCard } from './municipal-report-card.tsx';
import { useGetEstablishmentStatisticsQuery, useGetMunicipalityStatisticsQuery } from './reports-api.ts';
import { StatisticsSection } from './statistics-section.tsx';
import './reports-page.css';

/** /reports (§2 Reports): the PDF reports, the custom report and the statistics. */
export function ReportsPage() {
  const municipalities = useGetMunicipalityStatisticsQuery();
  const establishments = useGetEstablishmentStatisticsQuery();

  return (
    <div className="reports-page">
      <PageHeader backTo="/" subtitle={m.subtitle} title={m.title} />
      {/* A section of the page, drawn as its other sections (it was larger than the page's title). */}
      <Heading className="reports-page__heading" level={2} look={3}>
        {m.generation}
      </Heading>
      <div className="reports-page__pair">
        <IndividualReportCard />
        <MunicipalReportCard />
      </div>
      <CustomReportCard />
      <StatisticsSection
        documentTitle={m.municipalitiesDocumentTitle}
        isLoading={municipalities.isLoading}
        items={municipalities.data?.map((row) => ({ ...row, key: row.ibgeCode, name: row.municipality }))}
        nameLabel={m.municipalityColumn}
        printTitle={m.municipalityPrintTitle}
        title={m.byMunicipality}
      >
        <CompletionChart municipalities={municipalities.data ?? []} />
      </StatisticsSection>
      <StatisticsSection
        documentTitle={m.establishmentsDocumentTitle}
        isLoading={establishments.isLoading}
        items={establishments.data?.map((row) => ({
          ...row,
          key: row.establishment,
          name: row.establishment,
        }))}
        nameLabel={m.establishmentColumn}
        printTitle={m.establishmentPrintTitle}
        title={m.byEstablishment}
      />
    </div>
  );
}

export default ReportsPage;
