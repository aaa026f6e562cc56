import { addDaysToDate, clinicToday } from '@bari/contracts';
import type { Cookie, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage } from './support/browser.ts';
import { callApi } from './support/api.ts';
import { hasFocus, pressEscapeInDialog } from './support/focus.ts';
import { signIn } from './support/identity.ts';
import { screenshot } from './support/screenshot.ts';
import { setUpApp } from './support/suite.ts';

/*
 * Issue 11, in a browser whose language is not Portuguese (en-US, where the browser's own
 * date inputs read mm/dd/yyyy): dates read and typed dd/mm/aaaa, forms that never lose work,
 * a CNS typed as printed on the card, and the screens at clinic-laptop widths.
 */

const LOCALE = 'en-US';
const LONG_EMAILS = {
  approved: 'maria.aparecida.santos.oliveira@saude.campinas.sp.gov.br',
  pending: 'recepcao.ambulatorio.bariatrico.noturno@hospital.municipal.campinas.sp.gov.br',
};

/** A day `offset` days from today as dd/mm/aaaa digits, as a user types them. */
/** São Paulo's day `offset` days from today, as typed (ddmmyyyy): the expiry reads its clock. */
function typedDay(offset: number): string {
  return addDaysToDate(clinicToday(new Date()), offset).split('-').reverse().join('');
}

describe('daily use in an en-US browser', () => {
  const app = setUpApp({ lang: LOCALE });
  let cookies: Cookie[];
  let patientPath: string;

  beforeAll(async () => {
    const response = await fetch(`${app.baseUrl}/api/initialize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    if (response.status !== 201) throw new Error(`initialize: ${response.status} ${await response.text()}`);
    const { credentials } = (await response.json()) as {
      credentials: { email: string; accessKey: string }[];
    };
    const context = await app.browser.newContext({ locale: LOCALE });
    try {
      const page = await context.newPage();
      await signIn(page, app.baseUrl, credentials[0]!);
      await page.waitForURL(`${app.baseUrl}/`);
      cookies = await context.cookies();
      await seedUsersWithLongEmails(page);
    } finally {
      await context.close();
    }
  });

  /**
   * For the width test: an approved user and a pending one (all three row actions) whose emails
   * are long, as municipal addresses are, and a key with a long description.
   */
  async function seedUsersWithLongEmails(page: Page): Promise<void> {
    const created = await callApi(page, 'POST', '/api/users', {
      firstName: 'Maria Aparecida',
      lastName: 'dos Santos Oliveira',
      email: LONG_EMAILS.approved,
      isAdmin: false,
    });
    expect(created.status).toBe(201);
    const invitation = await callApi(page, 'POST', '/api/access-keys', {
      description: 'Convite para a recepção do ambulatório de cirurgia bariátrica (turno da noite)',
    });
    expect(invitation.status).toBe(201);
    const { key } = invitation.json as { key: string };
    // Signing in with an invitation registers the email as pending.
    await fetch(`${app.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: LONG_EMAILS.pending, accessKey: key }),
    });
  }

  async function signedInPage(path: string, width = 1280): Promise<Page> {
    const page = await openPage(app.browser, { locale: LOCALE, viewport: { width, height: 800 } });
    await page.context().addCookies(cookies);
    await page.goto(`${app.baseUrl}${path}`);
    return page;
  }

  it('keeps typed work, reads dates dd/mm/aaaa, takes a CNS with spaces and orders the dates', async () => {
    const page = await signedInPage('/patients');
    expect(await page.evaluate('navigator.language')).toBe(LOCALE);
    await page.getByRole('button', { name: 'Novo Paciente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Paciente' });
    const name = dialog.getByLabel('Nome', { exact: true });

    // 'Nome' has the focus on open; Tab goes on to the CPF, not to the close button.
    await expect.poll(() => hasFocus(name)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await hasFocus(dialog.getByLabel('CPF', { exact: true }))).toBe(true);

    // An untouched form closes at once.
    await pressEscapeInDialog(page);
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Novo Paciente' }).click();
    await expect.poll(() => hasFocus(name)).toBe(true);

    // A stray click on the backdrop, or Escape, asks before throwing the work away.
    await name.fill('Joana Ferreira Lima');
    const question = page.getByRole('alertdialog');
    await page.mouse.click(8, 400);
    await question.getByText('Descartar alterações?').waitFor();
    await screenshot(page, 'patient-form-discard-question', { fullPage: false });
    await question.getByRole('button', { name: 'Continuar editando' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await name.inputValue()).toBe('Joana Ferreira Lima');
    await name.press('Escape');
    await question.getByText('Descartar alterações?').waitFor();
    await question.getByRole('button', { name: 'Continuar editando' }).click();
    expect(await dialog.isVisible()).toBe(true);
    expect(await name.inputValue()).toBe('Joana Ferreira Lima');

    await dialog.getByLabel('CPF', { exact: true }).fill('390.533.447-05');
    const cns = dialog.getByLabel('CNS');
    await cns.pressSequentially('7000 0055 5012 349');
    expect(await cns.inputValue()).toBe('7000 0055 5012 349');

    // The keyboard: ↓ highlights a suggestion and Enter picks that one, not the first, without
    // sending the form; the focus stays in the field, the list closed, so that the nurse's Tab
    // goes on to 'Data da Internação' (it had gone there by itself, and that Tab skipped it);
    // Escape closes the list, not the dialog, and the focus stays in the field too.
    const municipality = dialog.getByLabel('Município');
    await municipality.fill('Santo Andre');
    const options = page.locator('.bp6-suggest-popover').getByRole('option');
    await options.nth(1).waitFor();
    const first = (await options.first().innerText()).trim();
    await municipality.press('ArrowDown');
    const highlighted = options.filter({ has: page.locator('.bp6-active') });
    const [optionName, optionUf] = (await highlighted.innerText()).split(/\s*\n\s*/);
    expect(`${optionName}\n${optionUf}`).not.toBe(first.replace(/\s*\n\s*/, '\n'));
    await municipality.press('Enter');
    expect(await municipality.inputValue()).toBe(`${optionName} (${optionUf})`);
    await expect.poll(() => hasFocus(municipality)).toBe(true);
    await page.waitForTimeout(300);
    expect(await options.count()).toBe(0);
    await page.keyboard.press('Tab');
    await expect.poll(() => hasFocus(dialog.getByLabel('Data da Internação'))).toBe(true);
    await municipality.fill('Santo Andre');
    await options.first().waitFor();
    await municipality.press('Escape');
    await options.first().waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    expect(await name.inputValue()).toBe('Joana Ferreira Lima');
    await expect.poll(() => hasFocus(municipality)).toBe(true);
    // Typing opens the list again.
    await page.keyboard.type('o');
    await options.first().waitFor();
    await municipality.press('Escape');
    await options.first().waitFor({ state: 'detached' });

    // Text typed but not picked: kept, with a hint to pick it, then the same at submission.
    await municipality.fill('Sorocab');
    await municipality.press('Tab');
    await dialog.getByText('Selecione o município na lista', { exact: true }).waitFor();
    expect(await municipality.inputValue()).toBe('Sorocab');

    // Dates: digits only, the slashes come by themselves, day first.
    const admission = dialog.getByLabel('Data da Internação');
    await admission.click();
    await page.keyboard.type('30012026');
    expect(await admission.inputValue()).toBe('30/01/2026');
    expect(await admission.getAttribute('placeholder')).toBe('dd/mm/aaaa');
    await dialog.getByLabel('Data da Cirurgia').pressSequentially('05022026');
    await dialog.getByLabel('Data da Alta').pressSequentially('03022026');
    await dialog.getByLabel('Local da Cirurgia').fill('Hospital Regional');
    await dialog.getByLabel('Nome do Cirurgião').fill('Dra. Ana Souza');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await dialog.getByText('Selecione o município na lista', { exact: true }).waitFor();
    expect(await dialog.getByText('Município é obrigatório').count()).toBe(0);
    // The dates' order is told at the same time, not only once the other fields are right.
    await dialog
      .getByText('A data da alta não pode ser anterior à data da cirurgia.', { exact: true })
      .waitFor();

    // With every field valid, the dates' order is checked: no discharge before the surgery.
    await municipality.fill('sorocaba');
    await page.getByRole('option', { name: /^Sorocaba\s*SP$/ }).click();
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await dialog
      .getByText('A data da alta não pode ser anterior à data da cirurgia.', { exact: true })
      .waitFor();
    await screenshot(page, 'patient-form-date-order', { fullPage: false });

    // The calendar speaks Portuguese and opens on the field's month; a day picked fills dd/mm/aaaa.
    const dischargeGroup = dialog.locator('.bp6-form-group').filter({ has: page.getByLabel('Data da Alta') });
    await dischargeGroup.getByRole('button', { name: 'Abrir calendário' }).click();
    const calendar = page.locator('.app-calendar');
    await calendar.waitFor();
    await expect.poll(async () => (await calendar.textContent())?.toLowerCase() ?? '').toContain('fev');
    await screenshot(page, 'date-calendar', { fullPage: false });
    await calendar.locator('[data-day="2026-02-10"] button').click();
    await calendar.waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Data da Alta').inputValue()).toBe('10/02/2026');

    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'Joana Ferreira Lima' });
    await row.getByText('700000555012349', { exact: true }).waitFor();
    await row.getByText('30/01/2026', { exact: true }).waitFor();

    // Her CNS typed for someone else: a warning names who has it (a card is one person's; saving is refused).
    await page.getByRole('button', { name: 'Novo Paciente' }).click();
    const another = page.getByRole('dialog', { name: 'Novo Paciente' });
    await another.getByLabel('CNS').pressSequentially('7000 0055 5012 349');
    await another
      .getByText(
        'Este CNS já está no cadastro de Joana Ferreira Lima: o cadastro será recusado. Confira o número.',
        {
          exact: true,
        },
      )
      .waitFor();
    await another.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: 'Descartar' }).click();
    await another.waitFor({ state: 'detached' });

    await row.getByRole('link', { name: 'Joana Ferreira Lima' }).click();
    await page.getByRole('heading', { name: 'Joana Ferreira Lima' }).waitFor();
    await page.getByText('Alta: 10/02/2026', { exact: true }).waitFor();
    patientPath = new URL(page.url()).pathname;
  });

  it('marks a past expiry on the access key field itself', async () => {
    const page = await signedInPage('/access-keys');
    await page.getByRole('button', { name: 'Nova Chave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova Chave' });
    await dialog.getByLabel('Descrição').fill('Plantão noturno');
    const expiry = dialog.getByLabel('Data de expiração (opcional)');
    await expiry.pressSequentially(typedDay(-1));
    await dialog.getByText('A data de expiração deve ser no futuro', { exact: true }).waitFor();
    await screenshot(page, 'access-key-past-expiry', { fullPage: false });
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/access-keys'))
        creates.push(request.url());
    });
    await dialog.getByRole('button', { name: 'Criar Chave' }).click();
    await dialog.getByText('A data de expiração deve ser no futuro', { exact: true }).waitFor();
    expect(creates).toEqual([]);

    await expiry.fill('');
    await expiry.pressSequentially(typedDay(30));
    await dialog.getByLabel('Hora de expiração').pressSequentially('1830');
    expect(await dialog.getByLabel('Hora de expiração').inputValue()).toBe('18:30');
    expect(await dialog.getByText('A data de expiração deve ser no futuro').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Criar Chave' }).click();
    await page.getByText('Chave criada com sucesso').first().waitFor();
  });

  it.each([1366, 1280, 1024])(
    'fits a %i px wide screen: dashboard, patient page, patient form, patient list, audit log, users and keys',
    async (width) => {
      const page = await signedInPage('/', width);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page.getByRole('link', { name: 'Joana Ferreira Lima' }).waitFor();
      await screenshot(page, `dashboard-${width}`);

      await page.goto(`${app.baseUrl}${patientPath}`);
      await page.getByRole('heading', { name: 'Joana Ferreira Lima' }).waitFor();
      const labs = page.getByRole('region', { name: 'Exames laboratoriais', exact: true });
      await labs.waitFor();
      await screenshot(page, `patient-page-${width}`);

      // Nothing of the category header spills out of its card, nor overlaps the next element.
      const card = await labs.boundingBox();
      const header = labs.getByRole('button', { name: 'Exames laboratoriais', exact: true });
      const headerBox = await header.boundingBox();
      expect(card && headerBox).toBeTruthy();
      const children = await header.evaluate((element) =>
        [...element.querySelectorAll('*')].map((child) => {
          const box = child.getBoundingClientRect();
          return {
            left: box.left,
            right: box.right,
            scrollWidth: child.scrollWidth,
            clientWidth: child.clientWidth,
          };
        }),
      );
      for (const child of children) {
        expect(child.left).toBeGreaterThanOrEqual(card!.x - 0.5);
        expect(child.right).toBeLessThanOrEqual(card!.x + card!.width + 0.5);
      }
      // The registration form is wide enough to read (stacked below the timeline on narrow screens).
      const registration = await page.locator('.register-procedure-card').boundingBox();
      expect(registration!.width).toBeGreaterThanOrEqual(300);

      await page.getByRole('button', { name: 'Editar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Editar Paciente' });
      await dialog.getByLabel('Nome', { exact: true }).waitFor();
      // Her own CNS is not someone else's
      await page.waitForLoadState('networkidle');
      expect(await dialog.getByText('Este CNS já está no cadastro', { exact: false }).count()).toBe(0);
      await screenshot(page, `patient-form-${width}`, { fullPage: false });
      const dialogBox = await dialog.boundingBox();
      expect(dialogBox!.x).toBeGreaterThanOrEqual(0);
      expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(width);

      // The patient list fits without scrolling sideways, its progress percentage in view.
      await page.goto(`${app.baseUrl}/patients`);
      await page.getByRole('link', { name: 'Joana Ferreira Lima' }).waitFor();
      await screenshot(page, `patients-${width}`, { fullPage: false });
      const wrapper = page.locator('.patient-table-wrapper');
      const [scrollWidth, clientWidth] = await wrapper.evaluate((element) => [
        element.scrollWidth,
        element.clientWidth,
      ]);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth!);

      // The audit log's seven columns stay inside their card: the page never scrolls sideways.
      await page.goto(`${app.baseUrl}/audit`);
      const table = page.locator('.audit-table');
      await table.getByRole('row').nth(1).waitFor();
      await screenshot(page, `audit-${width}`, { fullPage: false });
      expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(width);
      const scroller = await page.locator('.audit-table-scroll').boundingBox();
      const auditCard = await page.locator('.bp6-card').filter({ has: table }).boundingBox();
      expect(scroller!.x + scroller!.width).toBeLessThanOrEqual(auditCard!.x + auditCard!.width + 0.5);
      // ...and all of them are read there: the table does not scroll sideways inside its card,
      // no column is too narrow to read, no text is cut (ellipsis) or spills past its cell.
      const fit = await table.evaluate((element) => {
        const scrolling = element.parentElement!;
        const cells = [...element.querySelectorAll('th, td')];
        const cut = cells.flatMap((cell) => {
          const box = cell.getBoundingClientRect();
          return [cell, ...cell.querySelectorAll('*')]
            .filter((inner) => {
              const innerBox = inner.getBoundingClientRect();
              if (innerBox.width === 0) return false; // <wbr>, and what is not drawn
              return (
                inner.scrollWidth > inner.clientWidth + 1 ||
                innerBox.left < box.left - 0.5 ||
                innerBox.right > box.right + 0.5
              );
            })
            .map((inner) => `${inner.tagName}.${inner.className}: ${inner.textContent}`);
        });
        return {
          scrollWidth: scrolling.scrollWidth,
          clientWidth: scrolling.clientWidth,
          narrowest: Math.min(...[...element.querySelectorAll('th')].map((th) => th.clientWidth)),
          cut: [...new Set(cut)],
        };
      });
      expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
      expect(fit.narrowest).toBeGreaterThanOrEqual(60);
      expect(fit.cut).toEqual([]);

      // Its date filters read dd/mm/aaaa as every date field does (not the browser's mm/dd/yyyy),
      // and filter only once a whole date is typed.
      const from = page.getByLabel('De', { exact: true });
      expect(await from.getAttribute('placeholder')).toBe('dd/mm/aaaa');
      await from.pressSequentially('0101');
      await table.getByRole('row').nth(1).waitFor();
      await from.pressSequentially('2999');
      expect(await from.inputValue()).toBe('01/01/2999');
      await page.getByText('Nenhum registro encontrado').first().waitFor();
      await from.fill('');
      await table.getByRole('row').nth(1).waitFor();

      // Users: every column, 'Ações' too, in view without scrolling sideways; the four counters
      // in one row or two rows of two.
      await page.goto(`${app.baseUrl}/users`);
      const pending = page.getByRole('row', { name: new RegExp(LONG_EMAILS.pending) });
      await pending.getByRole('button', { name: 'Aprovar' }).waitFor();
      await screenshot(page, `users-${width}`);
      expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(width);
      const list = page.locator('.users-page__list');
      const [listScrollWidth, listClientWidth] = await list.evaluate((element) => [
        element.scrollWidth,
        element.clientWidth,
      ]);
      expect(listScrollWidth).toBeLessThanOrEqual(listClientWidth!);
      const listBox = (await list.boundingBox())!;
      for (const button of await pending.getByRole('button').all()) {
        const box = (await button.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(listBox.x + listBox.width + 0.5);
      }
      const counterTops = await page
        .locator('.user-counters__card')
        .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().top)));
      const perRow = [...new Set(counterTops)].map((top) => counterTops.filter((t) => t === top).length);
      expect([[4], [2, 2]]).toContainEqual(perRow);

      // Access keys: the cards, long descriptions too, inside the window.
      await page.goto(`${app.baseUrl}/access-keys`);
      await page.getByRole('article').first().waitFor();
      await screenshot(page, `access-keys-${width}`);
      expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(width);
      for (const card of await page.getByRole('article').all()) {
        const box = (await card.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
    },
  );
});
