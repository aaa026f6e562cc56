import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser.ts';
import {
  addUserThroughUi,
  createKeyThroughUi,
  initializeThroughUi,
  openSignedInPage,
  signIn,
  type Credential,
} from './support/identity.ts';
import { screenshot } from './support/screenshot.ts';
import { setUpApp } from './support/suite.ts';

/**
 * Presses a maintenance button, which writes to every patient: it asks first, 'Cancelar' sends
 * nothing, and only the dialog's own button sends the request, once.
 */
async function runAfterConfirming(page: Page, button: string, path: string): Promise<void> {
  let sent = 0;
  const count = (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) sent += 1;
  };
  page.on('request', count);
  const alert = page.getByRole('alertdialog');
  await page.getByRole('button', { name: button }).click();
  await alert.getByRole('button', { name: button }).waitFor();
  await screenshot(page, `maintenance-confirm${path.replaceAll('/', '-')}`);
  await alert.getByRole('button', { name: 'Cancelar' }).click();
  await alert.waitFor({ state: 'detached' });
  expect(sent).toBe(0);
  await page.getByRole('button', { name: button }).click();
  await alert.getByRole('button', { name: button }).click();
  await alert.waitFor({ state: 'detached' });
  page.off('request', count);
  expect(sent).toBe(1);
}

/** The first day of the system: initialization, the administrator, a first member of staff. */
describe('identity: from initialization to a member of staff on the dashboard', () => {
  const app = setUpApp();
  let admin: Credential;
  const maria = { firstName: 'Maria', lastName: 'Souza', email: 'maria.souza@sus.gov.br' };

  it('initializes the system and shows each account with its key, once', async () => {
    const page = await openPage(app.browser);
    await page.goto(`${app.baseUrl}/initialize`);
    await page.getByText('Sistema não inicializado').waitFor();
    // The accounts are named before the button is pressed; their keys appear only after.
    await page.getByText('admin@baricare.local').waitFor();
    await page.getByText('dev@baricare.local').waitFor();
    await screenshot(page, 'identity-initialize');

    const credentials = await initializeThroughUi(page, app.baseUrl);

    expect(credentials).toHaveLength(2);
    for (const { email, accessKey } of credentials) {
      expect(email).toMatch(/@/);
      expect(accessKey.length).toBeGreaterThanOrEqual(22);
    }
    admin = credentials[0]!;
    await page.getByText('Administrador do sistema').waitFor();
    await screenshot(page, 'identity-initialize-credentials');
    await page.getByRole('button', { name: `Copiar chave de acesso ${admin.email}` }).click();
    await page.getByText('Copiado', { exact: true }).waitFor();

    await page.reload();
    await page.getByText('Sistema inicializado').waitFor();
    expect(await page.getByRole('textbox', { name: /^Chave de acesso / }).count()).toBe(0);
    await page.getByRole('button', { name: 'Ir para Login' }).click();
    await page.waitForURL(`${app.baseUrl}/login`);
  });

  it('signs the administrator in, with the admin entries in the sidebar', async () => {
    const page = await openSignedInPage(app, admin);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    for (const entry of [
      'Dashboard',
      'Pacientes',
      'Relatórios',
      'Auditoria',
      'Usuários',
      'Chaves de Acesso',
    ]) {
      await nav.getByRole('link', { name: entry }).waitFor();
    }
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    await page.getByText('Sistema Médico / Usuário Logado').waitFor();

    // An approved user at /login goes to /, and an unknown path is a 404.
    await page.goto(`${app.baseUrl}/login`);
    await page.waitForURL(`${app.baseUrl}/`);
    await page.goto(`${app.baseUrl}/nao-existe`);
    await page.getByText('Página não encontrada').waitFor();
  });

  it('lets the administrator add a user and a key bound to them, then log out', async () => {
    const page = await openSignedInPage(app, admin);

    await addUserThroughUi(page, app.baseUrl, maria);
    const row = page.getByRole('row', { name: new RegExp(maria.email) });
    await row.getByText('Aprovado').waitFor();
    await row.getByText('Maria Souza').waitFor();
    await page.getByLabel('Total: 3').waitFor();
    await screenshot(page, 'identity-users');

    await page.getByRole('button', { name: 'Debug Admin' }).click();
    await page.getByText('Acesso a recursos de administrador: sim', { exact: false }).waitFor();
    await runAfterConfirming(page, 'Atualizar Procedimentos', '/api/admin/run-migration');
    await page.getByText('Migração executada', { exact: true }).waitFor();

    const key = await createKeyThroughUi(page, app.baseUrl, 'Chave da Maria', maria.email);
    const card = page.getByRole('article', { name: 'Chave da Maria' });
    await card.getByText('Ativa', { exact: true }).waitFor();
    await card.getByText('Uso: 0 vezes').waitFor();
    await card.getByText(`${key.slice(0, 8)}…`).waitFor();
    expect(await card.textContent()).not.toContain(key);
    await card.getByText(maria.email).waitFor();
    await screenshot(page, 'identity-access-keys');
    await runAfterConfirming(page, 'Corrigir Dados de Produção', '/api/admin/fix-production-data');
    await page.getByText('Correção aplicada', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL(`${app.baseUrl}/login`);
    await page.goto(`${app.baseUrl}/users`);
    await page.waitForURL(`${app.baseUrl}/login`);

    await signIn(page, app.baseUrl, { email: maria.email, accessKey: key });
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    await nav.getByRole('link', { name: 'Pacientes' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Usuários' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Chaves de Acesso' }).count()).toBe(0);
    await screenshot(page, 'identity-staff-dashboard');
  });
});
