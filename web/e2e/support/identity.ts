import type { Page } from 'playwright-core';
import { openPage, type OpenPageOptions } from './browser.ts';
import type { AppUnderTest } from './suite.ts';

export interface Credential {
  email: string;
  accessKey: string;
}

const KEY_FIELD = /^Chave de acesso (.+)$/;

/**
 * Presses 'Inicializar Sistema' on /initialize and reads the credentials shown once: each key
 * sits in a read-only field named 'Chave de acesso <email>', administrator first.
 */
export async function initializeThroughUi(page: Page, baseUrl: string): Promise<Credential[]> {
  await page.goto(`${baseUrl}/initialize`);
  await page.getByRole('button', { name: 'Inicializar Sistema' }).click();
  await page.getByText('Credenciais criadas').waitFor();
  const fields = page.getByRole('textbox', { name: KEY_FIELD });
  const credentials: Credential[] = [];
  for (const field of await fields.all()) {
    const label = (await field.getAttribute('aria-label')) ?? '';
    credentials.push({ email: KEY_FIELD.exec(label)?.[1] ?? '', accessKey: await field.inputValue() });
  }
  return credentials;
}

/** Fills /login and presses 'Entrar'; the caller waits for where it should land. */
export async function signIn(page: Page, baseUrl: string, { email, accessKey }: Credential): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Chave de acesso', { exact: true }).fill(accessKey);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** A new page (see `openPage`) signed in as an approved user, on the dashboard. */
export async function openSignedInPage(
  app: AppUnderTest,
  credential: Credential,
  options?: OpenPageOptions,
): Promise<Page> {
  const page = await openPage(app.browser, options);
  await signIn(page, app.baseUrl, credential);
  await page.waitForURL(`${app.baseUrl}/`);
  return page;
}

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
}

/** 'Adicionar Usuário' on /users, as a signed-in administrator. */
export async function addUserThroughUi(page: Page, baseUrl: string, user: NewUser): Promise<void> {
  await page.goto(`${baseUrl}/users`);
  await page.getByRole('button', { name: 'Adicionar Usuário' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome', { exact: true }).fill(user.firstName);
  await dialog.getByLabel('Sobrenome').fill(user.lastName);
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByRole('button', { name: 'Adicionar Usuário' }).click();
  await page.getByRole('cell', { name: user.email, exact: true }).waitFor();
}

/**
 * 'Nova Chave' on /access-keys, bound to `userEmail` when given (an invitation otherwise);
 * returns the full key, read from the show-once field, and closes the dialog.
 */
export async function createKeyThroughUi(
  page: Page,
  baseUrl: string,
  description: string,
  userEmail?: string,
): Promise<string> {
  await page.goto(`${baseUrl}/access-keys`);
  await page.getByRole('button', { name: 'Nova Chave' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Descrição').fill(description);
  if (userEmail) {
    const select = dialog.getByLabel('Usuário (opcional)');
    const label = await select.locator('option', { hasText: userEmail }).textContent();
    await select.selectOption({ label: label ?? userEmail });
  }
  await dialog.getByRole('button', { name: 'Criar Chave' }).click();
  const keyField = dialog.getByRole('textbox', { name: 'Chave de acesso' });
  await keyField.waitFor();
  const key = await keyField.inputValue();
  await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();
  await page.getByRole('article', { name: description }).waitFor();
  return key;
}
