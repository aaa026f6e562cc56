import type { Locator, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api.ts';
import { axeViolations } from './support/axe.ts';
import { hasFocus } from './support/focus.ts';
import { openSignedInPage, type Credential } from './support/identity.ts';
import { screenshot } from './support/screenshot.ts';
import { setUpApp } from './support/suite.ts';

/** Not operated yet: any pre-operative procedure may be recorded as done today. */
const PATIENT = {
  name: 'Joana Expirada Ribeiro',
  cpf: '39053344705',
  cns: null,
  municipality: { ibgeCode: '3509502', name: 'Campinas', uf: 'SP' },
  admissionDate: '2026-01-30',
  dischargeDate: null,
  surgeryDate: null,
  surgeryLocation: 'Hospital Municipal de Campinas',
  surgeonName: 'Dr. Paulo Henrique Lima',
  aihNumber: null,
  sisregCode: null,
  notes: null,
};

interface PatientRead {
  name: string;
  notes: string | null;
  procedures: { status: string; location: string | null; notes: string | null }[];
}

/** A toast (§8) with this description. */
function toast(page: Page, text: string): Locator {
  return page.locator('.app-toaster').getByText(text, { exact: true });
}

/** Every call of this method to a path matching `path`, as the page sends them. */
function recordCalls(page: Page, method: string, path: RegExp): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) sent.push(request);
  });
  return sent;
}

describe('a session that expires while a form is being filled', () => {
  const app = setUpApp();
  let admin: Credential;
  let developer: Credential;
  let patientId: string;

  beforeAll(async () => {
    const response = await fetch(`${app.baseUrl}/api/initialize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    if (response.status !== 201) throw new Error(`initialize: ${response.status} ${await response.text()}`);
    // Two approved accounts: the administrator, then the developer.
    [admin, developer] = ((await response.json()) as { credentials: Credential[] }).credentials as [
      Credential,
      Credential,
    ];
  });

  /** Ends the page's session on the server, as an expiry does: the browser keeps its cookie. */
  async function expireSession(page: Page): Promise<void> {
    const cookies = await page.context().cookies();
    const response = await fetch(`${app.baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: cookies.map(({ name, value }) => `${name}=${value}`).join('; '),
      },
    });
    expect(response.status).toBe(200);
    expect((await callApi(page, 'GET', '/api/auth/user')).status).toBe(401);
  }

  async function readPatient(page: Page): Promise<PatientRead> {
    const read = await callApi(page, 'GET', `/api/patients/${patientId}`);
    expect(read.status).toBe(200);
    return read.json as PatientRead;
  }

  /** The patient's page, its 'Editar Paciente' form open with a new name and notes typed. */
  async function editTyped(page: Page, typed: { name: string; notes: string }): Promise<Locator> {
    await page.goto(`${app.baseUrl}/patients/${patientId}`);
    await page.getByRole('button', { name: 'Editar' }).click();
    const form = page.getByRole('dialog', { name: 'Editar Paciente' });
    await form.getByLabel('Nome', { exact: true }).fill(typed.name);
    await form.getByLabel('Observações').fill(typed.notes);
    return form;
  }

  it("keeps 'Editar Paciente' under a sign-in dialog and saves it, once, after signing in again", async () => {
    const page = await openSignedInPage(app, admin, {
      viewport: { width: 1366, height: 768 },
      // For axe-core (the page's Content-Security-Policy refuses injected scripts).
      bypassCSP: true,
    });
    const created = await callApi(page, 'POST', '/api/patients', PATIENT);
    expect(created.status).toBe(201);
    patientId = (created.json as { id: string }).id;
    const typed = { name: 'Joana Ribeiro Salva', notes: 'Digitado antes de a sessão expirar.' };
    const form = await editTyped(page, typed);
    const saves = recordCalls(page, 'PATCH', /^\/api\/patients\/[^/]+$/);

    await expireSession(page);
    await form.getByRole('button', { name: 'Salvar' }).click();

    const signIn = page.getByRole('dialog', { name: 'Sessão encerrada' });
    await signIn.getByText('o que você digitou foi mantido', { exact: false }).waitFor();
    // Still on the patient, the form under the dialog as she left it; the email is hers, the key awaited.
    expect(new URL(page.url()).pathname).toBe(`/patients/${patientId}`);
    expect(await form.getByLabel('Nome', { exact: true }).inputValue()).toBe(typed.name);
    expect(await form.getByLabel('Observações').inputValue()).toBe(typed.notes);
    expect(await signIn.getByLabel('Email').inputValue()).toBe(admin.email);
    const accessKey = signIn.getByLabel('Chave de acesso', { exact: true });
    await expect
      .poll(() => accessKey.evaluate((input) => input === input.ownerDocument.activeElement))
      .toBe(true);
    await screenshot(page, 'session-expired-dialog-1366', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'session-expired-dialog-1024', { fullPage: false });

    // The login screen's own checks and messages.
    await signIn.getByRole('button', { name: 'Entrar' }).click();
    await signIn.getByText('Chave de acesso é obrigatória', { exact: true }).waitFor();
    await accessKey.fill('chave-errada');
    await signIn.getByRole('button', { name: 'Entrar' }).click();
    const refusal = signIn.getByRole('alert');
    await refusal.waitFor();
    expect((await refusal.textContent())?.trim()).not.toBe('');
    expect(saves).toHaveLength(1);

    await accessKey.fill(admin.accessKey);
    await signIn.getByRole('button', { name: 'Entrar' }).click();
    await toast(page, 'Paciente atualizado com sucesso!').waitFor();
    await signIn.waitFor({ state: 'detached' });
    await form.waitFor({ state: 'detached' });
    // The toast's × is named in Portuguese (Blueprint's says 'Close') and dismisses it.
    await page.locator('.app-toaster').getByRole('button', { name: 'Fechar aviso' }).click();
    await toast(page, 'Paciente atualizado com sucesso!').waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: typed.name }).waitFor();

    // The refused save, then the one sent again: the same request, written once.
    expect(saves).toHaveLength(2);
    expect(saves[1]!.postData()).toBe(saves[0]!.postData());
    expect((await saves[0]!.response())?.status()).toBe(401);
    expect((await saves[1]!.response())?.status()).toBe(200);
    const saved = await readPatient(page);
    expect(saved.name).toBe(typed.name);
    expect(saved.notes).toBe(typed.notes);
  });

  it("sends 'Registrar Procedimento' again with its Idempotency-Key after signing in again", async () => {
    const page = await openSignedInPage(app, admin);
    await page.goto(`${app.baseUrl}/patients/${patientId}`);
    const card = page.locator('.register-procedure-card');
    await card.getByLabel('Tipo de Procedimento').selectOption({ index: 1 });
    await card.getByLabel('Local', { exact: true }).fill('Laboratório Municipal');
    await card.getByLabel('Profissional Responsável').fill('Dra. Ana Souza');
    await card.getByLabel('Observações').fill('Jejum de 12 horas.');
    const records = recordCalls(page, 'POST', /^\/api\/procedures$/);

    await expireSession(page);
    await card.getByRole('button', { name: 'Registrar Procedimento' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sessão encerrada' });
    await signIn.getByLabel('Chave de acesso', { exact: true }).fill(admin.accessKey);
    await signIn.getByRole('button', { name: 'Entrar' }).click();
    await toast(page, 'Procedimento registrado com sucesso!').waitFor();
    await signIn.waitFor({ state: 'detached' });

    expect(records).toHaveLength(2);
    const key = await records[0]!.headerValue('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await records[1]!.headerValue('Idempotency-Key')).toBe(key);
    const recorded = (await readPatient(page)).procedures.filter(
      ({ location }) => location === 'Laboratório Municipal',
    );
    expect(recorded).toEqual([expect.objectContaining({ status: 'completed', notes: 'Jejum de 12 horas.' })]);
  });

  it('asks to sign in again, rather than leave for /login, when a check reads while the form holds changes', async () => {
    const page = await openSignedInPage(app, admin);
    const form = await editTyped(page, { name: 'Joana Ribeiro Salva', notes: 'Conferindo o CPF.' });

    await expireSession(page);
    // A whole CPF: the form looks for another patient holding it (a read, refused 401).
    await form.getByLabel('CPF', { exact: true }).fill('714.602.858-59');
    const signIn = page.getByRole('dialog', { name: 'Sessão encerrada' });
    await signIn.waitFor();
    await signIn.getByLabel('Chave de acesso', { exact: true }).fill(admin.accessKey);
    await signIn.getByRole('button', { name: 'Entrar' }).click();
    await signIn.waitFor({ state: 'detached' });

    expect(new URL(page.url()).pathname).toBe(`/patients/${patientId}`);
    expect(await form.getByLabel('CPF', { exact: true }).inputValue()).toBe('714.602.858-59');
    // Where she was typing has the focus again (it fell to the page's start).
    await expect.poll(() => hasFocus(form.getByLabel('CPF', { exact: true }))).toBe(true);
    expect(await form.getByLabel('Observações').inputValue()).toBe('Conferindo o CPF.');
  });

  it("drops the form and goes to /login on 'Sair sem salvar'", async () => {
    const page = await openSignedInPage(app, admin);
    const before = await readPatient(page);
    const form = await editTyped(page, { name: 'Nome Abandonado', notes: 'Não salvar.' });

    await expireSession(page);
    await form.getByRole('button', { name: 'Salvar' }).click();
    await page
      .getByRole('dialog', { name: 'Sessão encerrada' })
      .getByRole('button', { name: 'Sair sem salvar' })
      .click();

    await page.waitForURL(`${app.baseUrl}/login`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    // An initialized system's login screen says nothing of initializing it.
    const status = page.waitForResponse((response) => response.url().endsWith('/api/initialization-status'));
    await page.reload();
    await status;
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByText('ainda não foi inicializado', { exact: false }).count()).toBe(0);
    const signedIn = await openSignedInPage(app, admin);
    expect((await readPatient(signedIn)).name).toBe(before.name);
  });

  it('discards the form when someone else signs in, and takes them to the start page', async () => {
    const page = await openSignedInPage(app, admin);
    const before = await readPatient(page);
    const form = await editTyped(page, {
      name: 'Nome Que Não Deve Ser Salvo',
      notes: 'Rascunho de outra pessoa.',
    });
    const saves = recordCalls(page, 'PATCH', /^\/api\/patients\/[^/]+$/);

    await expireSession(page);
    await form.getByRole('button', { name: 'Salvar' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sessão encerrada' });
    await signIn.getByText('Se entrar com outro usuário, o que foi digitado será descartado.').waitFor();
    await signIn.getByLabel('Email').fill(developer.email);
    await signIn.getByLabel('Chave de acesso', { exact: true }).fill(developer.accessKey);
    await signIn.getByRole('button', { name: 'Entrar' }).click();

    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByText('Nome Que Não Deve Ser Salvo').count()).toBe(0);
    // Signed in as the developer now; the refused save was not sent again, under any name.
    const current = (await callApi(page, 'GET', '/api/auth/user')).json as { email: string };
    expect(current.email).toBe(developer.email);
    expect(saves).toHaveLength(1);
    const after = await readPatient(page);
    expect(after.name).toBe(before.name);
    expect(after.notes).toBe(before.notes);
  });

  it("refuses a save from a tab whose user is no longer the browser's, and saves it as her once she signs in again", async () => {
    const page = await openSignedInPage(app, admin, { viewport: { width: 1366, height: 768 } });
    const created = await callApi(page, 'POST', '/api/patients', {
      ...PATIENT,
      cpf: '52998224725',
      name: 'Marta da Outra Aba',
    });
    expect(created.status).toBe(201);
    patientId = (created.json as { id: string }).id;
    const before = await readPatient(page);
    const typed = { name: 'Marta Salva Pela Dona Da Aba', notes: 'Digitado na aba da administradora.' };
    const form = await editTyped(page, typed);
    const saves = recordCalls(page, 'PATCH', /^\/api\/patients\/[^/]+$/);

    // Someone else signs in in another tab of the same browser: the session cookie is now theirs.
    const otherTab = await page.context().newPage();
    await otherTab.goto(`${app.baseUrl}/login`);
    const login = await callApi(otherTab, 'POST', '/api/auth/login', developer);
    expect(login.status).toBe(200);
    await otherTab.close();

    await form.getByRole('button', { name: 'Salvar' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sessão encerrada' });
    await signIn.getByLabel('Chave de acesso', { exact: true }).waitFor();
    // Refused, not saved in the other user's name.
    expect(await saves[0]!.response().then((response) => response?.status())).toBe(401);
    expect((await readPatient(page)).name).toBe(before.name);

    await signIn.getByLabel('Chave de acesso', { exact: true }).fill(admin.accessKey);
    await signIn.getByRole('button', { name: 'Entrar' }).click();
    await form.waitFor({ state: 'detached' });
    expect(saves).toHaveLength(2);
    expect(await saves[1]!.response().then((response) => response?.status())).toBe(200);
    const after = await readPatient(page);
    expect(after.name).toBe(typed.name);
    expect(after.notes).toBe(typed.notes);
  });

  it('closes the dialog and saves when she signed in again in another tab, once this one is back in front', async () => {
    const page = await openSignedInPage(app, admin, { viewport: { width: 1366, height: 768 } });
    const typed = { name: 'Marta Salva Pela Outra Aba', notes: 'Entrou de novo na outra aba.' };
    const form = await editTyped(page, typed);
    const saves = recordCalls(page, 'PATCH', /^\/api\/patients\/[^/]+$/);
    await expireSession(page);
    await form.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('dialog', { name: 'Sessão encerrada' }).waitFor();

    const otherTab = await page.context().newPage();
    await otherTab.goto(`${app.baseUrl}/login`);
    expect((await callApi(otherTab, 'POST', '/api/auth/login', admin)).status).toBe(200);
    await page.bringToFront();
    // What a browser sends a window brought back to the front (headless Chromium does not).
    await page.evaluate(() =>
      (globalThis as unknown as { dispatchEvent(event: Event): boolean }).dispatchEvent(new Event('focus')),
    );

    await form.waitFor({ state: 'detached' });
    expect(saves).toHaveLength(2);
    const after = await readPatient(page);
    expect(after.name).toBe(typed.name);
    await otherTab.close();
  });
  it("takes the browser's other tabs off her patients when she signs out in one", async () => {
    const page = await openSignedInPage(app, admin, { viewport: { width: 1366, height: 768 } });
    const patientPage = `${app.baseUrl}/patients/${patientId}`;
    const { name } = await readPatient(page);
    await page.goto(patientPage);
    await page.getByRole('heading', { name }).waitFor();
    const otherTab = await page.context().newPage();
    await otherTab.goto(patientPage);
    await otherTab.getByRole('heading', { name }).waitFor();

    await otherTab.getByRole('button', { name: 'Sair' }).click();
    await otherTab.waitForURL(`${app.baseUrl}/login`);

    // Without a call of its own, the first tab leaves the patient for the login screen.
    await page.waitForURL(`${app.baseUrl}/login`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await page.getByText(name).count()).toBe(0);
    await otherTab.close();
  });

  it("covers a form holding changes with 'Sessão encerrada' when she signs out in another tab, and keeps it", async () => {
    const page = await openSignedInPage(app, admin, { viewport: { width: 1366, height: 768 } });
    const typed = { name: 'Marta Mantida Após Sair', notes: 'Saiu pela outra aba.' };
    const form = await editTyped(page, typed);
    const otherTab = await page.context().newPage();
    await otherTab.goto(`${app.baseUrl}/patients`);
    await otherTab.getByRole('button', { name: 'Sair' }).click();
    await otherTab.waitForURL(`${app.baseUrl}/login`);

    const signIn = page.getByRole('dialog', { name: 'Sessão encerrada' });
    await signIn.getByLabel('Chave de acesso', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/patients/${patientId}`);
    await signIn.getByLabel('Chave de acesso', { exact: true }).fill(admin.accessKey);
    await signIn.getByRole('button', { name: 'Entrar' }).click();
    await signIn.waitFor({ state: 'detached' });
    expect(await form.getByLabel('Nome', { exact: true }).inputValue()).toBe(typed.name);
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.waitFor({ state: 'detached' });
    expect((await readPatient(page)).name).toBe(typed.name);
    await otherTab.close();
  });
});
