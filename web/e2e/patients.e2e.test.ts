import { addDaysToDate, clinicToday } from '@bari/contracts';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Cookie, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage } from './support/browser.ts';
import { hasFocus, pressEscapeInDialog } from './support/focus.ts';
import { signIn } from './support/identity.ts';
import { screenshot } from './support/screenshot.ts';
import { setUpApp } from './support/suite.ts';

/** The patient the journey registers (CPF and CNS pass their check digits; protocol-catalog.md). */
const patient = {
  name: 'Maria Aparecida dos Santos',
  cpf: '39053344705',
  cns: '162709345180001',
  admissionDate: '2026-01-30',
  surgeryDate: '2026-02-03',
  surgeryLocation: 'Hospital Municipal de Campinas',
  surgeonName: 'Dr. Paulo Henrique Lima',
};
/** 1º mês = surgery + 30 days (§9), before and after the surgery date moves to 2026-03-03. */
const firstMonthBefore = 'Previsto: 05/03/2026';
const firstMonthAfter = 'Previsto: 02/04/2026';

/**
 * Signs in as the identity feature does it for real: `POST /api/initialize` creates the
 * default accounts and answers their keys once; the first (the administrator) signs in
 * through /login. Returns the session cookies for the other tests' pages.
 */
async function signInAsAdministrator(browser: Browser, baseUrl: string): Promise<Cookie[]> {
  const response = await fetch(`${baseUrl}/api/initialize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
  });
  if (response.status !== 201) throw new Error(`initialize: ${response.status} ${await response.text()}`);
  const { credentials } = (await response.json()) as { credentials: { email: string; accessKey: string }[] };
  const account = credentials[0];
  if (!account) throw new Error('initialize created no account');

  const context: BrowserContext = await browser.newContext({ locale: 'pt-BR' });
  try {
    const page = await context.newPage();
    await signIn(page, baseUrl, account);
    await page.waitForURL(`${baseUrl}/`);
    return await context.cookies();
  } finally {
    await context.close();
  }
}

/** A toast (§8) with this description; the app shows one at a time. */
function toast(page: Page, text: string): Locator {
  return page.locator('.app-toaster').getByText(text, { exact: true });
}

/** A timeline category (a region named by its label), opened if it is folded. */
/**
 * In a patient form whose municipality is Campinas: another name typed over it, naming two
 * municipalities (Sertãozinho, PB and SP), and left with Tab is kept as typed, unchosen, never
 * Campinas silently back; then Campinas picked again by its name and state.
 */
async function expectTypedOverMunicipalityKept(dialog: Locator): Promise<void> {
  const municipality = dialog.getByLabel('Município');
  await municipality.click();
  await municipality.fill('Sertãozinho');
  await municipality.press('Tab');
  await dialog.getByText('Selecione o município na lista', { exact: true }).waitFor();
  expect(await municipality.inputValue()).toBe('Sertãozinho');
  await municipality.click();
  await municipality.fill('campinas, sp');
  await municipality.press('Tab');
  await expect.poll(() => municipality.inputValue()).toBe('Campinas (SP)');
}

async function openCategory(page: Page, label: string): Promise<Locator> {
  const region = page.getByRole('region', { name: label, exact: true });
  const toggle = region.getByRole('button', { name: label, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  return region;
}

/**
 * Types a date into the app's date field key by key, as a user does: the digits of dd/mm/aaaa
 * over what the field held (its slashes come by themselves), whatever the browser's language.
 */
async function typeDate(page: Page, input: Locator, isoDate: string): Promise<void> {
  await input.click();
  await page.keyboard.press('ControlOrMeta+A');
  const [year, month, day] = isoDate.split('-');
  await page.keyboard.type(`${day}${month}${year}`);
}

/** The stored completion date of the patient's pre-operative lab exam of this name, read from the API. */
async function savedCompletedDate(page: Page, labName: string): Promise<string | null | undefined> {
  const patientId = new URL(page.url()).pathname.split('/').pop() ?? '';
  const response = await page.request.get(new URL(`/api/patients/${patientId}`, page.url()).href);
  const detail = (await response.json()) as {
    procedures: { procedureType: { name: string; category: string }; completedDate: string | null }[];
  };
  return detail.procedures.find(
    ({ procedureType }) => procedureType.category === 'pre_op_lab' && procedureType.name === labName,
  )?.completedDate;
}

describe('patients: registration, follow-up and removal', () => {
  const app = setUpApp();
  let cookies: Cookie[];
  let patientUrl: string;

  beforeAll(async () => {
    cookies = await signInAsAdministrator(app.browser, app.baseUrl);
  });

  /** A signed-in page at `path`; `expectedStatuses` are answers the browser will log as errors. */
  async function signedInPage(
    path: string,
    {
      expectedStatuses = [],
      beforeLoad,
    }: { expectedStatuses?: number[]; beforeLoad?: (page: Page) => Promise<unknown> } = {},
  ): Promise<Page> {
    const page = await openPage(app.browser, {
      allowConsoleErrors: expectedStatuses.map((status) => new RegExp(`status of ${status}`)),
    });
    await page.context().addCookies(cookies);
    await beforeLoad?.(page);
    await page.goto(`${app.baseUrl}${path}`);
    return page;
  }

  it("shows placeholders while loading: '...' in the dashboard's cards, 5 skeleton rows in the list", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const page = await signedInPage('/', {
      beforeLoad: (page) =>
        page.route(/\/api\/(statistics|patients)(\?|$)/, async (route) => {
          await held;
          await route.continue();
        }),
    });

    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    for (const card of [
      'Total de Pacientes',
      'Procedimentos Concluídos',
      'Procedimentos Pendentes',
      'Procedimentos em Atraso',
    ]) {
      await page.getByRole('group', { name: card }).getByText('...', { exact: true }).waitFor();
    }
    await page.getByRole('navigation').getByRole('link', { name: 'Pacientes' }).click();
    await expect.poll(() => page.locator('.patient-table__skeleton-row').count()).toBe(5);
    await screenshot(page, 'patients-loading', { fullPage: false });

    release();
    await page.getByText('Nenhum paciente cadastrado ainda', { exact: true }).waitFor();
    expect(await page.locator('.patient-table__skeleton-row').count()).toBe(0);
  });

  // The longest journey of the suite (two registrations, searches, the dashboard): allow for a loaded machine.
  it('registers a patient: an invalid CPF is refused, a valid one shows in the list and on the dashboard', async () => {
    const page = await signedInPage('/patients', { expectedStatuses: [409] });
    await page.getByText('Nenhum paciente cadastrado ainda', { exact: true }).waitFor();
    await screenshot(page, 'patients-empty', { fullPage: false });

    await page.getByRole('button', { name: 'Novo Paciente' }).click();
    await page.waitForURL(/\/patients\/new$/);
    const dialog = page.getByRole('dialog', { name: 'Novo Paciente' });
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    for (const message of [
      'Nome é obrigatório',
      'CPF é obrigatório',
      'Município é obrigatório',
      'Data da internação é obrigatória',
      'Local da cirurgia é obrigatório',
      'Nome do cirurgião é obrigatório',
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }

    await dialog.getByLabel('Nome', { exact: true }).fill(patient.name);
    const cpf = dialog.getByLabel('CPF', { exact: true });
    await cpf.pressSequentially('390533447060');
    expect(await cpf.inputValue()).toBe('390.533.447-06');
    await dialog.getByLabel('CNS').fill(patient.cns);
    await dialog.getByLabel('Município').fill('campinas, sp');
    await page.getByRole('option', { name: /^Campinas\s*SP$/ }).click();
    // A year typed wrong (two years ahead, within the form's range): said as it is typed.
    await dialog.getByLabel('Data da Internação').fill(addDaysToDate(clinicToday(new Date()), 700));
    await dialog.getByText(/^A internação é em \d{2}\/\d{2}\/\d{4}, daqui a 2[23] meses\./).waitFor();
    await dialog.getByLabel('Data da Internação').fill(patient.admissionDate);
    await expect.poll(() => dialog.getByText(/daqui a \d+ meses/).count()).toBe(0);
    await dialog.getByLabel('Data da Cirurgia').fill(patient.surgeryDate);
    await dialog.getByLabel('Local da Cirurgia').fill(patient.surgeryLocation);
    await dialog.getByLabel('Nome do Cirurgião').fill(patient.surgeonName);
    const aih = dialog.getByLabel('Número AIH');
    await aih.fill('3525100001237');
    await dialog.getByText('O dígito verificador do número AIH não confere. Confira o número.').waitFor();
    await aih.fill('3525100001236');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await dialog.getByText('CPF inválido', { exact: true }).waitFor();
    await screenshot(page, 'patient-form-invalid-cpf', { fullPage: false });

    await cpf.fill('390.533.447-05');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await toast(page, 'Paciente cadastrado com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(/\/patients$/);

    const row = page.getByRole('row').filter({ hasText: patient.name });
    await row.waitFor();
    for (const text of [patient.cns, 'Campinas', '30/01/2026', '0%', 'Pós-operatório']) {
      await row.getByText(text, { exact: true }).waitFor();
    }
    await screenshot(page, 'patients-list');

    // A second patient with the same CPF. The municipality: text left with Tab is kept, with a
    // hint, when it means no single municipality, and picked when it does.
    await page.getByRole('button', { name: 'Novo Paciente' }).click();
    const second = page.getByRole('dialog', { name: 'Novo Paciente' });
    const municipality = second.getByLabel('Município');
    await municipality.fill('São');
    await municipality.press('Tab');
    await second.getByText('Selecione o município na lista', { exact: true }).waitFor();
    expect(await municipality.inputValue()).toBe('São');
    await municipality.fill('campinas, sp');
    await municipality.press('Tab');
    await expect.poll(() => municipality.inputValue()).toBe('Campinas (SP)');
    expect(await second.getByText('Selecione o município na lista').count()).toBe(0);
    await expectTypedOverMunicipalityKept(second);
    await second.getByLabel('Nome', { exact: true }).fill('Outra Paciente');
    await second.getByLabel('CPF', { exact: true }).fill('390.533.447-05');
    // Said while typing, naming whose it is, as for the CNS.
    await second
      .getByText(
        `Este CPF já está no cadastro de ${patient.name}: o cadastro será recusado. Confira o número.`,
      )
      .waitFor();
    await second.getByLabel('Data da Internação').fill('2026-02-10');
    await second.getByLabel('Local da Cirurgia').fill(patient.surgeryLocation);
    await second.getByLabel('Nome do Cirurgião').fill(patient.surgeonName);
    await second.getByRole('button', { name: 'Cadastrar' }).click();
    await toast(page, 'Já existe um paciente com este CPF').waitFor();
    await second.getByText('Já existe um paciente com este CPF', { exact: true }).waitFor();
    // The nurse saved from the bottom of the form: the refused field takes the focus.
    const secondCpf = second.getByLabel('CPF', { exact: true });
    const secondCns = second.getByLabel('CNS');
    const focused = (field: typeof secondCpf) => expect.poll(() => hasFocus(field)).toBe(true);
    await focused(secondCpf);
    // Another CPF, but the first patient's card number: the CNS names one person too.
    await second.getByLabel('CPF', { exact: true }).fill('714.602.858-59');
    await second.getByLabel('CNS').fill(patient.cns);
    await second.getByRole('button', { name: 'Cadastrar' }).click();
    await toast(page, 'Já existe um paciente com este CNS').waitFor();
    await second.getByText('Já existe um paciente com este CNS', { exact: true }).waitFor();
    expect(await second.getByText('Já existe um paciente com este CPF', { exact: true }).count()).toBe(0);
    await focused(secondCns);
    await screenshot(page, 'patient-form-duplicate-cns', { fullPage: false });
    // Both held: both are named at once, not the CNS only after the CPF is corrected.
    await second.getByLabel('CPF', { exact: true }).fill('390.533.447-05');
    await second.getByRole('button', { name: 'Cadastrar' }).click();
    await toast(page, 'Já existe um paciente com este CPF. Já existe um paciente com este CNS.').waitFor();
    await second.getByText('Já existe um paciente com este CPF', { exact: true }).waitFor();
    await second.getByText('Já existe um paciente com este CNS', { exact: true }).waitFor();
    await focused(secondCpf);
    // Typed work is not thrown away without asking.
    await second.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('alertdialog').getByText('Descartar alterações?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Descartar' }).click();
    await second.waitFor({ state: 'detached' });

    // The status filter and the search go to the server.
    const status = page.getByLabel('Filtrar por situação');
    await status.selectOption('pre_op');
    await page.getByText('Nenhum paciente encontrado com os critérios de busca').waitFor();
    await status.selectOption('post_op');
    await row.waitFor();
    await status.selectOption('all');
    await page.getByLabel('Buscar pacientes').fill('Sorocaba');
    await page.getByText('Nenhum paciente encontrado com os critérios de busca').waitFor();
    await page.getByLabel('Buscar pacientes').fill('CAMPÍNAS');
    await row.waitFor();
    await page.getByLabel('Buscar pacientes').fill('45180');
    await row.waitFor();
    await page.waitForURL(/\?q=45180$/);

    // The sidebar's 'Pacientes' clears the search: the box follows the address and stays empty.
    await page.getByRole('navigation').getByRole('link', { name: 'Pacientes' }).click();
    await page.waitForURL(/\/patients$/);
    await expect.poll(() => page.getByLabel('Buscar pacientes').inputValue()).toBe('');
    await page.waitForTimeout(500);
    expect(new URL(page.url()).search).toBe('');

    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const total = page.getByRole('group', { name: 'Total de Pacientes' });
    await total.getByText('1', { exact: true }).waitFor();
    await page.getByRole('link', { name: patient.name }).waitFor();
    await screenshot(page, 'dashboard');
    // Each counter leads to the patient list.
    await page.getByRole('link', { name: 'Total de Pacientes' }).click();
    await page.waitForURL(/\/patients$/);
  }, 120_000);

  // Long too: a lab ticked and dated twice, all labs marked, procedures added and registered.
  it('opens the patient, completes a lab exam, marks all labs, adds and registers procedures', async () => {
    // The browser logs the refused addition of a procedure the patient has (409).
    const page = await signedInPage('/patients?q=Maria', { expectedStatuses: [409] });
    await page.getByRole('link', { name: patient.name }).click();
    await page.getByRole('heading', { name: patient.name }).waitFor();
    // 'Voltar' returns to the list as it was left, search included.
    await page.getByRole('button', { name: 'Voltar', exact: true }).click();
    await page.waitForURL(/\/patients\?q=Maria$/);
    expect(await page.getByLabel('Buscar pacientes').inputValue()).toBe('Maria');
    await page.getByRole('link', { name: patient.name }).click();
    await page.getByRole('heading', { name: patient.name }).waitFor();
    patientUrl = new URL(page.url()).pathname;
    for (const text of ['Internação: 30/01/2026', patient.cns, patient.surgeryLocation, '390.533.447-05']) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    const progress = page.getByText(/^\d+ de \d+ procedimentos$/);
    expect(await progress.textContent()).toMatch(/^0 de \d+ procedimentos$/);

    // Tick one lab exam. The patient was operated on 03/02/2026: a pre-operative exam was done
    // by then, so the tick asks the day instead of recording today (which the server refuses).
    const labs = await openCategory(page, 'Exames laboratoriais');
    const hemograma = labs.getByRole('checkbox', { name: 'Hemograma completo' });
    const hemogramaDate = labs.getByLabel('Data de realização de Hemograma completo');
    expect(await hemogramaDate.isDisabled()).toBe(true);
    // Blueprint draws its own box over the native input: click the label, as a user does.
    await hemograma.locator('..').click();
    const tickDay = page.getByRole('dialog', { name: 'Marcar como concluído' });
    await tickDay.getByText('Procedimento: Hemograma completo').waitFor();
    // The day is what is asked: the cursor waits in its field.
    await expect.poll(() => hasFocus(tickDay.getByLabel('Data de realização'))).toBe(true);
    await tickDay
      .getByText('A cirurgia foi em 03/02/2026: informe o dia em que foi realizado, até essa data.')
      .waitFor();
    expect(await tickDay.getByLabel('Data de realização').inputValue()).toBe('');
    expect(await tickDay.getByRole('button', { name: 'Marcar como concluído' }).isDisabled()).toBe(true);
    // A day after the surgery is not taken, and the dialog says why.
    await tickDay.getByLabel('Data de realização').fill('2026-02-04');
    expect(await tickDay.getByRole('button', { name: 'Marcar como concluído' }).isDisabled()).toBe(true);
    await tickDay
      .getByText(
        'Um procedimento pré-operatório não pode ter sido realizado depois da cirurgia (03/02/2026).',
      )
      .waitFor();
    await tickDay.getByLabel('Data de realização').fill('2026-01-10');
    await tickDay.getByRole('button', { name: 'Marcar como concluído' }).click();
    await toast(page, 'Hemograma completo').waitFor();
    await tickDay.waitFor({ state: 'detached' });
    await expect.poll(() => hemogramaDate.isEnabled()).toBe(true);
    await labs.getByLabel('1 de 23 concluídos').waitFor();
    expect(await hemogramaDate.getAttribute('placeholder')).toBe('dd/mm/aaaa');

    // A date typed key by key: nothing is saved while typing (nor by the arrow keys), the field
    // keeps the focus, and leaving it saves the whole date once.
    const dateSaves: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/api/procedures/')) {
        dateSaves.push(request.postDataJSON());
      }
    });
    await typeDate(page, hemogramaDate, '2026-01-15');
    expect(await hasFocus(hemogramaDate)).toBe(true);
    expect(await hemogramaDate.inputValue()).toBe('15/01/2026');
    expect(dateSaves).toEqual([]);
    await hemogramaDate.blur();
    // Each save says how the page showed the procedure: ticked today, a moment ago.
    await expect
      .poll(() => dateSaves)
      .toEqual([
        {
          status: 'completed',
          completedDate: '2026-01-15',
          expected: { status: 'completed', completedDate: '2026-01-10' },
        },
      ]);
    await expect.poll(() => savedCompletedDate(page, 'Hemograma completo')).toBe('2026-01-15');

    // Enter saves too, and leaving the field afterwards does not save again.
    await typeDate(page, hemogramaDate, '2026-01-20');
    await page.keyboard.press('Enter');
    await expect.poll(() => savedCompletedDate(page, 'Hemograma completo')).toBe('2026-01-20');
    await hemogramaDate.blur();
    expect(await hemogramaDate.inputValue()).toBe('20/01/2026');
    expect(dateSaves).toHaveLength(2);

    // A whole date that is no day, or one in the future: the field turns red, Enter says why and
    // keeps it for correcting, leaving it says why and puts the stored date back; nothing is sent.
    await typeDate(page, hemogramaDate, '2026-13-32');
    await expect
      .poll(() => hemogramaDate.evaluate((input) => input.closest('.bp6-intent-danger') !== null))
      .toBe(true);
    await page.keyboard.press('Enter');
    await toast(page, 'Data inválida').waitFor();
    expect(await hemogramaDate.inputValue()).toBe('32/13/2026');
    await hemogramaDate.blur();
    expect(await hemogramaDate.inputValue()).toBe('20/01/2026');
    await typeDate(page, hemogramaDate, '2099-12-31');
    await page.keyboard.press('Enter');
    await toast(page, 'A data de realização não pode ser futura.').waitFor();
    await hemogramaDate.blur();
    expect(await hemogramaDate.inputValue()).toBe('20/01/2026');
    await typeDate(page, hemogramaDate, '2026-02-04');
    await page.keyboard.press('Enter');
    await toast(
      page,
      'Um procedimento pré-operatório não pode ter sido realizado depois da cirurgia (03/02/2026).',
    ).waitFor();
    await hemogramaDate.blur();
    expect(await hemogramaDate.inputValue()).toBe('20/01/2026');
    expect(dateSaves).toHaveLength(2);

    // Mark all the other lab exams.
    await labs.getByRole('button', { name: 'Marcar todos como concluídos' }).click();
    const markAll = page.getByRole('dialog', { name: 'Marcar exames como concluídos' });
    await markAll.getByText('22 exames laboratoriais pendentes serão marcados como concluídos.').waitFor();
    // The patient was operated on 03/02/2026: today would be a wrong date for these exams.
    await markAll
      .getByText(
        'A cirurgia foi em 03/02/2026: informe o dia em que os exames foram realizados, até essa data.',
      )
      .waitFor();
    expect(await markAll.getByLabel('Data de realização').inputValue()).toBe('');
    await screenshot(page, 'mark-all-labs-operated', { fullPage: false });
    expect(await markAll.getByRole('button', { name: 'Marcar como concluídos' }).isDisabled()).toBe(true);
    await markAll.getByLabel('Data de realização').fill('2026-01-22');
    await markAll.getByRole('button', { name: 'Marcar como concluídos' }).click();
    await toast(page, '22 exames laboratoriais marcados como concluídos.').waitFor();
    await markAll.waitFor({ state: 'detached' });
    await expect.poll(() => savedCompletedDate(page, 'Coagulograma')).toBe('2026-01-22');
    await labs.getByLabel('23 de 23 concluídos').waitFor();
    expect(await labs.getByRole('checkbox', { checked: false }).count()).toBe(0);

    // The history reads 'Marcar todos' as one act of the nurse: one entry, its 22 exams folded.
    await page.getByRole('button', { name: 'Mostrar histórico' }).click();
    const markedAll = page.locator('.patient-history__entry').first();
    await markedAll.getByText('Registrar Procedimento (22)', { exact: true }).waitFor();
    await markedAll.getByText('22 procedimentos alterados', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Ocultar histórico' }).click();

    // Add a procedure of a new type to the exams: it comes optional and pending. The category
    // is folded first: it opens to show what was added.
    const exams = await openCategory(page, 'Exames');
    const examsToggle = exams.getByRole('button', { name: 'Exames', exact: true });
    await examsToggle.click();
    expect(await examsToggle.getAttribute('aria-expanded')).toBe('false');
    await exams.getByRole('button', { name: 'Adicionar procedimento em Exames' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Adicionar Novo Procedimento' });
    const add = addDialog.getByRole('button', { name: 'Adicionar' });
    expect(await add.isDisabled()).toBe(true);
    await addDialog.getByLabel('Nome do procedimento').fill('   ');
    expect(await add.isDisabled()).toBe(true);
    await addDialog.getByLabel('Nome do procedimento').fill('  Cintilografia miocárdica  ');
    await add.click();
    await toast(page, 'Cintilografia miocárdica').waitFor();
    await addDialog.waitFor({ state: 'detached' });
    const added = exams.getByRole('listitem').filter({ hasText: 'Cintilografia miocárdica' });
    await added.getByText('Opcional', { exact: true }).waitFor();
    await added.getByText('Pendente', { exact: true }).waitFor();
    // The same again, typed otherwise: refused under the name, which keeps the focus.
    await exams.getByRole('button', { name: 'Adicionar procedimento em Exames' }).click();
    const name = addDialog.getByLabel('Nome do procedimento');
    await name.fill('cintilografia MIOCÁRDICA');
    await add.click();
    await addDialog
      .getByText('Este procedimento já faz parte do acompanhamento do paciente', { exact: true })
      .waitFor();
    await expect.poll(() => hasFocus(name)).toBe(true);
    // Said once, under the name: not in a toast as well.
    await page.waitForTimeout(500);
    expect(
      await page.locator('.bp6-toast').filter({ hasText: 'já faz parte do acompanhamento' }).count(),
    ).toBe(0);
    await name.fill('Cintilografia');
    expect(
      await addDialog.getByText('Este procedimento já faz parte do acompanhamento do paciente').count(),
    ).toBe(0);
    await addDialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Descartar' }).click();
    await addDialog.waitFor({ state: 'detached' });

    // Register an optional exam through the form.
    const form = page.locator('.register-procedure-card');
    await form.getByRole('button', { name: 'Registrar Procedimento' }).click();
    await form.getByText('Tipo de procedimento é obrigatório').waitFor();
    const groups = await form
      .getByLabel('Tipo de Procedimento')
      .evaluate((select) => [...select.querySelectorAll('optgroup')].map((group) => group.label));
    expect(groups).toEqual([
      '— Procedimentos Pré-Operatórios Pendentes —',
      '— Procedimentos Pós-Operatórios Pendentes —',
      '— Procedimentos Pré-Operatórios Opcionais —',
      '— Procedimentos Pós-Operatórios Opcionais —',
    ]);
    await form.getByLabel('Tipo de Procedimento').selectOption({ label: 'Polissonografia (Opcional)' });
    // The patient was operated on 03/02/2026: today is not proposed for a pre-operative exam.
    const completedDate = form.getByLabel('Data de Realização');
    await expect.poll(() => completedDate.inputValue()).toBe('');
    await form.getByLabel('Local', { exact: true }).fill('Clínica do Sono');
    await form.getByLabel('Profissional Responsável').fill('Dra. Ana Souza');
    await form.getByLabel('Observações').fill('Apneia leve.');
    // A day after the surgery is said as it is typed, then refused under the date on saving,
    // which takes the focus; nothing is sent.
    const afterSurgery =
      'Um procedimento pré-operatório não pode ter sido realizado depois da cirurgia (03/02/2026).';
    await completedDate.fill('2026-02-10');
    await form.getByText(afterSurgery).waitFor();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/procedures')) sent.push(request.url());
    });
    await form.getByRole('button', { name: 'Registrar Procedimento' }).click();
    await expect.poll(() => hasFocus(completedDate)).toBe(true);
    expect(await form.locator('.bp6-intent-danger').getByText(afterSurgery).count()).toBe(1);
    expect(sent).toEqual([]);
    await completedDate.fill('2026-01-25');
    await expect.poll(() => form.getByText(afterSurgery).count()).toBe(0);
    // Its category folded: the timeline opens it once recorded, to show where it went.
    if ((await examsToggle.getAttribute('aria-expanded')) === 'true') await examsToggle.click();
    expect(await examsToggle.getAttribute('aria-expanded')).toBe('false');
    await form.getByRole('button', { name: 'Registrar Procedimento' }).click();
    await toast(page, 'Procedimento registrado com sucesso!').waitFor();
    await expect.poll(() => examsToggle.getAttribute('aria-expanded')).toBe('true');
    // The focus back on the form's first field, for the next one (it fell to the page).
    await expect.poll(() => hasFocus(form.getByLabel('Tipo de Procedimento'))).toBe(true);
    // Seen where the nurse is: the page is scrolled down to the form, the toast is in the window.
    expect(await form.evaluate((card) => card.ownerDocument.defaultView!.scrollY)).toBeGreaterThan(0);
    const shown = (await toast(page, 'Procedimento registrado com sucesso!').boundingBox())!;
    expect(shown.y).toBeGreaterThanOrEqual(0);
    expect(shown.y + shown.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    const polissonografia = exams.getByRole('listitem').filter({ hasText: 'Polissonografia' });
    await polissonografia.getByText('Concluído', { exact: true }).waitFor();
    await polissonografia.getByText('Clínica do Sono · Dra. Ana Souza').waitFor();
    // The notes typed in the form show on the row, folded until opened.
    await polissonografia.getByText('Observações', { exact: true }).click();
    await polissonografia.getByText('Apneia leve.', { exact: true }).waitFor();
    expect(await polissonografia.getByRole('checkbox').isChecked()).toBe(true);
    expect(await form.getByLabel('Local', { exact: true }).inputValue()).toBe('');
    // The history says what was recorded with it, not only that it was added.
    await page.getByRole('button', { name: 'Mostrar histórico' }).click();
    const recorded = page.locator('.patient-history__entry').filter({ hasText: 'Polissonografia' }).first();
    await recorded.getByText('Clínica do Sono', { exact: true }).waitFor();
    await recorded.getByText('Apneia leve.', { exact: true }).waitFor();
    const spacing = await recorded.evaluate(
      (entry) => entry.ownerDocument.defaultView!.getComputedStyle(entry).paddingTop,
    );
    expect(spacing).toBe('12px');

    // Reopened to correct it, then chosen in the form: what was recorded with it is offered again
    // (registering it anew erased the notes the nurse did not type again).
    await polissonografia.getByRole('checkbox').locator('..').click();
    await expect.poll(() => polissonografia.getByRole('checkbox').isChecked()).toBe(false);
    const type = form.getByLabel('Tipo de Procedimento');
    const reopened = await type.evaluate(
      (select) =>
        [...select.querySelectorAll('option')].find((option) => option.text.startsWith('Polissonografia'))!
          .value,
    );
    await type.selectOption(reopened);
    await expect.poll(() => form.getByLabel('Observações').inputValue()).toBe('Apneia leve.');
    expect(await form.getByLabel('Local', { exact: true }).inputValue()).toBe('Clínica do Sono');
    expect(await form.getByLabel('Profissional Responsável').inputValue()).toBe('Dra. Ana Souza');
    await form.getByLabel('Local', { exact: true }).fill('Clínica do Sono Norte');
    await completedDate.fill('2026-01-26');
    await form.getByRole('button', { name: 'Registrar Procedimento' }).click();
    await polissonografia.getByText('Clínica do Sono Norte · Dra. Ana Souza').waitFor();
    expect(await polissonografia.locator('.procedure-row__notes p').textContent()).toBe('Apneia leve.');

    await expect.poll(() => progress.textContent()).toMatch(/^24 de \d+ procedimentos$/);
    await screenshot(page, 'patient-detail');
  }, 120_000);

  it('edits the surgery date, which moves the post-operative dates, and refuses a stale version', async () => {
    const page = await signedInPage(patientUrl, { expectedStatuses: [409] });
    const firstMonth = await openCategory(page, '1º mês');
    await firstMonth.getByText(firstMonthBefore).first().waitFor();

    // Someone else changes the patient after this page read it: saving must not overwrite that.
    const current = (await (await page.request.get(`${app.baseUrl}/api${patientUrl}`)).json()) as {
      version: number;
    };
    const concurrent = await page.request.patch(`${app.baseUrl}/api${patientUrl}`, {
      data: { notes: 'Alterado em outra estação.', version: current.version },
      headers: { 'Content-Type': 'application/json', Origin: app.baseUrl },
    });
    expect(concurrent.status()).toBe(200);

    // The patient's own CPF is not looked up (each lookup is an audited search nobody typed).
    const lookups: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      const search = url.searchParams.get('search');
      if (url.pathname === '/api/patients' && search) lookups.push(search);
    });
    await page.getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Paciente' });
    expect(await dialog.getByLabel('CPF', { exact: true }).inputValue()).toBe('390.533.447-05');
    expect(await dialog.getByLabel('Município').inputValue()).toBe('Campinas (SP)');
    await expectTypedOverMunicipalityKept(dialog);
    // A surgery date before exams recorded done (the labs of 20 and 22/01) is said as it is typed.
    await dialog.getByLabel('Data da Cirurgia').fill('2026-01-12');
    await dialog
      .getByText(
        /^Com esta data, \d+ procedimentos já concluídos ficam do lado errado da cirurgia: .+\. Confira as datas\.$/,
      )
      .waitFor();
    await dialog.getByLabel('Data da Cirurgia').fill('2026-03-03');
    await expect.poll(() => dialog.getByText('do lado errado da cirurgia', { exact: false }).count()).toBe(0);
    expect(lookups).toEqual([]);
    await dialog.getByRole('button', { name: 'Salvar' }).click();

    // Refused (409), the form now stands on the patient as it is, the reason above it: the other
    // station's notes are shown, the new surgery date typed here is kept. Saving again goes
    // through with the current version, and the schedule follows the new date.
    await dialog
      .getByRole('status')
      .getByText(
        'Este paciente foi alterado por outra pessoa enquanto você editava. O formulário mostra agora o cadastro atual, com as suas alterações mantidas: confira e salve novamente.',
      )
      .waitFor();
    await firstMonth.getByText(firstMonthBefore).first().waitFor();
    await expect.poll(() => dialog.getByLabel('Observações').inputValue()).toBe('Alterado em outra estação.');
    expect(await dialog.getByLabel('Data da Cirurgia').inputValue()).toBe('03/03/2026');
    await screenshot(page, 'patient-form-edit', { fullPage: false });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Paciente atualizado com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await firstMonth.getByText(firstMonthAfter).first().waitFor();
    expect(await firstMonth.getByText(firstMonthBefore).count()).toBe(0);
    await page.getByText('Alterado em outra estação.').waitFor();

    // A colleague ticks an exam while the form is open: no field of the form changed, so the
    // edit is saved on the current version at once, nothing asked of the nurse.
    await page.getByRole('button', { name: 'Editar' }).click();
    const again = page.getByRole('dialog', { name: 'Editar Paciente' });
    await again.getByLabel('Observações').fill('Retorno marcado para abril.');
    const detail = (await (await page.request.get(`${app.baseUrl}/api${patientUrl}`)).json()) as {
      procedures: { id: string; status: string; procedureType: { name: string; phase: string } }[];
    };
    const exam = detail.procedures.find(
      ({ status, procedureType }) =>
        status === 'pending' &&
        procedureType.phase === 'pre_operative' &&
        procedureType.name !== 'Eletrocardiograma',
    )!;
    const tick = await page.request.patch(`${app.baseUrl}/api/procedures/${exam.id}`, {
      data: { status: 'completed', completedDate: '2026-01-10' },
      headers: { 'Content-Type': 'application/json', Origin: app.baseUrl },
    });
    expect(tick.status()).toBe(200);
    await again.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Paciente atualizado com sucesso!').waitFor();
    await again.waitFor({ state: 'detached' });
    await page.getByText('Retorno marcado para abril.').waitFor();
  });

  it('refuses a tick from a page that no longer shows the exam as recorded, then shows the record', async () => {
    const page = await signedInPage(patientUrl, { expectedStatuses: [409] });
    const exams = await openCategory(page, 'Exames');
    const ecg = exams.getByRole('checkbox', { name: 'Eletrocardiograma' });
    expect(await ecg.isChecked()).toBe(false);

    // Another station records the exam after this page read the patient.
    const detail = (await (await page.request.get(`${app.baseUrl}/api${patientUrl}`)).json()) as {
      procedures: { id: string; procedureType: { name: string } }[];
    };
    const ecgId = detail.procedures.find(
      ({ procedureType }) => procedureType.name === 'Eletrocardiograma',
    )!.id;
    const elsewhere = await page.request.patch(`${app.baseUrl}/api/procedures/${ecgId}`, {
      data: { status: 'completed', completedDate: '2026-01-10' },
      headers: { 'Content-Type': 'application/json', Origin: app.baseUrl },
    });
    expect(elsewhere.status()).toBe(200);

    // This page's tick (on a day it asks, the patient being operated) would have moved that date:
    // refused, and the page reads the record.
    await ecg.locator('..').click();
    const tickDay = page.getByRole('dialog', { name: 'Marcar como concluído' });
    await tickDay.getByLabel('Data de realização').fill('2026-01-20');
    await tickDay.getByRole('button', { name: 'Marcar como concluído' }).click();
    await toast(
      page,
      'Este procedimento foi alterado por outra pessoa. A página mostra agora a versão atual; confira e tente novamente.',
    ).waitFor();
    await expect.poll(() => ecg.isChecked()).toBe(true);
    await tickDay.waitFor({ state: 'detached' });
    await expect
      .poll(() => exams.getByLabel('Data de realização de Eletrocardiograma').inputValue())
      .toBe('10/01/2026');
    const after = (await (await page.request.get(`${app.baseUrl}/api${patientUrl}`)).json()) as {
      procedures: { id: string; completedDate: string | null }[];
    };
    expect(after.procedures.find(({ id }) => id === ecgId)?.completedDate).toBe('2026-01-10');

    // Unticked now, from the page as it shows the exam: taken. The day asked before the refusal
    // does not come back by itself (it did, and Enter recorded the exam as done today).
    await ecg.locator('..').click();
    await toast(page, 'Eletrocardiograma').waitFor();
    await expect.poll(() => ecg.isChecked()).toBe(false);
    await page.waitForTimeout(800);
    expect(await tickDay.count()).toBe(0);
  });

  it('deletes the patient after a confirmation that an outside click does not dismiss', async () => {
    const page = await signedInPage(patientUrl, { expectedStatuses: [404] });
    await page.getByRole('heading', { name: patient.name }).waitFor();

    // From the keyboard, and cancelled: the focus back on 'Excluir' (it fell to the page's start).
    const excluir = page.getByRole('button', { name: 'Excluir' });
    await excluir.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Confirmar Exclusão' });
    await dialog.waitFor();
    await pressEscapeInDialog(page);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(excluir)).toBe(true);

    await excluir.click();
    await dialog
      .getByText(
        `Tem certeza que deseja excluir o paciente ${patient.name}? Esta ação não pode ser desfeita. Todos os procedimentos associados também serão excluídos.`,
      )
      .waitFor();
    await screenshot(page, 'patient-delete', { fullPage: false });
    await page.mouse.click(10, 10);
    expect(await dialog.isVisible()).toBe(true);

    // The reason is required: Excluir without one says so under the field, which takes the focus.
    const reason = dialog.getByLabel('Motivo da exclusão');
    expect(await reason.evaluate((element) => element.tagName)).toBe('TEXTAREA');
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await dialog
      .getByText('Informe o motivo da exclusão (ao menos 5 caracteres).', { exact: true })
      .waitFor();
    await expect.poll(() => hasFocus(reason)).toBe(true);
    await reason.fill('erro');
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await dialog
      .getByText('Informe o motivo da exclusão (ao menos 5 caracteres).', { exact: true })
      .waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await reason.fill('Cadastro em duplicidade');
    await screenshot(page, 'patient-delete-reason', { fullPage: false });
    // A stray Escape does not lose the reason typed: it asks first.
    await page.keyboard.press('Escape');
    const discard = page.getByRole('alertdialog').filter({ hasText: 'Descartar' });
    await discard.getByRole('button', { name: 'Continuar editando' }).click();
    expect(await reason.inputValue()).toBe('Cadastro em duplicidade');

    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await toast(page, 'Paciente foi excluído com sucesso.').waitFor();
    await page.waitForURL(/\/patients$/);
    await page.getByText('Nenhum paciente cadastrado ainda', { exact: true }).waitFor();
    // The browser tab names the screen.
    expect(await page.title()).toBe('Pacientes · Bari Care');

    // Its address again (a bookmark, /audit): said deleted, when, by whom and why.
    await page.goto(`${app.baseUrl}${patientUrl}`);
    await page.getByRole('heading', { name: 'Paciente excluído' }).waitFor();
    await page
      .getByText(
        /^O cadastro de .+ foi excluído em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} por .+@.+\. Motivo: Cadastro em duplicidade$/,
      )
      .waitFor();
    await screenshot(page, 'patient-deleted');
    // An address that never was a patient's.
    await page.goto(`${app.baseUrl}/patients/${randomUUID()}`);
    await page.getByRole('heading', { name: 'Paciente não encontrado' }).waitFor();
    await page.getByText('O paciente solicitado não foi encontrado').waitFor();
    await screenshot(page, 'patient-not-found');
    await page.getByRole('button', { name: 'Voltar para Lista de Pacientes' }).click();
    await page.waitForURL(/\/patients$/);
  });
});
