import { addDaysToDate, clinicToday } from '@bari/contracts';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api.ts';
import { initializeThroughUi, openSignedInPage, type Credential } from './support/identity.ts';
import { screenshot } from './support/screenshot.ts';
import { setUpApp } from './support/suite.ts';

/*
 * Issue 11, in an en-US browser: the patient list sorted and paged from the screen and kept in
 * the address, every form dialog asking before it throws typed work away, expected dates that
 * follow the surgery date, and counts grouped the pt-BR way.
 */

const LOCALE = 'en-US';
const CAMPINAS = { ibgeCode: '3509502', name: 'Campinas', uf: 'SP' };
const LISTED = 25;

/** A valid CPF (two check digits, §5) from a number: distinct numbers, distinct CPFs. */
function cpfFrom(seed: number): string {
  const digits = String(100_000_000 + seed * 7919)
    .slice(-9)
    .split('')
    .map(Number);
  for (const length of [9, 10]) {
    const sum = digits
      .slice(0, length)
      .reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

/** The patient form's fields, as the API takes them. */
function patientForm(name: string, cpf: string, admissionDate: string, surgeryDate: string | null) {
  return {
    name,
    cpf,
    cns: null,
    municipality: CAMPINAS,
    admissionDate,
    dischargeDate: null,
    surgeryDate,
    surgeryLocation: 'Hospital Municipal de Campinas',
    surgeonName: 'Dra. Ana Souza',
    aihNumber: null,
    sisregCode: null,
    notes: null,
  };
}

/** 'Paciente Ordem 01' … '25': the first admitted first, so that name and admission orders differ in direction. */
const ordered = Array.from({ length: LISTED }, (_, index) => ({
  name: `Paciente Ordem ${String(index + 1).padStart(2, '0')}`,
  admissionDate: `2025-01-${String(index + 1).padStart(2, '0')}`,
}));

/** The names in the list's rows, top to bottom. */
async function listedNames(page: Page): Promise<string[]> {
  return page.locator('.patient-table tbody tr').getByRole('link').allTextContents();
}

async function backdropClick(page: Page): Promise<void> {
  await page.mouse.click(8, 400);
}

/** The discard question over a dialog, answered: keep editing, or discard. */
async function answerDiscard(page: Page, answer: 'Continuar editando' | 'Descartar'): Promise<void> {
  const question = page.getByRole('alertdialog');
  await question.getByText('Descartar alterações?').waitFor();
  await question.getByRole('button', { name: answer }).click();
  await question.waitFor({ state: 'detached' });
}

/**
 * A form dialog with `field` typed into: closed at once while untouched, and a stray backdrop
 * click or Escape asks before it throws the typed text away.
 */
async function expectDialogKeepsWork(page: Page, open: () => Promise<void>, dialog: Locator, field: Locator) {
  await open();
  await expect
    .poll(() => field.evaluate((element) => element === element.ownerDocument.activeElement))
    .toBe(true);
  // Tab goes on to the next field: the close button (first in the markup) comes after them.
  await page.keyboard.press('Tab');
  expect(
    await dialog.evaluate((element) => {
      const focused = element.ownerDocument.activeElement;
      return focused !== null && element.contains(focused) && focused.closest('form') !== null;
    }),
  ).toBe(true);
  await field.focus();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  // The focus goes back to what opened it, not to the page (where a keyboard user is lost).
  await expect
    .poll(() =>
      page.locator('body').evaluate((body) => {
        const focused = body.ownerDocument.activeElement;
        return focused !== null && focused !== body;
      }),
    )
    .toBe(true);

  await open();
  await field.fill('Trabalho digitado');
  await backdropClick(page);
  await answerDiscard(page, 'Continuar editando');
  expect(await field.inputValue()).toBe('Trabalho digitado');
  await field.press('Escape');
  await answerDiscard(page, 'Continuar editando');
  expect(await field.inputValue()).toBe('Trabalho digitado');
  // Back in the field typed in, not on an invisible element of the dialog.
  await expect
    .poll(() => field.evaluate((element) => element === element.ownerDocument.activeElement))
    .toBe(true);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await answerDiscard(page, 'Descartar');
  await dialog.waitFor({ state: 'detached' });
}

describe('lists, dialogs and dates in an en-US browser', () => {
  const app = setUpApp({ lang: LOCALE });
  const options = { locale: LOCALE };
  let admin: Credential;
  let expectedPatientId: string;

  beforeAll(async () => {
    const page = await app.browser.newPage();
    try {
      [admin] = (await initializeThroughUi(page, app.baseUrl)) as [Credential];
    } finally {
      await page.close();
    }
  });

  it('seeds the patients', async () => {
    const page = await openSignedInPage(app, admin, options);
    for (const [index, { name, admissionDate }] of ordered.entries()) {
      const created = await callApi(
        page,
        'POST',
        '/api/patients',
        patientForm(name, cpfFrom(index + 1), admissionDate, null),
      );
      expect(created.status).toBe(201);
    }
    const created = await callApi(
      page,
      'POST',
      '/api/patients',
      patientForm('Lúcia Prevista Ramos', cpfFrom(99), '2026-01-30', '2026-02-03'),
    );
    expect(created.status).toBe(201);
    expectedPatientId = (created.json as { id: string }).id;
  }, 120_000);

  it('sorts the list from its headers, pages it with numbers and a size, and keeps all of it in the address', async () => {
    const page = await openSignedInPage(app, admin, options);
    await page.goto(`${app.baseUrl}/patients?q=Ordem`);
    await expect.poll(() => listedNames(page)).toEqual(ordered.slice(0, 20).map(({ name }) => name));
    const nameHeader = page.getByRole('columnheader', { name: 'Paciente' });
    expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');

    // Admission: newest first, then, clicked again, oldest first.
    await page.getByRole('button', { name: 'Data da Internação' }).click();
    await page.waitForURL(/sort=admissionDate/);
    await expect.poll(async () => (await listedNames(page))[0]).toBe('Paciente Ordem 25');
    const admissionHeader = page.getByRole('columnheader', { name: 'Data da Internação' });
    expect(await admissionHeader.getAttribute('aria-sort')).toBe('descending');
    expect(await nameHeader.getAttribute('aria-sort')).toBeNull();
    await page.getByRole('button', { name: 'Data da Internação' }).click();
    await page.waitForURL(/direction=asc/);
    await expect.poll(async () => (await listedNames(page))[0]).toBe('Paciente Ordem 01');
    expect(await admissionHeader.getAttribute('aria-sort')).toBe('ascending');

    // The whole header cell orders the list, not only its words: a click at its right edge.
    const progressHeader = page.getByRole('columnheader', { name: 'Progresso' });
    const box = (await progressHeader.boundingBox())!;
    await page.mouse.click(box.x + box.width - 4, box.y + box.height / 2);
    await page.waitForURL(/sort=progress/);
    await expect.poll(() => progressHeader.getAttribute('aria-sort')).not.toBeNull();

    // Name, Z→A.
    await page.getByRole('button', { name: 'Paciente', exact: true }).click();
    await page.getByRole('button', { name: 'Paciente', exact: true }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('direction') === 'desc' && !url.searchParams.has('sort'),
    );
    await expect.poll(async () => (await listedNames(page))[0]).toBe('Paciente Ordem 25');

    // Ten a page: three pages, numbered; the third holds the last five.
    const pager = page.getByRole('navigation', { name: 'Páginas da lista de pacientes' });
    await pager.getByLabel('Pacientes por página').selectOption('10');
    await page.waitForURL(/pageSize=10/);
    await pager.getByRole('button', { name: 'Ir para a página 3' }).click();
    await page.waitForURL(/page=3/);
    await expect
      .poll(() => listedNames(page))
      .toEqual(
        ordered
          .slice(0, 5)
          .map(({ name }) => name)
          .reverse(),
      );
    expect(await pager.getByRole('button', { name: 'Ir para a página 3' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await pager.getByText('Página 3 de 3').waitFor();
    await screenshot(page, 'patient-list-sorted-paged');

    // A reload, or the link sent to a colleague, shows the same list.
    const address = new URL(page.url());
    expect(Object.fromEntries(address.searchParams)).toEqual({
      q: 'Ordem',
      direction: 'desc',
      page: '3',
      pageSize: '10',
    });
    await page.reload();
    await expect
      .poll(() => listedNames(page))
      .toEqual(
        ordered
          .slice(0, 5)
          .map(({ name }) => name)
          .reverse(),
      );
    expect(await page.getByRole('searchbox', { name: 'Buscar pacientes' }).inputValue()).toBe('Ordem');
    expect(await pager.getByLabel('Pacientes por página').inputValue()).toBe('10');

    // Progress orders too (most advanced first), back on the first page.
    await page.getByRole('button', { name: 'Progresso' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('sort') === 'progress' && !url.searchParams.has('page'),
    );
    // The address changes first, the header with the list that follows it.
    await expect
      .poll(() => page.getByRole('columnheader', { name: 'Progresso' }).getAttribute('aria-sort'))
      .toBe('descending');
  });

  it('groups counts the pt-BR way and says the pending procedures include the overdue ones', async () => {
    // The real figures of this suite's patients: 25 registrations assign thousands of procedures.
    const page = await openSignedInPage(app, admin, options);
    const statistics = (await callApi(page, 'GET', '/api/statistics')).json as {
      totalPatients: number;
      completedProcedures: number;
      pendingProcedures: number;
    };
    expect(statistics.pendingProcedures).toBeGreaterThanOrEqual(1_000);
    const grouped = (count: number) => new Intl.NumberFormat('pt-BR').format(count);
    expect(grouped(statistics.pendingProcedures)).toMatch(/^\d{1,3}(\.\d{3})+$/);

    await page.goto(`${app.baseUrl}/`);
    await page
      .getByRole('group', { name: 'Total de Pacientes' })
      .getByText(grouped(statistics.totalPatients), { exact: true })
      .waitFor();
    const pending = page.getByRole('group', { name: 'Procedimentos Pendentes' });
    await pending.getByText(grouped(statistics.pendingProcedures), { exact: true }).waitFor();
    await pending.getByText('Inclui os em atraso', { exact: true }).waitFor();
    await screenshot(page, 'dashboard-grouped-counts');
  });

  it('asks before a stray click or Escape throws away typed work, in every form dialog', async () => {
    const page = await openSignedInPage(app, admin, options);

    await page.goto(`${app.baseUrl}/access-keys`);
    const keyDialog = page.getByRole('dialog', { name: 'Nova Chave' });
    await expectDialogKeepsWork(
      page,
      () => page.getByRole('button', { name: 'Nova Chave' }).click(),
      keyDialog,
      keyDialog.getByLabel('Descrição'),
    );

    await page.goto(`${app.baseUrl}/users`);
    const userDialog = page.getByRole('dialog', { name: 'Adicionar Usuário' });
    await expectDialogKeepsWork(
      page,
      () => page.getByRole('button', { name: 'Adicionar Usuário' }).click(),
      userDialog,
      userDialog.getByLabel('Nome', { exact: true }),
    );

    await page.goto(`${app.baseUrl}/patients/${expectedPatientId}`);
    const addDialog = page.getByRole('dialog', { name: 'Adicionar Novo Procedimento' });
    const labs = page.getByRole('region', { name: 'Exames laboratoriais', exact: true });
    await expectDialogKeepsWork(
      page,
      () => labs.getByRole('button', { name: /^Adicionar procedimento em/ }).click(),
      addDialog,
      addDialog.getByLabel('Nome do procedimento'),
    );
  });

  it('shows an email already registered under the field, with the focus on it, and Escape still asks', async () => {
    // The browser logs the refusal (409) as a console error.
    const page = await openSignedInPage(app, admin, { ...options, allowConsoleErrors: [/status of 409/] });
    await page.goto(`${app.baseUrl}/users`);
    await page.getByRole('button', { name: 'Adicionar Usuário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Usuário' });
    await dialog.getByLabel('Nome', { exact: true }).fill('Outra');
    await dialog.getByLabel('Sobrenome').fill('Pessoa');
    await dialog.getByLabel('Email').fill(admin.email);
    await dialog.getByRole('button', { name: 'Adicionar Usuário' }).click();
    await dialog.getByText('Já existe um usuário cadastrado com este email').waitFor();
    // The fields were disabled while sending: the focus is back on the email, not on the page.
    await expect
      .poll(() => dialog.evaluate((element) => element.ownerDocument.activeElement?.id))
      .toBe('user-email');
    await page.keyboard.press('Escape');
    await answerDiscard(page, 'Descartar');
    await dialog.waitFor({ state: 'detached' });
  });

  it('refuses a key that would expire in the past at its date, with the focus on it, creating nothing', async () => {
    const page = await openSignedInPage(app, admin, options);
    await page.goto(`${app.baseUrl}/access-keys`);
    await page.getByRole('button', { name: 'Nova Chave' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Descrição').fill('Chave vencida');
    // Today at midnight, São Paulo's (the expiry reads its clock): already gone.
    const today = clinicToday(new Date()).split('-').reverse().join('');
    await dialog.getByLabel('Data de expiração (opcional)').pressSequentially(today);
    await dialog.getByLabel('Hora de expiração').fill('00:00');
    await dialog.getByRole('button', { name: 'Criar Chave' }).click();
    await dialog.getByText('A data de expiração deve ser no futuro', { exact: true }).first().waitFor();
    await expect
      .poll(() => dialog.evaluate((element) => element.ownerDocument.activeElement?.id))
      .toBe('access-key-expires-at');
    expect(await page.getByRole('article', { name: 'Chave vencida' }).count()).toBe(0);
  });

  it("shows a completed procedure's expected date from the current surgery date, as the pending ones", async () => {
    const page = await openSignedInPage(app, admin, options);
    await page.goto(`${app.baseUrl}/patients/${expectedPatientId}`);
    const firstMonth = page.getByRole('region', { name: '1º mês', exact: true });
    const toggle = firstMonth.getByRole('button', { name: '1º mês', exact: true });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    // Surgery 03/02/2026: the first month falls on 05/03/2026. One of its procedures is done.
    const rows = firstMonth.locator('.procedure-row');
    await rows.first().getByText('Previsto: 05/03/2026').waitFor();
    // Blueprint draws its own box over the native input: click the label, as a user does.
    await rows.first().getByRole('checkbox').locator('..').click();
    // Months after its plan: the tick asks the day, today proposed, the planned day said.
    const tickDay = page.getByRole('dialog', { name: 'Marcar como concluído' });
    await tickDay
      .getByText('Estava previsto para 05/03/2026: informe o dia em que foi realizado (hoje, se foi hoje).')
      .waitFor();
    expect(await tickDay.getByLabel('Data de realização').inputValue()).toBe(
      clinicToday(new Date()).split('-').reverse().join('/'),
    );
    await tickDay.getByRole('button', { name: 'Marcar como concluído' }).click();
    const updated = page.locator('.app-toaster').getByText('Procedimento atualizado');
    await updated.waitFor();
    // In the window's corner wherever the page is scrolled (it scrolled away with the page).
    const scrolled = await page.evaluate(() => {
      const window = globalThis as unknown as {
        innerHeight: number;
        scrollY: number;
        scrollTo(x: number, y: number): void;
        document: { documentElement: { scrollHeight: number } };
      };
      window.scrollTo(0, window.document.documentElement.scrollHeight);
      return { by: window.scrollY, height: window.innerHeight };
    });
    expect(scrolled.by).toBeGreaterThan(100);
    const box = await updated.boundingBox();
    expect(box?.y).toBeGreaterThan(scrolled.height / 2);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(scrolled.height);

    // The surgery moves to 03/03/2026: every row of the month, the completed one too, reads 02/04/2026.
    const { version } = (await callApi(page, 'GET', `/api/patients/${expectedPatientId}`)).json as {
      version: number;
    };
    const moved = await callApi(page, 'PATCH', `/api/patients/${expectedPatientId}`, {
      surgeryDate: '2026-03-03',
      version,
    });
    expect(moved.status).toBe(200);
    await page.reload();
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await rows.first().getByText('Previsto: 02/04/2026').waitFor();
    expect(await rows.first().getByRole('checkbox').isChecked()).toBe(true);
    const expected = await firstMonth.getByText(/^Previsto: /).allTextContents();
    expect(expected.length).toBe(await rows.count());
    expect(new Set(expected)).toEqual(new Set(['Previsto: 02/04/2026']));
    await screenshot(page, 'patient-expected-dates-after-surgery-moved');

    // The surgery moves ahead of today: a post-operative procedure cannot be ticked until then.
    const { version: later } = (await callApi(page, 'GET', `/api/patients/${expectedPatientId}`)).json as {
      version: number;
    };
    const ahead = addDaysToDate(clinicToday(new Date()), 20);
    expect(
      (
        await callApi(page, 'PATCH', `/api/patients/${expectedPatientId}`, {
          surgeryDate: ahead,
          version: later,
        })
      ).status,
    ).toBe(200);
    await page.reload();
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    const pending = rows.nth(1);
    expect(await pending.getByRole('checkbox').isDisabled()).toBe(true);
    const [year, month, day] = ahead.split('-');
    await pending.getByText(`Pode ser marcado após a cirurgia (${day}/${month}/${year})`).waitFor();
    // The one completed before stays as it was, untickable as ever.
    expect(await rows.first().getByRole('checkbox').isDisabled()).toBe(false);
  });
});
