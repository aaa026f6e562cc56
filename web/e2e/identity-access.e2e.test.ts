import { beforeAll, describe, expect, it } from 'vitest';
import { openPage } from './support/browser.ts';
import { hasFocus, pressEscapeInDialog } from './support/focus.ts';
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

/** Who may see what: pending and rejected registrations, ordinary staff, deactivated keys. */
describe('identity: confinement and restricted screens', () => {
  const app = setUpApp();
  let admin: Credential;

  beforeAll(async () => {
    const page = await app.browser.newPage();
    try {
      [admin] = (await initializeThroughUi(page, app.baseUrl)) as [Credential];
    } finally {
      await page.close();
    }
  });

  it('registers a new email signing in with an invitation key as pending, then rejected', async () => {
    const adminPage = await openSignedInPage(app, admin);
    const invitation = await createKeyThroughUi(adminPage, app.baseUrl, 'Convite recepção');
    await adminPage
      .getByRole('article', { name: 'Convite recepção' })
      .getByText('Ativa', { exact: true })
      .waitFor();

    const newcomer = { email: 'novo.funcionario@sus.gov.br', accessKey: invitation };
    const page = await openPage(app.browser);
    await signIn(page, app.baseUrl, newcomer);
    await page.waitForURL(`${app.baseUrl}/account-pending`);
    await page.getByText('Conta Pendente de Aprovação').waitFor();
    await page.getByText(newcomer.email).waitFor();
    await page.getByRole('button', { name: 'Verificar Status Novamente' }).waitFor();
    await page.getByRole('button', { name: 'Fazer Logout' }).waitFor();
    await screenshot(page, 'identity-account-pending');

    // Confined: every other screen sends them back.
    await page.goto(`${app.baseUrl}/users`);
    await page.waitForURL(`${app.baseUrl}/account-pending`);

    // The administrator sees the request and rejects it.
    await adminPage.goto(`${app.baseUrl}/users`);
    const row = adminPage.getByRole('row', { name: new RegExp(newcomer.email) });
    await row.getByText('Pendente').waitFor();
    await row.getByText('Nome não informado').waitFor();
    await adminPage.getByLabel('Pendentes: 1').waitFor();
    // Each row's actions name the user they act on, for a screen reader.
    const reject = row.getByRole('button', { name: `Rejeitar usuário ${newcomer.email}`, exact: true });
    expect(await reject.textContent()).toBe('Rejeitar');
    await row.getByRole('button', { name: `Aprovar usuário ${newcomer.email}`, exact: true }).waitFor();
    await reject.click();
    await row.getByText('Rejeitado').waitFor();
    // 'Rejeitar' is gone: the focus goes on to the row's next action, not to the page.
    const remove = row.getByRole('button', { name: `Excluir usuário ${newcomer.email}`, exact: true });
    await expect.poll(() => hasFocus(remove)).toBe(true);
    await adminPage.getByLabel('Rejeitados: 1').waitFor();

    const again = await openPage(app.browser);
    await signIn(again, app.baseUrl, newcomer);
    await again.waitForURL(`${app.baseUrl}/account-pending`);
    await again.getByText('Acesso Negado').waitFor();
    await screenshot(again, 'identity-account-rejected');

    // 'Fazer Logout' ends the session through the logout endpoint and lands on /login.
    await again.getByRole('button', { name: 'Fazer Logout' }).click();
    await again.waitForURL(`${app.baseUrl}/login`);
    await again.goto(`${app.baseUrl}/account-pending`);
    await again.waitForURL(`${app.baseUrl}/login`);
  });

  it("lets a pending user in once approved: 'Verificar Status Novamente' lands on the dashboard", async () => {
    const adminPage = await openSignedInPage(app, admin);
    const invitation = await createKeyThroughUi(adminPage, app.baseUrl, 'Convite enfermagem');
    const newcomer = { email: 'nova.enfermeira@sus.gov.br', accessKey: invitation };
    const page = await openPage(app.browser);
    await signIn(page, app.baseUrl, newcomer);
    await page.waitForURL(`${app.baseUrl}/account-pending`);
    await page.getByText('Conta Pendente de Aprovação').waitFor();

    await adminPage.goto(`${app.baseUrl}/users`);
    const row = adminPage.getByRole('row', { name: new RegExp(newcomer.email) });
    await row.getByRole('button', { name: 'Aprovar' }).click();
    await row.getByText('Aprovado').waitFor();
    await expect.poll(() => hasFocus(row.getByRole('button', { name: 'Rejeitar' }))).toBe(true);
    // 'Excluir' asks first; Escape gives the focus back to it.
    const remove = row.getByRole('button', { name: 'Excluir' });
    await remove.click();
    await adminPage.getByRole('alertdialog').waitFor();
    await pressEscapeInDialog(adminPage);
    await adminPage.getByRole('alertdialog').waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(remove)).toBe(true);
    // Rejecting an approved user ends their sessions: asked first, and 'Cancelar' changes nothing.
    await row.getByRole('button', { name: 'Rejeitar' }).click();
    const rejecting = adminPage.getByRole('alertdialog');
    await rejecting.getByText(`Rejeitar o acesso de ${newcomer.email}?`, { exact: false }).waitFor();
    // The Tab order is the order seen: 'Cancelar' on the left and first, then the action.
    expect(await rejecting.getByRole('button').allTextContents()).toEqual(['Cancelar', 'Rejeitar']);
    const [cancelBox, rejectBox] = await Promise.all(
      ['Cancelar', 'Rejeitar'].map((name) => rejecting.getByRole('button', { name }).boundingBox()),
    );
    expect(cancelBox!.x).toBeLessThan(rejectBox!.x);
    await rejecting.getByRole('button', { name: 'Cancelar' }).click();
    await rejecting.waitFor({ state: 'detached' });
    await row.getByText('Aprovado').waitFor();
    // The administrator cannot reject or delete their own account.
    const own = adminPage.getByRole('row', { name: new RegExp(admin.email) });
    await own.getByText('Admin', { exact: true }).waitFor();
    expect(await own.getByRole('button', { name: 'Rejeitar' }).count()).toBe(0);
    expect(await own.getByRole('button', { name: 'Excluir' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Verificar Status Novamente' }).click();
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it("shows an ordinary member of staff 'Acesso Restrito' on the administrators' screens", async () => {
    const adminPage = await openSignedInPage(app, admin);
    const joao = { firstName: 'João', lastName: 'Pereira', email: 'joao.pereira@sus.gov.br' };
    await addUserThroughUi(adminPage, app.baseUrl, joao);
    const key = await createKeyThroughUi(adminPage, app.baseUrl, 'Chave do João', joao.email);

    // Forbidden answers are the point of this test; the browser logs each one.
    const page = await openSignedInPage(
      app,
      { email: joao.email, accessKey: key },
      { allowConsoleErrors: [/status of 403/] },
    );

    await page.goto(`${app.baseUrl}/users`);
    await page.getByRole('heading', { name: 'Gerenciamento de Usuários' }).waitFor();
    await page.getByText('Acesso Restrito').waitFor();
    expect(await page.getByRole('button', { name: 'Atualizar Procedimentos' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Adicionar Usuário' }).count()).toBe(0);
    await screenshot(page, 'identity-restricted-users');

    await page.goto(`${app.baseUrl}/access-keys`);
    await page.getByText('Acesso Restrito').waitFor();
  });

  it('closes the key shown once with Escape or its ×, the focus first on its copy button', async () => {
    const page = await openSignedInPage(app, admin);
    await page.goto(`${app.baseUrl}/access-keys`);
    const open = page.getByRole('button', { name: 'Nova Chave' });
    for (const closeWith of ['Escape', 'Fechar janela'] as const) {
      await open.click();
      const form = page.getByRole('dialog', { name: 'Nova Chave' });
      await form.getByLabel('Descrição').fill(`Chave fechada com ${closeWith}`);
      await form.getByRole('button', { name: 'Criar Chave' }).click();
      const shown = page.getByRole('dialog', { name: 'Chave criada com sucesso' });
      await shown.getByRole('textbox', { name: 'Chave de acesso' }).waitFor();
      // Copy it now: the copy button has the focus, 'Fechar' is the next Tab.
      await expect
        .poll(() => hasFocus(shown.getByRole('button', { name: 'Copiar chave de acesso' })))
        .toBe(true);
      // No tooltip over the key's end for the focus it was given.
      await page.waitForTimeout(1_000);
      expect(await page.locator('.bp6-tooltip').count()).toBe(0);
      if (closeWith === 'Escape') await page.keyboard.press('Escape');
      else await shown.getByRole('button', { name: closeWith }).click();
      await shown.waitFor({ state: 'detached' });
      await expect.poll(() => hasFocus(open)).toBe(true);
    }
  });

  it('refuses a key once the administrator deactivated it', async () => {
    const adminPage = await openSignedInPage(app, admin);
    const ana = { firstName: 'Ana', lastName: 'Lima', email: 'ana.lima@sus.gov.br' };
    await addUserThroughUi(adminPage, app.baseUrl, ana);
    const key = await createKeyThroughUi(adminPage, app.baseUrl, 'Chave da Ana', ana.email);

    const card = adminPage.getByRole('article', { name: 'Chave da Ana' });
    await card.getByRole('button', { name: 'Desativar chave Chave da Ana', exact: true }).click();
    await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Desativar' }).click();
    await card.getByText('Inativa', { exact: true }).waitFor();
    // Its 'Desativar' is gone: the card keeps the focus.
    await expect.poll(() => hasFocus(card)).toBe(true);
    expect(await card.getByRole('button', { name: 'Desativar' }).count()).toBe(0);
    // The key she signed in with offers no 'Desativar' (refused by the server): it says so.
    const own = adminPage.getByRole('article', { name: 'Administrador do sistema' });
    await own.getByText('Em uso nesta sessão', { exact: true }).waitFor();
    expect(await own.getByRole('button', { name: /Desativar/ }).count()).toBe(0);

    const page = await openPage(app.browser, { allowConsoleErrors: [/Failed to load resource/] });
    await signIn(page, app.baseUrl, { email: ana.email, accessKey: key });
    await page.getByRole('alert').getByText('Email ou chave de acesso inválidos').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
