import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Cookie, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage } from './support/browser.ts';
import { signIn } from './support/identity.ts';
import { screenshot } from './support/screenshot.ts';
import { setUpApp } from './support/suite.ts';

/** Two patients in two municipalities and two hospitals (CPFs pass their check digits). */
const patients = [
  {
    name: 'Maria Aparecida dos Santos',
    cpf: '39053344705',
    municipality: { ibgeCode: '2927408', name: 'Salvador', uf: 'BA' },
    surgeryLocation: 'Hospital Geral Roberto Santos',
  },
  {
    name: 'João Gonçalves',
    cpf: '71460285859',
    municipality: { ibgeCode: '3550308', name: 'São Paulo', uf: 'SP' },
    surgeryLocation: 'Santa Casa',
  },
];

async function signInAsAdministrator(browser: Browser, baseUrl: string): Promise<Cookie[]> {
  const response = await fetch(`${baseUrl}/api/initialize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
  });
  if (response.status !== 201) throw new Error(`initialize: ${response.status} ${await response.text()}`);
  const { credentials } = (await response.json()) as { credentials: { email: string; accessKey: string }[] };
  const context: BrowserContext = await browser.newContext({ locale: 'pt-BR' });
  try {
    const page = await context.newPage();
    await signIn(page, baseUrl, credentials[0]!);
    await page.waitForURL(`${baseUrl}/`);
    return await context.cookies();
  } finally {
    await context.close();
  }
}

const toast = (page: Page, text: string): Locator =>
  page.locator('.app-toaster').getByText(text, { exact: true });

/** What `window.print` would have printed: the tab's title and the print area's text. */
interface Printed {
  title: string;
  text: string;
  unbroken: string[];
}

const REVERSED = 'A data inicial não pode ser posterior à data final.';

describe('/reports', () => {
  const app = setUpApp();
  let cookies: Cookie[];

  beforeAll(async () => {
    cookies = await signInAsAdministrator(app.browser, app.baseUrl);
    for (const patient of patients) {
      const response = await fetch(`${app.baseUrl}/api/patients`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: app.baseUrl,
          Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
        },
        body: JSON.stringify({
          ...patient,
          cns: null,
          admissionDate: '2025-01-08',
          dischargeDate: null,
          surgeryDate: '2025-01-10',
          surgeonName: 'Dr. Paulo Henrique Lima',
          aihNumber: null,
          sisregCode: null,
          notes: null,
        }),
      });
      if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
    }
  });

  async function reportsPage(): Promise<Page> {
    const page = await openPage(app.browser);
    await page.context().addCookies(cookies);
    // The print dialog cannot be driven headless: record what would be printed instead.
    // (A script, not a function: the e2e files type-check as Node code, without the DOM.)
    await page.addInitScript({
      content: `
        window.__printed = [];
        window.print = () => window.__printed.push({
          title: document.title,
          text: document.querySelector('.report-print')?.innerText ?? '',
          // The cells the print stylesheet keeps on one line.
          unbroken: [...document.querySelectorAll('.report-print td.printed-document__unbroken')]
            .map((cell) => cell.textContent),
        });`,
    });
    await page.goto(`${app.baseUrl}/reports`);
    await page.getByRole('heading', { name: 'Relatórios', exact: true }).waitFor();
    return page;
  }

  it('shows the statistics cards of both municipalities and hospitals, and the chart', async () => {
    const page = await reportsPage();
    await expect(page.getByText('Geração de relatórios individuais e por município')).toBeTruthy();
    const municipalities = page.getByRole('region', { name: 'Estatísticas por Município' });
    await municipalities.getByRole('heading', { name: 'Salvador' }).waitFor();
    await municipalities.getByRole('heading', { name: 'São Paulo' }).waitFor();
    expect(await municipalities.locator('.statistic-card').count()).toBe(2);
    await municipalities.getByRole('img', { name: 'Taxa de conclusão por município' }).waitFor();
    const establishments = page.getByRole('region', { name: 'Estatísticas por Estabelecimento' });
    await establishments.getByRole('heading', { name: 'Santa Casa' }).waitFor();
    await screenshot(page, 'reports');

    await municipalities.getByRole('button', { name: 'Imprimir / PDF' }).click();
    const printed = (await page.evaluate<Printed[]>('window.__printed')).at(-1);
    expect(printed?.title).toMatch(/^Relatório_Municípios_\d{2}-\d{2}-\d{4}$/);
    expect(printed?.text).toContain('Relatório de Pacientes por Município');
    // Who printed it, as the server's PDFs say (the administrator of the initialization).
    expect(printed?.text).toMatch(
      /Gerado em: \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}Gerado por: .*\(admin@baricare\.local\)/,
    );
    // The table names its columns as a reader expects, the counts of the cards included.
    expect(printed?.text).toMatch(/Município\s*Pacientes\s*Procedimentos Concluídos\s*Pendentes\s*Atrasados/);
    // Under the municipalities, their total: the two cards' counts added up.
    // (The printed text runs its cells together: 1 patient, 0 completed, 93 pending, 52 overdue each.)
    expect(printed?.text).toContain('Salvador109352São Paulo109352Total20186104');
  });

  it('asks for a patient, then opens the individual PDF in a new tab', async () => {
    const page = await reportsPage();
    await page.getByRole('button', { name: 'Gerar Relatório' }).first().click();
    await toast(page, 'Por favor, selecione um paciente').waitFor();
    // An end before the start is said under 'Até' as it is typed, before anything is generated.
    const individual = page
      .locator('.reports-page__card')
      .filter({ has: page.locator('#individual-patient') });
    await individual.locator('#individual-start').pressSequentially('10032026');
    await individual.locator('#individual-end').pressSequentially('01032026');
    await individual.getByText(REVERSED, { exact: true }).waitFor();
    await individual.locator('#individual-end').fill('');
    await expect.poll(() => individual.getByText(REVERSED, { exact: true }).count()).toBe(0);
    await individual.locator('#individual-start').fill('');

    await page.locator('#individual-patient').fill('Maria');
    await page.getByRole('option', { name: /Maria Aparecida dos Santos/ }).click();
    const opened = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Gerar Relatório' }).first().click();
    const tab = await opened;
    await tab
      .waitForURL(/\/api\/reports\/individual\?patient=/, { waitUntil: 'commit' })
      .catch(() => undefined);
    const url = tab.url();
    // The tab's user goes with the link (a PDF is generated and audited in its name only).
    expect(url).toMatch(/\/api\/reports\/individual\?patient=[0-9a-f-]{36}&asUser=[0-9a-f-]{36}$/);
    // The new tab is in front; the toast animates in the reports tab once it is back there.
    await page.bringToFront();
    await toast(page, 'Relatório individual aberto em nova aba').waitFor();
    const pdf = await page.request.get(url);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('prints the custom report with its total and exports the spreadsheet', async () => {
    const page = await reportsPage();
    const custom = page.locator('.reports-page__custom');
    await custom.locator('label', { hasText: /^CPF$/ }).click();
    expect(await custom.getByRole('checkbox', { name: 'CPF' }).isChecked()).toBe(true);
    // Each export tells the server what it is for (the audit trail records it).
    const exported = (format: string) =>
      page.waitForRequest((request) => {
        const url = new URL(request.url());
        return url.pathname === '/api/reports/custom' && url.searchParams.get('format') === format;
      });
    const printRequest = exported('print');
    await custom.getByRole('button', { name: 'Gerar PDF' }).click();
    await printRequest;
    // A function, not a string: Playwright polls a string with `eval`, which the app's CSP
    // refuses (the test failed whenever the PDF was not ready at the first check).
    await page.waitForFunction(
      () => (globalThis as unknown as { __printed: unknown[] }).__printed.length > 0,
    );
    const printed = (await page.evaluate<Printed[]>('window.__printed'))[0]!;
    expect(printed.title).toMatch(/^Relatório_Customizado_\d{2}-\d{2}-\d{4}$/);
    expect(printed.text).toContain('Total de pacientes: 2');
    expect(printed.text).toMatch(/Gerado por: .*\(admin@baricare\.local\)/);
    expect(printed.text).toContain('390.533.447-05');
    // A CPF is never broken over two lines on paper.
    expect(printed.unbroken).toContain('390.533.447-05');

    const download = page.waitForEvent('download');
    const spreadsheetRequest = exported('spreadsheet');
    await custom.getByRole('button', { name: 'Exportar Planilha' }).click();
    await spreadsheetRequest;
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Relatório_Customizado_\d{2}-\d{2}-\d{4}\.xlsx$/);
    await toast(page, 'O arquivo Excel foi baixado com sucesso.').waitFor();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await file.path())!);
    const sheet = workbook.getWorksheet('Relatório')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Nome do Paciente', 'CPF', 'Município']);
    expect(sheet.getCell('A2').value).toBe('João Gonçalves');
    expect(sheet.getCell('C3').value).toBe('Salvador');
  });
});
