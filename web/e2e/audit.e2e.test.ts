import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clinicDateTimeParts } from '@bari/contracts';
import { patientForm } from '@bari/contracts/testing';
import { callApi as call } from './support/api.ts';
import { openPage } from './support/browser.ts';
import { signIn } from './support/identity.ts';
import { screenshot } from './support/screenshot.ts';
import { setUpApp } from './support/suite.ts';
import { pressEscapeInDialog } from './support/focus.ts';

const FEIRA = { ibgeCode: '2910800', name: 'Feira de Santana', uf: 'BA' };

/** A patient registered in Salvador through the API, from the signed-in page. */
async function registerPatient(
  page: Page,
  name: string,
  cpf: string,
): Promise<{ id: string; version: number }> {
  const created = await call(page, 'POST', '/api/patients', patientForm({ name, cpf, cns: null }));
  expect(created.status).toBe(201);
  return created.json as { id: string; version: number };
}

/** The browser's local date-time to the second (yyyy-mm-ddThh:mm:ss). */
/** Now on São Paulo's clock, as the app reads and shows times, `yyyy-MM-ddTHH:mm:ss`. */
const clinicNow = (): string => {
  const { date, time } = clinicDateTimeParts(new Date());
  return `${date}T${time}`;
};

let credentials: Promise<{ email: string; accessKey: string }[]> | undefined;

/** Initializes the app once; the default accounts' credentials. */
function initialized(baseUrl: string): Promise<{ email: string; accessKey: string }[]> {
  credentials ??= fetch(`${baseUrl}/api/initialize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
  }).then(
    async (response) =>
      ((await response.json()) as { credentials: { email: string; accessKey: string }[] }).credentials,
  );
  return credentials;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('audit', () => {
  const app = setUpApp();

  it("a municipality change is found in /audit by the patient's name and in the patient's 'Histórico', and the patient can be seen as it stood before it", async () => {
    const page = await openPage(app.browser);
    await signIn(page, app.baseUrl, (await initialized(app.baseUrl))[0]!);
    await page.waitForURL(`${app.baseUrl}/`);

    // Given a patient registered in Salvador, then moved to Feira de Santana
    const patient = await registerPatient(page, 'Rosana Auditada Lima', '39053344705');
    await pause(1_100);
    const beforeChange = clinicNow();
    await pause(1_100);
    const changed = await call(page, 'PATCH', `/api/patients/${patient.id}`, {
      municipality: FEIRA,
      version: patient.version,
    });
    expect(changed.status).toBe(200);

    // /audit: found by the patient's name, old and new values in the details
    await page.goto(`${app.baseUrl}/audit`);
    await page.getByRole('heading', { name: 'Auditoria do Sistema' }).waitFor();
    await page.getByText(/^Último evento: posição \d+ · hash [0-9a-f]{64}$/).waitFor();
    await page.getByText(/^Nunca verificado/).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar no histórico' }).fill('rosana auditada');
    await page
      .getByRole('combobox', { name: 'Filtrar por ação' })
      .selectOption({ label: 'Atualizar Paciente' });
    await page.getByRole('heading', { name: 'Histórico de Ações (1 registros)' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Atualizar Paciente' });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.getByRole('cell').nth(4).textContent()).toBe('Rosana Auditada Lima');
    await screenshot(page, 'audit-search');

    const opener = row.getByRole('button', { name: 'Município' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Detalhes do Registro' });
    const change = dialog.getByRole('row').filter({ hasText: 'Município' });
    await change.getByText('Salvador — BA', { exact: true }).waitFor();
    await change.getByText('Feira de Santana — BA', { exact: true }).waitFor();
    // Escape closes it and gives the focus back to the button that opened it, not to the page.
    await pressEscapeInDialog(page);
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => opener.evaluate((button) => button === button.ownerDocument.activeElement))
      .toBe(true);

    await page.getByRole('combobox', { name: 'Filtrar por ação' }).selectOption({ label: 'Todas as ações' });
    await page.getByRole('combobox', { name: 'Filtrar por entidade' }).selectOption({ label: 'Paciente' });
    // Registration and update, plus the assignment once registration assigns its procedures in one event.
    await page.getByRole('heading', { name: /^Histórico de Ações \((2|3) registros\)$/ }).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar no histórico' }).fill('ninguém com este nome');
    await page.getByText('Nenhum registro encontrado', { exact: true }).waitFor();

    // The patient's 'Histórico', and the patient as it stood before the change
    await page.goto(`${app.baseUrl}/patients/${patient.id}`);
    await page.getByRole('button', { name: 'Mostrar histórico' }).click();
    const history = page.locator('.patient-history');
    const update = history.locator('.patient-history__entry').first();
    await update.getByText('Atualizar Paciente').waitFor();
    const municipality = update.getByRole('row').filter({ hasText: 'Município' });
    await municipality.getByText('Salvador — BA').waitFor();
    await municipality.getByText('Feira de Santana — BA').waitFor();

    // The date as every date of the app (dd/mm/aaaa), the time to the second.
    const [day, time] = beforeChange.split('T') as [string, string];
    await history.getByLabel('Ver como estava em').fill(day.split('-').reverse().join('/'));
    await history.getByLabel('às').fill(time);
    await history.getByRole('button', { name: 'Ver', exact: true }).click();
    await history.getByText(/^Somente leitura: o paciente como estava em/).waitFor();
    const past = history.locator('.patient-history__past').getByRole('row').filter({ hasText: 'Município' });
    await past.getByText('Salvador — BA').waitFor();
    await screenshot(page, 'patient-history');

    // The audit reads recorded show their filters in Portuguese, never as codes.
    await page.goto(`${app.baseUrl}/audit`);
    await page
      .getByRole('combobox', { name: 'Filtrar por ação' })
      .selectOption({ label: 'Visualizar Auditoria' });
    const reads = page.locator('.audit-table tbody tr');
    await expect.poll(() => reads.count()).toBeGreaterThan(1);
    const shown: string[] = [];
    for (let index = 0; index < (await reads.count()); index += 1) {
      const button = reads.nth(index).getByRole('button');
      if ((await button.count()) === 0) continue;
      await button.click();
      const read = page.getByRole('dialog', { name: 'Detalhes do Registro' });
      shown.push((await read.locator('.audit-details').textContent()) ?? '');
      await read.getByRole('button', { name: 'Fechar', exact: true }).click();
      await read.waitFor({ state: 'detached' });
    }
    expect(shown.join('\n')).toContain('Ação filtradaAtualizar Paciente');
    expect(shown.join('\n')).toContain('Entidade filtradaPaciente');
    expect(shown.join('\n')).not.toMatch(/[A-Z]+_[A-Z]+|\bpatient\b/);
  });

  it("reaches a deleted patient's history from /audit: the name opens the patient's page, whose history goes up to the deletion", async () => {
    // The deleted patient's page is a 404 the browser logs; its history is not.
    const page = await openPage(app.browser, {
      allowConsoleErrors: [/Failed to load resource: the server responded with a status of 404/],
    });
    await signIn(page, app.baseUrl, (await initialized(app.baseUrl))[0]!);
    await page.waitForURL(`${app.baseUrl}/`);
    const patient = await registerPatient(page, 'Dalva Excluída Prates', '71428793860');
    // A long history: 30 procedures ticked, each an entry of its own.
    const detail = (await call(page, 'GET', `/api/patients/${patient.id}`)).json as {
      procedures: { id: string }[];
      version: number;
    };
    for (const procedure of detail.procedures.slice(0, 30)) {
      const ticked = await call(page, 'PATCH', `/api/procedures/${procedure.id}`, {
        status: 'completed',
        completedDate: '2025-01-10', // the surgery's day: right for pre- and post-operative ones
      });
      expect(ticked.status).toBe(200);
    }
    const { version } = (await call(page, 'GET', `/api/patients/${patient.id}`)).json as { version: number };
    const reason = 'Paciente cadastrada por engano no lugar de outra pessoa, confirmado pela regulação';
    expect(
      (await call(page, 'DELETE', `/api/patients/${patient.id}?version=${version}`, { reason })).status,
    ).toBe(204);

    await page.goto(`${app.baseUrl}/audit`);
    await page
      .getByRole('combobox', { name: 'Filtrar por ação' })
      .selectOption({ label: 'Excluir Paciente' });
    await page.getByRole('searchbox', { name: 'Buscar no histórico' }).fill('dalva excluída');
    await page.getByRole('heading', { name: 'Histórico de Ações (1 registros)' }).waitFor();
    // Why, in the Detalhes column however long, and in the entry's details
    const why = page.getByRole('button', { name: `Motivo: ${reason}` });
    await why.waitFor();
    await why.click();
    const details = page.getByRole('dialog', { name: 'Detalhes do Registro' });
    expect(await details.locator('.audit-details').textContent()).toContain(`Motivo${reason}`);
    await pressEscapeInDialog(page);
    await details.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Dalva Excluída Prates' }).click();

    await page.waitForURL(`${app.baseUrl}/patients/${patient.id}`);
    await page.getByRole('heading', { name: 'Paciente excluído' }).waitFor();
    await page.getByRole('button', { name: 'Mostrar histórico' }).click();
    const entries = page.locator('.patient-history .patient-history__entry');
    await entries.getByText('Excluir Paciente').waitFor();
    await entries.getByText(`Motivo: ${reason}`, { exact: true }).waitFor();
    // and the page says it beside when and by whom
    await page
      .getByText(new RegExp(`^O cadastro de Dalva Excluída Prates foi excluído em .+\\. Motivo: ${reason}$`))
      .waitFor();
    // The newest 30 of its 32 entries (33 events: the registration's two are one entry, as one
    // command appended them), then the rest on demand.
    await expect.poll(() => entries.count()).toBe(30);
    await page.getByRole('button', { name: 'Mostrar mais (2 registros anteriores)' }).click();
    const registration = entries.last();
    await registration.getByText('Criar Paciente', { exact: true }).waitFor();
    await registration.getByText('Atribuir Procedimentos Obrigatórios', { exact: true }).waitFor();
    expect(await entries.count()).toBe(32);
    await screenshot(page, 'deleted-patient-history');
  });

  it("shows a command's entries about one patient's procedures as one row, opened on demand", async () => {
    const page = await openPage(app.browser);
    await signIn(page, app.baseUrl, (await initialized(app.baseUrl))[0]!);
    await page.waitForURL(`${app.baseUrl}/`);
    const patient = await registerPatient(page, 'Telma Agrupada Reis', '11144477735');
    // 'Marcar todos' on the lab exams: one command, one entry per exam (the day before surgery).
    const marked = await call(page, 'POST', `/api/patients/${patient.id}/procedures/complete-pending-labs`, {
      completedDate: '2025-01-09',
    });
    expect(marked.status).toBe(200);
    const { completed } = marked.json as { completed: number };
    expect(completed).toBeGreaterThan(1);

    await page.goto(`${app.baseUrl}/audit`);
    await page.getByRole('searchbox', { name: 'Buscar no histórico' }).fill('telma agrupada');
    const group = page.locator('.audit-table__group');
    await group.getByText(`Registrar Procedimento (${completed})`, { exact: true }).waitFor();
    await group.getByText(`${completed} procedimentos — Telma Agrupada Reis`, { exact: true }).waitFor();
    expect(await page.locator('.audit-table__grouped').count()).toBe(0);
    const show = group.getByRole('button', { name: `Mostrar os ${completed}` });
    await show.click();
    await expect.poll(() => page.locator('.audit-table__grouped').count()).toBe(completed);
    expect(await group.getByRole('button', { name: 'Ocultar' }).getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'audit-group-open');
    await group.getByRole('button', { name: 'Ocultar' }).click();
    await expect.poll(() => page.locator('.audit-table__grouped').count()).toBe(0);
  });

  it('says in the table, on screen and on paper, what a maintenance run changed', async () => {
    const page = await openPage(app.browser);
    await signIn(page, app.baseUrl, (await initialized(app.baseUrl))[0]!);
    await page.waitForURL(`${app.baseUrl}/`);
    const fixed = await call(page, 'POST', '/api/admin/fix-production-data', {});
    expect(fixed.status).toBe(200);
    await page.goto(`${app.baseUrl}/audit`);
    await page
      .getByRole('combobox', { name: 'Filtrar por ação' })
      .selectOption({ label: 'Corrigir Dados de Produção' });
    const row = page.locator('.audit-table tbody tr').first();
    await row.getByText('Corrigir Dados de Produção', { exact: true }).waitFor();
    const counts = row.getByRole('button', { name: /^Pacientes alterados: \d+; Alterações: \d+$/ });
    await counts.waitFor();
    // Every action, at the narrowest width the table is laid out for: the values summaries wrap.
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.getByRole('combobox', { name: 'Filtrar por ação' }).selectOption({ index: 0 });
    await screenshot(page, 'audit-values-summaries', { fullPage: false });
    await page
      .getByRole('combobox', { name: 'Filtrar por ação' })
      .selectOption({ label: 'Corrigir Dados de Produção' });
    await counts.waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await counts.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    // The button still opens every detail.
    await counts.click();
    await page.getByRole('dialog').getByText('Pacientes alterados', { exact: true }).waitFor();
  });

  it("names a report's municipality in its details, and reads its period from the start", async () => {
    const page = await openPage(app.browser);
    await signIn(page, app.baseUrl, (await initialized(app.baseUrl))[0]!);
    await page.waitForURL(`${app.baseUrl}/`);
    const report = await page.evaluate(
      async (path) => (await fetch(path)).status,
      `/api/reports/municipal?municipality=${FEIRA.ibgeCode}&startDate=2026-01-01&endDate=2026-02-01`,
    );
    expect(report).toBe(200);
    await page.goto(`${app.baseUrl}/audit`);
    await page.getByRole('combobox', { name: 'Filtrar por ação' }).selectOption({ label: 'Gerar Relatório' });
    await page.locator('.audit-table tbody tr').first().getByRole('button').click();
    const details = page.getByRole('dialog');
    await details.getByText('Feira de Santana — BA', { exact: true }).waitFor();
    const labels = await details.locator('.audit-details th').allTextContents();
    expect(labels.indexOf('Data inicial')).toBeLessThan(labels.indexOf('Data final'));
    expect(labels.indexOf('Data inicial')).toBeGreaterThan(-1);
  });

  it('prints the log alone: no sidebar, filters nor paging, every column on the page, the filters applied above', async () => {
    const page = await openPage(app.browser);
    await signIn(page, app.baseUrl, (await initialized(app.baseUrl))[0]!);
    await page.waitForURL(`${app.baseUrl}/`);
    await page.goto(`${app.baseUrl}/audit`);
    await page.getByRole('combobox', { name: 'Filtrar por entidade' }).selectOption({ label: 'Paciente' });
    await page.getByLabel('De', { exact: true }).pressSequentially('01012020');
    await page.locator('.audit-table tbody tr').first().waitFor();
    await page.emulateMedia({ media: 'print' });
    for (const hidden of [
      '.app-sidebar',
      '.audit-page__filters',
      '.page-header__actions',
      '.page-header__back',
    ])
      expect(await page.locator(hidden).isVisible()).toBe(false);
    const heading = page.locator('.audit-print-heading');
    expect(await heading.isVisible()).toBe(true);
    const printedHeading = (await heading.textContent()) ?? '';
    expect(printedHeading).toMatch(
      /^Filtros: Entidade: Paciente · De 01\/01\/2020Página 1 de \d+ da consulta · Impresso em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}(Esta impressão traz os registros 1 a 50 de \d+; as outras páginas da consulta são impressas à parte\.)?$/,
    );
    // A printout of one page of a longer list says it is not the whole list.
    const pages = Number(/Página 1 de (\d+)/.exec(printedHeading)![1]);
    expect(printedHeading.includes('Esta impressão traz os registros')).toBe(pages > 1);
    // The whole log (the catalogue's types alone are more than a page): the range is said.
    await page.emulateMedia({ media: 'screen' });
    await page
      .getByRole('combobox', { name: 'Filtrar por entidade' })
      .selectOption({ label: 'Todas as entidades' });
    await page
      .getByRole('heading', { name: /^Histórico de Ações \((\d{3,}|[6-9]\d) registros\)$/ })
      .waitFor();
    await page.emulateMedia({ media: 'print' });
    await expect
      .poll(() => heading.textContent())
      .toMatch(
        /Esta impressão traz os registros 1 a 50 de \d+; as outras páginas da consulta são impressas à parte\.$/,
      );
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('combobox', { name: 'Filtrar por entidade' }).selectOption({ label: 'Paciente' });
    await page.locator('.audit-table tbody tr').first().waitFor();
    await page.emulateMedia({ media: 'print' });
    // The paper's width (A4, 1 cm margins): the seven columns within it, none cut.
    await page.setViewportSize({ width: 718, height: 1000 });
    const [scrollWidth, clientWidth, columns] = await page
      .locator('.audit-table')
      .evaluate((table) => [
        table.parentElement!.scrollWidth,
        table.parentElement!.clientWidth,
        table.querySelectorAll('th').length,
      ]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth!);
    expect(columns).toBe(7);
    const pdf = await page.pdf({
      format: 'A4',
      margin: { top: '1cm', bottom: '1cm', left: '1cm', right: '1cm' },
    });
    expect(pdf.byteLength).toBeGreaterThan(1000);
    await page.emulateMedia({ media: 'screen' });
  });

  it('says a reversed or impossible period at the date fields, and neither asks the server nor keeps the old count', async () => {
    const page = await openPage(app.browser);
    await signIn(page, app.baseUrl, (await initialized(app.baseUrl))[0]!);
    await page.waitForURL(`${app.baseUrl}/`);
    await page.goto(`${app.baseUrl}/audit`);
    await page.getByRole('heading', { name: /^Histórico de Ações \(\d+ registros\)$/ }).waitFor();
    const asked: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/audit-logs') asked.push(url);
    });
    const from = page.getByLabel('De', { exact: true });
    const to = page.getByLabel('Até', { exact: true });
    await from.pressSequentially('10032026');
    await to.pressSequentially('01032026');
    await page.getByText('A data inicial não pode ser posterior à data final.', { exact: true }).waitFor();
    await page.getByText('Corrija o período (De e Até) para ver o histórico.').waitFor();
    await page.getByRole('heading', { name: 'Histórico de Ações', exact: true }).waitFor();
    expect(await page.getByText('Não foi possível carregar o histórico.').count()).toBe(0);
    expect(await page.locator('.audit-table').count()).toBe(0);
    await screenshot(page, 'audit-dates-reversed');

    await to.fill('');
    await page.getByRole('heading', { name: /^Histórico de Ações \(\d+ registros\)$/ }).waitFor();
    await to.pressSequentially('31022026');
    await page.getByText('Data inválida', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Histórico de Ações', exact: true }).waitFor();
    expect(asked.filter((url) => url.searchParams.has('to'))).toEqual([]);

    await to.fill('');
    await page.getByRole('heading', { name: /^Histórico de Ações \(\d+ registros\)$/ }).waitFor();
    expect(await page.getByText('Data inválida', { exact: true }).count()).toBe(0);
  });
});
