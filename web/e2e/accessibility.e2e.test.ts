import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi } from './support/api.ts';
import { axeViolations } from './support/axe.ts';
import { openPage } from './support/browser.ts';
import {
  createKeyThroughUi,
  initializeThroughUi,
  openSignedInPage,
  signIn,
  type Credential,
} from './support/identity.ts';
import { setUpApp } from './support/suite.ts';

/*
 * Issue 11: axe-core on every screen, in every state a user meets first, with zero violations
 * (one h1 a screen, headings in order, unique landmarks, names for every control, contrast).
 */

/** Pages axe-core can be injected into. */
const AXE = { bypassCSP: true };

/**
 * Waits for the screen to settle (its data drawn), then expects axe to find nothing; softly, so
 * that one run names every screen's violations.
 */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  await page.locator('.bp6-skeleton, [aria-busy="true"]').first().waitFor({ state: 'detached' });
  // Blueprint's overlays fade in for 300 ms: axe must see the finished screen.
  await page.waitForTimeout(400);
  const violations = await axeViolations(page);
  expect.soft(violations, `${screen}:\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

describe('accessibility of every screen (axe-core)', () => {
  const app = setUpApp();
  let admin: Credential;
  let patientId: string;

  // The tests run in order: this one creates the administrator the others sign in as.
  it('initialization, before and after', async () => {
    const page = await openPage(app.browser, AXE);
    await page.goto(`${app.baseUrl}/initialize`);
    await page.getByRole('button', { name: 'Inicializar Sistema' }).waitFor();
    await expectAccessible(page, '/initialize, not initialized');
    [admin] = (await initializeThroughUi(page, app.baseUrl)) as [Credential];
    await expectAccessible(page, '/initialize, credentials created');
  });

  it('the screens of a visitor: login, initialization done, access denied', async () => {
    const page = await openPage(app.browser, AXE);
    await page.goto(`${app.baseUrl}/login`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await expectAccessible(page, '/login');

    await page.goto(`${app.baseUrl}/initialize`);
    await page.getByText('Sistema inicializado', { exact: true }).first().waitFor();
    await expectAccessible(page, '/initialize, initialized');

    await page.goto(`${app.baseUrl}/access-denied`);
    await page.getByRole('button', { name: 'Voltar ao Início' }).waitFor();
    await expectAccessible(page, '/access-denied');
  });

  it("the staff's screens: dashboard, patients, a patient, its form, reports, audit, 404", async () => {
    const page = await openSignedInPage(app, admin, AXE);
    const created = await callApi(page, 'POST', '/api/patients', {
      name: 'Helena Acessível Prado',
      cpf: '39053344705',
      cns: '162709345180001',
      municipality: { ibgeCode: '3509502', name: 'Campinas', uf: 'SP' },
      admissionDate: '2026-01-30',
      dischargeDate: null,
      surgeryDate: '2026-02-03',
      surgeryLocation: 'Hospital Municipal de Campinas',
      surgeonName: 'Dr. Paulo Henrique Lima',
      aihNumber: null,
      sisregCode: null,
      notes: 'Paciente colaborativa.',
    });
    expect(created.status).toBe(201);
    patientId = (created.json as { id: string }).id;

    await page.goto(`${app.baseUrl}/`);
    await page.getByRole('link', { name: 'Helena Acessível Prado' }).waitFor();
    await expectAccessible(page, '/ (dashboard)');

    await page.goto(`${app.baseUrl}/patients`);
    await page.getByRole('link', { name: 'Helena Acessível Prado' }).waitFor();
    await expectAccessible(page, '/patients');

    await page.goto(`${app.baseUrl}/patients/new`);
    await page.getByRole('dialog', { name: 'Novo Paciente' }).getByLabel('Nome', { exact: true }).waitFor();
    await expectAccessible(page, "/patients/new ('Novo Paciente')");

    await page.goto(`${app.baseUrl}/patients/${patientId}`);
    await page.getByRole('heading', { name: 'Helena Acessível Prado' }).waitFor();
    await page.getByRole('region', { name: 'Exames laboratoriais', exact: true }).waitFor();
    await expectAccessible(page, '/patients/{id}');

    await page.goto(`${app.baseUrl}/reports`);
    await page.getByRole('heading', { name: 'Relatórios', exact: true }).waitFor();
    await expectAccessible(page, '/reports');

    await page.goto(`${app.baseUrl}/audit`);
    await page.getByText(/Histórico de Ações \(\d+ registros\)/).waitFor();
    await expectAccessible(page, '/audit');

    await page.goto(`${app.baseUrl}/nao-existe`);
    await page.getByText('Página não encontrada').waitFor();
    await expectAccessible(page, '404');
  });

  it("the administrator's screens: users, access keys, and a newcomer's pending account", async () => {
    const page = await openSignedInPage(app, admin, AXE);
    const invitation = await createKeyThroughUi(page, app.baseUrl, 'Convite acessível');
    await expectAccessible(page, '/access-keys');

    await page.getByRole('button', { name: 'Nova Chave' }).click();
    await page.getByRole('dialog', { name: 'Nova Chave' }).getByLabel('Descrição').waitFor();
    await expectAccessible(page, "/access-keys ('Nova Chave')");

    await page.goto(`${app.baseUrl}/users`);
    await page.getByRole('cell', { name: admin.email, exact: true }).waitFor();
    await expectAccessible(page, '/users');

    const newcomer = await openPage(app.browser, AXE);
    await signIn(newcomer, app.baseUrl, { email: 'recepcao.acessivel@sus.gov.br', accessKey: invitation });
    await newcomer.waitForURL(`${app.baseUrl}/account-pending`);
    await newcomer.getByText('Conta Pendente de Aprovação').waitFor();
    await expectAccessible(newcomer, '/account-pending');
  });
});
