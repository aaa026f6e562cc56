import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser.ts';
import { hasFocus } from './support/focus.ts';
import { screenshot } from './support/screenshot.ts';
import { setUpApp } from './support/suite.ts';

describe('login page', () => {
  const app = setUpApp();

  it("renders 'Bari Care' and asks for an email and an access key", async () => {
    const page = await openPage(app.browser);

    await page.goto(`${app.baseUrl}/login`);

    await expect(page.title()).resolves.toBe('Bari Care');
    await page.getByRole('heading', { name: 'Bari Care' }).waitFor();
    await page.getByText('Entre com seu email e chave de acesso').waitFor();
    await page.getByLabel('Email').waitFor();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await page.getByLabel('Chave de acesso', { exact: true }).getAttribute('type')).toBe('password');
    // Nobody has a key yet on a fresh installation: the screen shows the way to /initialize.
    await page.getByText('Este sistema ainda não foi inicializado', { exact: false }).waitFor();

    await screenshot(page, 'login');
    await page.getByRole('link', { name: 'Inicializar Sistema' }).click();
    await page.waitForURL(`${app.baseUrl}/initialize`);
  });

  it('says in Portuguese what is missing and shows the access key on request', async () => {
    const page = await openPage(app.browser);
    await page.goto(`${app.baseUrl}/login`);

    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Email é obrigatório').waitFor();
    await page.getByText('Chave de acesso é obrigatória').waitFor();

    const accessKey = page.getByLabel('Chave de acesso', { exact: true });
    await accessKey.fill('segredo');
    await page.getByRole('button', { name: 'Mostrar chave de acesso' }).click();
    expect(await accessKey.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Ocultar chave de acesso' }).click();
    expect(await accessKey.getAttribute('type')).toBe('password');
  });

  it('shows a refused login in an alert above the button and stays on /login', async () => {
    // Whatever refuses it (no such route yet, later a wrong key), the browser logs the answer.
    const page = await openPage(app.browser, { allowConsoleErrors: [/Failed to load resource/] });
    await page.goto(`${app.baseUrl}/login`);

    await page.getByLabel('Email').fill('ninguem@exemplo.com');
    await page.getByLabel('Chave de acesso', { exact: true }).fill('chave-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).not.toBe('');
    // The key field takes the focus back, to type it again.
    await expect.poll(() => hasFocus(page.getByLabel('Chave de acesso', { exact: true }))).toBe(true);
    await screenshot(page, 'login-refused');
    expect(new URL(page.url()).pathname).toBe('/login');

    // Sent again with the email mistyped: the field says so, and the old refusal is gone.
    await page.getByLabel('Email').fill('ninguem@');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Email inválido', { exact: true }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('sends a visitor who is not signed in from any other path to the login screen (§2)', async () => {
    const page = await openPage(app.browser);

    for (const path of ['/', '/nao-existe', '/users', '/account-pending']) {
      await page.goto(`${app.baseUrl}${path}`);
      await page.waitForURL(`${app.baseUrl}/login`);
      await page.getByRole('heading', { name: 'Bari Care' }).waitFor();
    }
  });
});
